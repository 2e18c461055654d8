"""The Epic's page parts, as the web shell asks for them (web.game_parts.GameWeb): the table view's part (every
track, the round's Flux, the Chiefs, the Guard Room, each mage's Power, Stock, Flask and Artefacts, the exiles
and unmasked Objectives, whose turn and how many actions are left; at the end every Objective with what each
did for or against the King), a mage's phone page (seatpage.py, static/seat.js) and the end in words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.i18n import N_

from ..rules.terms import COLOURS
from . import words
from .seatpage import seat_context
from .svg import board_svg
from .words import DECISIONS, JSON, Translate

HERE = Path(__file__).parent
SCRIPT_MESSAGES = (N_("Choose the gem's colour and the card's places."), N_("Sent."))


def _result(view: JSON) -> JSON | None:
    found = (view.get("table") or {}).get("result")
    return found if isinstance(found, dict) else None


class EpicWeb:
    templates = HERE / "templates"
    static = HERE / "static"
    slots = {"seat": "astoria-epic/_seat.html", "table": "astoria-epic/_table.html",
             "macros": "astoria-epic/_macros.html", "scoring": "astoria-epic/_scoring.html"}
    scripts = {"seat": "seat.js"}
    script_messages = SCRIPT_MESSAGES
    script_plurals: tuple[tuple[str, str], ...] = ()
    requests: dict[str, Any] = {}
    typed_field = "typed"
    has_map = True  # the board's tracks, drawn (svg.py)

    def board_svg(self, view: JSON, pack: Any, t: Translate, language: str) -> str:
        return board_svg(view, t)

    def chart_svg(self, view: JSON, t: Translate) -> str:
        return ""

    def story(self, view: JSON, t: Translate, referee: bool) -> Any:
        result = _result(view)
        over = result is not None
        verdict = (result or {}).get("said") or (t(N_("The game is over.")) if over else
                                                  t(N_("The game is under way.")))
        winners = (result or {}).get("winners") or []
        return {"over": over, "winner": winners[0] if len(winners) == 1 else None, "verdict": verdict,
                "rounds": []}

    def final_ranking(self, view: JSON) -> list[JSON]:
        places = ((view.get("result") or {}).get("places")) or []
        order = [seat for place in places for seat in place]
        players: list[JSON] = list(view.get("players", []))
        return sorted(players, key=lambda p: order.index(p["seat"]) if p["seat"] in order else len(order))

    def seat_parts(self, seat: int, snapshot: Any, pack: Any, t: Translate, language: str) -> JSON:
        return seat_context(seat, snapshot, pack, t, language)

    def page_parts(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"decision_words": lambda: {name: t(w) for name, w in DECISIONS.items()},
                "edomain": lambda c: words.domain(t, c), "eobjective_of": lambda k: words.objective(t, k),
                "etrack": lambda k: words.track(t, k), "ecolours": COLOURS,
                "eartefact": lambda a: words.artefact(t, a), "ecolour": lambda c: t(c)}

    def reference(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"board": pack}
