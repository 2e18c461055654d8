"""Where a frame kind that the framework does not draw finds its painter: a game's `BoxMenus.painters`.

A box learns its game's painters when it takes the game's part (`controller`), so drawing its frames asks
no one; a frame drawn with no box behind it (a golden screen, a tool) has its painter looked up among the
games of the registry, once.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core import registry

from .game_parts import Painter

_known: dict[str, Painter] = {}


def learn(painters: Mapping[str, Painter]) -> None:
    _known.update(painters)


def find(kind: str) -> Painter | None:
    if kind not in _known:
        # The games in play first: a kind is most likely theirs, and another game's boxes stay unimported.
        for game in (*registry.loaded(), *registry.available()):
            if game.boxes is not None:  # a game without box menus of its own paints nothing of its own
                learn(game.boxes.painters)
            if kind in _known:
                break
    return _known.get(kind)
