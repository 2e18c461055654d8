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


class Streams:
    """The open streams of an app, so that a stopping table can end them all."""

    def __init__(self) -> None:
        self._open: set[Stream] = set()
        self._lock = threading.Lock()

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

    def __len__(self) -> int:
        return len(self._open)


class Stream:
    def __init__(self, table: Table, reader: str, last_seen: int | None, box: PhoneBox | None = None,
                 registry: Streams | None = None) -> None:
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

    def _view_event(self) -> str:
        # The newest view, as JSON made once for all the streams of this reader.
        return view_event(*self.table.view_json(self.reader))

    def events(self) -> Iterator[str]:
        if self.registry is not None:
            self.registry.add(self)
        stops: list[Callable[[], None]] = [self.table.watch(self._on_change)]
        if self.box is not None:
            stops.append(self.box.listen(self._on_screen))
        try:
            yield ": connected\n\n"  # at once, so a phone that reconnects knows it is back
            version = self.table.version
            if self.last_seen is None or version != self.last_seen:
                yield self._view_event()
            if self.box is not None:
                yield event("screen", {"frame": self.box.counter}, None)
            while not self.closed.is_set():
                if not self._wake.wait(HEARTBEAT):
                    yield ": still here\n\n"
                    continue
                self._wake.clear()
                if self.closed.is_set():
                    return
                with self._lock:
                    changed, self._changed = self._changed, False
                    screen, self._screen = self._screen, None
                if changed:
                    yield self._view_event()
                if screen is not None:
                    yield event("screen", {"frame": screen}, None)
        finally:
            for stop in stops:
                stop()
            if self.registry is not None:
                self.registry.discard(self)


def view_event(ident: int, text: str) -> str:
    return f"id: {ident}\nevent: view\ndata: {text}\n\n"


def event(name: str, data: Any, ident: int | None) -> str:
    head = f"id: {ident}\n" if ident is not None else ""
    return f"{head}event: {name}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
