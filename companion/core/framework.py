"""What the framework is: every package and module of the companion that is not a game.

One list for two readers: `companion games --json` prints it (an outside check may verify that none of them
imports a game), and tests/test_boundaries.py checks exactly these for imports of `companion.games.<game>`.
"""

from __future__ import annotations

from typing import Final

FRAMEWORK: Final = (
    "companion.core", "companion.table", "companion.store", "companion.boxes", "companion.agents",
    "companion.bench", "companion.cli", "companion.config", "companion.run", "companion.i18n",
    "companion.players", "companion.notify", "companion.settings", "companion.store_lock", "companion.terminal_walk",
    "web", "hardware",
)
