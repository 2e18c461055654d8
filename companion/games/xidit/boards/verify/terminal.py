"""Xidit's walk-through in a terminal (`companion board verify`): the framework's walk (companion.terminal_walk)
in Xidit's words. The same screens as the referee's page; Enter takes a value shown as known (a fact of the
rules, or a road the owner already saw from its other city); a blank field ([?]) must be typed. The 3-player
tiles may wait: the pack is then saved provisional and the walk resumes there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from companion import terminal_walk
from companion.i18n import N_, NP_, translate
from companion.owner_walk import BadAnswer

from .answers import field_kind, parse_field, show_field
from .conflicts import Conflict
from .screens import BY_KEY, FOR_EVERY_GAME, Screen
from .texts import field_name, hint, prompt, title
from .walk import Walk

FORMS: Final = {
    "road": N_("a city number, or none"),
    "fame": N_("two numbers, high then low: 6 4"),
    "cities": N_("the city numbers: 2 3 8 9"),
    "recruit": N_("the units, or the first letters of their names: mil a a i mag"),
    "units": N_("the units, or the first letters of their names: mil a p"),
    "rewards": N_("gold, bards, guild floors: 2 3 3"),
    "size": N_("3, 4 or 5"),
    "count": N_("one number"),
}
PROBLEM, WARNING = N_("Problem"), N_("Warning")  # a conflict that keeps the pack from being saved, or not


def _form(screen: Screen, name: str, language: str) -> str:
    return translate(language, N_("Type {form}."), {"form": translate(language, FORMS[field_kind(screen, name)])})


class XiditTerminal:
    bad_answer = BadAnswer

    def greeting(self, walk: Walk, language: str) -> list[str]:
        done, total = walk.progress()
        return [translate(language, N_("Checking the board pack {name} against your copy of the game: {done} of "
                                       "{total} screens answered."),
                          {"name": walk.kept.name, "done": done, "total": total}),
                translate(language, N_("Type what you see. Enter takes a value marked known; a [?] must be typed. "
                                       "b: back, s: skip, c: conflicts, ?: how to type, q: save and quit."))]

    def heading(self, walk: Walk, screen: Screen, language: str) -> str:
        done, total = walk.progress()
        return f"[{title(screen, language)} · {done}/{total}] {prompt(screen, walk.kept, language)}"

    def label(self, screen: Screen, name: str, language: str) -> str:
        return field_name(screen, name, language)

    def offered(self, screen: Screen, name: str, value: Any, language: str) -> str:
        return show_field(screen, name, value, language)

    def parse(self, screen: Screen, name: str, typed: str) -> Any:
        return parse_field(screen, name, typed)

    def how_to_type(self, screen: Screen, name: str, language: str) -> list[str]:
        return [hint(screen, language), _form(screen, name, language)]

    def look(self, screen: Screen, name: str, language: str) -> str:
        return translate(language, N_("Look at your board and type what you see: {form}."),
                         {"form": translate(language, FORMS[field_kind(screen, name)])})

    def refused(self, screen: Screen, name: str, why: str, language: str) -> str:
        return why + " " + _form(screen, name, language)

    def conflict_lines(self, walk: Walk, conflicts: Sequence[Conflict], language: str) -> list[str]:
        return [translate(language, PROBLEM if c.blocking else WARNING) + f": {c.text(language)} "
                + _at(walk, c.screen, language) for c in conflicts]

    def news(self, walk: Walk, screen: Screen, before: Sequence[Conflict], now: Sequence[Conflict],
             language: str) -> list[str]:
        """The conflicts this answer brought, each with the screen that fixes it."""
        told = {(c.screen, c.text(language)) for c in before}
        fresh = {(c.screen, c.text(language)) for c in now} - told
        return ["! " + text + " " + _at(walk, key, language) for key, text in sorted(fresh)]

    def to_answer(self, walk: Walk) -> list[str]:
        return walk.unanswered(FOR_EVERY_GAME)

    def problems(self, walk: Walk) -> list[Conflict]:
        return [c for c in walk.conflicts() if c.blocking]

    def closing(self, walk: Walk, language: str) -> terminal_walk.Closing:
        changes = walk.changes()
        lines = [translate(language, NP_("Answered. {n} value differs from the pack you started from.",
                                         "Answered. {n} values differ from the pack you started from."),
                           {"n": len(changes)})]
        lines += ["  " + translate(language, N_("Warning: {text}"), {"text": c.text(language)})
                  for c in walk.conflicts()]
        if walk.complete():
            return terminal_walk.Closing(lines, translate(
                language, N_("Save the verified pack? Enter or y: save, b: back, q: quit > ")))
        lines.append(translate(language, N_("The 3-player tiles are not checked yet: check them before the first "
                                            "3-player game. Until then the pack stays provisional.")))
        return terminal_walk.Closing(lines, translate(
            language, N_("Save the pack? Enter or y: save, 3: check the 3-player tiles now, b: back, q: quit > ")),
            {"3": lambda w: w.first_open()})


def _at(walk: Walk, key: str, language: str) -> str:
    return translate(language, N_("(at: {screen})"), {"screen": prompt(BY_KEY[key], walk.kept, language)})


TERMINAL = XiditTerminal()

