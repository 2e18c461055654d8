"""Any game, any time, on the table people run (issue 35): the installed wheel's `companion run`, started as the
README starts it (no --game), plays Zargos games made from the referee's wizard with virtual players to their
end, keeps a game's to-do across a restart in its middle, rolls other dice in each new game, then plays
Xidit, and logs no traceback. Driven through the pages' own requests (tests/install/night.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.install.night import Browser, pin, table_run
from tests.install.test_wheel import _clean_env

VIRTUAL = {"device": "virtual", "level": "normal"}


def zargos(referee: Browser, players: int, names: dict[str, str] | None = None) -> int:
    """A Zargos game from the wizard, as referee.js and Zargos's wizard script send it: every seat virtual."""
    view = referee.view()
    under_way = view["table"]["game"] if view.get("phase") not in (None, "setup", "over") else None
    status, answer = referee.command({
        "command": "new_game", "game": "zargos", "setup": {"players": players}, "replacing": under_way,
        "seats": {str(seat): VIRTUAL for seat in range(players)}, "face_up": None, "referee_seat": None,
        "chance": None, "names": names or {}})
    assert status == 200, answer
    return int(answer["game"])


def answer_the_table(referee: Browser) -> Any:
    """What the game asks the table (a value printed on the board, 10.2: never drawn by the Pi), read off it by
    the referee, as the page's answer buttons send it."""
    def on_view(view: dict[str, Any]) -> None:
        asking = view["table"].get("asking")
        if asking is not None and asking.get("kind") == "value":
            referee.command({"command": "tell", "outcome": asking["answers"][0]["value"],
                             "question": asking["question"]})
    return on_view


def pi_rolls(referee: Browser) -> list[Any]:
    """The Pi's rolls and draws of the game under way, as its record (the referee's export) holds them."""
    status, body = referee.get("/api/record")
    assert status == 200, body[:300]
    record = json.loads(body)
    return [move["outcome"] for move in record["moves"] if move.get("type") == "chance"]


ROLLS = 20  # compared between two games: two secret seeds give the same 20 first draws once in billions


def todo(view: dict[str, Any]) -> dict[str, Any]:
    """The table's to-do as the table page shows it: its steps (done or not), how many are done, how many in all."""
    table = view["table"]
    return {"steps": table["steps"], "acknowledged": table["acknowledged"], "steps_total": table["steps_total"]}


def held(view: dict[str, Any]) -> bool:
    """The game waits for the table (pace "wait for the table"), nothing asked of it: nothing moves until Done."""
    return bool(view["table"]["paused"]) and view["table"].get("asking") is None


def test_a_night_of_zargos_and_xidit_from_the_wizard(installed: Path, tmp_path: Path) -> None:
    env = _clean_env()
    store = tmp_path / "night.db"
    code = pin(installed, store, env)
    log: list[str] = []
    with table_run(installed, store, env, log) as address:
        referee = Browser(address)
        assert referee.post("/api/login", {"pin": code})[0] == 200
        # 1. A Zargos game from the wizard, on the default table, played by virtual players to its end; the
        # names typed in the wizard name its players.
        first = zargos(referee, 2, {"0": "Ann", "1": "Bob"})
        assert referee.view()["table"]["game"] == first
        page = referee.get("/referee")[1].decode()
        assert "1 — Ann" in page and "2 — Bob" in page and '/seat/1?t=' in page
        referee.until("the first Zargos game's end", lambda v: v["table"]["game"] == first and v["phase"] == "over",
                      answer_the_table(referee), within=120)
        first_rolls = pi_rolls(referee)
        assert len(first_rolls) >= ROLLS
        # 2. The wizard takes another at once. The table plays it at the pace of its Done taps: nothing moves
        # between two taps, so the to-do before a restart can be compared with the one after.
        assert referee.command({"command": "pace", "pace": "orders"})[0] == 200
        second = zargos(referee, 3)
        assert second != first
        for _ in range(8):
            view = referee.until("the game waiting for the table", held, answer_the_table(referee))
            status, answer = referee.command({"command": "acknowledge", "upto": view["table"]["acknowledged"] + 1})
            assert status == 200, answer
        before = todo(referee.until("the game waiting for the table", held, answer_the_table(referee)))
        assert before["steps_total"] > before["acknowledged"] == 8
    # 3. A restart in the middle of it: the same to-do, Done taps and all.
    with table_run(installed, store, env, log) as address:
        referee = Browser(address)
        assert referee.post("/api/login", {"pin": code})[0] == 200
        view = referee.view()
        assert view["table"]["game"] == second and todo(view) == before
        assert referee.command({"command": "pace", "pace": "decisions"})[0] == 200
        # 4. A third Zargos game: its Pi dice are not the first's.
        third = zargos(referee, 2)
        third_rolls = referee.until("the third game's rolls", lambda v: len(pi_rolls(referee)) >= ROLLS and
                                    pi_rolls(referee), answer_the_table(referee))
        assert third not in (first, second) and third_rolls[:ROLLS] != first_rolls[:ROLLS]
        # 5. Then Xidit, from the same wizard: it plays.
        view = referee.view()
        players = [{"seat": seat, "colour": colour} for seat, colour in ((1, "red"), (2, "blue"), (3, "green"))]
        status, answer = referee.command({
            "command": "new_game", "game": "xidit", "replacing": view["table"]["game"] if view["phase"] != "over"
            else None, "setup": {"players": players, "first_player": 1, "length": "short", "neutral": "normal"},
            "seats": {str(s): VIRTUAL for s in (1, 2, 3)}, "face_up": None, "referee_seat": None, "chance": None})
        assert status == 200, answer
        xidit = int(answer["game"])
        referee.until("Xidit's first actions", lambda v: v["table"]["game"] == xidit and v["table"]["actions"] > 3)
    text = "".join(log)
    troubles = [line for line in log if "Traceback" in line or "Error" in line or line.startswith("ERROR")]
    assert not troubles, "".join(troubles)
    assert "seats: seat 1 (Ann) on virtual, seat 2 (Bob) on virtual" in text, text[-6000:]
    assert re.search(rf"game {first} over: seat [12] \((Ann|Bob)\) wins", text), text[-6000:]
