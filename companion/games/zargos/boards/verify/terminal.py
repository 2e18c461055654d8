"""The Zargos map's walk-through in a terminal (`companion board verify --game zargos`): the framework's walk
(companion.terminal_walk) in Zargos's words. Enter takes a value shown as known (a name the rules give, or a
border the owner already saw from its other side); a blank field ([?]) must be typed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion import terminal_walk
from companion.i18n import N_, translate
from companion.owner_walk import BadAnswer

from .answers import parse_field, show_field
from .screens import Screen
from .texts import field_name, hint, prompt
from .walk import Conflict, Walk


class ZargosTerminal:
    bad_answer = BadAnswer

    def greeting(self, walk: Walk, language: str) -> list[str]:
        done, total = walk.progress()
        return [translate(language, N_("Checking the Zargos map against your board: {done} of {total} screens "
                                       "answered."), {"done": done, "total": total}),
                translate(language, N_("Type what you see. Enter takes a value shown; a [?] must be typed. b: back, "
                                       "s: skip, c: conflicts, ?: how to type, q: save and quit."))]

    def heading(self, walk: Walk, screen: Screen, language: str) -> str:
        done, total = walk.progress()
        return f"[{done}/{total}] {prompt(screen, language)}"

    def label(self, screen: Screen, name: str, language: str) -> str:
        return field_name(screen, name, language)

    def offered(self, screen: Screen, name: str, value: Any, language: str) -> str:
        return show_field(name, value, language)

    def parse(self, screen: Screen, name: str, typed: str) -> Any:
        return parse_field(screen, name, typed)

    def how_to_type(self, screen: Screen, name: str, language: str) -> list[str]:
        return [hint(screen, language)]

    def look(self, screen: Screen, name: str, language: str) -> str:
        return translate(language, N_("Look at your board and type what you see.")) + " " + hint(screen, language)

    def refused(self, screen: Screen, name: str, why: str, language: str) -> str:
        return why

    def conflict_lines(self, walk: Walk, conflicts: Sequence[Conflict], language: str) -> list[str]:
        return [c.text(language) for c in conflicts]

    def news(self, walk: Walk, screen: Screen, before: Sequence[Conflict], now: Sequence[Conflict],
             language: str) -> list[str]:
        """The conflicts at the screen just answered; after the counts, every one (a count checks them all)."""
        return ["! " + c.text(language) for c in now if c.screen == screen.key or screen.key == "count"]

    def to_answer(self, walk: Walk) -> list[str]:
        return walk.unanswered()

    def problems(self, walk: Walk) -> list[Conflict]:
        return walk.conflicts()

    def closing(self, walk: Walk, language: str) -> terminal_walk.Closing:
        return terminal_walk.Closing([], translate(
            language, N_("Every screen is answered and nothing conflicts. Save the verified map? Enter or y: save, "
                         "b: back, q: quit > ")))


TERMINAL = ZargosTerminal()

