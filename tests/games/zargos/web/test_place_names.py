"""Place names in the page's language (game night 2026-11-29, "Mixed languages"): a pack may give a place a
French name (`name_fr`, zargos-board/1); French pages, steps and lines show it, English ones the pack's
`name`; the shipped pack's French names are the French rules' where they give one. And French plurals are
real ones: "1 grand + 2 petits", never "grand(s)"."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion.games.zargos.boards import check_pack, default_pack, default_pack_text, parse_pack
from companion.games.zargos.table.words import tokens
from companion.games.zargos.web.svg import map_svg
from companion.i18n import translate
from companion.table import SetLanguage
from tests.games.zargos.table.support import new_game, play
from tests.web.conftest import PIN, web_app
from web.phone import PhoneBoxes

from .test_pages import visible

BOARD = default_pack()


def test_the_shipped_pack_names_places_in_french_as_the_french_rules_do() -> None:
    city = BOARD.provinces[BOARD.forbidden_city].name
    assert (str(city), city.render("fr")) == ("the Forbidden City", "la Cité Interdite")  # 1.1, 14.1
    lake = next(s for s in BOARD.seas.values() if s.lake)
    assert lake.name.render("fr") == "Le lac"  # « la case lac entre les royaumes de KORI et LUDOS »
    assert {BOARD.kingdoms[k].name.render("fr") for k in ("kori", "ludos")} == {"KORI", "LUDOS"}
    assert BOARD.kingdoms["k3"].name.render("fr") == "Royaume 3"  # invented, as its English name
    assert "PROVISIONAL" in default_pack_text().split("format =")[0]


def test_a_french_name_is_optional_and_must_be_a_text() -> None:
    text = default_pack_text()
    plain = text.replace('name_fr = "Royaume 3"\n', "", 1)
    assert check_pack(plain) == []
    assert parse_pack(plain).kingdoms["k3"].name.render("fr") == "Kingdom 3"  # no French name: the pack's own
    assert any("'name_fr' must be a non-empty text" in p for p in check_pack(text.replace(
        'name_fr = "Royaume 3"', 'name_fr = ""', 1)))


def test_the_map_and_the_steps_speak_the_page_s_language() -> None:
    def drawn(language: str) -> str:
        return map_svg({"version": ""}, BOARD, lambda m, **p: translate(language, m, p), language=language)
    french, english = drawn("fr"), drawn("en")
    assert "Royaume 3" in french and "Mer 1" in french and "Le lac" in french and "Kingdom 3" not in french
    assert "Kingdom 3" in english and "Sea 1" in english and "Cité" not in english


def test_the_pages_of_a_french_table_name_its_places_in_french(tmp_path: Path) -> None:
    table = new_game(tmp_path / "z.db", 3, seed=5)
    play(table, seed=3, until=lambda t: t.view("public")["round"] >= 1)
    app: Flask = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, {0, 1, 2}))
    table.handle(SetLanguage("fr"))
    client = app.test_client()
    client.set_cookie("board", "now")
    page = visible(client.get("/").get_data(as_text=True))
    assert "Royaume" in page and "Kingdom" not in page and "Sea " not in page
    steps = " ".join(line["text"] for s in table.view("public")["table"]["steps"] for line in s["lines"])
    assert "Royaume" in steps and "Kingdom" not in steps
    table.handle(SetLanguage("en"))
    page = visible(client.get("/").get_data(as_text=True))
    assert "Kingdom" in page and "Royaume" not in page and "Cité" not in page


def test_french_counts_of_tokens_agree_with_their_nouns() -> None:
    assert tokens(7).render("fr") == "force 7 (1 grand + 2 petits)"
    assert tokens(12).render("fr") == "force 12 (2 grands + 2 petits)"
    assert tokens(6).render("en") == "strength 6 (1 large + 1 small)"
