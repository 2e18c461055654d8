"""Stream flood campaign: 60 event streams held from one address (another process, tests/campaign/
flood.py) and 30 phones following live from addresses of their own, while five boxes press keys and
the referee acts and opens pages over HTTP. The flood gets its share (12 streams) and clear refusals;
the phones, pages, commands and key presses go on. The waits are recorded for docs/reliability.md
(evidence, not timed assertions: on a shared machine those would be flaky); the test fails on a lost
press, a page or command that does not answer 200, a phone left without events, or a stall of a second."""

from __future__ import annotations

import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

from luma.core.device import dummy

from companion.bench.figure import percentile
from companion.boxes.box import Box
from companion.games.xidit.boxes.keys import keys_for
from companion.run import tune_for_keys
from hardware.screens import Screen
from tests.table.support import new_table
from web import create_app
from web.phone import PhoneBoxes
from web.serve import WebServer
from web.stream import PER_ADDRESS

from .flood import FLOOD, PHONES
from .results import record

FULL = os.environ.get("CAMPAIGN_FULL") == "1"  # docs/reliability.md's figures; `make test` runs half
PRESSES = 500 if FULL else 250
SECONDS = 45 if FULL else 25  # the boxes stop pressing after this, whatever the count
PIN = "246810"
PAGES = ["/", "/referee", "/scoring", "/api/view", "/part/table", "/part/referee", "/map.svg"]


def test_a_stream_flood_cannot_starve_the_table(tmp_path: Path) -> None:
    restore = tune_for_keys()  # as `companion run` does
    try:
        run_flood(tmp_path)
    finally:
        restore()


def run_flood(tmp_path: Path) -> None:
    table = new_table(tmp_path / "flood.db", players=5, seed=61)
    table.start()
    app = create_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))  # the defaults' caps
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    flood = subprocess.Popen([sys.executable, "-m", "tests.campaign.flood", str(server.port)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             cwd=Path(__file__).parent.parent.parent)
    assert flood.stdout is not None and flood.stdout.readline().strip() == "ready"
    held = app.config["STREAMS"].held()
    stop = threading.Event()
    waits: list[float] = []
    failures: list[str] = []
    boxes = {s: Box(s, table, Screen(dummy(width=128, height=64, mode="1")).show) for s in range(1, 6)}
    for box in boxes.values():
        box.attach()
    started = time.monotonic()

    def player(seat: int) -> None:
        rng = random.Random(seat)
        while not stop.is_set() and len(waits) < PRESSES and table.playing() and time.monotonic() - started < SECONDS:
            keys = keys_for(boxes[seat], rng, six_keys=seat % 2 == 0)
            if not keys:
                stop.wait(0.05)
                continue
            for key in keys:
                stop.wait(rng.uniform(0.08, 0.25))  # a person's pace
                start = time.perf_counter()
                try:
                    boxes[seat].key(key)
                except Exception as error:
                    failures.append(f"seat {seat} {key}: {error}")
                waits.append((time.perf_counter() - start) * 1000)

    answers: dict[str, list[float]] = {path: [] for path in PAGES + ["command"]}
    statuses: list[tuple[str, int]] = []
    referee = threading.Thread(target=referee_acts, args=(server.port, stop, answers, statuses))
    referee.start()
    players = [threading.Thread(target=player, args=(s,)) for s in boxes]
    for thread in players:
        thread.start()
    for thread in players:
        thread.join(SECONDS + 60)
    stop.set()
    referee.join(30)
    out, _ = flood.communicate("", timeout=60)
    seen = json.loads(out.strip().splitlines()[-1])
    app.config["STREAMS"].close_all()
    server.stop()
    table.stop()
    every = [t for times in answers.values() for t in times]
    record("stream_flood", flood_streams=FLOOD, flood_granted=seen["flood"].count(200),
           flood_refused_429=seen["flood"].count(429), phones=PHONES, phones_live=seen["phones"].count(200),
           phone_events_min=min(seen["events"]), streams_held=held, presses=len(waits),
           key_p50_ms=round(percentile(waits, 50), 2), key_p99_ms=round(percentile(waits, 99), 2),
           key_max_ms=round(max(waits), 2), requests=len(every), answer_p50_ms=round(percentile(every, 50), 2),
           answer_p99_ms=round(percentile(every, 99), 2), answer_max_ms=round(max(every), 2),
           slowest={path: round(max(times), 1) for path, times in answers.items() if times},
           failures=len(failures), not_200=len([s for s in statuses if s[1] != 200]))
    assert failures == []
    assert [s for s in statuses if s[1] != 200] == []
    assert seen["flood"].count(200) == PER_ADDRESS and seen["flood"].count(429) == FLOOD - PER_ADDRESS
    assert seen["phones"] == [200] * PHONES and min(seen["events"]) > 3
    assert len(waits) > 100 and max(waits) < 1000, "a key press stalled for a whole second"
    assert all(times for times in answers.values()) and max(every) < 5000, "a page stalled"


def referee_acts(port: int, stop: threading.Event, answers: dict[str, list[float]],
                 statuses: list[tuple[str, int]]) -> None:
    """The referee's phone: signed in, opening each page in turn and changing the pace now and then."""
    origin = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/login", json.dumps({"pin": PIN}), origin)
    response = connection.getresponse()
    response.read()
    cookie = {"Cookie": (response.getheader("Set-Cookie") or "").split(";")[0]}
    paces = ["orders", "decisions"]
    n = 0
    while not stop.wait(0.1):
        n += 1
        path = PAGES[n % len(PAGES)]
        start = time.perf_counter()
        connection.request("GET", path, headers=cookie)
        response = connection.getresponse()
        response.read()
        answers[path].append((time.perf_counter() - start) * 1000)
        statuses.append((path, response.status))
        if n % 5 == 0:
            connection.request("GET", "/api/view", headers=cookie)
            version = json.loads(connection.getresponse().read())["version"]
            start = time.perf_counter()
            connection.request("POST", "/api/command", json.dumps({"command": "pace", "pace": paces[n // 5 % 2],
                                                                   "version": version}), {**origin, **cookie})
            response = connection.getresponse()
            response.read()
            answers["command"].append((time.perf_counter() - start) * 1000)
            # 409: a box acted in between; the page takes the newer version and sends again.
            statuses.append(("command", 200 if response.status == 409 else response.status))
    connection.close()
