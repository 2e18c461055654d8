"""One player's box: six keys drive menus built from the engine's legal choices; every change goes
to the table as a command and is shown only once the table has stored it.

Pages: LEFT/RIGHT turn between the status page, the main page, the player's instructions and the seat's
link, round and round (while programming, only LEFT on a set first slot and BACK on an empty one turn
the page: RIGHT on the last slot stays in the program). On the main page: UP/DOWN choose, OK confirms,
BACK goes back; UP/DOWN scroll the pages of text. Programming: see `programming`.

Key events: a press is a press. A held key does more only where that is defined: UP and DOWN repeat in
lists and counters, and BACK held clears the program being entered (the screen says so). Every other
hold and repeat is ignored, and so is one whose key was pressed on another screen.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.games.xidit.rules import action_to_json, actions
from companion.games.xidit.rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from companion.games.xidit.rules.preview import Slot
from companion.games.xidit.rules.terms import UNITS
from companion.i18n import N_, NP_, translate
from companion.players import name_or_colour
from companion.table import Acknowledge, Command, Decide, Refused, SeatSnapshot, Unlock

from .editors import count_step, grid_start, grid_step, split_step, spread
from .frame import Frame
from .programming import ProgramEditor
from .text import TEXT_ROWS, wrap

PAGES = ("status", "main", "instructions", "link")
UNIT_LETTERS = {"militia": "Mi", "archer": "Ar", "infantry": "In", "priest": "Pr", "mage": "Ma"}
DIM_AFTER = 180.0  # seconds without a key before the screen dims, then blanks (OLED burn-in)
BLANK_AFTER = 600.0
PRESS, HOLD, REPEAT = "press", "hold", "repeat"
PLACE_BARDS = NP_("Place {n} bard", "Place {n} bards")
BLACK_LETTER = N_("K")  # a black road's letter, as on the pages and the map: N in French (noir)


class SeatController:
    def __init__(self, seat: int, snapshot: Callable[[], SeatSnapshot], submit: Callable[[Command], Any],
                 *, language: Callable[[], str] = lambda: "en", clock: Callable[[], float] = time.monotonic,
                 sleeps: bool = True) -> None:
        self.seat = seat
        self._snapshot = snapshot
        self._submit = submit
        self._language = language
        self._clock = clock
        self.page = "main"
        self.program = ProgramEditor(seat)
        self.cursor = 0
        self.top = 0  # the first line shown of a page of text
        self.stage = ""
        self.split: tuple[int, ...] = ()
        self.units: dict[str, int] = {}
        self.count = 0
        self.take: tuple[str, ...] = ()
        self._needs = 0
        self.notice = ""
        self._decision_key: tuple[Any, ...] = ()
        self._pressed: tuple[Any, ...] | None = None  # the last press and the screen it was pressed on
        self.link: Callable[[], str | None] = lambda: None  # the seat's secret link, set by the web
        self._last_key = clock()
        # An OLED dims then blanks when no key is pressed (burn-in); a phone's box view never does: it is
        # drawn whenever it is opened, and its screen sleeps by itself.
        self._sleeps = sleeps

    # -- keys --------------------------------------------------------------------------------------

    def press(self, key: str, kind: str = PRESS) -> Frame:
        """Handles one key event ("press", "hold" or "repeat") and returns the frame to show after it."""
        now = self._clock()
        asleep = self._sleeps and now - self._last_key >= DIM_AFTER
        self._last_key = now
        if asleep:
            self._pressed = None  # the key that wakes the screen does nothing else, held or not
            return self.frame()
        snap = self._snapshot()
        self._sync(snap)
        screen = (self._decision_key, self.page, self.stage, snap.locked)
        if kind == PRESS:
            self._pressed = (key, screen)
        elif self._pressed != (key, screen):
            return self.frame()
        elif self._programming(snap):
            if key == "BACK" and kind == HOLD:
                self.notice = ""
                self._submit_all(self.program.clear(snap.draft).commands)
            return self.frame()
        elif key not in ("UP", "DOWN"):
            return self.frame()
        self.notice = ""
        if key in ("LEFT", "RIGHT") and self._turns_page(key, snap):
            self._turn(1 if key == "RIGHT" else -1)
            return self.frame()
        if self.page != "main" or snap.choice is None:
            if key in ("UP", "DOWN"):
                self.top = max(0, self.top + (1 if key == "DOWN" else -1))  # the frame stops it at the end
            elif key in ("OK", "BACK") and self.page != "main":
                if key == "OK" and self.page == "instructions":
                    self._step_done(snap)
                self._turn_to("main")
            return self.frame()
        try:
            self._submit_all(self._commands(key, snap))
        except Refused as refused:  # refused by the box itself, as the table would
            self.notice = refused.sentence
        return self.frame()

    def _step_done(self, snap: SeatSnapshot) -> None:
        """OK on the instructions page: the table's current step is done, as Done on the table view says."""
        table = snap.view.get("table", {})
        done, steps = table.get("acknowledged", 0), table.get("steps_total", 0)
        if done < steps:
            self._submit_all([Acknowledge(done + 1)])

    def _submit_all(self, commands: list[Command]) -> None:
        try:
            for command in commands:
                self._submit(command)
        except Refused as refused:
            self.notice = refused.sentence

    def _programming(self, snap: SeatSnapshot) -> bool:
        return self.page == "main" and isinstance(snap.choice, ProgramChoice) and not snap.locked

    def _pages(self) -> tuple[str, ...]:
        # The last page shows the seat's secret link as a QR code, when the table serves phones.
        return PAGES if self.link() else PAGES[:-1]

    def _turn(self, step: int) -> None:
        pages = self._pages()
        index = pages.index(self.page) if self.page in pages else 1
        self._turn_to(pages[(index + step) % len(pages)])

    def _turn_to(self, page: str) -> None:
        self.page, self.top = page, 0

    def _turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        if self.page != "main":
            return True
        if self._programming(snap):
            return key == "LEFT" and self.program.slot == 0 and self.program.shown(snap.draft)[0] is not None
        # In an editor LEFT/RIGHT change a value; elsewhere they turn the page.
        return self.stage not in ("units", "count", "split", "city")

    def _sync(self, snap: SeatSnapshot) -> None:
        """A new decision resets the menus, with the defaults that need the fewest presses."""
        choice = snap.choice
        view = snap.view
        if view.get("phase") not in (None, "setup", "place", "program"):
            me: dict[str, Any] = next((p for p in view.get("players", ()) if p["seat"] == self.seat), {})
            self.program.saw_revealed(me.get("program"))
        if choice is None:
            key: tuple[Any, ...] = ()
        elif isinstance(choice, ProgramChoice):
            key = ("program", view.get("year"))  # the cursor stays while the draft changes
        else:
            key = (choice.decision, view["table"].get("actions"))
        if key == self._decision_key:
            if isinstance(choice, ProgramChoice):
                self.program.saw(snap.draft, snap.locked)
            return
        self._decision_key = key
        self.cursor, self.top, self.stage, self.split, self.units, self.take = 0, 0, "", (), {}, ()
        match choice:
            case ProgramChoice():
                self.program.new_year(snap.draft)
                self.program.saw(snap.draft, snap.locked)
            case PlaceChoice(cities=free, taken=taken):
                self.stage, self.cursor = "city", grid_start(len(free) + len(taken))
            case RewardChoice():
                self.stage = "take"
            case CensusChoice(most=most):
                self.stage, self.count = "count", most  # default: reveal everything owned
            case CensusBardsChoice(bards=bards, regions=regions):
                self.stage, self.split = "split", spread(regions, bards)
            case ColossusChoice():
                self.stage = "which"

    def _commands(self, key: str, snap: SeatSnapshot) -> list[Command]:
        choice = snap.choice
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
                if key == "OK":
                    return [self._decide(actions.Census(self.seat, unit, self.count))]
                self.count = count_step(key, self.count, most)
                return []
            case CensusBardsChoice(regions=regions, bards=bards):
                if self._split_keys(key, regions, bards):
                    return [self._decide(actions.CensusBards(self.seat, self._split(regions)))]
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
        outcome = self.program.press(key, snap.draft)
        if outcome.unfinished:
            self.notice = self._t(N_("Fill all 6 slots, then OK locks."))
        if outcome.previous_page:
            self._turn(-1)
        return outcome.commands

    def _place_keys(self, key: str, choice: PlaceChoice, snap: SeatSnapshot) -> list[Command]:
        cities = sorted(choice.cities + choice.taken)
        if key != "OK":
            self.cursor = grid_step(key, self.cursor, len(cities))
            return []
        city = cities[self.cursor]
        if city in choice.taken:
            who = next((p["colour"] for p in snap.view["players"] if p["city"] == city), "")
            raise Refused(self._t(N_("Taken by {player}."), {"city": city, "player": who}))
        return [self._decide(actions.Place(self.seat, city))]

    def _reward_keys(self, key: str, choice: RewardChoice) -> list[Command]:
        if self.stage == "take":
            if self._move(key, len(choice.takes)) or key != "OK":
                return []
            self.take = choice.takes[self.cursor]
            if "bards" in self.take and len(choice.regions) > 1:
                # The bards start spread evenly: one more OK accepts that.
                self.stage, self.split, self.cursor = "split", spread(choice.regions, choice.bards), 0
                return []
            bards = {choice.regions[0]: choice.bards} if "bards" in self.take else {}
            return [self._decide(actions.Reward(self.seat, self.take, actions.split(bards)))]
        if key == "BACK":
            self.stage, self.cursor = "take", 0
            return []
        if self._split_keys(key, choice.regions, choice.bards):
            return [self._decide(actions.Reward(self.seat, self.take, self._split(choice.regions)))]
        return []

    def _split(self, regions: tuple[int, ...]) -> actions.Split:
        return actions.split({r: n for r, n in zip(regions, self.split, strict=True) if n})

    def _split_keys(self, key: str, regions: tuple[int, ...], bards: int) -> bool:
        """Moves bards between regions; True when OK confirms a complete split."""
        if key == "OK":
            placed = sum(self.split)
            if placed == bards:
                return True
            self.notice = self._t(NP_("Place {n} more bard.", "Place {n} more bards."), {"n": bards - placed})
            return False
        self.cursor, self.split = split_step(key, self.cursor, self.split, bards)
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
            self.notice = self._t(N_("Give exactly {n} units."), {"n": self._needs})
        return []

    # -- the screen --------------------------------------------------------------------------------

    def frame(self) -> Frame:
        idle = self._clock() - self._last_key if self._sleeps else 0.0
        if idle >= BLANK_AFTER:
            return Frame("blank", "")
        frame = self._frame(self._snapshot())
        if frame.kind == "program":
            frame = replace(frame, black=self._t(BLACK_LETTER))
        if idle >= DIM_AFTER:
            return replace(frame, dim=True)
        return frame

    def _t(self, message: str | tuple[str, str], params: dict[str, Any] | None = None) -> str:
        return translate(self._language(), message, params)

    def _text(self, title: str, lines: tuple[str, ...], page: str) -> Frame:
        """A page of text: wrapped to the glass, scrolled by UP/DOWN."""
        wrapped = wrap(lines)
        self.top = max(0, min(self.top, len(wrapped) - TEXT_ROWS))
        return Frame("message", title, wrapped, top=self.top, page=page)

    def _frame(self, snap: SeatSnapshot) -> Frame:
        view = snap.view
        self._sync(snap)
        pages = self._pages()
        page = f"{pages.index(self.page) + 1}/{len(pages)}" if self.page in pages else ""
        if view.get("phase") == "setup":
            return self._text(self._t(N_("Lords of Xidit")), (self._t(N_("Waiting for the referee")),
                                                                self._t(N_("to start a game."))), "")
        saving = view.get("table", {}).get("saving")
        if saving and self.page == "main":  # the store cannot be written: the words and what to do, first
            return self._text(self._t(N_("The table cannot save")), (saving["problem"],), page)
        me = next(p for p in view["players"] if p["seat"] == self.seat)
        title = self._t(N_("Year {year} - {colour}"), {"year": view["year"], "colour": me["colour"]})
        if self.page == "status":
            return self._text(self._t(N_("Behind your screen")), self._status_lines(me), page)
        if self.page == "link":
            return Frame("qr", self._t(N_("Play on a phone")), (self.link() or "",), page=page)
        if self.page == "instructions":
            # Newest first: what was just asked is what the player looks for.
            mine = [i["text"] for i in view["table"]["instructions"] if i["seat"] == self.seat and i["physical"]]
            return self._text(self._t(N_("For you to do")), tuple(reversed(mine)) or (self._t(N_("Nothing.")),),
                              page)
        if view["phase"] == "over":
            return self._text(self._t(N_("Game over")), self._result_lines(view), page)
        choice = snap.choice
        notice = (self.notice,) if self.notice else ()
        match choice:
            case ProgramChoice():
                return self._program_frame(snap, title, page)
            case PlaceChoice(cities=free, taken=taken):
                return self._place_frame(free, taken, notice, page)
            case RewardChoice():
                return self._reward_frame(choice, notice, page)
            case ColossusChoice():
                return self._colossus_frame(choice, notice, page)
            case NeutralChoice(tracks=tracks):
                neutral = view.get("neutral") or {}
                lines = tuple(f"{self._t(t)} {neutral.get(t, '')}" for t in tracks)
                return self._list(self._t(N_("Neutral: raise which?")), lines, notice, page)
            case CensusChoice(unit=unit, most=most):
                lines = (self._t(unit), self._t(N_("Reveal {n} of {most}"), {"n": self.count, "most": most}))
                return Frame("editor", self._t(N_("Census")), lines, cursor=1,
                             footer=notice[0] if notice else self._t(N_("LEFT/RIGHT: 5 at a time")), page=page)
            case CensusBardsChoice(regions=regions, bards=bards, bastion=bastion):
                return self._split_frame(self._t(PLACE_BARDS, {"n": bards}), regions, bards, bastion,
                                         notice, page)
            case FloorChoice(cities=cities):
                lines = tuple(self._t(N_("Guild of city {city}"), {"city": c}) for c in cities)
                return self._list(self._t(N_("Floor: which guild?")), lines, notice, page)
        held = view.get("table", {}).get("waiting")
        if held:  # pace "wait for the table": the game waits for a step to be done, and says which
            return self._text(title, (held["text"],) + notice, page)
        waiting = ", ".join(f"{self._colour(view, a['seat'])} ({self._t(a['decision'])})" for a in view["awaiting"])
        return self._text(title, (self._t(N_("Waiting for")), waiting or "-") + notice, page)

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
        waiting = snap.view.get("table", {}).get("waiting")
        if snap.locked and waiting and all(p["locked"] for p in snap.view["players"]):
            return self._text(title, (waiting["text"], self._t(N_("OK unlock"))), page)  # the reveal waits
        if snap.locked:
            ready = sum(1 for p in snap.view["players"] if p["locked"])
            return Frame("program", title, (self._t(N_("Locked - {n} of {total} ready"), {
                "n": ready, "total": len(snap.view["players"])}),), slots=snap.draft, slot=self.program.slot,
                locked=True, footer=self._t(N_("OK unlock")), page=page)
        slots = self.program.shown(snap.draft)
        slot = self.program.slot
        if self.program.proposing(snap.draft):
            return Frame("program", title, (self.notice or self._t(N_("Last year's program")),), slots=slots,
                         slot=slot, footer=self._t(N_("OK lock, BACK new")), page=page, proposal=True)
        if slots[slot] is None:  # the screen shows which key enters which order
            return Frame("program", title, (self.notice,) if self.notice else (), slots=slots, slot=slot,
                         footer=self._t(N_("BACK undo, held: clear")), page=page)
        preview = snap.preview[slot] if slot < len(snap.preview) else None
        line = self.notice or (describe(self._t, preview) if preview is not None else "")
        footer = self._t(N_("OK lock")) if all(slots) else self._t(N_("BACK held: clear"))
        return Frame("program", title, (line,), slots=slots, slot=slot, footer=footer, page=page)

    def _place_frame(self, free: tuple[int, ...], taken: tuple[int, ...], notice: tuple[str, ...],
                     page: str) -> Frame:
        cities = sorted(free + taken)
        city = cities[self.cursor]
        footer = notice[0] if notice else (self._t(N_("City {city}: OK"), {"city": city}) if city in free else
                                           self._t(N_("City {city} is taken"), {"city": city}))
        return Frame("grid", self._t(N_("Start on which city?")), tuple(str(c) for c in cities), cursor=self.cursor,
                     taken=tuple(i for i, c in enumerate(cities) if c in taken), footer=footer, page=page)

    def _reward_frame(self, choice: RewardChoice, notice: tuple[str, ...], page: str) -> Frame:
        if self.stage == "split":
            return self._split_frame(self._t(PLACE_BARDS, {"n": choice.bards}), choice.regions,
                                     choice.bards, choice.bastion, notice, page)
        amounts = {"gold": choice.gold, "bards": choice.bards, "guild": choice.floors}
        lines = tuple(" + ".join(f"{self._t(r)} {amounts[r]}" for r in take) or self._t(N_("Nothing to take"))
                      for take in choice.takes)
        return self._list(self._t(N_("Reward")), lines, notice, page)

    def _split_frame(self, title: str, regions: tuple[int, ...], bards: int, bastion: int | None,
                     notice: tuple[str, ...], page: str) -> Frame:
        lines = tuple((self._t(N_("Bastion (secret): {n}"), {"n": n}) if r == bastion else
                       self._t(N_("Region {region}: {n}"), {"region": r, "n": n}))
                      for r, n in zip(regions, self.split, strict=True))
        left = bards - sum(self.split)
        footer = notice[0] if notice else (self._t(N_("LEFT/RIGHT: a bard")) if not left else
                                           self._t(N_("{n} to place"), {"n": left}))
        return Frame("editor", title, lines, cursor=self.cursor, footer=footer, page=page)

    def _colossus_frame(self, choice: ColossusChoice, notice: tuple[str, ...], page: str) -> Frame:
        if self.stage == "units":
            owned = [(u, n) for u, n in zip(UNITS, choice.units, strict=True) if n]
            lines = tuple(f"{self._t(u)} {self.units.get(u, 0)}/{n}" for u, n in owned)
            footer = notice[0] if notice else self._t(N_("Give {given} of {n}"), {
                "given": sum(self.units.values()), "n": self._needs})
            return Frame("editor", self._t(N_("Colossus: units")), lines, cursor=self.cursor, footer=footer,
                         page=page)
        lines = tuple(self._t(N_("Fight: {n} units"), {"n": needs}) for needs, _ in choice.colossi)
        return self._list(self._t(N_("A colossus wakes")), lines + (self._t(N_("Do not fight")),), notice, page)


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
            return str(t(N_("No road: stays on {city}"), {"city": slot.city}))
        case "recruit":
            return str(t(N_("City {city}: recruit {unit}"), {"city": slot.city, "unit": slot.unit}))
        case "threat":
            return str(t(N_("City {city}: threat beaten"), {"city": slot.city}))
        case "threat_unmet":
            counts = Counter(slot.missing)  # the status page's letters and counts: short in every language
            missing = " ".join(f"{UNIT_LETTERS[u]}{counts[u]}" for u in UNITS if counts[u])
            return str(t(N_("City {city}: needs {units}"), {"city": slot.city, "units": missing}))
        case "colossus":
            return str(t(N_("City {city}: colossus"), {"city": slot.city}))
        case "repeat":
            return str(t(N_("City {city}: already acted"), {"city": slot.city}))
        case "wait":
            return str(t(N_("Wait on city {city}"), {"city": slot.city}))
    return str(t(N_("City {city}: nothing to do"), {"city": slot.city}))
