"""Held 1 MB bodies: the table's resident memory before, while they are held, and after they close (issue
36's trial, docs/reliability.md). A measurement, not a test: `python -m tests.campaign.held_bodies [N]`
from the checkout. N connections (240 by default) from 16 loopback addresses each send a seat's signed
request head and all but the last byte of a 1 MB body, then close."""

from __future__ import annotations

import gc
import socket
import sys
import tempfile
import time
from pathlib import Path

from tests.table.support import new_table
from tests.web.conftest import PIN, web_app
from tests.web.test_bodies import head, seat_cookie
from web.guard import SIGNED_IN_BODY
from web.phone import PhoneBoxes
from web.serve import WebServer


def resident_mb() -> int:
    status = Path("/proc/self/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) // 1024


def main(count: int) -> str:
    table = new_table(Path(tempfile.mkdtemp()) / "bodies.db", players=3, seed=5)
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    try:
        cookie = seat_cookie(app, server.port)
        before = resident_mb()
        held = []
        for n in range(count):
            connection = socket.socket()
            connection.bind((f"127.0.{20 + n // 15}.{n % 15 + 1}", 0))
            connection.connect(("127.0.0.1", server.port))
            connection.sendall(head(server.port, f"Content-Length: {SIGNED_IN_BODY}", cookie)
                               + b" " * (SIGNED_IN_BODY - 1))
            held.append(connection)
        deadline = time.monotonic() + 120

        def received() -> int:
            channels = list(server.server.active_channels.values())
            return sum(getattr(c.request, "body_bytes_received", 0) or 0 for c in channels if c.request is not None)

        while received() < count * (SIGNED_IN_BODY - 1) and time.monotonic() < deadline:
            time.sleep(0.2)  # a measurement's wait for the server to have read every body
        holding = resident_mb()
        for connection in held:
            connection.close()
        while server.doors.open() > 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        gc.collect()
        after = resident_mb()
    finally:
        server.stop()
        table.stop()
    return (f"{count} bodies of {SIGNED_IN_BODY >> 10} KB held: resident {before} MB before, {holding} MB held, "
            f"{after} MB after they closed (+{after - before} MB)")


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 240))
