"""What the table moves after an Epic move: the lines told from the public view before and after it (tracks,
the Invasion card, Chiefs, each mage's Power, Stock, Flask, Artefacts, Guards, cards tilted and straightened,
Exile, an Objective unmasked). Only what every reader may know is compared: a mage's Objective is read only
once the view marks it revealed (E11.2) or the game over; the Invasion cards a mage looked at, never."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.i18n import N_, NP_, Joined, Text
from companion.table.instructions import Instruction

from ..rules.terms import COLOURS, DOMAIN, OBJECTIVE_WORDS

# E1.1: the board's tracks, in the rulebook's words.
TRACKS = (("health", N_("the King's Health")), ("populace", N_("the Populace's Force")),
          ("unrest", N_("the Populace's Unrest")), ("barbarians", N_("the Barbarian Force")),
          ("reinforcements", N_("the Barbarian Reinforcements")), ("dragon", N_("the Dragon's Wrath")))

Shown = Callable[[int], int]


# A gem of each colour, counted and one (French agrees the colour with « gemme »).
GEMS = {"red": NP_("{n} red gem", "{n} red gems"), "blue": NP_("{n} blue gem", "{n} blue gems"),
        "yellow": NP_("{n} yellow gem", "{n} yellow gems"), "green": NP_("{n} green gem", "{n} green gems"),
        "violet": NP_("{n} violet gem", "{n} violet gems"), "orange": NP_("{n} orange gem", "{n} orange gems")}
A_GEM = {"red": N_("a red gem"), "blue": N_("a blue gem"), "yellow": N_("a yellow gem"),
         "green": N_("a green gem"), "violet": N_("a violet gem"), "orange": N_("an orange gem")}


def a_gem(name: str) -> Text:
    return Text(A_GEM.get(name, N_("a gem")))


def gems(counts: Mapping[str, int]) -> Joined:
    """ "2 red gems, 1 blue gem" in the reader's words."""
    return Joined(tuple(Text(GEMS[c], {"n": n}) for c in COLOURS if (n := counts.get(c, 0))))


def _delta(before: Mapping[str, int] | None, after: Mapping[str, int] | None) -> tuple[dict[str, int], dict[str, int]]:
    b, a = before or {}, after or {}
    more = {c: a.get(c, 0) - b.get(c, 0) for c in COLOURS if a.get(c, 0) > b.get(c, 0)}
    less = {c: b.get(c, 0) - a.get(c, 0) for c in COLOURS if a.get(c, 0) < b.get(c, 0)}
    return more, less


def flux(card: Mapping[str, Any]) -> Joined:
    return Joined(tuple(Text(N_("{domain} {value}"), {"domain": Text(DOMAIN[c]), "value": v})
                        for c, v in zip(COLOURS, card["flux"], strict=True)))


def artefact_name(a: Mapping[str, Any]) -> Text:
    if a.get("grimoire"):
        return Text(N_("the {domain} Grimoire"), {"domain": Text(DOMAIN[a["domain"]])})
    return Text(N_("the {domain} Artefact ({glyphs} Glyphs)"), {"domain": Text(DOMAIN[a["domain"]]),
                                                                 "glyphs": a["glyphs"]})


def lines(before: Mapping[str, Any], after: Mapping[str, Any], shown: Shown,
          move: Mapping[str, Any] | None = None, skip: tuple[str, ...] = ()) -> list[Instruction]:
    """The lines of what moved; `move` the decision that moved it (a card drawn or laid needs no count of the
    hand: its own line says it)."""
    found: list[Instruction] = []
    found += _invasion(before, after)
    tb, ta = before["tracks"], after["tracks"]
    for key, words in TRACKS:
        if tb[key] != ta[key] and key not in skip:
            found.append(Instruction(N_("Move the marker of {track} from {was} to {now}."),
                                     {"track": Text(words), "was": tb[key], "now": ta[key]}))
    found += _chiefs(before, after)
    players_before = {p["seat"]: p for p in before["players"]}
    for p in after["players"]:
        explained = move is not None and move.get("seat") == p["seat"] and move.get("type") in ("draw", "craft")
        found += _mage(players_before[p["seat"]], p, shown(p["seat"]), explained)
    more, less = _delta(before["reserve"], after["reserve"])
    if more:
        found.append(Instruction(N_("Put back in the Reserve: {gems}."), {"gems": gems(more)}))
    if less:
        found.append(Instruction(N_("Take from the Reserve: {gems}."), {"gems": gems(less)}))
    for n, (was, now) in enumerate(zip(before["discoveries"], after["discoveries"], strict=True), start=1):
        if now < was:
            found.append(Instruction(NP_("Take {n} card from Discovery pile {pile} ({left} left).",
                                         "Take {n} cards from Discovery pile {pile} ({left} left)."),
                                     {"n": was - now, "pile": n, "left": now}))
        if now > was:  # a rollback puts cards back
            found.append(Instruction(NP_("Put {n} card back on Discovery pile {pile}.",
                                         "Put {n} cards back on Discovery pile {pile}."), {"n": now - was, "pile": n}))
    if after["traitor_found"] and not before["traitor_found"]:
        found.append(Instruction(N_("A traitor is discovered: put the special marker on the board."),
                                 physical=False))
    return found


def _invasion(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Instruction]:
    card = after["invasion"]
    if card is None or card == before["invasion"]:
        return []
    found = [Instruction(N_("Lay the Invasion card face up: Flux {flux}."), {"flux": flux(card)})]
    return found


