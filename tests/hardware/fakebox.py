"""A serial button box for the tests: the firmware's own `BoxProtocol` in a thread, at the far end of a TCP
socket (`fakebox://`: pyserial's `socket://` less its pause on close) or of a pseudo-terminal. It can be
unplugged and plugged again, and its lines can be lost, repeated or damaged on the way in or out."""

from __future__ import annotations

import contextlib
import os
import select
import socket
import threading
import time
import tty
from collections.abc import Callable
from typing import Self

import serial

from hardware.firmware import xidit_protocol as proto

from .protocol_fakebox import SCHEME

# pyserial opens fakebox:// through tests/hardware/protocol_fakebox.py: socket:// without its close's sleep.
if "tests.hardware" not in serial.protocol_handler_packages:
    serial.protocol_handler_packages.append("tests.hardware")

Mangle = Callable[[bytes], list[bytes]]  # one line (with its newline) -> what goes through


def keep(line: bytes) -> list[bytes]:
    return [line]


def clock_ms() -> int:
    return int(time.monotonic() * 1000)


class FakeBox:
    def __init__(self, box_id: str = "E6614C311B7A2F2D", boot: str = "B007", *, resend_ms: int = 40,
                 hello_ms: int = 100, give_up: int = 10) -> None:
        self.box_id = box_id
        self.resend_ms = resend_ms
        self.hello_ms = hello_ms
        self.give_up = give_up
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.incoming: Mangle = keep
        self.outgoing: Mangle = keep
        self.shown: list[bytes] = []
        self.box = self._new_protocol(boot)
        self._reader = proto.LineReader()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _new_protocol(self, boot: str) -> proto.BoxProtocol:
        box = proto.BoxProtocol(self.box_id, boot, self._write, clock_ms, resend_ms=self.resend_ms,
                                hello_ms=self.hello_ms, give_up=self.give_up)
        box.on_show = self._shown
        return box

    def _shown(self, frame: bytearray) -> None:
        self.shown.append(bytes(frame))
        self.changed.notify_all()

    def start(self) -> Self:
        self._thread = threading.Thread(target=self._run, daemon=True, name="fake box")
        self._thread.start()
        return self

    # --- for tests ---

    def press(self, key: str, kind: str = "press") -> None:
        with self.lock:
            self.box.press(key, kind)

    def restart(self, boot: str) -> None:
        """A power cycle: what was queued and shown is gone, numbering starts again."""
        with self.lock:
            self.box = self._new_protocol(boot)
            self.shown.clear()

    def wait(self, condition: Callable[[FakeBox], bool], timeout: float = 5.0) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: condition(self), timeout)

    def wait_frame(self, frame: bytes, timeout: float = 5.0) -> bool:
        return self.wait(lambda fake: bool(fake.shown) and fake.shown[-1] == frame, timeout)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    # --- transport ---

    def _send(self, data: bytes) -> None:
        raise NotImplementedError

    def _write(self, line: bytes) -> None:  # called by the protocol, with the lock held
        for part in self.outgoing(line):
            self._send(part)

    def _received(self, data: bytes) -> None:
        with self.lock:
            for line in self._reader.feed(data):
                for part in self.incoming(line + b"\n"):
                    self.box.feed(part)
            self.changed.notify_all()

    def _poll(self) -> None:
        with self.lock:
            self.box.poll()
            self.changed.notify_all()

    def _run(self) -> None:
        raise NotImplementedError


class SocketBox(FakeBox):
    """Reached at `self.url` (fakebox://127.0.0.1:PORT: a socket, see protocol_fakebox.py). `unplug()` closes
    the connection and stops listening, so the host's attempts to reopen fail until `plug()`; the box keeps its
    state meanwhile (a data glitch, or a box with its own battery)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._listener: socket.socket | None = None
        self._conn: socket.socket | None = None
        self.port = 0
        self._listen()
        self.url = f"{SCHEME}127.0.0.1:{self.port}"
        self.connections = 0

    def _listen(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(1)
        self.port = listener.getsockname()[1]
        self._listener = listener

    def unplug(self) -> None:
        # The listener goes first: a pulled USB box is gone at once, so by the time the host can see its
        # connection drop, the port must no longer open. Closed the other way round, a host quick to reopen
        # (it does so at once after a loss) reached the old listener's backlog in between, then lost that
        # connection too when the listener closed: one connection more, only on a busy machine.
        with self.lock:
            for sock in (self._listener, self._conn):
                if sock is not None:
                    sock.close()
            self._conn = self._listener = None

    def plug(self) -> None:
        with self.lock:
            self._listen()

    def _send(self, data: bytes) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.sendall(data)

    def _run(self) -> None:
        while not self._stop.is_set():
            with self.lock:
                listener, conn = self._listener, self._conn
            sock = conn or listener
            if sock is None:
                self._stop.wait(0.01)
                self._poll()
                continue
            try:
                ready, _, _ = select.select([sock], [], [], 0.01)
            except (OSError, ValueError):  # closed under us by unplug()
                continue
            if ready and sock is listener:
                try:
                    accepted, _ = listener.accept()
                except OSError:
                    continue
                with self.lock:
                    self._conn = accepted
                    self.connections += 1
                    self._reader.feed(b"\n")
            elif ready:
                try:
                    data = sock.recv(4096)
                except OSError:
                    data = b""
                if data:
                    self._received(data)
                else:  # the host closed its end
                    with self.lock:
                        if self._conn is sock:
                            sock.close()
                            self._conn = None
            self._poll()
        self.unplug()


class PtyBox(FakeBox):
    """At the master end of a pseudo-terminal; the host opens `self.path`, the slave end, as a serial port."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._master, self._slave = os.openpty()
        tty.setraw(self._slave)
        self.path = os.ttyname(self._slave)

    def _send(self, data: bytes) -> None:
        os.write(self._master, data)

    def _run(self) -> None:
        while not self._stop.is_set():
            ready, _, _ = select.select([self._master], [], [], 0.01)
            if ready:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    data = b""
                if data:
                    self._received(data)
            self._poll()

    def close(self) -> None:
        super().close()
        os.close(self._master)
        os.close(self._slave)
