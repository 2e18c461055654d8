"""Whole Zargos games played through the boxes alone: at every decision a key-level player presses, on the
seat's box, the keys `keys_for` gives for the move the random agent chose (physical cards: the seat also
types each card it draws), and the engine must have taken exactly that move. Every screen on the way is
measured against the glass (nothing cut, English and French)."""

from __future__ import annotations

from companion.boxes.drawing import overflows

from .support import play_through_boxes


def _cut(table: object) -> list[str]:
    frames = getattr(table, "frames")  # noqa: B009 -- the BoxTable's screens
    return sorted({line for frame in frames for line in overflows(frame)})


def test_a_three_player_game_with_physical_cards_is_played_on_the_boxes_alone() -> None:
    """2.4 (two peoples each at 3 players), 2.7 (the draws told by the drafting seat), a victory (14.x)."""
    table = play_through_boxes(3, seed=1, language="en", physical=True)
    result = table.game.result()
    assert result is not None and result.winners
    told = [c for c in table.sent if type(c).__name__ == "Tell"]
    assert told and all(c.by.startswith("seat:") for c in told)
    kinds = {frame.kind for frame in table.frames}
    assert {"list", "editor", "message"} <= kinds and len(table.frames) > 1000
    assert _cut(table) == []
    # A person who knows the box: a handful of presses per decision on average.
    assert table.presses / len(table.game.history) < 8


def test_a_two_player_game_three_peoples_each_is_played_in_french_with_the_pis_draws() -> None:
    """2.4: at 2 players each may run three peoples; the Pi draws (nothing told from the boxes)."""
    table = play_through_boxes(2, seed=3, language="fr", physical=False, peoples_each=3)
    assert table.game.result() is not None
    assert not [c for c in table.sent if type(c).__name__ == "Tell"]
    assert _cut(table) == []
    assert any("Les " in frame.title for frame in table.frames)  # the peoples by the rulebook's names


def test_the_bench_counts_the_presses_of_each_kind_of_decision() -> None:
    """The bench's figure: a whole 4-player game keyed on the boxes, presses per decision kind."""
    from companion.games.zargos.boards import default_pack
    from companion.games.zargos.boxes.figures import key_presses

    figures = {f.name: f for f in key_presses(default_pack(), 1)}
    overall = figures.pop("box presses per decision")
    assert overall.value < 8 and overall.runs == 1
    assert {"box presses: attack", "box presses: place", "box presses: reinforce"} <= set(figures)
    assert figures["box presses: place"].value < 30  # 2.12: 25 to 35 strength keyed by fives
