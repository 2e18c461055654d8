"""Server-Sent Events: each open stream follows the table for one reader and always sends the newest
view (a phone that slept gets the current state at once, never a backlog)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

from companion.table import Table

from .phone import PhoneBox

HEARTBEAT = 15.0  # seconds between comments that keep proxies and phones from closing the stream
LOOK = 1.0  # seconds between two looks at whether the reader is still there (a closed stream is noticed
#             within 2 s) and still signed in
PER_ADDRESS = 12  # open streams from one address: a phone has a few tabs at most (a browser opens 6
#                   connections per host); the campaigns' phones share 127.0.0.1 and ask for more
TOTAL = 48  # open streams of pages not signed in, in all: 30 phones and more
SEATED = 24  # more kept for seated phones and the referee: four addresses once took all 48, and every
#              real phone fell back to polling. Both well under the server's threads (web/serve.py).
RETRY_AFTER = 30  # seconds a refused page polls before asking for a stream again


class Refusal(Exception):
    """No stream for this reader now: the page follows by polling `/api/view` instead."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Streams:
    """The open streams of an app: so that a stopping table can end them all, and so that streams never
    take every worker of the server. Each open stream holds one of waitress's threads; capping them
    per address and in all leaves the other threads to commands, pages and boxes, whatever phones do."""

    def __init__(self, per_address: int = PER_ADDRESS, total: int = TOTAL, seated: int = SEATED) -> None:
        self.per_address, self.public, self.seated = per_address, total, seated
        self.total = total + seated  # places in all
        self._open: set[Stream] = set()
        self._by_address: dict[str, int] = {}
        self._public = 0  # places taken by pages not signed in
        self._lock = threading.Lock()
        self._left = threading.Condition(self._lock)  # told whenever a stream gives its place back
        self._shared: dict[str, tuple[str, bytes]] = {}  # reader -> the view's text and its event, as sent

    def shared_event(self, reader: str, ident: int, text: str) -> bytes:
        """The event of a view, encoded once for every stream of its reader: the table keeps one text per
        reader and version (`Table.view_json`), so the streams of a reader sharing that text share its event
        too, rather than each copying and encoding it again. A text made for one moment only (a stalled
        write's) is a new object each time: it never matches, and is encoded for its stream alone."""
        with self._lock:
            kept = self._shared.get(reader)
            if kept is not None and kept[0] is text:
                return kept[1]
        encoded = view_event(ident, text).encode()
        with self._lock:
            self._shared[reader] = (text, encoded)  # the text is held with it, so its identity stays its own
        return encoded

    def admit(self, address: str, signed_in: bool = False) -> None:
        """Takes a place for one more stream from this address, or raises Refusal (429 for this address,
        503 when the table has no room left). Pages not signed in take at most `public` places, so that
        `seated` are always left to seats and the referee."""
        with self._lock:
            if self._by_address.get(address, 0) >= self.per_address:
                raise Refusal(429, f"{self.per_address} live pages from this address already: this one "
                                   "follows the table every few seconds instead")
            if sum(self._by_address.values()) >= self.total or not signed_in and self._public >= self.public:
                raise Refusal(503, "the table follows as many live pages as it can: this one follows it "
                                   "every few seconds instead")
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._public += not signed_in

    def leave(self, address: str, signed_in: bool = False) -> None:
        with self._lock:
            self._public -= not signed_in
            left = self._by_address.get(address, 0) - 1
            if left > 0:
                self._by_address[address] = left
            else:
                self._by_address.pop(address, None)
            self._left.notify_all()

    def add(self, stream: Stream) -> None:
        with self._lock:
            self._open.add(stream)

    def discard(self, stream: Stream) -> None:
        with self._lock:
            self._open.discard(stream)

    def close_all(self) -> None:
        with self._lock:
            streams = list(self._open)
        for stream in streams:
            stream.close()

    def held(self) -> int:
        """Places taken: streams open or about to open."""
        with self._lock:
            return sum(self._by_address.values())

    def wait_held(self, at_most: int, timeout: float) -> bool:
        """Waits until no more than `at_most` places are taken; False if that took longer than `timeout`."""
        with self._lock:
            return self._left.wait_for(lambda: sum(self._by_address.values()) <= at_most, timeout)

    def __len__(self) -> int:
        return len(self._open)


