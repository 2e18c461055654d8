"""The serial box protocol, both ends in memory on a fake clock: lines, checksums, frames, exactly-once keys."""

from __future__ import annotations

import binascii
import random

import pytest

from hardware.events import InputEvent, Key
from hardware.firmware import xidit_protocol as proto

from .wire import Wire

# --- lines ---


def test_crc_is_crc16_ccitt_false_in_c_and_in_pure_python() -> None:
    assert proto.crc16(b"123456789") == proto.crc16_pure(b"123456789") == 0x29B1
    rng = random.Random(4)
    for _ in range(200):
        data = rng.randbytes(rng.randrange(0, 300))
        assert proto.crc16_pure(data) == binascii.crc_hqx(data, 0xFFFF)


def test_a_line_is_fields_a_space_and_the_crc_in_hex() -> None:
    line = proto.encode(proto.KEY, 12, "OK", "p")
    body = b"K 12 OK p"
    assert line == body + b" %04X\n" % binascii.crc_hqx(body, 0xFFFF)
    msg = proto.parse(line)
    assert msg is not None and (msg.type, msg.seq, msg.key, msg.kind) == ("K", 12, "OK", "press")
    assert proto.parse(line.rstrip(b"\n") + b"\r\n") is not None  # a CR before the newline is tolerated


def test_every_message_type_round_trips() -> None:
    hello = proto.parse(proto.encode(proto.HELLO, 7, "E6614C31", "1.0", "9F3A", 1))
    assert hello is not None and (hello.seq, hello.box_id, hello.firmware, hello.boot, hello.proto) == (
        7, "E6614C31", "1.0", "9F3A", 1)
    welcome = proto.parse(proto.encode(proto.WELCOME, 40, 3))
    assert welcome is not None and (welcome.seq, welcome.seat) == (40, 3)
    data = bytes(range(100, 140))
    page = proto.parse(proto.encode(proto.PAGE, 41, 7, 88, proto.b64(data)))
    assert page is not None and (page.page, page.col, page.data) == (7, 88, data)
    for kind in (proto.FULL, proto.ACK, proto.QUERY, proto.SHOW):
        msg = proto.parse(proto.encode(kind, 5))
        assert msg is not None and (msg.type, msg.seq) == (kind, 5)


@pytest.mark.parametrize("fields", [
    ("K", 1, "OK", "p", "extra"),  # a field too many
    ("K", 1, "OK"),  # a field too few
    ("K", 1, "SPACE", "p"),  # no such key
    ("K", 1, "OK", "x"),  # no such kind
    ("K", "-1", "OK", "p"),  # not a sequence number
    ("K", "1234567890", "OK", "p"),  # ten digits
    ("Z", 1),  # no such type
    ("P", 1, 8, 0, "AAAA"),  # page 8 of 0-7
    ("P", 1, 0, 126, "AAAA"),  # 3 bytes from column 126 overflow the 128 columns
    ("P", 1, 0, 0, "AAA"),  # base64 of a wrong length
    ("P", 1, 0, 0, "AAB="),  # non-canonical base64
    ("H", 1, "box id", "1.0", "b", 1),  # a space inside a field shifts the fields
    ("H", 1, "box", "1.0", "b!", 1),  # a character outside the token set
])
def test_well_checksummed_lines_that_break_the_format_are_refused(fields: tuple[str | int, ...]) -> None:
    assert proto.parse(proto.encode(*fields)) is None


def test_bad_checksums_are_refused() -> None:
    line = proto.encode(proto.KEY, 3, "UP", "r")
    assert proto.parse(line) is not None
    assert proto.parse(line.lower()) is None  # the hex digits are upper case only
    assert proto.parse(line[:-2] + (b"0" if line[-2:-1] != b"0" else b"1") + b"\n") is None
    assert proto.parse(line.replace(b"UP", b"DOWN")) is None
    assert proto.parse(line[:5]) is None
    assert proto.parse(b"") is None
    body = "K 3 UP r " + "\u00e9"
    assert proto.parse(body.encode() + b" %04X\n" % proto.crc16(body.encode())) is None  # not ASCII


def test_line_reader_joins_chunks_and_drops_overlong_lines_whole() -> None:
    reader = proto.LineReader(max_line=10)
    assert reader.feed(b"abc") == []
    assert reader.feed(b"def\nghi") == [b"abcdef"]
    assert reader.feed(b"\n") == [b"ghi"]
    assert reader.feed(b"x" * 25) == []
    assert reader.feed(b"yyy\nok\n") == [b"ok"]  # the overlong line is dropped up to its newline
    assert reader.feed(b"0123456789\n01234567890123\n") == [b"0123456789"]
    assert reader.overlong == 2


