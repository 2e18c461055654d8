"""The framework's own page parts, for a game whose module brings none (`GameModule.web` None): its pages
still open, drawn from the reader's view alone (its round and phase, whose turn, the players, and the view
itself as the reader may read it), never a 500. A game's own parts replace these as soon as it has them."""

from __future__ import annotations

import json
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
        return {"decision_words": dict, "view_text": view_text}

    def reference(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"board": pack}


def _result(view: JSON) -> JSON | None:
    """How the game ended, as the table part of the view says it (companion/table/results.py), or None."""
    found = (view.get("table") or {}).get("result")
    return found if isinstance(found, dict) else None


def view_text(view: JSON) -> str:
    """The reader's own view, as the page may show it: everything but the table's part (shown in words)."""
    return json.dumps({k: v for k, v in view.items() if k != "table"}, indent=1, ensure_ascii=False)


GENERIC = GenericWeb()
