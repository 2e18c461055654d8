"""The games, one package each: `companion.games.<id>` exposes `GAME`, found by companion.core.registry. A box
of several games that share pieces and words is one package too: `<box>/common/` what they share, and
`<box>/<version>/` each game, exposing its `GAME` (id "<box>-<version>"; docs/games.md).

Nothing here is imported by the framework; a game imports companion.core and the framework's stable
surfaces it needs, never another game (nor another version of its own box: only the box's `common`)."""