# --- frames ---


def test_diff_runs_send_only_changed_page_runs_and_rebuild_the_frame() -> None:
    rng = random.Random(11)
    old = bytes(rng.randrange(256) for _ in range(1024))
    assert proto.diff_runs(old, old) == []
    full = proto.diff_runs(None, old)
    assert [(p, c, len(d)) for p, c, d in full] == [(p, 0, 128) for p in range(8)]
    new = bytearray(old)
    new[2 * 128 + 10] ^= 1
    new[2 * 128 + 15] ^= 1  # within MERGE_GAP of the first: one run
    new[2 * 128 + 100] ^= 1  # far: another run
    new[5 * 128 + 127] ^= 0x80
    runs = proto.diff_runs(old, new)
    assert [(p, c, len(d)) for p, c, d in runs] == [(2, 10, 6), (2, 100, 1), (5, 127, 1)]
    one_a_page = proto.diff_runs(old, new, merge_gap=proto.WIDTH)  # as the OLED screens send them
    assert [(p, c, len(d)) for p, c, d in one_a_page] == [(2, 10, 91), (5, 127, 1)]
    for _ in range(50):
        changed = bytearray(old)
        for _ in range(rng.randrange(1, 40)):
            changed[rng.randrange(1024)] = rng.randrange(256)
        rebuilt = bytearray(old)
        for page, col, data in proto.diff_runs(old, changed):
            proto.apply_run(rebuilt, page, col, data)
        assert rebuilt == changed


# --- the box's keys ---


def test_key_scanner_debounces_holds_and_repeats_only_up_and_down() -> None:
    scan = proto.KeyScanner(["UP", "OK"], debounce_ms=20, hold_ms=500, repeat_ms=120)
    assert scan.update(0, {"OK"}) == []
    assert scan.update(10, set()) == []  # a 10 ms bounce: nothing
    assert scan.update(30, set()) == []
    assert scan.update(40, {"OK", "UP"}) == []
    assert scan.update(60, {"OK", "UP"}) == [("UP", "press"), ("OK", "press")]
    assert scan.update(559, {"OK", "UP"}) == []
    assert scan.update(560, {"OK", "UP"}) == [("UP", "hold"), ("OK", "hold")]
    assert scan.update(680, {"OK", "UP"}) == [("UP", "repeat")]
    assert scan.update(800, {"OK", "UP"}) == [("UP", "repeat")]
    assert scan.update(810, set()) == []
    assert scan.update(830, set()) == []  # released after debouncing: no more repeats
    assert scan.update(2000, set()) == []
    assert scan.update(2000, {"UP"}) == []
    assert scan.update(2020, {"UP"}) == [("UP", "press")]


# --- both ends ---


def bound(**kwargs: object) -> Wire:
    wire = Wire(**kwargs)  # type: ignore[arg-type]
    wire.connect()
    assert wire.host.seat == 2 and wire.box.seat == 2
    return wire


def test_hello_binds_the_seat_of_the_port_and_the_box_gets_the_whole_frame() -> None:
    wire = Wire(seat=4)
    frame = bytes(range(256)) * 4
    wire.host.set_frame(frame)  # before the box is there: kept for it
    wire.connect()
    assert (wire.host.seat, wire.host.box_id, wire.host.firmware) == (4, "E6614C311B7A2F2D", proto.FIRMWARE)
    assert wire.box.seat == 4 and wire.box.frame == frame
    assert wire.host.stats.full_frames == 1 and wire.host.stats.payload_bytes == 1024
    assert wire.host.frame_settled


def test_a_box_on_a_port_no_seat_uses_is_not_bound_and_its_keys_wait() -> None:
    wire = Wire()
    wire.seats.clear()
    wire.connect()
    wire.box.press("OK")
    wire.advance(2)
    assert wire.host.seat is None and not wire.box.welcomed and wire.events == []
    assert wire.host.stats.rejected >= 1
    wire.seats[wire.port] = 5  # the config is fixed: the next HELLO binds, and the waiting key arrives
    wire.advance(2)
    assert wire.events == [InputEvent(5, Key.OK, "press")]


