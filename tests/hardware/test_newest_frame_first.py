"""Issue 37: a key's frame reaches the glass without waiting for a redraw. A box makes its frames under its
lock and sends them outside it, the newest posted winning between two pages; on an I²C bus shared with
another screen, a key's frame goes before the rest of that screen's redraw. Nothing is lost or torn: the
glass always ends showing the last frame made, whole.

Every test holds a transfer on its wire until the test has seen what it waits for (events, never a
sleep), so each order asserted is the only one possible."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory
from luma.oled.device import ssd1306

from companion.boxes.box import Box
from companion.boxes.drawing import image
from companion.boxes.frame import Frame
from companion.boxes.glass import pages
from companion.table import BoxStatus, Table
from hardware.events import Key
from hardware.firmware import xidit_protocol as proto
from hardware.hardware_box import HardwareBox
from hardware.pinout import default_pins
from hardware.screens import Screen
from hardware.shared_bus import SharedBus
from tests.table.support import new_table

from .glass import GlassBus

WAIT = 10.0


def glass_of(frame: Frame) -> bytes:
    return b"".join(pages(image(frame)))


def menu(title: str, *lines: str, cursor: int = 0) -> Frame:
    return Frame("list", title, lines, cursor=cursor)


class HeldWire(GlassBus):
    """An SSD1306's end of the bus that a test can hold in the middle of a data transfer (as a long page
    holds the bus); `log` names the wire of every data transfer, in the order they went."""

    def __init__(self, name: str = "", log: list[str] | None = None) -> None:
        super().__init__()
        self.name, self.log = name, log if log is not None else []
        self._hold = False
        self.holding, self.release = threading.Event(), threading.Event()

    def hold_next(self) -> None:
        self._hold, self.release = True, threading.Event()
        self.holding.clear()

    def data(self, data: list[int]) -> None:
        if self._hold:
            self._hold = False
            self.holding.set()
            assert self.release.wait(WAIT)
        self.log.append(self.name)
        super().data(data)


class WatchedBus(SharedBus):
    """A shared bus that tells when a key's frame starts on its way."""

    def __init__(self) -> None:
        super().__init__()
        self.key_frame_started = threading.Event()

    @contextmanager
    def key_frame(self, screen: object) -> Iterator[None]:
        with super().key_frame(screen):
            self.key_frame_started.set()
            yield


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    t = new_table(tmp_path / "frames.db", players=3, seed=7)
    t.start()
    yield t
    t.stop()


def test_a_frame_stops_between_pages_for_a_newer_one_and_the_glass_ends_whole() -> None:
    wire = HeldWire()
    screen = Screen(ssd1306(serial_interface=wire))
    before = menu("Year 1 - blue", "wealth 7", "influence 5", "fame 4")
    replaced = menu("Census", "count 3", "bards 2", "floor 1", cursor=2)
    newest = menu("Reward", "gold", "bards", cursor=1)
    assert screen.show(before)
    wire.transfers.clear()
    wire.hold_next()
    sender = threading.Thread(target=screen.show, args=(replaced,))
    sender.start()
    assert wire.holding.wait(WAIT)  # the first page of `replaced` is on the wire
    screen.post(newest)
    wire.release.set()
    sender.join(WAIT)
    assert not sender.is_alive()
    assert screen.shown == newest and bytes(wire.memory) == glass_of(newest)  # whole, from what had landed
    # Only the page that was on the wire went of the replaced frame; the newest went against it.
    page, x0, data = proto.diff_runs(glass_of(before), glass_of(replaced))[0]
    landed = bytearray(glass_of(before))
    proto.apply_run(landed, page, x0, data)
    assert len(wire.transfers) == 1 + len(proto.diff_runs(bytes(landed), glass_of(newest)))


