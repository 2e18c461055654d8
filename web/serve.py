"""Serving the pages with waitress (never Flask's development server), on a thread of its own."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.task import ThreadedTaskDispatcher

from companion.i18n import translate

from .address import TableAddress, machine_addresses
from .bodies import Bodies, BoundedParser
from .connections import LIMIT, Doors, TableServer
from .guard import PUBLIC_BODY, SIGNED_IN_BODY
from .stream import Streams

log = logging.getLogger("companion.web")

# Each open event stream holds one of waitress's threads while it lasts (waitress hands a response's
# body to a worker thread until it ends, and cannot pass a socket to another thread). Rather than a
# second server built for long-lived connections (one more dependency on the Pi, and the phones' pages
# would have to reach it), streams are capped (web/stream.py: per address, 48 for pages not signed in
# and 24 more for seats and the referee) below the thread count: RESERVED threads are always left to
# commands, pages, the box screens and key presses, however many streams phones ask for. Refused
# streams get 429/503 at once and their page polls instead.
RESERVED = 16
SPOOLED = PUBLIC_BODY + 1  # bytes of a request's body kept in memory: past them, it waits in a temporary file
# What waitress keeps of a response it has sent, at most. Its output buffer (an OverflowableBuffer on a
# BytesIO) only moves a read position as it sends (skip ignores allow_prune), and it goes to a temporary
# file only when the bytes still unsent reach outbuf_overflow: a stream read as it comes never does. What was
# sent is dropped only when the channel rotates to a new buffer, after outbuf_high_watermark bytes (16 MiB by
# default) were written to the old one: a stream that never ends kept everything it sent up to 16 MiB (about
# 1,800 Xidit views), and each page held that much. At this mark a stream's buffer holds at most 64 KiB and
# one event; it is also the most a response leaves unsent before its thread waits for the reader, so a phone
# that stops reading holds its thread, never more memory.
OUTBUF = 64 << 10
# The app's settings of web/connections.py (the defaults are its own; tests take smaller ones).
DOOR_SETTINGS = {"CONNECTIONS_PER_ADDRESS": "per_address", "CONNECTIONS_CROWDED": "crowded",
                 "REQUEST_HEAD_WITHIN": "head_within", "REQUEST_WITHIN": "whole_within"}


class WebServer:
    def __init__(self, app: Flask, host: str, port: int, *,  # the defaults are the config's
                 source: Callable[[], list[str]] = machine_addresses,
                 clock: Callable[[], float] = time.monotonic) -> None:
        streams: Streams = app.config["STREAMS"]
        table = app.config.get("TABLE")
        settings = {name: app.config[key] for key, name in DOOR_SETTINGS.items() if key in app.config}
        self.doors = Doors(lambda text: translate(getattr(table, "language", "en"), text), **settings)
        self.server: Any = create_server(
            app, Bodies(app), self.doors, host=host, port=port, threads=streams.total + RESERVED, channel_timeout=120,
            ident="xidit",
            # Bodies are bounded from their head (web/bodies.py); this is the bound for anyone. A body past
            # the public's bound (a signed-in page's, up to 1 MB) waits in a temporary file, not in memory:
            # 240 held 1 MB bodies kept 331 MB resident, and 65 MB more stayed after they closed (memory
            # freed in pieces is not given back to the system). The file goes when the request ends.
            max_request_body_size=SIGNED_IN_BODY + 1, inbuf_overflow=SPOOLED,
            # Reading ahead on a connection while its request runs is what lets waitress see a reader
            # close a stream (`environ["waitress.client_disconnected"]`): the stream notices within 2 s.
            channel_request_lookahead=1,
            # Connections refused a stream may stay open: room for them, with poll() rather than select()
            # (which stops at 1024 descriptors). Per address, slow requests, shedding: web/connections.py,
            # looked at every second.
            connection_limit=LIMIT, cleanup_interval=1, asyncore_use_poll=True,
            # Every response's buffer is given back each OUTBUF bytes sent (see OUTBUF).
            outbuf_high_watermark=OUTBUF)
        self.app = app
        self.port = int(self.server.effective_port)
        # Links and QR codes name the table by its configured or detected address, never by Host, and
        # follow the address when it changes (web/address.py); a fixed PUBLIC_URL (tests) stays fixed.
        self.address = TableAddress(self.port, app.config.get("HOST_NAMES", ()), host, source=source, clock=clock)
        if not app.config.get("PUBLIC_URL"):
            app.config["ADDRESS"] = self.address
        self.phones: Any = None  # the phone boxes served here, if any
        self.seat_link: Any = lambda seat: None  # the short secret link of a seat, for the boxes' QR codes
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="web", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _serve(self) -> None:
        # waitress's own run() loops until its sockets are closed under it, so a close from another
        # thread can land mid-poll (EBADF in this thread). One turn at a time, the loop ends between
        # turns when asked, and the sockets are closed only after it has ended.
        server = self.server
        sockets = server._map
        while not self._stopping.is_set():
            server.asyncore.loop(timeout=server.adj.asyncore_loop_timeout, map=sockets,
                                 use_poll=server.adj.asyncore_use_poll, count=1)

    def stop(self) -> None:
        # The streams first, so that none writes to a server already closed.
        streams: Streams = self.app.config["STREAMS"]
        streams.close_all()
        streams.wait_held(0, timeout=2)
        self._stopping.set()
        if self._thread.is_alive():
            self.server.pull_trigger()  # wakes the loop at once rather than at its next timeout
            self._thread.join(timeout=5)
        # A reader that stopped reading (a phone asleep) holds its stream's thread in waitress, waiting for room
        # in the buffer (OUTBUF): its connection is closed, which wakes that thread (ClientDisconnected).
        for channel in list(self.server._map.values()):
            if getattr(channel, "total_outbufs_len", 0) > self.server.adj.outbuf_high_watermark:
                channel.handle_close()
        # The workers next, as waitress's own close does: a request still being served when the table stops
        # wakes the loop when it ends (pull_trigger), and closing the trigger under it printed a traceback
        # (EBADF) as the table stopped.
        self.server.task_dispatcher.shutdown()
        # Then every socket of the map, the listening ones, the trigger and the connections still open.
        self.server.asyncore.close_all(self.server._map)


def create_server(app: Flask, bodies: Bodies, doors: Doors, **settings: Any) -> TableServer:
    """waitress.create_server for a host and port, with the table's server class: one server a
    listening address (a name may have several), sharing one socket map, one thread pool and one count
    of connections."""
    adj = Adjustments(**settings)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    parser = type("TableParser", (BoundedParser,), {"bodies": bodies})
    sockets: dict[int, Any] = {}
    servers = [TableServer(app, sockets, dispatcher=dispatcher, adj=adj, sockinfo=info) for info in adj.listen]
    for server in servers:
        server.parser_class, server.doors = parser, doors
    servers[0].others = servers[1:]
    return servers[0]
