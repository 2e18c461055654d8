"""`SerialLink` on real ports: a fake box (the firmware's protocol code) on a TCP socket or a pseudo-terminal."""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator

import pytest
import serial

from hardware.events import InputEvent, Key
from hardware.serial_box import SeatLookup, SerialLink

from .fakebox import PtyBox, SocketBox
from .support import Collector, settle


def open_link(url: str, sink: Collector, seats: SeatLookup) -> SerialLink:
    """A link with short timeouts, so that resends and reconnections happen within a test's time."""
    return SerialLink(url, sink, seat_for_port=seats, timeout=0.01, resend_after=0.05, reopen_every=0.02)


@pytest.fixture
def fake() -> Iterator[SocketBox]:
    box = SocketBox().start()
    yield box
    box.close()


def keys(sink: Collector) -> list[str]:
    return [e.key.value for e in sink.snapshot()]


def test_hello_binds_the_seat_and_keys_arrive_as_input_events(fake: SocketBox) -> None:
    sink = Collector()
    with open_link(fake.url, sink, {fake.url: 3}) as link:
        assert link.wait_bound(5)
        assert (link.seat, link.box_id, link.firmware) == (3, "E6614C311B7A2F2D", "1.0")
        assert fake.wait(lambda f: f.box.seat == 3)
        fake.press("OK")
        fake.press("UP", "hold")
        assert sink.wait_for(2)
    assert sink.snapshot() == [InputEvent(3, Key.OK, "press"), InputEvent(3, Key.UP, "hold")]


def test_a_seat_lookup_function_is_asked_with_the_port(fake: SocketBox) -> None:
    asked: list[str] = []

    def seat_for(port: str) -> int | None:
        asked.append(port)
        return 5

    with open_link(fake.url, Collector(), seat_for) as link:
        assert link.wait_bound(5) and link.seat == 5
    assert asked and set(asked) == {fake.url}


def test_frames_reach_the_box_and_only_changes_follow(fake: SocketBox) -> None:
    with open_link(fake.url, Collector(), {fake.url: 1}) as link:
        first = bytes(random.Random(1).randrange(256) for _ in range(1024))
        link.send_frame(first)
        assert fake.wait_frame(first) and link.wait_frame_settled(5)
        full = link.stats().payload_bytes
        second = bytearray(first)
        second[500:510] = bytes(10)
        link.send_frame(second)
        assert fake.wait_frame(bytes(second)) and link.wait_frame_settled(5)
        stats = link.stats()
    assert full == 1024 and stats.payload_bytes - full <= 10 and stats.full_frames == 1
    with pytest.raises(ValueError):
        link.send_frame(b"short")


def test_keys_arrive_once_when_acks_are_lost_and_lines_repeated(fake: SocketBox) -> None:
    sink = Collector()
    rng = random.Random(3)
    with open_link(fake.url, sink, {fake.url: 2}) as link:
        assert link.wait_bound(5) and fake.wait(lambda f: f.box.welcomed)
        fake.incoming = lambda line: [] if line.startswith(b"A ") and rng.random() < 0.5 else [line]
        fake.outgoing = lambda line: [line, line] if line.startswith(b"K ") and rng.random() < 0.5 else [line]
        pressed = [rng.choice(["LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK"]) for _ in range(30)]
        for key in pressed:
            fake.press(key)
        assert fake.wait(lambda f: not f.box.pending, timeout=10)
        assert sink.wait_for(len(pressed))
        settle(0.1)
        stats = link.stats()
    assert keys(sink) == pressed
    assert stats.duplicates > 0 and stats.keys == len(pressed)


def test_an_unplugged_fake_box_is_out_of_reach_from_the_first_socket_it_closes(
        fake: SocketBox, monkeypatch: pytest.MonkeyPatch) -> None:
    """An unplug is one event to the host, as when a USB box is pulled: once anything of it is cut, the port no
    longer opens. Were the connection cut while the box still listened, a host that reopens at once after a
    loss would get one connection more, then lose it (a count of 3 connects for 1 unplug on a busy machine)."""
    reachable: list[bool] = []
    close = socket.socket.close

    def close_then_try(sock: socket.socket) -> None:
        close(sock)
        if sock is fake._listener or sock is fake._conn:
            probe = socket.socket()
            try:
                reachable.append(probe.connect_ex(("127.0.0.1", fake.port)) == 0)
            finally:
                close(probe)

    with serial.serial_for_url(fake.url, timeout=0.01):
        assert fake.wait(lambda _: fake.connections == 1)
        monkeypatch.setattr(socket.socket, "close", close_then_try)
        fake.unplug()
        monkeypatch.undo()
    assert reachable == [False, False]


def test_unplug_and_replug_mid_programming_keep_the_seat_and_every_press() -> None:
    # A box that never gives up on the host in this test: with give_up's 10 resends of the OK whose ack is lost
    # (0.4 s), a test stalled that long before unplugging would see the box say HELLO on the live connection
    # and get the whole frame a third time. Giving up is tested with the box's protocol (test_protocol.py).
    fake = SocketBox(give_up=1_000_000).start()
    try:
        replug_mid_programming(fake)
    finally:
        fake.close()


