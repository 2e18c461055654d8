"""systemd's notify protocol with the standard library: READY, STOPPING, STATUS and watchdog pings.

Without NOTIFY_SOCKET (not under systemd) every call does nothing. The watchdog is fed from the game
loop itself (`Table.on_tick`), so a loop that hangs stops the pings and systemd restarts the table.
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import Callable, Mapping


class Notifier:
    def __init__(self, environ: Mapping[str, str] = os.environ, clock: Callable[[], float] = time.monotonic) -> None:
        address = environ.get("NOTIFY_SOCKET", "")
        self._address = "\0" + address[1:] if address.startswith("@") else address
        self._socket: socket.socket | None = None
        if self._address:
            self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        usec = environ.get("WATCHDOG_USEC", "")
        pid = environ.get("WATCHDOG_PID", "")
        ours = not pid or pid == str(os.getpid())
        # Ping at half the interval systemd waits, as sd_watchdog_enabled(3) advises.
        self.interval = int(usec) / 2e6 if usec.isdigit() and ours else None
        self._clock = clock
        self._last = float("-inf")

    def send(self, message: str) -> None:
        if self._socket is None:
            return
        with contextlib.suppress(OSError):  # systemd gone or not listening: the table goes on regardless
            self._socket.sendto(message.encode(), self._address)

    def ready(self, status: str = "") -> None:
        self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def stopping(self) -> None:
        self.send("STOPPING=1")

    def status(self, text: str) -> None:
        self.send(f"STATUS={text}")

    def tick(self) -> None:
        """Called by the game loop on every turn; pings the watchdog when it is time."""
        if self.interval is None:
            return
        now = self._clock()
        if now - self._last >= self.interval:
            self._last = now
            self.send("WATCHDOG=1")

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
