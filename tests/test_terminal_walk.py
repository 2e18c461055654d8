"""The owner's walk-through in a terminal, once for every game (companion.terminal_walk, issue 29): a game
gives its walk and its words, the framework asks field by field. Proven here on a walk that is no game's:
two screens, one known value, a conflict between them. Xidit's and Zargos's own terminal tests
(tests/games/xidit/boards/test_verify_cli.py, tests/games/zargos/walk/test_walk.py) drive it in their words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion import terminal_walk
from companion.terminal_walk import Closing

FIELDS = {"a": ("x", "y"), "b": ("z",)}
FACTS = {"a": {"x": 1}}  # a value the rules give: offered to Enter


class Wrong(ValueError):
    def text(self, language: str) -> str:
        return f"{self.args[0]} ({language})"


@dataclass(frozen=True)
class Screen:
    key: str

    @property
    def fields(self) -> tuple[str, ...]:
        return FIELDS[self.key]


@dataclass(frozen=True)
class Conflict:
    screen: str

    def text(self, language: str) -> str:
        return "x and z differ"


@dataclass
class ToyWalk:
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    position: int = 0

    @property
    def screen(self) -> Screen | None:
        return Screen(list(FIELDS)[self.position]) if self.position < len(FIELDS) else None

    def progress(self) -> tuple[int, int]:
        return len(self.answers), len(FIELDS)

    def conflicts(self) -> list[Conflict]:
        a, b = self.answers.get("a"), self.answers.get("b")
        return [Conflict("b")] if a and b and a["x"] != b["z"] else []

    def shown(self, key: str) -> dict[str, Any]:
        return {**FACTS.get(key, {}), **self.answers.get(key, {})}

    def blanks(self, key: str) -> list[str]:
        return [name for name in FIELDS[key] if name not in self.shown(key)]

    def answer(self, key: str, value: Any) -> None:
        if value.get("y") == 0:
            raise Wrong("y is never 0")
        self.answers[key] = value
        self.position = len(FIELDS) if len(self.answers) == len(FIELDS) else self.position + 1

    def skip(self) -> None:
        self.position += 1

    def back(self) -> None:
        self.position = max(0, self.position - 1)

    def goto(self, key: str) -> None:
        self.position = list(FIELDS).index(key)


class ToyWords:
    bad_answer = Wrong

    def greeting(self, walk: ToyWalk, language: str) -> list[str]:
        return [f"toy walk: {walk.progress()[0]} answered"]

    def heading(self, walk: ToyWalk, screen: Screen, language: str) -> str:
        return f"[{screen.key}]"

    def label(self, screen: Screen, name: str, language: str) -> str:
        return name

    def offered(self, screen: Screen, name: str, value: Any, language: str) -> str:
        return str(value)

    def parse(self, screen: Screen, name: str, typed: str) -> Any:
        if not typed.isdigit():
            raise Wrong("a number")
        return int(typed)

    def how_to_type(self, screen: Screen, name: str, language: str) -> list[str]:
        return ["digits"]

    def look(self, screen: Screen, name: str, language: str) -> str:
        return "look at your board"

    def refused(self, screen: Screen, name: str, why: str, language: str) -> str:
        return "refused: " + why

    def conflict_lines(self, walk: ToyWalk, conflicts: Sequence[Conflict], language: str) -> list[str]:
        return [f"{c.text(language)} at {c.screen}" for c in conflicts]

    def news(self, walk: ToyWalk, screen: Screen, before: Sequence[Conflict], now: Sequence[Conflict],
             language: str) -> list[str]:
        return [f"! new: {c.text(language)}" for c in now if c not in before]

    def to_answer(self, walk: ToyWalk) -> list[str]:
        return [key for key in FIELDS if key not in walk.answers]

    def problems(self, walk: ToyWalk) -> list[Conflict]:
        return walk.conflicts()

    def closing(self, walk: ToyWalk, language: str) -> Closing:
        return Closing(["all answered"], "save? ", {"r": lambda w: w.goto("a")})


@dataclass
class Owner:
    """Types `lines` one by one (the end of them is the end of the input); keeps what the terminal said."""

    lines: Iterable[str]
    said: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)
    saved: list[dict[str, Any]] = field(default_factory=list)
    finished: list[dict[str, Any]] = field(default_factory=list)

    def walk(self, walk: ToyWalk, language: str = "en") -> bool:
        typed = iter(self.lines)

        def ask(text: str) -> str:
            self.asked.append(text)
            line = next(typed, None)
            if line is None:
                raise EOFError
            return line

        def finish(done: ToyWalk) -> bool:
            self.finished.append(dict(done.answers))
            return True

        return terminal_walk.run_walk(walk, ToyWords(), ask=ask, say=self.said.append,
                                      save=lambda w: self.saved.append(dict(w.answers)), finish=finish,
                                      language=language)


def test_enter_alone_answers_nothing_and_the_end_of_the_input_saves_where_the_owner_is() -> None:
    walk = ToyWalk()
    owner = Owner([""] * 50)
    assert owner.walk(walk) is False
    assert walk.answers == {} and owner.finished == []
    assert owner.asked[:2] == ["  x [1] > ", "  y [?] > "]  # the fact is offered, the blank must be typed
    assert owner.said.count("  look at your board") == 49
    assert owner.said[-1] == "Saved: 0 of 2 screens answered. Run the same command again to go on."
    assert owner.saved == [{}]


def test_an_owner_answers_stops_and_resumes_to_a_saved_pack() -> None:
    walk = ToyWalk()
    first = Owner(["", "?", "x", "0", "c", "", "7", "q"])  # y: how to type, a bad form, 0 (refused); c; q
    assert first.walk(walk) is False
    assert first.said[:2] == ["toy walk: 0 answered", ""] and first.said[2] == "[a]"
    assert "  digits" in first.said and "  refused: a number (en)" in first.said
    assert "  y is never 0 (en)" in first.said  # the walk refused the whole screen: asked again
    assert "  No conflict." in first.said
    assert walk.answers == {"a": {"x": 1, "y": 7}}
    assert first.said[-1] == "Saved: 1 of 2 screens answered. Run the same command again to go on."

    again = Owner(["2", "", "1", ""])  # z differs from x: told, then the summary sends back to it
    assert again.walk(walk) is True
    assert again.said[:3] == ["toy walk: 1 answered", "", "[b]"]
    assert "  ! new: x and z differ" in again.said
    assert again.asked[1] == "Enter goes to the first problem (q: save and quit) > "
    assert again.said[again.said.index("  ! new: x and z differ") + 1:][:2] == ["", "  x and z differ at b"]
    assert again.said.count("  ! x and z differ") == 1  # shown on the screen that fixes it
    assert again.said[-1] == "all answered" and again.asked[-1] == "save? "
    assert again.finished == [{"a": {"x": 1, "y": 7}, "b": {"z": 1}}]


def test_the_summary_sends_to_what_is_unanswered_and_saves_only_when_asked() -> None:
    walk = ToyWalk()
    # skip both screens; Enter at the summary goes to the first; answer both; at the question, the game's
    # own move (r) goes back to a, skipped twice; back (b) from the question returns to b; y saves.
    owner = Owner(["s", "s", "", "", "6", "1", "r", "s", "s", "b", "", "y"])
    assert owner.walk(walk) is True
    assert "2 screens still unanswered." in owner.said
    assert owner.asked == ["  x [1] > ", "  z [?] > ", "Enter goes to the first one (q: save and quit) > ",
                           "  x [1] > ", "  y [?] > ", "  z [?] > ", "save? ", "  x [1] > ", "  z [1] > ",
                           "save? ", "  z [1] > ", "save? "]
    assert owner.finished == [{"a": {"x": 1, "y": 6}, "b": {"z": 1}}]
    assert len(owner.saved) == 10  # after every step: 2 skips, the summary, 2 answers, r, 2 skips, b, 1 answer


def test_the_french_words_of_the_walk_are_the_frameworks() -> None:
    owner = Owner(["c"])
    assert owner.walk(ToyWalk(), "fr") is False
    assert "  Aucun conflit." in owner.said
    assert owner.said[-1] == "Enregistré\u202f: 0 écrans sur 2 répondus. Relancez la même commande pour continuer."
