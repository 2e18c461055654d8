"""The attacker's campaign for Zargos (issue 36), as tests/campaign/test_hostile_http.py and the flood
campaigns are for Xidit: from a seat at the table's Wi-Fi, through the HTTP API the pages use.

1. Hostile moves: property-based `state` and `decide` requests built from the moves' own JSON shapes
   (rules/actions.py SHAPES), each field drawn from its largest valid value, just past it, or any JSON:
   never a 5xx, and a refused request changes nothing.
2. The trials of issue 36, each measured for docs/reliability.md: a seat swelling the store with effects of
   25,000 allowances (40 requests: what the store and a reader's view grew by); a seat taking another
   people's cards giving nothing; a seat probing another people's hand through a trade's refusal; a wrong
   card told for a secret draw (how many of the deck's cards the refusal names); an effect on another
   player's people (shown on his page or not). A seat states at a person's pace: the table's clock is a
   fake one, moved by the test (no sleep)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.zargos.boards import default_pack_text
from companion.games.zargos.rules.actions import BY_REFEREE, FLAG, SHAPES, TEXT, TEXT_MOST, Counts, Fields, Many, Whole
from companion.store import Store
from companion.table import NewGame, Refused, Table, Tell
from companion.table.stating import SECONDS
from tests.games.zargos.table.support import play, play_told
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.phone import PhoneBoxes

from .results import record

Clients = dict[Any, FlaskClient]
FIGURES: dict[str, Any] = {"requests": 0, "rejected": 0, "server_errors": 0, "changed_by_rejected": 0}


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def at_trade(path: Path, clock: Clock) -> tuple[Clients, Table]:
    table = Table.open(Store(path), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 5}, game="zargos"))
    play(table, 3, until=lambda t: t.phase() == "trade")
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0, 1, 2}))
    # Signed in once each, as a page is (sign-ins have their own limit, web/sign_ins.py)
    return {"referee": as_referee(app), **{s: as_seat(app, s) for s in (0, 1)}}, table


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Clients, Table, Clock, Path]]:
    """A table in the set-up's trading time, for the trials (the hostile moves have their own)."""
    clock, path = Clock(), Path(tmp_path_factory.mktemp("zattack")) / "z.db"
    clients, table = at_trade(path, clock)
    yield clients, table, clock, path
    table.stop()
    record("zargos_attack", **FIGURES)


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Clients, Table]]:
    clients, table = at_trade(Path(tmp_path_factory.mktemp("zhostile")) / "z.db", Clock())
    yield clients, table
    table.stop()


# -- 1. hostile moves from the moves' shapes ----------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12)


