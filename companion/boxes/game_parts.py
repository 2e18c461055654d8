"""What a game provides for its boxes (`GameModule.boxes`): the box framework asks it for words and for
one editor per decision, and draws and keys everything else itself.

The framework (`controller.SeatController`) owns the keys (press, hold, repeat), the pages (status, main,
instructions, link) and their turning, sleep (dim, blank), notices, the table's own screens (no game yet,
the store cannot save, the game waits for the table, the steps to do) and the drawing of the common frame
kinds (`message`, `list`, `editor`, `grid`, `qr`). The game says, from the seat's snapshot (a game's part
reads its own view, `snap.view`; the framework's generic part reads only what the framework knows of it,
`snap.envelope`):

* `title`, `status`, `result`, `waiting`: the lines of the title bar, of the status page, of the end of the
  game, and of the main page when nothing is asked of the seat;
* `for_seat(seat)`: the seat's menus for the whole game (`SeatMenus`), which hand the box one
  `DecisionEditor` per awaited choice (or chance node the seat may tell), kept while that decision stands;
* `direct_keys`: the keys beyond the six that the game gives a meaning to ({} for none);
* `painters`: the frame kinds it draws itself (`Painter`, with the framework's `pen.Pen`).

A game's editor builds on the framework's widgets (`editors`: grid, counter, split) and sequences
(`sequences`: the fewest keys to reach a value on them) and returns the table's commands for each key.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .frame import Frame
from .pen import Pen

if TYPE_CHECKING:  # the table imports a game, which imports this: names only for the checker
    from companion.table import Command, SeatSnapshot

JSON = dict[str, Any]
Translate = Callable[..., str]  # t(message, params=None): the message in the box's language
Painter = Callable[[Pen, Frame], None]  # draws a frame of the game's own kind (title bar already drawn)


@dataclass(frozen=True)
class KeyResult:
    """What one key did on an editor: commands for the table, in order, and what the box says or does."""

    commands: list[Command] = field(default_factory=list)
    notice: str | None = None  # a sentence for the player under the decision; None leaves the notice as it is
    previous_page: bool = False  # the key leaves the decision for the page before (LEFT/BACK at its start)


@dataclass(frozen=True)
class Screen:
    """What the box hands an editor to draw its decision."""

    t: Translate
    title: str  # the game's title line for this seat (`BoxMenus.title`)
    page: str  # the page marker, "2/4"
    notice: str  # the box's notice, "" for none


class DecisionEditor(Protocol):
    """One awaited decision on a box with six keys (and the game's direct keys).

    The box makes a `message` frame that the editor returns into a page of text (wrapped, scrolled by
    UP/DOWN), so an editor may say something in words without laying it out."""

    @property
    def stage(self) -> str: ...  # which part of the decision is on screen: a held key acts only where pressed

    def press(self, key: str, snap: SeatSnapshot, t: Translate) -> KeyResult: ...  # may raise table.Refused

    def hold(self, key: str, kind: str, snap: SeatSnapshot) -> KeyResult | None:
        """A held or repeated key ("hold", "repeat"); None: as any editor (UP/DOWN repeat, others do nothing)."""
        ...

    def turns_page(self, key: str, snap: SeatSnapshot) -> bool: ...  # LEFT/RIGHT turn the page here (not a value)

    def frame(self, snap: SeatSnapshot, screen: Screen) -> Frame: ...

    def keys_for(self, target: Any, snap: SeatSnapshot, six_keys: bool) -> list[str]:
        """The fewest presses that enter `target` (the game's action) from the decision as it first came;
        `six_keys`: without the direct keys. For the key-level players and the bench."""
        ...


class SeatMenus(Protocol):
    """One seat's menus, as long as its box lives: they may remember across decisions (Xidit proposes last
    year's program)."""

    def editor(self, snap: SeatSnapshot) -> DecisionEditor | None:
        """The editor of what the seat is asked now; the same object as long as it is the same decision,
        a new one (at its defaults) when it changes; None when nothing is asked of the seat."""
        ...


class BoxMenus(Protocol):
    """A game's part for the boxes: `GameModule.boxes`."""

    @property
    def direct_keys(self) -> Mapping[str, str]: ...  # {"BLACK": "black", ...}: key name -> what it enters

    @property
    def painters(self) -> Mapping[str, Painter]: ...  # frame kind -> its painter ("program")

    def title(self, snap: SeatSnapshot, seat: int, t: Translate) -> str: ...

    def status(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, tuple[str, ...]]: ...  # title, lines

    def result(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...] | None: ...  # None: not over

    def waiting(self, snap: SeatSnapshot, seat: int, t: Translate) -> tuple[str, ...]: ...  # nothing asked of it

    def for_seat(self, seat: int) -> SeatMenus: ...
