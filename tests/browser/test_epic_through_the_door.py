"""The Epic as users run it (issue 39): `companion run` started as the README starts it (no --game, no
config: the simulated table), an Astoria Epic game of 4 made from the referee's wizard by the page's own
form (two seats on phones, two virtual mages: the wizard's own choice, played by the running table's bots),
a few rounds tapped on the phones' pages, the process stopped and started again in the middle (the game
resumes: the same view, the same to-do), then played to its end (the phones by their pages' own requests,
the mages by the bots) with every Objective revealed on the TV page. No phone ever sees another seat's
Objective while it is hidden.

Nothing here sleeps: the test waits on what the pages show (their live version) or on the process's lines."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.spawned import spawned, terminated

from .conftest import expect, page_on

ROOT = Path(__file__).resolve().parents[2]
KEY = "astoria-epic"
PATIENCE = 60_000  # ms a page may take to show a change: far above what it takes, so a busy machine only slows
PHONES = (1, 2)
TAPPED = 4  # moves tapped on the phones before the restart
# Moves a phone's mage prefers (the game then ends in a test's time); "end" (ending one's turn) last.
PREFERRED = ("power", "draw", "destroy", "create", "tribute", "guard", "straighten", "defend", "rescue", "parry",
             "role", "end")


class Run:
    """`companion run` in a child process; its log read all along (a pipe nobody reads would stop it)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            if "table ready:" in line:
                self.ready.set()
        self.ready.set()  # ended: the test then reads why

    def said(self, pattern: str) -> re.Match[str]:
        assert self.ready.wait(60), "".join(self.lines[-40:])
        found = [m for line in self.lines if (m := re.search(pattern, line))]
        assert found, "".join(self.lines[-40:])
        return found[-1]