def test_keys_arrive_once_and_in_order_when_acknowledgements_are_lost() -> None:
    wire = bound()
    lost = {"acks": 0}

    def lose_acks(line: bytes) -> list[bytes]:
        if line.startswith(b"A ") and lost["acks"] < 6:
            lost["acks"] += 1
            return []
        return [line]

    wire.down = lose_acks
    for key in ("UP", "UP", "OK", "BACK"):
        wire.box.press(key)
        wire.pump()
    wire.advance(3)
    assert [e.key for e in wire.events] == [Key.UP, Key.UP, Key.OK, Key.BACK]
    assert wire.host.stats.duplicates > 0 and wire.box.resent > 0 and not wire.box.pending


def test_duplicated_and_lost_key_lines_give_each_key_once() -> None:
    wire = bound()
    rng = random.Random(5)

    def noisy(line: bytes) -> list[bytes]:
        roll = rng.random()
        return [] if roll < 0.25 else [line, line] if roll < 0.6 else [line]

    wire.up = noisy
    pressed = [rng.choice(proto.KEY_NAMES) for _ in range(40)]
    for key in pressed:
        wire.box.press(key)
        wire.advance(0.05)
    wire.advance(10)
    assert [e.key.value for e in wire.events] == pressed
    assert wire.host.stats.duplicates > 0 and wire.host.stats.gaps > 0


def test_hold_and_repeat_kinds_reach_the_host() -> None:
    wire = bound()
    for kind in ("press", "hold", "repeat", "repeat"):
        wire.box.press("DOWN", kind)
    wire.pump()
    assert [e.kind for e in wire.events] == ["press", "hold", "repeat", "repeat"]


def test_only_changed_runs_go_down_and_fast_frames_are_coalesced() -> None:
    wire = bound()
    blank = bytes(1024)
    wire.host.set_frame(blank)
    wire.pump()
    before = wire.host.stats.payload_bytes
    f1 = bytearray(blank)
    f1[3 * 128 + 40:3 * 128 + 64] = b"\x7e" * 24
    wire.down = lambda line: []  # the box hears nothing for now: the first update stays in flight
    wire.host.set_frame(f1)
    wire.pump()
    f2 = bytearray(f1)
    f2[6 * 128 + 0:6 * 128 + 8] = b"\xff" * 8
    wire.host.set_frame(f2)
    f3 = bytearray(f2)
    f3[6 * 128 + 4] = 0
    wire.host.set_frame(f3)
    wire.down = lambda line: [line]
    wire.advance(2)
    assert wire.box.frame == f3
    assert wire.host.stats.frame_updates == 3  # the whole blank frame, f1, then f2 and f3 as one diff
    assert wire.host.stats.payload_bytes - before == 24 + 8
    assert wire.host.stats.resends > 0


def test_a_garbled_frame_line_is_repaired_and_the_box_asks_for_the_whole_frame() -> None:
    wire = bound()
    wire.host.set_frame(bytes(1024))
    wire.pump()
    hits = {"n": 0}

    def flip(line: bytes) -> list[bytes]:
        if line.startswith(b"P ") and hits["n"] < 1:
            hits["n"] += 1
            return [line[:8] + bytes([line[8] ^ 0x04]) + line[9:]]
        return [line]

    wire.down = flip
    frame = bytearray(1024)
    frame[100:140] = b"\x55" * 40
    wire.host.set_frame(frame)
    wire.advance(2)
    assert wire.box.frame == frame and wire.box.dropped == 1
    assert wire.host.stats.full_frames == 2 and wire.host.frame_settled


def test_unplug_and_replug_keep_the_seat_lose_no_press_and_resend_the_frame() -> None:
    wire = bound()
    wire.host.set_frame(bytes(1024))
    wire.pump()
    wire.box.press("LEFT")
    wire.pump()
    wire.down = lambda line: [] if line.startswith(b"A ") else [line]  # RIGHT's ack never reaches the box
    wire.box.press("RIGHT")
    wire.pump()
    wire.unplug()
    wire.box.press("OK")  # pressed while unplugged: waits in the box
    wire.advance(1)
    newer = bytes([0x18]) * 1024
    wire.host.set_frame(newer)  # the table moved on while the box was away
    wire.down = lambda line: [line]
    wire.connect()
    wire.advance(1)
    assert wire.events == [InputEvent(2, Key(k), "press") for k in ("LEFT", "RIGHT", "OK")]
    assert wire.host.seat == 2 and wire.box.seat == 2
    assert wire.box.frame == newer and wire.host.stats.full_frames == 2


def test_a_box_that_restarted_counts_afresh_and_is_not_taken_for_a_repeat() -> None:
    wire = bound()
    for key in ("UP", "UP", "UP"):
        wire.box.press(key)
    wire.pump()
    wire.new_box("E6614C311B7A2F2D", "B008")  # power cycle: new boot, numbering from 1 again
    wire.connect()
    wire.box.press("BACK")
    wire.pump()
    assert [e.key for e in wire.events] == [Key.UP] * 3 + [Key.BACK]


