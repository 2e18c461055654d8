"""Five floods from another process, as a hostile client on the table's Wi-Fi would send them, each from
loopback aliases (127.x.y.z but 127.0.0.1, which stand for the network's addresses): `python -m
tests.campaign.floods KIND PORT [SEAT TOKEN]` prints "ready" once its flood is going, keeps it going
until its standard input closes (or for a minute at most), then prints what it got, as JSON.

- slow: 400 connections, 16 from each of 25 addresses, each sending a request's head one line a second;
  each one closed is opened again at once;
- bodies: four loops posting a 200 MB body (Content-Length, or chunked every other time) as fast as
  the server takes it;
- pin: 60 addresses guessing the referee's PIN, twelve at once;
- sign_ins: four loops signing a new browser in with a seat's link, keeping no cookie;
- streams: 52 event streams asked for by 4 addresses and held (48 are the public's share).
"""

from __future__ import annotations

import http.client
import json
import random
import selectors
import socket
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable

LONGEST = 60.0
SLOW = 400
SLOW_ADDRESSES = 25
STREAMS = 52


def slow(port: int, counts: Counter[str], ready: threading.Event, stop: threading.Event) -> None:
    selector = selectors.DefaultSelector()

    def open_one(source: str) -> None:
        try:
            held = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
            held.sendall(b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            counts["could not connect"] += 1
            return
        held.setblocking(False)
        selector.register(held, selectors.EVENT_READ, source)
        counts["opened"] += 1

    def closed(held: socket.socket, source: str) -> None:
        selector.unregister(held)
        held.close()
        open_one(source)

    for n in range(SLOW):
        open_one(f"127.0.4.{n % SLOW_ADDRESSES + 1}")
    ready.set()
    trickle = time.monotonic()
    while not stop.is_set():
        for key, _ in selector.select(0.1):
            held = key.fileobj
            assert isinstance(held, socket.socket)
            try:
                data = held.recv(4096)
            except OSError:
                data = b""
            counts[f"answered {data[9:12].decode()}" if data.startswith(b"HTTP/") else "closed unanswered"] += 1
            closed(held, key.data)
        if time.monotonic() - trickle >= 1:
            trickle = time.monotonic()
            for key in list(selector.get_map().values()):
                held = key.fileobj
                assert isinstance(held, socket.socket)
                try:
                    held.send(b"X-Slow: 1\r\n")
                except OSError:
                    counts["closed unanswered"] += 1
                    closed(held, key.data)
    for key in list(selector.get_map().values()):
        key.fileobj.close()  # type: ignore[union-attr]


def bodies(port: int, counts: Counter[str], ready: threading.Event, stop: threading.Event) -> None:
    def loop(n: int) -> None:
        chunk = b" " * 65536
        while not stop.is_set():
            chunked = counts["sent"] % 2 == 1
            length = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {200 << 20}"
            head = (f"POST /api/command HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
                    f"Content-Type: application/json\r\n{length}\r\n\r\n").encode()
            sent = 0
            try:
                held = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(f"127.0.7.{n}", 0))
            except OSError:
                counts["could not connect"] += 1
                continue
            try:
                held.sendall(head)
                counts["sent"] += 1
                ready.set()
                while sent < 200 << 20 and not stop.is_set():
                    held.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
                    sent += len(chunk)
            except OSError:
                pass
            counts["bytes sent"] += sent
            try:
                held.settimeout(2)
                answer = held.recv(4096)
                counts[f"answered {answer[9:12].decode()}" if answer.startswith(b"HTTP/") else "unanswered"] += 1
            except OSError:
                counts["unanswered"] += 1
            held.close()
    run_threads(loop, 4, stop)


def pin(port: int, counts: Counter[str], ready: threading.Event, stop: threading.Event) -> None:
    def loop(n: int) -> None:
        rng = random.Random(n)
        while not stop.is_set():
            for k in range(5):
                status = post(port, f"127.0.5.{n * 5 + k + 1}", "/api/login", {"pin": f"{rng.randrange(10**6):06d}"})
                counts[str(status)] += 1
                ready.set()
    run_threads(loop, 12, stop)


def sign_ins(port: int, seat: int, token: str, counts: Counter[str], ready: threading.Event,
             stop: threading.Event) -> None:
    def loop(n: int) -> None:
        while not stop.is_set():
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(f"127.0.8.{n}", 0))
            try:
                connection.request("GET", f"/seat/{seat}?t={token}")
                response = connection.getresponse()
                response.read()
                counts[str(response.status)] += 1
            except OSError:
                counts["0"] += 1
            finally:
                connection.close()
            ready.set()
    run_threads(loop, 4, stop)


def streams(port: int, counts: Counter[str], ready: threading.Event, stop: threading.Event) -> None:
    answered = threading.Semaphore(0)

    def hold(n: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                                source_address=(f"127.0.9.{n % 4 + 1}", 0))
        try:
            connection.request("GET", "/api/stream")
            response = connection.getresponse()
            counts[str(response.status)] += 1
            answered.release()
            stop.wait()
        except OSError:
            counts["0"] += 1
            answered.release()
        finally:
            connection.close()

    threads = [threading.Thread(target=hold, args=(n,), daemon=True) for n in range(STREAMS)]
    for thread in threads:
        thread.start()
    for _ in threads:
        answered.acquire(timeout=30)
    ready.set()
    for thread in threads:
        thread.join(30)


def post(port: int, source: str, path: str, body: dict[str, object]) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        connection.request("POST", path, json.dumps(body), {"Origin": f"http://127.0.0.1:{port}",
                                                            "Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        connection.close()


def run_threads(loop: Callable[[int], None], count: int, stop: threading.Event) -> None:
    threads = [threading.Thread(target=loop, args=(n + 1,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    stop.wait()
    for thread in threads:
        thread.join(30)


def main() -> None:
    kind, port = sys.argv[1], int(sys.argv[2])
    counts: Counter[str] = Counter()
    ready, stop = threading.Event(), threading.Event()
    floods: dict[str, Callable[[], None]] = {
        "slow": lambda: slow(port, counts, ready, stop),
        "bodies": lambda: bodies(port, counts, ready, stop),
        "pin": lambda: pin(port, counts, ready, stop),
        "sign_ins": lambda: sign_ins(port, int(sys.argv[3]), sys.argv[4], counts, ready, stop),
        "streams": lambda: streams(port, counts, ready, stop),
    }
    started = time.monotonic()
    flood = threading.Thread(target=floods[kind], daemon=True)
    flood.start()
    ready.wait(30)
    print("ready", flush=True)
    closed = threading.Thread(target=sys.stdin.read, daemon=True)  # until the test closes our input
    closed.start()
    closed.join(LONGEST)
    seconds = time.monotonic() - started
    stop.set()
    flood.join(30)
    print(json.dumps({"seconds": round(seconds, 2), **counts}), flush=True)


if __name__ == "__main__":
    main()
