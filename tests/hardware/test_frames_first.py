"""Issue 37: a key's frame reaches the glass without waiting for the box's own redraw to be sent (a frame
is made under the box's lock, sent outside it, the newest replacing one not sent yet), and before other
screens' redraws on a shared I²C bus. Nothing is lost or torn: the last frame is always the glass's."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1306

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import pages
from companion.table import Table
from hardware.bus_turns import BusTurns
from hardware.events import Key
from hardware.hardware_box import HardwareBox
from hardware.pinout import default_pins
from hardware.screens import Screen
from tests.table.support import new_table

from .glass import GlassBus, oled

WAIT = 10.0


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = new_table(tmp_path / "frames.db", players=3, seed=7)
    t.start()
    yield t
    t.stop()


class HeldGlass:
    """A box's `show` that a test can hold in the middle of a transfer; counts the senders at once."""

    def __init__(self) -> None:
        self.shown: list[Frame] = []
        self.hold = threading.Event()  # while set, the next transfer stops half-way until `release`
        self.release = threading.Event()
        self.holding = threading.Event()  # a transfer is held
        self._lock = threading.Lock()
        self.sending = 0
        self.most_at_once = 0

    def show(self, frame: Frame) -> None:
        with self._lock:
            self.sending += 1
            self.most_at_once = max(self.most_at_once, self.sending)
            held = self.hold.is_set()
            self.hold.clear()
        if held:
            self.holding.set()
            assert self.release.wait(WAIT)
        with self._lock:
            self.shown.append(frame)
            self.sending -= 1


def counting_presses(box: Box) -> threading.Semaphore:
    """A semaphore released each time the box's controller has taken a key (its frame made)."""
    taken = threading.Semaphore(0)
    press = box.controller.press

    def counted(key: str, kind: str = "press") -> Frame:
        frame = press(key, kind)
        taken.release()
        return frame

    box.controller.press = counted  # type: ignore[method-assign]
    return taken


def test_a_key_is_taken_while_the_box_still_sends_a_redraw_and_its_frame_comes_last(table: Table) -> None:
    glass = HeldGlass()
    box = Box(1, table, glass.show)
    box.attach()
    try:
        assert box.settled(WAIT)
        taken = counting_presses(box)
        glass.hold.set()
        box.refresh()  # a change at the table: the drawing thread sends a redraw, held half-way
        assert glass.holding.wait(WAIT)
        made: list[Frame | None] = []
        key = threading.Thread(target=lambda: made.append(box.key("DOWN")))
        key.start()
        assert taken.acquire(timeout=WAIT)  # the key's frame is made while the redraw is on the wire
        assert box.newer_waiting()
        glass.release.set()
        key.join(WAIT)
        assert made and made[0] is not None
        assert box.settled(WAIT)
        assert glass.shown[-1] == made[0] == box.controller.frame()  # the key's frame, whole, is the last
        assert glass.most_at_once == 1  # one transfer at a time: no frame torn by another
    finally:
        glass.release.set()
        box.close()


def test_of_two_frames_waiting_only_the_newest_is_sent(table: Table) -> None:
    glass = HeldGlass()
    box = Box(1, table, glass.show)
    box.attach()
    try:
        assert box.settled(WAIT)
        taken = counting_presses(box)
        glass.hold.set()
        box.refresh()
        assert glass.holding.wait(WAIT)
        redraw = box.controller.frame()
        made: list[Frame | None] = []
        first = threading.Thread(target=lambda: made.append(box.key("DOWN")))
        first.start()
        assert taken.acquire(timeout=WAIT)
        second = threading.Thread(target=lambda: made.append(box.key("DOWN")))
        second.start()
        assert taken.acquire(timeout=WAIT)  # both keys taken, neither frame sent: the redraw holds the wire
        glass.release.set()
        first.join(WAIT)
        second.join(WAIT)
        assert box.settled(WAIT)
        older, newest = made  # both key() calls returned: each frame sent or replaced by a newer one
        assert older is not None and newest is not None and len({redraw, older, newest}) == 3
        assert older not in glass.shown and glass.shown[-1] == newest == box.controller.frame()
        assert glass.most_at_once == 1
    finally:
        glass.release.set()
        box.close()


def test_a_keys_turn_on_the_bus_comes_before_a_redraw_that_asked_earlier() -> None:
    bus = BusTurns()
    order: list[str] = []
    release = threading.Event()
    holding = threading.Event()

    def send(name: str, first: bool, wait: threading.Event | None = None) -> None:
        with bus.first_frame() if first else nullcontext(), bus.turn(first=first):
            order.append(name)
            if wait is not None:
                holding.set()
                assert wait.wait(WAIT)

    other = threading.Thread(target=send, args=("other screen's page", False, release))
    other.start()
    assert holding.wait(WAIT)
    redraw = threading.Thread(target=send, args=("redraw", False))
    redraw.start()
    assert bus.until_waiting(1, WAIT)
    key = threading.Thread(target=send, args=("key", True))
    key.start()
    assert bus.until_waiting(2, WAIT)
    release.set()
    for thread in (other, redraw, key):
        thread.join(WAIT)
    assert order == ["other screen's page", "key", "redraw"]


