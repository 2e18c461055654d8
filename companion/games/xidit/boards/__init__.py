"""Board packs: the TOML files that describe a Xidit board (roads, regions, tiles, colossi).

The printed board's data is not public, so the companion reads it from a pack a user can check
against their own copy. `companion/games/xidit/boards/xidit.toml` is the shipped default (provisional; see
FACTS.md beside it for what in it is known and what is invented).
"""

from __future__ import annotations

from companion.games.xidit.rules.errors import BadBoard

from .lint import pack_warnings
from .pack import Labels, check_pack, default_pack, default_pack_text, load_pack, pack_labels, parse_pack
from .problems import Problem
from .schema import FORMAT

__all__ = [
    "FORMAT",
    "BadBoard",
    "Labels",
    "Problem",
    "check_pack",
    "default_pack",
    "default_pack_text",
    "load_pack",
    "pack_labels",
    "pack_warnings",
    "parse_pack",
]
