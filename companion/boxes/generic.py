"""The framework's own box part, for a game whose module brings none (`GameModule.boxes` None): a game made of
rules alone plays on a box, as its pages open with web/generic.py. A game's own part replaces it as soon as
it has one; a game's menus may also hand a decision kind they have no editor for to `editor_for`.

Everything is read from what the framework and the contract give: the view's envelope (its round, who is
awaited, the result: companion/table/envelope.py), the seat's own entry of the view's `players` shown as it
is, the awaited `Choice` and its legal moves (`Choice.enumerate()`, in the game's move JSON through its
rules' `move_to_json`), and the chance node the seat may tell. A decision is one list: a move a line,
named by its move JSON's fields; moves that differ only by one number share a line whose number LEFT/RIGHT
step between the least and the most it may be. OK takes the line: a decision is sent as it is (`Decide`), a
sealed one is keyed in as a draft of the move's fields and locked (`EditDraft`, `Seal`; OK again unseals
it), a chance outcome is told (`Tell`); a card the table types in is keyed in value by value (typed.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.game import GameModule
from companion.core.move_words import HIDDEN, move_words
from companion.i18n import N_, NP_
from companion.table import Command, Decide, EditDraft, Seal, SeatSnapshot, Tell, Unseal
from companion.table.envelope import Envelope, players_by_seat

from .frame import Frame
from .game_parts import JSON, DecisionEditor, KeyResult, Painter, Screen, Translate
from .typed import TypedEditor


@dataclass(frozen=True)
class Line:
    """One line of the list: a move, or moves that differ only by the number `field` (sorted by it)."""

    moves: tuple[JSON, ...]
    field: str | None = None

    def label(self, t: Translate, at: int) -> str:
        return move_words(self.moves[at], t)

    def bounds(self) -> tuple[Any, Any]:
        assert self.field is not None
        return self.moves[0][self.field], self.moves[-1][self.field]


def lines_of(moves: Sequence[JSON]) -> list[Line]:
    """The moves as lines, in the order first met: those alike but for their last number share one."""
    groups: dict[Any, list[JSON]] = {}
    fields: dict[Any, str | None] = {}
    for move in moves:
        numbers = [k for k, v in move.items() if k not in HIDDEN and isinstance(v, int) and not isinstance(v, bool)]
        field = numbers[-1] if numbers else None
        key = (field, repr({k: v for k, v in move.items() if k != field})) if field else ("", repr(move))
        groups.setdefault(key, []).append(move)
        fields[key] = field
    out = []
    for key, group in groups.items():
        field = fields[key]
        if field is not None and len(group) > 1:
            out.append(Line(tuple(sorted(group, key=lambda m: m[field])), field))
        else:
            out.extend(Line((m,)) for m in group)
    return out


class ListEditor:
    """A list of lines, UP/DOWN between them, LEFT/RIGHT on a number; OK takes the line under the cursor."""

    stage = "list"

    def __init__(self, seat: int, heading: str, lines: list[Line],
                 written: Callable[[Any], JSON] = dict) -> None:
        self.seat = seat
        self.written = written  # a move of the game in its JSON (what `keys_for` is given)
        self.heading = heading  # a catalog message id: the frame says it in the box's language
        self.lines = lines
        self.cursor = 0
        self.at = [0] * len(lines)  # the number chosen on each line (an index into its moves)

    def _line(self) -> Line | None:
        return self.lines[self.cursor] if self.lines else None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        line = self._line()
        return line is None or line.field is None or self._locked(snap)

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        line = self._line()
        if self._locked(snap):
            return KeyResult([Unseal(self.seat)]) if key == "OK" else KeyResult()
        if line is None:
            return KeyResult()
        if key in ("UP", "DOWN"):
            self.cursor = (self.cursor + (1 if key == "DOWN" else -1)) % len(self.lines)
        elif key in ("LEFT", "RIGHT") and line.field is not None:
            step = 1 if key == "RIGHT" else -1
            self.at[self.cursor] = max(0, min(len(line.moves) - 1, self.at[self.cursor] + step))
        elif key == "OK":
            return KeyResult(self.take(line.moves[self.at[self.cursor]], snap))
        return KeyResult()

    def take(self, move: JSON, snap: SeatSnapshot) -> list[Command]:
        return [Decide(self.seat, dict(move))]

    def _locked(self, snap: SeatSnapshot) -> bool:
        return False

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        t = screen.t
        labels = tuple(line.label(t, self.at[n]) for n, line in enumerate(self.lines))
        line = self._line()
        if screen.notice:
            footer = screen.notice
        elif line is not None and line.field is not None:
            low, high = line.bounds()
            footer = t(N_("LEFT/RIGHT: {low} to {high}"), {"low": low, "high": high})
        else:
            footer = t(N_("OK: choose"))
        return Frame("editor", t(self.heading), labels, cursor=self.cursor if labels else None, footer=footer,
                     page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        """From where the cursor is: UP or DOWN to the target's line (the shorter way round), LEFT/RIGHT to
        its number, OK. `target` is a move of the game, or its JSON."""
        wanted = target if isinstance(target, dict) else self.written(target)
        for n, line in enumerate(self.lines):
            if wanted in line.moves:
                count = len(self.lines)
                down = (n - self.cursor) % count
                keys = ["DOWN"] * down if down <= count - down else ["UP"] * (count - down)
                step = line.moves.index(wanted) - self.at[n]
                return keys + ["RIGHT" if step > 0 else "LEFT"] * abs(step) + ["OK"]
        return []


class SealedEditor(ListEditor):
    """A sealed choice: the line taken is keyed in as the seat's draft (the move's own fields) and locked."""

    def take(self, move: JSON, snap: SeatSnapshot) -> list[Command]:
        return [EditDraft(self.seat, {k: v for k, v in move.items() if k not in HIDDEN}), Seal(self.seat)]

    def _locked(self, snap: SeatSnapshot) -> bool:
        return snap.locked

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        if not snap.locked:
            return super().frame(snap, screen)
        t = screen.t
        draft = snap.draft if isinstance(snap.draft, Mapping) else {}
        mine = Line(({"type": "", **draft},)).label(t, 0)
        return Frame("message", t(self.heading), (t(N_("Locked: {choice}"), {"choice": mine}),
                                               screen.notice or t(N_("OK: unlock"))), page=screen.page)


class TellEditor(ListEditor):
    """A chance node this seat may tell: its outcomes, one a line; OK tells the one under the cursor."""

    def __init__(self, seat: int, heading: str, outcomes: Sequence[Any], question: Any) -> None:
        super().__init__(seat, heading, [Line(({"outcome": o},)) for o in outcomes])
        self.outcomes = list(outcomes)
        self.question = question

    def take(self, move: JSON, snap: SeatSnapshot) -> list[Command]:
        return [Tell(move["outcome"], by=f"seat:{self.seat}", question=self.question)]

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        frame = super().frame(snap, screen)
        return Frame(frame.kind, frame.title, tuple(str(o) for o in self.outcomes), cursor=frame.cursor,
                     footer=frame.footer, page=frame.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return super().keys_for({"outcome": target}, snap, six_keys)


def listed_moves(game: GameModule, choice: Any) -> list[JSON] | None:
    """A choice's legal moves in the game's move JSON (what `Decide` carries), None when the game does not
    list them (no `Choice.enumerate()`): the referee's page offers them too. Written by the rules'
    `move_to_json` (companion.core.game.Rules)."""
    listing = choice.enumerate()
    return None if listing is None else [game.rules.move_to_json(move) for move in listing]


def move_label(move: JSON, t: Translate) -> str:
    """One move in words, as a line of the generic box names it (its JSON's fields)."""
    return Line((move,)).label(t, 0)


class Unlisted:
    """A decision whose moves the game does not list: the box says where to make it instead."""

    stage = "unlisted"

    def __init__(self, heading: str) -> None:
        self.heading = heading

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult:
        return KeyResult()

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        return None

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool:
        return True

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame:
        where = screen.t(N_("Make this choice on your phone or ask the referee."))
        return Frame("message", screen.t(self.heading), (where,), page=screen.page)

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        return []


def editor_for(game: GameModule, seat: int, snap: SeatSnapshot) -> DecisionEditor | None:
    """A new editor of what `snap` asks of `seat` (a chance node it may tell first), None when nothing is."""
    node = snap.chance
    if node is not None and node.told_by in (None, seat) and node.form is not None:
        asking = snap.view.get("table", {}).get("asking") or {}
        return TypedEditor(seat, node.prompt or node.kind, node, asking.get("question"), asking.get("answers") or [])
    if node is not None and node.told_by in (None, seat) and node.outcomes:
        question = (snap.view.get("table", {}).get("asking") or {}).get("question")
        return TellEditor(seat, node.prompt or node.kind, node.outcomes, question)
    choice = snap.choice
    if choice is None:
        return None
    heading = str(choice.decision)
    listing, written = choice.enumerate(), game.rules.move_to_json
    if listing is None:
        return Unlisted(heading)
    editor = SealedEditor if snap.sealed or choice.sealed else ListEditor
    return editor(seat, heading, lines_of([written(move) for move in listing]), written)


class GenericSeatMenus:
    """One seat's generic menus: the same editor as long as the decision is the same."""

    def __init__(self, game: GameModule, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._key: Any = None
        self._editor: DecisionEditor | None = None

    def editor(self, snap: SeatSnapshot) -> DecisionEditor | None:
        node, choice = snap.chance, snap.choice
        # A new question (its number), or another choice, is a new decision; a change elsewhere at the table
        # keeps the editor, and where its cursor is.
        question = (snap.view.get("table", {}).get("asking") or {}).get("question")
        key = (repr(node), question, repr(choice.to_json()) if choice is not None else None, snap.sealed)
        if key != self._key:
            self._key = key
            self._editor = editor_for(self.game, self.seat, snap)
        return self._editor


class GenericBoxes:
    """`game_parts.BoxMenus` from the seat's view and the contract alone."""

    direct_keys: Mapping[str, str] = {}
    painters: Mapping[str, Painter] = {}

    def __init__(self, game: GameModule) -> None:
        self.game = game

    def _seat(self, seat: Any) -> Any:
        return self.game.shown_seat(seat) if isinstance(seat, int) else seat

    def title(self, snap: SeatSnapshot, seat: int, t: Translate) -> str:
        you = t(N_("Seat {seat}"), {"seat": self._seat(seat)})
        progress = _envelope(snap).progress
        return f"{t(N_('Round {round}'), {'round': progress.round})} · {you}" if progress is not None else you

    def status(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]:
        # The seat's own entry of the contract's `players`, shown as it is: the generic part names no field.
        me = players_by_seat(snap.view).get(seat) or {}
        lines = tuple(t(N_("{name}: {value}"), {"name": t(k).replace("_", " "), "value": _shown(v, t)})
                      for k, v in me.items() if k != "seat" and not isinstance(v, dict))
        return t(N_("Seat {seat}"), {"seat": self._seat(seat)}), lines or (t(N_("Nothing.")),)

    def result(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...] | None:
        envelope = _envelope(snap)
        said = envelope.table.get("result")
        if isinstance(said, dict):  # the table's words for the game's Result (companion/table/results.py)
            mine = (t(N_("You won.")),) if seat in (said.get("winners") or ()) else ()
            return (*mine, str(said.get("said", "")))
        if envelope.result is None:
            return None
        winners = envelope.result.winners
        if seat in winners:
            return (t(N_("You won.")),)
        if winners:
            seats = ", ".join(str(self._seat(s)) for s in winners)
            return (t(NP_("Winner: seat {seats}", "Winners: seats {seats}"), {"n": len(winners), "seats": seats}),)
        return (t(N_("The game is over.")),)

    def waiting(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...]:
        others = [f"{t(N_('Seat {seat}'), {'seat': self._seat(a.seat)})} ({t(a.decision)})"
                  for a in _envelope(snap).awaiting if a.seat != seat]
        return (t(N_("Waiting for")), *others) if others else (t(N_("Waiting for the table")),)

    def for_seat(self, seat: int) -> GenericSeatMenus:
        return GenericSeatMenus(self.game, seat)


def _envelope(snap: SeatSnapshot) -> Envelope:
    """What the framework knows of the seat's view: the generic part reads nothing else of it."""
    envelope: Envelope | None = snap.envelope
    if envelope is None:
        raise ValueError("the generic box menus read a seat's snapshot with its envelope (SeatSnapshot.envelope)")
    return envelope


def _shown(value: Any, t: Translate) -> str:
    if isinstance(value, bool):
        return t(N_("yes")) if value else t(N_("no"))
    if isinstance(value, list | tuple):
        return " ".join(map(str, value)) or "-"
    return str(value)
