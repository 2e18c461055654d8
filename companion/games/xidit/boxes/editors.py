"""Xidit's decisions on a box: one editor per decision kind, each with its keys, its screen and the
fewest keys that enter a wanted action. `EDITORS` is the one place a decision kind is dispatched.

Pages and keys are the box's (`companion.boxes.controller`); here, on the main page: UP/DOWN choose, OK
confirms, BACK goes back; LEFT/RIGHT change a value where there is one (a city on the grid, a count, a
split of bards, units for a colossus) and turn the page elsewhere. Programming: see `programming`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.boxes.editors import count_step, grid_start, grid_step, split_step, spread
from companion.boxes.frame import Frame
from companion.boxes.game_parts import KeyResult, Screen, Translate
from companion.boxes.sequences import counter, cycle, place, split
from companion.i18n import N_, NP_
from companion.table import Decide, Refused, SeatSnapshot, Unseal

from ..pieces import weakest
from ..rules import action_to_json
from ..rules import actions as a
from ..rules.choices import (
    CensusBardsChoice,
    CensusChoice,
    Choice,
    ColossusChoice,
    FloorChoice,
    NeutralChoice,
    PlaceChoice,
    ProgramChoice,
    RewardChoice,
)
from ..rules.terms import UNITS
from .lines import describe
from .programming import ProgramEditor
from .sequences import program

if TYPE_CHECKING:
    from .seat import XiditSeat

C = TypeVar("C", bound=Choice)
HOLD = "hold"
PLACE_BARDS = NP_("Place {n} bard", "Place {n} bards")
BLACK_LETTER = N_("K")  # a black road's letter, as on the pages and the map: N in French (noir)
VALUES = ("units", "count", "split", "city")  # the stages where LEFT/RIGHT change a value


class Editor(Generic[C]):
    """One decision as it first comes, with the defaults that need the fewest presses."""

    stage = ""

    def __init__(self, seat: XiditSeat, choice: C, snap: SeatSnapshot) -> None:
        self.seat = seat
        self.choice = choice
        self.cursor = 0

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        raise NotImplementedError

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return self.stage not in VALUES

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        raise NotImplementedError

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return self.keys(self.choice, target, self.seat.program, snap.draft, six_keys)

    @classmethod
    def keys(cls, choice: C, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        """The keys that enter `action` for `choice` on a box that shows the decision as it first comes."""
        raise NotImplementedError

    def _decide(self, action: a.Action) -> Decide:
        return Decide(self.choice.seat, action_to_json(action))

    def _move(self, key: str, size: int) -> bool:
        if key in ("UP", "DOWN") and size:
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % size
            return True
        return False

    def _list(self, title: str, lines: tuple[str, ...], screen: Screen) -> Frame:
        return Frame("list", title, lines, cursor=self.cursor, footer=screen.notice, page=screen.page)


def _wrong(choice: Choice, action: Any) -> ValueError:
    return ValueError(f"no keys for {choice!r} and {action!r}")


class ProgramDecision(Editor[ProgramChoice]):
    """The six orders of the year, on the seat's `ProgramEditor` (which outlives the year)."""

    def __init__(self, seat: XiditSeat, choice: ProgramChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        seat.program.new_year(snap.draft)

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if snap.locked:
            return KeyResult([Unseal(self.choice.seat)] if key in ("OK", "BACK") else [])
        outcome = self.seat.program.press(key, snap.draft)
        notice = t(N_("Fill all 6 slots, then OK locks.")) if outcome.unfinished else None
        return KeyResult(outcome.commands, notice, outcome.previous_page)

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        if snap.locked:
            return None
        if key == "BACK" and kind == HOLD:  # BACK held clears the program being entered
            return KeyResult(self.seat.program.clear(snap.draft).commands, notice="")
        return KeyResult()  # any other held key is ignored while programming

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        if snap.locked:
            return True
        editor = self.seat.program
        return key == "LEFT" and editor.slot == 0 and editor.shown(snap.draft)[0] is not None

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        frame = self._frame(snap, screen)
        return replace(frame, black=screen.t(BLACK_LETTER)) if frame.kind == "program" else frame

    def _frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, title, page, notice = screen.t, screen.title, screen.page, screen.notice
        editor = self.seat.program
        players = snap.view["players"]
        waiting = snap.view.get("table", {}).get("waiting")
        if snap.locked and waiting and all(p["locked"] for p in players):
            return Frame("message", title, (waiting["text"], t(N_("OK unlock"))), page=page)  # the reveal waits
        if snap.locked:
            ready = sum(1 for p in players if p["locked"])
            return Frame("program", title, (t(N_("Locked - {n} of {total} ready"), {
                "n": ready, "total": len(players)}),), slots=snap.draft, slot=editor.slot,
                locked=True, footer=t(N_("OK unlock")), page=page)
        slots = editor.shown(snap.draft)
        slot = editor.slot
        if editor.proposing(snap.draft):
            return Frame("program", title, (notice or t(N_("Last year's program")),), slots=slots,
                         slot=slot, footer=t(N_("OK lock, BACK new")), page=page, proposal=True)
        if slots[slot] is None:  # the screen shows which key enters which order
            return Frame("program", title, (notice,) if notice else (), slots=slots, slot=slot,
                         footer=t(N_("BACK undo, held: clear")), page=page)
        preview = snap.preview[slot] if slot < len(snap.preview) else None
        line = notice or (describe(t, preview) if preview is not None else "")
        footer = t(N_("OK lock")) if all(slots) else t(N_("BACK held: clear"))
        return Frame("program", title, (line,), slots=slots, slot=slot, footer=footer, page=page)

    @classmethod
    def keys(cls, choice: ProgramChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Program):
            raise _wrong(choice, action)
        return program(editor, draft, action.orders, six_keys)


class PlaceEditor(Editor[PlaceChoice]):
    """The starting city on a grid of all the cities, the taken ones struck through."""

    stage = "city"

    def __init__(self, seat: XiditSeat, choice: PlaceChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.cursor = grid_start(len(choice.cities) + len(choice.taken))

    def _cities(self) -> list[int]:
        return sorted(self.choice.cities + self.choice.taken)

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        cities = self._cities()
        if key != "OK":
            self.cursor = grid_step(key, self.cursor, len(cities))
            return KeyResult()
        city = cities[self.cursor]
        if city in self.choice.taken:
            who = next((p["colour"] for p in snap.view["players"] if p["city"] == city), "")
            raise Refused(t(N_("Taken by {player}."), {"city": city, "player": who}))
        return KeyResult([self._decide(a.Place(self.choice.seat, city))])

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, taken = screen.t, self.choice.taken
        cities = self._cities()
        city = cities[self.cursor]
        footer = screen.notice or (t(N_("City {city}: OK"), {"city": city}) if city in self.choice.cities else
                                   t(N_("City {city} is taken"), {"city": city}))
        return Frame("grid", t(N_("Start on which city?")), tuple(str(c) for c in cities), cursor=self.cursor,
                     taken=tuple(i for i, c in enumerate(cities) if c in taken), footer=footer, page=screen.page)

    @classmethod
    def keys(cls, choice: PlaceChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Place):
            raise _wrong(choice, action)
        cities = sorted(choice.cities + choice.taken)
        return place(len(cities), grid_start(len(cities)), cities.index(action.city))


class _Splitting(Editor[C]):
    """Bards spread over regions (UP/DOWN a region, RIGHT/LEFT a bard), confirmed by OK once all are placed."""

    split: tuple[int, ...] = ()

    def _split_keys(self, key: str, bards: int, t: Translate) -> tuple[bool, str | None]:
        """Moves bards between regions; (True, _) when OK confirms a complete split, else the notice."""
        if key == "OK":
            placed = sum(self.split)
            if placed == bards:
                return True, None
            return False, t(NP_("Place {n} more bard.", "Place {n} more bards."), {"n": bards - placed})
        self.cursor, self.split = split_step(key, self.cursor, self.split, bards)
        return False, None

    def _split(self, regions: tuple[int, ...]) -> a.Split:
        return a.split({r: n for r, n in zip(regions, self.split, strict=True) if n})

    def _split_frame(self, title: str, regions: tuple[int, ...], bards: int, bastion: int | None,
                     screen: Screen) -> Frame:
        t = screen.t
        lines = tuple((t(N_("Bastion (secret): {n}"), {"n": n}) if r == bastion else
                       t(N_("Region {region}: {n}"), {"region": r, "n": n}))
                      for r, n in zip(regions, self.split, strict=True))
        left = bards - sum(self.split)
        footer = screen.notice or (t(N_("LEFT/RIGHT: a bard")) if not left else t(N_("{n} to place"), {"n": left}))
        return Frame("editor", title, lines, cursor=self.cursor, footer=footer, page=screen.page)


class RewardEditor(_Splitting[RewardChoice]):
    """Which rewards to take, then where their bards go when there are regions to choose from."""

    stage = "take"

    def __init__(self, seat: XiditSeat, choice: RewardChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.take: tuple[str, ...] = ()

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        choice = self.choice
        if self.stage == "take":
            if self._move(key, len(choice.takes)) or key != "OK":
                return KeyResult()
            self.take = choice.takes[self.cursor]
            if "bards" in self.take and len(choice.regions) > 1:
                # The bards start spread evenly: one more OK accepts that.
                self.stage, self.split, self.cursor = "split", spread(choice.regions, choice.bards), 0
                return KeyResult()
            bards = {choice.regions[0]: choice.bards} if "bards" in self.take else {}
            return KeyResult([self._decide(a.Reward(choice.seat, self.take, a.split(bards)))])
        if key == "BACK":
            self.stage, self.cursor = "take", 0
            return KeyResult()
        done, notice = self._split_keys(key, choice.bards, t)
        if done:
            return KeyResult([self._decide(a.Reward(choice.seat, self.take, self._split(choice.regions)))])
        return KeyResult(notice=notice)

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, choice = screen.t, self.choice
        if self.stage == "split":
            return self._split_frame(t(PLACE_BARDS, {"n": choice.bards}), choice.regions, choice.bards,
                                     choice.bastion, screen)
        amounts = {"gold": choice.gold, "bards": choice.bards, "guild": choice.floors}
        lines = tuple(" + ".join(f"{t(r)} {amounts[r]}" for r in take) or t(N_("Nothing to take"))
                      for take in choice.takes)
        return self._list(t(N_("Reward")), lines, screen)

    @classmethod
    def keys(cls, choice: RewardChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Reward):
            raise _wrong(choice, action)
        keys = cycle(len(choice.takes), 0, choice.takes.index(action.take)) + ["OK"]
        if "bards" in action.take and len(choice.regions) > 1:
            keys += split(choice.regions, spread(choice.regions, choice.bards), action.bards)
        return keys


class CensusBardsEditor(_Splitting[CensusBardsChoice]):
    """The census's bards over the regions, spread evenly to start with."""

    stage = "split"

    def __init__(self, seat: XiditSeat, choice: CensusBardsChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.split = spread(choice.regions, choice.bards)

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        done, notice = self._split_keys(key, self.choice.bards, t)
        if done:
            return KeyResult([self._decide(a.CensusBards(self.choice.seat, self._split(self.choice.regions)))])
        return KeyResult(notice=notice)

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        choice = self.choice
        return self._split_frame(screen.t(PLACE_BARDS, {"n": choice.bards}), choice.regions, choice.bards,
                                 choice.bastion, screen)

    @classmethod
    def keys(cls, choice: CensusBardsChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.CensusBards):
            raise _wrong(choice, action)
        if len(choice.regions) > 1:
            return split(choice.regions, spread(choice.regions, choice.bards), action.bards)
        return ["OK"]


class ColossusEditor(Editor[ColossusChoice]):
    """Fight which colossus (or none), then with which units: the weakest first to start with."""

    stage = "which"

    def __init__(self, seat: XiditSeat, choice: ColossusChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.units: dict[str, int] = {}
        self.needs = 0

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        choice = self.choice
        if self.stage == "which":
            if self._move(key, len(choice.colossi) + 1) or key != "OK":  # the last line declines
                return KeyResult()
            if self.cursor == len(choice.colossi):
                return KeyResult([self._decide(a.Colossus(choice.seat, False))])
            self.needs = choice.colossi[self.cursor][0]
            self.stage, self.cursor = "units", 0
            self.units = weakest(choice.units, self.needs)
            return KeyResult()
        owned = [u for u, n in zip(UNITS, choice.units, strict=True) if n]
        if key == "BACK":
            self.stage, self.cursor = "which", 0
            return KeyResult()
        if self._move(key, len(owned)):
            return KeyResult()
        unit = owned[self.cursor] if owned else ""
        given = sum(self.units.values())
        if key == "RIGHT" and self.units.get(unit, 0) < choice.units[UNITS.index(unit)] and given < self.needs:
            self.units[unit] = self.units.get(unit, 0) + 1
        elif key == "LEFT" and self.units.get(unit, 0) > 0:
            self.units[unit] -= 1
        elif key == "OK":
            if given == self.needs:
                return KeyResult([self._decide(a.Colossus(choice.seat, True, self.needs, a.unit_count(self.units)))])
            return KeyResult(notice=t(N_("Give exactly {n} units."), {"n": self.needs}))
        return KeyResult()

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, choice = screen.t, self.choice
        if self.stage == "units":
            owned = [(u, n) for u, n in zip(UNITS, choice.units, strict=True) if n]
            lines = tuple(f"{t(u)} {self.units.get(u, 0)}/{n}" for u, n in owned)
            footer = screen.notice or t(N_("Give {given} of {n}"), {"given": sum(self.units.values()), "n": self.needs})
            return Frame("editor", t(N_("Colossus: units")), lines, cursor=self.cursor, footer=footer,
                         page=screen.page)
        lines = tuple(t(N_("Fight: {n} units"), {"n": needs}) for needs, _ in choice.colossi)
        return self._list(t(N_("A colossus wakes")), lines + (t(N_("Do not fight")),), screen)

    @classmethod
    def keys(cls, choice: ColossusChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Colossus):
            raise _wrong(choice, action)
        colossi = choice.colossi
        if not action.fight or action.needs is None:
            return cycle(len(colossi) + 1, 0, len(colossi)) + ["OK"]
        index = [n for n, _ in colossi].index(action.needs)
        return cycle(len(colossi) + 1, 0, index) + ["OK", "OK"]  # the box's default units: the weakest


class NeutralEditor(Editor[NeutralChoice]):
    """Which of the neutral player's tracks to raise."""

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        tracks = self.choice.tracks
        if self._move(key, len(tracks)) or key != "OK":
            return KeyResult()
        return KeyResult([self._decide(a.Neutral(self.choice.seat, tracks[self.cursor]))])

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        neutral = snap.view.get("neutral") or {}
        lines = tuple(f"{t(track)} {neutral.get(track, '')}" for track in self.choice.tracks)
        return self._list(t(N_("Neutral: raise which?")), lines, screen)

    @classmethod
    def keys(cls, choice: NeutralChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Neutral):
            raise _wrong(choice, action)
        return cycle(len(choice.tracks), 0, choice.tracks.index(action.track)) + ["OK"]


class CensusEditor(Editor[CensusChoice]):
    """How many units of the census's kind to reveal: everything owned, to start with."""

    stage = "count"

    def __init__(self, seat: XiditSeat, choice: CensusChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.count = choice.most

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if key == "OK":
            return KeyResult([self._decide(a.Census(self.choice.seat, self.choice.unit, self.count))])
        self.count = count_step(key, self.count, self.choice.most)
        return KeyResult()

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, choice = screen.t, self.choice
        lines = (t(choice.unit), t(N_("Reveal {n} of {most}"), {"n": self.count, "most": choice.most}))
        return Frame("editor", t(N_("Census")), lines, cursor=1,
                     footer=screen.notice or t(N_("LEFT/RIGHT: 5 at a time")), page=screen.page)

    @classmethod
    def keys(cls, choice: CensusChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Census):
            raise _wrong(choice, action)
        return counter(choice.most, choice.most, action.reveal)


class FloorEditor(Editor[FloorChoice]):
    """Which city's guild gets the floor."""

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        cities = self.choice.cities
        if self._move(key, len(cities)) or key != "OK":
            return KeyResult()
        return KeyResult([self._decide(a.Floor(self.choice.seat, cities[self.cursor]))])

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        lines = tuple(t(N_("Guild of city {city}"), {"city": c}) for c in self.choice.cities)
        return self._list(t(N_("Floor: which guild?")), lines, screen)

    @classmethod
    def keys(cls, choice: FloorChoice, action: Any, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
        if not isinstance(action, a.Floor):
            raise _wrong(choice, action)
        return cycle(len(choice.cities), 0, choice.cities.index(action.city)) + ["OK"]


#: The one dispatch of Xidit's decision kinds on a box: `Choice.decision` -> its editor.
EDITORS: dict[str, type[Editor[Any]]] = {
    ProgramChoice.decision: ProgramDecision,
    PlaceChoice.decision: PlaceEditor,
    RewardChoice.decision: RewardEditor,
    ColossusChoice.decision: ColossusEditor,
    NeutralChoice.decision: NeutralEditor,
    CensusChoice.decision: CensusEditor,
    CensusBardsChoice.decision: CensusBardsEditor,
    FloorChoice.decision: FloorEditor,
}


def decision(choice: Choice, action: a.Action, editor: ProgramEditor, draft: tuple[str | None, ...],
             six_keys: bool) -> list[str]:
    """The keys that enter `action` for `choice` on a box that shows the decision as it first comes (a
    program from where `editor` stands, over `draft`)."""
    return EDITORS[choice.decision].keys(choice, action, editor, draft, six_keys)
