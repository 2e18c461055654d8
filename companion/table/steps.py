"""Steps the table can follow: the lines of what the game did, grouped the way a table plays.

The game groups its events (its table part's `grouping`: Xidit's placement, order slots, eliminations,
census, scorings); this builder keeps the mechanics every game shares. A step is a title and at most
MAX_LINES lines: a longer one goes on in a step of its own.

A step stays open while what it tells may still grow; it is sealed when the game moves on, or when the
table says it is done. Sealed is not done: a step is done only when the table says so (table.py).

Each step knows where the game stood once its last line was told (`at`: how many moves, how many
events): the board as of that step, for a table still doing it while the game has gone on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from companion.i18n import N_, Joined, Text

from .instructions import Instruction

MAX_LINES = 6
# A step's heading: its title with the round it belongs to. A game's grouping names its rounds in its own
# words (its `heading`, a catalog message with {round} and {title}); this is for a game that does not.
HEADING = N_("Round {round} · {title}")


@dataclass(frozen=True)
class Step:
    kind: str
    round: int  # the game's round the step belongs to
    title: Text
    lines: tuple[Instruction, ...]
    at: tuple[int, int] | None = None  # (moves, events) of the game once told; None: of a game rolled back since
    round_heading: str = HEADING

    @property
    def physical(self) -> bool:
        return any(line.physical for line in self.lines)

    @property
    def heading(self) -> Text:
        """The title with its round: a step may be done while the game is a round on."""
        return Text(self.round_heading, {"round": self.round, "title": self.title})

    def to_json(self, language: str, reader: int | None) -> dict[str, Any]:
        # "year": the views' name of the round, as docs/formats.md and every reader before other games have it
        return {"kind": self.kind, "year": self.round, "title": self.title.render(language),
                "heading": self.heading.render(language),
                "lines": [line.to_json(language, reader) for line in self.lines], "physical": self.physical}


@dataclass
class StepDraft:
    """A step still open: lines may join it."""

    kind: str
    round: int
    title: Text
    more: Text  # the title of the step it goes on in, past MAX_LINES or once sealed
    lines: list[Instruction] = field(default_factory=list)
    idle: list[Text] = field(default_factory=list)  # players whose turn moved no piece, told in one line
    at: tuple[int, int] | None = None
    round_heading: str = HEADING

    def size(self) -> int:
        return len(self.lines) + bool(self.idle)

    def step(self) -> Step:
        shown = list(self.lines)
        if self.idle:
            shown.append(Instruction(N_("No effect: {who}."), {"who": Joined(tuple(self.idle))}, physical=False))
        return Step(self.kind, self.round, self.title, tuple(shown), self.at, self.round_heading)


_Draft = StepDraft  # its name before games wrote their own grouping


class Grouping(Protocol):
    """A game's way of grouping its events into steps (game_parts.StepGrouping, where `heading` has its default)."""

    heading: str

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None: ...

    def rebased(self, out: StepBuilder) -> None: ...


