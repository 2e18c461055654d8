"""What the table asks of a game: the game module's `table` part (`GameModule.table`), typed here.

The table keeps the mechanics every game shares (the command loop, the store, the steps and their
acknowledgements, the pace hold, sealed drafts, chance told or drawn, rollback, the log); it keeps a game as
its setup and moves and rebuilds it through its `Rules` (companion.core.rebuild). A game's table part answers
the questions only the physical table asks: how its events become steps, how pieces go back after a
rollback, how a move reads in words, what the table is asked and told, what a seat's sealed draft is.

A game whose chance outcomes are moves of its history (the usual case) returns None from `told_layout`:
the table stores each outcome as a log entry `{"type": "chance", "outcome": …, "by": …}` and replays it with
`Match.resolve`; the game's `Rules.move_to_json` writes a chance outcome of its history the same way (`{"type":
"chance", "outcome": …}`), so that an imported record's outcomes go into the log as the table's own. A game
that folds what the table told into its setup (Xidit's face-up layout, whose record format predates chance
nodes) returns the setup and the table state to keep instead.

A StepGrouping is copied (copy.deepcopy, with the open steps it points into) when a command's write fails
and the table puts itself back: it keeps no reference to the game, or copies without it (`__deepcopy__`).

A game's parts subclass these protocols (`class XiditTable(GameTable)`): the optional hooks are declared
here with their default, which a part inherits unless it says otherwise, and mypy checks the part against
every member. The table reads a hook as a member, never by `getattr`. A game without a table part plays with
the framework's (default_part.DefaultTable, from its rules alone); a game's part may subclass that one and
say better only what it improves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from companion.i18n import N_

from .commands import Refused
from .instructions import Instruction
from .steps import HEADING, Step, StepBuilder

JSON = dict[str, Any]


class StepGrouping(Protocol):
    """How a game's events become steps: fed each event in order, it writes lines into the builder's steps
    (StepBuilder: `start`, `target`, `current_open`, `add`, `going_on`, `seal`...)."""

    def feed(self, event: Any, following: Any | None, out: StepBuilder) -> None: ...

    def rebased(self, out: StepBuilder) -> None:
        """The builder went on from another state (a rollback): forget what pointed into its open steps."""

    heading: str = HEADING  # the catalog message of a step's heading in the game's words, with {round} and
    # {title} (Xidit's "Year {round} · {title}"); by default steps.HEADING ("Round {round} · {title}").


class SealedDrafts(Protocol):
    """A sealed choice (simultaneous and secret, `Choice.sealed`) keyed in piece by piece, held by the table
    until every sealed choice of the window is locked, then revealed at once (Xidit's programs)."""

    def blank(self, choice: Any) -> Any: ...  # a new draft (JSON)

    def edit(self, choice: Any, draft: Any, change: JSON) -> Any: ...  # the changed draft; Refused on a bad change

    def check_complete(self, choice: Any, draft: Any) -> None: ...  # Refused while it cannot be locked

    def action(self, choice: Any, draft: Any) -> Any: ...  # the move a locked draft makes at the reveal

    def forecast(self, match: Any, seat: int, draft: Any) -> tuple[Any, ...]: ...  # for the box and page

    def restore(self, saved: Any) -> Any: ...  # a saved draft (JSON) as the table holds it

    def seals(self, move: Any) -> bool: ...  # a move made only through a draft (refused as a plain decision)

    words: Mapping[str, str]  # refusals in the game's words: "locked", "not_locked", "not_now", "whole"
    rule: str | None = None  # the rule those refusals cite (Xidit's "§3"); by default none


NOT_ASKED = N_("The game is not waiting for a roll or a draw.")
NOTHING_TYPED = N_("This game has nothing to type in at set-up.")


class GameTable(Protocol):
    """A game as the table plays it (the game module's `table` part)."""

    drafts: SealedDrafts | None = None  # None: the game has no sealed choices
    chance_policy: str = "pi"  # who resolves its chance nodes unless the new game says: "pi" or "table" (chance.py)

    # -- optional hooks, each with its default ---------------------------------------------------------
    # The rules' refusals (catalog messages) that name nothing behind a screen, which a blind referee reads
    # as they are; by default none: a rules' refusal may name what is behind a seat's screen.
    public_refusals: frozenset[str] = frozenset()
    not_asked: str = NOT_ASKED  # the refusal of a Tell while no chance node waits, in the game's words
    asks_in_turn: bool = False  # True: a question to the table waits until the table has done the steps before it
    # A move a seat or the referee may state (a `State` command), given as the game's move; None: the game has
    # none, and the table refuses every statement.
    stated: Callable[[Any], bool] | None = None
    # The move that closes a timed window (`TimeLimit.window`) when its time is up; None: no timed windows.
    time_up: Callable[[Any, str], Any] | None = None

    def with_names(self, setup: Any, names: Mapping[int, str]) -> Any:
        """For a game whose setup names nobody: the setup its match is started with, given the names the table
        keeps for it by seat (names.py), so the game's own lines name the players. By default the setup."""
        return setup

    def as_stated(self, move: Any) -> Any:
        """A stated move in the game's form of today (a stored one replays as kept). By default the move."""
        return move

    def stated_moves(self, match: Any, by: int | None) -> Any:
        """The moves a reader may state now (a seat's own, the referee's: None), shown in its view; by default
        None: the view lists none."""
        return None

    def rolled_back(self, match: Any) -> None:
        """For a game that folds what the table told into its setup: the game rebuilt at an earlier move (a
        rollback, companion.core.rebuild), made to ask again what it was told after that move. By default
        nothing."""
        return None

    # The engine itself (set-ups and moves in JSON, start, players) is the game's `Rules`; the table rebuilds
    # a game only through companion.core.rebuild.

    def events(self, match: Any) -> Sequence[Any]: ...  # what the game did, in order: fed to `grouping`

    # -- the physical table ----------------------------------------------------------------------------
    def setup_steps(self, match: Any, typed: frozenset[str]) -> list[Step]: ...

    def grouping(self, match: Any) -> StepGrouping: ...

    def restore_lines(self, before: JSON, after: JSON, pack: Any) -> list[Instruction]: ...  # two referee views

    def describe(self, language: str, match: Any, index: int, round: int, *, blind: bool) -> str: ...

    def typed_setup(self, pack: Any, setup: Any, typed: JSON) -> Any:
        """The setup with what the table typed in (Xidit's face-up tiles); Refused in the table's words. By
        default nothing may be typed in."""
        raise Refused(NOTHING_TYPED)

    def typed_parts(self, setup: Any) -> frozenset[str]:
        """The parts of the setup typed in from the table; by default none."""
        return frozenset()

    def caveat(self, pack: Any, setup: Any) -> tuple[str, str] | None:
        """A warning to start with (told, logged); by default none."""
        return None

    def started(self, setup: Any) -> str: ...  # the log's words for a new game ("3 players, long")

    # -- chance the table tells ------------------------------------------------------------------------
    def question(self, match: Any, node: Any, pack: Any, language: str) -> JSON: ...  # what the table is asked

    def question_number(self, match: Any) -> int:
        """Names the question, so that a late second answer is refused; by default how many moves the game holds."""
        return int(match.version)

    def outcome_words(self, pack: Any, node: Any, outcome: Any) -> Any: ...  # a Text, as the table said it

    def told_layout(self, match: Any) -> tuple[JSON, str, Any] | None:
        """See the module's note; by default None: chance outcomes are moves of the history."""
        return None

    def resumed(self, setup: Any, table_state: Mapping[str, Any]) -> tuple[Any, bool]:
        """The setup a stored game resumes with, and whether it holds the table's answers; by default as stored."""
        return setup, False


def public_refusals(part: GameTable) -> frozenset[str]:
    """The game's refusals a blind referee may read as they are (its `public_refusals`)."""
    return part.public_refusals


def part_of(game: str | None) -> GameTable:
    """The table part of a game of the registry (None: the default game), the framework's own for a game
    without one; Refused in words when there is no such game."""
    from companion.core import registry
    from companion.core.errors import UnknownGame

    try:
        module = registry.load(registry.DEFAULT if game is None else game)
    except UnknownGame:
        raise Refused(N_("There is no game {game} on this table: the games are {games}."),
                      params={"game": game, "games": ", ".join(registry.keys())}) from None
    if module.table is None:  # a game made of rules alone: the framework's defaults
        from .default_part import DefaultTable

        return DefaultTable(module)
    part: GameTable = module.table
    return part
