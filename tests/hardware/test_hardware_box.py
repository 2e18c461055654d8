"""A GPIO box at the table: its screen outlives device errors, its last picture stays on the glass, and
no box ever waits for another one's key."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import pages
from companion.table import Table
from hardware.events import Key
from hardware.hardware_box import HardwareBox
from hardware.pinout import default_pins
from hardware.screens import Screen
from tests.table.support import new_table

from .glass import oled


class WatchedScreen(Screen):
    """A screen a test can wait on: notified after every attempt to draw, retries included."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.attempted = threading.Condition()

    def flush(self, key: bool = False) -> bool:
        done = super().flush(key)
        with self.attempted:
            self.attempted.notify_all()
        return done

    def wait_until_showing(self, frame: Frame, timeout: float = 5.0) -> bool:
        with self.attempted:
            return self.attempted.wait_for(lambda: self.shown == frame, timeout)


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = new_table(tmp_path / "boxes.db", players=3, seed=7)
    t.start()
    yield t
    t.stop()


def press(factory: MockFactory, box: int, key: Key) -> None:
    pin = factory.pin(default_pins(box)[key])
    pin.drive_low()
    pin.drive_high()


def test_a_screen_that_fails_recovers_with_the_whole_frame_and_says_so_once(
        factory: MockFactory, table: Table, caplog: pytest.LogCaptureFixture) -> None:
    device, bus = oled()
    screen = WatchedScreen(device, name="seat 1's screen", retry_first=0.01, retry_at_most=0.04)
    hardware = HardwareBox(1, "gpio:0", table, screen=screen, pin_factory=factory)
    try:
        assert hardware.box.settled(5)
        assert screen.wait_until_showing(hardware.box.controller.frame())
        bus.fail_next(4)  # the key's partial update and three retries fail, half-sent
        caplog.set_level(logging.INFO, logger="companion.hardware")
        press(factory, 0, Key.DOWN)
        assert hardware.wait_handled(1, 5)
        wanted = hardware.box.controller.frame()
        assert screen.wait_until_showing(wanted)
        assert bytes(bus.memory) == b"".join(pages(image(wanted)))  # the glass shows it, whole
        assert bus.transfers[-1] == 1024  # after an error the controller's memory is unknown: all of it again
        warnings = [r for r in caplog.records if "did not take a frame" in r.getMessage()]
        assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
        assert any("answers again after 4 failed attempt(s)" in r.getMessage() for r in caplog.records)
        press(factory, 0, Key.DOWN)  # and the next key is a partial update again
        assert hardware.wait_handled(2, 5)
        assert screen.wait_until_showing(hardware.box.controller.frame())
        assert bus.transfers[-1] < 1024
    finally:
        hardware.close()


def test_a_new_frame_replaces_the_one_still_being_retried(factory: MockFactory, table: Table) -> None:
    device, bus = oled()
    screen = WatchedScreen(device, retry_first=30, retry_at_most=30)  # the retry would come far too late
    hardware = HardwareBox(1, "gpio:0", table, screen=screen, pin_factory=factory)
    try:
        assert hardware.box.settled(5)
        bus.fail_next(1)
        press(factory, 0, Key.DOWN)
        assert hardware.wait_handled(1, 5)
        press(factory, 0, Key.DOWN)  # the next key's frame goes through at once, whole
        assert hardware.wait_handled(2, 5)
        wanted = hardware.box.controller.frame()
        assert screen.wait_until_showing(wanted)
        assert bytes(bus.memory) == b"".join(pages(image(wanted)))
        assert screen.failures == 0
    finally:
        hardware.close()


def test_the_drawing_thread_lives_on_after_any_error(table: Table, caplog: pytest.LogCaptureFixture) -> None:
    shown: list[Frame] = []
    explode = threading.Event()

    def show(frame: Frame) -> None:
        if explode.is_set():
            explode.clear()
            raise ValueError("a driver bug")
        shown.append(frame)

    box = Box(1, table, show)
    box.attach()
    try:
        assert box.settled(5)
        explode.set()
        box.refresh()  # as after a change at the table: drawn on the box's drawing thread, which fails
        assert box.settled(5) and not explode.is_set()
        before = len(shown)
        box.refresh()
        assert box.settled(5) and len(shown) == before + 1  # the same thread drew the next change
        assert [r.levelno for r in caplog.records if "drawing failed" in r.getMessage()] == [logging.ERROR]
    finally:
        box.close()


def test_the_farewell_stays_on_the_glass_when_the_program_ends(factory: MockFactory, table: Table) -> None:
    device = dummy(width=128, height=64, mode="1")
    hardware = HardwareBox(1, "gpio:0", table, screen=device, pin_factory=factory)
    assert hardware.box.settled(5)
    farewell = Frame("message", "Game saved", ("Safe to unplug.",))
    hardware.box.show_final(farewell)
    press(factory, 0, Key.DOWN)  # a key or a table change after the farewell draws nothing over it
    hardware.box.refresh()
    assert hardware.wait_handled(1, 5) and hardware.box.settled(5)
    hardware.close()
    device.cleanup()  # what luma's exit hook does
    assert device.persist
    assert device.image.tobytes() == image(farewell).convert("1").tobytes()


