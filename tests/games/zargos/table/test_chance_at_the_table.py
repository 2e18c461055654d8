"""Dice and cards by the Pi or by the table (issue 29): the referee switches during the game (SetChance);
with the table's dice any seated player or the referee types each combat round's totals (6.3-6.5); a card
drawn is a secret draw (2.7, 2.9, 12.2): by the Pi it never shows to another reader, by the table only the
drawing seat (or the referee) may tell it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.core.game import PUBLIC, REFEREE
from companion.games.zargos.rules.terms import CARDS
from companion.i18n import translate
from companion.table import Refused, SetChance, Table, Tell
from tests.engine import stored_log

from .support import new_game, play, play_told, tell

TESTING = registry.load("zargos").testing


def readers(table: Table) -> list[str]:
    return [REFEREE, PUBLIC, *(f"seat:{s}" for s, _, _ in table.players())]


def asking(table: Table) -> Any:
    return table.view("public")["table"]["asking"]


def test_physical_dice_each_combat_round_typed_by_a_seat_then_the_pi_takes_over(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 3, 11, chance="table")
    assert table.view("referee")["table"]["chance"] == "table"
    play_told(table, 11, lambda t: (a := asking(t)) is not None and a["for"] == "battle")
    question = asking(table)
    assert question["told_by"] is None and [s["dice"] for s in question["sides"]] == \
        table.view("public")["chance"]["params"]["dice"]  # 6.3: the dice per side
    with pytest.raises(Refused, match="There is no seat 6 in this game"):  # people number seats from 1
        table.handle(Tell([question["sides"][0]["least"], question["sides"][1]["least"]], by="seat:5"))
    with pytest.raises(Refused, match="cannot be there"):
        table.handle(Tell([0, 0], by="seat:2"))
    rounds = len([e for e in table.view("referee")["log"] if e["event"] == "combat_round"])
    table.handle(Tell([question["sides"][0]["most"], question["sides"][1]["least"]], by="seat:2",
                      question=question["question"]))
    assert stored_log(table)[-1]["by"] == "seat:2"
    logged = [e for e in table.view("referee")["log"] if e["event"] == "combat_round"]
    assert len(logged) == rounds + 1 and logged[-1]["dice"] == [question["sides"][0]["most"],
                                                                  question["sides"][1]["least"]]
    table.handle(SetChance("pi"))
    assert asking(table) is None
    play(table, 11)
    assert table.result() is not None
    assert {e.get("by") for e in stored_log(table) if e["type"] == "chance"} >= {"pi", "seat:2"}


def test_a_magic_card_dealt_by_the_pi_shows_to_its_player_alone(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 4, 2)
    play(table, 2, until=lambda t: any(e["event"] == "drew" for e in t.view("referee")["log"]))
    drew = next(e for e in table.view("referee")["log"] if e["event"] == "drew")
    seat, name = drew["seat"], translate("en", CARDS[drew["card"]][0])
    for reader in readers(table):
        view = table.view(reader)
        assert TESTING.forbidden(view, reader, None) == [], reader
        mine = reader in (REFEREE, f"seat:{seat}")
        for entry in view["log"]:
            if entry["event"] == "drew":
                assert ("card" in entry) == (mine or entry["seat"] == int(reader.partition(":")[2] or -1))
        hand = next(p for p in view["players"] if p["seat"] == seat)
        assert ("hand" in hand) == mine and hand["cards"] >= 1
        dealt = [line["text"] for step in table.steps_json(reader) if step["kind"] == "deal"
                 for line in step["lines"] if line["seat"] == seat]
        assert dealt and all("magic card" in text for text in dealt), reader
        named = [text for text in dealt if any(translate("en", label) in text for label, _ in CARDS.values())]
        assert bool(named) == mine and (name in " ".join(dealt)) == mine, reader


def test_physical_cards_only_the_drawing_seat_or_the_referee_tells_its_draw(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 4, 3, chance="table")
    rng = random.Random(3)
    play_told(table, 3, lambda t: (a := asking(t)) is not None and a["kind"] == "draw")
    question = asking(table)  # a placement card drawn (2.7): the drawing seat's secret
    seat = question["told_by"]
    assert question["answers"] == [] and question["who"] == f"Player {seat + 1}"
    outcomes = table.view(f"seat:{seat}")["chance"]["outcomes"]
    for reader in readers(table):
        shown = table.view(reader).get("chance") or {}
        assert ("outcomes" in shown) == (reader in (REFEREE, f"seat:{seat}")), reader
    other = (seat + 1) % 4
    # The boxes too: only the drawing seat's snapshot holds the draw and the cards it may be.
    assert [table.seat_snapshot(s).chance is not None for s in range(4)] == [s == seat for s in range(4)]
    assert table.seat_snapshot(seat).chance.outcomes == tuple(outcomes)
    with pytest.raises(Refused, match=f"Only seat {seat + 1} may say what it drew"):  # numbered from 1
        table.handle(Tell(outcomes[0], by=f"seat:{other}", question=question["question"]))
    table.handle(Tell(outcomes[0], by=f"seat:{seat}", question=question["question"]))
    assert stored_log(table)[-1]["by"] == f"seat:{seat}"
    # A magic card drawn later is the drawer's too: the referee may tell it for him.
    play_told(table, 3, lambda t: (a := asking(t)) is not None and a["kind"] == "draw"
              and t.view("referee")["chance"]["params"].get("deck") == "magic")
    magic = asking(table)
    with pytest.raises(Refused, match=f"Only seat {magic['told_by'] + 1} may say"):
        tell(table, rng, by=f"seat:{(magic['told_by'] + 1) % 4}")
    tell(table, rng, by="referee")
    assert stored_log(table)[-1]["by"] == "referee"
    for reader in readers(table):
        assert TESTING.forbidden(table.view(reader), reader, None) == [], reader
