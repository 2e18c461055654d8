"""Which game the pages are of, and its page parts: the framework finds games through the registry only.

The table's game names its game module when the table says which (`Table.game_key`); a table that does not
plays the registry's default game. Every game with page parts has its templates found by Jinja (under a
folder named after it) and its static files served under /games/<key>/static/, so a page of any game
renders whichever game the table plays next. Both are found when first asked for: a game's page parts are
imported when a page of it is shown (its game made or resumed, or offered by the wizard), never at start-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from flask import Flask, abort, current_app, send_from_directory, url_for
from flask.typing import ResponseReturnValue
from jinja2 import BaseLoader, ChoiceLoader, Environment, FileSystemLoader, TemplateNotFound

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


STATIC = "game_static"  # the endpoint of every game's static files: /games/<key>/static/<filename>


def static_url(key: str, filename: str) -> str:
    """The link to a static file of a game."""
    return url_for(STATIC, key=key, filename=filename)


def game_static(filename: str) -> str:
    """A template's link to a static file of the table's game."""
    return static_url(current().key, filename)


def _web_of(key: str) -> GameWeb | None:
    """A game's page parts, imported now if they were not (None for an unknown game or one without)."""
    known = registry.keys()  # (a module's function, not a dict's)
    if key not in known:
        return None
    return cast(GameWeb | None, registry.load(key).web)


class GameTemplates(BaseLoader):
    """A game's templates, named after the game ("xidit/_table.html"): the game's page parts are imported
    when one of its templates is first asked for."""

    def __init__(self) -> None:
        self._folders: dict[str, FileSystemLoader] = {}

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        key, slash, _ = template.partition("/")
        folder = self._folders.get(key)
        if folder is None and slash and (web := _web_of(key)) is not None:
            folder = self._folders[key] = FileSystemLoader(str(web.templates))
        if folder is None:
            raise TemplateNotFound(template)
        return folder.get_source(environment, template)


def _serve_static(key: str, filename: str) -> ResponseReturnValue:
    web = _web_of(key)
    if web is None:
        abort(404)
    return send_from_directory(web.static, filename)


def install(app: Flask) -> None:
    """Templates and static files of every game that has pages, and the templates' globals for them."""
    # The app's own templates first, then a game's (under a folder named after the game, so no game hides
    # another's); a game's static files at /games/<key>/static/.
    app.jinja_loader = ChoiceLoader([loader for loader in (app.jinja_loader,) if loader is not None]
                                    + [GameTemplates()])
    app.add_url_rule("/games/<key>/static/<path:filename>", STATIC, _serve_static)
    app.jinja_env.globals.update(game_static=game_static, link_number=link_number,
                                 slot=lambda name: parts().slots.get(name),
                                 game_script=lambda page: parts().scripts.get(page),
                                 final_ranking=lambda view: parts().final_ranking(view),
                                 game_title=lambda: current().title)
