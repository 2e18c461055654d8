"""An in-memory cable between a `HostSession` and the firmware's `BoxProtocol`, on a fake clock.

Each direction can lose, duplicate or change lines (`up` = box to host, `down` = host to box), so the
protocol's promises are checked deterministically, without threads or ports."""

from __future__ import annotations

from collections.abc import Callable

from hardware.events import InputEvent
from hardware.firmware import xidit_protocol as proto
from hardware.serial_box import HostSession

Mangle = Callable[[bytes], list[bytes]]  # one line (with its newline) -> what reaches the other end


def keep(line: bytes) -> list[bytes]:
    return [line]


class Wire:
    def __init__(self, *, seat: int = 2, port: str = "usb-1.2", box_id: str = "E6614C311B7A2F2D",
                 boot: str = "B007") -> None:
        self.now = 0.0
        self.port = port
        self.seats = {port: seat}
        self.host = HostSession(port, self.seats, clock=self.clock)
        self.plugged = True
        self.up: Mangle = keep
        self.down: Mangle = keep
        self.up_bytes = 0  # bytes the box wrote while plugged
        self.down_bytes = 0  # bytes the host wrote while plugged
        self.events: list[InputEvent] = []
        self._from_box: list[bytes] = []
        self.box = self.new_box(box_id, boot)

    def clock(self) -> float:
        return self.now

    def clock_ms(self) -> int:
        return int(round(self.now * 1000))

    def new_box(self, box_id: str, boot: str) -> proto.BoxProtocol:
        """Put a freshly started box on the cable (a power cycle: its queue and frame are gone)."""
        self.box = proto.BoxProtocol(box_id, boot, self._box_writes, self.clock_ms)
        self.reader = proto.LineReader()
        return self.box

    def _box_writes(self, line: bytes) -> None:
        if self.plugged:
            self.up_bytes += len(line)
            self._from_box.append(line)

    def connect(self) -> None:
        """The host opens the port."""
        self.plugged = True
        self.host.connected()
        self.pump()

    def unplug(self) -> None:
        self.plugged = False
        self.host.take_output()

    def pump(self, rounds: int = 200) -> None:
        """Carry lines both ways until nothing moves."""
        for _ in range(rounds):
            moved = False
            out = self.host.take_output()
            if out and self.plugged:
                moved = True
                for line in out:
                    self.down_bytes += len(line)
                    for delivered in self.down(line):
                        self.box.feed(delivered)
            lines, self._from_box = self._from_box, []
            for line in lines:
                moved = True
                for delivered in self.up(line):
                    for part in self.reader.feed(delivered):
                        self.events.extend(self.host.receive(part))
            if not moved:
                return
        raise AssertionError("the two ends never stop talking")

    def advance(self, seconds: float, step: float = 0.05) -> None:
        """Let time pass: both ends resend and poll as they would."""
        end = self.now + seconds
        while self.now < end - 1e-9:
            self.now = min(end, self.now + step)
            self.box.poll()
            self.host.tick()
            self.pump()
