"""A player's box at the table: key events in, frames out, one lock so that keys from a hardware
thread and redraws after a table change never interleave.

A screen whose transfers take time (an OLED on I²C: a whole frame is 23 ms at 400 kHz) takes each frame
in two steps (issue 37): `show` under the lock only posts it, in the order frames are made, and `send`
outside the lock puts the newest posted on the glass. A key then never waits for its box's redraw to be
on the wire, and the newest frame always ends on the glass (the screen's part: hardware/screens.py)."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.table import Command, SeatSnapshot, Table
from companion.table.saving import STILL_SAVING, CannotSave

from .controller import SeatController
from .frame import KEYS, Frame
from .game_parts import BoxMenus

log = logging.getLogger("companion.boxes")


WAIT = 30.0  # seconds a key waits for the table's answer before the box says the table does not answer


def sent(table: Table, command: Command) -> dict[str, Any]:
    """A box's command, answered; a table stuck on a write is said in words, never an error that ends the box."""
    try:
        return table.submit(command).result(timeout=WAIT)
    except TimeoutError:
        raise CannotSave(STILL_SAVING) from None


class Box:
    def __init__(self, seat: int, table: Table, show: Callable[[Frame], object], *,
                 clock: Callable[[], float] | None = None, sleeps: bool = True, menus: BoxMenus | None = None,
                 send: Callable[[bool], object] | None = None) -> None:
        """`show` takes every frame, under the box's lock. With `send`, `show` only posts the frame and
        `send(key)` puts the newest posted on the glass, outside the lock (`key`: a key's frame)."""
        self.seat = seat
        self.table = table
        self._show = show
        self._send = send
        self._sending = 0  # threads in `send`: the glass may not show the newest frame yet
        self._lock = threading.Lock()
        self.controller = SeatController(seat, self._snapshot,
                                         lambda command: sent(table, command), language=lambda: table.language,
                                         clock=clock or time.monotonic, sleeps=sleeps, menus=menus)
        self.connected = True
        self._dirty = False
        self._wake = threading.Event()
        self._drawn = threading.Condition()
        self._closed = threading.Event()
        self._drawer: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def _snapshot(self) -> SeatSnapshot:
        """The seat's snapshot, naming the game the table plays: the box takes that game's menus."""
        snap = self.table.seat_snapshot(self.seat)
        return snap if snap.game else replace(snap, game=self.table.game_key)

    def key(self, key: str, kind: str = "press") -> Frame | None:
        """One key event from the hardware; unknown keys are ignored (a garbled line is not a key)."""
        if key not in KEYS:
            log.info("seat %s: ignored unknown key %r", self.seat, key)
            return None
        with self._lock:
            if self._closed.is_set():
                return None
            frame = self.controller.press(key, kind)
            self._post(frame)
        self._send_posted(key=True)
        if self._drawer is not None:
            # The press is applied and on the glass; a redraw for what the table did meanwhile is the
            # drawing thread's, so the key's caller (the hardware thread) is free for the next key.
            self._wake.set()
        else:
            self._settle()
        return frame

    def refresh(self) -> None:
        """Asks for a redraw after a change at the table. Never waits and never draws here: the box's
        own drawing thread does it, so the table's loop is never held up by a box."""
        if self._closed.is_set():
            return
        self._dirty = True
        self._wake.set()

    def _draw_when_asked(self) -> None:
        failing = False
        while not self._closed.is_set():
            self._wake.wait()
            self._wake.clear()
            if self._closed.is_set():
                break
            try:
                self._settle()
                failing = False
            except Exception:  # a screen that failed may take the next change: this thread must live on
                if not failing:
                    log.exception("seat %s: drawing failed; the next change draws again", self.seat)
                failing = True

    def close(self) -> None:
        self._closed.set()
        self._wake.set()
        if self._drawer is not None:
            self._drawer.join(2)
            self._drawer = None
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _settle(self) -> None:
        try:
            while self._dirty and self._lock.acquire(blocking=False):
                try:
                    self._dirty = False
                    if self._closed.is_set():
                        break  # the farewell is on the glass: nothing draws over it
                    self._post(self.controller.frame())
                finally:
                    self._lock.release()
                self._send_posted(key=False)
        finally:
            with self._drawn:
                self._drawn.notify_all()

    def settled(self, timeout: float) -> bool:
        """Waits until the screen shows the table's latest state (for tests and a clean shutdown)."""
        with self._drawn:
            return self._drawn.wait_for(lambda: not self._dirty and not self._lock.locked() and not self._sending,
                                        timeout)

    def _post(self, frame: Frame) -> None:
        """Under the box's lock: the screen takes the frame; with `send`, it is on its way from here on
        (counted before the lock goes, so that `settled` never sees a frame made and not yet sent)."""
        self._show(frame)
        if self._send is not None:
            with self._drawn:
                self._sending += 1

    def _send_posted(self, key: bool) -> None:
        """Outside the box's lock: the newest frame posted to the glass (the frame just posted or a newer one)."""
        if self._send is None:
            return
        try:
            self._send(key)
        finally:
            with self._drawn:
                self._sending -= 1
                self._drawn.notify_all()

    def show_final(self, frame: Frame) -> None:
        """The last picture before the power goes: keys are no longer taken."""
        with self._lock:
            self._closed.set()  # a late key or table change must not draw over it
            self._post(frame)
        self._send_posted(key=False)
        self._wake.set()  # the drawing thread ends

    def attach(self) -> Callable[[], None]:
        """Follows the table: every published change redraws this box (on the box's drawing thread)."""
        if self._drawer is None:
            self._drawer = threading.Thread(target=self._draw_when_asked, name=f"box-{self.seat}-draw", daemon=True)
            self._drawer.start()
        self._unsubscribe = self.table.watch(lambda version: self.refresh())
        self._dirty = True
        self._settle()
        return self.close
