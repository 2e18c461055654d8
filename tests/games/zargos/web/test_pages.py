"""Zargos in the pages (issue 29): the map drawn from the pack with each people's strength, the table page's
part (order of play, whose turn, combats and their rounds, hands counted never named), the seat page (the
hand by name, the decision awaited, the map moves' limits for the taps), the count and the final ranking,
in English and in French with the rulebook's names."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.core import registry
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules.terms import CARDS
from companion.games.zargos.web.parts import final_ranking
from companion.table import Acknowledge, Decide, SetChance, SetLanguage, State, Table
from tests.games.zargos.table.support import new_game, play
from tests.web.conftest import PIN, as_seat, web_app
from web.phone import PhoneBoxes

BOARD = default_pack()
ZARGOS = registry.load("zargos")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    table = new_game(tmp_path / "z.db", 3, seed=5)
    table.start()
    yield table
    table.stop()


@pytest.fixture
def app(table: Table) -> Flask:
    return web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))


def now(app: Flask) -> Any:
    """A table page's client that shows the board now, not as of the step the table is still doing."""
    client = app.test_client()
    client.set_cookie("board", "now")
    return client


def visible(page: str) -> str:
    """What a reader sees: the text without tags, attributes, styles or scripts."""
    page = re.sub(r"<(style|script|title)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def until_cards(table: Table) -> None:
    """Plays on until some player holds a magic card during a turn (12.3: dealt at the count)."""
    play(table, seed=3, until=lambda t: t.view("public")["round"] >= 2 and t.view("public")["phase"] == "attack"
         and any(p["cards"] for p in t.view("public")["players"]))


def test_zargos_has_page_parts_in_its_own_package() -> None:
    web = ZARGOS.web
    assert web is not None
    for slot, template in web.slots.items():
        assert (Path(web.templates) / template).is_file(), slot
    assert (Path(web.static) / "seat.js").is_file()


def test_the_table_page_shows_the_map_with_each_peoples_strength(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack")
    view = table.view("public")
    page = now(app).get("/").get_data(as_text=True)
    svg = page[page.index("zargos-map") :]
    for province, held in view["provinces"].items():  # 2.12: every token placed is on the map
        disc = re.search(rf'data-province="{province}"><title>([^<]*)</title>.*?class="st"[^>]*>(\d+)<', svg)
        assert disc is not None and int(disc.group(2)) == held["strength"], province
    for province in view["demons"]:  # 9.7: Zargos's unoccupied provinces hold demons
        assert re.search(rf'data-province="{province}"><title>[^<]*demons</title>', svg), province
    text = visible(page)
    assert "Order of play" in text and "its turn" in text
    active = view["active"]
    assert re.search(r'class="active"[^>]*>\s*<span class="zchip"[^>]*>The \w+</span> ◀', page)
    assert active not in text.split()  # the people's key is never shown, its name is
    assert BOARD.provinces[next(iter(view["provinces"]))].name.split(", ")[-1] in text


def test_the_table_page_counts_each_hand_and_never_names_a_card(app: Flask, table: Table) -> None:
    until_cards(table)
    view = table.view("referee")
    text = visible(now(app).get("/").get_data(as_text=True))
    assert "Magic cards in hand" in text
    for p in view["players"]:  # 12.3: the number of cards in each hand is public, the cards are not
        assert re.search(rf"Player {p['seat'] + 1} \([^)]*\):\s*{p['cards']}\b", text), p["seat"]
    held = {c for p in view["players"] for c in p["hand"]}
    assert held and not any(CARDS[c][0] in text for c in held)


def test_a_seat_page_shows_its_own_hand_by_name_and_no_other(app: Flask, table: Table) -> None:
    until_cards(table)
    view = table.view("referee")
    holder = next(p for p in view["players"] if p["cards"])
    other = (holder["seat"] + 1) % 3
    mine = visible(as_seat(app, holder["seat"]).get(f"/seat/{holder['seat'] + 1}").get_data(as_text=True))
    assert "Your magic cards" in mine
    for card in holder["hand"]:
        assert CARDS[card][0] in mine
    # The form of what the seat states lists every card of the deck as a cause (1.5: public): left out here.
    theirs = visible(re.sub(r'<section class="card zstate".*?</section>', "",
                            as_seat(app, other).get(f"/seat/{other + 1}").get_data(as_text=True), flags=re.S))
    others_only = set(holder["hand"]) - set(next(p for p in view["players"] if p["seat"] == other)["hand"])
    assert not any(f"\n{CARDS[c][0]}\n" in theirs.replace("  ", "\n") for c in others_only)
    assert not any(re.search(rf'class="zcard[^"]*">{CARDS[c][0]}<', as_seat(app, other).get(f"/seat/{other + 1}")
                             .get_data(as_text=True)) for c in others_only)


def test_the_seat_page_gives_the_taps_their_limits_for_an_attack(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack"
         and t.view("public")["awaiting"][0]["seat"] in (0, 1))
    seat = table.view("public")["awaiting"][0]["seat"]
    page = as_seat(app, seat).get(f"/seat/{seat + 1}").get_data(as_text=True)
    built = re.search(r"id=\"zbuild\" data-choice='([^']*)'", page)
    assert built is not None
    choice = __import__("json").loads(html.unescape(built.group(1)))
    assert choice["decision"] == "attack" and choice["sources"]  # 4.1: the provinces an attack may leave
    assert "End the attacks" in visible(page) and 'src="/games/zargos/static/seat.js"' in page


def test_an_attack_as_the_seat_page_sends_it_is_played_or_refused_in_words(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack"
         and t.view("public")["awaiting"][0]["seat"] in (0, 1))
    seat = table.view("public")["awaiting"][0]["seat"]
    choice = table.seat_snapshot(seat).choice
    client = as_seat(app, seat)
    origin, most = choice.sources[0]
    far = next(p for p in BOARD.provinces if not BOARD.adjacent(origin, p) and p != origin)
    before = table.version
    refused = client.post("/api/command", json={"command": "decide", "seat": seat, "version": table.version,
                                                "action": {"type": "attack", "seat": seat, "people": choice.people,
                                                           "from": origin, "to": far, "strength": 1, "route": []}})
    assert refused.status_code == 422 and refused.json["error"] and table.version == before  # 4.1
    near = next(iter(sorted(BOARD.borders[origin])))
    sent = client.post("/api/command", json={"command": "decide", "seat": seat, "version": table.version,
                                             "action": {"type": "attack", "seat": seat, "people": choice.people,
                                                        "from": origin, "to": near, "strength": 1, "route": []}})
    assert sent.status_code == 200, sent.json
    assert table.view("public")["attacks"].get(near) or table.view("public")["provinces"].get(near)


def test_french_pages_use_the_rulebooks_names(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack")
    table.handle(SetLanguage("fr"))
    text = visible(now(app).get("/").get_data(as_text=True))
    peoples = {"ailes": "Les Ailés", "amazones": "Les Amazones", "araignees": "Les Araignées",
               "chevaliers": "Les Chevaliers", "dragons": "Les Dragons", "moines": "Les Moines"}
    for key in table.view("public")["order"]:
        assert peoples[key] in text
    assert "Ordre de jeu" in text and "Cartes de magie en main" in text
    assert "Order of play" not in text


def test_a_stated_effect_shows_who_stated_it_on_the_table_page(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack")
    province, held = next(iter(table.view("public")["provinces"].items()))
    table.handle(State({"type": "adjust", "seat": None, "reason": "referee", "boats": {},
                        "tokens": [{"province": province, "people": held["people"], "change": 1}], "allow": []},
                       by="referee"))
    text = visible(now(app).get("/").get_data(as_text=True))
    assert "Effects stated at the table" in text and "The referee" in text and "+1" in text


def test_the_final_ranking_puts_the_winner_first() -> None:
    view: dict[str, Any] = {"players": [{"seat": 0}, {"seat": 1}, {"seat": 2}],
                            "winner": {"seat": 2, "people": "ailes"},
                            "peoples": {"ailes": {"seat": 2, "points": 1}, "dragons": {"seat": 0, "points": 9},
                                        "moines": {"seat": 1, "points": 4}}}
    assert [p["seat"] for p in final_ranking(view)] == [2, 0, 1]  # 14.1, then the count's points (10.1)


def test_the_decide_command_is_the_one_the_seat_page_sends(table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack")
    seat = table.view("public")["awaiting"][0]["seat"]
    choice = table.seat_snapshot(seat).choice
    table.handle(Decide(seat, {"type": "end_attacks", "seat": seat, "people": choice.people}))
    assert table.view("public")["version"] > 0


def test_the_tables_dice_are_typed_on_a_seat_page_one_total_a_side(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack" and t.view("public")["round"] >= 1)
    table.handle(SetChance("table"))  # the referee switches to the table's own dice (6.3-6.4)
    play(table, until=lambda t: (t.view("public")["table"]["asking"] or {}).get("kind") == "dice")
    asking = table.view("public")["table"]["asking"]
    client = as_seat(app, 0)
    page = client.get("/seat/1").get_data(as_text=True)
    assert "The table's dice" in visible(page)
    for which, side in enumerate(asking["sides"]):  # a field a side, typed on the number pad, n to 6n
        assert re.search(rf'name="side-{which}" inputmode="numeric" pattern="\[0-9\]\*" min="{side["least"]}" '
                         rf'max="{side["most"]}"', page)
    assert "data-zside" not in page  # no button a total
    before = table.version
    wrong = client.post("/api/command", json={"command": "tell", "question": asking["question"],
                                              "version": table.version, "outcome": ["six"] * len(asking["sides"])})
    assert wrong.status_code == 422 and table.version == before  # the framework's `tell`: the table refuses it
    told = client.post("/api/command", json={"command": "tell", "question": asking["question"],
                                             "version": table.version,
                                             "outcome": [side["most"] for side in asking["sides"]]})
    assert told.status_code == 200, told.json
    assert table.version > before and table.view("public")["table"]["asking"] != asking


def test_the_players_list_says_what_a_seat_decides_in_words(app: Flask, table: Table) -> None:
    play(table, until=lambda t: t.view("public")["phase"] == "attack")
    text = visible(now(app).get("/").get_data(as_text=True))
    assert "to decide: attack" in text
    assert "red_window" not in text and "combat_card" not in text


def test_the_pages_show_a_game_ended_with_no_winner(app: Flask, table: Table) -> None:
    # Z-26, 14.1: a board emptied by the referee ends the game with no winner; every page still reads it
    play(table, 5, until=lambda t: t.phase() == "attack")
    view = table.view("referee")
    clear = [{"province": p, "people": h["people"], "change": -h["strength"]} for p, h in view["provinces"].items()]
    table.handle(State({"type": "adjust", "seat": None, "reason": "referee", "tokens": clear, "boats": {},
                        "allow": []}))
    for path in ("/", "/seat/1"):
        response = (now(app) if path == "/" else as_seat(app, 0)).get(path)
        assert response.status_code == 200
    # The table view tells the end once the table has done its steps (no climax before the board has it)
    table.handle(Acknowledge(upto=len(table.steps())))
    assert "The game is over." in visible(now(app).get("/").get_data(as_text=True))
