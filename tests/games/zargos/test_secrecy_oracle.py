"""The secrecy oracle (`GameModule.testing.forbidden`, companion/games/zargos/testing.py) finds every kind
of secret a view or page could leak, wherever it is put: a seat's magic hand by id or by name in English
and French (12.2), the line of the table's steps only its seat may read (its cards dealt, its reinforcement
and boat cards: 2.9), the cards under the deck and the seed the Pi draws by (the deck's order), and the
cards a seat may draw before it has told what it drew. Each leak is put by hand into a real view of a real
game, where the oracle of the campaigns must see it; the views as served have none."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.terms import CARDS
from companion.games.zargos.testing import forbidden_in_text
from companion.i18n import translate
from companion.table import Table

from .table.support import new_game, read_printed, step, tell

ZARGOS = registry.load("zargos")
forbidden = ZARGOS.testing.forbidden


def engine(table: Table) -> Game:
    game = table._game  # the tests' one hook to the engine (tests/engine.py), to know what is secret
    assert isinstance(game, Game)
    return game


def unplayed(game: Game, seat: int) -> str | None:
    """A card in `seat`'s hand that nobody has seen played and seat 0 never drew: its name is then the seat's
    secret, from the public and from seat 0."""
    public = {e.get("card") for e in game.state.log if e.get("event") in ("played", "out_of_game")
              or e.get("event") == "drew" and e.get("seat") == 0}
    return next((c for c in game.state.hands.get(seat, []) if c not in public), None)


@pytest.fixture(scope="module")
def dealt(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A 3-player game, the Pi dealing, at a point where seat 1 holds a card never played."""
    table = new_game(tmp_path_factory.mktemp("oracle") / "z.db", 3, seed=15)
    agent = RandomAgent(random.Random(15))
    while unplayed(engine(table), 1) is None or engine(table).state.round < 2:
        assert step(table, agent) or read_printed(table, 0)
    yield table
    table.stop()


def leaks(view: dict[str, Any], reader: str, game: Game) -> list[str]:
    found: list[str] = forbidden(view, reader, game)
    return found


def test_the_views_as_served_show_no_secret(dealt: Table) -> None:
    game = engine(dealt)
    for reader in ("public", "seat:0", "seat:2"):
        assert leaks(dealt.view(reader), reader, game) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hand_named_anywhere_in_any_language_is_found(dealt: Table, language: str) -> None:
    game = engine(dealt)
    card = unplayed(game, 1)
    assert card is not None
    name = translate(language, CARDS[card][0])
    for reader in ("public", "seat:0"):
        view = copy.deepcopy(dealt.view(reader))
        line = view["table"]["steps"][-1]["lines"][-1]
        line["text"] += f" ({name})"  # a step's line naming it, in the reader's language
        assert any("hand of seat 1" in f for f in leaks(view, reader, game)), (reader, name)
        view = copy.deepcopy(dealt.view(reader))
        view["players"][1]["holding"] = [card]  # its id, under a key the oracle never heard of
        assert any("hand of seat 1" in f for f in leaks(view, reader, game))
        page = f"<p>Player 2 holds <b>{name}</b></p>"
        assert any("hand of seat 1" in f for f in forbidden_in_text(page, reader, game))
    # Its owner may read it: no finding there.
    view = copy.deepcopy(dealt.view("seat:1"))
    view["players"][1]["holding"] = [card]
    assert leaks(view, "seat:1", game) == []


def test_a_line_for_one_seat_alone_is_found_in_anothers_view(dealt: Table) -> None:
    game = engine(dealt)
    public = {line["text"] for s in dealt.view("public")["table"]["steps"] for line in s["lines"]}
    own = [line["text"] for s in dealt.view("seat:1")["table"]["steps"] for line in s["lines"]
           if line["seat"] == 1 and line["text"] not in public]
    assert own, "seat 1 has lines of its own (its cards dealt, its secret placement cards)"
    for reader in ("public", "seat:2"):
        view = copy.deepcopy(dealt.view(reader))
        view["table"]["steps"][0]["lines"][0]["text"] = own[0]
        assert any("for seat 1 alone" in f for f in leaks(view, reader, game)), own[0]
    view = copy.deepcopy(dealt.view("seat:1"))
    view["table"]["steps"][0]["lines"][0]["text"] = own[0]
    assert leaks(view, "seat:1", game) == []


def test_the_decks_order_is_found(dealt: Table) -> None:
    game = engine(dealt)
    view = copy.deepcopy(dealt.view("public"))
    view["table"]["seed"] = 11  # the Pi draws by Random(f"{seed}/{version}"): the cards to come
    assert any("seed" in f for f in leaks(view, "public", game))
    view = copy.deepcopy(dealt.view("public"))
    view["deck"]["under"] = []
    assert any("magic deck" in f for f in leaks(view, "public", game))