def test_keys_pressed_while_the_host_was_down_arrive_when_it_comes_back() -> None:
    wire = bound()
    wire.unplug()
    wire.box.press("WAIT")
    wire.box.press("ACTION")
    wire.advance(5)  # the box gives up on the host and says HELLO now and then
    assert not wire.box.welcomed
    wire.host = type(wire.host)(wire.port, wire.seats, clock=wire.clock)  # a restarted host knows nothing
    wire.connect()
    wire.advance(0.5)
    assert [e.key for e in wire.events] == [Key.WAIT, Key.ACTION]


def test_a_full_queue_drops_repeats_but_keeps_presses() -> None:
    wire = bound()
    wire.unplug()
    for _ in range(40):
        wire.box.press("UP", "repeat")
    wire.box.press("OK")
    assert wire.box.lost == 8 and len(wire.box.pending) == 33
    wire.connect()
    wire.advance(2)
    assert len(wire.events) == 33 and wire.events[-1] == InputEvent(2, Key.OK, "press")


def test_bytes_per_programming_keypress_are_a_small_part_of_a_frame() -> None:
    """One key press that changes one slot of the programming screen: the key line up, its ack down, the
    changed runs of the slot (two pages of 24 columns) down, and the box's ack up."""
    wire = bound()
    screen = bytearray(1024)
    for slot in range(4):  # four order slots of 24x16 pixels, framed
        for page in (2, 3):
            base = page * 128 + 4 + slot * 30
            screen[base:base + 24] = b"\x81" * 24
    wire.host.set_frame(screen)
    wire.pump()
    up, down, payload = wire.up_bytes, wire.down_bytes, wire.host.stats.payload_bytes
    wire.box.press("RIGHT")
    wire.pump()
    assert wire.events[-1].key == Key.RIGHT
    changed = bytearray(screen)
    for page in (2, 3):  # slot 2 now shows an order: new glyph pixels inside its frame
        base = page * 128 + 4 + 2 * 30
        changed[base + 2:base + 22] = bytes(0x81 | (0x3C if i % 3 else 0x18) for i in range(20))
    wire.host.set_frame(changed)
    wire.pump()
    assert wire.box.frame == changed
    per_press = (wire.up_bytes - up) + (wire.down_bytes - down)
    assert wire.host.stats.payload_bytes - payload == 40
    assert per_press < 200, per_press  # against 1024 bytes for the raw frame (1497 as lines)


def test_a_forged_reboot_and_keys_written_blind_act_for_no_seat() -> None:
    """Lines written on the wire without reading it (issue 27): a HELLO with a new boot, numbering of its
    own choosing, then keys, then guesses at the acknowledgement. None of its keys reaches the table; the
    real box, rebooted, is heard again as soon as it answers its WELCOME."""
    wire = bound()
    wire.host.set_frame(bytes(1024))
    wire.pump()
    wire.box.press("UP")
    wire.pump()
    assert [e.key for e in wire.events] == [Key.UP]
    forged = [proto.encode(proto.HELLO, 0, "E6614C311B7A2F2D", proto.FIRMWARE, "F0RGED", 1),
              *(proto.encode(proto.KEY, n, "OK", "p") for n in range(1, 6)), proto.encode(proto.FULL, 6)]
    for guess in (0, 1, 5, 10**6):
        for line in [*forged, proto.encode(proto.ACK, guess)]:
            wire.events.extend(wire.host.receive(line.rstrip(b"\n")))
        wire.host.take_output()  # written to the wire, never read by the forger
    assert [e.key for e in wire.events] == [Key.UP], "a forged reboot's keys acted for the seat"
    assert wire.host.seat is None  # unbound: the next HELLO must prove itself again
    wire.new_box("E6614C311B7A2F2D", "B009")  # the real box, power cycled
    wire.connect()
    wire.box.press("DOWN")
    wire.pump()
    assert [e.key for e in wire.events] == [Key.UP, Key.DOWN] and wire.host.seat == 2


def test_keys_pressed_before_the_welcome_wait_for_the_box_to_prove_it_heard_it() -> None:
    wire = Wire()
    wire.host.set_frame(bytes(range(256)) * 4)
    wire.box.press("LEFT")  # before the host even opened the port
    wire.box.press("RIGHT")
    wire.connect()
    assert [e.key for e in wire.events] == [Key.LEFT, Key.RIGHT]  # delivered once, in order
    assert wire.host.stats.full_frames == 1
