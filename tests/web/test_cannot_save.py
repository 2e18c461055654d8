"""A store that cannot be written, through the web (issue 27, item 4): a command gets words, not a bare
500; every page says the table cannot save; /api/health says what is wrong; and while a write hangs,
the pages that only read keep answering. On the tests' toy game (tests/games/toy): seat 0 (linked as
/seat/1) takes the first turn once every bid is locked."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.store import Sessions
from companion.table import Decide, EditDraft, Seal, Table
from companion.table import saving as saving_module
from tests.faulty_store import FaultyStore
from tests.table.support import new_toy_table
from web.auth import seat_token
from web.phone import PhoneBoxes

from .conftest import PIN, as_referee, as_seat, command, web_app

pytestmark = pytest.mark.usefixtures("toy_with_agents")
READS = ["/", "/part/table", "/api/view", "/scoring", "/api/whoami", "/map.svg"]
ROLL = {"type": "turn", "seat": 0, "do": "roll", "card": None}  # seat 0's first turn: a write, then the Pi's roll
SEAT_READS = ["/seat/1", "/part/seat", "/api/view", "/api/box/screen.png"]
REFEREE_READS = ["/referee", "/part/referee", "/api/view"]


def bids_locked(table: Table) -> None:
    for seat in range(4):
        table.handle(EditDraft(seat, {"bid": seat % 3}))
        table.handle(Seal(seat))


@pytest.fixture
def faulty(tmp_path: Path) -> Iterator[tuple[Table, FaultyStore, Flask]]:
    store = FaultyStore(tmp_path / "w.db")
    table = new_toy_table(tmp_path / "w.db", players=4, store=store)
    bids_locked(table)
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0}))
    yield table, store, app
    store.fault = None
    store.release.set()
    table.stop()


def test_a_command_the_table_cannot_save_is_answered_in_words_and_every_page_says_so(
        faulty: tuple[Table, FaultyStore, Flask]) -> None:
    table, store, app = faulty
    seat, referee, public = as_seat(app, 0), as_referee(app), app.test_client()
    actions = table.actions()
    store.fault = "full"
    answer = command(seat, app, command="decide", seat=0, action=ROLL)
    assert answer.status_code == 503, answer.get_json()
    assert "cannot save" in answer.get_json()["error"] and "free space" in answer.get_json()["error"]
    assert table.actions() == actions and table.view("seat:0")["phase"] == "turn"
    for client, path in ((public, "/"), (public, "/part/table"), (seat, "/seat/1"), (seat, "/part/seat"),
                         (referee, "/referee"), (referee, "/part/referee")):
        page = client.get(path).get_data(as_text=True)
        assert "The table cannot save" in page, path
    health = public.get("/api/health")
    assert health.status_code == 503 and health.get_json()["saving"] == "cannot_save"
    # In French too.
    assert command(referee, app, command="language", language="fr").status_code == 503  # not saved either
    store.fault = None
    assert command(referee, app, command="language", language="fr").status_code == 200
    store.fault = "full"
    assert command(seat, app, command="decide", seat=0, action=ROLL).status_code == 503
    assert "La table ne peut pas enregistrer" in public.get("/part/table").get_data(as_text=True)
    store.fault = None
    assert command(seat, app, command="decide", seat=0, action=ROLL).status_code == 200
    assert public.get("/api/health").get_json() == {"saving": "ok"}
    assert "ne peut pas enregistrer" not in public.get("/part/table").get_data(as_text=True)


def test_pages_that_only_read_answer_while_a_write_hangs(faulty: tuple[Table, FaultyStore, Flask],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table, store, app = faulty
    monkeypatch.setattr(saving_module, "STALL", 0.0)  # any write in hand counts as stalled
    readers = [(app.test_client(), READS), (as_seat(app, 0), SEAT_READS), (as_referee(app), REFEREE_READS)]
    for client, paths in readers:  # each page as its phone had it before the write
        for path in paths:
            assert client.get(path).status_code == 200, path
    store.fault = "stall"
    hanging = table.submit(Decide(0, ROLL))
    assert store.entered.wait(10)
    answers: dict[str, int] = {}

    def read() -> None:
        for client, paths in readers:
            for path in paths:
                answers[path + str(id(client))] = client.get(path).status_code
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(10)
    finished = not reader.is_alive()
    health = app.test_client().get("/api/health")
    store.fault = None
    store.release.set()
    hanging.result(timeout=10)
    assert finished, f"a page waited for the hanging write (answered: {len(answers)})"
    assert set(answers.values()) == {200}
    assert health.status_code == 503 and health.get_json()["saving"] == "stalled"


def test_a_view_from_before_a_hanging_write_says_it_is_not_current(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit's stalled disk served the public a view of version 2 while the game was at action 117:
    the public page had not been read since. A view served while a write hangs says the table is still
    saving, and one from before the table's last change says it is stale."""
    monkeypatch.setattr(saving_module, "STALL", 0.0)
    store = FaultyStore(tmp_path / "s.db")
    table = new_toy_table(tmp_path / "s.db", players=4, store=store)
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, {0}))
    public = app.test_client()
    early = public.get("/api/view").get_json()["version"]  # the public page, read once early in the night
    assert public.get("/part/table").status_code == 200
    bids_locked(table)
    table.start()
    try:
        store.fault = "stall"
        hanging = table.submit(Decide(0, ROLL))
        assert store.entered.wait(10)
        read: dict[str, object] = {}
        reader = threading.Thread(target=lambda: read.update(view=public.get("/api/view").get_json(),
                                                             page=public.get("/part/table").get_data(as_text=True)),
                                  daemon=True)
        reader.start()
        reader.join(10)
        finished = not reader.is_alive()
    finally:
        store.fault = None
        store.release.set()
        table.stop()
    hanging.result(timeout=10)
    assert finished, "the public page waited for the hanging write"
    view = read["view"]
    assert isinstance(view, dict) and view["version"] == early < table.version
    assert view["table"]["saving"]["stale"] is True and "still saving" in view["table"]["saving"]["problem"]
    assert "still saving" in str(read["page"])


