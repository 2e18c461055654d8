"""Issue 35 (game night, problem 1): a virtual player that could not play only logged a 24-line traceback every
second (310 in 5 minutes) and the referee was told nothing. Now the table is told once which seat's virtual
player cannot play, the referee's page says so in words (decide for it, or move the seat to a phone), and the
log says it once per kind of failure."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest
from flask import Flask

from companion.agents.bots import Bots
from companion.agents.levels import kit as kit_of
from companion.table import SetLanguage, Table

from .conftest import as_referee, command

TRIES = 3


class Broken:
    """A game's agents whose every decision fails as the Xidit agents failed on a Zargos game."""

    def __init__(self, kit: Any) -> None:
        self._kit = kit
        self.tries = 0
        self.tried = threading.Event()  # set once the virtual players have tried TRIES times

    def __getattr__(self, name: str) -> Any:
        return getattr(self._kit, name)

    def make(self, level: str, pack: Any, seed: int) -> Any:
        broken = self

        class Agent:
            def __init__(self) -> None:
                self.level = level

            def decide(self, view: Any, choice: Any) -> Any:
                broken.tries += 1
                if broken.tries >= TRIES:
                    broken.tried.set()
                raise KeyError("colour")

        return Agent()


def test_the_referee_is_told_once_which_virtual_player_cannot_play(app: Flask, table: Table,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    referee = as_referee(app)
    seats = [seat for seat, _, _ in table.players()]
    for seat in seats:
        assert command(referee, app, command="move_seat", seat=seat, device={"device": "virtual"}).status_code == 200
    stuck = table.view("public")["awaiting"][0]["seat"]
    bots = Bots(table, dict.fromkeys(seats, "normal"), delay=0.0, seed=1)
    broken = Broken(kit_of(table.game_key))
    bots.kit = broken
    with caplog.at_level(logging.INFO, logger="companion.bots"):
        bots.start()
        try:
            assert broken.tried.wait(10)
        finally:
            assert bots.stop(10)
    errors = [r for r in caplog.records if r.name == "companion.bots" and r.levelno >= logging.WARNING]
    assert len(errors) == 1 and f"(seat {stuck})" in errors[0].getMessage(), [r.getMessage() for r in errors]
    assert table.view("public")["table"]["boxes"][str(stuck)] == {"kind": "virtual", "connected": False}
    page = referee.get("/part/referee").get_data(as_text=True)
    assert f"The virtual player of seat {stuck} (" in page and "move the seat to a phone" in page
    assert f'data-decide-for="{stuck}"' in page  # "Decide for them", for the seat it waits for
    table.handle(SetLanguage("fr"))
    page = referee.get("/part/referee").get_data(as_text=True)
    assert f"Le joueur virtuel de la place {stuck} (" in page
    # The seat handed to a phone: the notice goes (the run tells the virtual players, who tell the table).
    assert command(referee, app, command="move_seat", seat=stuck, device={"device": "phone"}).status_code == 200
    bots.play({s: "normal" for s in seats if s != stuck})
    assert "Le joueur virtuel" not in referee.get("/part/referee").get_data(as_text=True)
