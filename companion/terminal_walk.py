"""The owner's walk-through of a game's pack in a terminal (`companion board verify`), for every game: the
walk's screens one by one, each field on its own line. Enter takes a value shown; a blank field ([?]) must
be typed, so Enter alone never verifies anything. `b` goes back a screen, `s` skips it, `c` lists the
conflicts, `?` says how to type, `q` (or the end of the input) saves and quits, and the walk resumes there.
At the end: the screens still unanswered, then the problems, then the question whether to save.

The walk is the game's, the same one its pages drive (web.game_parts.PackWalk); what the terminal says of
it, and what must hold before saving, is the game's `TerminalWalk`. Input, output and saving are injected
(`ask`, `say`, `save` after every step, `finish` to save the pack), so nothing here touches the terminal or
the disk by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeVar, cast

from companion.i18n import N_, NP_, translate

YES: Final = ("", "y", "yes", "o", "oui")  # what saves the pack at the end (Enter included: a last, explicit step)


class Conflict(Protocol):
    @property
    def screen(self) -> str: ...  # the key of the screen where it is fixed

    def text(self, language: str) -> str: ...


class Screen(Protocol):
    @property
    def key(self) -> str: ...

    @property
    def fields(self) -> Sequence[str]: ...


class Walk(Protocol):
    """What the terminal does with a game's walk (the walk the pages drive too)."""

    @property
    def screen(self) -> Screen | None: ...  # None: the end, its summary

    def progress(self) -> tuple[int, int]: ...  # screens answered, screens in all

    def conflicts(self) -> Sequence[Conflict]: ...

    def shown(self, key: str) -> Mapping[str, Any]: ...  # the screen's values offered to Enter

    def blanks(self, key: str) -> Sequence[str]: ...  # its fields that must be typed

    def answer(self, key: str, value: Any) -> None: ...  # raises the game's bad answer

    def skip(self) -> None: ...

    def back(self) -> None: ...

    def goto(self, key: str) -> None: ...


class Refusal(Protocol):
    def text(self, language: str) -> str: ...  # why, in the owner's words


W = TypeVar("W", bound=Walk)
W_contra = TypeVar("W_contra", bound=Walk, contravariant=True)


@dataclass(frozen=True)
class Closing:
    """The end of a walk with nothing unanswered and no problem: what to say, what to ask, and the answers
    beyond save (Enter, y), back (b) and quit (q) that move the walk instead (Xidit's "3": the 3-player tiles)."""

    lines: list[str]
    question: str
    moves: Mapping[str, Callable[[Any], None]] = field(default_factory=dict)


class TerminalWalk(Protocol[W_contra]):
    """A game's words for its walk in the terminal, and what must hold before its pack is saved. Every text
    is in `language`; the lines of a field or a conflict come without their indent (the terminal adds it)."""

    @property
    def bad_answer(self) -> type[Exception]: ...  # a field or an answer refused (a `Refusal`)

    def greeting(self, walk: W_contra, language: str) -> list[str]: ...  # the first lines: what, how far, how

    def heading(self, walk: W_contra, screen: Any, language: str) -> str: ...  # a screen's line

    def label(self, screen: Any, name: str, language: str) -> str: ...  # a field's name

    def offered(self, screen: Any, name: str, value: Any, language: str) -> str: ...  # a value shown

    def parse(self, screen: Any, name: str, typed: str) -> Any: ...  # a typed field (raises `bad_answer`)

    def how_to_type(self, screen: Any, name: str, language: str) -> list[str]: ...  # `?`

    def look(self, screen: Any, name: str, language: str) -> str: ...  # Enter on a blank field

    def refused(self, screen: Any, name: str, why: str, language: str) -> str: ...  # a field typed wrong

    def conflict_lines(self, walk: W_contra, conflicts: Sequence[Any], language: str) -> list[str]: ...

    def news(self, walk: W_contra, screen: Any, before: Sequence[Any], now: Sequence[Any],
             language: str) -> list[str]: ...  # after an answer: the conflicts it is told of (`before`: the last)

    def to_answer(self, walk: W_contra) -> list[str]: ...  # the screens to answer before saving, in order

    def problems(self, walk: W_contra) -> list[Any]: ...  # the conflicts that keep the pack from being saved

    def closing(self, walk: W_contra, language: str) -> Closing: ...


