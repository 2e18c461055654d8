"""The walk-through in a terminal (`companion board verify`): the same screens as the referee's page, one
by one, each field on its own line. Enter takes a value shown as known (a fact of the rules, or a road
the owner already saw from its other city); a blank field ([?]) must be typed. `b` goes back a screen,
`s` skips it, `c` lists the conflicts, `?` says how to type, `q` saves and quits (the walk resumes).

Input and output are injected (`ask`, `say`) and so is saving (`save`, after every step), so this
module touches neither the terminal nor the disk by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from companion.i18n import N_, NP_, translate

from .answers import BadAnswer, field_kind, parse_field, show_field
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


class Quit(Exception):
    """The owner stops (q, or the end of the input): the walk is saved and resumes next time."""


class Move(Exception):
    """The owner left the screen (back, skip) before answering it."""


def run_walk(walk: Walk, *, ask: Callable[[str], str], say: Callable[[str], None], save: Callable[[Walk], None],
             finish: Callable[[Walk], bool], language: str = "en") -> bool:
    """Asks until a pack is saved (`finish` saved it: True) or the owner quits (False)."""

    def t(message: str | tuple[str, str], **params: object) -> str:
        return translate(language, message, params or None)

    def read(text: str) -> str:
        try:
            return ask(text).strip()
        except EOFError:
            raise Quit from None

    done, total = walk.progress()
    say(t(N_("Checking the board pack {name} against your copy of the game: {done} of {total} screens "
             "answered."), name=walk.kept.name, done=done, total=total))
    say(t(N_("Type what you see. Enter takes a value marked known; a [?] must be typed. b: back, s: skip, "
             "c: conflicts, ?: how to type, q: save and quit.")))
    seen = {(c.screen, c.text(language)) for c in walk.conflicts()}
    try:
        while True:
            screen = walk.screen
            if screen is None:
                if _at_the_end(walk, read, say, t, language) and finish(walk):
                    return True
                save(walk)
                continue
            say("")
            done, total = walk.progress()
            say(f"[{title(screen, language)} · {done}/{total}] {prompt(screen, walk.kept, language)}")
            for conflict in walk.conflicts():
                if conflict.screen == screen.key:
                    say("  ! " + conflict.text(language))
            try:
                value = _fields(walk, screen, read, say, t, language)
            except Move:
                save(walk)
                continue
            try:
                walk.answer(screen.key, value)
            except BadAnswer as error:
                say("  " + error.text(language))
                continue
            now = {(c.screen, c.text(language)) for c in walk.conflicts()}
            for key, text in sorted(now - seen):
                say("  ! " + text + " " + t(N_("(at: {screen})"), screen=prompt(BY_KEY[key], walk.kept, language)))
            seen = now
            save(walk)
    except Quit:
        save(walk)
        done, total = walk.progress()
        say(t(N_("Saved: {done} of {total} screens answered. Run the same command again to go on."),
              done=done, total=total))
        return False


def _fields(walk: Walk, screen: Screen, read: Callable[[str], str], say: Callable[[str], None],
            t: Callable[..., str], language: str) -> dict[str, Any]:
    """The screen's fields, one line each: what is shown is taken with Enter, a blank must be typed."""
    shown = walk.shown(screen.key)
    blanks = set(walk.blanks(screen.key))
    value: dict[str, Any] = {}
    for name in screen.fields:
        while True:
            offered = "?" if name in blanks else show_field(screen, name, shown.get(name), language)
            typed = read(f"  {field_name(screen, name, language)} [{offered}] > ")
            command = typed.lower()
            if command == "q":
                raise Quit
            if command == "b":
                walk.back()
                raise Move
            if command == "s":
                walk.skip()
                raise Move
            if command == "?":
                say("  " + hint(screen, language))
                say("  " + t(N_("Type {form}."), form=t(FORMS[field_kind(screen, name)])))
                continue
            if command == "c":
                _list_conflicts(walk, walk.conflicts(), say, language, t)
                continue
            if typed == "" and name in blanks:
                say("  " + t(N_("Look at your board and type what you see: {form}."),
                             form=t(FORMS[field_kind(screen, name)])))
                continue
            try:
                value[name] = shown[name] if typed == "" else parse_field(screen, name, typed)
            except BadAnswer as error:
                say("  " + error.text(language) + " " + t(N_("Type {form}."), form=t(FORMS[field_kind(screen, name)])))
                continue
            break
    return value


def _at_the_end(walk: Walk, read: Callable[[str], str], say: Callable[[str], None],
                t: Callable[..., str], language: str) -> bool:
    """The summary. True when the owner asks to save the pack and it can be saved."""
    say("")
    unanswered = walk.unanswered(FOR_EVERY_GAME)
    blocking = [c for c in walk.conflicts() if c.blocking]
    if unanswered:
        say(t(NP_("{n} screen still unanswered.", "{n} screens still unanswered."), n=len(unanswered)))
        if read(t(N_("Enter goes to the first one (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.first_open(FOR_EVERY_GAME)
        return False
    if blocking:
        _list_conflicts(walk, blocking, say, language, t)
        if read(t(N_("Enter goes to the first problem (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(blocking[0].screen)
        return False
    changes = walk.changes()
    say(t(NP_("Answered. {n} value differs from the pack you started from.",
                "Answered. {n} values differ from the pack you started from."), n=len(changes)))
    for conflict in walk.conflicts():
        say("  " + t(N_("Warning: {text}"), text=conflict.text(language)))
    if walk.complete():
        typed = read(t(N_("Save the verified pack? Enter or y: save, b: back, q: quit > "))).lower()
    else:
        say(t(N_("The 3-player tiles are not checked yet: check them before the first 3-player game. "
                 "Until then the pack stays provisional.")))
        typed = read(t(N_("Save the pack? Enter or y: save, 3: check the 3-player tiles now, b: back, "
                          "q: quit > "))).lower()
        if typed == "3":
            walk.first_open()
            return False
    if typed == "q":
        raise Quit
    if typed == "b":
        walk.back()
        return False
    return typed in ("", "y", "yes", "o", "oui")


def _list_conflicts(walk: Walk, conflicts: list[Conflict], say: Callable[[str], None], language: str,
                    t: Callable[..., str]) -> None:
    if not conflicts:
        say("  " + t(N_("No conflict.")))
    for conflict in conflicts:
        kind = t(N_("Problem")) if conflict.blocking else t(N_("Warning"))
        say(f"  {kind}: {conflict.text(language)} " +
            t(N_("(at: {screen})"), screen=prompt(BY_KEY[conflict.screen], walk.kept, language)))
