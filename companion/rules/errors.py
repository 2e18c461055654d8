"""The engine's error types: one root, and illegal input that names the rule it breaks."""

from __future__ import annotations


class XiditError(Exception):
    """Root of every error the companion raises on purpose."""


class IllegalAction(XiditError, ValueError):
    """An action the rules do not allow now. The state is left unchanged.

    `rule` is the ruling or section it breaks (``"R-06"``, ``"§5"``) and the message is a sentence a
    player understands.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.sentence = message
        self.index: int | None = None  # the action's place in a replayed record, when replaying


class BadRecord(XiditError, ValueError):
    """A game record or setup that cannot be read (wrong format, unknown action type, bad field)."""


class BadBoard(XiditError, ValueError):
    """A board pack with problems; `problems` lists each one with the table it is in."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems) if problems else "invalid board pack")
        self.problems = problems
