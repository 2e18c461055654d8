"""Secrecy campaign for Astoria's Laboratory (issue 40): a whole 6-player game, to its end, played at the table
by virtual players (each deciding through `Bots.decide` from its own seat's view, random and sensible
alchemists, in Cooperative play: not even a teammate may see a hand, L11.1), the Pi dealing and drawing every
card. At every decision point each reader (the public, every seat, a referee who plays and so is blind) gets
the view the API serves and the event its stream sends, and at every fifth point every page it can open (a
seat's with its hand, the table's, the laboratory's drawing, the scoring); none shows another seat's hand:
by the game's oracle on views (`GameModule.testing.forbidden`), and on pages no card of another's hand the
public never saw (dealt or drawn from the deck: not a Discovery, nor laid) named by its number. A seat's own
page names every card of its hand, so the scan cannot pass on an empty page. Played in French."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from companion.agents.bots import Bots
from companion.core import registry
from companion.store import Store
from companion.table import NewGame, SetLanguage, Table
from tests.engine import engine
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes
from web.stream import view_event as stream_event

from .readers import Readers
from .results import record

KEY = "astoria-laboratory"
LAB = registry.load(KEY)
PLAYERS, SEED = 6, 40006
PAGES = {"public": ("/", "/map.svg", "/part/scoring"), "seat": ("/seat/{seat}", "/", "/map.svg"),
         "referee": ("/referee", "/", "/map.svg")}
BLIND = "public:blind"  # a referee who plays: blind, so reading the public's view
EVERY = 5  # pages are read at every fifth point (views and events at every one)


def oracle(reader: str) -> str:
    return "public" if reader == BLIND else reader


def seen_in_public(match: Any) -> set[int]:
    """The cards the whole table has seen: every Discovery laid face up, every card laid as an object."""
    seen = {e["card"] for e in match.events if e["event"] == "discovery"}
    return seen | {c["card"] for laid in match.state.laid.values() for c in laid if c["card"]}


def forbidden_in_text(text: str, reader: str, match: Any) -> list[str]:
    me = int(reader[5:]) if reader.startswith("seat:") else None
    public = seen_in_public(match)
    return [f"seat {seat}'s Artefact {card}" for seat, hand in match.state.hands.items() if seat != me
            for card in hand if card not in public and re.search(rf"Artefact {card}\b", text)]


def test_a_six_player_game_leaks_no_hand_at_any_point() -> None:
    counts = {"decision_points": 0, "views": 0, "events": 0, "pages": 0}
    found: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        table = Table.open(Store(Path(folder) / "lab.db"), "", game=KEY)
        setup = LAB.rules.default_setup([(s, "", None) for s in range(1, PLAYERS + 1)],
                                        {"team_play": "cooperative"}, SEED)
        table.handle(NewGame(LAB.rules.setup_to_json(setup), game=KEY, chance="pi", seed=SEED))
        table.handle(SetLanguage("fr"))
        table.start()
        app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
        readers = Readers(table)
        table.view = readers  # type: ignore[method-assign]
        table.enveloped = readers.enveloped  # type: ignore[method-assign]
        blind = as_referee(app)
        assert blind.post("/api/blind", json={"on": True}).status_code == 200
        clients = {"public": app.test_client(), **{f"seat:{s}": as_seat(app, s) for s in range(1, PLAYERS + 1)},
                   BLIND: blind}
        bots = Bots(table, {s: ("random", "normal")[s % 2] for s in range(1, PLAYERS + 1)}, delay=0, seed=SEED,
                    game=KEY)
        while table.result() is None and not found:
            commands = bots.decide()
            assert commands, "every seat is virtual: someone is always awaited"
            for command in commands:
                table.handle(command)
            counts["decision_points"] += 1
            found += [f"point {counts['decision_points']}: {f}" for f in scan(table, clients, readers, counts)]
        over = table.result() is not None
        table.stop()
    record("laboratory_secrecy", players=PLAYERS, **counts, forbidden=len(found))
    assert found == []
    assert over and counts["decision_points"] > 50


def scan(table: Table, clients: dict[str, FlaskClient], readers: Readers, counts: dict[str, int]) -> list[str]:
    match = engine(table)
    found: list[str] = []
    pages = counts["decision_points"] % EVERY == 0 or table.result() is not None
    for reader, client in clients.items():
        who = oracle(reader)
        view = client.get("/api/view").get_json()
        found += [f"{reader} /api/view: {f}" for f in LAB.testing.forbidden(view, who, match)]
        found += [f"{reader} /api/view: {f}" for f in forbidden_in_text(json.dumps(view), who, match)]
        event = json.loads(stream_event(*table.view_json(who)).split("data: ", 1)[1])
        found += [f"{reader} stream: {f}" for f in LAB.testing.forbidden(event, who, match)]
        counts["views"] += 1
        counts["events"] += 1
        if not pages:
            continue
        kind = "referee" if reader == BLIND else reader.partition(":")[0]
        for url in (u.format(seat=reader[5:]) for u in PAGES[kind]):
            readers.asked.clear()
            response = client.get(url)
            assert response.status_code == 200, (reader, url, response.status_code)
            if readers.asked - {who}:
                found.append(f"{reader} {url}: drawn from the views of {sorted(readers.asked)}")
            page = response.get_data(as_text=True)
            found += [f"{reader} {url}: {f}" for f in forbidden_in_text(page, who, match)]
            if url.startswith("/seat/"):
                found += [f"{reader} {url}: its own Artefact {card} is missing"
                          for card in match.state.hands[int(reader[5:])] if f"Artefact {card}" not in page]
            counts["pages"] += 1
    return found