class Quit(Exception):
    """The owner stops (q, or the end of the input): the walk is saved and resumes next time."""


class Move(Exception):
    """The owner left the screen (back, skip) before answering it."""


@dataclass
class Console:
    ask: Callable[[str], str]
    say: Callable[[str], None]
    language: str

    def t(self, message: str | tuple[str, str], **params: object) -> str:
        return translate(self.language, message, params or None)

    def read(self, text: str) -> str:
        try:
            return self.ask(text).strip()
        except EOFError:
            raise Quit from None


def run_walk(walk: W, words: TerminalWalk[W], *, ask: Callable[[str], str], say: Callable[[str], None],
             save: Callable[[W], None], finish: Callable[[W], bool], language: str = "en") -> bool:
    """Asks until the pack is saved (`finish` saved it: True) or the owner quits (False)."""
    io = Console(ask, say, language)
    for line in words.greeting(walk, language):
        say(line)
    seen = walk.conflicts()
    try:
        while True:
            screen = walk.screen
            if screen is None:
                if _at_the_end(walk, words, io) and finish(walk):
                    return True
                save(walk)
                continue
            say("")
            say(words.heading(walk, screen, language))
            for conflict in walk.conflicts():
                if conflict.screen == screen.key:
                    say("  ! " + conflict.text(language))
            try:
                value = _fields(walk, words, screen, io)
            except Move:
                save(walk)
                continue
            try:
                walk.answer(screen.key, value)
            except words.bad_answer as error:
                say("  " + cast(Refusal, error).text(language))
                continue
            now = walk.conflicts()
            for line in words.news(walk, screen, seen, now, language):
                say("  " + line)
            seen = now
            save(walk)
    except Quit:
        save(walk)
        done, total = walk.progress()
        say(io.t(N_("Saved: {done} of {total} screens answered. Run the same command again to go on."),
                 done=done, total=total))
        return False


def _fields(walk: W, words: TerminalWalk[W], screen: Screen, io: Console) -> dict[str, Any]:
    """The screen's fields, one line each: what is shown is taken with Enter, a blank must be typed."""
    language = io.language
    shown = walk.shown(screen.key)
    blanks = set(walk.blanks(screen.key))
    value: dict[str, Any] = {}
    for name in screen.fields:
        while True:
            offered = "?" if name in blanks else words.offered(screen, name, shown.get(name), language)
            typed = io.read(f"  {words.label(screen, name, language)} [{offered}] > ")
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
                for line in words.how_to_type(screen, name, language):
                    io.say("  " + line)
                continue
            if command == "c":
                _list_conflicts(walk, words, walk.conflicts(), io)
                continue
            if typed == "" and name in blanks:
                io.say("  " + words.look(screen, name, language))
                continue
            try:
                value[name] = shown[name] if typed == "" else words.parse(screen, name, typed)
            except words.bad_answer as error:
                io.say("  " + words.refused(screen, name, cast(Refusal, error).text(language), language))
                continue
            break
    return value


def _at_the_end(walk: W, words: TerminalWalk[W], io: Console) -> bool:
    """The summary. True when the owner asks to save the pack and it can be saved."""
    io.say("")
    unanswered = words.to_answer(walk)
    if unanswered:
        io.say(io.t(NP_("{n} screen still unanswered.", "{n} screens still unanswered."), n=len(unanswered)))
        if io.read(io.t(N_("Enter goes to the first one (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(unanswered[0])
        return False
    problems = words.problems(walk)
    if problems:
        _list_conflicts(walk, words, problems, io)
        if io.read(io.t(N_("Enter goes to the first problem (q: save and quit) > "))).lower() == "q":
            raise Quit
        walk.goto(problems[0].screen)
        return False
    closing = words.closing(walk, io.language)
    for line in closing.lines:
        io.say(line)
    typed = io.read(closing.question).lower()
    if typed in closing.moves:
        closing.moves[typed](walk)
        return False
    if typed == "q":
        raise Quit
    if typed == "b":
        walk.back()
        return False
    return typed in YES


def _list_conflicts(walk: W, words: TerminalWalk[W], conflicts: Sequence[Conflict], io: Console) -> None:
    if not conflicts:
        io.say("  " + io.t(N_("No conflict.")))
    for line in words.conflict_lines(walk, conflicts, io.language):
        io.say("  " + line)
