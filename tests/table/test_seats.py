"""Who plays each seat: the referee gives every seat a box, a phone or a virtual player when a game
starts (a game with a seat nobody plays does not start), may move a seat to another device mid-game,
and the run puts each seat on its device (fake serial boxes here)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.agents.bots import Bots
from companion.config import Config, PlayerConfig
from companion.games.xidit.boards import default_pack_text
from companion.run import SeatDevices, config_seats, open_hardware, run
from companion.store import Store
from companion.table import MoveSeat, NewGame, Refused, Table
from tests.hardware.fakebox import SocketBox
from web.phone import PhoneBoxes

from .support import new_table
from .test_finished_game import Turns

FIVE = {"players": [{"seat": s, "colour": c} for s, c in
                    zip(range(1, 6), ("blue", "red", "green", "yellow", "black"), strict=True)],
        "length": "short", "seed": 2}
PHONE, VIRTUAL = {"device": "phone"}, {"device": "virtual", "level": "easy"}


def box(spec: str) -> dict[str, str]:
    return {"device": "box", "box": spec}


def test_a_game_starts_only_when_every_seat_is_played(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    table.offer_boxes(["serial:/dev/ttyACM0", "gpio:1"])
    game = table.game_id
    for seats, why in (({"1": PHONE, "2": PHONE, "3": PHONE, "4": PHONE}, "Nobody plays seat 5"),
                       ({**{str(s): PHONE for s in range(1, 5)}, "5": box("serial:/dev/ttyUSB9")}, "no such box"),
                       ({"1": box("gpio:1"), "2": box("gpio:1"), "3": PHONE, "4": PHONE, "5": PHONE}, "one seat only"),
                       ({**{str(s): PHONE for s in range(1, 5)}, "5": {"device": "virtual", "level": "godlike"}},
                        "levels: easy"),
                       ({**{str(s): PHONE for s in range(1, 5)}, "5": {"device": "toaster"}}, "Say for every seat")):
        with pytest.raises(Refused, match=why):
            table.handle(NewGame(FIVE, replacing=game, seats=seats))
        assert table.game_id == game
    seats = {"1": PHONE, "2": box("serial:/dev/ttyACM0"), "3": box("gpio:1"), "4": VIRTUAL, "5": VIRTUAL}
    table.handle(NewGame(FIVE, replacing=game, seats=seats))
    assert table.seat_devices() == {int(s): d for s, d in seats.items()}
    assert table.view("referee")["table"]["seats"]["2"] == box("serial:/dev/ttyACM0")
    assert table.view("referee")["table"]["devices"]["boxes"] == ["serial:/dev/ttyACM0", "gpio:1"]
    assert "devices" not in table.view("public")["table"]

    # The box of seat 2 breaks: seat 2 goes on on a phone; the choice outlives a restart.
    with pytest.raises(Refused, match="one seat only"):
        table.handle(MoveSeat(4, box("gpio:1")))
    table.handle(MoveSeat(2, PHONE))
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text)
    assert again.seat_devices()[2] == PHONE and again.seat_devices()[3] == box("gpio:1")


class PhonesOnly:
    """What the run's seat devices need of the web server: its phone boxes and the seats' links."""

    def __init__(self, phones: PhoneBoxes) -> None:
        self.phones = phones

    def seat_link(self, seat: int) -> str:
        return f"http://table/S/{seat}/X"


@pytest.fixture
def boxes() -> Iterator[list[SocketBox]]:
    made = [SocketBox(box_id=f"E6614C311B7A2F2{n}").start() for n in range(2)]
    yield made
    for fake in made:
        fake.close()


def test_the_run_puts_each_seat_on_its_device(tmp_path: Path, boxes: list[SocketBox]) -> None:
    a, b = (f"serial:{fake.url}" for fake in boxes)
    config = Config(players=(PlayerConfig(1, "blue", box="phone"), PlayerConfig(2, "red", box=a),
                             PlayerConfig(3, "green", box=b)), web_port=-1)
    table = new_table(tmp_path / "t.db", players=3)
    table.start()
    bots = Bots(table, set(), delay=0.0, seed=1)
    web: Any = PhonesOnly(PhoneBoxes(table, {1}))
    hardware = open_hardware(config, table)
    devices = SeatDevices(config, table, bots, web, hardware)
    try:
        assert table.view("referee")["table"]["devices"]["boxes"] == [a, b]
        # A 5-seat game: one phone, the two boxes swapped, two virtual players.
        seats = {"1": PHONE, "2": box(b), "3": box(a), "4": VIRTUAL, "5": VIRTUAL}
        table.submit(NewGame(FIVE, replacing=table.game_id, seats=seats)).result(timeout=10)
        devices.follow()
        assert bots.seats == {4, 5}
        assert sorted(web.phones.boxes) == [1] and {h.seat for h in hardware} == {2, 3}
        for fake, seat in ((boxes[0], 3), (boxes[1], 2)):
            assert fake.wait(lambda f, seat=seat: f.box.seat == seat), f"box not bound to seat {seat}"
        # Seat 3's box breaks: the player goes on on a phone.
        table.submit(MoveSeat(3, PHONE)).result(timeout=10)
        devices.follow()
        assert sorted(web.phones.boxes) == [1, 3] and bots.seats == {4, 5}
        # The box that played seat 3 lets go of it at once (issue 26, item 4): it no longer sends its keys.
        assert {h.seat for h in hardware} == {2}
        # Seat 1 goes to a virtual player: its phone box is gone, a virtual player plays it.
        table.submit(MoveSeat(1, VIRTUAL)).result(timeout=10)
        devices.follow()
        assert sorted(web.phones.boxes) == [3] and bots.seats == {1, 4, 5}
    finally:
        for h in hardware:
            h.close()
        table.stop()


def test_a_game_the_run_starts_from_its_config_can_move_its_seats(tmp_path: Path) -> None:
    """Issue 26, item 4: `companion run`'s own games say who plays each seat, as the wizard's do; a game
    from before (its seats unsaid) takes the config's, so moving one seat leaves the others where they are."""
    config = Config(players=(PlayerConfig(1, "blue", box="phone"), PlayerConfig(2, "red", level="strong"),
                             PlayerConfig(3, "green", level="easy")), store=tmp_path / "run.db", web_port=-1,
                    options=(("length", "short"),))
    ready = threading.Event()
    ready.set()
    assert run(config, Turns(ready, turns=1)) == 0
    table = Table.open(Store(config.store), default_pack_text())
    assert table.seat_devices() == {1: PHONE, 2: {"device": "virtual", "level": "strong"}, 3: VIRTUAL}
    table.stop()

    older = new_table(tmp_path / "old.db", players=3)  # seats unsaid, as the run's games were
    older.offer_boxes([], config_seats(config))
    assert older.view("referee")["table"]["seats"]["2"] == {"device": "virtual", "level": "strong"}
    older.handle(MoveSeat(1, VIRTUAL))
    assert older.seat_devices() == {1: VIRTUAL, 2: {"device": "virtual", "level": "strong"}, 3: VIRTUAL}
    assert older.seat_link(1) == 1, "the phone that played seat 1 is signed out of it at once"
    older.stop()
