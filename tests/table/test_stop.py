"""Stopping `companion run` (issues 28/29, robustness): a SIGTERM or Ctrl-C at any moment of the run's life,
from its first step, stops it cleanly and in bounded time with everything stored, for any game; no part's
stop waits on something nothing wakes; and a stop leaves no command unanswered."""

from __future__ import annotations

import dataclasses
import logging
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from companion import config as configuration
from companion.agents.bots import Bots
from companion.config import Config
from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.run import run
from companion.store import Store
from companion.table import Refused, SetPace, Table
from tests.spawned import ended, spawned
from tests.table.support import new_toy_table

ROOT = Path(__file__).resolve().parents[2]  # where `tests.signalled_run` can be run as a module
SAVED = "Game saved — safe to unplug"


def table_config(game: str, store: Path) -> Config:
    """`companion run --game GAME --all-bots --bot-delay 0` on 127.0.0.1, any free port, as the command makes it."""
    module = registry.load(game)
    first = int(getattr(module.agents, "first_seat", 1))
    simulated = configuration.simulated()
    players = tuple(dataclasses.replace(p, box="bot", seat=p.seat - 1 + first) for p in simulated.players)
    return dataclasses.replace(simulated, players=players, game=game, store=store, web_host="127.0.0.1", web_port=0,
                               bot_delay=0.0, simulated=False)


def assert_stored_cleanly(config: Config, acknowledged: int) -> None:
    """The store was closed by the stop (its WAL folded in), opens without a warning, and holds the game with
    every action the run acknowledged."""
    wal = Path(f"{config.store}-wal")
    assert not wal.exists() or wal.stat().st_size == 0, "the store was not closed"
    store = Store(config.store)
    assert store.warnings == []
    table = Table.open(store, default_pack_text() if config.game == "xidit" else registry.load(config.game).commands
                       .pack_in_use(None, config.store)[0], game=config.game)  # type: ignore[union-attr]
    try:
        assert table.has_game() and table.stored() >= acknowledged
    finally:
        table.stop()


class Escaped(Exception):
    """A SIGTERM that reached the test: the run had not taken SIGTERM yet (the process would have died)."""


@pytest.fixture
def sigterm_is_the_tests() -> Iterator[Any]:
    """SIGTERM raises in the test, unless a run has taken it; put back afterwards."""

    def escaped(signum: int, frame: FrameType | None) -> None:
        raise Escaped("SIGTERM reached the test, not the run")

    before = signal.signal(signal.SIGTERM, escaped)
    try:
        yield escaped
    finally:
        signal.signal(signal.SIGTERM, before)


class SigtermWhenLogged(logging.Handler):
    """Sends this process SIGTERM as the first log line containing `moment` is logged, on the thread that
    logs it (start-up's lines on the main thread, the table's on its loop): at that very moment of the run."""

    def __init__(self, moment: str) -> None:
        super().__init__(logging.INFO)
        self.moment = moment
        self.sent = False

    def emit(self, record: logging.LogRecord) -> None:  # under the handler's lock: one SIGTERM however many log
        if not self.sent and self.moment in record.getMessage():
            self.sent = True
            os.kill(os.getpid(), signal.SIGTERM)


class Bounded(threading.Event):
    """The run's stop event, set after `turns` looks of the run's loop: a run whose moment never comes (a
    broken test) ends all the same, and the test says so."""

    def __init__(self, turns: int) -> None:
        super().__init__()
        self.turns = turns
        self.gave_up = False

    def wait(self, timeout: float | None = None) -> bool:
        self.turns -= 1
        if self.turns <= 0:
            self.gave_up = True
            self.set()
        return super().wait(timeout)


# Each line the run logs on its way, in order: the store and table opened, the game started, the web server
# and the virtual players running, the loop about to start; then, from the table's loop while virtual players
# play, a sealed program locked (Xidit) and a roll drawn by the Pi (Zargos, 2.3).
MOMENTS = [("xidit", moment) for moment in ("board pack for new games", "game 1 started", "table view",
                                           "PROVISIONAL", "table ready", "locked")] \
    + [("zargos", moment) for moment in ("board pack for new games", "game 1 started", "table view", "table ready",
                                         "the Pi drew")]


