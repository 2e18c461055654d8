"""The framework's own page parts, for a game whose module brings none (`GameModule.web` None): its pages
still open, drawn from the reader's view alone (its round and phase, whose turn, the players, and the view
itself as the reader may read it), never a 500. A game's own parts replace these as soon as it has them."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from companion.i18n import N_
from companion.table.envelope import players_by_seat

from .game_parts import JSON, GameRequest, Translate

HERE = Path(__file__).parent

# Shown where a game would draw its map: the framework knows no board.
# A line of text, as wide as a sentence (French's longest fits): the page keeps it a line high (style.css
# `svg.no-map`), not scaled up to the width of a TV.
NO_MAP = ('<svg xmlns="http://www.w3.org/2000/svg" class="no-map" viewBox="0 0 400 40" role="img" '
          'aria-label="{text}"><text x="200" y="25" text-anchor="middle" font-size="13">{text}</text></svg>')


class GenericWeb:
    """`web.game_parts.GameWeb` from a view's JSON alone."""

    templates = HERE / "templates"
    static = HERE / "static"
    slots = {"seat": "generic/_seat.html", "scoring": "generic/_scoring.html", "macros": "generic/_macros.html"}
    scripts: dict[str, str] = {}
    script_messages: tuple[str, ...] = ()
    script_plurals: tuple[tuple[str, str], ...] = ()
    requests: dict[str, GameRequest] = {}
    typed_field = "typed"  # a set-up typed in from the table: the game's table part reads it (or refuses one)
    has_map = False  # board_svg says there is none

    def board_svg(self, view: JSON, pack: Any, t: Translate, language: str) -> str:
        return NO_MAP.format(text=escape(t(N_("This game has no map on the pages yet."))))

    def chart_svg(self, view: JSON, t: Translate) -> str:
        return NO_MAP.format(text=escape(t(N_("This game has no chart on the pages yet."))))

    def story(self, view: JSON, t: Translate, referee: bool) -> Any:
        """The end as the table says it from the game's `Result` (the view's `table.result`): who won, a team
        or nobody."""
        result = _result(view)
        over = result is not None
        verdict = (result or {}).get("said") or \
            (t(N_("The game is over.")) if over else t(N_("The game is under way.")))
        winners = (result or {}).get("winners") or []
        return {"over": over, "winner": winners[0] if len(winners) == 1 else None, "verdict": verdict, "rounds": []}

    def final_ranking(self, view: JSON) -> list[JSON]:
        """The winners first (the `Result`'s, in the view's `table.result`), the others in seat order."""
        winners = (_result(view) or {}).get("winners") or []
        players = players_by_seat(view)
        return [players[seat] for seat in sorted(players, key=lambda seat: (seat not in winners, seat))]

    def seat_parts(self, seat: int, snapshot: Any, pack: Any, t: Translate, language: str) -> JSON:
        return {}

    def page_parts(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"decision_words": dict, "view_lines": lambda view: view_lines(view, t)}

    def reference(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"board": pack}


def _result(view: JSON) -> JSON | None:
    """How the game ended, as the table part of the view says it (companion/table/results.py), or None."""
    found = (view.get("table") or {}).get("result")
    return found if isinstance(found, dict) else None


# A view's fields the page says elsewhere, or that name no part of the game: never shown as the game's.
UNSAID = ("format", "reader", "version", "table")


def view_lines(view: JSON, t: Translate) -> list[JSON]:
    """The reader's own view in words, as the page may show it: each field of the game's view by its name (a
    game word, translated), its value in words; a list of objects a row each, named by its seat when it has
    one (the envelope's `players` by their seat alone). Never the view's JSON: a player reads words (the
    table's part is shown in words)."""
    rows: list[JSON] = []
    for key, value in view.items():
        if key in UNSAID:
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for item in value:
                seat = item.get("seat")
                mine = isinstance(seat, int) and not isinstance(seat, bool)
                rows.append({"label": _name(key, t), "seat": seat if mine else None, "players": key == "players",
                             "text": _fields({k: v for k, v in item.items() if not (mine and k == "seat")}, t)})
        else:
            rows.append({"label": _name(key, t), "seat": None, "players": False, "text": _said(value, t)})
    return rows


def _name(key: str, t: Translate) -> str:
    return t(key).replace("_", " ")


def _fields(value: JSON, t: Translate) -> str:
    return " · ".join(f"{_name(str(k), t)} {_said(v, t)}" for k, v in value.items()) or "—"


def _said(value: Any, t: Translate) -> str:
    if isinstance(value, bool):
        return t(N_("yes")) if value else t(N_("no"))
    if value is None:
        return "—"
    if isinstance(value, dict):
        return _fields(value, t)
    if isinstance(value, list | tuple):
        return ", ".join(_said(v, t) for v in value) or "—"
    if isinstance(value, str):
        return t(value)
    return str(value)


GENERIC = GenericWeb()
