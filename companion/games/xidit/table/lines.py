"""The lines of the table's steps, in plain words (docs/style.md), from what the engine did.

Each line has a public form and, when it involves something behind a player's screen (their gold, the
bards they hide in the Bastion), a private form shown only to that player (and the referee). Steps
(steps.py) group the lines the way a table plays.
"""

from __future__ import annotations

from typing import Any, assert_never

from companion.i18n import N_, NP_, Joined, Text
from companion.players import name_or_colour
from companion.table.instructions import Instruction, Message

from ..rules import events as ev
from ..rules.events import Event
from ..rules.state import State
from . import printed

UNIT_NAMES = {"militia": N_("Militia"), "archer": N_("Archers"), "infantry": N_("Infantry"), "priest": N_("Priests"),
              "mage": N_("Mages")}
NO_ROAD = {"black": N_("{player} has no black road"), "red": N_("{player} has no red road"),
           "blue": N_("{player} has no blue road")}
ROADS = {"black": N_("the black road"), "red": N_("the red road"), "blue": N_("the blue road")}



def who(state: State, seat: int) -> str:
    """A colour word is translated when the line is shown, so it stays the engine's here."""
    return name_or_colour(state.players[seat])


def idle(state: State, event: Event) -> Text | None:
    """What a player whose order moved no piece did, in a few words; None for an order that moved one."""
    match event:
        case ev.Waited(seat=seat):
            return Text(N_("{player} waits"), {"player": who(state, seat)})
        case ev.NoRoad(seat=seat, road=road):
            return Text(NO_ROAD[road], {"player": who(state, seat)})
        case ev.NoEffect(seat=seat):
            return Text(N_("{player} can do nothing here"), {"player": who(state, seat)})
        case ev.ColossusDeclined(seat=seat):
            return Text(N_("{player} leaves the colossus"), {"player": who(state, seat)})
    return None


def bards_line(player: str, seat: int, placed: tuple[tuple[int, Any], ...]) -> Instruction:
    """Bard tokens a player puts on the board, in one line however many regions (`placed`: count, region)."""
    if len(placed) == 1:
        n, region = placed[0]
        return Instruction(NP_("{player}: put {n} bard token → {region}.", "{player}: put {n} bard tokens → {region}."),
                           {"player": player, "n": n, "region": region, "placed": placed}, seat)
    where = Joined(tuple(Text(N_("{n} → {region}"), {"n": n, "region": r}) for n, r in placed), "; ")
    return Instruction(N_("{player}: put bard tokens: {where}."), {"player": player, "where": where, "placed": placed},
                       seat)


