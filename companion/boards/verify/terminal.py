"""The walk-through in a terminal (`companion board verify`): the same questions as the referee's page,
one by one. Enter accepts the value shown, a typed value corrects it, `b` goes back, `s` skips, `c`
lists the conflicts, `q` saves and quits (the walk resumes next time).

Input and output are injected (`ask`, `say`) and so is saving (`save`, after every step), so this
module touches neither the terminal nor the disk by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from companion.i18n import N_, translate

from .conflicts import Conflict
from .questions import BY_KEY, BadAnswer, Question, parse_text, show
from .walk import Walk

FORMS: Final = {
    "road": N_("a city number, or none"),
    "fame": N_("two numbers, high then low: 6 4"),
    "border": N_("the city numbers: 2 3 8 9"),
    "recruit": N_("the units, or the first letters of their names: mil a a i mag"),
    "needs": N_("the units, or the first letters of their names: mil a p"),
    "rewards": N_("gold, bards, guild floors: 2 3 3"),
    "colossus": N_("units needed, gold, bards, guild floors: 3 2 2 2"),
}


class Quit(Exception):
    """The owner stops (q, or the end of the input): the walk is saved and resumes next time."""


def run_walk(walk: Walk, *, ask: Callable[[str], str], say: Callable[[str], None], save: Callable[[Walk], None],
             finish: Callable[[Walk], bool], language: str = "en") -> bool:
    """Asks until the walk is finished (`finish` saved it: True) or the owner quits (False)."""

    def t(message: str, **params: object) -> str:
        return translate(language, message, params or None)

    def read(prompt: str) -> str:
        try:
            return ask(prompt).strip()
        except EOFError:
            raise Quit from None

    done, total = walk.progress()
    say(t(N_("Checking the board pack {name} against your copy of the game: {done} of {total} questions "
             "answered."), name=walk.kept.name, done=done, total=total))
    say(t(N_("Enter accepts the value shown; type a value to correct it. b: back, s: skip, c: conflicts, "
             "?: how to type an answer, q: save and quit.")))
    seen = {(c.question, c.text(language)) for c in walk.conflicts()}
    try:
        while True:
            question = walk.question
            if question is None:
                if _at_the_end(walk, read, say, t, language) and finish(walk):
                    return True
                save(walk)
                continue
            say("")
            done, total = walk.progress()
            say(f"[{question.title(language)} · {done}/{total}] {question.prompt(language)}")
            for conflict in walk.conflicts():
                if conflict.question == question.key:
                    say("  ! " + conflict.text(language))
            implied = walk.implied_by(question.key)
            if implied:
                say("  " + t(N_("Already answered by the road from city {city}."), city=BY_KEY[implied].city))
            typed = read(f"  {show(question, walk.values[question.key], language)} > ")
            command = typed.lower()
            if command == "q":
                raise Quit
            if command == "b":
                walk.back()
            elif command == "s":
                walk.skip()
            elif command == "?":
                say("  " + question.hint(language))
                say("  " + t(N_("Type {form}."), form=t(FORMS[question.kind])))
                continue
            elif command == "c":
                _list_conflicts(walk.conflicts(), say, language, t)
                continue
            else:
                try:
                    value = walk.values[question.key] if typed == "" else parse_text(question, typed)
                    touched = walk.answer(question.key, value)
                except BadAnswer as error:
                    say("  " + error.text(language) + " " + t(N_("Type {form}."), form=t(FORMS[question.kind])))
                    continue
                for key in touched:
                    say("  " + t(N_("Also changed: {what} now {value}."), what=BY_KEY[key].prompt(language),
                                 value=show(BY_KEY[key], walk.values[key], language)))
                now = {(c.question, c.text(language)) for c in walk.conflicts()}
                for key, text in sorted(now - seen):
                    say("  ! " + text + " " + t(N_("(at: {question})"), question=BY_KEY[key].prompt(language)))
                seen = now
            save(walk)
    except Quit:
        save(walk)
        done, total = walk.progress()
        say(t(N_("Saved: {done} of {total} answered. Run the same command again to go on."), done=done, total=total))
        return False


def _at_the_end(walk: Walk, read: Callable[[str], str], say: Callable[[str], None],
                t: Callable[..., str], language: str) -> bool:
    """The summary. True when the owner asks to save the verified pack and it can be saved."""
    say("")
    unanswered = walk.unanswered()
    blocking = [c for c in walk.conflicts() if c.blocking]
    if unanswered:
        say(t(N_("{n} question(s) still unanswered."), n=len(unanswered)))
        if read(t(N_("Enter goes to the first one (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.first_open()
        return False
    if blocking:
        _list_conflicts(blocking, say, language, t)
        if read(t(N_("Enter goes to the first problem (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(blocking[0].question)
        return False
    changes = walk.changes()
    say(t(N_("Every question is answered. You corrected {n} value(s):"), n=len(changes)))
    for change in changes:
        say(f"  {change.question.prompt(language)} {show(change.question, change.before, language)} -> "
            f"{show(change.question, change.after, language)}")
    for conflict in walk.conflicts():
        say("  " + t(N_("Warning: {text}"), text=conflict.text(language)))
    typed = read(t(N_("Save the verified pack? Enter or y: save, b: back, q: quit > "))).lower()
    if typed == "q":
        raise Quit
    if typed == "b":
        walk.back()
        return False
    return typed in ("", "y", "yes", "o", "oui")


def _list_conflicts(conflicts: list[Conflict], say: Callable[[str], None], language: str,
                    t: Callable[..., str]) -> None:
    if not conflicts:
        say("  " + t(N_("No conflict.")))
    for conflict in conflicts:
        question: Question = BY_KEY[conflict.question]
        kind = t(N_("Problem")) if conflict.blocking else t(N_("Warning"))
        say(f"  {kind}: {conflict.text(language)} " + t(N_("(at: {question})"), question=question.prompt(language)))
