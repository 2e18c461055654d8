"""Secrecy campaign: at every decision point of 12 simulated games of each size, played by virtual
players (every seat, at levels from random to strong, each deciding through `Bots.decide` from its own
view) and in at least a third of them with the colossi awakening, for the public and for every seat,
the view the API serves, the event a stream sends and the pages (with the map) carry zero forbidden
values (docs/formats.md's State view, ruling P-07); so do the views and stream events while a program
is keyed in but not locked. The pages must also be drawn from their own reader's view and no other, so
what tests/secrecy.py proves of the views holds for them too.

The games are independent, so they are shared between one worker process per core."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.agents.bots import Bots
from companion.table import EditDraft, Table
from tests.engine import engine
from tests.secrecy import forbidden_in, forbidden_in_pages
from tests.table.support import new_table
from tests.web.conftest import PIN, as_seat, web_app
from web.phone import PhoneBoxes
from web.stream import view_event as stream_event

from . import awakening
from .readers import Readers
from .results import record

# Of each size: 2 in `make test`, the two with the seeds chosen for an awakening (a long and a short game:
# each property once per size, within 10 minutes of CI on an idle machine, issue 38), 12 for
# docs/reliability.md's figures (CAMPAIGN_FULL=1).
GAMES = 12 if os.environ.get("CAMPAIGN_FULL") == "1" else 2
# Every page and live part a reader can open, and the map: the public's, and a seat's own beside them
# (a seat opens the public's pages too, drawn then from its own view).
PUBLIC_PAGES = ("/", "/part/table", "/map.svg", "/scoring", "/part/scoring", "/scoring.svg", "/referee")
SEAT_PAGES = ("/seat/{seat}", "/part/seat", *PUBLIC_PAGES)


def scan_game(players: int, n: int) -> dict[str, Any]:
    """Plays one game and scans everything every reader gets at each decision point; returns the counts
    and what was found (nothing, if the table keeps its secrets)."""
    counts = {"decision_points": 0, "drafts": 0, "views": 0, "pages": 0}
    found: list[str] = []
    length, seed, levels = seating(players, n)
    with tempfile.TemporaryDirectory() as folder:
        table = new_table(Path(folder) / "g.db", players=players, length=length, seed=seed)
        app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
        readers = Readers(table)
        table.view = readers  # type: ignore[method-assign]
        table.enveloped = readers.enveloped  # type: ignore[method-assign]
        bastion = table.board.bastion() or 0
        seats = list(engine(table).state.seats)
        clients = {None: app.test_client(), **{s: as_seat(app, s) for s in seats}}
        bots = Bots(table, dict(zip(seats, levels, strict=True)), delay=0, seed=seed)
        while table.playing() and not found:
            commands = bots.decide()
            assert commands, "every seat is virtual: someone is always awaited"
            for command in commands:
                table.handle(command)
                if isinstance(command, EditDraft):
                    # A program keyed in, not yet locked: drafts are secrets too (views and streams here).
                    found += [f"{players} players, game {n}, a draft: {f}" for f in scan_views(table, clients, counts)]
            counts["decision_points"] += 1
            here = scan_point(table, clients, readers, bastion, every_view_by_http=n % 5 == 0, counts=counts)
            found += [f"{players} players, game {n}, point {counts['decision_points']}: {f}" for f in here]
        awakened = awakening.awakened(table)
        table.stop()
    return {**counts, "found": found, "awakened": awakened, "levels": levels}


def seating(players: int, n: int) -> tuple[str, int, tuple[str, ...]]:
    """Game n of a size: its length, its seed and its seats' levels."""
    length = "short" if n % 2 else "long"
    chosen = awakening.SEEDS.get((players, length), ())
    if n // 2 < len(chosen):
        return length, chosen[n // 2], awakening.LEVELS[players]
    return length, players * 1000 + n, awakening.cheap_levels(players, n)


def scan_views(table: Table, clients: dict[int | None, FlaskClient], counts: dict[str, int]) -> list[str]:
    found = []
    counts["drafts"] += 1
    for who in clients:
        counts["views"] += 1
        reader = "public" if who is None else f"seat:{who}"
        found += forbidden_in(table.view(reader), who, engine(table))
        found += forbidden_in(json.loads(stream_event(*table.view_json(reader)).split("data: ", 1)[1]), who,
                              engine(table))
    return found


def scan_point(table: Table, clients: dict[int | None, FlaskClient], readers: Readers, bastion: int, *,
               every_view_by_http: bool, counts: dict[str, int]) -> list[str]:
    """Everything each reader gets now: their view, their stream's event, and every page they can open."""
    game = engine(table)
    found = []
    for who, client in clients.items():
        reader = "public" if who is None else f"seat:{who}"
        # One game in five reads every view through the HTTP endpoint, the others straight from the
        # table (the endpoint serialises that same view); both are scanned.
        view = client.get("/api/view").get_json() if every_view_by_http else table.view(reader)
        found += forbidden_in(view, who, game)
        # What an event stream sends this reader now: the same text, checked as received.
        event = stream_event(*table.view_json(reader))
        found += forbidden_in(json.loads(event.split("data: ", 1)[1]), who, game)
        counts["views"] += 1
        readers.asked.clear()
        urls = PUBLIC_PAGES if who is None else [url.format(seat=who) for url in SEAT_PAGES]
        pages = {url: client.get(url).get_data(as_text=True) for url in urls}
        if readers.asked != {reader}:
            found.append(f"{reader}'s pages drew on the views of {sorted(readers.asked)}")
        found += forbidden_in_pages(pages, who, game, bastion)
        counts["pages"] += len(pages)
    return found


@pytest.fixture(scope="module")
def scanned() -> dict[int, list[dict[str, Any]]]:
    """All 36 games, in one pool so that no core idles while another ends a size's last long game;
    the five-player games, the longest, go first. Spawned workers, not forked: a fork would copy
    whatever threads earlier tests left in this process."""
    games = [(players, n) for players in (5, 4, 3) for n in range(GAMES)]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1, mp_context=get_context("spawn")) as pool:
        results = list(pool.map(scan_game, *zip(*games, strict=True)))
    by_size: dict[int, list[dict[str, Any]]] = {}
    for (players, _), result in zip(games, results, strict=True):
        by_size.setdefault(players, []).append(result)
    totals = {"games": len(results), **{key: sum(r[key] for r in results)
                                        for key in ("decision_points", "drafts", "views", "pages")},
              "forbidden": sum(len(r["found"]) for r in results),
              "games_with_awakening": sum(r["awakened"] for r in results),
              "virtual_seats": dict(Counter(level for r in results for level in r["levels"]))}
    record("secrecy", **totals)
    return by_size


@pytest.mark.parametrize("players", [3, 4, 5])
def test_games_of_each_size_leak_nothing(scanned: dict[int, list[dict[str, Any]]], players: int) -> None:
    results = scanned[players]
    assert len(results) == GAMES
    assert [f for result in results for f in result["found"]] == []
    assert all(result["decision_points"] > 20 for result in results)


def test_a_third_of_the_games_see_the_colossi_awake(scanned: dict[int, list[dict[str, Any]]]) -> None:
    results = [result for size in scanned.values() for result in size]
    awakened = sum(result["awakened"] for result in results)
    assert awakened * 3 >= len(results), f"the colossi awoke in {awakened} of {len(results)} games"
