"""The Zargos map's walk-through in a terminal (`companion board verify --game zargos`): the screens one by
one, each field on its own line. Enter takes a value shown as known (a name the rules give, or a border the
owner already saw from its other side); a blank field ([?]) must be typed. `b` goes back a screen, `s`
skips it, `c` lists the conflicts, `?` says how to type, `q` saves and quits (the walk resumes).

Input, output and saving are injected, so this module touches neither the terminal nor the disk."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import N_, NP_, translate

from .answers import BadAnswer, parse_field, show_field
from .screens import Screen
from .texts import field_name, hint, prompt
from .walk import Walk


class Quit(Exception):
    """The owner stops (q, or the end of the input): the walk is saved and resumes next time."""


class Move(Exception):
    """The owner left the screen (back, skip) before answering it."""


def run_walk(walk: Walk, *, ask: Callable[[str], str], say: Callable[[str], None], save: Callable[[Walk], None],
             finish: Callable[[Walk], bool], language: str = "en") -> bool:
    """Asks until the pack is saved (`finish` saved it: True) or the owner quits (False)."""

    def t(message: str | tuple[str, str], **params: object) -> str:
        return translate(language, message, params or None)

    def read(text: str) -> str:
        try:
            return ask(text).strip()
        except EOFError:
            raise Quit from None

    done, total = walk.progress()
    say(t(N_("Checking the Zargos map against your board: {done} of {total} screens answered."),
          done=done, total=total))
    say(t(N_("Type what you see. Enter takes a value shown; a [?] must be typed. b: back, s: skip, "
             "c: conflicts, ?: how to type, q: save and quit.")))
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
            say(f"[{done}/{total}] {prompt(screen, language)}")
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
            for conflict in walk.conflicts():
                if conflict.screen == screen.key or screen.key in ("count",):
                    say("  ! " + conflict.text(language))
            save(walk)
    except Quit:
        save(walk)
        done, total = walk.progress()
        say(t(N_("Saved: {done} of {total} screens answered. Run the same command again to go on."),
              done=done, total=total))
        return False


def _fields(walk: Walk, screen: Screen, read: Callable[[str], str], say: Callable[[str], None],
            t: Callable[..., str], language: str) -> dict[str, Any]:
    shown = walk.shown(screen.key)
    blanks = set(walk.blanks(screen.key))
    value: dict[str, Any] = {}
    for name in screen.fields:
        while True:
            offered = "?" if name in blanks else show_field(name, shown.get(name), language)
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
                continue
            if command == "c":
                conflicts = walk.conflicts()
                say("  " + (t(N_("No conflict.")) if not conflicts else
                            "\n  ".join(c.text(language) for c in conflicts)))
                continue
            if typed == "" and name in blanks:
                say("  " + t(N_("Look at your board and type what you see.")) + " " + hint(screen, language))
                continue
            try:
                value[name] = shown[name] if typed == "" else parse_field(screen, name, typed)
            except BadAnswer as error:
                say("  " + error.text(language))
                continue
            break
    return value


def _at_the_end(walk: Walk, read: Callable[[str], str], say: Callable[[str], None], t: Callable[..., str],
                language: str) -> bool:
    """The summary. True when the owner asks to save the pack and it can be saved."""
    say("")
    unanswered = walk.unanswered()
    if unanswered:
        say(t(NP_("{n} screen still unanswered.", "{n} screens still unanswered."), n=len(unanswered)))
        if read(t(N_("Enter goes to the first one (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(unanswered[0])
        return False
    conflicts = walk.conflicts()
    if conflicts:
        for conflict in conflicts:
            say("  " + conflict.text(language))
        if read(t(N_("Enter goes to the first problem (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(conflicts[0].screen)
        return False
    typed = read(t(N_("Every screen is answered and nothing conflicts. Save the verified map? Enter or y: save, "
                      "b: back, q: quit > "))).lower()
    if typed == "q":
        raise Quit
    if typed == "b":
        walk.back()
        return False
    return typed in ("", "y", "yes", "o", "oui")
