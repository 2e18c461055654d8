"""Web figures, on a real `companion run` process on loopback: cold start to ready, a state change
reaching 10 open event streams, and the process's resident memory with those streams open after a night's
worth of changes (pages left open all evening must not make the table grow)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from companion.bench.figure import Figure, percentile
from companion.games.xidit.rules.board import Board

STREAMS = 10
CONFIG = """
store = "{store}"
[web]
host = "127.0.0.1"
port = 0
pin = "135790"
{players}
"""


class _Service:
    """`companion run` in a child process, with a notify socket to know when it is ready."""

    def __init__(self, folder: Path) -> None:
        players = "\n".join(f'[[player]]\nseat = {s}\ncolour = "{c}"\nbox = "phone"'
                            for s, c in ((1, "blue"), (2, "red"), (3, "green"), (4, "yellow")))
        config = folder / "bench.toml"
        config.write_text(CONFIG.format(store=folder / "bench.db", players=players))
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(str(folder / "notify.sock"))
        self.notify.settimeout(60)
        env = {**os.environ, "NOTIFY_SOCKET": str(folder / "notify.sock"), "PYTHONUNBUFFERED": "1"}
        self.started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(config)],
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        while not self.notify.recv(4096).decode().startswith("READY=1"):
            pass
        self.ready = time.perf_counter() - self.started
        self.ready_cpu = self.cpu_since_start()
        assert self.process.stderr is not None
        self.port = 0
        for line in self.process.stderr:
            if "table view:" in line:
                self.port = int(line.rsplit(":", 1)[1].strip().rstrip("/"))
                break

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        kb = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:"))
        return kb / 1024

    def cpu_since_start(self) -> float:
        """CPU time the process has used since it started, every thread's, ended ones too (/proc stat, in
        clock ticks): the cold start's own work, whatever else shares the machine."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_seconds(self) -> float:
        """CPU time the process's live threads have used so far, to the nanosecond (/proc's schedstat)."""
        total = 0
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            try:
                total += int((task / "schedstat").read_text().split()[0])
            except (OSError, IndexError, ValueError):  # a thread that ended meanwhile
                continue
        return total / 1e9

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.notify.close()


ARRIVED = threading.Condition()  # notified whenever any stream receives a version


class _Listener(threading.Thread):
    """One phone's event stream: notes when each version arrives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrived: dict[int, float] = {}
        self.open = threading.Event()

    def run(self) -> None:
        with contextlib.closing(http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)) as connection:
            self._listen(connection)

    def _listen(self, connection: http.client.HTTPConnection) -> None:
        connection.request("GET", "/api/stream")
        response = connection.getresponse()
        self.open.set()
        ident = None
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode().strip()
            if text.startswith("id: "):
                ident = int(text[4:])
            elif text == "" and ident is not None:
                with ARRIVED:
                    self.arrived[ident] = time.perf_counter()
                    ARRIVED.notify_all()
                ident = None


def _all_have(listeners: list[_Listener], version: int) -> bool:
    return all(version in listener.arrived for listener in listeners)


def _referee(port: int) -> tuple[http.client.HTTPConnection, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/login", json.dumps({"pin": "135790"}),
                       {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
    response = connection.getresponse()
    response.read()
    cookie = response.getheader("Set-Cookie", "").split(";")[0]
    return connection, cookie


def _post(connection: http.client.HTTPConnection, cookie: str, body: dict[str, Any]) -> dict[str, Any]:
    origin = f"http://{connection.host}:{connection.port}"  # a change comes from the table's own pages
    connection.request("POST", "/api/command", json.dumps(body),
                       {"Content-Type": "application/json", "Cookie": cookie, "Origin": origin})
    answer: dict[str, Any] = json.loads(connection.getresponse().read())
    return answer


def web_figures(board: Board, changes: int) -> list[Figure]:
    with tempfile.TemporaryDirectory() as folder:
        service = _Service(Path(folder))
        with contextlib.ExitStack() as stack:
            stack.callback(service.stop)
            listeners = [_Listener(service.port) for _ in range(STREAMS)]
            for listener in listeners:
                listener.start()
                listener.open.wait(10)
            connection, cookie = _referee(service.port)
            stack.callback(connection.close)
            opened = service.rss_mb()
            samples = []
            version = json.loads(_get(service.port, "/api/view"))["version"]
            cpu = service.cpu_seconds()
            for n in range(changes):
                sent = time.perf_counter()
                answer = _post(connection, cookie, {"command": "pace", "pace": ("orders", "decisions")[n % 2],
                                                    "version": version})
                version = answer["version"]
                deadline = time.perf_counter() + 10
                with ARRIVED:
                    ARRIVED.wait_for(partial(_all_have, listeners, version), 10)
                samples.append((max(lst.arrived.get(version, deadline) for lst in listeners) - sent) * 1000)
            cpu = service.cpu_seconds() - cpu
            rss = service.rss_mb()
    return [
        Figure("process: cold start of `companion run` to READY (store, web server up)", service.ready * 1000, "ms",
               1, "≤ 900 ms", "python start, imports, store, web server"),
        Figure("process: CPU time of `companion run` to READY", service.ready_cpu * 1000, "ms", 1, "",
               "user + system, all threads (/proc stat): the cold start's work, steadier than its wall time"),
        Figure(f"web: state change to all of {STREAMS} open streams received (loopback)", percentile(samples, 50),
               "ms (p50)", len(samples), "", f"p99 {percentile(samples, 99):.2f} ms; from the referee's request"),
        Figure(f"web: CPU time of `companion run` per change with {STREAMS} phones", 1000 * cpu / changes, "ms",
               changes, "≤ 3 ms", "the referee's request and every stream's event, all threads (/proc schedstat)"),
        Figure(f"web: resident memory of `companion run` with {STREAMS} streams open, after {changes} changes", rss,
               "MB", 1, "≤ 80 MB", f"VmRSS; {opened:.1f} MB before the first change"),
    ]


def _get(port: int, path: str) -> str:
    with contextlib.closing(http.client.HTTPConnection("127.0.0.1", port, timeout=30)) as connection:
        connection.request("GET", path)
        return connection.getresponse().read().decode()
