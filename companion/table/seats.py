"""Who plays each seat: a hardware box (which one), a phone, or a virtual player (at a level). The
referee says so for every seat when a game starts, and may move a seat to another device mid-game (a
box breaks: the player goes on on their phone). Kept with the game, in its table state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core import registry
from companion.core.random_agents import kit_of
from companion.i18n import N_

from .commands import Refused

PHONE, VIRTUAL, BOX = "phone", "virtual", "box"
LEVEL_WORDS = (N_("easy"), N_("normal"), N_("strong"))  # the levels' names on the page, translated there
# A virtual player fills a seat nobody plays, so the table wants an opponent that plays the game: `normal`
# reasons every decision (rewards, colossi, census bards) where `easy` takes them at random, and it
# decides at once even on a Pi; `strong` (80-95 % of the games against easy, docs/agents.md) is for a table
# that asks for it. The config's `bot` seats default to `normal` as well.
DEFAULT_LEVEL = "normal"


def game_levels(game: str = registry.DEFAULT) -> tuple[str, ...]:
    """Every level of a game's virtual players (its AgentKit's, else the framework's random player's), for a
    Table not told its levels."""
    return tuple(kit_of(registry.load(game)).levels)


def levels(known: Sequence[str] | None = None) -> tuple[str, ...]:
    """The levels a referee may seat: every agent's but `random` (a test agent, no opponent)."""
    return tuple(level for level in (game_levels() if known is None else known) if level != "random")


def device(value: Any, boxes: tuple[str, ...], known: Sequence[str] | None = None) -> dict[str, str]:
    """One seat's device from its JSON form: {"device": "phone"}, {"device": "virtual", "level": "easy"}
    (no level: DEFAULT_LEVEL)
    or {"device": "box", "box": "<a box the table has>"}."""
    if not isinstance(value, dict):
        raise Refused(N_("Say for every seat whether it plays on a box, a phone or is a virtual player."))
    kind = value.get("device")
    if kind == PHONE:
        return {"device": PHONE}
    if kind == VIRTUAL:
        level = value.get("level") or DEFAULT_LEVEL
        # `random` is no opponent a referee is offered, but a config may seat it (tests, demos).
        if level not in (game_levels() if known is None else known):
            raise Refused(N_("A virtual player plays at one of these levels: {levels}."),
                          params={"levels": ", ".join(levels(known))})
        return {"device": VIRTUAL, "level": str(level)}
    if kind == BOX:
        if value.get("box") not in boxes:
            raise Refused(N_("This table has no such box: choose one of its boxes, a phone or a virtual player."))
        return {"device": BOX, "box": str(value["box"])}
    raise Refused(N_("Say for every seat whether it plays on a box, a phone or is a virtual player."))


def assignment(value: Any, seats: list[int], boxes: tuple[str, ...],
               known: Sequence[str] | None = None, shown: Callable[[int], int] = int) -> dict[int, dict[str, str]]:
    """Every seat of a game played by a device, no box playing two seats: else the game cannot start."""
    if not isinstance(value, dict):
        raise Refused(N_("Say for every seat whether it plays on a box, a phone or is a virtual player."))
    out: dict[int, dict[str, str]] = {}
    for seat in seats:
        if str(seat) not in value and seat not in value:
            raise Refused(N_("Nobody plays seat {seat}: give it a box, a phone or a virtual player."),
                          params={"seat": shown(seat)})
        out[seat] = device(value.get(str(seat), value.get(seat)), boxes, known)
    check_boxes(out)
    return out


def check_boxes(seats: dict[int, dict[str, str]]) -> None:
    used = [d["box"] for d in seats.values() if d["device"] == BOX]
    if len(used) != len(set(used)):
        raise Refused(N_("A box plays one seat only."))


def handed_to(device: dict[str, str] | None) -> str:
    """Who plays a seat now, for the device that played it before (its page or its screen says so)."""
    if device is None:
        return N_("This seat was handed to another device.")
    if device["device"] == VIRTUAL:
        return N_("This seat was handed to a virtual player.")
    if device["device"] == BOX:
        return N_("This seat was handed to a box.")
    return N_("This seat was handed to a phone.")
