"""Xidit's names for the companion's error types (companion.core.errors): the game raises the framework's
family, so the table catches it without knowing the game."""

from __future__ import annotations

from companion.core.errors import N_, BadReader, BadRecord, CompanionError, IllegalAction, english
from companion.core.errors import BadPack as BadBoard

XiditError = CompanionError  # the name the engine and its callers have always used

__all__ = ["N_", "BadBoard", "BadReader", "BadRecord", "IllegalAction", "XiditError", "english"]
