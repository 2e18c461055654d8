"""The pages are a framework: a game's page parts (web/game_parts.py) come from its module, found through the
registry; its templates and static files from its own package; its requests decoded by its own part."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.core import registry
from companion.core.game import GameModule
from companion.table import commands as c
from web import command_requests
from web.auth import Role
from web.game import game_of

from .conftest import as_referee, as_seat

XIDIT = registry.load("xidit")
ROOT = Path(__file__).parent.parent.parent


def test_xidits_page_parts_live_in_its_game_package() -> None:
    web = XIDIT.web
    assert Path(web.templates).is_relative_to(ROOT / "companion" / "games" / "xidit")
    for slot, template in web.slots.items():
        assert (Path(web.templates) / template).is_file(), slot
    for page, script in web.scripts.items():
        assert (Path(web.static) / script).is_file(), page
    assert not any((ROOT / "web" / name).exists() for name in ("svg.py", "layout.py", "seatpage.py", "words.py"))


def test_a_games_static_files_are_served_under_its_own_path(app: Flask) -> None:
    client = app.test_client()
    with client.get("/games/xidit/static/seat.js") as served:
        assert served.status_code == 200
        assert served.data == (Path(XIDIT.web.static) / "seat.js").read_bytes()
    assert client.get("/games/xidit/static/../../../web/__init__.py").status_code == 404
    assert client.get("/games/nothing/static/seat.js").status_code == 404


def test_the_pages_link_their_games_scripts(app: Flask) -> None:
    page = as_seat(app, 1).get("/seat/1").get_data(as_text=True)
    assert re.search(r'<script src="/games/xidit/static/seat\.js" defer>', page)
    reference = as_referee(app).get("/reference").get_data(as_text=True)
    assert '<script src="/games/xidit/static/reference.js" defer>' in reference
    # The game's part of the referee page comes before the framework's script, which calls it.
    referee = as_referee(app).get("/referee").get_data(as_text=True)
    assert referee.index('src="/games/xidit/static/referee.js"') < referee.index('src="/static/referee.js"')


def test_the_app_finds_the_tables_game_through_the_registry() -> None:
    class Plain:
        pass

    class Named:
        game_key = "xidit"

    assert game_of(Plain()) is game_of(Named()) is registry.load(registry.DEFAULT)


def test_the_framework_decodes_its_own_requests_and_the_game_decodes_its_own() -> None:
    seat, referee = Role("seat", 2), Role("referee")
    xidit = command_requests.game_requests(XIDIT.web.requests)
    assert command_requests.parse({"command": "lock", "seat": 2}, seat, xidit) == c.Seal(2)
    assert command_requests.parse({"command": "set_order", "seat": 2, "slot": 0, "order": "red"}, seat, xidit) \
        == c.EditDraft(2, {"slot": 0, "order": "red"})
    assert command_requests.parse({"command": "tell_tile", "choice": 3, "question": 1}, seat, xidit) \
        == c.Tell(3, "player", 1)
    # Without the game's part the framework knows none of Xidit's words.
    for name in ("lock", "set_order", "set_program", "unlock", "tell_tile"):
        with pytest.raises(command_requests.BadRequest, match="unknown command"):
            command_requests.parse({"command": name, "seat": 2}, referee)
    # Who may send a game's request is checked before its body is read.
    with pytest.raises(command_requests.Forbidden, match="own seat"):
        command_requests.parse({"command": "lock", "seat": 3}, seat, xidit)
    with pytest.raises(command_requests.Forbidden, match="sign in"):
        command_requests.parse({"command": "tell_tile"}, Role("public"), xidit)
    with pytest.raises(command_requests.BadRequest, match="'slot' must be a whole number"):
        command_requests.parse({"command": "set_order", "seat": 2, "slot": "x"}, seat, xidit)


def test_a_game_cannot_take_over_a_framework_request() -> None:
    """A game's request of the same name as the framework's is not used: the framework's checks stay."""
    class Hijack:
        who = "anyone"

        @staticmethod
        def decode(fields: Any, seat: int | None, by: str) -> Any:
            return c.SetLanguage("fr")

    hijacked = command_requests.game_requests({"new_game": Hijack()})
    with pytest.raises(command_requests.Forbidden):
        command_requests.parse({"command": "new_game"}, Role("public"), hijacked)


def test_every_game_with_pages_gives_every_part_the_pages_ask_for() -> None:
    wanted = {"templates", "static", "slots", "scripts", "script_messages", "script_plurals", "requests",
              "board_svg", "chart_svg", "story", "final_ranking", "seat_parts", "page_parts", "reference"}
    games: list[GameModule] = [g for g in registry.available() if g.web is not None]
    assert XIDIT in games
    for game in games:
        assert sorted(name for name in wanted if not hasattr(game.web, name)) == [], game.key