class Stream:
    """One reader's stream. `gone` says the reader closed it (waitress's `client_disconnected`, which
    it keeps up to date while it reads ahead on the connection: `channel_request_lookahead`); `allowed`
    says the reader is still signed in as they were. Both are looked at every LOOK seconds."""

    def __init__(self, table: Table, reader: str, last_seen: int | None, box: PhoneBox | None = None,
                 registry: Streams | None = None, *, address: str | None = None,
                 gone: Callable[[], bool] = lambda: False, allowed: Callable[[], bool] = lambda: True,
                 signed_in: bool = False) -> None:
        self.table = table
        self.reader = reader
        self.last_seen = last_seen
        self.box = box
        self._changed = False  # the table moved on since the last view sent (the view is fetched fresh)
        self._screen: int | None = None
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self.closed = threading.Event()
        self.registry = registry
        self._address = address  # the place it holds in the registry, given back once
        self._signed_in = signed_in  # which places it holds: a seat's or the referee's, or the public's
        self._gone, self._allowed = gone, allowed

    def release(self) -> None:
        """Gives back the place the stream holds (at its end, or when it never started)."""
        with self._lock:
            address, self._address = self._address, None
        if address is not None and self.registry is not None:
            self.registry.leave(address, self._signed_in)

    def close(self) -> None:
        self.closed.set()
        self._wake.set()

    def _on_change(self, version: int) -> None:
        with self._lock:
            self._changed = True
        self._wake.set()

    def _on_screen(self, counter: int) -> None:
        with self._lock:
            self._screen = counter
        self._wake.set()

    def _view_event(self) -> bytes:
        # The newest view, as JSON made once for all the streams of this reader, and sent as one shared event.
        ident, text = self.table.view_json(self.reader)
        if self.registry is None:
            return view_event(ident, text).encode()
        return self.registry.shared_event(self.reader, ident, text)

    def events(self) -> Iterator[bytes]:
        if self.registry is not None:
            self.registry.add(self)
        stops: list[Callable[[], None]] = [self.table.watch(self._on_change)]
        if self.box is not None:
            stops.append(self.box.listen(self._on_screen))
        try:
            yield b": connected\n\n"  # at once, so a phone that reconnects knows it is back
            version = self.table.version
            if self.last_seen is None or version != self.last_seen:
                yield self._view_event()
            if self.box is not None:
                yield event("screen", {"frame": self.box.counter}, None).encode()
            quiet = 0.0
            while not self.closed.is_set():
                if not self._wake.wait(LOOK):
                    if self._gone() or not self._allowed():
                        return
                    quiet += LOOK
                    if quiet >= HEARTBEAT:
                        quiet = 0.0
                        yield b": still here\n\n"
                    continue
                self._wake.clear()
                if self.closed.is_set() or self._gone() or not self._allowed():
                    return
                with self._lock:
                    changed, self._changed = self._changed, False
                    screen, self._screen = self._screen, None
                if changed:
                    yield self._view_event()
                if screen is not None:
                    yield event("screen", {"frame": screen}, None).encode()
        finally:
            for stop in stops:
                stop()
            if self.registry is not None:
                self.registry.discard(self)
            self.release()


def view_event(ident: int, text: str) -> str:
    return f"id: {ident}\nevent: view\ndata: {text}\n\n"


def event(name: str, data: Any, ident: int | None) -> str:
    head = f"id: {ident}\n" if ident is not None else ""
    return f"{head}event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
