"""Instructions for the physical table, in plain words, from what the engine did.

Each instruction has a public form and, when it involves something behind a player's screen (their
gold, the bards they hide in the Bastion), a private form shown only to that player (and the referee).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, assert_never

from companion.i18n import N_, translate
from companion.rules import Game
from companion.rules import events as ev
from companion.rules.events import Event
from companion.rules.state import State


@dataclass(frozen=True)
class Instruction:
    message: str
    params: dict[str, Any] = field(default_factory=dict)
    seat: int | None = None  # the player it concerns, if any
    private: str | None = None  # the form with the player's secrets, for that player only
    physical: bool = True  # False for news that moves no piece

    def text(self, language: str, reader: int | None) -> str:
        """`reader` is a seat, None for the public, -1 for the referee."""
        if self.private is not None and (reader == -1 or reader == self.seat):
            return translate(language, self.private, self.params)
        return translate(language, self.message, self.params)

    def to_json(self, language: str, reader: int | None) -> dict[str, Any]:
        return {"text": self.text(language, reader), "seat": self.seat, "physical": self.physical}


def _who(state: State, seat: int) -> str:
    """A player by name if they gave one, else by colour (a colour word is translated when shown)."""
    player = state.players[seat]
    return player.name or player.colour


def from_event(state: State, event: Event) -> list[Instruction]:
    match event:
        case ev.Placed(seat=seat, city=city):
            return [Instruction(N_("{player}: put your Idrakys on city {city}."),
                                {"player": _who(state, seat), "city": city}, seat)]
        case ev.Revealed():
            return [Instruction(N_("Every player has locked: programs revealed, resolution begins."),
                                physical=False)]
        case ev.YearBegan(year=year, first=first):
            return [Instruction(N_("Year {year} begins: {player} holds the first-player marker."),
                                {"year": year, "player": _who(state, first)})]
        case ev.Moved(seat=seat, src=src, dst=dst, road=road):
            return [Instruction(N_("{player}: move your Idrakys from city {src} to city {dst} ({road} road)."),
                                {"player": _who(state, seat), "src": src, "dst": dst, "road": road}, seat)]
        case ev.NoRoad(seat=seat, city=city, road=road):
            return [Instruction(N_("{player}: no {road} road leaves city {city}; the Idrakys stays."),
                                {"player": _who(state, seat), "road": road, "city": city}, seat, physical=False)]
        case ev.NoEffect(seat=seat, city=city, rule=rule):
            return [Instruction(N_("{player}: the action on city {city} has no effect ({rule})."),
                                {"player": _who(state, seat), "city": city, "rule": rule}, seat, physical=False)]
        case ev.Recruited(seat=seat, city=city, unit=unit):
            return [Instruction(N_("{player} takes 1 {unit} from tile {city}."),
                                {"player": _who(state, seat), "unit": unit, "city": city}, seat)]
        case ev.ThreatEliminated(seat=seat, city=city, needs=needs):
            return [Instruction(N_("{player} returns {units} to the barracks: the threat on city {city} is "
                                   "eliminated."),
                                {"player": _who(state, seat), "units": list(needs), "city": city}, seat)]
        case ev.ColossusDefeated(seat=seat, index=index, units=units):
            given = [u for u, n in units for _ in range(n)]
            return [Instruction(N_("{player} returns {units} to the barracks and defeats colossus {index}: "
                                   "put it back in the box."),
                                {"player": _who(state, seat), "units": given, "index": index}, seat)]
        case ev.ColossusDeclined(seat=seat):
            return [Instruction(N_("{player} does not fight a colossus."), {"player": _who(state, seat)}, seat,
                                physical=False)]
        case ev.GoldTaken(seat=seat, amount=amount):
            return [Instruction(N_("{player} takes gold from the bank."), {"player": _who(state, seat),
                                "amount": amount}, seat, private=N_("{player}: take {amount} gold."))]
        case ev.BardsPlaced(seat=seat, region=region, count=n):
            params = {"player": _who(state, seat), "n": n, "region": region}
            if state.board.regions[region].bastion:
                return [Instruction(N_("{player} puts bards secretly into the Bastion."), params, seat,
                                    private=N_("{player}: put {n} bard(s) secretly into the Bastion."))]
            return [Instruction(N_("{player}: put {n} bard(s) on region {region}."), params, seat)]
        case ev.FloorsBuilt(seat=seat, city=city, floors=n):
            return [Instruction(N_("{player}: build {n} floor(s) on the guild of city {city}."),
                                {"player": _who(state, seat), "n": n, "city": city}, seat)]
        case ev.FloorPending(seat=seat):
            return [Instruction(N_("{player} takes a guild floor behind the screen."), {"player": _who(state, seat)},
                                seat)]
        case ev.NeutralAdvanced(seat=seat, track=track):
            return [Instruction(N_("{player}: move the neutral player's {category} marker up one."),
                                {"player": _who(state, seat), "category": track}, seat)]
        case ev.CensusBegan():
            return [Instruction(N_("Census of the armies."), physical=False)]
        case ev.CensusCounted(unit=unit, reveals=reveals, winners=winners):
            shown = ", ".join(f"{_who(state, s)} {n}" for s, n in reveals)
            if not winners:
                return [Instruction(N_("Census, {unit}: {shown}. Nobody is rewarded."),
                                    {"unit": unit, "shown": shown}, physical=False)]
            return [Instruction(N_("Census, {unit}: {shown}. Rewarded: {winners}."),
                                {"unit": unit, "shown": shown, "winners": ", ".join(_who(state, s) for s in winners)},
                                physical=False)]
        case ev.TileOut(city=city, discard=discard):
            message = (N_("Tile {city} goes to the recruitment discard.") if discard == "recruit_discard"
                       else N_("Tile {city} goes to the threat discard."))
            return [Instruction(message, {"city": city})]
        case ev.TileIn(number=number, side=side, units=units):
            if side == "recruit":
                return [Instruction(N_("Put tile {city} on city {city}, recruitment side up, with {units}."),
                                    {"city": number, "units": list(units) or "-"})]
            return [Instruction(N_("Put tile {city} on city {city}, threat side up."), {"city": number})]
        case ev.NextTile(ladder=ladder, tile=tile, source=source):
            message = (N_("Move tile {tile} from the top of the recruitment pile to next recruitment.")
                       if ladder == "recruit" and source == "recruit_pile"
                       else N_("Turn tile {tile} from the top of the threat pile to its recruitment side: it is "
                               "next recruitment.") if ladder == "recruit"
                       else N_("Move tile {tile} from the top of the threat pile to next threat."))
            return [Instruction(message, {"tile": tile})]
        case ev.PileRebuilt(ladder=ladder, tiles=tiles):
            message = (N_("Turn the threat discard over, recruitment side up: it is the new recruitment pile.")
                       if ladder == "recruit"
                       else N_("Turn the recruitment discard over, threat side up: it is the new threat pile."))
            return [Instruction(message, {"tiles": list(tiles)})]
        case ev.Awakened():
            return [Instruction(N_("The colossi awaken: turn the top colossus of each stack awake side up."))]
        case ev.Reinforced(recruit=recruit, threat=threat):
            return [Instruction(N_("Reinforcements: turn the threat discard over and put the recruitment pile on "
                                   "it; the top two tiles ({recruit}) are the recruitment pile; shuffle the rest "
                                   "threat side up as the threat pile, in this order from the top: {threat}."),
                                {"recruit": list(recruit), "threat": list(threat)})]
        case ev.Scored(category=category, eliminated=eliminated, neutral_eliminated=neutral_out):
            names = ", ".join(_who(state, s) for s in eliminated) or "-"
            message = (N_("{category} scoring: the neutral player is eliminated.") if neutral_out
                       else N_("{category} scoring: {names} eliminated."))
            return [Instruction(message, {"category": category, "names": names}, physical=False)]
        case ev.Locked() | ev.Waited() | ev.CensusChosen():
            return []  # nothing for the table to do
        case _:
            assert_never(event)


def from_events(state: State, events: Iterable[Event]) -> list[Instruction]:
    return [i for e in events for i in from_event(state, e)]


def setup_instructions(game: Game) -> list[Instruction]:
    """Laying out the table for a new game: tiles, ladders, colossi, scoring tiles, neutral player."""
    state = game.state
    out = [i for e in state.events if isinstance(e, ev.TileIn) for i in from_event(state, e)]
    out.append(Instruction(N_("Recruitment pile, recruitment side up, from the top: {tiles}; next recruitment: "
                              "tile {next}."), {"tiles": list(state.recruit_pile), "next": state.next_recruit}))
    out.append(Instruction(N_("Threat pile, threat side up, from the top: {tiles}; next threat: tile {next}."),
                           {"tiles": list(state.threat_pile), "next": state.next_threat}))
    for needs, stack in zip((3, 4, 5), state.colossi, strict=True):
        out.append(Instruction(N_("Colossi of {needs}, sleeping side up, from the top: {stack}."),
                               {"needs": needs, "stack": [c.index for c in stack]}))
    out.append(Instruction(N_("Scoring tiles, in order: {order}."), {"order": list(state.scoring_order)}))
    if state.neutral is not None:
        out.append(Instruction(N_("Neutral player: wealth {wealth}, influence {influence}, fame {fame}."),
                               dict(state.neutral)))
    for region in sorted(state.void):
        out.append(Instruction(N_("Put a void marker on region {region}."), {"region": region}))
    return out
