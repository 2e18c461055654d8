"""Ten phones on the table's web server, from another process as real phones would be: each keeps an
event stream open and polls the view five times a second. `python -m tests.campaign.phones PORT`
runs until its standard input closes, then prints how many events and polls it got, as JSON."""

from __future__ import annotations

import http.client
import json
import sys
import threading

PHONES = 10


def stream(port: int, stop: threading.Event, received: list[int]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)  # heartbeats come every 15 s
    connection.request("GET", "/api/stream")
    response = connection.getresponse()
    while not stop.is_set():
        line = response.readline()
        if not line:
            return
        if line.startswith(b"id: "):
            received.append(int(line[4:]))


def poll(port: int, stop: threading.Event, answers: list[int]) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    while not stop.wait(0.2):  # a phone refreshing five times a second
        connection.request("GET", "/api/view")
        response = connection.getresponse()
        response.read()
        answers.append(response.status)


def main() -> None:
    port = int(sys.argv[1])
    stop = threading.Event()
    received: list[list[int]] = [[] for _ in range(PHONES)]
    answers: list[list[int]] = [[] for _ in range(PHONES)]
    threads = [threading.Thread(target=stream, args=(port, stop, r), daemon=True) for r in received]
    threads += [threading.Thread(target=poll, args=(port, stop, a), daemon=True) for a in answers]
    for thread in threads:
        thread.start()
    print("ready", flush=True)
    sys.stdin.read()  # until the test closes our input
    stop.set()
    for thread in threads:
        thread.join(5)
    print(json.dumps({"events": [len(r) for r in received], "polls": [a.count(200) for a in answers],
                      "errors": sum(len(a) - a.count(200) for a in answers)}), flush=True)


if __name__ == "__main__":
    main()