class StepBuilder:
    """Feeds on the game's events in order through its grouping; `steps()` is every step so far, the open
    ones last."""

    def __init__(self, grouping: Grouping) -> None:
        self.grouping = grouping
        self._sealed: list[Step] = []
        self.open: list[StepDraft] = []
        self.round = 1  # the round under way, as the grouping last said (the events are read from the start)
        self.as_of: dict[Any, dict[str, Any]] = {}  # views of the game as of a step (reads.py), of this game only
        # While an event is fed: where it stands (actions, events told) and the open steps' sizes before it, so a
        # step the grouping seals in the same event (a combat's last line, then its seal) still counts it.
        self._feeding: tuple[tuple[int, int], list[tuple[StepDraft, int]]] | None = None

    # -- reading -----------------------------------------------------------------------------------

    def steps(self) -> list[Step]:
        return self._sealed + [d.step() for d in self.open if d.size()]

    @property
    def sealed(self) -> int:
        """How many steps are sealed: they change no more."""
        return len(self._sealed)

    def shape(self) -> tuple[int, tuple[int, ...]]:
        """How many steps are sealed and how long each open one is: what changes when a step is added or grows."""
        return len(self._sealed), tuple(d.size() for d in self.open)

    def add_steps(self, steps: list[Step]) -> None:
        """Steps made elsewhere (setup, a rollback's), sealed at once after what came before."""
        self.seal()
        self._sealed.extend(steps)

    def seal(self, upto: int | None = None) -> None:
        """Seals the open steps (those before `upto` only, when given): what comes next starts anew."""
        while self.open and (upto is None or len(self._sealed) < upto):
            draft = self.open.pop(0)
            self._count_fed(draft)
            if draft.size():
                self._sealed.append(draft.step())

    def rebased(self, grouping: Grouping, events: Sequence[Any], restore: list[Step], keep: int) -> StepBuilder:
        """A builder that goes on from another state (after a rollback): the steps so far are kept, then
        the steps that put the pieces back; what comes next is told from where the game stands (`events`:
        its events; `keep`: the moves the rollback kept)."""
        fresh = StepBuilder(grouping)
        fresh.feed(events)  # to stand where the game stands: its round, its part of the round
        fresh.open = []
        grouping.rebased(fresh)
        kept = len(events)
        # A step told before the rollback stands as of the same game only if it came from the moves kept.
        fresh._sealed = [step if step.at is not None and step.at[1] <= kept and step.at[0] <= keep
                         else replace(step, at=None) for step in self.steps()] + restore
        return fresh

    # -- feeding -----------------------------------------------------------------------------------

    def feed(self, events: Sequence[Any], start: int = 0, actions: int = 0) -> None:
        """The game's events `start` on (their index in the game's events), told after `actions` moves."""
        for i, event in enumerate(events):
            self._feeding = ((actions, start + i + 1), [(d, d.size()) for d in self.open])
            try:
                self.grouping.feed(event, events[i + 1] if i + 1 < len(events) else None, self)
                for draft in self.open:
                    self._count_fed(draft)
            finally:
                self._feeding = None

    def _count_fed(self, draft: StepDraft) -> None:
        """A step that grew from the event being fed stands as of that event."""
        if self._feeding is not None and (draft, draft.size()) not in self._feeding[1] and draft.size():
            draft.at = self._feeding[0]

    # -- writing (for the game's grouping) -----------------------------------------------------------

    def going_on(self, draft: StepDraft) -> StepDraft:
        """A new step after `draft`, with its title for going on."""
        going_on = StepDraft(draft.kind, draft.round, draft.more, draft.more, round_heading=draft.round_heading)
        self.open.insert(self.open.index(draft) + 1, going_on)
        return going_on

    def new(self, kind: str, title: Text, more: Text, round: int | None = None) -> StepDraft:
        return StepDraft(kind, self.round if round is None else round, title, more,
                         round_heading=self.grouping.heading)

    def start(self, kind: str, title: Text, more: Text, round: int | None = None) -> StepDraft:
        draft = self.new(kind, title, more, round)
        self.open.append(draft)
        return draft

    def target(self, kind: str, title: Text, more: Text) -> StepDraft:
        """The open step of this kind that comes last, or a new one."""
        if self.open and self.open[-1].kind == kind and self.open[-1].title == title:
            return self.open[-1]
        return self.start(kind, title, more)


def seals_from_json(saved: Any) -> list[tuple[int, int]]:
    """Where the table's Done taps sealed the steps, as the table state keeps them (table.py): [[entries, upto]];
    none for a game stored before they were kept (or what cannot be read)."""
    if not isinstance(saved, list):
        return []
    return [(int(at), int(upto)) for at, upto in (s for s in saved if isinstance(s, list) and len(s) == 2)
            if isinstance(at, int) and isinstance(upto, int)]


def restore_steps(round: int, undo: list[Instruction], at: tuple[int, int] | None = None,
                  heading: str = HEADING) -> list[Step]:
    """The instructions that put the pieces back after a rollback, as steps (`at`: the game rolled back to;
    `heading`: the game's way of naming its rounds, its grouping's `heading`)."""
    return [Step("restore", round, Text(N_("Put the pieces back") if i == 0 else N_("Put the pieces back (continued)")),
                 tuple(undo[i:i + MAX_LINES]), at, heading) for i in range(0, len(undo), MAX_LINES)]


def game_steps(board: Any, setup: Any, actions: Sequence[Any], game: str | None = None) -> list[Step]:
    """Every step of a whole game for the physical table, as a table playing it would have told them."""
    from companion.core import rebuild, registry

    from .game_parts import part_of  # the registry's game, without importing one here

    part, rules = part_of(game), registry.load(registry.DEFAULT if game is None else game).rules
    builder: StepBuilder | None = None
    seen = 0
    # One move at a time, as a table is told them: each step knows where the game stood.
    for match in rebuild.replaying(rules, board, setup, actions):
        events = part.events(match)
        if builder is None:
            builder = StepBuilder(part.grouping(match))
            builder.add_steps(part.setup_steps(match, frozenset()))
        else:
            builder.feed(events[seen:], seen, match.version)
        seen = len(events)
    assert builder is not None
    builder.seal()
    return builder.steps()
