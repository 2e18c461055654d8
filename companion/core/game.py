"""The contract between the framework and a game module.

Shaped after OpenSpiel's explicit-stochastic games (chance is part of the history, a game is rebuilt by
replaying its moves), boardgame.io (a game is data plus pure functions the framework drives) and Board Game
Arena (the framework owns seats, tables and pages; the game owns its words and its pieces).

The framework (table, store, boxes, web, agents harness, CLI) sees a game only through these types and the
registry (companion.games). A game implements them over its own engine, which stays pure: no I/O, threads,
clock or disk. Everything here is optional for a game to use beyond `Rules` and `Match`: a game without
secret simultaneous choices never marks a choice sealed, a game without chance never returns a node.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast, runtime_checkable

from .errors import BadReader
from .typed import OutcomeForm

if TYPE_CHECKING:
    from .agents import AgentKit
    from .bench import BenchKit
    from .commands import GameCommands

JSON = dict[str, Any]

# The readers of a view, in their wire form: "referee", "public", or "seat:N".
REFEREE = "referee"
PUBLIC = "public"


def seat_reader(seat: int) -> str:
    return f"seat:{seat}"


@dataclass(frozen=True)
class Reader:
    """Who reads a view: the referee (every secret), the public (none), or one seat (its own). Parsed once
    here from the wire form, for every game and for the table."""

    seat: int | None = None  # the seat whose secrets it may know; None for the public and the referee
    referee: bool = False

    @classmethod
    def parse(cls, text: str, seats: Collection[int] | None = None) -> Reader:
        """BadReader unless `text` is "referee", "public" or "seat:N" with N among `seats` (any N when
        `seats` is None: a view read back without its game)."""
        if text == REFEREE:
            return cls(referee=True)
        if text == PUBLIC:
            return cls()
        kind, _, number = text.partition(":")
        if kind == "seat":
            try:
                seat = int(number)
            except ValueError:
                seat = None
            if seat is not None and (seats is None or seat in seats):
                return cls(seat)
        raise BadReader(f"unknown view {text!r}: use referee, public or seat:N"
                        + (f" with N one of {', '.join(map(str, sorted(seats)))}" if seats is not None else ""))

    def sees(self, seat: int) -> bool:
        """Whether this reader may know `seat`'s secrets."""
        return self.referee or self.seat == seat

    @property
    def me(self) -> int | None:
        """The reader as one number, the form the views' helpers take: -1 the referee, None the public."""
        return -1 if self.referee else self.seat

    def __str__(self) -> str:
        return REFEREE if self.referee else PUBLIC if self.seat is None else seat_reader(self.seat)


@dataclass(frozen=True)
class Option:
    """A choice made when a game is created (Xidit's length, its neutral player's strength): offered by the
    CLI (`--option name=value`), the config and the wizard, stored with the game's setup by the game."""

    name: str
    values: tuple[str, ...]
    default: str
    label: str = ""  # catalog message id, shown by the wizard
    labels: tuple[str, ...] = ()  # catalog message ids, one per value, shown for it by the wizard


@dataclass(frozen=True)
class ChanceNode:
    """A roll of dice, a card drawn, a tile turned over: the game stops until its outcome is known.

    The outcome is either made by the Pi (seeded, stored with the move that led to it) or told by the
    table from its physical dice and cards. Who may tell it is the game's word: anyone seated for a public
    roll (`told_by` None), only one seat for a secret draw.
    """

    kind: str  # the game's word: "dice", "draw", "tile", "colossus"...
    outcomes: tuple[Any, ...]  # the legal outcomes
    told_by: int | None = None  # None: public; a seat: only that seat may tell it (a secret draw)
    weights: tuple[float, ...] | None = None  # None: uniform
    prompt: str = ""  # catalog message id of the question put to the table
    params: Mapping[str, Any] = field(default_factory=dict)
    events_before: int = 0  # the physical steps stop here until it is resolved
    drawn: bool = True  # False: what only the table can read (a value printed on its board): the Pi never draws it
    # A value that cannot be listed (a card typed as six numbers and marks): the form the table types it in
    # (companion.core.typed); `outcomes` then lists only what may be picked instead (a catalogue, maybe none).
    # The Pi never draws a typed node.
    form: OutcomeForm | None = None