def replug_mid_programming(fake: SocketBox) -> None:
    sink = Collector()
    with open_link(fake.url, sink, {fake.url: 4}) as link:
        assert link.wait_bound(5)
        screen = bytes([0x81]) * 1024
        link.send_frame(screen)
        assert fake.wait_frame(screen)
        fake.press("RIGHT")
        assert sink.wait_for(1)
        fake.incoming = lambda line: [] if line.startswith(b"A ") else [line]  # OK's ack will never come
        fake.press("OK")
        assert sink.wait_for(2)
        fake.unplug()
        assert link.wait_unbound(5)
        fake.press("DOWN")  # pressed while unplugged
        fake.press("OK")
        later = bytes([0x3C]) * 1024
        link.send_frame(later)  # the table moved on meanwhile
        fake.incoming = lambda line: [line]
        fake.plug()
        assert link.wait_bound(5) and link.seat == 4
        assert sink.wait_for(4)
        assert fake.wait_frame(later)  # the whole current frame again after the replug
        settle(0.1)
        stats = link.stats()
    assert sink.snapshot() == [InputEvent(4, Key(k), "press") for k in ("RIGHT", "OK", "DOWN", "OK")]
    assert stats.connects == 2 and stats.full_frames == 2 and stats.duplicates >= 1
    assert fake.connections == 2


def test_a_restarted_host_link_delivers_what_the_box_kept(fake: SocketBox) -> None:
    sink = Collector()
    with open_link(fake.url, sink, {fake.url: 1}) as link:
        assert link.wait_bound(5)
    fake.press("WAIT")  # no host now: the key waits in the box
    fake.press("ACTION")
    with open_link(fake.url, sink, {fake.url: 1}):
        assert sink.wait_for(2)
        settle(0.1)
    assert keys(sink) == ["WAIT", "ACTION"]


def test_a_power_cycled_box_is_bound_again_and_its_first_keys_count(fake: SocketBox) -> None:
    sink = Collector()
    with open_link(fake.url, sink, {fake.url: 2}) as link:
        assert link.wait_bound(5)
        for key in ("UP", "UP", "UP"):
            fake.press(key)
        assert sink.wait_for(3)
        fake.unplug()
        fake.restart("B008")
        fake.plug()
        assert fake.wait(lambda f: f.box.welcomed)
        fake.press("BACK")
        assert sink.wait_for(4)
    assert keys(sink) == ["UP", "UP", "UP", "BACK"]


def test_frames_arrive_intact_after_garbage_both_ways(fake: SocketBox) -> None:
    sink = Collector()
    rng = random.Random(8)
    budget = {"down": 6, "up": 6}

    def damage(direction: str, line: bytes) -> list[bytes]:
        if budget[direction] and rng.random() < 0.3:
            budget[direction] -= 1
            noise = rng.randbytes(rng.randrange(1, 80))
            flipped = bytearray(line)
            flipped[rng.randrange(len(line) - 1)] ^= 1 << rng.randrange(8)
            return [noise, bytes(flipped)] if rng.random() < 0.5 else [noise + b"\n", line]
        return [line]

    with open_link(fake.url, sink, {fake.url: 1}) as link:
        assert link.wait_bound(5)
        fake.incoming = lambda line: damage("down", line)
        fake.outgoing = lambda line: damage("up", line)
        frames = [bytes(rng.randrange(256) for _ in range(1024)) for _ in range(3)]
        for n, frame in enumerate(frames):
            link.send_frame(frame)
            fake.press("LEFT" if n % 2 else "RIGHT")
        assert fake.wait_frame(frames[-1], timeout=10) and link.wait_frame_settled(10)
        assert sink.wait_for(3, timeout=10)
        stats = link.stats()
    assert fake.box.frame == frames[-1]
    assert keys(sink) == ["RIGHT", "LEFT", "RIGHT"]
    assert stats.dropped + fake.box.dropped > 0


def test_a_port_that_is_not_there_yet_is_retried_and_close_is_idempotent() -> None:
    sink = Collector()
    box = PtyBox()
    missing = "socket://127.0.0.1:1"  # nothing listens there
    link = open_link(missing, sink, {missing: 1})
    try:
        assert not link.wait_bound(0.1) and not link.connected
        assert link.last_error
    finally:
        link.close()
        link.close()
        box.close()
    assert link.closed


def test_a_pseudo_terminal_carries_keys_and_frames() -> None:
    box = PtyBox().start()
    sink = Collector()
    try:
        with open_link(box.path, sink, {box.path: 5}) as link:
            assert link.wait_bound(5) and link.seat == 5
            frame = bytes(range(256)) * 4
            link.send_frame(frame)
            assert box.wait_frame(frame)
            box.press("BLUE")
            assert sink.wait_for(1)
    finally:
        box.close()
    assert sink.snapshot() == [InputEvent(5, Key.BLUE, "press")]
