"""Fuzzing the parsers with random and damaged lines: they never crash, and a line whose checksum fails never
yields a key event, a reply, or a pixel. Whether a checksum fails is decided here independently (binascii)."""

from __future__ import annotations

import binascii
import random
import re
from collections.abc import Callable

from hardware.events import Key
from hardware.firmware import xidit_protocol as proto
from hardware.serial_box import HostSession

LINES = 120_000
_CRC = re.compile(rb"[0-9A-F]{4}")


def checksum_matches(line: bytes) -> bool:
    """The protocol's rule, written out again: a space, four upper-case hex digits, the CRC-16/CCITT-FALSE
    of what precedes the space, at most MAX_LINE bytes (one trailing CR allowed)."""
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    body, space, crc = line.rpartition(b" ")
    return (bool(space) and len(line) <= proto.MAX_LINE and _CRC.fullmatch(crc) is not None
            and binascii.crc_hqx(body, 0xFFFF) == int(crc, 16))


def mutations(rng: random.Random) -> list[Callable[[bytes], bytes]]:
    def random_bytes(_: bytes) -> bytes:
        return rng.randbytes(rng.randrange(0, 300))

    def truncate(line: bytes) -> bytes:
        return line[:rng.randrange(0, len(line))]

    def flip_bits(line: bytes) -> bytes:
        data = bytearray(line)
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(data) * 8)
            data[i // 8] ^= 1 << (i % 8)
        return bytes(data)

    def overlong(line: bytes) -> bytes:
        return line + rng.randbytes(rng.randrange(proto.MAX_LINE, 3 * proto.MAX_LINE))

    def insert_or_delete(line: bytes) -> bytes:
        i = rng.randrange(len(line))
        return line[:i] + line[i + 1:] if rng.random() < 0.5 else line[:i] + rng.randbytes(1) + line[i:]

    def splice(line: bytes) -> bytes:  # two lines run together, as when a newline is lost
        other = proto.encode(proto.KEY, rng.randrange(1, 10**6), rng.choice(proto.KEY_NAMES), "p")
        return line + other[rng.randrange(len(other)):]

    def replace_crc(line: bytes) -> bytes:  # a plausible checksum that is not this line's
        return line[:-4] + b"%04X" % rng.randrange(0x10000)

    return [random_bytes, truncate, flip_bits, flip_bits, overlong, insert_or_delete, splice, replace_crc]


def valid_line(rng: random.Random, next_key: int) -> bytes:
    roll = rng.random()
    if roll < 0.6:
        seq = next_key if rng.random() < 0.7 else rng.randrange(1, next_key + 5)
        return proto.encode(proto.KEY, seq, rng.choice(proto.KEY_NAMES), rng.choice("phr"))
    if roll < 0.7:
        return proto.encode(proto.ACK, rng.randrange(0, 50))
    if roll < 0.8:
        data = rng.randbytes(rng.randrange(1, 128))
        return proto.encode(proto.PAGE, rng.randrange(1, 10**6), rng.randrange(8), 0, proto.b64(data))
    if roll < 0.9:
        return proto.encode(proto.HELLO, rng.randrange(0, next_key), "FUZZBOX", "1.0", "B1", 1)
    return proto.encode(rng.choice([proto.FULL, proto.SHOW, proto.QUERY, proto.WELCOME + " 1"]), next_key)


def test_host_parser_never_crashes_and_never_acts_on_a_line_whose_checksum_fails() -> None:
    rng = random.Random(20240519)
    host = HostSession("fuzz-port", {"fuzz-port": 3}, clock=lambda: 0.0)
    host.connected()
    host.receive(proto.encode(proto.HELLO, 0, "FUZZBOX", "1.0", "B1", 1).rstrip(b"\n"))
    assert host.seat == 3
    # The box shows it heard the WELCOME: it asks for the frame and acknowledges what it got (base 0, line 1).
    host.receive(proto.encode(proto.FULL, 1).rstrip(b"\n"))
    host.receive(proto.encode(proto.ACK, 1).rstrip(b"\n"))
    host.take_output()
    mutate = mutations(rng)
    last = 1  # the last key seq delivered, as this test models it
    damaged = failed = 0
    events_total = 0
    for _ in range(LINES):
        original = valid_line(rng, last + 1)
        if rng.random() < 0.15:
            line = original.rstrip(b"\n")
        else:
            line = rng.choice(mutate)(original.rstrip(b"\n"))
            damaged += 1
        dropped_before = host.stats.dropped
        events = host.receive(line)
        output = host.take_output()
        if not checksum_matches(line):
            failed += 1
            assert events == [], line
            assert output == [], line  # garbage gets no answer at all
            assert host.stats.dropped == dropped_before + (1 if line.strip() else 0)
            continue
        msg = proto.parse(line)
        if msg is not None and msg.type == proto.KEY and msg.seq == last + 1:
            assert [(e.seat, e.key, e.kind) for e in events] == [(3, Key(msg.key), msg.kind)], line
            last = msg.seq
        elif msg is not None and msg.type == proto.FULL and msg.seq == last + 1:
            assert events == [], line  # a frame request takes its number in the box's sequence
            last = msg.seq
        else:
            assert events == [], line
        events_total += len(events)
    assert failed > 0.8 * damaged and events_total == host.stats.keys > 1000


def test_the_line_reader_and_host_survive_a_stream_of_noise() -> None:
    rng = random.Random(99)
    host = HostSession("p", {"p": 1}, clock=lambda: 0.0)
    reader = proto.LineReader()
    host.connected()
    stream = bytearray(proto.encode(proto.HELLO, 0, "NOISY", "1.0", "B1", 1) + proto.encode(proto.FULL, 1)
                       + proto.encode(proto.ACK, 1))  # the box heard the WELCOME: its keys count
    keys = []
    for seq in range(2, 2002):
        key = rng.choice(proto.KEY_NAMES)
        keys.append(key)
        stream += proto.encode(proto.KEY, seq, key, "p")
        stream += rng.randbytes(rng.randrange(0, 40)) + b"\n"  # noise between lines, ended by a newline
        if rng.random() < 0.05:
            stream += rng.randbytes(2 * proto.MAX_LINE) + b"\n"  # an overlong burst
    delivered: list[str] = []
    at = 0
    while at < len(stream):
        chunk = rng.randrange(1, 300)
        for line in reader.feed(bytes(stream[at:at + chunk])):
            delivered.extend(e.key.value for e in host.receive(line))
        at += chunk
    # the newline after the noise puts the reader back in step: every key line is read, each key once
    assert delivered == keys
    assert host.stats.dropped > 1000 and reader.overlong > 50


def test_box_parser_never_crashes_and_damaged_lines_never_touch_the_frame() -> None:
    rng = random.Random(7)
    sent: list[bytes] = []
    box = proto.BoxProtocol("FUZZBOX", "B1", sent.append, lambda: 0)
    box.feed(proto.encode(proto.WELCOME, 0, 1))
    mutate = mutations(rng)
    for i in range(20_000):
        data = rng.randbytes(rng.randrange(1, 60))
        original = proto.encode(proto.PAGE, box.rx_last + 1, rng.randrange(8), rng.randrange(0, 60), proto.b64(data))
        line = rng.choice(mutate)(original.rstrip(b"\n")) if i % 10 else original.rstrip(b"\n")
        before = bytes(box.frame)
        rx_before = box.rx_last
        box.receive(line)
        if not checksum_matches(line):
            assert bytes(box.frame) == before and box.rx_last == rx_before
    assert box.rx_last > 1000 and box.dropped > 10_000
