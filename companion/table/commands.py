"""What the table accepts from boxes, phones and the referee. Every command is checked before it
changes anything; a refused one raises `Refused` with a sentence for the person who sent it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError, IllegalAction, english
from companion.settings import PACES as PACES  # one list for the table and the config

REFEREE = "referee"


class Refused(CompanionError, ValueError):
    """A command the table does not take now. `rule` names the rule when the rules refuse it.

    Like `IllegalAction`, the message may be a template with `{named}` fields filled from `params`, so
    the pages can show it in the table's language (the template is the catalog's message id; `sentence`
    is the English one); `details` is what the page may show with it."""

    def __init__(self, message: str, rule: str | None = None, *, params: dict[str, Any] | None = None,
                 details: dict[str, Any] | None = None) -> None:
        params = params or {}
        sentence = message.format(**{k: english(v) for k, v in params.items()}) if params else message
        super().__init__(sentence if rule is None else f"{sentence} ({rule})")
        self.rule = rule
        self.sentence = sentence
        self.template = message
        self.params = params
        self.details = details or {}

    @classmethod
    def of(cls, error: IllegalAction) -> Refused:
        """The rules' refusal, with its template and fields."""
        return cls(error.template, error.rule, params=error.params)


@dataclass(frozen=True)
class NewGame:
    """Starts a game. A game under way is set aside, never lost: only when `replacing` names it, so that
    whoever sends this was told which game they set aside."""

    setup: dict[str, Any]
    by: str = REFEREE
    replacing: int | None = None
    seats: dict[str, Any] | None = None  # who plays each seat (seats.py); None: the run's own devices
    # What the table typed in for the set-up (Xidit's tiles face up), read by the game's `typed_setup`.
    typed: dict[str, Any] | None = None
    referee_seat: int | None = None  # the seat the referee plays too (referee.py): their pages are blind
    game: str = "xidit"  # the game module's id (companion.core.registry); every caller before issue 28 meant Xidit
    chance: str | None = None  # who resolves chance: "pi" or "table" (chance.py); None: the game's default
    # The seed of the Pi's draws (chance.py): None, a secret the table draws itself. Only the run gives one, for
    # a demo whose seats are all virtual (its config's `bot_seed`); no page can send it.
    seed: int | None = None
    # The names typed in the wizard, by seat: kept by the table for a game whose setup holds none (names.py).
    names: dict[int, str] | None = None


@dataclass(frozen=True)
class Tell:
    """The table says the outcome of the chance node the game waits on (dice rolled, a card drawn, a tile
    turned over): from the referee, from any seat for a public node, only from its seat for a secret draw
    (`by` "seat:N"). `question` names the question it answers (the table view's `asking.question`): of two
    answers tapped at once, the second is refused instead of being taken for the next draw."""

    outcome: Any
    by: str = REFEREE
    question: int | None = None


@dataclass(frozen=True)
class EditDraft:
    """A player edits the draft of their sealed choice; `change` is in the game's terms (its table part's
    `drafts.edit` reads it, and refuses a bad one)."""

    seat: int
    change: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportGame:
    """Starts a game from a game record (docs/formats.md, "Game record"): its setup, then each of its actions,
    all stored. A game under way is set aside as by `NewGame`."""

    record: dict[str, Any]
    by: str = REFEREE
    replacing: int | None = None


@dataclass(frozen=True)
class ResumeGame:
    """Takes back a game set aside, where it was; the game under way is set aside in its place."""

    game: int
    by: str = REFEREE
    replacing: int | None = None


@dataclass(frozen=True)
class MoveSeat:
    """A seat goes on on another device (seats.py), e.g. on a phone when its box breaks."""

    seat: int
    device: dict[str, Any]
    by: str = REFEREE


@dataclass(frozen=True)
class RenewLink:
    """A new secret link for a seat (links.py): the old one, and its sign-ins, stop working at once."""

    seat: int
    by: str = REFEREE