@dataclass(frozen=True)
class Team:
    """Seats that played on one side, named in the game's words (a catalog message id and its params: "the
    King's faction", "Team {team}"). A game with hidden sides names them only in its `Result`."""

    seats: tuple[int, ...]
    name: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Result:
    """How a finished game ended: seats best first (ties grouped), and who won (empty: nobody did).

    Optionally the sides the seats played on (`teams`: a team won when its seats are all among `winners`)
    and why it ended, in the game's words (`reason`, a catalog message id with `reason_params`: "The city
    fell: nobody wins."). The framework says them wherever it shows an end (companion/table/results.py)."""

    places: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    detail: JSON = field(default_factory=dict)
    teams: tuple[Team, ...] = ()
    reason: str = ""
    reason_params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reveal:
    """Something the game shows to chosen seats only (a card one player looks at alone), or to every reader
    (an unmasked traitor's objective), in its words: a catalog message id and its params. A match that
    reveals lists what it reveals now in an optional `reveals()`; the table keeps each one from the first
    time it is listed and shows it to its readers only, until they have read it (companion/table/reveals.py).

    `key` names it within the game: a new key is a new reveal (a one-off names the move it came with,
    "look:17"). `to`: the seats shown it, None for everyone. `held`: the game says how long it is needed:
    shown while the game lists it, and no longer once it does not; otherwise the game may list it for one
    move only, and the table keeps it until it is read."""

    key: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None
    held: bool = False


@dataclass(frozen=True)
class Progress:
    """Where a game stands, for headings and logs: round (Xidit's year), its length if known, the phase in
    the game's word (a catalog message id)."""

    round: int
    rounds: int | None
    phase: str


@dataclass(frozen=True)
class TimeLimit:
    """A window the rules give a length of time (Zargos's "10 minutes, not one more" to trade): what a
    choice may carry as `time_limit`. The engine keeps no clock: the window ends when its choices are all
    answered, or when the table, which runs the countdown (companion/table/timed.py), pushes the move that
    says time is up (the game table part's `time_up(match, window)`). Every choice of one window carries the
    same `window`."""

    seconds: int
    window: str  # the game's word for the window ("trade"): a new word, or a new opening, is a new window


@runtime_checkable
class Choice(Protocol):
    """What one seat may decide now, with its legal options. `sealed`: simultaneous and secret, the table
    holds the seat's draft until every sealed choice is in (Xidit's programs); a game without such choices
    never seals one.

    A game's choices subclass this protocol (`class PlaceChoice(Choice)`, frozen dataclasses as they like):
    the optional members below are declared with their default, which a choice inherits unless it says
    otherwise, and mypy checks each choice against every member."""

    seat: int
    decision: str  # the game's word for it ("program", "trade")
    sealed: bool

    def to_json(self) -> JSON: ...

    # -- optional, each with its default -----------------------------------------------------------------
    # How long its window lasts (a TimeLimit: companion/table/timed.py counts it down); by default none.
    time_limit: TimeLimit | None = None

    def enumerate(self) -> Sequence[Any] | None:
        """Its legal moves (OpenSpiel's legal actions), or None when the game does not list them (the
        default). A game without a box part of its own plays on the framework's generic box menus
        (companion/boxes/generic.py), which offer them; an unlisted choice is made on a phone."""
        return None


@dataclass(frozen=True)
class Awaiting:
    """A decision awaited from a seat, in the game's word (`decision`): what a reader may know is awaited."""

    seat: int
    decision: str


class _Itself:
    """A default that reads as the object it is read on. A non-data descriptor: a game's own `self.state = …`
    takes its place, as an attribute set in `__init__` does."""

    def __get__(self, match: object, owner: type | None = None) -> Any:
        return match


