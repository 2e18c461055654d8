"""One player's box: six keys drive menus built from the engine's legal choices; every change goes
to the table as a command and is shown only once the table has stored it.

Pages: LEFT/RIGHT turn between the status page, the main page and the player's instructions (in
programming, LEFT on the first slot and RIGHT on the last one turn the page). On the main page:
UP/DOWN choose, OK confirms, BACK goes back. The direct-order keys set the slot under the cursor.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.i18n import N_, translate
from companion.players import name_or_colour
from companion.rules import action_to_json, actions
from companion.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from companion.rules.preview import Slot
from companion.rules.terms import ORDERS, PROGRAM_LENGTH, UNITS
from companion.table import Command, Decide, Lock, Refused, SeatSnapshot, SetOrder, Unlock

from .frame import DIRECT, Frame

PAGES = ("status", "main", "instructions", "link")
UNIT_LETTERS = {"militia": "Mi", "archer": "Ar", "infantry": "In", "priest": "Pr", "mage": "Ma"}
DIM_AFTER = 180.0  # seconds without a key before the screen dims, then blanks (OLED burn-in)
BLANK_AFTER = 600.0


class SeatController:
    def __init__(self, seat: int, snapshot: Callable[[], SeatSnapshot], submit: Callable[[Command], Any],
                 *, language: Callable[[], str] = lambda: "en", clock: Callable[[], float] = time.monotonic) -> None:
        self.seat = seat
        self._snapshot = snapshot
        self._submit = submit
        self._language = language
        self._clock = clock
        self.page = "main"
        self.slot = 0
        self.cursor = 0
        self.stage = ""
        self.split: dict[int, int] = {}
        self.units: dict[str, int] = {}
        self.count = 0
        self.take: tuple[str, ...] = ()
        self._needs = 0
        self.notice = ""
        self._decision_key: tuple[Any, ...] = ()
        self.link: Callable[[], str | None] = lambda: None  # the seat's secret link, set by the web
        self._last_key = clock()

    # -- keys --------------------------------------------------------------------------------------

    def press(self, key: str, kind: str = "press") -> Frame:
        """Handles one key event and returns the frame to show after it."""
        now = self._clock()
        asleep = now - self._last_key >= DIM_AFTER
        self._last_key = now
        if asleep:
            return self.frame()  # the key that wakes the screen does nothing else
        snap = self._snapshot()
        self._sync(snap)
        self.notice = ""
        if key in ("LEFT", "RIGHT") and self._turns_page(key, snap):
            pages = self._pages()
            index = pages.index(self.page) + (1 if key == "RIGHT" else -1)
            self.page = pages[max(0, min(len(pages) - 1, index))]
            return self.frame()
        if self.page != "main":
            if key in ("OK", "BACK"):
                self.page = "main"
            return self.frame()
        try:
            for command in self._commands(key, snap):
                self._submit(command)
        except Refused as refused:
            self.notice = refused.sentence
        return self.frame()

    def _pages(self) -> tuple[str, ...]:
        # The last page shows the seat's secret link as a QR code, when the table serves phones.
        return PAGES if self.link() else PAGES[:-1]

    def _turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        if self.page != "main":
            return True
        if isinstance(snap.choice, ProgramChoice) and not snap.locked:
            return (key == "LEFT" and self.slot == 0) or (key == "RIGHT" and self.slot == PROGRAM_LENGTH - 1)
        # In an editor LEFT/RIGHT change a value; elsewhere they turn the page.
        return self.stage not in ("units", "count", "split")

    def _sync(self, snap: SeatSnapshot) -> None:
        """A new decision resets the menus, with the defaults that need the fewest presses."""
        choice = snap.choice
        if choice is None:
            key: tuple[Any, ...] = ()
        elif isinstance(choice, ProgramChoice):
            key = ("program", snap.view.get("year"))  # the cursor stays while the draft changes
        else:
            key = (choice.decision, snap.view["table"].get("actions"))
        if key == self._decision_key:
            return
        self._decision_key = key
        self.cursor, self.stage, self.split, self.units, self.take = 0, "", {}, {}, ()
        match choice:
            case ProgramChoice():
                self.slot = next((i for i, o in enumerate(snap.draft) if o is None), 0)
            case RewardChoice():
                self.stage = "take"
            case CensusChoice(most=most):
                self.stage, self.count = "count", most  # default: reveal everything owned
            case CensusBardsChoice(bards=bards, regions=regions):
                self.stage, self.split = "split", ({regions[0]: bards} if regions else {})
            case ColossusChoice():
                self.stage = "which"

    def _commands(self, key: str, snap: SeatSnapshot) -> list[Command]:
        choice = snap.choice
        if choice is None:
            return []
        match choice:
            case ProgramChoice():
                return self._program_keys(key, snap)
            case PlaceChoice():
                return self._place_keys(key, choice, snap)
            case RewardChoice():
                return self._reward_keys(key, choice)
            case ColossusChoice():
                return self._colossus_keys(key, choice)
            case NeutralChoice(tracks=tracks):
                if self._move(key, len(tracks)) or key != "OK":
                    return []
                return [self._decide(actions.Neutral(self.seat, tracks[self.cursor]))]
            case CensusChoice(unit=unit, most=most):
                if key in ("UP", "RIGHT"):
                    self.count = min(most, self.count + 1)
                elif key in ("DOWN", "LEFT"):
                    self.count = max(0, self.count - 1)
                elif key == "OK":
                    return [self._decide(actions.Census(self.seat, unit, self.count))]
                return []
            case CensusBardsChoice(regions=regions, bards=bards):
                if self._split_keys(key, regions, bards):
                    return [self._decide(actions.CensusBards(self.seat, actions.split(self.split)))]
                return []
            case FloorChoice(cities=cities):
                if self._move(key, len(cities)) or key != "OK":
                    return []
                return [self._decide(actions.Floor(self.seat, cities[self.cursor]))]
        return []

    def _decide(self, action: actions.Action) -> Decide:
        return Decide(self.seat, action_to_json(action))

    def _move(self, key: str, size: int) -> bool:
        if key in ("UP", "DOWN") and size:
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % size
            return True
        return False

    def _program_keys(self, key: str, snap: SeatSnapshot) -> list[Command]:
        if snap.locked:
            return [Unlock(self.seat)] if key in ("OK", "BACK") else []
        draft = list(snap.draft)
        if key in DIRECT:
            slot = self.slot
            self.slot = min(PROGRAM_LENGTH - 1, slot + 1)
            return [SetOrder(self.seat, slot, DIRECT[key])]
        if key in ("LEFT", "RIGHT"):
            self.slot = max(0, min(PROGRAM_LENGTH - 1, self.slot + (1 if key == "RIGHT" else -1)))
            return []
        if key in ("UP", "DOWN"):
            current = draft[self.slot]
            step = 1 if key == "DOWN" else -1
            index = (ORDERS.index(current) + step) % len(ORDERS) if current else (0 if step == 1 else len(ORDERS) - 1)
            return [SetOrder(self.seat, self.slot, ORDERS[index])]
        if key == "BACK":
            return [SetOrder(self.seat, self.slot, None)] if draft[self.slot] else []
        if key == "OK":
            empty = [i for i, o in enumerate(draft) if o is None]
            if empty:
                self.slot = empty[0]
                self.notice = translate(self._language(), N_("Fill all 6 slots, then OK locks."))
                return []
            return [Lock(self.seat)]
        return []

    def _place_keys(self, key: str, choice: PlaceChoice, snap: SeatSnapshot) -> list[Command]:
        cities = sorted(choice.cities + choice.taken)
        if self._move(key, len(cities)) or key != "OK":
            return []
        city = cities[self.cursor]
        if city in choice.taken:
            who = next((p["colour"] for p in snap.view["players"] if p["city"] == city), "")
            raise Refused(translate(self._language(), N_("Taken by {player} (§2)."),
                                    {"city": city, "player": who}))
        return [self._decide(actions.Place(self.seat, city))]

    def _reward_keys(self, key: str, choice: RewardChoice) -> list[Command]:
        if self.stage == "take":
            if self._move(key, len(choice.takes)) or key != "OK":
                return []
            self.take = choice.takes[self.cursor]
            if "bards" in self.take and len(choice.regions) > 1:
                # Every bard starts in the first region: one more OK accepts that.
                self.stage, self.split, self.cursor = "split", {choice.regions[0]: choice.bards}, 0
                return []
            bards = {choice.regions[0]: choice.bards} if "bards" in self.take else {}
            return [self._decide(actions.Reward(self.seat, self.take, actions.split(bards)))]
        if key == "BACK":
            self.stage, self.cursor = "take", 0
            return []
        if self._split_keys(key, choice.regions, choice.bards):
            return [self._decide(actions.Reward(self.seat, self.take, actions.split(self.split)))]
        return []

    def _split_keys(self, key: str, regions: tuple[int, ...], bards: int) -> bool:
        """Moves bards between regions; True when OK confirms a complete split."""
        if self._move(key, len(regions)):
            return False
        region = regions[self.cursor] if regions else 0
        placed = sum(self.split.values())
        if key == "RIGHT" and placed < bards:
            self.split[region] = self.split.get(region, 0) + 1
        elif key == "RIGHT" and self.split.get(region, 0) < bards:
            donor = next(r for r in regions if r != region and self.split.get(r, 0) > 0)
            self.split[donor] -= 1
            self.split[region] = self.split.get(region, 0) + 1
        elif key == "LEFT" and self.split.get(region, 0) > 0:
            self.split[region] -= 1
        elif key == "OK":
            if placed == bards:
                return True
            self.notice = translate(self._language(), N_("Place {n} more bard(s)."), {"n": bards - placed})
        return False

    def _colossus_keys(self, key: str, choice: ColossusChoice) -> list[Command]:
        options = len(choice.colossi) + 1  # the last line declines
        if self.stage == "which":
            if self._move(key, options) or key != "OK":
                return []
            if self.cursor == len(choice.colossi):
                return [self._decide(actions.Colossus(self.seat, False))]
            needs = choice.colossi[self.cursor][0]
            self.stage, self._needs, self.cursor = "units", needs, 0
            self.units = weakest(choice.units, needs)
            return []
        owned = [u for u, n in zip(UNITS, choice.units, strict=True) if n]
        if key == "BACK":
            self.stage, self.cursor = "which", 0
            return []
        if self._move(key, len(owned)):
            return []
        unit = owned[self.cursor] if owned else ""
        given = sum(self.units.values())
        if key == "RIGHT" and self.units.get(unit, 0) < choice.units[UNITS.index(unit)] and given < self._needs:
            self.units[unit] = self.units.get(unit, 0) + 1
        elif key == "LEFT" and self.units.get(unit, 0) > 0:
            self.units[unit] -= 1
        elif key == "OK":
            if given == self._needs:
                return [self._decide(actions.Colossus(self.seat, True, self._needs, actions.unit_count(self.units)))]
            self.notice = translate(self._language(), N_("Give exactly {n} units."), {"n": self._needs})
        return []

    # -- the screen --------------------------------------------------------------------------------

    def frame(self) -> Frame:
        idle = self._clock() - self._last_key
        if idle >= BLANK_AFTER:
            return Frame("blank", "")
        frame = self._frame(self._snapshot())
        if idle >= DIM_AFTER:
            return Frame(frame.kind, frame.title, frame.lines, frame.cursor, frame.slots, frame.slot, frame.locked,
                         frame.footer, frame.page, dim=True)
        return frame

    def _t(self, message: str, params: dict[str, Any] | None = None) -> str:
        return translate(self._language(), message, params)

    def _frame(self, snap: SeatSnapshot) -> Frame:
        view = snap.view
        self._sync(snap)
        pages = self._pages()
        page = f"{pages.index(self.page) + 1}/{len(pages)}"
        if view.get("phase") == "setup":
            return Frame("message", self._t(N_("Lords of Xidit")), (self._t(N_("Waiting for the referee")),
                                                                     self._t(N_("to start a game."))))
        me = next(p for p in view["players"] if p["seat"] == self.seat)
        title = self._t(N_("Year {year} - {colour}"), {"year": view["year"], "colour": me["colour"]})
        if self.page == "status":
            return Frame("message", self._t(N_("Behind your screen")), self._status_lines(me), page=page)
        if self.page == "link":
            return Frame("qr", self._t(N_("Your seat on a phone")), (self.link() or "",), page=page)
        if self.page == "instructions":
            mine = [i["text"] for i in view["table"]["instructions"] if i["seat"] == self.seat and i["physical"]]
            return Frame("message", self._t(N_("For you to do")), tuple(mine[-4:]) or (self._t(N_("Nothing.")),),
                         page=page)
        if view["phase"] == "over":
            return Frame("message", self._t(N_("Game over")), self._result_lines(view), page=page)
        choice = snap.choice
        notice = (self.notice,) if self.notice else ()
        match choice:
            case ProgramChoice():
                return self._program_frame(snap, title, page)
            case PlaceChoice(cities=free, taken=taken):
                cities = sorted(free + taken)
                lines = tuple(self._t(N_("City {city}"), {"city": c}) if c in free else
                              self._t(N_("City {city} (taken)"), {"city": c}) for c in cities)
                return self._list(self._t(N_("Start on which city?")), lines, notice, page)
            case RewardChoice():
                return self._reward_frame(choice, notice, page)
            case ColossusChoice():
                return self._colossus_frame(choice, notice, page)
            case NeutralChoice(tracks=tracks):
                neutral = view.get("neutral") or {}
                lines = tuple(f"{self._t(t)} {neutral.get(t, '')}" for t in tracks)
                return self._list(self._t(N_("Neutral: raise which?")), lines, notice, page)
            case CensusChoice(unit=unit, most=most):
                return Frame("editor", self._t(N_("Census: {unit}"), {"unit": unit}),
                             (self._t(N_("Reveal {n} of {most}"), {"n": self.count, "most": most}),) + notice,
                             cursor=0, footer=self._t(N_("UP/DOWN count, OK reveal")), page=page)
            case CensusBardsChoice(regions=regions, bards=bards, bastion=bastion):
                return self._split_frame(self._t(N_("Census: place bards")), regions, bards, bastion, notice, page)
            case FloorChoice(cities=cities):
                lines = tuple(self._t(N_("Guild of city {city}"), {"city": c}) for c in cities)
                return self._list(self._t(N_("Floor on which guild?")), lines, notice, page)
        waiting = ", ".join(f"{self._colour(view, a['seat'])} ({self._t(a['decision'])})" for a in view["awaiting"])
        return Frame("message", title, (self._t(N_("Waiting for")), waiting or "-") + notice, page=page)

    @staticmethod
    def _colour(view: dict[str, Any], seat: int) -> str:
        return next((name_or_colour(p) for p in view["players"] if p["seat"] == seat), str(seat))

    def _list(self, title: str, lines: tuple[str, ...], notice: tuple[str, ...], page: str) -> Frame:
        return Frame("list", title, lines, cursor=self.cursor, footer=notice[0] if notice else "", page=page)

    def _status_lines(self, me: dict[str, Any]) -> tuple[str, ...]:
        units = " ".join(f"{UNIT_LETTERS[u]}{me['units'][u]}" for u in UNITS)
        return (units,
                self._t(N_("Gold {gold}  Bards {bards}"), {"gold": me["gold"], "bards": me["bards_left"]}),
                self._t(N_("Floors {floors}  Pending {pending}"), {"floors": me["floors_left"],
                                                                   "pending": me["pending_floors"]}))

    def _result_lines(self, view: dict[str, Any]) -> tuple[str, ...]:
        scoring = view["scoring"]
        lines = [f"{self._t(r['category'])}: {r['values'].get(str(self.seat), 0)}" for r in scoring["rounds"]]
        winner = scoring["winner"]
        lines.append(self._t(N_("Winner: {player}"), {"player": self._colour(view, winner)}) if winner is not None
                     else self._t(N_("The neutral player wins.")))
        return tuple(lines)

    def _program_frame(self, snap: SeatSnapshot, title: str, page: str) -> Frame:
        if snap.locked:
            ready = sum(1 for p in snap.view["players"] if p["locked"])
            return Frame("program", title, (self._t(N_("Locked - {n} of {total} ready"), {
                "n": ready, "total": len(snap.view["players"])}),), slots=snap.draft, slot=self.slot, locked=True,
                footer=self._t(N_("OK unlock")), page=page)
        slot = snap.preview[self.slot] if self.slot < len(snap.preview) else None
        line = self.notice or (describe(self._t, slot) if slot is not None and snap.draft[self.slot] else
                               self._t(N_("UP/DOWN choose an order")))
        return Frame("program", title, (line,), slots=snap.draft, slot=self.slot,
                     footer=self._t(N_("OK lock")) if all(snap.draft) else "", page=page)

    def _reward_frame(self, choice: RewardChoice, notice: tuple[str, ...], page: str) -> Frame:
        if self.stage == "split":
            return self._split_frame(self._t(N_("Place {n} bard(s)"), {"n": choice.bards}), choice.regions,
                                     choice.bards, choice.bastion, notice, page)
        amounts = {"gold": choice.gold, "bards": choice.bards, "guild": choice.floors}
        lines = tuple(" + ".join(f"{self._t(r)} {amounts[r]}" for r in take) or self._t(N_("Nothing to take"))
                      for take in choice.takes)
        return self._list(self._t(N_("Reward: take")), lines, notice, page)

    def _split_frame(self, title: str, regions: tuple[int, ...], bards: int, bastion: int | None,
                     notice: tuple[str, ...], page: str) -> Frame:
        lines = tuple((self._t(N_("Bastion (secret): {n}"), {"n": self.split.get(r, 0)}) if r == bastion else
                       self._t(N_("Region {region}: {n}"), {"region": r, "n": self.split.get(r, 0)})) for r in regions)
        left = bards - sum(self.split.values())
        footer = notice[0] if notice else self._t(N_("LEFT/RIGHT move, {n} to place"), {"n": left})
        return Frame("editor", title, lines, cursor=self.cursor, footer=footer, page=page)

    def _colossus_frame(self, choice: ColossusChoice, notice: tuple[str, ...], page: str) -> Frame:
        if self.stage == "units":
            owned = [(u, n) for u, n in zip(UNITS, choice.units, strict=True) if n]
            lines = tuple(f"{self._t(u)} {self.units.get(u, 0)}/{n}" for u, n in owned)
            footer = notice[0] if notice else self._t(N_("Give {given} of {n}"), {
                "given": sum(self.units.values()), "n": self._needs})
            return Frame("editor", self._t(N_("Colossus: your units")), lines, cursor=self.cursor, footer=footer,
                         page=page)
        lines = tuple(self._t(N_("Fight the {n}-unit colossus"), {"n": needs}) for needs, _ in choice.colossi)
        return self._list(self._t(N_("A colossus is awake")), lines + (self._t(N_("Do not fight")),), notice, page)


def weakest(owned: tuple[int, ...], needs: int) -> dict[str, int]:
    """The default units to give a colossus: the weakest first."""
    give: dict[str, int] = {}
    for unit, n in zip(UNITS, owned, strict=True):
        take = min(n, needs - sum(give.values()))
        if take:
            give[unit] = take
    return give


def describe(t: Callable[..., str], slot: Slot) -> str:
    """The preview of one slot, in a few words."""
    match slot.effect:
        case "move":
            return str(t(N_("Then on city {city}"), {"city": slot.city}))
        case "no_road":
            return str(t(N_("No such road: stays on {city}"), {"city": slot.city}))
        case "recruit":
            return str(t(N_("City {city}: recruit {unit}"), {"city": slot.city, "unit": slot.unit}))
        case "threat":
            return str(t(N_("City {city}: threat beaten"), {"city": slot.city}))
        case "threat_unmet":
            return str(t(N_("City {city}: needs {units}"), {"city": slot.city, "units": list(slot.missing)}))
        case "colossus":
            return str(t(N_("City {city}: colossus"), {"city": slot.city}))
        case "repeat":
            return str(t(N_("City {city}: already acted"), {"city": slot.city}))
        case "wait":
            return str(t(N_("Wait on city {city}"), {"city": slot.city}))
    return str(t(N_("City {city}: nothing to do"), {"city": slot.city}))
