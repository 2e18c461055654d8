"""The Epic's table part (companion/games/astoria/epic/table): a step per Invasion card, per turn and per
Defence of the Walls; each move's news in the rulebook's words, then a line per piece it moved; nothing told
that betrays an Objective to a reader who may not know it."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest

from companion.core.game import REFEREE
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.packs import shipped_text
from companion.games.astoria.epic.rules import EpicMatch
from companion.games.astoria.epic.table import TABLE
from companion.games.astoria.epic.testing import TESTING
from companion.store import Store
from companion.table import Decide, NewGame, Rollback, Table, Tell
from companion.table.steps import StepBuilder
from tests.engine import engine
from tests.games.astoria_epic.support import act, artefact, card, game, pass_turn


def told(match: EpicMatch, reader: int | None, language: str = "en") -> list[dict[str, Any]]:
    events = TABLE.events(match)
    out = StepBuilder(TABLE.grouping(match))
    out.feed(events)
    return [s.to_json(language, reader) for s in [*TABLE.setup_steps(match, frozenset()), *out.steps()]]


def texts(match: EpicMatch, language: str = "en") -> list[str]:
    return [f"{s['heading']}: {line['text']}" for s in told(match, None, language) for line in s["lines"]]


def test_a_craft_tells_the_gem_taken_from_the_stock_and_laid_on_the_new_artefact() -> None:
    match = game(4)
    act(match, 1, "craft", colour="red", typed=artefact("red", "blue", domain="yellow", glyphs=3))
    said = texts(match)
    assert "Round 1 · Seat 1's turn: Seat 1 crafts an Artefact with a red gem." in said
    assert "Round 1 · Seat 1's turn: Seat 1: take from the Personal Stock 1 red gem." in said
    assert "Round 1 · Seat 1's turn: Seat 1: lay the Sulphur Artefact (3 Glyphs) face up from the hand." in said
    assert "Round 1 · Seat 1's turn: Seat 1: put on the Sulphur Artefact (3 Glyphs) 1 red gem." in said


def test_the_invasion_card_its_flux_and_marks_then_the_defence_of_the_walls_each_a_step() -> None:
    match = game(2, drawn=card((3, 0, 1, 2, 5, 4), hammer=True, dragon=2, chief=12, glyph="blue"))
    while match.state.round == 1 and match.state.phase != "over":
        if match.awaited() and match.awaited()[0].decision != "turn":
            choice = match.awaited()[0]
            match.push(TESTING.random_move(match, choice, Random(1)))
        else:
            pass_turn(match)
    steps = told(match, None)
    headings = [s["heading"] for s in steps]
    assert headings[:2] == ["Round 1 · Set up", "Round 1 · The Invasion card"]
    invasion = [line["text"] for line in steps[1]["lines"]]
    assert invasion == ["Draw the Invasion card.",
                        "Lay the Invasion card face up: Flux Fire 3, Cobalt 0, Sulphur 1, Nature 2, Shadow 5, Solar 4.",
                        "Move the marker of the Barbarian Reinforcements from 1 to 2.",
                        "Move the marker of the Dragon's Wrath from 1 to 3.",
                        "Lay the Barbarian Chief beside the Invasion pile: Force 12, Cobalt Glyph."]
    assert "Round 1 · The Defence of the Walls" in headings
    assert all(s["lines"] for s in steps)


def test_the_steps_read_in_french_with_the_boxs_catalog() -> None:
    match = game(4)
    act(match, 1, "power")
    said = texts(match, "fr")
    assert "Tour 1 · Tour de la place 1: Place 1\u202f: déplacez le marqueur de Pouvoir de 0 à 1." in said, said
    assert not any(re.search(r"\bSeat\b|\bMove\b|\bgems?\b", line) for line in said), said


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_swapped_objectives_are_told_alike_to_whoever_knows_neither(seed: int) -> None:
    """Two games alike but for two seats' Objectives, swapped, played with the same moves (accusations too):
    every step, line and history entry reads the same to the public and to the other seats until an
    Objective is unmasked."""
    pack, setup = TESTING.short_setup(seed)
    objectives = list(setup.objectives)
    a, b = next((a, b) for a in range(len(objectives)) for b in range(a + 1, len(objectives))
                if objectives[a] != objectives[b])
    objectives[a], objectives[b] = objectives[b], objectives[a]
    one, other = RULES.start(pack, setup), RULES.start(pack, replace(setup, objectives=tuple(objectives)))
    blind = [None, *(s for s in setup.seats if s not in (a + 1, b + 1))]
    rng = Random(seed)
    while one.version < 150 and one.state.phase != "over":
        if any(m.revealed for g in (one, other) for m in g.state.mages.values()):
            break
        for reader in blind:
            assert json.dumps(told(one, reader)) == json.dumps(told(other, reader)), (reader, one.version)
        history = [[TABLE.describe("en", g, i, e.round, blind=True) for i, e in enumerate(TABLE.events(g))]
                   for g in (one, other)]
        assert history[0] == history[1]
        node = one.chance()
        if node is not None:
            outcome = rng.choice(node.outcomes)
            one.resolve(outcome)
            other.resolve(outcome)
            continue
        move = TESTING.random_move(one, rng.choice(one.awaited()), rng)
        one.push(move)
        other.push(move)
    assert one.version > 10


def test_a_rollback_tells_what_to_move_back(tmp_path: Path) -> None:
    """At a real table: the Invasion card typed, two actions, then back to just after the card: the lines
    say which markers and gems go back."""
    from companion.games.astoria.epic import GAME

    table = Table.open(Store(tmp_path / "t.db"), shipped_text(), game=GAME.key)
    players = [(seat, colour, None) for seat, colour in zip((1, 2, 3), GAME.rules.colours, strict=False)]
    table.handle(NewGame(GAME.rules.setup_to_json(GAME.rules.default_setup(players, {}, 7)), game=GAME.key,
                         chance="table"))
    table.handle(Tell(card((2, 1, 1, 1, 1, 1)), by=REFEREE))
    first = engine(table).active()
    assert first is not None
    table.handle(Decide(first, {"type": "power", "seat": first}))
    colour = next(p["colour"] for p in table.view(REFEREE)["players"] if p["seat"] == first)
    table.handle(Decide(first, {"type": "destroy", "seat": first, "colour": colour}))
    undo = table.handle(Rollback(1, confirm=True))["undo"]
    said = list(undo)
    assert said
    gem = {"red": 2, "blue": 1, "yellow": 1}[colour]  # its Flux (E5.1)
    assert f"Seat {first}: move the Power marker from {1 + gem} to 0." in said, said
    assert f"Seat {first}: put in the Personal Stock 1 {colour} gem." in said, said
    table.stop()


def test_the_defence_of_the_walls_is_told_step_by_step() -> None:
    """E10 at four: the siege, the King's illness, then the straightening asked of each mage."""
    match = game(4)
    for _ in range(4):
        pass_turn(match)
    walls = [s for s in told(match, None) if s["heading"].startswith("Round 1 · The Defence of the Walls")]
    said = [line["text"] for s in walls for line in s["lines"]]
    assert said[:2] == ["Siege of the City: the Populace's Force rises by its Unrest, from 1 to 2; the Barbarian "
                        "Force by their Reinforcements, from 1 to 2.",
                        "The King's illness: move his Health from 6 to 5."], said
    assert not any("Move the marker of the King's Health" in line for line in said)