class Match(Protocol):
    """One game under way, changed only by `push` (a person's move) and `resolve` (a chance outcome).

    A game's match subclasses this protocol (`class Game(Match)`): the optional members are declared here
    with their default, inherited unless the game says otherwise, and mypy checks the match against each."""

    @property
    def setup(self) -> Any: ...  # what `Rules.start` was given (and what the table told, for a game that folds it)

    @property
    def moves(self) -> Sequence[Any]: ...

    @property
    def version(self) -> int: ...  # how many moves the game holds

    def awaited(self, seat: int | None = None) -> Sequence[Choice]: ...  # the choices awaited now (of one seat)

    def chance(self) -> ChanceNode | None: ...  # while set, nothing else is awaited

    def push(self, move: Any) -> None: ...  # IllegalAction, the game unchanged

    def resolve(self, outcome: Any) -> None: ...  # IllegalAction when not among the node's outcomes

    def view(self, reader: str = REFEREE) -> JSON: ...  # leaves out what the reader may not know

    def record_json(self) -> JSON: ...  # the game's own record format

    def result(self) -> Result | None: ...

    def progress(self) -> Progress: ...

    # -- optional, each with its default -----------------------------------------------------------------
    # What the table lends the game's virtual players to read (Table.decide_for, AgentKit.random_action): by
    # default the match itself; a game whose agents read its own state object keeps it as `self.state`.
    state: Any = _Itself()

    def awaiting_for(self, reader: Reader) -> Sequence[Awaiting]:
        """The decisions awaited now as `reader` may know them: what the table's envelope says is awaited
        (its view's `awaiting`, docs/formats.md). By default every awaited choice; a game whose `awaited()`
        would tell what is behind a screen says less or more (Xidit's census lists every player not yet
        shown to have chosen, even one with nothing to choose)."""
        return [Awaiting(choice.seat, choice.decision) for choice in self.awaited()]

    def reveals(self) -> Sequence[Reveal]:
        """What the game shows now to chosen seats (see Reveal); by default nothing."""
        return ()

    def outcome(self) -> Any:
        """How the game ended in its own words (Xidit's Outcome), None while it goes on; by default its
        `result()`."""
        return self.result()


class Rules(Protocol):
    """A game's engine seen from the framework, the one object the table, the agents, the command line and
    the tests all ask: its set-ups and moves to and from JSON, a default set-up, its players, and `start`. A
    game is rebuilt only by `start(setup)` then its moves pushed (companion.core.rebuild), which may use a
    faster way the game offers (`as_of`, below)."""

    key: str  # "xidit": stored with each game, the registry key
    record_format: str  # "xidit-record/1"
    view_format: str  # "xidit-state/1"
    seats: range  # how many players may sit
    colours: tuple[str, ...]
    options: tuple[Option, ...]

    def setup_from_json(self, data: Any) -> Any: ...  # BadRecord

    def setup_to_json(self, setup: Any) -> JSON: ...

    def move_from_json(self, data: Any) -> Any: ...  # a move, a chance outcome `{"type": "chance", ...}` too; BadRecord

    def move_to_json(self, move: Any) -> JSON: ...  # a chance outcome as {"type": "chance", "outcome": …}

    def record_from_json(self, data: Any, pack: Any = None) -> tuple[Any, list[Any]]:
        """The game's record as its setup and moves; BadRecord. Given the pack it is to be replayed on, the
        game may refuse a record played on another."""
        ...

    def start(self, pack: Any, setup: Any) -> Match: ...  # a game at its setup; BadRecord when the pack refuses it

    def default_setup(self, players: Sequence[tuple[int, str, str | None]], options: Mapping[str, str],
                      seed: int) -> Any:
        """The set-up of a new game for these seats (seat, colour, name) and options, its random parts drawn
        from `seed`: the game a run starts by itself (`companion run`)."""
        ...

    def players(self, setup: Any) -> list[tuple[int, str, str | None]]: ...  # seat, colour, name, in seat order

    # -- optional, each with its default: a game's rules subclass this protocol (`class XiditRules(Rules)`) --
    # The number the game gives its first seat (Zargos's 0); people read seats from 1 whatever it is
    # (GameModule.shown_seat). By default 1.
    first_seat: int = 1
    # False: the game's seats have no colour to pick nor a first player to name (the wizard hides both).
    seat_colours: bool = True

    def as_of(self, pack: Any, setup: Any, moves: Sequence[Any], events: int) -> Match | None:
        """The game after these moves as it stood when it held `events` events (a step's board), faster or
        finer than a replay (Xidit stops its rules' own play there); by default None: the moves replayed."""
        return None

    def seed(self, setup: Any) -> int:
        """What the Pi's draws of a game stored before the table kept a secret seed are seeded by: its setup's
        seed (companion/table/chance.py); by default 0."""
        return 0

    def seat_of(self, move: Any) -> int | None:
        """The seat a move is made as (None: the referee's, or nobody's): what the table checks a stated move's
        author against. By default None."""
        return None


