"""The table's end of a serial button box (a Pico on USB): key lines in, frame lines out.

`HostSession` is the protocol with no I/O (feed it lines, take the lines to send); `SerialLink` runs one on a
port opened with `serial.serial_for_url`, in a reader thread that reopens the port after an unplug. The
protocol itself, shared with the box's firmware, is in `hardware/firmware/xidit_protocol.py` and is described
in `hardware/PROTOCOL.md`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import serial

from hardware.events import InputEvent, Key, Sink
from hardware.firmware import xidit_protocol as proto

log = logging.getLogger(__name__)

FRAME_BYTES = proto.FRAME_BYTES
SeatLookup = Mapping[str, int] | Callable[[str], int | None]


@dataclass
class LinkStats:
    """Counters of one link (all of them since it was made, across reconnections)."""

    lines_in: int = 0  # lines that parsed
    dropped: int = 0  # lines that failed their checksum or format (garbage, noise, truncation)
    overlong: int = 0  # lines longer than the limit, dropped whole
    duplicates: int = 0  # key or frame-request lines seen again (a resend whose ack was lost): not delivered
    gaps: int = 0  # lines after a missing one: not delivered, the box resends from the missing one
    rejected: int = 0  # well-formed lines that make no sense here (unknown seat, a host message from the box)
    keys: int = 0  # key events delivered
    hellos: int = 0
    resends: int = 0  # frame lines sent again for want of an acknowledgement
    full_frames: int = 0  # whole frames sent (after a HELLO or on the box's request)
    frame_updates: int = 0  # frame batches sent, whole or partial
    payload_bytes: int = 0  # frame bytes carried by frame lines, first sending only
    frame_bytes_out: int = 0  # bytes of frame lines on the wire, resends included
    bytes_out: int = 0  # every byte written
    bytes_in: int = 0  # every byte read
    connects: int = 0  # times the port was opened


@dataclass
class _BoxSession:
    boot: str
    last: int  # the box's messages up to this sequence number are taken
    # Whether the box showed it heard this host's WELCOME (see `HostSession._frame_ack`): until then its keys
    # are taken and acknowledged as usual, but held back from the table.
    confirmed: bool = False


HELD = 256  # keys of an unconfirmed box kept at most (a box itself queues 256 presses)
REPEATS = 32  # acknowledgements of nothing new an unconfirmed box may send (one per damaged batch of lines)


def _line_bytes(lines: list[bytes]) -> int:
    return sum(len(line) for line in lines)


class HostSession:
    """The host's side of the protocol for one port, with no I/O and no threads.

    `connected()` when the port (re)opens, `receive(line)` for each line read (returns the key events it
    delivers), `set_frame(frame)` for a new picture, `tick()` now and then (resends); after each of them
    `take_output()` gives the lines to write. The seat comes from the port through `seat_for_port` when a box
    says HELLO; which keys were delivered is remembered per box (id and boot) for the session's whole life, so
    a key resent after a lost acknowledgement, an unplug or a reconnection is delivered once.
    """

    def __init__(self, port: str, seat_for_port: SeatLookup, *, clock: Callable[[], float] = time.monotonic,
                 resend_after: float = 0.3, query_every: float = 0.5) -> None:
        self.port = port
        self.seat_for_port = seat_for_port
        self.clock = clock
        self.resend_after = resend_after
        self.query_every = query_every
        self.stats = LinkStats()
        self.seat: int | None = None  # the bound seat; None until a HELLO on this connection
        self.box_id = ""
        self.firmware = ""
        self._sessions: dict[str, _BoxSession] = {}
        self._out: list[bytes] = []
        self._queried_at = -1e9
        # downlink (frames)
        self._tx_next = 1
        self._wanted: bytes | None = None
        self._shown: bytes | None = None  # what the box shows, as far as it acknowledged
        self._ready = False  # the box asked for a frame since its HELLO
        self._need_full = True
        self._batch: list[tuple[int, bytes]] = []  # (seq, line) sent and not yet acknowledged
        self._batch_frame: bytes | None = None
        self._batch_at = 0.0
        self._backoff = resend_after
        self._base = 0  # the frame line number of the last WELCOME: the box's acknowledgements go beyond it
        self._held: list[InputEvent] = []  # keys of a box not yet confirmed since its HELLO
        self._repeats = 0  # acknowledgements of BASE itself since the WELCOME (a line lost or damaged)

    # --- state for callers ---

    @property
    def bound(self) -> bool:
        return self.seat is not None

    @property
    def frame_settled(self) -> bool:
        """True when the box acknowledged the latest frame given to `set_frame`."""
        return self._ready and not self._batch and not self._need_full and self._wanted == self._shown

    def take_output(self) -> list[bytes]:
        out, self._out = self._out, []
        self.stats.bytes_out += _line_bytes(out)
        return out

    # --- events ---

    def connected(self) -> None:
        """The port was (re)opened: nothing is known of what is on the other end; ask it who it is."""
        self.stats.connects += 1
        self.seat = None
        self._ready = False
        self._batch = []
        self._out.append(b"\n")  # ends whatever half line the box may hold
        self._query()

    def disconnected(self) -> None:
        """The port is gone: the seat is unbound until the next HELLO; what the box acknowledged, the keys it
        delivered and the latest frame are kept."""
        self.seat = None
        self._ready = False
        self._batch = []

    def _query(self) -> None:
        self._queried_at = self.clock()
        self._out.append(proto.encode(proto.QUERY, 0))

    def receive(self, line: bytes) -> list[InputEvent]:
        """Handle one line (without its newline); return the key events it delivers (none, or one)."""
        msg = proto.parse(line)
        if msg is None:
            if line.strip():
                self.stats.dropped += 1
            return []
        self.stats.lines_in += 1
        if msg.type == proto.HELLO:
            self._hello(msg)
        elif msg.type in (proto.KEY, proto.FULL):
            return self._reliable(msg)
        elif msg.type == proto.ACK:
            return self._frame_ack(msg.seq)
        else:
            self.stats.rejected += 1
        return []

    def _hello(self, msg: proto.Message) -> None:
        self.stats.hellos += 1
        lookup = self.seat_for_port
        seat = lookup.get(self.port) if isinstance(lookup, Mapping) else lookup(self.port)
        if seat is None:
            self.stats.rejected += 1
            log.warning("a box (%s) says HELLO on %s, which no seat uses: add box = \"serial:%s\" to a player",
                        msg.box_id, self.port, self.port)
            return
        session = self._sessions.get(msg.box_id)
        if session is None or session.boot != msg.boot:  # a new box, or one that restarted: count afresh
            # A HELLO is only a line: anyone on the wire could send one, with numbering of their choosing, then
            # keys. Until this box shows it heard the WELCOME below, its keys are held back (`_frame_ack`).
            self._sessions[msg.box_id] = _BoxSession(msg.boot, msg.seq)
            self._held = []
        else:
            session.last = max(session.last, msg.seq)
        if msg.proto != proto.PROTOCOL:
            log.warning("seat %s: box %s speaks protocol %s, this host %s: update its firmware",
                        seat, msg.box_id, msg.proto, proto.PROTOCOL)
        if self.seat != seat or self.box_id != msg.box_id:
            log.info("seat %s: box %s (firmware %s) on %s", seat, msg.box_id, msg.firmware, self.port)
        self.seat, self.box_id, self.firmware = seat, msg.box_id, msg.firmware
        # the box starts its frame afresh: forget what is in flight, wait for its request for the whole frame
        self._batch = []
        self._batch_frame = None
        self._shown = None
        self._ready = False
        self._need_full = True
        self._base = self._tx_next - 1
        self._repeats = 0
        self._out.append(proto.encode(proto.WELCOME, self._base, seat))

    def _reliable(self, msg: proto.Message) -> list[InputEvent]:
        if self.seat is None:  # a box that has not said HELLO on this connection: ask it to
            if self.clock() - self._queried_at >= self.query_every:
                self._query()
            return []
        session = self._sessions[self.box_id]
        events: list[InputEvent] = []
        if msg.seq == session.last + 1:
            session.last = msg.seq
            if msg.type == proto.KEY:
                self.stats.keys += 1
                event = InputEvent(self.seat, Key(msg.key), msg.kind)
                if session.confirmed:
                    events.append(event)
                elif len(self._held) < HELD:
                    self._held.append(event)
            else:
                self._ready = True
                self._need_full = True
                self._start_batch()
                if not session.confirmed and not self._batch:  # no frame to send yet: something to acknowledge
                    self._batch = [(self._tx_next, proto.encode(proto.SHOW, self._tx_next))]
                    self._tx_next += 1
                    self._batch_at = self.clock()
                    self._send_batch()
        elif msg.seq <= session.last:
            self.stats.duplicates += 1
        else:
            self.stats.gaps += 1
        self._out.append(proto.encode(proto.ACK, session.last))
        return events

    def set_frame(self, frame: bytes | bytearray) -> None:
        """The picture the box should show: 1024 bytes in the SSD1306 page layout (as
        `companion.boxes.glass.pages` gives it). Only what differs from the acknowledged picture is sent; a
        newer frame given while a batch is in flight waits for it and then goes as one diff, so fast changes
        are coalesced."""
        if len(frame) != FRAME_BYTES:
            raise ValueError(f"a frame is {FRAME_BYTES} bytes, not {len(frame)}")
        self._wanted = bytes(frame)
        self._start_batch()

    def _start_batch(self) -> None:
        if self.seat is None or not self._ready or self._batch or self._wanted is None:
            return
        full = self._need_full or self._shown is None
        runs = proto.diff_runs(None if full else self._shown, self._wanted)
        if not runs:
            return
        self._need_full = False
        lines: list[tuple[int, bytes]] = []
        for page, col, data in runs:
            lines.append((self._tx_next, proto.encode(proto.PAGE, self._tx_next, page, col, proto.b64(data))))
            self._tx_next += 1
            self.stats.payload_bytes += len(data)
        lines.append((self._tx_next, proto.encode(proto.SHOW, self._tx_next)))
        self._tx_next += 1
        self._batch = lines
        self._batch_frame = self._wanted
        self._batch_at = self.clock()
        self._backoff = self.resend_after
        self.stats.frame_updates += 1
        self.stats.full_frames += full
        self._send_batch()

    def _send_batch(self) -> None:
        batch = [line for _, line in self._batch]
        self.stats.frame_bytes_out += _line_bytes(batch)
        self._out.extend(batch)

    def _frame_ack(self, seq: int) -> list[InputEvent]:
        """A box's acknowledgement of frame lines. The first one after a new box's HELLO is its proof of
        having heard the WELCOME (it numbers frame lines from the WELCOME's BASE, which only the WELCOME
        tells): its held keys then go to the table. One that could not follow the WELCOME (before BASE, of a
        line never sent, or BASE itself more than REPEATS times) drops them and the binding: the box must say
        HELLO again. A box's own acknowledgements are never like that, so a box never loses a key by it."""
        released: list[InputEvent] = []
        if self.seat is None:
            return released
        session = self._sessions[self.box_id]
        if not session.confirmed:
            if seq == self._base and self._repeats < REPEATS:  # the box is short of a line: it says where it is
                self._repeats += 1
                return released
            if not self._base < seq < self._tx_next:
                self.stats.rejected += 1
                log.warning("seat %s: box %s acknowledged frame line %s, which this host did not send it since its "
                            "HELLO: its %s key(s) are dropped and it must say HELLO again", self.seat, self.box_id,
                            seq, len(self._held))
                self._held = []
                self.seat = None
                self._batch = []
                return released
            session.confirmed = True
            released, self._held = self._held, []
        if not self._batch or seq >= self._tx_next:
            return released
        remaining = [(s, line) for s, line in self._batch if s > seq]
        if len(remaining) == len(self._batch):
            return released
        self._batch = remaining
        self._batch_at = self.clock()
        self._backoff = self.resend_after
        if not remaining:
            self._shown = self._batch_frame
            self._batch_frame = None
            self._start_batch()
        return released

    def tick(self) -> None:
        """Resend unacknowledged frame lines that waited long enough (backing off to 2 s); ask an unknown box
        who it is."""
        now = self.clock()
        if self.seat is None:
            if now - self._queried_at >= max(self.query_every, 1.0):
                self._query()
            return
        if self._batch and now - self._batch_at >= self._backoff:
            self.stats.resends += len(self._batch)
            self._batch_at = now
            self._backoff = min(self._backoff * 2, 2.0)
            self._send_batch()