def test_a_key_is_taken_while_its_box_still_sends_a_frame_and_the_newest_ends_on_the_glass(table: Table) -> None:
    wire = HeldWire()
    screen = Screen(ssd1306(serial_interface=wire))
    posted = {"first": threading.Event(), "second": threading.Event()}

    def post(frame: Frame) -> None:  # under the box's lock: the frame is made
        screen.post(frame)
        if (name := threading.current_thread().name) in posted:
            posted[name].set()

    box = Box(1, table, post, send=lambda key: screen.flush(key))
    box.attach()
    try:
        assert box.settled(WAIT)
        wire.hold_next()
        first = threading.Thread(target=box.key, args=("DOWN",), name="first")
        first.start()
        assert posted["first"].wait(WAIT) and wire.holding.wait(WAIT)  # its frame on the wire, held
        second = threading.Thread(target=box.key, args=("RIGHT",), name="second")
        second.start()
        assert posted["second"].wait(WAIT)  # the next key made its frame meanwhile: no lock held it
        wire.release.set()
        first.join(WAIT)
        second.join(WAIT)
        assert not first.is_alive() and not second.is_alive()
        assert box.settled(WAIT)
        newest = box.controller.frame()
        assert screen.shown == newest and bytes(wire.memory) == glass_of(newest)
    finally:
        wire.release.set()
        box.close()


def test_a_keys_frame_goes_before_the_rest_of_another_screens_redraw_on_the_same_bus(table: Table) -> None:
    factory = MockFactory()
    bus, log = WatchedBus(), list[str]()
    wire_1, wire_2 = HeldWire("seat 1", log), HeldWire("seat 2", log)
    screen_2 = Screen(ssd1306(serial_interface=wire_2), bus=bus)  # another box's screen: the test draws on it
    screen_2.show(menu("Year 1 - red", "wealth 7"))
    box = HardwareBox(1, "gpio:0", table, screen=Screen(ssd1306(serial_interface=wire_1), bus=bus),
                      pin_factory=factory)
    try:
        # The table has taken the box's status (the command the box sent when it opened) and the box has
        # drawn what that changed: nothing else draws on seat 1's screen but its key.
        table.submit(BoxStatus(1, "gpio", True)).result(WAIT)
        assert box.box.settled(WAIT)
        before = box.box.controller.frame()
        other = menu("Census", "count 3", "bards 2", "floor 1", "wealth 7", cursor=3)
        assert len(proto.diff_runs(bytes(wire_2.memory), glass_of(other))) > 2  # a redraw of several pages
        log.clear()
        wire_2.hold_next()
        redraw = threading.Thread(target=screen_2.show, args=(other,))
        redraw.start()  # seat 2's screen redraws most of its glass, its first page held on the wire
        assert wire_2.holding.wait(WAIT)
        pin = factory.pin(default_pins(0)[Key.DOWN])
        pin.drive_low()
        pin.drive_high()
        assert bus.key_frame_started.wait(WAIT)  # seat 1's key frame is on its way
        wire_2.release.set()
        assert box.wait_handled(1, WAIT)
        redraw.join(WAIT)
        assert not redraw.is_alive()
        wanted = box.box.controller.frame()
        assert wanted != before and bytes(wire_1.memory) == glass_of(wanted)
        first, last = log.index("seat 1"), len(log) - 1 - log[::-1].index("seat 1")
        assert log[:first] == ["seat 2"]  # only the page already on the wire went before the key's frame
        assert set(log[first:last + 1]) == {"seat 1"}  # the key's frame, page after page
        assert log.count("seat 2") > 2  # and the redraw went on after it
        assert screen_2.shown == other and bytes(wire_2.memory) == glass_of(other)
    finally:
        wire_2.release.set()
        box.close()
        factory.reset()


def test_keys_from_many_threads_and_table_changes_leave_the_last_frame_on_the_glass(table: Table) -> None:
    wire = GlassBus()
    screen = Screen(ssd1306(serial_interface=wire))
    box = Box(1, table, screen.post, send=lambda key: screen.flush(key))
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
        newest = box.controller.frame()
        assert screen.shown == newest and bytes(wire.memory) == glass_of(newest)  # the last frame, whole
    finally:
        box.close()
