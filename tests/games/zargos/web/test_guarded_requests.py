"""Issue 36, through the HTTP API the pages use: no seat can take, probe, foresee or swell. Every field of
every Zargos move is sent at its largest valid value and past it (generated from the moves' JSON shapes,
rules/actions.py SHAPES); one seat's effect of 25,000 allowances is refused and stores nothing; a seat
stating faster than a person could is refused in words (the table's fake clock, no sleep); a placement trade
takes both parties (2.10); a refusal reads the same whatever another's hand holds; a wrong card told for a
secret draw lists nothing of the deck."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.zargos.boards import default_pack, default_pack_text
from companion.games.zargos.rules import Game, Setup, replay_json
from companion.games.zargos.rules.actions import (
    BY_REFEREE,
    FLAG,
    SHAPES,
    TEXT,
    TEXT_MOST,
    Counts,
    Discard,
    Fields,
    MagicTrade,
    Many,
    Whole,
)
from companion.games.zargos.rules.errors import IllegalAction
from companion.store import Store
from companion.table import NewGame, Refused, Table, Tell
from companion.table.stating import BURST, SECONDS
from tests.engine import stored_log
from tests.games.zargos.support import drive
from tests.games.zargos.table.support import play, play_told
from tests.web.conftest import PIN, as_referee, as_seat, web_app
from web.guard import PUBLIC_BODY
from web.phone import PhoneBoxes

BOARD = default_pack()


class Clock:
    """The table's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


def at_trade(path: Path, clock: Clock) -> Table:
    table = Table.open(Store(path), default_pack_text(), game="zargos", clock=clock)
    table.handle(NewGame({"players": 3, "seed": 5}, game="zargos", seed=5))  # the Pi draws the same each run
    play(table, 3, until=lambda t: t.phase() == "trade")
    return table


@pytest.fixture
def table(tmp_path: Path, clock: Clock) -> Iterator[Table]:
    table = at_trade(tmp_path / "z.db", clock)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))


def send(client: FlaskClient, table: Table, command: str, action: dict[str, Any]) -> Any:
    seat = {"seat": 0} if command == "decide" else {}  # the tests decide as seat 0
    return client.post("/api/command", json={"command": command, "version": table.version, "action": action,
                                             **seat})


# -- every field at its bound and past it, from the moves' shapes -----------------------------------------

def largest(shape: Any) -> Any:
    """The largest value a field may carry."""
    if shape == TEXT:
        return "x" * TEXT_MOST
    if shape == FLAG:
        return True
    if isinstance(shape, Whole):
        return shape.most
    if isinstance(shape, Many):
        return [largest(shape.item) for _ in range(shape.most)]
    if isinstance(shape, Counts):
        return {f"{i:0{TEXT_MOST}d}": largest(shape.value) for i in range(shape.most)}
    assert isinstance(shape, Fields)
    return {k: largest(f) for k, f in shape.fields.items()}


def past(shape: Any) -> Iterator[tuple[str, Any]]:
    """Each way a field goes just past its bound: (what, value)."""
    if shape == TEXT:
        yield "text", "x" * (TEXT_MOST + 1)
    elif shape == FLAG:
        yield "flag", "yes"
    elif isinstance(shape, Whole):
        yield "most", shape.most + 1
        yield "least", shape.least - 1
    elif isinstance(shape, Many):
        yield "items", [largest(shape.item) for _ in range(shape.most + 1)]
        for what, item in past(shape.item):
            yield f"item {what}", [item] + [largest(shape.item) for _ in range(shape.most - 1)]
    elif isinstance(shape, Counts):
        yield "keys", {f"{i:0{TEXT_MOST}d}": largest(shape.value) for i in range(shape.most + 1)}
        for what, value in past(shape.value):
            yield f"value {what}", {"p": value}
    else:
        assert isinstance(shape, Fields)
        for key, field in shape.fields.items():
            for what, value in past(field):
                yield f"{key} {what}", {**largest(shape), key: value}


def door(kind: str) -> str:
    return "state" if kind in BY_REFEREE else "decide"


def largest_move(kind: str) -> dict[str, Any]:
    move = {"type": kind, **{k: largest(s) for k, s in SHAPES[kind].items()}}
    if kind in BY_REFEREE:
        move["seat"] = None  # the referee states it: only the `seat` field itself is tried as a number
    else:
        move["seat"] = 0  # seat 0's own decision
    if kind == "time_up":
        move["seat"] = None
    return move


