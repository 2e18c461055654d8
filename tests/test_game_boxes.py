"""Issue 37: one box holds several games that share pieces and words (a game and its other version), found by
the registry from the box's layout (`<box>/common/` shared, `<box>/<version>/` one game each) and offered as
any game is: by `companion games --json` and by the referee's wizard. Played on the tests' twins
(tests/games/shelf/twins), searched for by the registry as companion.games is, for these tests only."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion import i18n
from companion.cli import main
from companion.core import registry
from companion.core.errors import UnknownGame
from tests.table.support import new_table
from tests.web.conftest import PIN, as_referee, web_app
from web.phone import PhoneBoxes

SHELF = "tests.games.shelf"
TWINS = ["twins-long", "twins-short"]


@pytest.fixture
def shelf(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "PLACES", (*registry.PLACES, SHELF))  # undone after the test


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    table = new_table(tmp_path / "web.db", players=4, seed=9)
    table.start()
    yield web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
    table.stop()


def test_a_box_lists_each_of_its_games_by_its_own_id_without_importing_them(shelf: None) -> None:
    for name in (f"{SHELF}.twins", *(f"{SHELF}.twins.{part}" for part in ("common", "short", "long"))):
        sys.modules.pop(name, None)
    listed = registry.keys()
    assert set(TWINS) <= set(listed) and {"xidit", "zargos"} <= set(listed)
    assert not [key for key in listed if key.startswith("twins") and key not in TWINS], \
        "the box's shared part, or the box itself, was taken for a game"
    assert f"{SHELF}.twins.short" not in sys.modules  # listed from the folders alone


def test_each_game_of_a_box_loads_with_its_own_rules_and_the_boxs_shared_words(shelf: None) -> None:
    short, long = registry.load("twins-short"), registry.load("twins-long")
    assert (short.key, long.key) == ("twins-short", "twins-long")
    assert short.rules.record_format != long.rules.record_format
    assert registry.by_record_format("twins-long-record/1") is long
    assert type(short.rules) is type(long.rules) and short.words == long.words  # one shared module
    assert short.catalog == long.catalog
    assert {"twins-short", "twins-long"} <= {game.key for game in registry.loaded()}
    assert "racer" in i18n.words()
    assert i18n.translate("fr", "racer") == "coureur" and i18n.translate("fr", short.title) == "Jumeaux, courts"
    with pytest.raises(UnknownGame, match="no game 'twins'"):
        registry.load("twins")  # the box is not a game
    with pytest.raises(UnknownGame, match="no game 'twins-common'"):
        registry.load("twins-common")


def test_a_box_is_found_only_where_the_registry_searches() -> None:
    assert not set(TWINS) & set(registry.keys())
    with pytest.raises(UnknownGame):
        registry.load("twins-short")


def test_companion_games_lists_both_games_of_a_box(shelf: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    listed = {game["id"]: game for game in json.loads(capsys.readouterr().out)["games"]}
    assert listed["twins-short"] == {"id": "twins-short", "name": "Twins, short", "seats": {"min": 2, "max": 4},
                                     "record_format": "twins-short-record/1", "view_format": "twins-short-state/1",
                                     "options": [{"name": "laps", "values": ["1"], "default": "1"}]}
    assert listed["twins-long"]["options"] == [{"name": "laps", "values": ["3"], "default": "3"}]
    assert {"xidit", "zargos"} <= set(listed)


def test_the_wizard_offers_both_games_of_a_box(shelf: None, app: Flask) -> None:
    page = as_referee(app).get("/referee").get_data(as_text=True)
    assert '<option value="twins-short">Twins, short (2 to 4 players)</option>' in page
    assert '<option value="twins-long">Twins, long (2 to 4 players)</option>' in page
    chosen = as_referee(app).get("/referee?game=twins-long").get_data(as_text=True)
    assert '<option value="twins-long" selected>' in chosen
