"""One player's box: six keys drive the menus of the game's decisions; every change goes to the table as a
command and is shown only once the table has stored it.

This is the box's shell, the same for every game: the keys, the pages, sleep, notices and the table's own
screens. The game's part (`game_parts.BoxMenus`, the game module's `boxes`) says the words and hands one
editor per decision (`game_parts.DecisionEditor`).

Pages: LEFT/RIGHT turn between the status page, the main page, the player's instructions and the seat's
link, round and round (an editor may keep LEFT/RIGHT for a value: Xidit's program keeps them but for LEFT on
a set first slot). On the main page the decision's editor takes the keys; on the other pages UP/DOWN scroll
the text and OK or BACK go back to the main page (OK on the instructions says their step is done).

Key events: a press is a press. A held key does more only where that is defined: UP and DOWN repeat in
lists and counters, and an editor may give a held key a meaning (Xidit: BACK held clears the program being
entered, and the screen says so). Every other hold and repeat is ignored, and so is one whose key was
pressed on another screen.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core import registry
from companion.i18n import N_, translate
from companion.table import Acknowledge, Command, Refused, SeatSnapshot, SeenReveal

from . import painters
from .frame import Frame
from .game_parts import BoxMenus, DecisionEditor, Screen, SeatMenus
from .generic import GenericBoxes
from .text import TEXT_ROWS, wrap

PAGES = ("status", "main", "instructions", "link")
DIM_AFTER = 180.0  # seconds without a key before the screen dims, then blanks (OLED burn-in)
BLANK_AFTER = 600.0
PRESS, HOLD, REPEAT = "press", "hold", "repeat"


class SeatController:
    def __init__(self, seat: int, snapshot: Callable[[], SeatSnapshot], submit: Callable[[Command], Any],
                 *, language: Callable[[], str] = lambda: "en", clock: Callable[[], float] = time.monotonic,
                 sleeps: bool = True, menus: BoxMenus | None = None) -> None:
        self.seat = seat
        self._snapshot = snapshot
        self._submit = submit
        self._language = language
        self._clock = clock
        self.page = "main"
        self.top = 0  # the first line shown of a page of text
        self.notice = ""
        # The game's part: given by whoever builds the box, or the game the table plays, from the registry.
        self._given = menus
        self._game: str | None = None
        self._boxes: BoxMenus | None = None
        self.menus: SeatMenus | None = None  # this seat's menus in the game's part
        self.editor: DecisionEditor | None = None  # the decision on the main page, if any
        self._decisions = 0  # how many editors this box has had: a new one is a new screen
        self._pressed: tuple[Any, ...] | None = None  # the last press and the screen it was pressed on
        self.link: Callable[[], str | None] = lambda: None  # the seat's secret link, set by the web
        self._last_key = clock()
        # An OLED dims then blanks when no key is pressed (burn-in); a phone's box view never does: it is
        # drawn whenever it is opened, and its screen sleeps by itself.
        self._sleeps = sleeps

    # -- keys --------------------------------------------------------------------------------------

    def press(self, key: str, kind: str = PRESS) -> Frame:
        """Handles one key event ("press", "hold" or "repeat") and returns the frame to show after it."""
        now = self._clock()
        asleep = self._sleeps and now - self._last_key >= DIM_AFTER
        self._last_key = now
        if asleep:
            self._pressed = None  # the key that wakes the screen does nothing else, held or not
            return self.frame()
        snap = self._snapshot()
        editor = self._sync(snap)
        screen = (self._decisions, self.page, editor.stage if editor else "", snap.locked)
        if kind == PRESS:
            self._pressed = (key, screen)
        elif self._pressed != (key, screen):
            return self.frame()
        else:
            held = editor.hold(key, kind, snap) if editor is not None and self.page == "main" else None
            if held is not None:
                if held.notice is not None:
                    self.notice = held.notice
                self._submit_all(held.commands)
                return self.frame()
            if key not in ("UP", "DOWN"):
                return self.frame()
        self.notice = ""
        reveal = self._reveal(snap) if self.page == "main" else None
        if reveal is not None and key in ("OK", "BACK", "UP", "DOWN"):  # what the game shows this seat comes first
            if key == "OK":
                self._submit_all([SeenReveal(str(reveal["key"]), by=f"seat:{self.seat}")])
            elif key != "BACK":
                self.top = max(0, self.top + (1 if key == "DOWN" else -1))
            return self.frame()
        if reveal is not None and key in ("LEFT", "RIGHT"):
            self._turn(1 if key == "RIGHT" else -1)
            return self.frame()
        if key in ("LEFT", "RIGHT") and self._turns_page(key, snap, editor):
            self._turn(1 if key == "RIGHT" else -1)
            return self.frame()
        if self.page != "main" or editor is None:
            if key in ("UP", "DOWN"):
                self.top = max(0, self.top + (1 if key == "DOWN" else -1))  # the frame stops it at the end
            elif key in ("OK", "BACK") and self.page != "main":
                if key == "OK" and self.page == "instructions":
                    self._step_done(snap)
                self._turn_to("main")
            return self.frame()
        try:
            result = editor.press(key, snap, self._t)
        except Refused as refused:  # refused by the box itself, as the table would
            self.notice = refused.sentence
            return self.frame()
        if result.notice is not None:
            self.notice = result.notice
        if result.previous_page:
            self._turn(-1)
        self._submit_all(result.commands)
        return self.frame()

    def keys_for(self, target: Any, six_keys: bool) -> list[str]:
        """The fewest presses that enter `target` (the game's action) on the decision now on this box, as
        it first came ([] when nothing is asked): what the key-level players press."""
        snap = self._snapshot()
        self.frame()  # the box takes in the decision, and its defaults, as its screen does
        if self.editor is None:
            return []
        # OK reads each thing the game shows this seat first: the decision's screen comes after them.
        shown = self._reveal(snap) is not None and self.page == "main"
        unread = len(snap.view.get("table", {}).get("reveals") or ()) if shown else 0
        return ["OK"] * unread + self.editor.keys_for(target, snap, six_keys)

    @staticmethod
    def _reveal(snap: SeatSnapshot) -> dict[str, Any] | None:
        """The oldest thing the game shows this seat (companion/table/reveals.py) that it has not read, while
        the game goes on (its end takes the screen; the pages still show what was not read)."""
        table = snap.view.get("table", {})
        shown = table.get("reveals") or ()
        return dict(shown[0]) if shown and not table.get("result") else None

    def _step_done(self, snap: SeatSnapshot) -> None:
        """OK on the instructions page: the table's current step is done, as Done on the table view says."""
        table = snap.view.get("table", {})
        done, steps = table.get("acknowledged", 0), table.get("steps_total", 0)
        if done < steps:
            self._submit_all([Acknowledge(done + 1)])

    def _submit_all(self, commands: list[Command]) -> None:
        try:
            for command in commands:
                self._submit(command)
        except Refused as refused:
            self.notice = refused.sentence

    def _pages(self) -> tuple[str, ...]:
        # The last page shows the seat's secret link as a QR code, when the table serves phones.
        return PAGES if self.link() else PAGES[:-1]

    def _turn(self, step: int) -> None:
        pages = self._pages()
        index = pages.index(self.page) if self.page in pages else 1
        self._turn_to(pages[(index + step) % len(pages)])

    def _turn_to(self, page: str) -> None:
        self.page, self.top = page, 0

    def _turns_page(self, key: str, snap: SeatSnapshot, editor: DecisionEditor | None) -> bool:
        if self.page != "main" or editor is None:
            return True
        return editor.turns_page(key, snap)  # in an editor LEFT/RIGHT may change a value

    @staticmethod
    def _game_key(snap: SeatSnapshot) -> str:
        return str(getattr(snap, "game", None) or registry.DEFAULT)

    def _game_part(self, snap: SeatSnapshot) -> BoxMenus:
        """The game's part: the one given, or that of the game the table plays (a new game may be another)."""
        if self._given is not None:
            boxes = self._given
        else:
            game = self._game_key(snap)
            if self._boxes is not None and game == self._game:
                return self._boxes
            module = registry.load(game)
            # A game with no box part of its own plays on the framework's generic one.
            self._game, boxes = game, module.boxes if module.boxes is not None else GenericBoxes(module)
        if boxes is not self._boxes or self.menus is None:
            self._boxes, self.menus = boxes, boxes.for_seat(self.seat)
            painters.learn(boxes.painters)  # the screens of this box draw the game's own frame kinds
        return boxes

    def _sync(self, snap: SeatSnapshot) -> DecisionEditor | None:
        """The game's editor for what is asked now; a new decision starts at the top of the screen."""
        self._game_part(snap)
        assert self.menus is not None
        editor = self.menus.editor(snap)
        if editor is not self.editor:
            self.editor, self.top = editor, 0
            self._decisions += 1
        return editor

    # -- the screen --------------------------------------------------------------------------------

    def frame(self) -> Frame:
        idle = self._clock() - self._last_key if self._sleeps else 0.0
        if idle >= BLANK_AFTER:
            return Frame("blank", "")
        frame = self._frame(self._snapshot())
        if idle >= DIM_AFTER:
            return replace(frame, dim=True)
        return frame

    def _t(self, message: str | tuple[str, str], params: dict[str, Any] | None = None) -> str:
        return translate(self._language(), message, params)

    def _text(self, title: str, lines: tuple[str, ...], page: str) -> Frame:
        """A page of text: wrapped to the glass, scrolled by UP/DOWN."""
        wrapped = wrap(lines)
        self.top = max(0, min(self.top, len(wrapped) - TEXT_ROWS))
        return Frame("message", title, wrapped, top=self.top, page=page)

    def _frame(self, snap: SeatSnapshot) -> Frame:
        view = snap.view
        editor = self._sync(snap)
        boxes = self._game_part(snap)
        pages = self._pages()
        page = f"{pages.index(self.page) + 1}/{len(pages)}" if self.page in pages else ""
        if snap.envelope is not None and snap.envelope.progress is None:  # the table has no game yet
            title = registry.load(self._game_key(snap)).title
            return self._text(self._t(title), (self._t(N_("Waiting for the referee")),
                                               self._t(N_("to start a game."))), "")
        saving = view.get("table", {}).get("saving")
        if saving and self.page == "main":  # the store cannot be written: the words and what to do, first
            return self._text(self._t(N_("The table cannot save")), (saving["problem"],), page)
        title = boxes.title(snap, self.seat, self._t)
        if self.page == "status":
            status, lines = boxes.status(snap, self.seat, self._t)
            return self._text(status, lines, page)
        if self.page == "link":
            return Frame("qr", self._t(N_("Play on a phone")), (self.link() or "",), page=page)
        if self.page == "instructions":
            # Newest first: what was just asked is what the player looks for.
            mine = [i["text"] for i in view["table"]["instructions"] if i["seat"] == self.seat and i["physical"]]
            return self._text(self._t(N_("For you to do")), tuple(reversed(mine)) or (self._t(N_("Nothing.")),),
                              page)
        result = boxes.result(snap, self.seat, self._t)
        if result is not None:
            # Why it ended, in the game's words, when its Result says (any game's box part or the generic one)
            reason = (view.get("table", {}).get("result") or {}).get("reason")
            return self._text(self._t(N_("Game over")), result + ((reason,) if reason else ()), page)
        reveal = self._reveal(snap) if self.page == "main" else None
        if reveal is not None:  # shown until the seat reads it (OK), before its decision (the end comes first)
            return self._text(self._t(N_("Shown to you")), (str(reveal["text"]), self._t(N_("OK: read"))), page)
        notice = (self.notice,) if self.notice else ()
        if editor is not None:
            frame = editor.frame(snap, Screen(self._t, title, page, self.notice))
            return self._text(frame.title, frame.lines, frame.page) if frame.kind == "message" else frame
        held = view.get("table", {}).get("waiting")
        if held:  # pace "wait for the table": the game waits for a step to be done, and says which
            return self._text(title, (held["text"],) + notice, page)
        return self._text(title, boxes.waiting(snap, self.seat, self._t) + notice, page)
