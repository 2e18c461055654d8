"""A 5-seat game set up on the referee's phone: one seat on a phone, two on hardware boxes (fake serial
boxes on sockets, speaking the real protocol) and two virtual players. Each device kind then places
its Idrakys: the phone by a tap on its seat page, the boxes by key presses, the virtual players alone."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.agents.bots import Bots
from companion.config import Config, PlayerConfig
from companion.games.xidit.boxes.keys import keys_for
from companion.run import SeatDevices, open_hardware
from tests.hardware.fakebox import SocketBox
from web.auth import seat_token

from .conftest import PIN, SHOTS, Served, expect, page_on, settled


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """The referee's phone."""
    with page_on(browser) as page:
        yield page


@pytest.fixture
def player_phone(browser: Any) -> Iterator[Any]:
    """Seat 1's phone."""
    with page_on(browser) as page:
        yield page


@pytest.fixture
def boxes() -> Iterator[list[SocketBox]]:
    made = [SocketBox(box_id=f"E6614C311B7A2F3{n}").start() for n in range(2)]
    yield made
    for fake in made:
        fake.close()


class Web:
    """What the run's seat devices need of the web server: the phone boxes it serves and the seat links."""

    def __init__(self, served: Served) -> None:
        self.phones = served.app.config["PHONES"]

    def seat_link(self, seat: int) -> str:
        return f"http://table/S/{seat}/X"


def test_five_seats_a_phone_two_boxes_and_two_virtual_players(served: Served, phone: Any, player_phone: Any,
                                                              boxes: list[SocketBox]) -> None:
    table = served.table
    specs = [f"serial:{fake.url}" for fake in boxes]
    config = Config(players=(PlayerConfig(2, "red", box=specs[0]), PlayerConfig(3, "green", box=specs[1])),
                    web_port=-1)
    hardware = open_hardware(config, table)
    bots = Bots(table, {}, delay=0.0, seed=3)
    devices = SeatDevices(config, table, bots, Web(served), hardware)
    bots.start()
    try:
        phone.goto(f"{served.url}/referee")
        phone.fill("#pin", PIN)
        phone.get_by_role("button", name="Sign in").click()
        phone.locator("#h-new").click()
        phone.select_option("#w-count", "5")
        for row, device in enumerate(["phone", f"box:{specs[0]}", f"box:{specs[1]}", "virtual", "virtual"]):
            phone.select_option(f"select[name='device-{row}']", device)
        phone.locator("#wizard .player-row").first.scroll_into_view_if_needed()
        phone.screenshot(path=str(SHOTS / "referee-seats.png"))
        first = table.game_id
        phone.get_by_role("button", name="Start the game").click()
        phone.get_by_role("button", name="Set it aside").click()
        expect(phone.locator("#under-way")).not_to_have_attribute("data-game", str(first))
        devices.follow()  # the run does it on every change of the table
        assert bots.seats == {4, 5} and sorted(served.app.config["PHONES"].boxes) == [1]
        for fake, seat in zip(boxes, (2, 3), strict=True):
            assert fake.wait(lambda f, seat=seat: f.box.seat == seat), f"box not bound to seat {seat}"

        # The placement, each seat on its own device, in turn from the first player.
        token = seat_token(served.app.config["SECRET_KEY"], table.game_id, 1)
        rng = random.Random(5)
        host = {h.seat: h for h in hardware}
        fake_of = dict(zip((2, 3), boxes, strict=True))
        while table.phase() == "place":
            awaited = engine_awaited(table)
            if awaited == 1:
                player_phone.goto(f"{served.url}/seat/1?t={token}")
                city = player_phone.locator("#decision input[name='city']").first.get_attribute("value")
                player_phone.locator(f"#decision input[name='city'][value='{city}'] + span").tap()
                player_phone.locator("#decision .confirm").tap()
                expect(player_phone.locator("#decision")).to_have_count(0)
            elif awaited in fake_of:
                for key in keys_for(host[awaited].box, rng, six_keys=False):
                    fake_of[awaited].press(key)
            # The box's keys travel over its serial line; a virtual player places by itself.
            assert wait_until(table, lambda seat=awaited: placed(table, seat)), f"seat {awaited} did not place"
        assert table.phase() == "program"
        assert all(p["city"] is not None for p in table.view("public")["players"])

        # Seat 2's box breaks: the referee moves its player to a phone, who goes on there. The virtual
        # players rest meanwhile, so that the referee's page stands still under the tap.
        bots.stop()
        settled(phone, table)
        phone.select_option("select[name='move-2']", "phone")
        expect(phone.locator("li.player[data-seat='2'] select[data-move]")).to_have_value("phone")
        # The page sends the move as it changes: the table has it once its loop has applied it.
        assert wait_until(table, lambda: table.seat_devices()[2] == {"device": "phone"})
        devices.follow()
        assert sorted(served.app.config["PHONES"].boxes) == [1, 2]
    finally:
        bots.stop()
        for h in hardware:
            h.close()


def placed(table: Any, seat: int) -> bool:
    return next(p for p in table.view("public")["players"] if p["seat"] == seat)["city"] is not None


def engine_awaited(table: Any) -> int:
    return int(table.view("public")["awaiting"][0]["seat"])


def wait_until(table: Any, condition: Callable[[], bool], timeout: float = 30.0) -> bool:
    """Waits on the table's own news of each change (never a sleep loop), at most `timeout` seconds."""
    changed = threading.Event()
    unwatch = table.watch(lambda version: changed.set())
    try:
        deadline = time.monotonic() + timeout
        while not condition():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            changed.wait(remaining)
            changed.clear()
        return True
    finally:
        unwatch()
