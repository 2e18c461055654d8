"""What every button adapter produces: a logical key event for a seat. Rules and screens never see pins."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

PRESS = "press"
HOLD = "hold"
REPEAT = "repeat"
KINDS: frozenset[str] = frozenset((PRESS, HOLD, REPEAT))


class Key(enum.StrEnum):
    """The keys of a button box: six to move through menus, five optional direct-order keys."""

    LEFT = "LEFT"
    RIGHT = "RIGHT"
    UP = "UP"
    DOWN = "DOWN"
    OK = "OK"
    BACK = "BACK"
    BLACK = "BLACK"
    RED = "RED"
    BLUE = "BLUE"
    ACTION = "ACTION"
    WAIT = "WAIT"


#: The keys that auto-repeat while held (after their "hold" event).
REPEATING_KEYS: frozenset[Key] = frozenset((Key.UP, Key.DOWN))


@dataclass(frozen=True, slots=True)
class InputEvent:
    """One logical key event: `kind` is "press", "hold" (held for the hold time) or "repeat"
    (auto-repeat of UP/DOWN while held, after the hold). Adapters report what the keys do; what a hold
    or a repeat means is the box's (`companion.boxes.controller`): most mean nothing, so that a firm
    press is one press."""

    seat: int
    key: Key
    kind: str = PRESS

    def __post_init__(self) -> None:
        if not isinstance(self.key, Key):
            raise ValueError(f"not a key: {self.key!r}")
        if self.kind not in KINDS:
            raise ValueError(f"kind must be press, hold or repeat, not {self.kind!r}")


Sink = Callable[[InputEvent], None]
