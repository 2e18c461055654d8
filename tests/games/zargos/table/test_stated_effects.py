"""Effects the rules text does not give, stated at the table (Z-27, §8: 8.1, the powers are on the sheets, not
in the text): a people's power stated by its player's seat, a magic card's effect stated by the referee,
through the table's `State`: refused in words when stated in another's name or when the move is one the game
asks for; stored with who stated it, shown on every page and in the steps, replayed after a restart and in
the record, undone by a rollback."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core import rebuild, registry
from companion.table import Refused, Rollback, State
from tests.engine import stored_log

from .support import BOARD, engine_view, new_game, open_table, play


def test_a_power_stated_by_a_seat_and_a_card_stated_by_the_referee_replay(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 4, 8)
    play(table, 8, until=lambda t: t.phase() == "attack")
    view = table.view("referee")
    people = view["active"]
    seat = view["peoples"][people]["seat"]
    mine = sorted(p for p, h in view["provinces"].items() if h["people"] == people and not BOARD.in_zargos(p))[0]
    strength = view["provinces"][mine]["strength"]
    assert table.view(f"seat:{seat}")["table"]["stated"] == ["adjust", "out_of_game", "discard"]  # Z-21: no trade
    assert table.view("referee")["table"]["stated"] == ["adjust", "out_of_game", "discard", "magic_trade"]
    assert "stated" not in table.view("public")["table"]
    power = {"type": "adjust", "seat": seat, "reason": f"power:{people}",
             "tokens": [{"province": mine, "people": people, "change": 2}], "boats": {}, "allow": []}
    with pytest.raises(Refused, match="stated in one's own name"):
        table.handle(State(power, by=f"seat:{(seat + 1) % 4}"))
    with pytest.raises(Refused, match="stated in one's own name"):
        table.handle(State(power))  # the referee states in the referee's name (seat null)
    with pytest.raises(Refused, match="not stated: it is made when the game asks for it"):
        table.handle(State({"type": "end_attacks", "seat": seat, "people": people}, by=f"seat:{seat}"))
    table.handle(State(power, by=f"seat:{seat}"))
    before_card = len(table.record()["moves"])
    card = {"type": "adjust", "seat": None, "reason": "card:vent_de_mort",
            "tokens": [{"province": mine, "people": people, "change": -1}], "boats": {}, "allow": []}
    table.handle(State(card))
    assert [e["by"] for e in stored_log(table)[-2:]] == [f"seat:{seat}", "referee"]
    for reader in ("public", "referee", f"seat:{seat}"):
        assert table.view(reader)["provinces"][mine]["strength"] == strength + 1
        stated = [e for e in table.view(reader)["log"] if e["event"] == "adjusted"]
        assert [e["stated_by"] for e in stated] == [seat, None]
    texts = [(step.title.render("en"), [line.text("en", None) for line in step.lines])
             for step in table.steps() if step.kind == "stated"]
    assert texts[0][0].startswith(f"Stated by Player {seat + 1}: the power of ")
    assert texts[0][1][0].endswith(f"put strength 2 (2 small tokens) from the supply → {BOARD.province_name(mine)}.")
    assert texts[1][0] == "Stated by the referee: the card Wind of Death"
    assert table.history(2)[0]["text"].endswith("the referee stated the effect of the card Wind of Death.")
    view = table.view("referee")
    table.stop()
    again = open_table(tmp_path / "z.db")  # replayed from the store
    assert engine_view(again.view("referee")) == engine_view(view)
    record = again.record()
    replayed = rebuild.from_record(registry.load("zargos").rules, BOARD, record)
    assert replayed.view("referee")["provinces"][mine]["strength"] == strength + 1
    again.handle(Rollback(before_card, confirm=True))  # the referee's statement undone like any move
    assert again.view("public")["provinces"][mine]["strength"] == strength + 2
    assert [e["reason"] for e in again.view("referee")["log"] if e["event"] == "adjusted"] == [f"power:{people}"]


def test_a_board_emptied_by_the_referee_ends_the_game_at_the_table(tmp_path: Path) -> None:
    # Z-26, 14.1: every token of every people removed by one stated effect: every player has left, nobody can
    # win; the table's game is over with no winner (it waited for ever before), and it replays so
    table = new_game(tmp_path / "z.db", 3, 5)
    play(table, 5, until=lambda t: t.phase() == "attack")
    view = table.view("referee")
    clear = [{"province": p, "people": h["people"], "change": -h["strength"]} for p, h in view["provinces"].items()]
    table.handle(State({"type": "adjust", "seat": None, "reason": "referee", "tokens": clear, "boats": {},
                        "allow": []}))
    for reader in ("public", "referee", "seat:0"):
        shown = table.view(reader)
        assert shown["phase"] == "over" and shown["winner"] is None and shown["awaiting"] == []
    assert [line.text("en", None) for line in table.steps()[-1].lines][-1].endswith("The game ends with no winner.")
    record = table.record()
    table.stop()
    replayed = rebuild.from_record(registry.load("zargos").rules, BOARD, record)
    result = replayed.result()
    assert result is not None and result.winners == ()
