"""pyserial's handler for `fakebox://127.0.0.1:PORT`, the address of the tests' serial boxes (fakebox.SocketBox).

It is pyserial's own `socket://` port, less the 0.3 s its `close()` sleeps "in case of quick reconnects"
(for a server that needs a moment; the fake box does not). That sleep, on the real clock, was paid by every
link closed and every unplug in the tests: 34 times, 10 s, in the unit tests alone (2026-11-26). A real box's port
(/dev/ttyACM0, pyserial's PosixSerial) never had it, so the link under test behaves as with a real box.

pyserial finds this module through `serial.protocol_handler_packages` (fakebox.py adds "tests.hardware")."""

from __future__ import annotations

import contextlib
import socket
from typing import Any

from serial.urlhandler import protocol_socket

SCHEME = "fakebox://"


class Serial(protocol_socket.Serial):  # type: ignore[misc]
    def from_url(self, url: str) -> Any:
        return super().from_url("socket://" + url.removeprefix(SCHEME))

    def close(self) -> None:
        port: Any = self  # pyserial is untyped
        if not port.is_open:
            return
        if port._socket:
            with contextlib.suppress(OSError):
                port._socket.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                port._socket.close()
            port._socket = None
        port.is_open = False