def parse_error(kind: str, answer: Any) -> bool:
    error = (answer.get_json(silent=True) or {}).get("error", "")
    return error.startswith(f"move {kind!r}:") and "must be" in error


def test_every_field_of_every_move_is_taken_at_its_bound_and_refused_past_it(app: Flask, table: Table) -> None:
    referee, seat = as_referee(app), as_seat(app, 0)
    before, stored = table.version, len(stored_log(table))
    sizes = {}
    for kind, shapes in SHAPES.items():
        client = referee if door(kind) == "state" else seat
        move = largest_move(kind)
        sizes[kind] = len(json.dumps(move))
        answer = send(client, table, door(kind), move)
        assert not parse_error(kind, answer), (kind, answer.get_json())
        for field, shape in shapes.items():
            for what, value in past(shape):
                answer = send(client, table, door(kind), {**move, field: value})
                assert answer.status_code in (400, 422) and parse_error(kind, answer), (kind, field, what)
                assert field in answer.get_json()["error"]
                assert len(answer.get_json()["error"]) < 300  # a refusal is never as large as what it refuses
    # Nothing of it changed the game but the referee's end of the trading (a move with no field to swell):
    # the largest valid values name nothing in it.
    assert table.version >= before
    assert [e["type"] for e in stored_log(table)[stored:]] == ["trades_done"]
    # The largest move a page may send is smaller than what even the public may send (web/guard.py).
    assert max(sizes.values()) < PUBLIC_BODY, sizes


def test_one_seat_cannot_swell_the_store_with_allowances(app: Flask, table: Table) -> None:
    # The attack of issue 36: 25,000 allowances in one effect, from a seat.
    seat, view = as_seat(app, 0), table.view("referee")
    people = next(k for k, p in view["peoples"].items() if p["seat"] == 0)
    stored = len(stored_log(table))
    swollen = send(seat, table, "state", {"type": "adjust", "seat": 0, "reason": f"power:{people}",
                                          "allow": ["attack_anywhere"] * 25_000})
    assert swollen.status_code in (400, 422) and "'allow' must be a list of at most 2" in swollen.get_json()["error"]
    twice = send(seat, table, "state", {"type": "adjust", "seat": 0, "reason": f"power:{people}",
                                        "allow": ["attack_anywhere", "attack_anywhere"]})
    assert twice.status_code == 422 and twice.get_json()["error"] == "An effect allows each move once."
    assert len(stored_log(table)) == stored and table.view("referee")["allowed"] == view["allowed"]


def test_a_seat_stating_faster_than_a_person_is_refused_in_words(app: Flask, table: Table, clock: Clock) -> None:
    seat, view = as_seat(app, 0), table.view("referee")
    people = next(k for k, p in view["peoples"].items() if p["seat"] == 0)
    effect = {"type": "adjust", "seat": 0, "reason": f"power:{people}", "boats": {people: 1}}
    undo = {**effect, "boats": {people: -1}}
    for n in range(BURST):
        assert send(seat, table, "state", undo if n % 2 else effect).status_code == 200
    stored = len(stored_log(table))
    fast = send(seat, table, "state", effect)
    assert fast.status_code == 422
    assert fast.get_json()["error"] == ("A person states a move every few seconds at most: wait 10 s, then state "
                                        "it again.")
    assert len(stored_log(table)) == stored
    # Another seat is not held back by it; the referee never is.
    other = next(k for k, p in view["peoples"].items() if p["seat"] == 1)
    assert send(as_seat(app, 1), table, "state", {**effect, "seat": 1, "reason": f"power:{other}",
                                                  "boats": {other: 1}}).status_code == 200
    clock.now += SECONDS
    assert send(seat, table, "state", effect).status_code == 200


# -- a trade takes both parties ------------------------------------------------------------------------------

def peoples(view: dict[str, Any], seat: int) -> list[str]:
    return [k for k, p in view["peoples"].items() if p["seat"] == seat]


