"""Serving the pages with waitress (never Flask's development server), on a thread of its own."""

from __future__ import annotations

import logging
import socket
import threading
from collections.abc import Iterable
from typing import Any

from flask import Flask
from waitress.server import create_server

log = logging.getLogger("companion.web")

# Every open event stream holds a thread: room for 10 phones, the referee and the boxes' requests.
THREADS = 32


class WebServer:
    def __init__(self, app: Flask, host: str, port: int) -> None:  # the defaults are the config's
        self.server: Any = create_server(app, host=host, port=port, threads=THREADS, send_bytes=1,
                                         channel_timeout=120, ident="xidit")
        self.app = app
        self.port = int(self.server.effective_port)
        # Links and QR codes name the table by its configured or detected address, never by Host.
        if not app.config.get("PUBLIC_URL"):
            everywhere = host in ("", "0.0.0.0", "::")
            app.config["PUBLIC_URL"] = (addresses(self.port, app.config.get("HOST_NAMES", ()))[0] if everywhere
                                        else f"http://{_bracketed(host)}:{self.port}/")
        self.phones: Any = None  # the phone boxes served here, if any
        self.seat_link: Any = lambda seat: None  # the short secret link of a seat, for the boxes' QR codes
        self._thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self.server.close()


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def addresses(port: int, names: Iterable[str] = ()) -> list[str]:
    """Where phones can reach the table: its configured names first, then this machine's address on
    the local network."""
    found: list[str] = list(names)
    try:
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
        found.append(probe.getsockname()[0])
        probe.close()
    except OSError:
        pass
    found.append("127.0.0.1")
    return [f"http://{_bracketed(host)}:{port}/" for host in dict.fromkeys(found)]
