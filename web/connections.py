"""The server's connections: no address may hold many, no request may come slowly, and a crowded server
sheds the quiet ones, so that the seats and the referee always get in.

400 slow connections (one header line every 10 s) once locked every new phone out for minutes: waitress
limits connections in all (then stops accepting), not per address, and waits for a request's head and
body as long as bytes trickle in. Here, with waitress's own hooks (its channel and server classes, its
maintenance every `cleanup_interval`):

- an address holds at most PER_ADDRESS connections (a browser opens 6 per host); one more is answered
  429 in words and closed. The machine's own loopback (127.0.0.1, ::1: web/guard.py `this_machine`) is
  not limited: no packet from the network carries it, and the Pi's own screen and the tests use it;
- a request's head must be complete HEAD_WITHIN seconds after its first byte, the whole request
  WHOLE_WITHIN seconds after it, else it is answered 408 and closed (waitress reads the whole request
  before a thread sees it, so a slow one holds a connection, never a thread);
- past CROWDED connections, each new one sheds a quiet one (no request running, nothing left to send):
  one from the address holding the most, a request under way first, the oldest first. A phone's few
  connections are never the most while an attacker holds many.
"""

from __future__ import annotations

import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

from companion.i18n import N_

from .bodies import BoundedParser
from .guard import this_machine

PER_ADDRESS = 16
HEAD_WITHIN = 10.0  # seconds from a request's first byte to the end of its head
WHOLE_WITHIN = 30.0  # seconds from a request's first byte to the end of its body
CROWDED = 256  # connections past which a new one sheds a quiet one
LIMIT = 600  # connections past which waitress stops accepting (the process has 1,024 descriptors)

TOO_MANY = N_("Too many connections from this address: close some pages, then try again.")
TOO_SLOW = N_("This request came too slowly: the table closed the connection.")


class Doors:
    """Every connection of a server (all its listening sockets), counted per address."""

    def __init__(self, words: Callable[[str], str] = lambda text: text, per_address: int = PER_ADDRESS,
                 crowded: int = CROWDED, head_within: float = HEAD_WITHIN, whole_within: float = WHOLE_WITHIN) -> None:
        self.words, self.per_address, self.crowded = words, per_address, crowded
        self.head_within, self.whole_within = head_within, whole_within
        self._channels: set[TableChannel] = set()
        self._per_address: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.refused = self.shed = self.cut = 0  # what they did, for the campaigns

    def arrived(self, channel: TableChannel) -> None:
        with self._lock:
            address = channel.address
            if not this_machine(address) and self._per_address[address] >= self.per_address:
                self.refused += 1
                channel.answer(429, "Too Many Requests", self.words(TOO_MANY))
                return
            self._channels.add(channel)
            self._per_address[address] += 1
            while len(self._channels) > self.crowded and self._shed_one(channel):
                self.shed += 1

    def left(self, channel: TableChannel) -> None:
        with self._lock:
            if channel in self._channels:
                self._channels.discard(channel)
                self._per_address[channel.address] -= 1
                if self._per_address[channel.address] <= 0:
                    del self._per_address[channel.address]

    def _shed_one(self, newcomer: TableChannel) -> bool:
        quiet = [c for c in self._channels if c is not newcomer and c.quiet()]
        if not quiet:
            return False
        victim = min(quiet, key=lambda c: (-self._per_address[c.address], c.request is None, c.creation_time))
        self._channels.discard(victim)
        self._per_address[victim.address] -= 1
        victim.will_close = True
        return True

    def open(self) -> int:
        with self._lock:
            return len(self._channels)

    def too_slow(self) -> str:
        self.cut += 1
        return self.words(TOO_SLOW)


class TableChannel(HTTPChannel):  # type: ignore[misc]
    """One connection: waitress's, with the table's request parser (web/bodies.py) and doors."""

    will_close: bool
    close_when_flushed: bool

    def __init__(self, server: TableServer, sock: socket.socket, addr: Any, adj: Adjustments,
                 map: Any = None) -> None:
        self.parser_class = server.parser_class
        self.doors = server.doors
        self.address = str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)
        super().__init__(server, sock, addr, adj, map)
        self.doors.arrived(self)

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        self.doors.left(self)

    def writable(self) -> bool:
        """Whether the server's loop should send what is buffered. Not while a task's thread holds the
        buffer: that thread sends what it writes itself (waitress's send_bytes is 1) and wakes the loop if
        the socket left any unsent (`write_soon`). Asked meanwhile, the loop found the socket writable at
        once, failed to take the lock, and polled again: ten streams sending one change made it spin some
        46 turns (each over every connection) per change, about a third of a change's CPU."""
        if self.total_outbufs_len and not self.will_close and not self.close_when_flushed:
            if not self.outbuf_lock.acquire(False):
                return False
            self.outbuf_lock.release()
        return bool(super().writable())

    def write_soon(self, data: Any) -> int:
        written: int = super().write_soon(data)
        if self.total_outbufs_len:  # the socket took only part: the loop sends the rest, the lock now free
            self.server.pull_trigger()
        return written

    def quiet(self) -> bool:
        """Nothing running and nothing to send: closing it loses no answer."""
        return not self.requests and not self.total_outbufs_len and not self.will_close \
            and not self.close_when_flushed

    def answer(self, status: int, reason: str, words: str) -> None:
        """Answers at once, in words, and closes: from the server's own loop, with no thread."""
        body = (words + "\r\n").encode()
        head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
                f"Content-Length: {len(body)}\r\nRetry-After: 10\r\n\r\n").encode()
        with self.outbuf_lock:
            self.outbufs[-1].append(head + body)
            self.total_outbufs_len += len(head) + len(body)
        self.close_when_flushed = True

    def pace(self, now: float) -> None:
        """Closes the connection if the request it is receiving is too slow."""
        request = self.request
        if request is None or request.completed or self.will_close or self.close_when_flushed:
            return
        age = now - getattr(request, "began", now)
        doors = self.doors
        if age > doors.whole_within or not request.headers_finished and age > doors.head_within:
            if self.requests:  # a response is on its way: the slow request behind it just ends
                self.will_close = True
            else:
                self.answer(408, "Request Timeout", doors.too_slow())


class TableServer(TcpWSGIServer):  # type: ignore[misc]
    """Waitress's server on one listening socket, with the table's connections."""

    channel_class = TableChannel
    parser_class: type[BoundedParser] = BoundedParser
    doors: Doors = Doors()
    others: list[TableServer] = []  # the servers of the same name's other addresses

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # idle past channel_timeout
        steady = time.monotonic()
        for channel in list(self.active_channels.values()):
            channel.pace(steady)
