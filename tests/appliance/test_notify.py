"""systemd's notify protocol on a fake NOTIFY_SOCKET: READY once up, watchdog pings fed by the game
loop (and none while the loop is blocked), STOPPING on SIGTERM, then a clean exit."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.notify import Notifier
from companion.store import Store
from companion.table import SetPace
from tests.spawned import spawned
from tests.table.support import new_table


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    path = str(tmp_path / "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    yield sock, path
    sock.close()


def receive(sock: socket.socket, timeout: float) -> str | None:
    sock.settimeout(timeout)
    try:
        return sock.recv(4096).decode()
    except TimeoutError:
        return None


def test_the_game_loop_feeds_the_watchdog_and_stops_when_blocked(tmp_path: Path,
                                                                  notify_socket: tuple[socket.socket, str]) -> None:
    sock, path = notify_socket
    notifier = Notifier({"NOTIFY_SOCKET": path, "WATCHDOG_USEC": "100000"})  # ping every 50 ms
    table = new_table(tmp_path / "t.db")
    table.on_tick = notifier.tick
    table.tick_every = 0.02
    table.start()
    assert receive(sock, 2) == "WATCHDOG=1"
    assert receive(sock, 2) == "WATCHDOG=1"
    # A watcher that never returns blocks the loop: the pings stop.
    release = threading.Event()
    table.watch(lambda version: release.wait(30))
    table.submit(SetPace("orders"))
    while receive(sock, 0.3) is not None:
        pass  # pings sent before the loop took the command
    assert receive(sock, 0.5) is None, "no ping while the loop is blocked"
    release.set()
    assert receive(sock, 2) == "WATCHDOG=1", "pings resume with the loop"
    table.stop()
    notifier.close()


def test_without_notify_socket_nothing_is_sent() -> None:
    notifier = Notifier({})
    notifier.ready()
    notifier.tick()
    assert notifier.interval is None


def test_the_service_says_ready_pings_and_says_stopping_on_sigterm(tmp_path: Path,
                                                                   notify_socket: tuple[socket.socket, str]) -> None:
    sock, path = notify_socket
    store = tmp_path / "night.db"
    env = {**os.environ, "NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000", "PYTHONUNBUFFERED": "1"}
    # The log to a file, not a pipe: nothing reads a pipe here while the bots fill it, and a full one stops the run.
    log = tmp_path / "run.log"
    with log.open("w") as written, spawned(
            [sys.executable, "-m", "companion", "run", "--store", str(store), "--all-bots", "--bot-delay", "0.01",
             "--port", "-1"], env=env, stdout=subprocess.DEVNULL, stderr=written) as process:
        messages = []
        while not any(m.startswith("READY=1") for m in messages):
            message = receive(sock, 20)
            assert message is not None, "READY=1 within 20 s"
            messages.append(message)
        assert receive(sock, 5) == "WATCHDOG=1"
        process.send_signal(signal.SIGTERM)
        while (message := receive(sock, 10)) == "WATCHDOG=1":
            pass
        assert message == "STOPPING=1"
        assert process.wait(20) == 0
    assert "safe to unplug" in log.read_text()
    # The store was closed cleanly: its WAL is folded in and it opens without a warning.
    assert not Path(f"{store}-wal").exists() or Path(f"{store}-wal").stat().st_size == 0
    reopened = Store(store)
    assert reopened.warnings == [] and reopened.last_unfinished() is not None
