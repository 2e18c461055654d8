"""How an Epic game ends (E3.3, E5.3, E9.4, E10.2, A-33, A-34, A-47, A-48) and its scores (E3.5, A-35, A-37)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.errors import N_
from companion.core.game import Result, Team

from .state import State
from .terms import BARBARIANS, CHIEF_POINTS, DRAGON, FACTION_WORDS, OBJECTIVE_POINTS, OBJECTIVE_WORDS, POPULACE, SAVE

if TYPE_CHECKING:
    from .match import EpicMatch

REASONS = {
    "dragon": N_("The Dragon's rage is complete: he burns the city."),
    "city": N_("The city falls to {faction}."),
    "chaos": N_("Both the Populace and the Barbarians take the city: it sinks into chaos, no objective is fulfilled."),
    "died": N_("The King dies of his illness."),
    "saved": N_("The King is saved: his Health is at its maximum."),
    "palace": N_("Player {seat}, in Exile, destroys the Palace and kills the King."),
}


def check(match: EpicMatch, s: State) -> bool:
    """Ends checked after every change: the Dragon's head (E5.3, A-41), the King saved (A-33) or dead (A-34)."""
    if s.phase == "over":
        s.pending.clear()
        return True
    if s.dragon >= match.pack.dragon_head:
        s.end = {"how": "dragon"}
    elif s.health >= match.pack.health_max:
        s.end = {"how": "saved"}
    elif s.health <= 0:
        s.end = {"how": "died"}
    else:
        return False
    s.phase = "over"
    s.pending.clear()
    return True


def fulfilled(match: EpicMatch) -> set[int]:
    """The seats whose Objective the end fulfils."""
    s, end = match.state, match.state.end or {}
    how, wanted = end.get("how"), None
    if how == "saved":
        wanted = SAVE
    elif how == "dragon":
        wanted = DRAGON
    elif how == "city":
        wanted = end["faction"]
    elif how == "died" and match.players > 2:  # E3.3c, A-34; A-48: nothing at two players
        forces = {POPULACE: s.populace, BARBARIANS: s.barbarians, DRAGON: s.dragon}
        best = max(forces.values())
        leaders = [f for f, v in forces.items() if v == best]
        wanted = leaders[0] if len(leaders) == 1 else None
    elif how == "palace":  # E3.3b: the regicide, if his objective was the King's death
        seat = end["seat"]
        return set() if match.setup.objective(seat) == SAVE else {seat}
    return {p for p in match.setup.seats if match.setup.objective(p) == wanted}


def scores(match: EpicMatch) -> dict[int, dict[str, int]]:
    """E3.5, A-37: 20 for the Objective, the Flask gems and the Power at the pack's values, 5 per Chief."""
    pack, done = match.pack, fulfilled(match)
    found = {}
    for seat, mage in match.state.mages.items():
        flask = sum(mage.flask.values()) if mage.has_flask else 0
        parts = {"objective": OBJECTIVE_POINTS if seat in done else 0, "flask": flask * pack.vp_flask_gem,
                 "chiefs": CHIEF_POINTS * len(mage.chiefs), "power": mage.power * pack.vp_power}
        found[seat] = {**parts, "total": sum(parts.values())}
    return found


def result(match: EpicMatch) -> Result:
    """A-35: the highest total wins, equal totals share. The sides are named by their Objectives, all shown at
    the end."""
    points = scores(match)
    totals = sorted({p["total"] for p in points.values()}, reverse=True)
    places = tuple(tuple(seat for seat in match.setup.seats if points[seat]["total"] == t) for t in totals)
    sides: dict[str, tuple[int, ...]] = {}
    for seat in match.setup.seats:
        objective = match.setup.objective(seat)
        sides[objective] = (*sides.get(objective, ()), seat)
    teams = tuple(Team(seats, OBJECTIVE_WORDS[objective]) for objective, seats in sides.items())
    end = match.state.end or {}
    params: dict[str, object] = {}
    if end.get("how") == "city":
        params["faction"] = FACTION_WORDS[end["faction"]]
    if end.get("how") == "palace":
        params["seat"] = end["seat"]
    detail = {"end": dict(end), "scores": {str(k): v for k, v in points.items()},
              "fulfilled": sorted(fulfilled(match))}
    return Result(places, places[0], detail, teams, REASONS[str(end.get("how"))], params)
