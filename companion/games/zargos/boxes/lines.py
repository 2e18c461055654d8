"""Zargos's words on a box outside the decisions: the title bar, the status page (the seat's magic hand,
its peoples' placement cards, secret ones included, boats and points), the end of the game, and whom the
game waits for and what it does meanwhile."""

from __future__ import annotations

from typing import Any

from companion.boxes.game_parts import Translate
from companion.i18n import N_, NP_

from ..rules import Board
from .words import card, kingdom, mine, people, placement, province, seat_name, typed_name

JSON = dict[str, Any]

#: What a seat is doing, by the decision the game awaits from it (the view's `awaiting`).
DOING = {
    "people": N_("choosing a people"),
    "draft": N_("drafting placement cards"),
    "trade": N_("trading cards"),
    "swords": N_("counting swords"),
    "place": N_("placing tokens"),
    "red_window": N_("red cards?"),
    "attack": N_("attacking"),
    "fight": N_("resolving combats"),
    "combat_card": N_("Wind of War?"),
    "reorganise": N_("reorganising"),
    "keep": N_("choosing cards to keep"),
    "reinforce": N_("buying reinforcements"),
}


def title(view: JSON, seat: int, t: Translate) -> str:
    """The round and the people this seat plays now (its turn's), else its first people."""
    peoples = mine(view, seat)
    active = view.get("active")
    shown = active if active in peoples else peoples[0] if peoples else None
    if shown is None:
        return t(N_("Zargos - round {round}"), {"round": view.get("round", 0)})
    return t(N_("R{round} {people}"), {"round": view.get("round", 0), "people": people(t, shown)})


def status(view: JSON, seat: int, t: Translate, board: Board | None) -> tuple[str, tuple[str, ...]]:
    me: JSON = next((p for p in view.get("players", ()) if p["seat"] == seat), {})
    hand = me.get("hand", [])
    lines: list[str] = [t(NP_("Magic: {n} card", "Magic: {n} cards"), {"n": len(hand)})]
    lines += [f"- {card(t, c)}" for c in hand]
    for key in mine(view, seat):
        entry = view["peoples"][key]
        lines.append(people(t, key))
        lines.append(t(N_("{points} pts, {strength} str, {boats} boats"), {
            "points": entry["points"], "strength": entry["strength"], "boats": entry["boats"]}))
        lines += [f"- {placement(t, board, c)}" for c in entry.get("cards", [])]
        if entry.get("extra"):
            lines.append(t(N_("Swords: +{n}"), {"n": entry["extra"]}))
        lines += [t(N_("- Capital card: {kingdom}"), {"kingdom": kingdom(board, k)})
                  for k in entry.get("kingdom_cards", [])]
    lines += stated_on(view, seat, t, board)
    return t(N_("Your hand")), tuple(lines)


def stated_on(view: JSON, seat: int, t: Translate, board: Board | None) -> list[str]:
    """Issue 36: the effects another player stated on this seat's peoples this round (Z-27), with who stated
    them: the referee can undo one that is wrong."""
    peoples, lines = set(mine(view, seat)), []
    for entry in view.get("log", ()):
        if entry.get("event") != "adjusted" or entry.get("stated_by") in (None, seat):
            continue
        tokens = [(p, q, n) for p, q, n in entry.get("tokens", ()) if q in peoples]
        boats = [(q, n) for q, n in sorted(entry.get("boats", {}).items()) if q in peoples]
        if not tokens and not boats:
            continue
        name = typed_name(view, entry["stated_by"])
        lines.append(t(N_("Stated by {player}:"), {"player": name}) if name else
                     t(N_("Stated by player {n}:"), {"n": entry["stated_by"] + 1}))
        lines += [f"- {people(t, q)} {province(board, p)} {n:+d}" for p, q, n in tokens]
        lines += [t(N_("- {people}: boats {n}"), {"people": people(t, q), "n": f"{n:+d}"}) for q, n in boats]
    return lines


def result(view: JSON, seat: int, t: Translate) -> tuple[str, ...] | None:
    winner = view.get("winner")
    if winner is None:
        return None
    lines = [t(N_("{people} win."), {"people": people(t, winner["people"])})]
    lines.append(t(N_("You win!")) if winner["seat"] == seat else t(N_("Winner: {player}"), {
        "player": seat_name(view, winner["seat"], t)}))
    for key in mine(view, seat):
        points = view["peoples"][key]["points"]
        lines.append(t(N_("{people}: {points} points"), {"people": people(t, key), "points": points}))
    return tuple(lines)


def _who(view: JSON, seat: int, t: Translate) -> str:
    """The people whose turn it is when it is this seat's, else the seat by its peoples."""
    active = view.get("active")
    if active and view["peoples"].get(active, {}).get("seat") == seat:
        return people(t, active)
    return seat_name(view, seat, t)


def waiting(view: JSON, seat: int, t: Translate, board: Board | None) -> tuple[str, ...]:
    lines: list[str] = []
    chance = view.get("chance")
    if chance and chance.get("kind") == "draw" and chance.get("told_by") not in (None, seat):
        lines.append(t(N_("{player}: drawing a card"), {"player": seat_name(view, chance["told_by"], t)}))
    elif chance:
        lines.append(t(chance["prompt"]))
    for awaited in view.get("awaiting", ()):
        lines.append(t(N_("{player}: {doing}"), {"player": _who(view, awaited["seat"], t),
                                                 "doing": t(DOING.get(awaited["decision"], awaited["decision"]))}))
    combat = view.get("combat")
    if combat:
        lines.append(t(N_("Combat at {province}: {a} against {d}"), {
            "province": province(board, combat["province"]), "a": combat["strength"], "d": combat["defence"]}))
    return (t(N_("Waiting")), *lines) if lines else (t(N_("Waiting")), "-")