def test_a_placement_trade_stated_by_one_party_is_only_proposed(app: Flask, table: Table) -> None:
    # The attack of issue 36: a seat took five cards of another people, giving nothing.
    view = table.view("referee")
    mine, theirs = peoples(view, 0)[0], peoples(view, 1)[0]
    taken = view["peoples"][theirs]["cards"][:5]
    assert taken
    taker, owner, other = as_seat(app, 0), as_seat(app, 1), as_seat(app, 2)
    trade = {"type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [], "b_gives": taken}
    for command in ("state", "decide"):  # both doors a page has: neither makes a one-sided trade
        assert send(taker, table, command, trade).status_code == 200
        now = table.view("referee")
        assert now["peoples"][theirs]["cards"] == view["peoples"][theirs]["cards"]
        offer = {"by": 0, **({"a": mine, "b": theirs, "a_gives": [], "b_gives": sorted(taken)} if mine < theirs
                             else {"a": theirs, "b": mine, "a_gives": sorted(taken), "b_gives": []})}
        assert now["offers"] == [offer]
    # The two players see the proposal; nobody else does.
    assert table.view("seat:1")["offers"] == [offer] and table.view("seat:2")["offers"] == []
    assert table.view("public")["offers"] == []
    assert other.get("/api/view").get_json().get("offers", []) == []
    # The other player's statement of the same trade makes it.
    accepted = send(owner, table, "state", {**trade, "seat": 1})
    assert accepted.status_code == 200
    after = table.view("referee")
    assert sorted(after["peoples"][mine]["cards"]) == sorted(view["peoples"][mine]["cards"] + taken)
    assert after["offers"] == []


def test_a_proposal_reads_the_same_whatever_the_other_people_holds(app: Flask, table: Table,
                                                                   clock: Clock) -> None:
    # The probe of issue 36: asking another people for a reinforcement or a boat card told whether it held one.
    view = table.view("referee")
    mine, theirs = peoples(view, 0)[0], peoples(view, 1)[0]
    taker = as_seat(app, 0)
    answers = set()
    for card in ("reinforcement", "boat", "capital:nowhere", *view["peoples"][theirs]["cards"]):
        answer = send(taker, table, "state", {"type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [],
                                              "b_gives": [card]})
        answers.add((answer.status_code, answer.get_json().get("stated"), answer.get_json().get("error")))
        clock.now += SECONDS  # as a person states them
    assert answers == {(200, True, None)}


def test_a_referee_recorded_trade_is_refused_in_one_sentence_whatever_the_hands_hold() -> None:
    # The probe of issue 36: which of two sentences a referee-recorded magic trade got told a blind referee
    # which cards a hand held.
    game = drive(Game(BOARD, Setup(3)), lambda g: g.state.phase == "trade")
    assert game.chance() is None
    game.state.hands = {0: ["typhon", "eclipse", "canicule"], 1: ["vent_de_glace"], 2: []}
    refusals = set()
    for gives, takes in ((["vent_de_mort"], []), ([], ["vent_de_mort"]), (["vent_de_glace"], [])):
        # seat 1 gives a card it lacks; seat 0 does; seat 1 gives one it holds, and 0 would end over his limit
        with pytest.raises(IllegalAction) as refused:
            game.push(MagicTrade(None, 0, 1, tuple(takes), tuple(gives)))
        refusals.add(str(refused.value))
    assert refusals == {"That trade cannot be made with the magic cards the two players hold: each gives only "
                        "cards he holds, and nobody may end over his limit. (12.9)"}


def test_a_wrong_card_told_for_a_secret_draw_names_no_card(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "z.db"), default_pack_text(), game="zargos")
    table.handle(NewGame({"players": 4, "seed": 3}, game="zargos", chance="table"))
    play_told(table, 3, lambda t: (a := t.view("public")["table"]["asking"]) is not None and a["kind"] == "draw")
    asking = table.view("public")["table"]["asking"]
    seat = asking["told_by"]
    outcomes = table.view(f"seat:{seat}")["chance"]["outcomes"]
    for by in (f"seat:{seat}", "referee"):
        with pytest.raises(Refused) as refused:
            table.handle(Tell("no_such_card", by=by, question=asking["question"]))
        words = str(refused.value)
        assert not any(str(o) in words for o in outcomes), words


