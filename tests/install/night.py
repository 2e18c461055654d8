"""A game night driven from outside, as the pages drive it: `companion run` as the README starts it (no --game),
the referee signed in with the PIN `companion pin` shows, and every command the JSON the pages send
(web/static/*.js). Used by the installed wheel's test of any game, any time (test_any_game_night.py)."""

from __future__ import annotations

import http.cookiejar
import json
import queue
import re
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any
from urllib.error import HTTPError

from tests.spawned import spawned, terminated

SECONDS = 60  # for the table to start, each request to be answered, and each state awaited to come


def pin(bin_dir: Path, store: Path, env: dict[str, str]) -> str:
    shown = subprocess.run([str(bin_dir / "companion"), "pin", "--store", str(store)], env=env, check=True,
                           capture_output=True, text=True, timeout=SECONDS).stdout
    found = re.search(r"Referee PIN: (\S+)", shown)
    assert found, shown
    return found[1]


class Browser:
    """One browser of the table: its cookies, and the pages' own requests (same Origin as the page)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> tuple[int, bytes]:
        try:
            with self.opener.open(self.base + path.lstrip("/"), timeout=SECONDS) as answer:
                return answer.status, answer.read()
        except HTTPError as error:
            return error.code, error.read()

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(self.base + path.lstrip("/"), data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json", "Origin": self.base.rstrip("/")})
        try:
            with self.opener.open(request, timeout=SECONDS) as answer:
                return answer.status, json.loads(answer.read())
        except HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def view(self) -> dict[str, Any]:
        status, body = self.get("/api/view")
        assert status == 200, body[:300]
        return json.loads(body)  # type: ignore[no-any-return]

    def command(self, body: dict[str, Any]) -> tuple[int, Any]:
        """A command as app.js sends it: with the version of the view it was decided on."""
        return self.post("/api/command", {**body, "version": self.view()["version"]})  # type: ignore[no-any-return]

    def until(self, what: str, found: Callable[[dict[str, Any]], Any], on_view: Callable[[dict[str, Any]], Any]
              = lambda view: None, within: float = SECONDS) -> Any:
        """Reads the view again at each event of the page's live stream (/api/stream, as app.js follows it),
        until `found(view)` is true (the view then, or what `found` gave); `on_view` may act on each new version
        (answer what the game asks the table). Fails with the last view after `within` seconds without a
        version moving."""
        deadline, seen = time.monotonic() + within, None
        with self.opener.open(self.base + "api/stream", timeout=within) as stream:
            while True:
                view = self.view()
                answer = found(view)
                if answer:
                    return view if answer is True else answer
                if view["version"] != seen:
                    seen, deadline = view["version"], time.monotonic() + within
                    on_view(view)
                elif time.monotonic() > deadline:
                    raise AssertionError(f"{what}: nothing moved for {within} s; last view {json.dumps(view)[:1500]}")
                try:
                    next_event(stream)
                except TimeoutError:
                    raise AssertionError(f"{what}: the stream said nothing for {within} s; last view "
                                         f"{json.dumps(view)[:1500]}") from None


def next_event(stream: Any) -> None:
    """Blocks until the stream's next event (a change, or its periodic "still here") has come whole."""
    while True:
        line = stream.readline()
        if not line:
            raise AssertionError("the table's event stream ended")
        if not line.strip():
            return


def table_run(bin_dir: Path, store: Path, env: dict[str, str], log: list[str]) -> AbstractContextManager[str]:
    """`companion run` on `store`, any free port, no config and no --game (its own game is Xidit, seat 1 on a
    phone, the others virtual), virtual players deciding at once; yields its address, and appends what
    it logs to `log` (until it is stopped, with SIGTERM, at the end of the block)."""
    args = [str(bin_dir / "companion"), "run", "--store", str(store), "--port", "0", "--bot-delay", "0"]
    return companion_run(args, store.parent, env, log)


@contextmanager
def companion_run(args: list[str], cwd: Path, env: dict[str, str], log: list[str]) -> Iterator[str]:
    """A `companion run` command started in `cwd` (it must serve on loopback, any free port); yields the table's
    address once it says it, appends what it logs to `log`, and at the end of the block stops it with SIGTERM
    and requires a clean exit."""
    with spawned(args, cwd=cwd, env={**env, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.DEVNULL,
                 stderr=subprocess.PIPE) as process:
        lines: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert process.stderr is not None
            for line in process.stderr:
                lines.put(line)
            lines.put(None)

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        deadline = time.monotonic() + SECONDS
        while True:
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"`companion run` said no address within {SECONDS} s:\n{''.join(log)}") from None
            if line is None:
                raise AssertionError(f"`companion run` ended (exit {process.wait()}):\n{''.join(log)}")
            log.append(line)
            address = re.search(r"table view: .*(http://127\.0\.0\.1:\d+/)", line)
            if address:
                break
        try:
            yield address[1]
        finally:
            code, _, _ = terminated(process, within=SECONDS)
            reader.join(SECONDS)
            while (line := lines.get_nowait() if not lines.empty() else None) is not None:
                log.append(line)
            assert code == 0, "".join(log[-40:])
