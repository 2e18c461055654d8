"""Who plays each seat: the referee gives every seat a box, a phone or a virtual player when a game
starts (a game with a seat nobody plays does not start), may move a seat to another device mid-game,
and the run puts each seat on its device (fake serial boxes here). The first two on the tests' toy game
(tests/games/toy: seats 0 to 4, said from 1 to 5); the run's own games are Xidit's, the default."""

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

from .support import new_table, new_toy_table
from .test_finished_game import Turns

FIVE = {"players": [{"seat": s, "colour": c} for s, c in
                    zip(range(1, 6), ("blue", "red", "green", "yellow", "black"), strict=True)],
        "length": "short", "seed": 2}
PHONE, VIRTUAL = {"device": "phone"}, {"device": "virtual", "level": "easy"}
TOY_FIVE = {"players": 5, "rounds": 1, "teams": False, "seed": 2}
GREEDY = {"device": "virtual", "level": "greedy"}  # a level of the toy's agents


def box(spec: str) -> dict[str, str]:
    return {"device": "box", "box": spec}


def test_a_game_starts_only_when_every_seat_is_played(tmp_path: Path, toy_with_agents: Any) -> None:
    table = new_toy_table(tmp_path / "t.db", players=3)
    table.offer_boxes(["serial:/dev/ttyACM0", "gpio:1"])
    game = table.game_id
    for seats, why in (({"0": PHONE, "1": PHONE, "2": PHONE, "3": PHONE}, "Nobody plays seat 5"),
                       ({**{str(s): PHONE for s in range(4)}, "4": box("serial:/dev/ttyUSB9")}, "no such box"),
                       ({"0": box("gpio:1"), "1": box("gpio:1"), "2": PHONE, "3": PHONE, "4": PHONE}, "one seat only"),
                       ({**{str(s): PHONE for s in range(4)}, "4": {"device": "virtual", "level": "godlike"}},
                        "levels: greedy"),
                       ({**{str(s): PHONE for s in range(4)}, "4": {"device": "toaster"}}, "Say for every seat")):
        with pytest.raises(Refused, match=why):
            table.handle(NewGame(TOY_FIVE, replacing=game, seats=seats, game="toy"))
        assert table.game_id == game
    seats = {"0": PHONE, "1": box("serial:/dev/ttyACM0"), "2": box("gpio:1"), "3": GREEDY, "4": GREEDY}
    table.handle(NewGame(TOY_FIVE, replacing=game, seats=seats, game="toy"))
    assert table.seat_devices() == {int(s): d for s, d in seats.items()}
    assert table.view("referee")["table"]["seats"]["1"] == box("serial:/dev/ttyACM0")
    assert table.view("referee")["table"]["devices"]["boxes"] == ["serial:/dev/ttyACM0", "gpio:1"]
    assert "devices" not in table.view("public")["table"]

    # The box of seat 1 breaks: seat 1 goes on on a phone; the choice outlives a restart.
    with pytest.raises(Refused, match="one seat only"):
        table.handle(MoveSeat(3, box("gpio:1")))
    table.handle(MoveSeat(1, PHONE))
    table.stop()
    again = Table.open(Store(tmp_path / "t.db"), table.board_text, game="toy")
    assert again.seat_devices()[1] == PHONE and again.seat_devices()[2] == box("gpio:1")
    again.stop()


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


def test_the_run_puts_each_seat_on_its_device(tmp_path: Path, boxes: list[SocketBox], toy_with_agents: Any) -> None:
    a, b = (f"serial:{fake.url}" for fake in boxes)
    config = Config(players=(PlayerConfig(0, "red", box="phone"), PlayerConfig(1, "blue", box=a),
                             PlayerConfig(2, "green", box=b)), web_port=-1)
    table = new_toy_table(tmp_path / "t.db", players=3)
    table.start()
    bots = Bots(table, set(), delay=0.0, seed=1)
    web: Any = PhonesOnly(PhoneBoxes(table, {0}))
    hardware = open_hardware(config, table)
    devices = SeatDevices(config, table, bots, web, hardware)
    try:
        assert table.view("referee")["table"]["devices"]["boxes"] == [a, b]
        # A 5-seat game: one phone, the two boxes swapped, two virtual players.
        seats = {"0": PHONE, "1": box(b), "2": box(a), "3": GREEDY, "4": GREEDY}
        table.submit(NewGame(TOY_FIVE, replacing=table.game_id, seats=seats, game="toy")).result(timeout=10)
        devices.follow()
        assert bots.seats == {3, 4}
        assert sorted(web.phones.boxes) == [0] and {h.seat for h in hardware} == {1, 2}
        for fake, seat in ((boxes[0], 2), (boxes[1], 1)):
            assert fake.wait(lambda f, seat=seat: f.box.seat == seat), f"box not bound to seat {seat}"
        # Seat 2's box breaks: the player goes on on a phone.
        table.submit(MoveSeat(2, PHONE)).result(timeout=10)
        devices.follow()
        assert sorted(web.phones.boxes) == [0, 2] and bots.seats == {3, 4}
        # The box that played seat 2 lets go of it at once (issue 26, item 4): it no longer sends its keys.
        assert {h.seat for h in hardware} == {1}
        # Seat 0 goes to a virtual player: its phone box is gone, a virtual player plays it.
        table.submit(MoveSeat(0, GREEDY)).result(timeout=10)
        devices.follow()
        assert sorted(web.phones.boxes) == [2] and bots.seats == {0, 3, 4}
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