@pytest.mark.parametrize(("game", "moment"), MOMENTS)
def test_a_sigterm_at_any_moment_stops_the_run_cleanly_with_everything_stored(
        game: str, moment: str, tmp_path: Path, caplog: pytest.LogCaptureFixture, sigterm_is_the_tests: Any) -> None:
    config = table_config(game, tmp_path / "night.db")
    acknowledged = [0]
    hook = SigtermWhenLogged(moment)
    stop = Bounded(turns=600)  # 2 minutes of the loop's looks
    logging.getLogger().addHandler(hook)
    try:
        with caplog.at_level(logging.INFO):
            assert run(config, stop, on_stored=acknowledged.append) == 0
    finally:
        logging.getLogger().removeHandler(hook)
    assert hook.sent, f"the run never logged {moment!r}"
    assert not stop.gave_up, "the run did not stop on SIGTERM"
    assert SAVED in caplog.text
    assert signal.getsignal(signal.SIGTERM) is sigterm_is_the_tests, "the run gives SIGTERM back as it found it"
    assert_stored_cleanly(config, max(acknowledged))


@pytest.mark.parametrize("game", ["xidit", "zargos"])
def test_a_sigterm_while_the_loop_holds_its_stop_events_lock_stops_the_run(game: str, tmp_path: Path) -> None:
    """`companion run` once did not end on a SIGTERM that landed there: its handler set the stop event, whose
    lock the interrupted loop held. Run in a child process, so that such a hang fails the test, not the run."""
    config = table_config(game, tmp_path / "night.db")
    with spawned([sys.executable, "-m", "tests.signalled_run", "--game", game, "--store", str(config.store),
                  "--all-bots", "--bot-delay", "0", "--port", "-1"], cwd=ROOT, stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        code, said, log = ended(process, within=60)
    assert "signalled\n" in said, f"the run's loop never waited:\n{log[-3000:]}"
    assert code == 0 and SAVED in log, log[-3000:]
    before = said[:said.index("signalled\n")].split()  # what it acknowledged after the SIGTERM is not counted
    assert_stored_cleanly(config, max((int(n) for n in before[1::2]), default=0))


def test_virtual_players_stop_within_their_bound_mid_decision_and_key_in_nothing_after(tmp_path: Path,
                                                                                      toy_with_agents: Any) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3)  # the toy game: a virtual player's stop is any game's
    table.start()
    bots = Bots(table, {0: "greedy", 1: "greedy", 2: "greedy"}, delay=0.0, seed=1)
    deciding, decided = threading.Event(), threading.Event()

    class Stalled:
        """The game's agents, each decision held until the test lets it end."""

        def __init__(self, kit: Any) -> None:
            self.kit = kit

        def make(self, level: str, pack: Any, seed: int) -> Any:
            agent = self.kit.make(level, pack, seed)

            class Held:
                def __init__(self) -> None:
                    self.level = agent.level

                def decide(self, view: Any, choice: Any) -> Any:
                    deciding.set()
                    assert decided.wait(60)
                    return agent.decide(view, choice)
            return Held()

        def __getattr__(self, name: str) -> Any:
            return getattr(self.kit, name)

    bots.kit = Stalled(bots.kit)  # type: ignore[assignment]
    before = table.stored()
    bots.start()
    assert deciding.wait(60)
    assert bots.stop(within=0) is False, "still deciding: the stop does not wait beyond its bound"
    decided.set()
    assert bots.stop(within=60) is True
    assert table.stored() == before, "a decision not keyed in when the stop came is dropped"
    assert table.stop() is True


def test_a_stopped_table_refuses_commands_and_a_stuck_loop_does_not_hold_its_stop(tmp_path: Path,
                                                                                  toy_with_agents: Any) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3)  # the toy game: a table's stop is any game's
    table.start()
    inside, let_go = threading.Event(), threading.Event()

    def stuck(version: int) -> None:  # the loop held as by a write that does not return
        inside.set()
        assert let_go.wait(60)

    table.watch(stuck)
    table.submit(SetPace("orders"))
    assert inside.wait(60)
    assert table.stop(within=0) is False, "the stop gives up on a stuck loop within its bound"
    late = table.submit(SetPace("decisions"))
    with pytest.raises(Refused, match="The table has stopped"):
        late.result(timeout=60)  # answered at once: nothing would ever answer it after the loop's last command
    let_go.set()
    assert table.stop() is True
    assert table.view("public")["table"]["pace"] == "orders"