def lines(state: State, event: Event) -> list[Instruction]:
    """The lines one event adds to its step (titles and idle players are the step's business)."""
    match event:
        case ev.Placed(seat=seat, city=city):
            return [Instruction(N_("{player}: put your Idrakys on city {city}."),
                                {"player": who(state, seat), "city": city}, seat)]
        case ev.Moved(seat=seat, src=src, dst=dst, road=road):
            return [Instruction(N_("{player}: Idrakys from city {src} → city {dst}, by {road}."),
                                {"player": who(state, seat), "src": src, "dst": dst, "road": Text(ROADS[road])}, seat)]
        case ev.Recruited(seat=seat, city=city, unit=unit):
            return [Instruction(N_("{player}: take {units} from tile {city} → your screen."),
                                {"player": who(state, seat), "units": printed.units([unit]), "city": city}, seat)]
        case ev.ThreatEliminated(seat=seat, needs=needs):
            return [Instruction(N_("{player}: return {units} from your screen → the barracks."),
                                {"player": who(state, seat), "units": printed.units(needs)}, seat)]
        case ev.ColossusDefeated(seat=seat, index=index, units=units):
            return [Instruction(N_("{player}: return {units} from your screen → the barracks."),
                                {"player": who(state, seat), "units": printed.units(units)}, seat),
                    Instruction(N_("Put {colossus} from the top of its stack → the box."),
                                {"colossus": printed.colossus(state.board, index)})]
        case ev.GoldTaken(seat=seat, amount=amount):
            return [Instruction(N_("{player}: take gold from the bank → your screen."),
                                {"player": who(state, seat), "n": amount}, seat,
                                private=NP_("{player}: take {n} gold from the bank → your screen.",
                                            "{player}: take {n} gold from the bank → your screen."))]
        case ev.BardsPlaced(seat=seat, region=region, count=n):
            params = {"player": who(state, seat), "n": n, "region": printed.region(state.board, region)}
            if state.board.regions[region].bastion:
                return [Instruction(N_("{player}: put bard tokens secretly → the Bastion."), params, seat,
                                    private=NP_("{player}: put {n} bard token secretly → the Bastion.",
                                                "{player}: put {n} bard tokens secretly → the Bastion."))]
            return [bards_line(who(state, seat), seat, ((n, printed.region(state.board, region)),))]
        case ev.FloorsBuilt(seat=seat, city=city, floors=n, pending=pending):
            message: Message = (NP_("{player}: build {n} guild floor from your screen → the guild of city {city}.",
                           "{player}: build {n} guild floors from your screen → the guild of city {city}.")
                       if pending else
                       NP_("{player}: build {n} guild floor from your reserve → the guild of city {city}.",
                           "{player}: build {n} guild floors from your reserve → the guild of city {city}."))
            return [Instruction(message, {"player": who(state, seat), "n": n, "city": city}, seat)]
        case ev.FloorPending(seat=seat):
            return [Instruction(N_("{player}: take 1 guild floor from your reserve → your screen, until a guild of "
                                   "yours has room."), {"player": who(state, seat)}, seat)]
        case ev.NeutralAdvanced(seat=seat, track=track):
            return [Instruction(N_("{player}: move the neutral player's {category} marker up 1."),
                                {"player": who(state, seat), "category": track}, seat)]
        case ev.CensusCounted(unit=unit, reveals=reveals, winners=winners):
            shown = Joined(tuple(Joined((who(state, s), n), " ") for s, n in reveals))
            if winners:
                most = Joined(tuple(who(state, s) for s in winners))
                return [Instruction(N_("{unit}: {shown}; most: {winners}."),
                                    {"unit": Text(UNIT_NAMES[unit]), "shown": shown, "winners": most}, physical=False)]
            return [Instruction(N_("{unit}: {shown}; nobody is rewarded."),
                                {"unit": Text(UNIT_NAMES[unit]), "shown": shown}, physical=False)]
        case ev.TileOut(city=city, discard=discard):
            message = (N_("Move tile {city}, now empty, from city {city} → the recruitment discard.")
                       if discard == "recruit_discard"
                       else N_("Move tile {city} from city {city} → the threat discard."))
            return [Instruction(message, {"city": city})]
        case ev.TileIn(number=number, side=side, units=units):
            # `tile_in`: a line the next tile's move may join (steps.py), as "…; then …".
            if side == "recruit":
                tile_in = Text(N_("Move tile {city} from next recruitment → city {city}, recruitment side up, with "
                                  "{units} from the barracks"),
                               {"city": number, "units": printed.units(units) if units else Text(N_("no unit"))})
            else:
                tile_in = Text(N_("Move tile {city} from next threat → city {city}, threat side up"), {"city": number})
            return [Instruction(N_("{tile_in}."), {"tile_in": tile_in})]
        case ev.NextTile(ladder=ladder, tile=tile, source=source):
            phrase = (N_("move tile {tile} from the top of the recruitment pile → next recruitment")
                      if ladder == "recruit" and source == "recruit_pile"
                      else N_("move tile {tile} from the top of the threat pile → next recruitment, turned "
                              "recruitment side up") if ladder == "recruit"
                      else N_("move tile {tile} from the top of the threat pile → next threat"))
            next_tile = Text(phrase, {"tile": tile})
            return [Instruction(N_("Then {next_tile}."), {"next_tile": next_tile})]
        case ev.PileRebuilt(ladder=ladder):
            message = (N_("Turn the threat discard over, recruitment side up → the recruitment pile.")
                       if ladder == "recruit"
                       else N_("Turn the recruitment discard over, threat side up → the threat pile."))
            return [Instruction(message)]
        case ev.Awakened():
            return [Instruction(N_("Turn the top colossus of each stack awake side up."))]
        case ev.Reinforced() if state.sight is not None:  # the table shuffles: the companion asks what it draws
            return [Instruction(N_("Turn the threat discard over, recruitment side up, and put the recruitment pile "
                                   "on it.")),
                    Instruction(N_("Take off the top 2 tiles: the new recruitment pile.")),
                    Instruction(N_("Shuffle the rest, threat side up: the new threat pile."))]
        case ev.Reinforced(recruit=recruit, threat=threat):
            return [Instruction(N_("Turn the threat discard over, recruitment side up, and put the recruitment pile "
                                   "on it.")),
                    Instruction(N_("Take off the top 2 tiles ({recruit}): the new recruitment pile."),
                                {"recruit": Joined(tuple(recruit))}),
                    Instruction(N_("Threat pile, threat side up, {stack}."), {"stack": printed.stack(threat)})]
        case ev.Waited() | ev.NoRoad() | ev.NoEffect() | ev.ColossusDeclined():
            return []  # an idle player: the step lists them together
        case ev.YearBegan() | ev.Revealed() | ev.CensusBegan() | ev.Scored() | ev.Locked() | ev.CensusChosen():
            return []  # steps begin or end here: their titles say it
        case _:
            assert_never(event)