class FullSessions(Sessions):
    """The sign-ins' own connection to the store, on a card that has just filled up."""

    full = False

    def _refuse(self) -> None:
        if self.full:
            raise sqlite3.OperationalError("database or disk is full")

    def open(self, kind: str, game: int | None, lifetime: float) -> str:
        self._refuse()
        return super().open(kind, game, lifetime)

    def end(self, ident: str) -> None:
        self._refuse()
        super().end(ident)

    def end_all(self, kind: str, *, but_game: int | None = None) -> int:
        self._refuse()
        return super().end_all(kind, but_game=but_game)


def test_sign_ins_while_the_store_cannot_save_are_refused_503_in_words(
        faulty: tuple[Table, FaultyStore, Flask]) -> None:
    table, _, app = faulty
    app.config["SESSIONS"].close()
    sessions = app.config["SESSIONS"] = FullSessions(table.store_path)
    referee = as_referee(app)  # signed in before the card filled up
    sessions.full = True
    token = seat_token(app.config["SECRET_KEY"], table.game_id, 0)
    answers = {
        "login": app.test_client().post("/api/login", json={"pin": PIN}),
        "join": app.test_client().post("/api/join", json={"seat": 0, "token": token}),
        "logout": referee.post("/api/logout", json={}),
    }
    for name, answer in answers.items():
        assert answer.status_code == 503, name
        assert "cannot sign anyone in" in answer.get_json()["error"], name
    page = app.test_client().get(f"/seat/1?t={token}")
    assert page.status_code == 503 and "cannot sign anyone in" in page.get_data(as_text=True)
    sessions.full = False
    assert app.test_client().post("/api/login", json={"pin": PIN}).status_code == 200
    sessions.close()
