"""The Laboratory's view per reader ("astoria-laboratory-state/1", docs/formats.md) and its result.

A hand is the one secret (the table's "what each player's box shows secretly"): a seat reads its own, and in
Collective play its teammates' too (L11.1: they may discuss their strategy); in Cooperative play not even a
teammate's. The public and the other seats read only how many cards a hand holds. Everything else is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.errors import N_
from companion.core.game import Reader, Result, Team

from .moves import TEAMS

if TYPE_CHECKING:
    from .game import LabMatch

VIEW_FORMAT = "astoria-laboratory-state/1"


def may_see_hand(match: LabMatch, who: Reader, seat: int) -> bool:
    if who.sees(seat):
        return True
    setup = match.setup
    return (who.seat is not None and setup.team_play == "collective"
            and setup.team(who.seat) == setup.team(seat))


def points(match: LabMatch) -> tuple[dict[int, int], list[int]]:
    """L10.2, A-20: 1 point per gem on a player's laid cards; a team adds 2 per gem in its Flasks."""
    s = match.state
    own = {seat: sum(len(laid["gems"]) for laid in s.laid[seat]) for seat in match.setup.seats}
    teams = [sum(own[seat] for seat in match.setup.members(t)) + 2 * len(s.flasks[t]) for t in (0, 1)]
    return own, teams


def view_of(match: LabMatch, reader: str) -> dict[str, Any]:
    s, setup, pack = match.state, match.setup, match.pack
    who = Reader.parse(reader, setup.seats)
    own, team_points = points(match)
    players = []
    for seat in setup.seats:
        p: dict[str, Any] = {"seat": seat, "team": TEAMS[setup.team(seat)], "character": setup.characters[seat - 1],
                             "cards": len(s.hands[seat]),
                             "laid": [{"card": laid["card"], "gems": list(laid["gems"]),
                                       "glyphs": list(laid["glyphs"])} for laid in s.laid[seat]],
                             "points": own[seat]}
        if setup.cards == "catalogue" and may_see_hand(match, who, seat):
            p["hand"] = sorted(s.hands[seat])
        players.append(p)
    teams = [{"team": TEAMS[t], "seats": list(setup.members(t)), "characters": list(setup.team_characters(t)),
              "flask": list(s.flasks[t]), "points": team_points[t]} for t in (0, 1)]
    node, result = match.chance(), match.result()
    playing = s.phase in ("turn", "react", "make", "draw", "refill")
    return {
        "format": VIEW_FORMAT, "reader": reader, "version": match.version, "phase": s.phase,
        "pack": pack.status, "team_play": setup.team_play, "rotations": setup.rotations, "objects": setup.objects,
        "cards": setup.cards,
        "laboratory": [list(slot) for slot in s.lab], "facing": list(pack.facing), "centre": s.centre,
        "reserve": dict(s.reserve), "dominant": {c: TEAMS[t] for c, t in match.dominance().items()},
        "discoveries": list(s.discoveries), "deck": s.deck_size(),
        "first": s.first, "order": list(match.order()) if s.first is not None else [],
        "turn": match.player() if playing else None,
        "last_move": dict(s.last_move) if s.last_move else None,
        "reactions": [f.to_json() for f in s.stack],
        "players": players, "teams": teams,
        "awaiting": [{"seat": seat, "decision": decision} for seat, decision in match.awaiting()],
        "chance": None if node is None else {"kind": node.kind, "told_by": node.told_by},
        "result": None if result is None else {
            "places": [list(p) for p in result.places], "winners": list(result.winners),
            "reason": s.reason, **result.detail},
    }


def result_of(match: LabMatch) -> Result:
    """L10.2, A-20: the team with more points wins, equal totals are a draw; the best alchemist (most gems on
    his own laid cards) is named too."""
    setup, s = match.setup, match.state
    own, team_points = points(match)
    teams = tuple(Team(setup.members(t), N_("Team {team}"), {"team": TEAMS[t]}) for t in (0, 1))
    best = max(own.values())
    detail = {"points": {TEAMS[t]: team_points[t] for t in (0, 1)},
              "best_alchemists": [seat for seat in setup.seats if own[seat] == best]}
    ranked = sorted((0, 1), key=lambda t: -team_points[t])
    why = s.reason if s.reason in ("full", "stalled") else "colour"
    if team_points[0] == team_points[1]:
        places: tuple[tuple[int, ...], ...] = (tuple(setup.seats),)
        winners: tuple[int, ...] = ()
        params: dict[str, Any] = {"points": team_points[0]}
        reason = REASONS[why, "draw"]
    else:
        places = tuple(setup.members(t) for t in ranked)
        winners = places[0]
        params = {"team": TEAMS[ranked[0]], "points": team_points[ranked[0]], "other": team_points[ranked[1]]}
        reason = REASONS[why, "win"]
    if why == "colour":
        params["colour"] = s.reason
    return Result(places, winners, detail, teams, reason, params)


REASONS = {
    ("colour", "win"): N_("No {colour} gem is left in the Reserve or the laboratory: Team {team} wins with "
                          "{points} points against {other}."),
    ("colour", "draw"): N_("No {colour} gem is left in the Reserve or the laboratory: both teams scored {points} "
                           "points, a draw."),
    ("full", "win"): N_("The laboratory is full, nothing can change any more: Team {team} wins with {points} "
                        "points against {other}."),
    ("full", "draw"): N_("The laboratory is full, nothing can change any more: both teams scored {points} "
                         "points, a draw."),
    ("stalled", "win"): N_("No card is left and no reaction can happen any more: Team {team} wins with {points} "
                           "points against {other}."),
    ("stalled", "draw"): N_("No card is left and no reaction can happen any more: both teams scored {points} "
                            "points, a draw."),
}