def frame(title: str) -> Frame:
    return Frame("program", title, ("a line", title), slots=("red", None, "blue", None, None, "green"), slot=2)


def test_a_frame_stops_between_pages_for_a_newer_one_and_the_glass_ends_whole() -> None:
    device, glass = oled()
    screen = Screen(device)
    before, replaced, newest = frame("Year 1 - blue"), Frame("menu", "Census", ("count 3", "bards 2")), frame("x")
    assert screen.show(before)
    pages_before = len(glass.transfers)
    # A newer frame comes once the first page of this one is out: the rest of it is not sent.
    screen.superseded = lambda: len(glass.transfers) > pages_before
    assert not screen.show(replaced)
    assert len(glass.transfers) == pages_before + 1
    assert bytes(glass.memory) not in (b"".join(pages(image(before))), b"".join(pages(image(replaced))))
    screen.superseded = lambda: False
    assert screen.show(newest)
    assert bytes(glass.memory) == b"".join(pages(image(newest)))  # whole, from what had landed
    assert screen.shown == newest


class SharedWire(GlassBus):
    """One screen's end of an I²C bus shared with another: logs whose data went when, and can hold a
    transfer half-way as a long redraw holds the bus."""

    def __init__(self, name: str, log: list[str]) -> None:
        super().__init__()
        self.name, self.log = name, log
        self.hold, self.release, self.holding = threading.Event(), threading.Event(), threading.Event()

    def data(self, data: list[int]) -> None:
        self.log.append(self.name)
        if self.hold.is_set():
            self.hold.clear()
            self.holding.set()
            assert self.release.wait(WAIT)
        super().data(data)


def test_a_keys_frame_goes_before_the_rest_of_another_screens_redraw_on_the_same_bus(table: Table) -> None:
    factory = MockFactory()
    bus, log = BusTurns(), list[str]()
    wire_1, wire_2 = SharedWire("seat 1", log), SharedWire("seat 2", log)
    screen_2 = Screen(ssd1306(serial_interface=wire_2), bus=bus)
    boxes = [HardwareBox(1, "gpio:0", table, screen=Screen(ssd1306(serial_interface=wire_1), bus=bus),
                         pin_factory=factory),
             HardwareBox(2, "gpio:1", table, screen=screen_2, pin_factory=factory)]
    try:
        assert all(hardware.box.settled(WAIT) for hardware in boxes)
        log.clear()
        wire_2.hold.set()
        redraw = threading.Thread(target=screen_2.show, args=(Frame("menu", "Census", ("count 3", "bards 2")),))
        redraw.start()  # seat 2's screen redraws most of its glass, its first page held on the wire
        assert wire_2.holding.wait(WAIT)
        pin = factory.pin(default_pins(0)[Key.DOWN])
        pin.drive_low()
        pin.drive_high()
        assert bus.until_waiting(1, WAIT)  # seat 1's key frame asks for the bus
        wire_2.release.set()
        assert boxes[0].wait_handled(1, WAIT)
        redraw.join(WAIT)
        first_of_seat_1 = log.index("seat 1")
        assert log[:first_of_seat_1] == ["seat 2"]  # only the page already on the wire went before
        last_of_seat_1 = len(log) - 1 - log[::-1].index("seat 1")
        assert set(log[first_of_seat_1:last_of_seat_1 + 1]) == {"seat 1"}  # the key's frame, page after page
        assert log.count("seat 2") > 2  # and the redraw went on after it
        assert bytes(wire_1.memory) == b"".join(pages(image(boxes[0].box.controller.frame())))
    finally:
        wire_2.release.set()
        for hardware in boxes:
            hardware.close()
        factory.reset()


def test_keys_from_many_threads_and_table_changes_leave_the_last_frame_on_the_glass(table: Table) -> None:
    glass = HeldGlass()
    box = Box(1, table, glass.show)
    box.attach()
    go = threading.Barrier(4)

    def keys(key: str) -> None:
        go.wait(WAIT)
        for _ in range(25):
            box.key(key)
            box.refresh()

    threads = [threading.Thread(target=keys, args=(key,)) for key in ("DOWN", "UP", "RIGHT", "LEFT")]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(WAIT)
        assert not any(thread.is_alive() for thread in threads)  # nobody is stuck: no deadlock
        assert box.settled(WAIT)
        assert glass.shown[-1] == box.controller.frame()  # the last frame made is the glass's
        assert glass.most_at_once == 1  # one transfer at a time: no frame torn by another
    finally:
        box.close()
