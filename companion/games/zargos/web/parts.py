"""Zargos's page parts, as the web shell asks for them (web.game_parts.GameWeb): its map (svg, layout), its
seat page (seatpage, static/seat.js), the table page's part, the count and final ranking, the names the
scripts show, and its templates and static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.i18n import N_

from ..rules import Board
from . import words
from .requests import REQUESTS
from .seatpage import seat_context
from .stated import state_form
from .svg import chart_svg, map_svg
from .words import DECISIONS, JSON, Translate

HERE = Path(__file__).parent

# The texts seat.js shows by itself.
SCRIPT_MESSAGES = (
    N_("Proposed: the trade is made when the other player accepts it."),
    N_("Tap one of your provinces."), N_("Tap the province to attack, or the sea spaces of the route first."),
    N_("Tap the province to move to, or the sea spaces of the route first."),
    N_("Tap a province to put tokens on."), N_("From {from} to {to}: strength {n}"), N_("by sea: {route}"),
    N_("{n} of {need} placed"), N_("Choose first."), N_("Start again"), N_("Confirm"), N_("{province}: {n}"),
)


def final_ranking(view: JSON) -> list[JSON]:
    """The players of a finished game, the winner first, then by their peoples' points at the last count
    (10.1-10.3), most first."""
    winner = (view.get("winner") or {}).get("seat")
    peoples: dict[str, JSON] = view.get("peoples") or {}

    def points(p: JSON) -> int:
        return sum(q.get("points", 0) for q in peoples.values() if q["seat"] == p["seat"])

    return sorted(view.get("players", []), key=lambda p: (p["seat"] != winner, -points(p), p["seat"]))


def story(view: JSON, t: Translate, referee: bool) -> JSON:
    """The count in words: each people's points and kingdoms, the order it gives, and the winner."""
    peoples: dict[str, JSON] = view.get("peoples") or {}
    winner = view.get("winner")
    rows = [{"people": k, "name": words.people(t, k), "seat": p["seat"], "points": p.get("points", 0),
             "kingdoms": len(p.get("kingdom_cards") or ()), "strength": p.get("strength", 0), "out": p.get("out")}
            for k, p in peoples.items()]
    rows.sort(key=lambda r: (-r["points"], r["name"]))
    over = view.get("phase") == "over"
    verdict = (t(N_("{people} hold the Forbidden City and the three provinces around it: they win."),
                 people=words.people(t, winner["people"])) if winner else
               t(N_("The game goes on.")) if not over else t(N_("The game is over.")))
    return {"over": over or winner is not None, "winner": winner["seat"] if winner else None, "verdict": verdict,
            "rows": rows, "order": [words.people(t, k) for k in view.get("order") or ()], "rounds": rows}


class ZargosWeb:
    templates = HERE / "templates"
    has_map = True
    static = HERE / "static"
    slots = {"seat": "zargos/_seat.html", "scoring": "zargos/_scoring.html", "table": "zargos/_table.html",
             "legend": "zargos/_legend.html", "reference": "zargos/reference.html", "macros": "zargos/_macros.html",
             "stated": "zargos/_stated.html"}
    # referee.js: the wizard's set-up of a Zargos game; stated.js: the form of what the table states (stated.py)
    scripts = {"seat": "seat.js", "referee": "referee.js", "stated": "stated.js"}
    script_messages = SCRIPT_MESSAGES
    script_plurals: tuple[tuple[str, str], ...] = ()
    requests = REQUESTS
    typed_field = "typed"  # a Zargos game's set-up is played, never typed in: its table part refuses one

    def board_svg(self, view: JSON, pack: Board, t: Translate, language: str) -> str:
        return map_svg(view, pack, t, language=language)

    def chart_svg(self, view: JSON, t: Translate) -> str:
        return chart_svg(view, t)

    def story(self, view: JSON, t: Translate, referee: bool) -> Any:
        return story(view, t, referee)

    def final_ranking(self, view: JSON) -> list[JSON]:
        return final_ranking(view)

    def seat_parts(self, seat: int, snapshot: Any, pack: Board, t: Translate, language: str) -> JSON:
        return seat_context(seat, snapshot, pack, t, language)

    def page_parts(self, pack: Board, t: Translate, language: str) -> JSON:
        return {"decision_words": lambda: {name: t(w) for name, w in DECISIONS.items()},
                "zpeople": lambda key: words.people(t, key),
                "zcard": lambda key: words.card(t, key),
                "zprov": lambda key: words.province(pack, key, language),
                "zkingdom": lambda key: words.kingdom(pack, key, language),
                "zphase": lambda key: words.phase(t, key),
                "zdecision_of": lambda key: words.decision(t, key),
                "zseat": lambda view, seat: words.seat_name(view, seat, t),
                "zplayer": lambda view, seat: words.player(view, seat, t),
                "zcolours": words.PEOPLE_COLOURS,
                "zstate_form": lambda view, seat, kinds: state_form(view, pack, t, language, seat, kinds)}

    def reference(self, pack: Board, t: Translate, language: str) -> JSON:
        return {"board": pack, "map_svg": map_svg({"version": ""}, pack, t, language=language)}
