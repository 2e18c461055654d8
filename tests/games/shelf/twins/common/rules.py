"""The rules both twins play, made for one version by its length: the seats, formats and options a game
module declares (companion.core.game.Rules). The twins are listed and described, never played: a record
of theirs is refused in words."""

from __future__ import annotations

from typing import Any

from companion.core.errors import N_, BadRecord
from companion.core.game import GameModule, Option, Rules

WORDS = frozenset({N_("racer")})  # the pieces both versions move
CATALOG = "tests.games.shelf.twins.common.locale"


class RaceRules(Rules):
    seats = range(2, 5)
    colours = ("red", "blue", "green", "yellow")

    def __init__(self, key: str, laps: int) -> None:
        self.key = key
        self.record_format = f"{key}-record/1"
        self.view_format = f"{key}-state/1"
        self.options = (Option("laps", (str(laps),), str(laps), "Laps"),)

    def replay_json(self, pack: Any, record: Any) -> Any:
        raise BadRecord(f"{self.key} is listed, never played: no record to replay")

    # Listed, never played: what a table would ask of it is refused.
    def _never(self, *args: Any, **kwargs: Any) -> Any:
        raise BadRecord(f"{self.key} is listed, never played")

    setup_from_json = setup_to_json = move_from_json = move_to_json = record_from_json = _never
    start = default_setup = players = _never


def twin(version: str, title: str, laps: int) -> GameModule:
    """One version of the box: its own id and formats, the box's shared words and catalog."""
    key = f"twins-{version}"
    return GameModule(key=key, title=title, rules=RaceRules(key, laps), catalog=CATALOG, words=WORDS)
