"""A command flood from another process, as a hostile client on the table's Wi-Fi would send: one loop
posting `acknowledge` with no link and no PIN, and one loop from a seat's link changing that seat's
draft as fast as the table answers (each a real write). `python -m tests.campaign.command_flood PORT
SEAT TOKEN` prints "ready" once both loops are signed in and going, loops until its standard input
closes (or for a minute at most), then prints the statuses each loop got, as JSON."""

from __future__ import annotations

import http.client
import json
import sys
import threading
from collections import Counter

LONGEST = 60.0  # seconds: the flood stops by itself even if the test never closes our input


def loop(port: int, body: dict[str, object], cookie: str, statuses: Counter[int], going: threading.Event,
         stop: threading.Event) -> None:
    headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    version = 0
    n = 0
    while not stop.is_set():
        n += 1
        sent = dict(body, version=version)
        if sent.get("command") == "set_order":
            sent["order"] = ("red", "blue")[n % 2]
        try:
            connection.request("POST", "/api/command", json.dumps(sent), headers)
            response = connection.getresponse()
            answer = json.loads(response.read() or b"{}")
        except (OSError, http.client.HTTPException, ValueError):
            statuses[0] += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        statuses[response.status] += 1
        version = answer.get("version", version) if isinstance(answer, dict) else version
        going.set()
    connection.close()


def seat_cookie(port: int, seat: int, token: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", f"/seat/{seat}?t={token}")
    response = connection.getresponse()
    response.read()
    connection.close()
    return (response.getheader("Set-Cookie") or "").split(";")[0]


def main() -> None:
    port, seat, token = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    stop = threading.Event()
    public: Counter[int] = Counter()
    seated: Counter[int] = Counter()
    going = [threading.Event(), threading.Event()]
    threads = [
        threading.Thread(target=loop, args=(port, {"command": "acknowledge", "upto": 10**6}, "", public, going[0],
                                            stop), daemon=True),
        threading.Thread(target=loop, args=(port, {"command": "set_order", "seat": seat, "slot": 5},
                                            seat_cookie(port, seat, token), seated, going[1], stop), daemon=True),
    ]
    for thread in threads:
        thread.start()
    for event in going:
        event.wait(30)
    print("ready", flush=True)
    closed = threading.Thread(target=sys.stdin.read, daemon=True)  # until the test closes our input
    closed.start()
    closed.join(LONGEST)
    stop.set()
    for thread in threads:
        thread.join(30)
    print(json.dumps({"public": dict(public), "seat": dict(seated)}), flush=True)


if __name__ == "__main__":
    main()
