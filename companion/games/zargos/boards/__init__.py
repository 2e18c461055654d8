"""Zargos's map packs (`zargos-board/1`): the shipped pack is PROVISIONAL, invented for testing; the real
board is entered by its owner later (issue 29)."""

from __future__ import annotations

from .pack import FORMAT, check_pack, default_pack, default_pack_text, parse_pack

__all__ = ["FORMAT", "check_pack", "default_pack", "default_pack_text", "parse_pack"]