def near(shape: Any) -> st.SearchStrategy[Any]:
    """A field's value at its bound, just past it, or anything."""
    if shape == TEXT:
        edge = st.sampled_from(["x" * TEXT_MOST, "x" * (TEXT_MOST + 1), "", "kori-1", "moines", "typhon"])
    elif shape == FLAG:
        edge = st.booleans()
    elif isinstance(shape, Whole):
        edge = st.sampled_from([shape.least - 1, shape.least, 0, 1, shape.most, shape.most + 1])
    elif isinstance(shape, Many):
        edge = st.integers(0, shape.most + 1).flatmap(lambda n: st.lists(near(shape.item), min_size=min(n, 3),
                                                                         max_size=min(n, 3)).map(
            lambda items: (items * (n // max(1, len(items)) + 1))[:n] if items else []))
    elif isinstance(shape, Counts):
        edge = st.integers(0, shape.most + 1).flatmap(lambda n: near(shape.value).map(
            lambda v: {f"k{i}": v for i in range(n)}))
    else:
        assert isinstance(shape, Fields)
        edge = st.fixed_dictionaries({k: near(f) for k, f in shape.fields.items()})
    return st.one_of(edge, json_values)


moves = st.sampled_from(sorted(SHAPES)).flatmap(
    lambda kind: st.fixed_dictionaries({"type": st.just(kind), **{k: near(s) for k, s in SHAPES[kind].items()}}))


@settings(max_examples=int(os.environ.get("ZARGOS_ATTACK_EXAMPLES", "150")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(move=moves, as_referee_=st.booleans())
def test_no_zargos_move_crashes_or_changes_anything_when_refused(hostile: Any, move: dict[str, Any],
                                                                 as_referee_: bool) -> None:
    app, table = hostile
    client = app["referee"] if as_referee_ else app[0]
    command = "state" if move["type"] in BY_REFEREE else "decide"
    if not as_referee_ and command == "state":
        move = {**move, "seat": 0}
    before = table.view("referee")
    answer = client.post("/api/command", json={"command": command, "version": table.version, "action": move,
                                               **({"seat": 0} if command == "decide" else {})})
    FIGURES["requests"] += 1
    FIGURES["server_errors"] += answer.status_code >= 500
    assert answer.status_code < 500, (move, answer.data[:300])
    if answer.status_code >= 400:
        FIGURES["rejected"] += 1
        changed = table.view("referee") != before
        FIGURES["changed_by_rejected"] += changed
        assert not changed, move


# -- 2. the trials of issue 36 ------------------------------------------------------------------------------

def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def test_a_seat_cannot_swell_the_store_or_the_views(world: Any) -> None:
    app, table, clock, path = world
    seat, view = app[0], table.view("referee")
    people = next(k for k, p in view["peoples"].items() if p["seat"] == 0)
    store, shown = size(path), len(json.dumps(table.view("seat:1")))
    refused = 0
    for _ in range(40):  # issue 36: 40 requests of 25,000 allowances in 15 s
        clock.now += 15 / 40
        answer = seat.post("/api/command", json={"command": "state", "version": table.version, "action": {
            "type": "adjust", "seat": 0, "reason": f"power:{people}", "allow": ["attack_anywhere"] * 25_000}})
        refused += answer.status_code in (400, 413, 422, 429)
    grown, view_grown = size(path) - store, len(json.dumps(table.view("seat:1"))) - shown
    FIGURES["swell"] = {"requests": 40, "refused": refused, "store_grew_bytes": grown,
                        "view_grew_bytes": view_grown}
    assert refused == 40 and view_grown == 0


def test_a_seat_cannot_take_or_probe_another_peoples_cards(world: Any) -> None:
    app, table, clock, _ = world
    view = table.view("referee")
    assert view["phase"] == "trade"
    mine = next(k for k, p in view["peoples"].items() if p["seat"] == 0)
    theirs = next(k for k, p in view["peoples"].items() if p["seat"] == 1)
    taker = app[0]
    wanted = view["peoples"][theirs]["cards"][:5]
    clock.now += SECONDS
    taker.post("/api/command", json={"command": "state", "version": table.version, "action": {
        "type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [], "b_gives": wanted}})
    took = len(wanted) - sum(c in table.view("referee")["peoples"][theirs]["cards"] for c in wanted)
    answers = set()
    for card in ("reinforcement", "boat") * 4:  # issue 36: 8 probes
        clock.now += SECONDS
        answer = taker.post("/api/command", json={"command": "state", "version": table.version, "action": {
            "type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [], "b_gives": [card]}})
        answers.add((answer.status_code, (answer.get_json() or {}).get("error")))
    FIGURES["take"] = {"cards_asked": len(wanted), "cards_taken": took}
    FIGURES["probe"] = {"probes": 8, "distinct_answers": len(answers)}
    assert took == 0 and len(answers) == 1


def test_a_wrong_card_told_names_nothing_of_the_deck(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "z.db"), default_pack_text(), game="zargos")
    table.handle(NewGame({"players": 4, "seed": 3}, game="zargos", chance="table"))
    play_told(table, 3, lambda t: (a := t.view("public")["table"]["asking"]) is not None and a["kind"] == "draw")
    asking = table.view("public")["table"]["asking"]
    outcomes = table.view("referee")["chance"]["outcomes"]
    with pytest.raises(Refused) as refused:
        table.handle(Tell("no_such_card", by="referee", question=asking["question"]))
    named = sum(str(o) in str(refused.value) for o in outcomes)
    FIGURES["foresee"] = {"cards_that_may_be_drawn": len(outcomes), "named_by_the_refusal": named}
    assert named == 0


def test_an_effect_on_another_players_people_is_shown_to_him(world: Any) -> None:
    app, table, clock, _ = world
    view = table.view("referee")
    theirs = next(k for k, p in view["peoples"].items() if p["seat"] == 1)
    clock.now += SECONDS
    answer = app[0].post("/api/command", json={"command": "state", "version": table.version, "action": {
        "type": "adjust", "seat": 0, "reason": "card:typhon", "boats": {theirs: 1}}})
    page = app[1].get("/seat/2").get_data(as_text=True)
    FIGURES["effect_on_another"] = {"stated": answer.status_code == 200,
                                    "shown_on_his_page": "Effects stated on your peoples" in page}
    assert answer.status_code == 200 and "Effects stated on your peoples" in page
