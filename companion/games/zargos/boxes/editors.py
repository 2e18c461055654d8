"""Zargos's decisions on a box: one editor per kind of choice the engine awaits (rules/choices.py), and one
for a card the seat drew from a physical pile (a draw it tells). `EDITORS` is the one dispatch.

Keys on the main page: UP/DOWN choose a line, OK takes it, BACK steps back. LEFT/RIGHT turn the page on a
list and change a value where there is one (a strength, boats, swords, tokens on a province).

Map moves (attacks, reorganisation) are built on the seat page's map: the box offers the move the page
built (`built`) as its first line, to confirm; without one the player enters it here: from (the provinces
it may leave), to (the provinces it may reach, by land or by sea with its boats), then the strength.

`keys_for` plans the presses on a fresh copy of the editor, pressing as a player would: the keys it gives
are those that make this editor send the wanted move (the key-level players and the bench press them).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.boxes.frame import Frame
from companion.boxes.game_parts import KeyResult, Screen, Translate
from companion.boxes.sequences import cycle
from companion.boxes.text import TEXT_ROOM, width
from companion.i18n import N_, NP_
from companion.table import Command, Decide, Refused, SeatSnapshot, Tell

from ..rules import Board
from ..rules import actions as a
from ..rules import choices as ch
from ..rules.actions import action_to_json
from ..rules.choices import Choice
from ..rules.terms import BOAT_COST, TOKEN_COST
from .fit import fitted
from .widgets import count_keys, count_step, spread_step
from .words import card, kingdom, people, placement, province

if TYPE_CHECKING:
    from .seat import ZargosSeat

C = TypeVar("C")
JSON = dict[str, Any]
VALUES = ("strength", "swords", "boats", "tokens")  # the stages where LEFT/RIGHT change a value
WAR = "vent_de_guerre"
FOLIE = "vent_de_folie"


def _english(message: Any, params: dict[str, Any] | None = None) -> str:
    """The translation a key plan presses with: the words do not matter, the keys do."""
    text = message[0] if isinstance(message, tuple) else str(message)
    try:
        return text.format(**(params or {}))
    except (KeyError, IndexError):
        return text


def _said(message: str, t: Translate) -> str:
    return t(message)


def _people(key: str, t: Translate) -> str:
    return people(t, key)


def _play_label(key: str, t: Translate) -> str:
    return fitted(card(t, key))  # a card's name on a line of what to do: play it


def _name(name: str, t: Translate) -> str:
    return fitted(name)


def named(t: Translate, message: str, params: dict[str, Any], key: str, room: float = TEXT_ROOM) -> str:
    """`message` said with the name `params[key]` shortened so that the line fits `room`."""
    full = t(message, params)
    over = width(full) - room
    if over <= 0:
        return full
    name = str(params[key])
    return t(message, {**params, key: fitted(name, width(name) - over)})


@dataclass(frozen=True)
class Entry:
    """One line of a list: its words, and what OK on it does: an action (sent as the seat's decision), a
    table command, or a callable that moves the editor on (to another stage) and returns what it sends."""

    label: Callable[[Translate], str]
    then: Any


def built(snap: SeatSnapshot) -> JSON | None:
    """The map move the seat page built for this seat, if any: {"from", "to", "strength", "route"?} (the
    page keeps it as the seat's draft)."""
    draft = snap.draft
    if isinstance(draft, Mapping) and {"from", "to", "strength"} <= set(draft):
        return dict(draft)
    return None


class Editor(Generic[C]):
    """A list of lines; subclasses add stages where keys turn a value."""

    stage = "menu"

    def __init__(self, seat: ZargosSeat, choice: C, snap: SeatSnapshot) -> None:
        self.seat = seat
        self.choice = choice
        self.cursor = 0
        self.sent = False
        self.board: Board | None = seat.board_for(snap.view)

    # -- the protocol ------------------------------------------------------------------------------

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        result = self._press(key, snap, t)
        if result.commands:
            self.sent = True  # what comes next is another decision, even if it looks the same
        return result

    def _press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if self.stage == "menu":
            entries = self.entries(snap)
            if key in ("UP", "DOWN") and entries:
                self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(entries)
                return KeyResult()
            if key == "OK" and entries:
                return self.take(entries[self.cursor % len(entries)].then, t)
            return KeyResult()
        return self.press_stage(key, snap, t)

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return self.stage not in VALUES

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        if self.stage != "menu":
            return self.stage_frame(snap, screen)
        t = screen.t
        entries = self.entries(snap)
        return Frame("list", self.heading(t), tuple(e.label(t) for e in entries), cursor=self.cursor,
                     footer=screen.notice or self.footer(t), page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        plan = type(self)(self.seat, self.choice, snap)
        keys: list[str] = []
        plan.plan(target, snap, keys)
        return keys

    # -- what a kind of decision says --------------------------------------------------------------

    def heading(self, t: Translate) -> str:
        raise NotImplementedError

    def footer(self, t: Translate) -> str:
        return ""

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        return []

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        return KeyResult()

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        raise NotImplementedError

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        """Press, on this fresh editor, the keys that send `target`; by default a line that sends it."""
        self.pick(snap, keys, lambda then: then == target, target)

    # -- helpers -----------------------------------------------------------------------------------

    def take(self, then: Any, t: Translate) -> KeyResult:
        if callable(then):
            result: KeyResult = then(t)
            return result
        if isinstance(then, Decide | Tell):
            return KeyResult([then])
        return KeyResult([self.decide(then)])

    def decide(self, action: a.Action) -> Command:
        return Decide(self.seat.number, action_to_json(action))

    def keys(self, keys: list[str], snap: SeatSnapshot, *pressed: str) -> None:
        for key in pressed:
            keys.append(key)
            self.press(key, snap, _english)

    def pick(self, snap: SeatSnapshot, keys: list[str], match: Callable[[Any], bool], target: Any) -> None:
        """Move to the first line whose `then` matches, and OK."""
        entries = self.entries(snap)
        index = next((i for i, e in enumerate(entries) if match(e.then)), None)
        if index is None:
            raise ValueError(f"no line of {type(self).__name__} sends {target!r}")
        self.keys(keys, snap, *cycle(len(entries), self.cursor, index), "OK")

    def list_frame(self, title: str, lines: tuple[str, ...], cursor: int, footer: str, screen: Screen) -> Frame:
        return Frame("list", title, lines, cursor=cursor, footer=screen.notice or footer, page=screen.page)


def _wrong(editor: Any, target: Any) -> ValueError:
    return ValueError(f"no keys for {editor.choice!r} and {target!r}")


class PeopleEditor(Editor[ch.PeopleChoice]):
    """2.3: the people this player takes, among those left."""

    def heading(self, t: Translate) -> str:
        return t(N_("Choose a people"))

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        return [Entry(partial(_people, k), a.ChoosePeople(c.seat, k)) for k in c.peoples]


class DraftEditor(Editor[ch.DraftChoice]):
    """2.7: one green card or two blue ones."""

    def heading(self, t: Translate) -> str:
        return t(N_("Draft"))

    def footer(self, t: Translate) -> str:
        return t(N_("For {people}"), {"people": people(t, self.choice.people)})

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        words = {"green": N_("Green: 1 card"), "blue": N_("Blue: 2 cards")}
        return [Entry(partial(_said, words[p]), a.Draft(c.seat, c.people, p)) for p in c.piles]


class TradeEditor(Editor[ch.TradeChoice]):
    """2.10: the peoples trade placement cards at the table (stated on the page); the box says when this
    player is done, and when the trading time ends (2.10's 10 minutes, Z-21's 3): the clock time of its end,
    which stays true on a screen drawn again only when something changes."""

    timer: JSON | None = None

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        self.timer = snap.view.get("table", {}).get("timer")
        return super().frame(snap, screen)

    def heading(self, t: Translate) -> str:
        return t(N_("Trading time"))

    def footer(self, t: Translate) -> str:
        timer = self.timer
        if timer and timer.get("paused"):
            return t(N_("Time paused"))
        if timer and timer.get("deadline") is not None:
            return t(N_("Ends at {time}"), {"time": time.strftime("%H:%M", time.localtime(timer["deadline"]))})
        return t(N_("Trades: on the page"))

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        return [Entry(lambda t: t(N_("I am done trading")), a.TradesDone(self.choice.seat))]


class SwordsEditor(Editor[ch.SwordsChoice]):
    """2.11: the swords printed on each reinforcement card this people holds (a secret)."""

    stage = "swords"

    def __init__(self, seat: ZargosSeat, choice: ch.SwordsChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.swords = [0] * choice.cards

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        c = self.choice
        if key in ("UP", "DOWN") and c.cards:
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % c.cards
        elif key in ("LEFT", "RIGHT") and c.cards:
            self.swords[self.cursor] = max(0, min(c.most, self.swords[self.cursor] + (1 if key == "RIGHT" else -1)))
        elif key == "OK":
            return KeyResult([self.decide(a.Swords(c.seat, c.people, tuple(self.swords)))])
        return KeyResult()

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        lines = (people(t, self.choice.people), *(t(N_("Card {n}: {swords} swords"), {"n": i + 1, "swords": s})
                                                   for i, s in enumerate(self.swords)))
        return Frame("editor", t(N_("Swords")), lines, cursor=self.cursor + 1,
                     footer=screen.notice or t(N_("LEFT/RIGHT: swords, OK")), page=screen.page)

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if not isinstance(target, a.Swords) or len(target.swords) != self.choice.cards:
            raise _wrong(self, target)
        for i, wanted in enumerate(target.swords):
            if wanted:
                self.keys(keys, snap, *cycle(self.choice.cards, self.cursor, i), *(["RIGHT"] * wanted))
        self.keys(keys, snap, "OK")


class _Spreading(Editor[C]):
    """Tokens over provinces, from a pool that starts full: UP/DOWN a province, RIGHT one more there, LEFT
    one back to the pool. OK on a province while tokens are left opens its count, at all that is left
    (OK again puts them all there), where UP/DOWN change it by one and RIGHT/LEFT by five, and OK comes
    back; OK once the pool is empty places them."""

    rows: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    total = 0
    counting = False  # the count of the province under the cursor is open

    def _start(self, rows: tuple[str, ...], total: int) -> None:
        self.rows, self.total, self.counts, self.counting = rows, total, (0,) * len(rows), False

    def _room(self) -> int:
        """The most the province under the cursor may hold: what it has and the pool."""
        return self.counts[self.cursor] + self.total - sum(self.counts)

    def _set(self, n: int) -> None:
        values = list(self.counts)
        values[self.cursor] = n
        self.counts = tuple(values)

    def _spread_keys(self, key: str, t: Translate) -> tuple[bool, str | None]:
        if self.counting:
            if key in ("OK", "BACK"):
                self.counting = False
            else:
                self._set(count_step(key, self.counts[self.cursor], 0, self._room()))
            return False, None
        if key == "OK":
            if self.total - sum(self.counts) == 0:
                return True, None
            if self.rows:
                self.counting = True
                self._set(self._room())
            return False, None
        if key in ("UP", "DOWN") and self.rows:
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(self.rows)
        elif key in ("LEFT", "RIGHT") and self.rows:
            self.counts = spread_step(key, self.cursor, self.counts, self.total)
        return False, None

    def _spread(self) -> a.Spread:
        return a.spread({p: n for p, n in zip(self.rows, self.counts, strict=True) if n})

    def _spread_frame(self, title: str, who: str, screen: Screen) -> Frame:
        t = screen.t
        lines = (people(t, who), *(fitted(province(self.board, p), suffix=f": <{n}>" if self.counting
                                          and i == self.cursor else f": {n}")
                                   for i, (p, n) in enumerate(zip(self.rows, self.counts, strict=True))))
        left = self.total - sum(self.counts)
        if self.counting:
            footer = t(N_("LEFT/RIGHT: 5 at a time"))
        else:
            footer = t(N_("{n} to place"), {"n": left}) if left else t(N_("OK: place them"))
        return Frame("editor", title, lines, cursor=self.cursor + 1, footer=screen.notice or footer,
                     page=screen.page)

    def _plan_spread(self, wanted: a.Spread, snap: SeatSnapshot, keys: list[str]) -> None:
        goal = dict(wanted)
        if set(goal) - set(self.rows) or sum(goal.values()) != self.total:
            raise ValueError(f"no keys for the spread {wanted!r} over {self.rows!r}")
        for i, n in enumerate(goal.get(p, 0) for p in self.rows):
            if not n:
                continue
            self.keys(keys, snap, *cycle(len(self.rows), self.cursor, i))
            room = self._room()
            counted = ["OK", *count_keys(room, n, 0, room), "OK"]
            self.keys(keys, snap, *(counted if len(counted) < n else ["RIGHT"] * n))
        self.keys(keys, snap, "OK")


class PlaceEditor(_Spreading[ch.PlaceChoice]):
    """2.12: the people's strength over the provinces it holds."""

    stage = "tokens"

    def __init__(self, seat: ZargosSeat, choice: ch.PlaceChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self._start(choice.provinces, choice.strength)

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        done, notice = self._spread_keys(key, t)
        if done:
            c = self.choice
            return KeyResult([self.decide(a.Place(c.seat, c.people, self._spread()))])
        return KeyResult(notice=notice)

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        title = t(N_("Place {n} strength"), {"n": self.total})
        return self._spread_frame(title, self.choice.people, screen)

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if not isinstance(target, a.Place):
            raise _wrong(self, target)
        self._plan_spread(target.spread, snap, keys)


class ReinforceEditor(_Spreading[ch.ReinforceChoice]):
    """13.2-13.4: boats first (5 points each), then the tokens the points left buy (2 each), over the
    provinces the people holds."""

    stage = "boats"

    def __init__(self, seat: ZargosSeat, choice: ch.ReinforceChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.boats = 0
        if not choice.most_boats:
            self.stage = "tokens"
        self._start(choice.provinces, self._tokens())

    def _tokens(self) -> int:
        c = self.choice
        return max(0, min((c.points - self.boats * BOAT_COST) // TOKEN_COST, c.supply))

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        c = self.choice
        if self.stage == "boats":
            if key == "OK":
                self.stage, self.cursor = "tokens", 0
                self._start(c.provinces, self._tokens())
            elif key != "BACK":
                self.boats = count_step(key, self.boats, 0, c.most_boats)
            return KeyResult()
        if key == "BACK" and c.most_boats:
            self.stage, self.cursor = "boats", 0
            return KeyResult()
        done, notice = self._spread_keys(key, t)
        if done:
            return KeyResult([self.decide(a.Reinforce(c.seat, c.people, self.boats, self._spread()))])
        return KeyResult(notice=notice)

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t, c = screen.t, self.choice
        if self.stage == "boats":
            lines = (people(t, c.people), t(N_("{n} points to spend"), {"n": c.points}),
                     t(N_("Boats: {n} of {most}"), {"n": self.boats, "most": c.most_boats}),
                     t(NP_("Then {n} token", "Then {n} tokens"), {"n": self._tokens()}))
            return Frame("editor", t(N_("Buy boats")), lines, cursor=2,
                         footer=screen.notice or t(N_("UP/DOWN: boats, OK")), page=screen.page)
        return self._spread_frame(t(NP_("Place {n} token", "Place {n} tokens"), {"n": self.total}), c.people, screen)

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if not isinstance(target, a.Reinforce):
            raise _wrong(self, target)
        if self.stage == "boats":
            self.keys(keys, snap, *count_keys(0, target.boats, 0, self.choice.most_boats), "OK")
        self._plan_spread(target.spread, snap, keys)


class KeepEditor(Editor[ch.KeepChoice]):
    """12.2, 9.9: which magic cards to keep (OK on a card keeps or drops it; the last line confirms)."""

    def __init__(self, seat: ZargosSeat, choice: ch.KeepChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.kept = [i < choice.keep for i in range(len(choice.cards))]

    def heading(self, t: Translate) -> str:
        return t(N_("Keep {n} cards"), {"n": self.choice.keep})

    def _keep_label(self, i: int, key: str, t: Translate) -> str:
        return ("+ " if self.kept[i] else "- ") + card(t, key)

    def _toggle(self, i: int) -> Callable[[Translate], KeyResult]:
        def toggle(t: Translate) -> KeyResult:
            self.kept[i] = not self.kept[i]
            return KeyResult()
        return toggle

    def _confirm(self, t: Translate) -> KeyResult:
        c = self.choice
        kept = tuple(sorted(k for k, on in zip(c.cards, self.kept, strict=True) if on))
        if len(kept) != c.keep:
            raise Refused(t(N_("Keep exactly {n} cards."), {"n": c.keep}))
        return KeyResult([self.decide(a.Keep(c.seat, kept))])

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        lines = [Entry(partial(self._keep_label, i, k), self._toggle(i))
                 for i, k in enumerate(c.cards)]
        return [*lines, Entry(lambda t: t(N_("OK: keep the + cards")), self._confirm)]

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if not isinstance(target, a.Keep):
            raise _wrong(self, target)
        wanted = list(target.cards)
        want = []
        for k in self.choice.cards:  # a card held twice: the first copies are the kept ones
            want.append(k in wanted)
            if k in wanted:
                wanted.remove(k)
        size = len(self.choice.cards) + 1
        for i, on in enumerate(want):
            if on != self.kept[i]:
                self.keys(keys, snap, *cycle(size, self.cursor, i), "OK")
        self.keys(keys, snap, *cycle(size, self.cursor, size - 1), "OK")


class _Cards(Editor[C]):
    """A pass line and the magic cards that may be played now."""

    picks: tuple[tuple[str, a.PlayCard], ...] = ()  # a card's targets: (words, the move)
    played = ""

    def _targets(self, key: str) -> tuple[tuple[str, a.PlayCard], ...]:
        """The targets a card needs the player to name (12.10: a kingdom; Z-20: a combat); none for the
        others (the table states what they do)."""
        seat = self.seat.number
        if key == FOLIE:
            kingdoms = sorted(self.board.kingdoms, key=lambda k: kingdom(self.board, k)) if self.board else []
            return tuple((kingdom(self.board, k), a.PlayCard(seat, key, f"kingdom:{k}")) for k in kingdoms)
        combats = self._combats()
        if key == WAR and combats is not None:
            return tuple((province(self.board, p), a.PlayCard(seat, key, f"province:{p}")) for p in combats)
        return ()

    def _combats(self) -> tuple[str, ...] | None:
        """The combats a Wind of War is aimed at from this decision (None: here it is played with no target)."""
        return None

    def _play(self, key: str) -> Any:
        if key not in (FOLIE, WAR) or (key == WAR and self._combats() is None):
            return a.PlayCard(self.seat.number, key, "")
        return partial(self._open, key)

    def _open(self, key: str, t: Translate) -> KeyResult:
        picks = self._targets(key)
        if not picks:
            raise Refused(t(N_("Play it on the seat page: the box has no map.")))
        self.stage, self.cursor, self.picks, self.played = "target", 0, picks, key
        return KeyResult()

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if key == "BACK":
            self.stage, self.cursor = "menu", 0
        elif key in ("UP", "DOWN") and self.picks:
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(self.picks)
        elif key == "OK" and self.picks:
            return KeyResult([self.decide(self.picks[self.cursor][1])])
        return KeyResult()

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        footer = t(N_("On which kingdom?")) if self.played == FOLIE else t(N_("On which combat?"))
        return self.list_frame(card(t, self.played), tuple(fitted(words) for words, _ in self.picks), self.cursor,
                               footer, screen)

    def _card_entries(self, cards: tuple[str, ...]) -> list[Entry]:
        return [Entry(partial(_play_label, k), self._play(k)) for k in cards]

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if isinstance(target, a.PlayCard) and self._targets(target.card) and target.target:
            self.pick(snap, keys, lambda then: isinstance(then, partial) and then.args == (target.card,), target)
            moves = [move for _, move in self.picks]
            self.keys(keys, snap, *cycle(len(moves), 0, moves.index(target)), "OK")
            return
        super().plan(target, snap, keys)


class WindowEditor(_Cards[ch.WindowChoice]):
    """12.4, Z-19: before a people's turn, each player in turn may play red cards, or pass."""

    def heading(self, t: Translate) -> str:
        return t(N_("Red cards?"))

    def footer(self, t: Translate) -> str:
        return t(N_("Next turn: {people}"), {"people": people(t, self.choice.people)})

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        return [Entry(lambda t: t(N_("Pass")), a.Pass(self.seat.number)), *self._card_entries(self.choice.cards)]


class CombatCardEditor(_Cards[ch.CombatCardChoice]):
    """Z-20: a side's own Wind of War before a combat round (one per player per combat)."""

    def heading(self, t: Translate) -> str:
        return t(N_("You attack")) if self.choice.side == "attack" else t(N_("You defend"))

    def footer(self, t: Translate) -> str:
        return t(N_("Combat at {province}"), {"province": province(self.board, self.choice.province)})

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        war = a.PlayCard(self.seat.number, WAR, f"province:{c.province}")
        # Asked with no Wind of War in hand (every player holding a card is asked, Z-20): Pass alone.
        return [Entry(lambda t: t(N_("Pass")), a.Pass(self.seat.number)),
                *([Entry(partial(_play_label, WAR), war)] if WAR in c.cards else [])]


class FightEditor(_Cards[ch.FightChoice]):
    """6.1: which combat to resolve next; Wind of War on one of them first, or another green card."""

    def heading(self, t: Translate) -> str:
        return t(N_("Which combat?"))

    def _combats(self) -> tuple[str, ...] | None:
        return self.choice.provinces

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        fights = [Entry(partial(_name, province(self.board, p)), a.Fight(c.seat, c.people, p)) for p in c.provinces]
        return fights + self._card_entries(c.cards)


class _MapMove(_Cards[C]):
    """A map move entered with the keys: from, to, strength. Subclasses say which provinces and what the
    move sends."""

    origin = ""
    target = ""
    strength = 0

    def origins(self, snap: SeatSnapshot) -> list[tuple[str, int]]:
        raise NotImplementedError

    def reach(self, snap: SeatSnapshot, origin: str) -> list[str]:
        raise NotImplementedError

    def moved(self, step: a.Step, t: Translate) -> KeyResult:
        raise NotImplementedError

    def route(self, origin: str, target: str) -> tuple[str, ...]:
        board = self.board
        if board is None or board.adjacent(origin, target):
            return ()
        return board.shortest_sea_route(origin, target) or ()

    def _by_sea(self, snap: SeatSnapshot, origin: str, boats: int, ours: bool, people_key: str) -> list[str]:
        """Coastal provinces a fleet of `boats` reaches from `origin` (5.1, Z-08), ours or not."""
        board = self.board
        if board is None or not boats or not board.coastal(origin):
            return []
        land = snap.view.get("provinces", {})
        found = []
        for p in board.provinces:
            if p == origin or not board.coastal(p) or board.adjacent(origin, p):
                continue
            if (land.get(p, {}).get("people") == people_key) != ours:
                continue
            route = board.shortest_sea_route(origin, p)
            if route and len(route) <= boats:
                found.append(p)
        return found

    def _sorted(self, provinces: list[str]) -> list[str]:
        return sorted(set(provinces), key=lambda p: province(self.board, p))

    _built: a.Step | None = None  # the move the page built, as the menu last showed it

    def _from_footer(self, t: Translate) -> str:
        if self._built is not None:
            return t(N_("From {province}"), {"province": province(self.board, self._built.origin)})
        return people(t, getattr(self.choice, "people", ""))

    def _enter(self, t: Translate) -> KeyResult:
        self.stage, self.cursor = "from", 0
        return KeyResult()

    def _built_step(self, snap: SeatSnapshot) -> a.Step | None:
        move = built(snap)
        if move is None:
            return None
        try:
            return a.Step(str(move["from"]), str(move["to"]), int(move["strength"]),
                          tuple(move.get("route", ())) or self.route(str(move["from"]), str(move["to"])))
        except (TypeError, ValueError):
            return None

    def _built_line(self, message: str, step: a.Step, t: Translate) -> str:
        """The move the page built, in one line: its strength and where it goes (from: the footer)."""
        return named(t, message, {"n": step.strength, "province": province(self.board, step.target)}, "province")

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        if self.stage == "kingdom":
            return super().press_stage(key, snap, t)
        if self.stage == "from":
            origins = self.origins(snap)
            if key == "BACK":
                self.stage, self.cursor = "menu", 0
            elif key in ("UP", "DOWN") and origins:
                self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(origins)
            elif key == "OK" and origins:
                origin = origins[self.cursor][0]
                if not self.reach(snap, origin):
                    raise Refused(t(N_("No province to reach from {province}."),
                                    {"province": province(self.board, origin)}))
                self.origin, self.stage, self.cursor = origin, "to", 0
            return KeyResult()
        if self.stage == "to":
            targets = self.reach(snap, self.origin)
            if key == "BACK":
                self.stage = "from"
                self.cursor = [p for p, _ in self.origins(snap)].index(self.origin)
            elif key in ("UP", "DOWN") and targets:
                self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(targets)
            elif key == "OK" and targets:
                self.target = targets[self.cursor]
                self.stage, self.strength = "strength", self._most(snap)
            return KeyResult()
        if key == "BACK":
            self.stage = "to"
            self.cursor = self.reach(snap, self.origin).index(self.target)
        elif key == "OK":
            self.stage, self.cursor = "menu", 0
            return self.moved(a.Step(self.origin, self.target, self.strength, self.route(self.origin, self.target)), t)
        else:
            self.strength = count_step(key, self.strength, 1, self._most(snap))
        return KeyResult()

    def _most(self, snap: SeatSnapshot) -> int:
        return dict(self.origins(snap)).get(self.origin, 1)

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        if self.stage == "target":
            return super().stage_frame(snap, screen)
        if self.stage == "from":
            lines = tuple(fitted(province(self.board, p), suffix=f" ({n})") for p, n in self.origins(snap))
            return self.list_frame(t(N_("From where?")), lines, self.cursor, t(N_("BACK: menu")), screen)
        if self.stage == "to":
            lines = tuple(self._to_line(snap, p, t) for p in self.reach(snap, self.origin))
            return self.list_frame(t(N_("To where?")), lines, self.cursor,
                                   t(N_("From {province}"), {"province": province(self.board, self.origin)}), screen)
        lines = (fitted(province(self.board, self.origin)), fitted("> " + province(self.board, self.target)),
                 t(N_("Strength {n} of {most}"), {"n": self.strength, "most": self._most(snap)}))
        sea = self.route(self.origin, self.target)
        footer = t(NP_("By sea: {n} boat", "By sea: {n} boats"), {"n": len(sea)}) if sea else \
            t(N_("LEFT/RIGHT: 5 at a time"))
        return Frame("editor", t(N_("How strong?")), lines, cursor=2, footer=screen.notice or footer, page=screen.page)

    def _to_line(self, snap: SeatSnapshot, p: str, t: Translate) -> str:
        held = snap.view.get("provinces", {}).get(p)
        name = province(self.board, p)
        sea = " ~" if self.route(self.origin, p) else ""  # reached by sea
        return fitted(name, suffix=sea + (f" ({held['strength']})" if held else ""))

    def _plan_step(self, step: a.Step, snap: SeatSnapshot, keys: list[str]) -> None:
        """From the menu: the line that enters a move, then from, to and strength."""
        self.pick(snap, keys, lambda then: getattr(then, "__func__", None) is _MapMove._enter, step)
        origins = [p for p, _ in self.origins(snap)]
        if step.origin not in origins:
            raise ValueError(f"{step.origin} is not a province to move from")
        self.keys(keys, snap, *cycle(len(origins), self.cursor, origins.index(step.origin)), "OK")
        targets = self.reach(snap, step.origin)
        if step.target not in targets:
            raise ValueError(f"{step.target} cannot be reached from {step.origin}")
        self.keys(keys, snap, *cycle(len(targets), self.cursor, targets.index(step.target)), "OK")
        self.keys(keys, snap, *count_keys(self.strength, step.strength, 1, self._most(snap)), "OK")


class AttackEditor(_MapMove[ch.AttackChoice]):
    """§4, §5: one attack at a time (by land, or by sea with the people's boats), a green card, or the end
    of the attacks."""

    def heading(self, t: Translate) -> str:
        return t(N_("Attack"))

    def footer(self, t: Translate) -> str:
        return self._from_footer(t)

    def origins(self, snap: SeatSnapshot) -> list[tuple[str, int]]:
        return sorted(self.choice.sources, key=lambda s: province(self.board, s[0]))

    def reach(self, snap: SeatSnapshot, origin: str) -> list[str]:
        board, c = self.board, self.choice
        if board is None:
            return []
        land = snap.view.get("provinces", {})
        near = [p for p in board.borders.get(origin, ()) if land.get(p, {}).get("people") != c.people]
        return self._sorted(near) + self._sorted(self._by_sea(snap, origin, c.boats, False, c.people))

    def moved(self, step: a.Step, t: Translate) -> KeyResult:
        c = self.choice
        return KeyResult([self.decide(a.Attack(c.seat, c.people, step.origin, step.target, step.strength, step.route))])

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        lines: list[Entry] = []
        step = self._built = self._built_step(snap)
        if step is not None:
            attack = a.Attack(c.seat, c.people, step.origin, step.target, step.strength, step.route)
            lines.append(Entry(partial(self._built_line, N_("Attack {n}: {province}"), step), attack))
        if c.sources and self.board is not None:
            lines.append(Entry(lambda t: t(N_("Enter an attack")), self._enter))
        lines += self._card_entries(tuple(k for k in c.cards if k != WAR))  # Z-20: on a combat, when fighting
        lines.append(Entry(lambda t: t(N_("End the attacks")), a.EndAttacks(c.seat, c.people)))
        return lines

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if isinstance(target, a.Attack) and not any(e.then == target for e in self.entries(snap)):
            self._plan_step(a.Step(target.origin, target.target, target.strength, target.route), snap, keys)
            return
        super().plan(target, snap, keys)


class ReorganiseEditor(_MapMove[ch.ReorganiseChoice]):
    """§7: at most two moves between the people's own provinces, then confirmed (none: no reorganisation)."""

    def __init__(self, seat: ZargosSeat, choice: ch.ReorganiseChoice, snap: SeatSnapshot) -> None:
        super().__init__(seat, choice, snap)
        self.steps: list[a.Step] = []

    def heading(self, t: Translate) -> str:
        return t(N_("Reorganise"))

    def origins(self, snap: SeatSnapshot) -> list[tuple[str, int]]:
        land = snap.view.get("provinces", {})
        found = [(p, land[p]["strength"] - 1) for p in self.choice.provinces if land.get(p, {}).get("strength", 0) > 1]
        return sorted(found, key=lambda s: province(self.board, s[0]))

    def reach(self, snap: SeatSnapshot, origin: str) -> list[str]:
        board, c = self.board, self.choice
        if board is None:
            return []
        near = [p for p in board.borders.get(origin, ()) if p in c.provinces]
        return self._sorted(near) + self._sorted(self._by_sea(snap, origin, c.boats, True, c.people))

    def moved(self, step: a.Step, t: Translate) -> KeyResult:
        self.steps.append(step)
        self.cursor = self._done_index()
        return KeyResult()

    def _done_index(self) -> int:
        room = len(self.steps) < self.choice.steps
        return (1 if room and self.board is not None and self.choice.provinces else 0) + (
            1 if self._built is not None and room and self._built not in self.steps else 0)

    def _add_built(self, t: Translate) -> KeyResult:
        assert self._built is not None
        return self.moved(self._built, t)

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        c = self.choice
        self._built = self._built_step(snap)
        lines: list[Entry] = []
        room = len(self.steps) < c.steps
        if self._built is not None and room and self._built not in self.steps:
            lines.append(Entry(partial(self._built_line, N_("Move {n}: {province}"), self._built), self._add_built))
        if room and self.board is not None and c.provinces:
            lines.append(Entry(lambda t: t(N_("Enter a move")), self._enter))
        done = a.Reorganise(c.seat, c.people, tuple(self.steps))
        lines.append(Entry(lambda t: t(NP_("Confirm {n} move", "Confirm {n} moves"), {"n": len(self.steps)})
                           if self.steps else t(N_("No reorganisation")), done))
        lines += self._card_entries(tuple(k for k in c.cards if k != WAR))  # Z-20: on a combat, when fighting
        return lines

    def stage_frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        return super().stage_frame(snap, screen)

    def press_stage(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        return super().press_stage(key, snap, t)

    def footer(self, t: Translate) -> str:
        if self.steps:
            return t(NP_("{n} move ready", "{n} moves ready"), {"n": len(self.steps)})
        return self._from_footer(t)

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        if isinstance(target, a.Reorganise):
            for step in target.steps:
                built_step = self._built_step(snap)
                if built_step == step and built_step not in self.steps and len(self.steps) < self.choice.steps:
                    self.pick(snap, keys, lambda then: getattr(then, "__func__", None) is ReorganiseEditor._add_built,
                              step)
                else:
                    self._plan_step(step, snap, keys)
            self.pick(snap, keys, lambda then: isinstance(then, a.Reorganise), target)
            return
        super().plan(target, snap, keys)


class DrawEditor(Editor[JSON]):
    """2.7, 12.x with physical cards: the card this player drew, told to the table (a secret draw: only
    this seat or the referee tells it)."""

    def heading(self, t: Translate) -> str:
        return t(N_("Card drawn?"))

    def entries(self, snap: SeatSnapshot) -> list[Entry]:
        chance = self.choice
        question = (snap.view.get("table", {}).get("asking") or {}).get("question")
        by = f"seat:{self.seat.number}"
        magic = chance.get("params", {}).get("deck") == "magic"

        def label(outcome: Any) -> Callable[[Translate], str]:
            return lambda t: fitted(card(t, str(outcome)) if magic else placement(t, self.board, str(outcome)))

        outcomes = list(chance.get("outcomes", ()))
        outcomes.sort(key=lambda o: label(o)(_english))
        return [Entry(label(o), Tell(o, by, question)) for o in outcomes]

    def plan(self, target: Any, snap: SeatSnapshot, keys: list[str]) -> None:
        self.pick(snap, keys, lambda then: isinstance(then, Tell) and then.outcome == target, target)


#: The one dispatch of Zargos's decision kinds on a box: `Choice.decision` -> its editor.
EDITORS: dict[str, type[Editor[Any]]] = {
    ch.PeopleChoice.decision: PeopleEditor,
    ch.DraftChoice.decision: DraftEditor,
    ch.TradeChoice.decision: TradeEditor,
    ch.SwordsChoice.decision: SwordsEditor,
    ch.PlaceChoice.decision: PlaceEditor,
    ch.WindowChoice.decision: WindowEditor,
    ch.AttackChoice.decision: AttackEditor,
    ch.FightChoice.decision: FightEditor,
    ch.CombatCardChoice.decision: CombatCardEditor,
    ch.ReorganiseChoice.decision: ReorganiseEditor,
    ch.KeepChoice.decision: KeepEditor,
    ch.ReinforceChoice.decision: ReinforceEditor,
}
DRAW = "draw"  # a chance node the seat tells: the card it drew from a physical pile


def editor_for(seat: ZargosSeat, choice: Choice | JSON, snap: SeatSnapshot) -> Editor[Any]:
    if isinstance(choice, dict):
        return DrawEditor(seat, choice, snap)
    return EDITORS[choice.decision](seat, choice, snap)
