"""Hostile serial campaign: a million random bytes and ten thousand damaged messages down a real serial
link (a socket, with the firmware's protocol on the box end): no crash, no event from anything whose
checksum fails, and the link still carries the box's keys afterwards."""

from __future__ import annotations

import random

from hardware.events import InputEvent, Key
from hardware.firmware import xidit_protocol as proto
from hardware.serial_box import SerialLink
from tests.hardware.fakebox import SocketBox
from tests.hardware.support import Collector
from tests.hardware.test_fuzz import checksum_matches, mutations

from .results import record

RANDOM_BYTES = 1_000_000
DAMAGED = 10_000


def test_a_million_random_bytes_and_ten_thousand_damaged_messages() -> None:
    rng = random.Random(1_000_000)
    box = SocketBox().start()
    sink = Collector()
    link = SerialLink(box.url, sink, seat_for_port={box.url: 2}, timeout=0.01, resend_after=0.05,
                      reopen_every=0.02)
    try:
        assert link.wait_bound(5)
        box.press("OK")
        assert sink.wait_for(1)
        before = link.stats()
        sent = 0
        while sent < RANDOM_BYTES:
            chunk = rng.randbytes(rng.randrange(1, 4096))
            box._send(chunk)
            sent += len(chunk)
        box._send(b"\n")
        mutate = mutations(rng)
        damaged = 0
        while damaged < DAMAGED:
            original = proto.encode(proto.KEY, rng.randrange(1, 10**6), rng.choice(proto.KEY_NAMES), "p")
            line = rng.choice(mutate)(original.rstrip(b"\n"))
            if checksum_matches(line):
                continue  # a mutation that kept a valid checksum is a valid message, not a damaged one
            box._send(line + b"\n")
            damaged += 1
        # The link still works: a real key press goes through, exactly once.
        box.press("LEFT")
        # The host reads about 150 KB/s here (a real USB serial line carries far less): give it time.
        assert sink.wait_until(lambda events: len(events) >= 2, 120)
        events = sink.snapshot()
        assert events == [InputEvent(2, Key.OK, "press"), InputEvent(2, Key.LEFT, "press")]
        stats = link.stats()
        record("hostile_serial", random_bytes=sent, damaged_messages=damaged,
               dropped_lines=stats.dropped - before.dropped, overlong=stats.overlong - before.overlong,
               events_from_garbage=len(events) - 2, recovered=True)
    finally:
        link.close()
        box.close()