def test_a_trade_proposed_shows_on_the_other_players_page_to_accept(app: Flask, table: Table) -> None:
    view = table.view("referee")
    mine, theirs = peoples(view, 0)[0], peoples(view, 1)[0]
    trade = {"type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [],
             "b_gives": view["peoples"][theirs]["cards"][:1]}
    assert send(as_seat(app, 0), table, "state", trade).status_code == 200
    page = as_seat(app, 1).get("/seat/2").get_data(as_text=True)
    assert "Player 1 proposes, cards given" in page and '"seat": 1, "type": "trade"}' in html.unescape(page)
    assert "proposes" not in as_seat(app, 2).get("/seat/3").get_data(as_text=True)


# -- an effect on another player's people: shown to him at once, undone by the referee ------------------------

def test_an_effect_on_another_players_people_is_shown_to_him_and_the_referee_undoes_it(
        app: Flask, table: Table) -> None:
    view = table.view("referee")
    theirs = peoples(view, 1)[0]
    before = view["peoples"][theirs]["boats"]
    stated = send(as_seat(app, 0), table, "state", {"type": "adjust", "seat": 0, "reason": "card:typhon",
                                                   "boats": {theirs: 1}})
    assert stated.status_code == 200
    effect = table.view("referee")["log"][-1]["move"]  # its place among the game's moves
    assert effect == table.actions() - 1
    shown = html.unescape(as_seat(app, 1).get("/seat/2").get_data(as_text=True))
    assert "Effects stated on your peoples" in shown and "Player 1:" in shown
    assert "Effects stated on your peoples" not in html.unescape(as_seat(app, 2).get("/seat/3").get_data(as_text=True))
    step = table.steps()[-1].to_json("en", None)  # the table's step says who stated it
    assert step["title"] == "Stated by Player 1: the card Typhoon"
    referee = as_referee(app)
    page = referee.get("/referee").get_data(as_text=True)
    assert f'data-keep="{effect}"' in page and "Undo it: go back to before it" in page
    preview = referee.post("/api/command", json={"command": "rollback", "keep": effect, "version": table.version})
    assert preview.status_code == 200
    done = referee.post("/api/command", json={"command": "rollback", "keep": effect, "confirm": True,
                                              "seen": preview.get_json()["seen"], "version": table.version})
    assert done.status_code == 200 and table.view("referee")["peoples"][theirs]["boats"] == before


def test_a_record_from_before_replays_its_one_sided_trade_as_it_was(app: Flask, table: Table) -> None:
    # docs/formats.md: `both` absent, a seat's trade was made at once; `both: true`, it is a proposal.
    record = as_referee(app).get("/api/record").get_json()
    view = table.view("referee")
    mine, theirs = peoples(view, 0)[0], peoples(view, 1)[0]
    taken = view["peoples"][theirs]["cards"][:1]
    old = {"type": "trade", "seat": 0, "a": mine, "b": theirs, "a_gives": [], "b_gives": taken}
    held = view["peoples"][mine]["cards"].count(taken[0])  # the deal may have given him one of that kind too
    before = replay_json(BOARD, {**record, "moves": [*record["moves"], old]})
    assert before.view()["peoples"][mine]["cards"].count(taken[0]) == held + 1
    assert before.record_json()["moves"][-1] == old  # written back as it was read
    now = replay_json(BOARD, {**record, "moves": [*record["moves"], {**old, "both": True}]})
    assert now.view()["peoples"][mine]["cards"].count(taken[0]) == held and now.view()["offers"]
    assert now.record_json()["moves"][-1] == {**old, "both": True}


def test_a_magic_trade_offered_lapses_when_its_proposer_no_longer_holds_the_card() -> None:
    # Accepting it is then a proposal of one's own, never a refusal telling what the proposer's hand became.
    game = drive(Game(BOARD, Setup(4)), lambda g: g.state.phase == "magic", 4)
    hand = game.state.hands[0]
    card = next(c for c in hand if hand.count(c) == 1)
    game.push(MagicTrade(0, 0, 1, (card,), ()))
    assert [o["by"] for o in game.view("seat:1")["offers"]] == [0]
    game.push(Discard(0, 0, card))  # 12.12: under the deck, its name behind his screen
    assert game.view("seat:1")["offers"] == []
    game.push(MagicTrade(1, 0, 1, (card,), ()))  # not refused: proposed
    assert [o["by"] for o in game.view("seat:1")["offers"]] == [1]