def _chiefs(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[Instruction]:
    was = {c["number"]: c for c in before["chiefs"]}
    now = {c["number"]: c for c in after["chiefs"]}
    found = []
    for number, chief in now.items():
        if number not in was:
            found.append(Instruction(N_("Lay the Barbarian Chief beside the Invasion pile: Force {force}, "
                                        "{domain} Glyph."), {"force": chief["force"],
                                                             "domain": Text(DOMAIN.get(chief["glyph"], "Fire"))}))
    for number, chief in was.items():
        if number not in now:
            found.append(Instruction(N_("The Barbarian Chief of Force {force} is no longer active: take his "
                                        "card away."), {"force": chief["force"]}))
    return found


def _mage(b: Mapping[str, Any], a: Mapping[str, Any], seat: int, hand_explained: bool) -> list[Instruction]:
    who = {"seat": seat}
    found: list[Instruction] = []
    if a["power"] != b["power"]:
        found.append(Instruction(N_("Seat {seat}: move the Power marker from {was} to {now}."),
                                 {**who, "was": b["power"], "now": a["power"]}, a["seat"]))
    more, less = _delta(b["stock"], a["stock"])
    if less:
        found.append(Instruction(N_("Seat {seat}: take from the Personal Stock {gems}."),
                                 {**who, "gems": gems(less)}, a["seat"]))
    if more:
        found.append(Instruction(N_("Seat {seat}: put in the Personal Stock {gems}."),
                                 {**who, "gems": gems(more)}, a["seat"]))
    more, less = _delta(b["flask"], a["flask"])
    if more:
        found.append(Instruction(N_("Seat {seat}: put in the Flask {gems}."), {**who, "gems": gems(more)},
                                 a["seat"]))
    if less:
        found.append(Instruction(N_("Seat {seat}: take from the Flask {gems}."),
                                 {**who, "gems": gems(less)}, a["seat"]))
    found += _artefacts(b["artefacts"], a["artefacts"], seat, a["seat"])
    if a["hand"] != b["hand"] and not hand_explained:
        found.append(Instruction(N_("Seat {seat} now holds {n} cards in hand."), {**who, "n": a["hand"]},
                                 a["seat"], physical=False))
    for key, tilt, straighten in (("talent_tilted", N_("Seat {seat}: tilt the Character card (its Talent)."),
                                   N_("Seat {seat}: straighten the Character card.")),
                                  ("role_tilted", N_("Seat {seat}: tilt the role card."),
                                   N_("Seat {seat}: straighten the role card."))):
        if a.get(key) != b.get(key) and a.get(key) is not None:
            found.append(Instruction(tilt if a[key] else straighten, who, a["seat"]))
    if a["guards"] > b["guards"]:
        found.append(Instruction(NP_("Seat {seat}: put {n} Guard in the Guard Room.",
                                     "Seat {seat}: put {n} Guards in the Guard Room."),
                                 {**who, "n": a["guards"] - b["guards"]}, a["seat"]))
    if a["guards"] < b["guards"]:
        found.append(Instruction(NP_("Seat {seat}: take {n} Guard out of the Guard Room.",
                                     "Seat {seat}: take {n} Guards out of the Guard Room."),
                                 {**who, "n": b["guards"] - a["guards"]}, a["seat"]))
    if a["exiled"] and not b["exiled"]:
        found.append(Instruction(N_("Seat {seat} goes into Exile."), who, a["seat"]))
    if len(a["chiefs"]) > len(b["chiefs"]):
        found.append(Instruction(N_("Seat {seat} eliminated a Barbarian Chief: he keeps the Chief's card."),
                                 who, a["seat"]))
    if a["revealed"] and not b["revealed"] and "objective" in a:
        found.append(Instruction(N_("Seat {seat}'s Objective is unmasked: {objective}."),
                                 {**who, "objective": Text(OBJECTIVE_WORDS[a["objective"]])}, a["seat"],
                                 physical=False))
    return found


def _artefacts(before: list[Mapping[str, Any]], after: list[Mapping[str, Any]], seat: int,
               raw: int) -> list[Instruction]:
    who = {"seat": seat}
    found: list[Instruction] = []
    if len(after) != len(before) and [dict(x, filled=[], finished=False, tilted=False) for x in after[:len(before)]] \
            != [dict(x, filled=[], finished=False, tilted=False) for x in before[:len(after)]]:
        # an Artefact given, stolen or lost from the middle of the row: the row as the pages show it
        return [Instruction(N_("Seat {seat}: lay out the Artefacts as the referee's page shows."), who, raw)]
    for a in after[len(before):]:
        found.append(Instruction(N_("Seat {seat}: lay {artefact} face up from the hand."),
                                 {**who, "artefact": artefact_name(a)}, raw))
    for b in before[len(after):]:
        found.append(Instruction(N_("Seat {seat}: {artefact} leaves the table."),
                                 {**who, "artefact": artefact_name(b)}, raw))
    for n, a in enumerate(after):
        b = before[n] if n < len(before) else {"filled": [], "finished": False, "tilted": False}
        name = artefact_name(a)
        was = list(b["filled"]) + [False] * (len(a["filled"]) - len(b["filled"]))
        added = [c for c, now, then in zip(a["places"], a["filled"], was, strict=True) if now and not then]
        if added and not a["finished"]:
            found.append(Instruction(N_("Seat {seat}: put on {artefact} {gems}."),
                                     {**who, "gems": gems({c: added.count(c) for c in added}), "artefact": name},
                                     raw))
        if a["finished"] and not b["finished"]:
            found.append(Instruction(N_("Seat {seat}: {artefact} is finished; its gems go into the Flask."),
                                     {**who, "artefact": name}, raw))
        if a["tilted"] != b["tilted"]:
            found.append(Instruction(N_("Seat {seat}: tilt {artefact}.") if a["tilted"] else
                                     N_("Seat {seat}: straighten {artefact}."), {**who, "artefact": name}, raw))
    return found