class GameTesting(Protocol):
    """What the shared test suites (tests/games/conformance, the secrecy campaign) ask of a game. Used only
    by tests; a game without it is left out of them."""

    def short_setup(self, seed: int) -> tuple[Any, Any]: ...  # a short game's pack and set-up, seeded, to start

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any: ...  # legal for one awaited choice

    def forbidden(self, view: JSON, reader: str, match: Any) -> list[str]:
        """What `view` shows that `reader` may not know (empty when nothing); `match` may be None (a view
        read back from a stream), the view then stands in for the game's state."""
        ...


@dataclass(frozen=True)
class Later:
    """A game part imported when the framework first asks for it, "package.module:NAME": a table playing one
    game never imports another's table, box, page, agents or bench parts (listing a game needs its rules)."""

    where: str

    def load(self) -> Any:
        module, _, name = self.where.partition(":")
        return getattr(importlib.import_module(module), name)


P = TypeVar("P")


class _Part(Generic[P]):
    """A `GameModule` part given as itself or as `Later(...)`: the latter is imported on first read, then kept."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = "_part_" + name

    def __get__(self, module: object, owner: type | None = None) -> P:
        if module is None:
            return cast(P, None)  # the dataclass field's default: no such part
        value = module.__dict__[self._name]
        if isinstance(value, Later):
            value = module.__dict__[self._name] = value.load()
        return cast(P, value)

    def __set__(self, module: object, value: P | Later) -> None:
        module.__dict__[self._name] = value


# eq=False: a game is one object, compared by identity (comparing fields would import every part).
@dataclass(frozen=True, eq=False)
class GameModule:
    """Everything the framework needs of one game. `rules` and `packs` are required; the other parts are
    the game's own answers to the framework's adapters (table steps, box menus, page parts, agents, bench),
    each typed by the adapter that uses it, and may be given as `Later("module:NAME")`."""

    key: str
    title: str  # catalog message id: "Lords of Xidit"
    rules: Any
    packs: Any = None
    table: _Part[Any] = _Part()
    boxes: _Part[Any] = _Part()
    web: _Part[Any] = _Part()
    agents: _Part[AgentKit | None] = _Part()  # virtual players, random player, simulations (companion.core.agents)
    bench: _Part[BenchKit | None] = _Part()  # the game's performance figures (companion.core.bench)
    testing: _Part[GameTesting | None] = _Part()
    commands: _Part[GameCommands | None] = _Part()  # packs, replays and the walk-through on the command line
    catalog: str | None = None  # the package holding the game's own French catalog (fr.po), if any
    words: frozenset[str] = frozenset()  # the game's words that fill message fields (units, decisions…)

    @property
    def seats(self) -> range:
        return self.rules.seats  # type: ignore[no-any-return]

    @property
    def first_seat(self) -> int:
        """The number the game gives its first seat (Xidit 1, Zargos 0: its rules' `first_seat`). People
        read and write seats from 1 whatever it is: `shown_seat` and `inner_seat` go between the two."""
        return int(self.rules.first_seat)

    def shown_seat(self, seat: int) -> int:
        """The number people read for one of the game's seats: 1 for its first."""
        return seat - self.first_seat + 1

    def inner_seat(self, shown: int) -> int:
        """The game's seat that people number `shown` (from 1)."""
        return shown - 1 + self.first_seat

    @property
    def options(self) -> Sequence[Option]:
        return self.rules.options  # type: ignore[no-any-return]

    def describe(self) -> JSON:
        """What `companion games --json` prints for this game."""
        return {"id": self.key, "name": self.title, "seats": {"min": self.seats.start, "max": self.seats.stop - 1},
                "record_format": self.rules.record_format, "view_format": self.rules.view_format,
                "options": [{"name": o.name, "values": list(o.values), "default": o.default} for o in self.options]}
