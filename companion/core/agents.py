"""What a game gives the agents harness (companion.agents): its virtual players by level, its random
player, and what `companion simulate` needs to set up, play and sum up games without people.

The harness plays any game through these and `Match`; it never imports a game. A game's agents decide
from what one seat is shown (its view and its awaited choice), never from the game itself."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, Protocol

from .game import JSON, Rules


class Agent(Protocol):
    """A virtual player at one level, deterministic for the seed it was made with."""

    @property
    def level(self) -> str: ...

    def decide(self, view: JSON, choice: Any) -> Any:
        """A legal action for `choice`, from what the seat of `choice` sees in `view`."""
        ...


class Summary(Protocol):
    """What a run of simulated games adds up to, in the game's own terms (`companion simulate`)."""

    def add(self, match: Any) -> None: ...

    def to_json(self) -> JSON: ...

    def lines(self) -> list[str]: ...


class AgentKit(Protocol):
    """A game's agents. `levels` lists every level, the random test agent first: the referee is offered
    the others (a random player is no opponent), a config or `--agents` may name any. `rules` is the game's
    one engine object (`GameModule.rules`): the harness starts games and writes moves through it."""

    @property
    def rules(self) -> Rules: ...

    @property
    def levels(self) -> tuple[str, ...]: ...

    first_seat: int = 1  # the number of the game's first seat (Zargos's 0); by default 1

    def make(self, level: str, pack: Any, seed: int) -> Agent:
        """The agent of a level (ValueError for an unknown one)."""
        ...

    def random_action(self, rng: Random, choice: Any, match: Any = None) -> Any:
        """A legal action for `choice` at random. With the game (or what the table lends of it), the game
        may plan it (Xidit's programs walk toward tiles); without, uniformly among the legal ones."""
        ...

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> Any:
        """A simulated game's setup for `players` seats with these options, its random parts drawn from `seed`
        (a table's new game is the rules' `default_setup`)."""
        ...

    def summary(self, players: int, options: Mapping[str, str], levels: Sequence[str] = ()) -> Summary:
        """An empty summary of simulated games (`levels`: one per seat, for games between agents)."""
        ...

    def draft(self, action: Any, piece_by_piece: bool = False) -> tuple[JSON, ...]:
        """A sealed choice's action as the draft changes that key it in (each an `EditDraft`'s `change`, which
        the game's table part reads): all at once, or piece by piece as a box does (Xidit: slot by slot)."""
        ...
