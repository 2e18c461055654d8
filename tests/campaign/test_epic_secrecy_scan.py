"""Secrecy campaign for Astoria's Epic version (issue 39): two tables alike but for two seats' Objectives,
swapped, play the same game (random legal moves, accusing seldom, sent to both tables) until one of the two is
unmasked or the game ends; the Pi drawing from a pack of INVENTED Invasion cards with
the same seed, so Cobalt looks happen). Until an Objective is unmasked or the game ends, every reader who may
know neither Objective (the public, every other seat, a referee who plays and so is blind) gets the same view
over HTTP, the same stream event and the same live parts of its pages from both tables; and at every point
the game's oracle (`GameModule.testing.forbidden`: another's Objective, another's Cobalt looks, the pile's
top) finds nothing in any reader's view or event. Played in French on one game, English on the other half."""

from __future__ import annotations

import json
import random
import re
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games.astoria.epic import GAME
from companion.store import Store
from companion.table import Decide, NewGame, SetLanguage, Table
from tests.engine import engine
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes
from web.stream import view_event as stream_event

from .results import record

CARDS = Path(__file__).parents[1] / "games" / "astoria_epic" / "invented-cards.toml"  # INVENTED, for tests
BLIND = "public:blind"
# (players, seed, language): a game of four in English, of five with the variant in French.
GAMES = [(4, 3901, "en", "none"), (5, 3902, "fr", "grand_alchimiste")]
# What changes between two tables whatever their games: their seat links' tokens, a stream's time.
NOISE = re.compile(r'\?t=[\w.-]+|"t": ?"[^"]*"|data-at="[^"]*"')


def table_for(folder: Path, setup: dict[str, Any], seed: int, language: str) -> Table:
    table = Table.open(Store(folder / "epic.db"), CARDS.read_text(encoding="utf-8"), game=GAME.key)
    table.handle(NewGame(setup, game=GAME.key, chance="pi", seed=seed))
    table.handle(SetLanguage(language))
    table.start()
    return table


def clients_for(table: Table, seats: list[int], skip: tuple[int, ...]) -> dict[str, FlaskClient]:
    app = web_app({"REFEREE_PIN": PIN, "SECRET_KEY": "same on both tables"}, table, PhoneBoxes(table, set()))
    blind = as_referee(app)
    assert blind.post("/api/blind", json={"on": True}).status_code == 200
    return {"public": app.test_client(), BLIND: blind,
            **{f"seat:{s}": as_seat(app, s) for s in seats if s not in skip}}


def seen(client: FlaskClient, reader: str) -> dict[str, str]:
    kind = "referee" if reader == BLIND else reader.partition(":")[0]
    parts = {"public": ("table", "scoring"), "seat": ("seat", "table"), "referee": ("referee", "table")}[kind]
    found = {"/api/view": json.dumps(client.get("/api/view").get_json(), sort_keys=True),
             "/map.svg": client.get("/map.svg").get_data(as_text=True)}
    for part in parts:
        response = client.get(f"/part/{part}")
        assert response.status_code == 200, (reader, part)
        found[f"/part/{part}"] = NOISE.sub("", response.get_data(as_text=True))
    return found


def scan_game(players: int, seed: int, language: str, variant: str) -> dict[str, Any]:
    counts = {"points": 0, "readers": 0, "looks": 0}
    found: list[str] = []
    seats = list(range(1, players + 1))
    setup = GAME.rules.default_setup([(s, c, None) for s, c in zip(seats, GAME.rules.colours, strict=False)],
                                     {"variant": variant}, seed)
    objectives = list(setup.objectives)
    a, b = next((a, b) for a in range(players) for b in range(a + 1, players) if objectives[a] != objectives[b])
    objectives[a], objectives[b] = objectives[b], objectives[a]
    other_setup = replace(setup, objectives=tuple(objectives))
    skip = (a + 1, b + 1)
    with tempfile.TemporaryDirectory() as one_folder, tempfile.TemporaryDirectory() as other_folder:
        one = table_for(Path(one_folder), GAME.rules.setup_to_json(setup), seed, language)
        other = table_for(Path(other_folder), GAME.rules.setup_to_json(other_setup), seed, language)
        readers = [clients_for(t, seats, skip) for t in (one, other)]
        every = {f"seat:{s}": c for s, c in zip(seats, [as_seat(readers[0]["public"].application, s)
                                                         for s in seats], strict=True)}
        rng = random.Random(seed)
        while one.result() is None:
            match = engine(one)
            if match.state.mages[a + 1].revealed or match.state.mages[b + 1].revealed:
                break  # the swapped seats' Objectives are known to all from here
            counts["points"] += 1
            counts["looks"] = sum(len(v) for v in match.state.seen.values())  # Cobalt looks so far
            for reader in readers[0]:
                here, there = seen(readers[0][reader], reader), seen(readers[1][reader], reader)
                found += [f"{players} players, point {counts['points']}, {reader} {url}: differs with the "
                          f"Objectives swapped" for url in here if here[url] != there[url]]
                counts["readers"] += 1
            for reader, client in {**readers[0], **every}.items():
                who = "public" if reader == BLIND else reader
                view = client.get("/api/view").get_json()
                event = json.loads(stream_event(*one.view_json(who)).split("data: ", 1)[1])
                found += [f"{reader}: {f}" for f in GAME.testing.forbidden(view, who, match)]
                found += [f"{reader} stream: {f}" for f in GAME.testing.forbidden(event, who, match)]
            if found:
                break
            choice = match.awaited()[0]
            move = GAME.testing.random_move(match, choice, rng)  # accusing seldom: long games
            command = Decide(choice.seat, GAME.rules.move_to_json(move))
            one.handle(command)
            other.handle(command)
        one.stop()
        other.stop()
    return {**counts, "found": found}


@pytest.mark.parametrize(("players", "seed", "language", "variant"), GAMES)
def test_swapped_objectives_read_alike_and_no_reader_gets_a_secret(players: int, seed: int, language: str,
                                                                   variant: str) -> None:
    result = scan_game(players, seed, language, variant)
    record(f"epic_secrecy_{players}", **{k: v for k, v in result.items() if k != "found"},
           forbidden=len(result["found"]))
    assert result["found"] == []
    assert result["points"] > 10