class SerialLink:
    """One serial box on one port. Opens `url` with `serial.serial_for_url` (a device path such as
    /dev/serial/by-path/..., or loop://, socket://host:port in tests) and runs a reader thread that hands key
    events to `sink` (from that thread: keep it quick), answers the box and resends what needs it. When the
    port fails (unplugged), the thread retries opening it every `reopen_every` seconds; the seat and the
    record of delivered keys stay with the link.

    `seat_for_port` maps the port (the url as given) to its seat, as the config's `box = "serial:<port>"` does.
    """

    def __init__(self, url: str, sink: Sink, *, seat_for_port: SeatLookup, timeout: float = 0.05,
                 resend_after: float = 0.3, reopen_every: float = 0.5, write_timeout: float = 1.0,
                 open_port: Callable[..., Any] | None = None) -> None:
        self.url = url
        self._sink = sink
        self._timeout = timeout
        self._write_timeout = write_timeout
        self._reopen_every = reopen_every
        self._open_port = open_port or serial.serial_for_url
        self._session = HostSession(url, seat_for_port, resend_after=resend_after)
        self._changed = threading.Condition()  # guards the session and the port
        self._port: Any = None
        self._port_lost = False
        self._stop = threading.Event()
        self._closed = False
        self._reader = proto.LineReader()
        self.last_error = ""
        self._thread = threading.Thread(target=self._run, name=f"serial-box {url}", daemon=True)
        self._thread.start()

    # --- for callers ---

    @property
    def seat(self) -> int | None:
        """The seat of the box that said HELLO on the open port, or None."""
        with self._changed:
            return self._session.seat

    @property
    def box_id(self) -> str:
        with self._changed:
            return self._session.box_id

    @property
    def firmware(self) -> str:
        with self._changed:
            return self._session.firmware

    @property
    def connected(self) -> bool:
        with self._changed:
            return self._port is not None

    @property
    def closed(self) -> bool:
        return self._closed

    def stats(self) -> LinkStats:
        with self._changed:
            stats = dataclasses.replace(self._session.stats)
        stats.overlong = self._reader.overlong
        return stats

    def send_frame(self, image: bytes | bytearray) -> None:
        """Show `image` (1024 bytes, SSD1306 page layout) on the box: only the changed page runs are sent. If
        the box is unplugged it gets the latest frame whole when it comes back."""
        with self._changed:
            self._session.set_frame(image)
            self._flush()

    def wait_bound(self, timeout: float) -> bool:
        """Wait until a box has said HELLO on the open port (True) or `timeout` seconds pass (False)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._session.bound, timeout)

    def wait_unbound(self, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: not self._session.bound, timeout)

    def wait_frame_settled(self, timeout: float) -> bool:
        """Wait until the box has acknowledged the latest frame."""
        with self._changed:
            return self._changed.wait_for(lambda: self._session.frame_settled, timeout)

    def close(self) -> None:
        """Stop the reader thread and close the port. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        with self._changed:
            self._close_port()
            self._changed.notify_all()

    def __enter__(self) -> SerialLink:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()

    # --- the reader thread ---

    def _flush(self) -> None:
        """Write what the session has to say (with the lock held); a failing write marks the port lost."""
        out = self._session.take_output()
        if self._port is None or not out:
            return
        try:
            self._port.write(b"".join(out))
        except (serial.SerialException, OSError) as error:
            self.last_error = str(error)
            self._port_lost = True
        self._changed.notify_all()

    def _close_port(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
            if self._session.seat is not None:
                log.info("seat %s: box on %s unplugged", self._session.seat, self.url)
            self._session.disconnected()

    def _open(self) -> bool:
        try:
            port = self._open_port(self.url, timeout=self._timeout, write_timeout=self._write_timeout,
                                   exclusive=True)
        except (serial.SerialException, OSError, ValueError) as error:
            self.last_error = str(error)
            return False
        with self._changed:
            self._port = port
            self._port_lost = False
            self._reader.feed(b"\n")  # a half line from before the unplug is not glued to what comes now
            self._session.connected()
            self._flush()
        return True

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._port is None and not self._open():
                self._stop.wait(self._reopen_every)
                continue
            port = self._port
            try:
                data = port.read(1)  # waits up to the timeout for the first byte, then takes what is there
                while data and len(data) < 4096 and (waiting := port.in_waiting):
                    data += port.read(min(waiting, 4096))
            except (serial.SerialException, OSError, TypeError, AttributeError) as error:
                # TypeError/AttributeError: pyserial's socket:// read after the socket was closed under it
                self.last_error = str(error)
                data = b""
                self._port_lost = True
            events: list[InputEvent] = []
            with self._changed:
                if data:
                    self._session.stats.bytes_in += len(data)
                    for line in self._reader.feed(data):
                        events.extend(self._session.receive(line))
                    self._changed.notify_all()
                self._session.tick()
                self._flush()
                if self._port_lost:
                    self._close_port()
                    self._changed.notify_all()
            for event in events:
                try:
                    self._sink(event)
                except Exception:
                    log.exception("seat %s: the sink failed on %s", event.seat, event)

