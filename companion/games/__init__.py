"""The games, one package each: `companion.games.<id>` exposes `GAME`, found by companion.core.registry.

Nothing here is imported by the framework; a game imports companion.core and the framework's stable
surfaces it needs, never another game."""
