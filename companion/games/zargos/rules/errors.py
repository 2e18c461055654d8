"""Zargos raises the companion's error family (companion.core.errors), so the table catches it unchanged."""

from __future__ import annotations

from companion.core.errors import N_, BadPack, BadRecord, CompanionError, IllegalAction

__all__ = ["N_", "BadPack", "BadRecord", "CompanionError", "IllegalAction"]