@contextmanager
def companion_run(store: Path, port: int) -> Iterator[Run]:
    """`companion run` as the README starts it: no config, no --game; a store and a port of the test's own,
    bots deciding at once."""
    args = [sys.executable, "-m", "companion", "run", "--store", str(store), "--port", str(port),
            "--bot-delay", "0"]
    with spawned(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                 env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        run = Run(process)
        yield run
        if process.poll() is None:
            code, _, _ = terminated(process, within=60)
            assert code == 0, "".join(run.lines[-40:])


def public(page: Any) -> dict[str, Any]:
    answer = page.request.get(f"{base(page)}/api/view")
    assert answer.ok, answer.text()
    return dict(answer.json())


def base(page: Any) -> str:
    return str(re.match(r"https?://[^/]+", page.url).group(0))  # type: ignore[union-attr]


def showing(page: Any, version: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {version}",
                           timeout=PATIENCE)


def own_objective_only(phone: Any, seat: int) -> None:
    """What the phone's page reads (its seat's view) holds its own Objective and no hidden one of another's."""
    view = public(phone)
    assert view["reader"] == f"seat:{seat}", view["reader"]
    for player in view["players"]:
        hidden = not player["revealed"] and view["phase"] != "over"
        if player["seat"] != seat and hidden:
            assert "objective" not in player, (seat, player)
    if view["phase"] not in ("roles", "over"):
        assert "objective" in next(p for p in view["players"] if p["seat"] == seat)


def phone_awaited(view: dict[str, Any]) -> bool:
    return any(a["seat"] in PHONES for a in view["awaiting"])


def kept(phone: Any, version: int) -> tuple[dict[str, Any], str, list[str]]:
    """What a phone's page shows that a restart must keep: its seat's view, its Objective, its moves."""
    showing(phone, version)
    own = phone.locator("#eobjective")
    moves = phone.locator("button.emove").evaluate_all("bs => bs.map(b => b.dataset.move)")
    return unversioned(public(phone)), own.inner_text() if own.count() else "", list(moves)


def unversioned(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "version"}


def kept_todo(tv: Any, version: int) -> str:
    showing(tv, version)
    return str(tv.locator("section.todo").inner_text())


def choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    kinds = [m["type"] for m in moves]
    preferred = [k for k in PREFERRED if k in kinds]
    kind = preferred[0] if preferred else rng.choice(kinds)
    return rng.choice([m for m in moves if m["type"] == kind])


def tap(phone: Any, version: int, rng: random.Random) -> None:
    """The phone's mage taps a move on his page: its group opened, one of its buttons tapped."""
    showing(phone, version)
    buttons = phone.locator("button.emove")
    moves = [json.loads(m) for m in buttons.evaluate_all("bs => bs.map(b => b.dataset.move)")]
    assert moves, phone.content()
    move = choose(moves, rng)
    button = phone.locator(f"button.emove[data-move='{json.dumps(move, separators=(',', ':'))}']").first
    group = button.locator("xpath=ancestor::details[1]")
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").click()
    with phone.expect_response(lambda r: r.url.endswith("/api/command") and r.request.method == "POST") as sent:
        button.click()
    assert sent.value.ok, sent.value.text()


def sent(page: Any, command: dict[str, Any]) -> dict[str, Any]:
    """A command sent by the page's own script (app.js's `command`: the version it shows, its headers)."""
    return dict(page.evaluate("data => window.Xidit.command(data)", command))


def request(phone: Any, version: int, rng: random.Random) -> None:
    """The phone's mage plays by his page's own request, no tap: one of the moves his page lists, sent."""
    showing(phone, version)
    moves = [json.loads(m) for m in phone.locator("button.emove").evaluate_all("bs => bs.map(b => b.dataset.move)")]
    assert moves, phone.content()
    move = choose(moves, rng)
    answer = sent(phone, {"command": "decide", "seat": move["seat"], "action": move})
    assert answer["ok"], answer


def a_card(rng: random.Random) -> dict[str, Any]:
    """An Invasion card as a table types it (INVENTED values, as tests/browser/test_astoria_epic_browser.py's)."""
    chief = rng.choice((0, 0, 0, 15))
    return {"flux": [rng.randint(0, 4) for _ in range(6)], "hammer": rng.random() < 0.3,
            "dragon": rng.choice((0, 0, 1)), "chief": chief, "chief_glyph": "blue" if chief else "none"}


def tell(referee: Any, version: int, rng: random.Random) -> None:
    """The Invasion card drawn from the physical deck (the shipped pack lists none), typed on the referee's
    page: its form's question, the page's own request."""
    showing(referee, version)
    question = int(referee.locator("form[data-tell-form]").first.get_attribute("data-question"))
    answer = sent(referee, {"command": "tell", "question": question, "outcome": a_card(rng)})
    assert answer["ok"], answer


def step(tv: Any, referee: Any, phones: dict[int, Any], rng: random.Random, by_taps: bool) -> bool:
    """One decision: a phone's when one is awaited, the table's card when one is drawn, else the bots' (the TV
    page waits for it). False at the end."""
    view = public(tv)
    if view["result"] is not None:
        return False
    awaiting = [a["seat"] for a in view["awaiting"] if a["seat"] in phones]
    if view["chance"] is not None and not view["awaiting"]:
        tell(referee, view["version"], rng)
    elif awaiting:
        seat = awaiting[0]
        if by_taps:
            tap(phones[seat], view["version"], rng)
        else:
            request(phones[seat], view["version"], rng)
        own_objective_only(phones[seat], seat)
    showing(tv, view["version"] + 1)
    return True


def test_an_epic_game_from_the_wizard_of_companion_run_restarted_in_the_middle_to_its_end(
        tmp_path: Path, browser: Any) -> None:
    store, rng = tmp_path / "table.db", random.Random(39)
    with companion_run(store, 0) as run:
        pin = run.said(r"\(PIN (\d+);").group(1)
        port = int(run.said(r"table view: .*http://127\.0\.0\.1:(\d+)/").group(1))
        url = f"http://127.0.0.1:{port}"
        with page_on(browser) as referee, page_on(browser) as phone1, page_on(browser) as phone2, \
                page_on(browser, {"viewport": {"width": 1920, "height": 1080}}) as tv:
            phones = {1: phone1, 2: phone2}
            for page in (referee, phone1, phone2, tv):
                page.set_default_timeout(PATIENCE)
            referee.goto(f"{url}/referee")
            referee.fill("#pin", pin)
            referee.get_by_role("button", name="Sign in").click()
            expect(referee.locator("#wizard")).to_be_attached(timeout=PATIENCE)
            if referee.locator("#new-game").get_attribute("open") is None:
                referee.locator("#h-new").click()
            referee.select_option("#w-game", KEY)
            referee.select_option("#w-count", "4")
            for i, device in enumerate(("phone", "phone", "virtual", "virtual")):
                referee.select_option(f"select[name='device-{i}']", device)
                referee.fill(f"input[name='name-{i}']", f"P{i + 1}")
            referee.get_by_role("button", name="Start the game").click()
            with referee.expect_response(lambda r: r.url.endswith("/api/command")) as made:
                referee.locator("#aside-yes").click()  # the simulated table's own game is set aside, as asked
            assert made.value.ok, made.value.text()
            expect(referee.locator("#under-way")).to_contain_text("P1", timeout=PATIENCE)
            links = referee.request.get(f"{url}/api/links").json()["seats"]
            for seat, phone in phones.items():
                phone.goto(url + next(s["url"] for s in links if s["seat"] == seat))
                own_objective_only(phone, seat)
                expect(phone.locator("#eobjective")).not_to_be_empty()
            tv.goto(f"{url}/")
            assert public(tv)["format"].startswith("astoria-epic"), public(tv)["format"]
            taps = 0
            while taps < TAPPED or not phone_awaited(public(tv)):
                taps += phone_awaited(public(tv))
                assert step(tv, referee, phones, rng, by_taps=True), "the game ended in its first rounds"
            # Stopped while a phone's mage is awaited: no bot can move before the test looks again.
            before_tv = public(tv)
            before = {seat: kept(phone, before_tv["version"]) for seat, phone in phones.items()}
            todo = kept_todo(tv, before_tv["version"])
            for page in (referee, phone1, phone2, tv):
                page.goto("about:blank")  # their streams end before the table stops
    with companion_run(store, port) as run:
        run.said(r"table ready:")
        with page_on(browser) as referee, page_on(browser) as phone1, page_on(browser) as phone2, \
                page_on(browser, {"viewport": {"width": 1920, "height": 1080}}) as tv:
            phones = {1: phone1, 2: phone2}
            for page in (referee, phone1, phone2, tv):
                page.set_default_timeout(PATIENCE)
            referee.goto(f"{url}/referee")
            referee.fill("#pin", pin)
            referee.get_by_role("button", name="Sign in").click()
            expect(referee.locator("#wizard")).to_be_attached()
            for seat, phone in phones.items():
                phone.goto(url + next(s["url"] for s in links if s["seat"] == seat))
            tv.goto(f"{url}/")
            resumed = public(tv)
            # The same game, where it was (the table's version may count a phone box seated again: no move).
            assert resumed["version"] >= before_tv["version"]
            assert unversioned(resumed) == unversioned(before_tv)
            assert kept_todo(tv, resumed["version"]) == todo  # the table's to-do kept
            assert {seat: kept(phone, resumed["version"]) for seat, phone in phones.items()} == before
            while step(tv, referee, phones, rng, by_taps=False):
                pass
            final = public(tv)
            assert final["result"] is not None and all("objective" in p for p in final["players"])
            showing(tv, final["version"])
            rows = tv.locator("section.ereveal tbody tr")
            expect(rows).to_have_count(4)  # every Objective revealed on the TV at the end
            for row in range(4):
                expect(rows.nth(row).locator("td").nth(1)).not_to_be_empty()
            for seat, phone in phones.items():
                own_objective_only(phone, seat)
