"""Which game the pages are of, and its page parts: the framework finds games through the registry only.

The table's game names its game module when the table says which (`Table.game_key`); a table that does not
plays the registry's default game. Every game with page parts has its templates found by Jinja (under a
folder named after it) and its static files served under /games/<key>/static/, so a page of any game
renders whichever game the table plays next."""

from __future__ import annotations

from typing import Any, cast

from flask import Blueprint, Flask, current_app, url_for

from companion.core import registry
from companion.core.game import GameModule

from .game_parts import GameWeb
from .generic import GENERIC


def game_of(table: Any) -> GameModule:
    key = getattr(table, "game_key", None)
    return registry.load(key if isinstance(key, str) else registry.DEFAULT)


def current() -> GameModule:
    return game_of(current_app.config["TABLE"])


def link_number(seat: int) -> int:
    """The number a seat's link carries (/seat/N, /S/N/…): the seat as people read it, from 1 in every game
    (Zargos numbers its seats from 0: its /seat/1 is its seat 0, "Player 1")."""
    return current().shown_seat(seat)


def linked_seat(number: int) -> int:
    """The game's seat a link's number stands for (`link_number`'s inverse)."""
    return current().inner_seat(number)


def parts() -> GameWeb:
    """The page parts of the table's game; the framework's generic ones for a game that brings none."""
    web = current().web
    return GENERIC if web is None else cast(GameWeb, web)


def static_endpoint(key: str) -> str:
    return f"game_{key}.static"


def game_static(filename: str) -> str:
    """A template's link to a static file of the table's game."""
    return url_for(static_endpoint(current().key), filename=filename)


def install(app: Flask) -> None:
    """Templates and static files of every game that has pages, and the templates' globals for them."""
    # Flask's loader looks in the app's templates, then in each blueprint's: a game's blueprint holds its
    # templates (under a folder named after the game, so no game hides another's) and its static files.
    for game in registry.available():
        if game.web is not None:
            app.register_blueprint(Blueprint(f"game_{game.key}", __name__, template_folder=str(game.web.templates),
                                             static_folder=str(game.web.static),
                                             static_url_path=f"/games/{game.key}/static"))
    app.jinja_env.globals.update(game_static=game_static, link_number=link_number,
                                 slot=lambda name: parts().slots.get(name),
                                 game_script=lambda page: parts().scripts.get(page),
                                 final_ranking=lambda view: parts().final_ranking(view),
                                 game_title=lambda: current().title)