class Gate(dummy):  # type: ignore[misc]
    """A screen whose next drawing blocks until the test opens the gate: a slow key's handling."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.armed = False
        self.entered = threading.Event()
        self.opened = threading.Event()

    def display(self, picture: object) -> None:
        if self.armed:
            self.armed = False
            self.entered.set()
            self.opened.wait(30)
        super().display(picture)


def test_a_box_stuck_on_a_key_does_not_hold_up_another_box(factory: MockFactory, table: Table) -> None:
    gate = Gate()
    stuck = HardwareBox(1, "gpio:0", table, screen=gate, pin_factory=factory)
    free = HardwareBox(2, "gpio:1", table, screen=dummy(width=128, height=64, mode="1"), pin_factory=factory)
    try:
        assert stuck.box.settled(5) and free.box.settled(5)
        gate.armed = True
        # gpiozero's mock pins deliver the edge on the thread that drives the pin, as lgpio delivers every
        # edge of the Pi on its one thread: the edge must only queue the key.
        edge = threading.Thread(target=press, args=(factory, 0, Key.DOWN))
        edge.start()
        edge.join(5)
        assert not edge.is_alive(), "the GPIO edge waited for the key's handling"
        assert gate.entered.wait(5)  # box 1 is now inside its key's drawing, and stays there
        factory.pin(default_pins(0)[Key.UP]).drive_low()  # box 1's player holds a key meanwhile
        press(factory, 1, Key.DOWN)
        press(factory, 1, Key.DOWN)
        assert free.wait_handled(2, 5)
        assert stuck.handled == 0 and not gate.opened.is_set()
        factory.pin(default_pins(0)[Key.UP]).drive_high()
        gate.opened.set()
        assert stuck.wait_handled(2, 5)  # its keys were kept, in order
    finally:
        gate.opened.set()
        free.close()
        stuck.close()



class Timer:
    """The screen's timer, run by the test: what is due waits until `fire`."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, delay: float, action: Callable[[], None]) -> Timer:
        self.waiting.append((delay, action))
        return self

    def cancel(self) -> None:
        self.waiting.clear()

    def fire(self) -> None:
        due, self.waiting = self.waiting, []
        for _, action in due:
            action()


def test_keys_work_while_the_screen_does_not_answer_and_it_shows_the_current_frame_once_it_does(
        factory: MockFactory, table: Table, caplog: pytest.LogCaptureFixture) -> None:
    device, bus = oled()
    answers = threading.Event()

    def opener() -> object:
        if not answers.is_set():
            raise DeviceNotFoundError("I2C device not found on address: 0x3C")
        return device

    timer = Timer()
    caplog.set_level(logging.INFO, logger="companion.hardware")
    screen = WatchedScreen(opener=opener, name="seat 1's screen", timer=timer)
    hardware = HardwareBox(1, "gpio:0", table, screen=screen, pin_factory=factory)
    try:
        assert hardware.box.settled(5)
        first = hardware.box.controller.frame()
        press(factory, 0, Key.DOWN)  # the keys act with no screen to show it
        assert hardware.wait_handled(1, 5) and hardware.box.settled(5)
        wanted = hardware.box.controller.frame()
        assert wanted != first and screen.shown is None and not screen.answering
        assert [delay for delay, _ in timer.waiting] == [5.0]  # tried again every few seconds
        timer.fire()
        assert screen.shown is None and len(timer.waiting) == 1  # still nothing there: tried again later
        answers.set()
        timer.fire()
        assert screen.answering and screen.shown == wanted and timer.waiting == []
        assert bytes(bus.memory) == b"".join(pages(image(wanted)))  # the box's current frame, whole
        press(factory, 0, Key.DOWN)  # and from then on the screen follows the keys
        assert hardware.wait_handled(2, 5) and hardware.box.settled(5)
        assert screen.wait_until_showing(hardware.box.controller.frame())
        messages = [(r.levelno, r.getMessage()) for r in caplog.records if "seat 1's screen" in r.getMessage()]
        assert messages == [
            (logging.WARNING, "seat 1's screen: the screen does not answer (I2C device not found on address: "
                              "0x3C); its keys work, trying it again every 5 s"),
            (logging.INFO, "seat 1's screen: the screen answers now, after 2 attempt(s)")]
    finally:
        hardware.close()


def test_the_table_opens_a_box_whose_screen_does_not_answer_with_its_keys(tmp_path: Path) -> None:
    """At start-up (companion run): no screen on this bus, the box is opened all the same and its keys act."""
    from companion.config import PlayerConfig, simulated
    from companion.run import open_hardware

    previous = Device.pin_factory
    Device.pin_factory = factory = MockFactory()
    table = new_table(tmp_path / "late.db", players=3, seed=7)
    table.start()
    players = (PlayerConfig(1, "blue", box="gpio:0", screen="ssd1306:99:0x3C"), *simulated().players[1:3])
    boxes = open_hardware(replace(simulated(), players=players), table)
    try:
        assert [box.seat for box in boxes] == [1] and not boxes[0].screen.answering
        assert boxes[0].box.settled(5)
        before = boxes[0].box.controller.frame()
        press(factory, 0, Key.DOWN)
        assert boxes[0].wait_handled(1, 5) and boxes[0].box.settled(5)
        assert boxes[0].box.controller.frame() != before
    finally:
        for box in boxes:
            box.close()
        table.stop()
        factory.reset()
        Device.pin_factory = previous
