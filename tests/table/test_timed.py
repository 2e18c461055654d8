"""The table's timed windows (companion/table/timed.py) on any game: a window opens when a choice first carries
a time limit, lasts while choices of the same window are awaited, and is gone when none is; its deadline
outlives a restart and a clock set back stays within its length. Games are stand-ins here: only their
awaited choices count."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.game import TimeLimit
from companion.table import timed


@dataclass(frozen=True)
class Asked:
    seat: int
    time_limit: TimeLimit | None = None
    decision: str = "any"
    sealed: bool = False


@dataclass
class Match:
    choices: list[Asked] = field(default_factory=list)
    version: int = 0
    over: bool = False
    node: Any = None

    def awaited(self, seat: int | None = None) -> list[Asked]:
        return list(self.choices)

    def result(self) -> Any:
        return "over" if self.over else None

    def chance(self) -> Any:
        return self.node


def test_a_window_opens_with_its_first_timed_choice_and_keeps_its_deadline() -> None:
    game = Match([Asked(0, TimeLimit(90, "bidding")), Asked(1, TimeLimit(90, "bidding"))], version=4)
    window = timed.follow(None, game, now=1000.0)
    assert window == timed.Window("bidding", 4, 90, 1090.0)
    game.choices, game.version = [Asked(1, TimeLimit(90, "bidding"))], 5  # one seat answered
    assert timed.follow(window, game, now=1030.0) == window
    game.node = object()  # a card drawn in the middle of the window does not end it
    game.choices = []
    assert timed.follow(window, game, now=1040.0) == window
    game.node = None
    assert timed.follow(window, game, now=1040.0) is None  # nobody is asked any more


def test_another_window_or_a_rollback_before_it_starts_afresh() -> None:
    window = timed.Window("bidding", 4, 90, 1090.0)
    assert timed.follow(window, Match([Asked(0, TimeLimit(30, "auction"))], version=6), 1050.0) == \
        timed.Window("auction", 6, 30, 1080.0)
    assert timed.follow(window, Match([Asked(0, TimeLimit(90, "bidding"))], version=3), 1050.0) == \
        timed.Window("bidding", 3, 90, 1140.0)
    assert timed.follow(window, Match([Asked(0)], version=7), 1050.0) is None
    assert timed.follow(window, Match([Asked(0, TimeLimit(90, "bidding"))], over=True), 1050.0) is None


def test_pause_resume_and_more_time() -> None:
    window = timed.Window("bidding", 4, 90, 1090.0)
    paused = window.paused(1030.0, "referee")
    assert paused.remaining(5000.0) == 60 and not paused.due(5000.0) and paused.paused_by == "referee"
    more = paused.extended(30)
    assert more.remaining(5000.0) == 90 and more.seconds == 120
    running = more.resumed(6000.0)
    assert running.deadline == 6090.0 and not running.due(6089.9) and running.due(6090.0)


def test_a_saved_window_comes_back_and_a_clock_set_back_stays_within_its_length() -> None:
    window = timed.Window("bidding", 4, 90, 1090.0, added=0)
    saved = timed.to_json(window)
    assert timed.from_json(saved, now=1050.0) == window
    assert timed.from_json(saved, now=200.0) == timed.Window("bidding", 4, 90, 290.0)  # not 890 s left
    assert timed.from_json({"window": "bidding"}, now=0.0) is None  # a damaged entry: no window
    assert timed.view(window, 1050.0) == {"timer": {"window": "bidding", "seconds": 90, "deadline": 1090.0,
                                                    "left": 40, "paused": False, "paused_by": None, "added": 0}}