def test_a_draw_is_the_drawers_until_told(tmp_path: Path) -> None:
    """With the table's own cards, the seat drawing sees the cards it may have drawn; nobody else, in the
    view or in the table's question."""
    table = new_game(tmp_path / "z.db", 3, seed=5, chance="table")
    agent, rng = RandomAgent(random.Random(5)), random.Random(5)
    while True:
        asking = table.view("public")["table"]["asking"]
        if asking is not None and asking["told_by"] is not None:
            break
        if asking is None:
            assert step(table, agent) or read_printed(table, 0)
        else:
            assert tell(table, rng)
    drawer = asking["told_by"]
    other = f"seat:{(drawer + 1) % 3}"
    game = engine(table)
    assert leaks(table.view(f"seat:{drawer}"), f"seat:{drawer}", game) == []
    assert leaks(table.view(other), other, game) == []
    cards = table.view(f"seat:{drawer}")["chance"]["outcomes"]
    view = copy.deepcopy(table.view(other))
    view["table"]["asking"]["answers"] = [{"value": c, "label": c} for c in cards]
    assert any("may draw" in f for f in leaks(view, other, game))
    view = copy.deepcopy(table.view(other))
    view["chance"]["outcomes"] = cards
    assert any("may be drawn" in f for f in leaks(view, other, game))
    table.stop()


def test_a_secret_placement_card_is_found_by_its_line(tmp_path: Path) -> None:
    """2.9: the reinforcement and boat cards drafted stay behind their people's screen: the line of the draft
    saying what goes behind it names them for its seat alone."""
    table = new_game(tmp_path / "z.db", 3, seed=3)
    agent = RandomAgent(random.Random(3))
    # The draft is told once over (2.7-2.9: one step, a line a people)
    while engine(table).state.phase in ("roll", "choose", "draft"):
        assert step(table, agent) or read_printed(table, 0)
    secret = next(e for e in engine(table).state.log if e.get("event") == "drafted" and e.get("secret"))
    seat = int(secret["seat"])
    own = [line["text"] for s in table.view(f"seat:{seat}")["table"]["steps"] for line in s["lines"]
           if "behind your screen" in line["text"]]
    other = f"seat:{(seat + 1) % 3}"
    view = copy.deepcopy(table.view(other))
    view["table"]["steps"][-1]["lines"][-1]["text"] = own[0]
    assert any(f"for seat {seat} alone" in f for f in leaks(view, other, engine(table))), own[0]
    view = copy.deepcopy(table.view(other))
    view["peoples"][secret["people"]]["cards"].append(secret["card"])
    assert any("secret placement cards" in f for f in leaks(view, other, engine(table)))
    table.stop()


def test_whether_a_defender_is_asked_for_a_wind_of_war_does_not_tell_his_hand() -> None:
    """12.2: nobody sees another's hand. Seen by the public, a defender asked whether he plays a Wind of War
    (Z-20) must say nothing of his hand: some defenders asked hold none, or nobody sees who is asked."""
    seen: list[tuple[bool, bool]] = []  # (asked before the public's eyes, holds a Wind of War)
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(default_pack(), Setup(4))
        combat = None
        while game.result() is None:
            now = game.state.combat
            if now is not None and now is not combat and now.defender is not None:
                defender = game.state.peoples[now.defender].seat
                if defender != game.state.peoples[now.attacker].seat:
                    asked = any(a["decision"] == "combat_card" and a["seat"] == defender
                                for a in game.view("public")["awaiting"])
                    seen.append((asked, "vent_de_guerre" in game.state.hands[defender]))
            combat = now
            node = game.chance()
            if node is not None:
                game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
            else:
                game.push(RandomAgent(rng).move(game, rng.choice(game.awaited())))
    assert any(asked for asked, _ in seen) and any(holds for _, holds in seen) and any(not h for _, h in seen)
    assert any(asked and not holds for asked, holds in seen) or not any(asked for asked, _ in seen)


def test_a_page_may_list_every_kind_of_card_but_a_list_marked_so_that_lacks_one_is_read(dealt: Table) -> None:
    """1.5: the deck's composition is public, so a trade form may name every kind a player can ask for; a list
    marked as every kind that does not hold them all is read like any other text: the mark hides no hand."""
    game = engine(dealt)
    card = unplayed(game, 1)
    assert card is not None
    every = "".join(f'<label><input value="kind:{c}"> {translate("en", CARDS[c][0])}</label>' for c in CARDS)
    assert forbidden_in_text(f'<fieldset data-public="kinds">{every}</fieldset>', "seat:0", game) == []
    some = "".join(f'<label><input value="kind:{c}"> {translate("en", CARDS[c][0])}</label>' for c in CARDS
                   if c != next(k for k in CARDS if k != card))
    assert any("hand of seat 1" in f for f in forbidden_in_text(f'<fieldset data-public="kinds">{some}</fieldset>',
                                                                 "seat:0", game))
