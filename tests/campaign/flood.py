"""A stream flood from another process, as a hostile phone would: FLOOD event streams held from one
address (the refused ones' connections kept open too), beside PHONES phones that each follow the table
from an address of their own. `python -m tests.campaign.flood PORT` prints "ready" once every stream
has its answer, runs until its standard input closes, then prints what each got, as JSON."""

from __future__ import annotations

import http.client
import json
import sys
import threading

FLOOD = 60
FLOODER = "127.0.0.9"
PHONES = 30


def phone_address(n: int) -> str:
    return f"127.0.1.{n + 1}"


def hold(port: int, source: str, statuses: list[int], events: list[int], answered: threading.Semaphore,
         stop: threading.Event) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        connection.request("GET", "/api/stream")
        response = connection.getresponse()
        statuses.append(response.status)
        answered.release()
        if response.status != 200:
            stop.wait()  # a refused connection stays open: an attacker would keep it
            return
        while not stop.is_set():
            line = response.readline()
            if not line:
                return
            if line.startswith(b"id: "):
                events.append(int(line[4:]))
    except OSError:
        statuses.append(0)
        answered.release()
    finally:
        connection.close()


def main() -> None:
    port = int(sys.argv[1])
    stop = threading.Event()
    answered = threading.Semaphore(0)
    flood: list[int] = []
    phones: list[list[int]] = [[] for _ in range(PHONES)]
    phone_statuses: list[int] = []
    threads = [threading.Thread(target=hold, args=(port, FLOODER, flood, [], answered, stop), daemon=True)
               for _ in range(FLOOD)]
    threads += [threading.Thread(target=hold, args=(port, phone_address(n), phone_statuses, phones[n], answered, stop),
                                 daemon=True) for n in range(PHONES)]
    for thread in threads:
        thread.start()
    for _ in threads:
        answered.acquire(timeout=30)
    print("ready", flush=True)
    sys.stdin.read()  # until the test closes our input
    stop.set()
    print(json.dumps({"flood": flood, "phones": phone_statuses, "events": [len(p) for p in phones]}), flush=True)


if __name__ == "__main__":
    main()
