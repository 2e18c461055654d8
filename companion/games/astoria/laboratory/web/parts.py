"""The Laboratory's page parts, as the web shell asks for them (web.game_parts.GameWeb): the laboratory drawn
from each team's side (board.py); the table view's part (the Reserve per colour and the colour closest to
running out, dominance per colour, Flasks, laid cards, scores, the Discoveries, whose turn and the move that
may not be undone, L6.3); a seat's page (its hand, secret, and its choices in a few taps: static/seat.js);
the end in words. The scoring slot and what else a game may give are the framework's generic ones."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.i18n import N_

from ...common.rules.gems import COLOURS
from ..rules import PROVISIONAL
from ..rules.moves import move_to_json
from ..table.words import A_GEM, REACTION
from .board import laboratory_svg
from .words import DECISIONS, FILL, INK, JSON, Translate, card_words, move_path

HERE = Path(__file__).parent
KEY = "astoria-laboratory"

SCRIPT_MESSAGES = (N_("Back"), N_("Reconnecting…"), N_("Choose:"))


def table_summary(view: JSON, t: Translate) -> JSON:
    """What the table view shows beside the laboratory, in words."""
    lab = view.get("laboratory") or []
    reserve = view.get("reserve") or {}
    left = {c: reserve.get(c, 0) + sum(slot.count(c) for slot in lab) for c in COLOURS}  # L10.1: both places
    fewest = min(left.values()) if left else 0
    teams = view.get("teams") or []
    dominant = view.get("dominant") or {}
    players = view.get("players") or []
    last = view.get("last_move")
    banned = None
    if last and view.get("phase") != "over":
        banned = t(N_("No symmetry: only seat {seat} may move {gem} back from slot {to} to slot {source}."),
                   seat=last["seat"], gem=t(A_GEM[last["colour"]]), to=last["to"] + 1, source=last["source"] + 1)
    return {
        "reserve": [{"colour": c, "name": t(c), "n": reserve.get(c, 0), "left": left[c], "fill": FILL[c],
                     "ink": INK[c], "low": left[c] == fewest} for c in COLOURS],
        "fewest": [t(c) for c in COLOURS if left[c] == fewest],
        "dominance": [{"colour": c, "name": t(c), "fill": FILL[c], "ink": INK[c], "team": dominant.get(c, "")}
                      for c in COLOURS],
        "teams": [{"team": tm["team"], "seats": tm["seats"], "flask": [t(c) for c in tm["flask"]],
                   "flask_fill": [FILL[c] for c in tm["flask"]], "flask_ink": [INK[c] for c in tm["flask"]],
                   "points": tm["points"],
                   "characters": [t(c) for c in tm["characters"]]} for tm in teams],
        "laid": [{"seat": p["seat"], "team": p["team"], "cards": p["cards"], "points": p["points"],
                  "laid": [{"card": c["card"], "gems": [t(g) for g in c["gems"]],
                            "glyphs": [t(g) for g in c["glyphs"]]} for c in p["laid"]]} for p in players],
        "discoveries": view.get("discoveries") or [], "deck": view.get("deck", 0),
        "banned": banned, "turn": view.get("turn"),
        "reactions": [t(N_("{reaction} in slot {slot}"), reaction=t(REACTION[r["colour"]]), slot=r["slot"] + 1)
                      for r in view.get("reactions") or []],
    }


class LabWeb:
    templates = HERE / "templates"
    static = HERE / "static"
    slots = {"seat": f"{KEY}/_seat.html", "status": f"{KEY}/_status.html", "table": f"{KEY}/_table.html",
             "macros": f"{KEY}/_macros.html", "scoring": "generic/_scoring.html"}
    scripts = {"seat": "seat.js"}
    script_messages = SCRIPT_MESSAGES
    script_plurals: tuple[tuple[str, str], ...] = ()
    requests: dict[str, Any] = {}
    typed_field = "typed"
    has_map = False  # the laboratory is drawn in the table's part, not as a map to zoom

    def board_svg(self, view: JSON, pack: Any, t: Translate, language: str) -> str:
        return laboratory_svg(view, t)

    def chart_svg(self, view: JSON, t: Translate) -> str:
        return laboratory_svg(view, t)

    def story(self, view: JSON, t: Translate, referee: bool) -> Any:
        found = (view.get("table") or {}).get("result")
        result = found if isinstance(found, dict) else None
        over = result is not None
        verdict = (result or {}).get("said") or \
            (t(N_("The game is over.")) if over else t(N_("The game is under way.")))
        return {"over": over, "winner": None, "verdict": verdict, "rounds": []}

    def final_ranking(self, view: JSON) -> list[JSON]:
        """Team by team, the winning team first (A-20: a team wins), then by each alchemist's points."""
        result = (view.get("table") or {}).get("result") or {}
        winners = result.get("winners") or []
        return sorted(view.get("players", []), key=lambda p: (p["seat"] not in winners, -p.get("points", 0),
                                                              p["seat"]))

    def seat_parts(self, seat: int, snapshot: Any, pack: Any, t: Translate, language: str) -> JSON:
        view: JSON = snapshot.view
        pack = pack or PROVISIONAL
        me = next((p for p in view.get("players", []) if p["seat"] == seat), None)
        team = 0 if me is None or me["team"] == "A" else 1
        choice = snapshot.choice
        moves = [] if choice is None else [move_to_json(m) for m in choice.enumerate()]
        lab_now = view.get("laboratory") or []
        hand = [{**card_words(t, c, pack, team),
                 "ready": all(lab_now[s].count(col) >= n for (s, col), n in _needs(pack, c, team).items())}
                for c in (me or {}).get("hand", [])]
        return {
            "lme": me, "lhand": hand, "lhand_known": me is not None and "hand" in me,
            "lside": lambda: laboratory_svg(view, t, team),
            "lchoice": None if choice is None else {
                "decision": choice.decision, "words": t(DECISIONS.get(choice.decision, choice.decision)),
                "moves": [{"path": move_path(t, m, view), "action": m} for m in moves]},
        }

    def page_parts(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"decision_words": lambda: {k: t(v) for k, v in DECISIONS.items()},
                "lab_table": lambda view: table_summary(view, t)}

    def reference(self, pack: Any, t: Translate, language: str) -> JSON:
        return {"board": pack}


def _needs(pack: Any, card: int, team: int) -> dict[tuple[int, str], int]:
    found: dict[tuple[int, str], int] = {}
    if card not in pack.artefacts:
        return {(0, "none"): 1}
    for slot, colour in pack.artefacts[card].pattern:
        key = (slot if team == 0 else pack.facing[slot], colour)
        found[key] = found.get(key, 0) + 1
    return found


__all__ = ["LabWeb"]
