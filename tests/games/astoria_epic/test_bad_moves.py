"""Bad input of any kind is refused in words and changes nothing: moves of every kind with fields drawn at random
(a record or a page may send anything the JSON format allows), pushed at random moments of random games."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from companion.core.errors import BadRecord, IllegalAction
from companion.games.astoria.epic import GAME
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.rules.moves import FIELDS
from tests.games.conformance.play import points

VALUES: dict[str, list[Any]] = {
    "pile": [0, 1, 3, 4, -1], "colour": ["red", "orange", "gold", ""], "colours": [[], ["red"], ["blue", "gold"],
                                                                               ["red", "red", "red"]],
    "artefact": [0, 1, 5, -1], "card": ["talent", "role", "artefact:0", "artefact:9", "artefact:x", "x"],
    "cards": [[], ["talent"], ["talent", "talent"], ["artefact:0", "role"], None], "target": [0, 1, 2, 7, -3],
    "faction": ["dragon", "save", "king"], "effect": ["solar", "fire_guard", "shadow_artefact", "ungem", "tilt", "x"],
    "count": [0, 1, 2, 9, -2], "chief": [0, 1, -1, 4], "role": ["saboteur", "preparer", "king"],
    "typed": [None, {"places": ["red"], "domain": "red", "glyphs": 2},
              {"places": ["red", "blue"], "domain": "violet", "glyphs": 5},
              {"places": ["red", "red"], "domain": "red", "glyphs": 6, "grimoire": True}],
}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_moves_are_refused_or_played_never_crash(seed: int) -> None:
    rng = Random(seed)
    assert GAME.testing is not None
    match = RULES.start(*GAME.testing.short_setup(seed))
    tried = refused = 0
    for point in points(GAME, match, rng):
        for _ in range(3):
            kind = rng.choice(sorted(FIELDS))
            data = {"type": kind, "seat": rng.choice([1, 2, 3, 9]),
                    **{name: rng.choice(VALUES[name]) for name in FIELDS[kind]}}
            try:
                move = RULES.move_from_json(data)
            except BadRecord:
                continue
            before, version = point.match.view("referee"), point.match.version
            tried += 1
            if not point.match.allowed(move):  # type: ignore[attr-defined]
                with pytest.raises(IllegalAction):
                    point.match.push(move)
                assert (point.match.view("referee"), point.match.version) == (before, version)
                refused += 1
    assert tried > 50 and refused > 0