@dataclass(frozen=True)
class SetLanguage:
    language: str
    by: str = REFEREE


@dataclass(frozen=True)
class Seal:
    """A player seals the draft of their sealed choice (`EditDraft`): when every seat awaited has sealed, the
    drafts are revealed at once as the game's moves. A sealed draft cannot be edited until it is unsealed."""

    seat: int


@dataclass(frozen=True)
class Unseal:
    """A player takes back their seal, to edit the draft again (only before the reveal)."""

    seat: int


@dataclass(frozen=True)
class Decide:
    """A decision in the JSON form of a record's action; `by` is the seat's own box or the referee."""

    seat: int
    action: dict[str, Any] = field(default_factory=dict)
    by: str = "player"
    blind: bool = False  # a referee who sees no secret: a refusal does not name one either


@dataclass(frozen=True)
class Rollback:
    """Back to the state after the first `keep` actions (just before action `keep`). Without `confirm` it only
    shows what it undoes. A confirm with `seen` (the stored log's length its preview had) is refused when
    the game moved on since. A `blind` referee's steps carry no seat's secret."""

    keep: int
    confirm: bool = False
    by: str = REFEREE
    seen: int | None = None
    blind: bool = False


@dataclass(frozen=True)
class Acknowledge:
    """The table has done the steps up to `upto` (a count). With `skip`, the referee passes over them
    undone (the log says so, and who)."""

    upto: int
    skip: bool = False
    by: str = "table"


@dataclass(frozen=True)
class BoxStatus:
    """A box was plugged in or lost: shown on every phone, so the table knows whom it waits for."""

    seat: int
    kind: str  # gpio, serial, phone
    connected: bool


@dataclass(frozen=True)
class SetBoard:
    """The board pack for the games started from now on (the game under way keeps its own)."""

    pack: str
    by: str = REFEREE


@dataclass(frozen=True)
class SetBlind:
    """A referee page switches blind mode on or off (referee.py): in a game the referee plays, the table is told."""

    on: bool
    by: str = REFEREE


@dataclass(frozen=True)
class SetPace:
    pace: str
    by: str = REFEREE


@dataclass(frozen=True)
class SetChance:
    """Who resolves the game's chance from now on (chance.py): "pi", the Pi rolls and draws; "table", the
    table tells its own dice and cards (`Tell`). The referee may switch during the game; a node waiting
    when the Pi takes over is drawn at once."""

    policy: str
    by: str = REFEREE


@dataclass(frozen=True)
class State:
    """A seat or the referee states a move the game does not ask for (its table part's `stated`): an effect
    the rules text does not give (Zargos's cards and peoples' powers, Z-27), a trade... `by` is who states
    it ("referee" or "seat:N"), and the move says so too (its `seat`: N, or None for the referee). Stored
    with who stated it, logged, replayed and undone by a rollback like any move."""

    action: dict[str, Any] = field(default_factory=dict)
    by: str = REFEREE


@dataclass(frozen=True)
class Countdown:
    """The countdown of a timed window (timed.py): the referee pauses it, resumes it, gives `seconds` more,
    or closes the window early; the table's own clock (`by` "clock") closes it when the time is up. The
    closing move is stored with who closed it."""

    what: str  # "pause", "resume", "extend" or "close"
    seconds: int = 0  # for "extend"
    by: str = REFEREE


@dataclass(frozen=True)
class SeenReveal:
    """A seat (`by` "seat:N") has read what the game showed it (reveals.py, `key`): it leaves that seat's views.
    From the referee, it is dismissed for everyone."""

    key: str
    by: str = REFEREE


Command = (NewGame | ImportGame | ResumeGame | MoveSeat | EditDraft | Seal | Unseal | Decide | Rollback
           | Acknowledge | SetPace | SetBlind | SetLanguage | BoxStatus | SetBoard | RenewLink | Tell
           | SetChance | State | Countdown | SeenReveal)
