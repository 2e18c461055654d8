"""The table's address in its links and QR codes follows the machine's addresses as they change (issue 25,
item 5): a phone is never handed a loopback link; with only loopback, the pages say there is no network."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask

from companion.config import simulated
from companion.run import start_web
from companion.table import Table
from tests.table.support import new_toy_table
from tests.web.conftest import as_referee, web_app
from web.address import LOOKED_AGAIN, TableAddress
from web.phone import PhoneBoxes

pytestmark = pytest.mark.usefixtures("toy_with_agents")  # the same for every game: on the toy


class Network:
    """The machine's addresses as a test sets them, and a clock it moves."""

    def __init__(self, *addresses: str) -> None:
        self.addresses = list(addresses)
        self.now = 0.0
        self.looks = 0

    def source(self) -> list[str]:
        self.looks += 1
        return list(self.addresses)

    def clock(self) -> float:
        return self.now

    def becomes(self, *addresses: str) -> None:
        self.addresses = list(addresses)
        self.now += LOOKED_AGAIN


def test_a_new_address_gives_new_links_once_looked_at_again() -> None:
    network = Network("127.0.0.1", "192.168.1.20")
    address = TableAddress(8000, source=network.source, clock=network.clock)
    assert address.url() == "http://192.168.1.20:8000/"
    network.addresses = ["127.0.0.1", "10.42.0.1"]
    network.now += LOOKED_AGAIN / 2
    assert address.url() == "http://192.168.1.20:8000/" and network.looks == 1  # cheap: kept a few seconds
    network.now += LOOKED_AGAIN / 2
    assert address.url() == "http://10.42.0.1:8000/" and network.looks == 2


def test_with_only_loopback_there_is_no_link_and_the_network_coming_up_gives_one() -> None:
    network = Network("127.0.0.1", "::1", "fe80::1")
    address = TableAddress(8000, source=network.source, clock=network.clock)
    assert address.url() is None
    assert address.urls() == ["http://127.0.0.1:8000/"]  # the log still says where this machine serves
    network.becomes("127.0.0.1", "10.42.0.1")  # the Pi's own hotspot, no default route
    assert address.url() == "http://10.42.0.1:8000/"


def test_an_ipv6_address_is_put_in_brackets_and_ipv4_comes_first() -> None:
    network = Network("::1", "fe80::2", "fd00::7")
    address = TableAddress(8000, source=network.source, clock=network.clock)
    assert address.url() == "http://[fd00::7]:8000/"
    network.becomes("fd00::7", "192.168.1.20")
    assert address.url() == "http://192.168.1.20:8000/"
    assert address.urls() == ["http://192.168.1.20:8000/", "http://[fd00::7]:8000/", "http://127.0.0.1:8000/"]


def test_a_configured_name_comes_first_and_a_chosen_address_is_kept() -> None:
    network = Network("192.168.1.20")
    assert TableAddress(80, ["xidit.local"], source=network.source).url() == "http://xidit.local:80/"
    assert TableAddress(80, host="192.168.1.20", source=network.source).url() == "http://192.168.1.20:80/"
    # A table the config serves on 127.0.0.1 is for this machine alone: its links can name nothing else.
    assert TableAddress(80, host="127.0.0.1", source=Network("192.168.1.20").source).url() == "http://127.0.0.1:80/"


@pytest.fixture
def network() -> Network:
    return Network("127.0.0.1", "192.168.1.20")


@pytest.fixture
def address_app(table: Table, network: Network) -> Flask:
    app = web_app({"REFEREE_PIN": "424242", "TESTING": True}, table, PhoneBoxes(table, {1}))
    app.config["ADDRESS"] = TableAddress(8000, source=network.source, clock=network.clock)
    return app


def _seat_links(html: str) -> set[str]:
    return set(re.findall(r'href="(http://[^"]*/seat/\d\?t=[^"]*)"', html))


def test_the_referee_page_and_the_table_view_follow_the_address(address_app: Flask, network: Network) -> None:
    referee = as_referee(address_app)
    before = referee.get("/referee").get_data(as_text=True)
    assert {link.split("/seat/")[0] for link in _seat_links(before)} == {"http://192.168.1.20:8000"}
    assert len(_seat_links(before)) == 4
    network.becomes("127.0.0.1", "10.42.0.1")  # the game has not moved: the page's version is the same
    after = referee.get("/referee").get_data(as_text=True)
    assert {link.split("/seat/")[0] for link in _seat_links(after)} == {"http://10.42.0.1:8000"}
    assert '<p class="url">http://10.42.0.1:8000/</p>' in address_app.test_client().get("/").get_data(as_text=True)


def test_with_only_loopback_the_pages_say_no_network_and_hand_out_no_link(address_app: Flask,
                                                                           network: Network) -> None:
    network.becomes("127.0.0.1", "::1")
    referee = as_referee(address_app).get("/referee").get_data(as_text=True)
    assert "No network: phones cannot join yet." in referee
    assert _seat_links(referee) == set() and "127.0.0.1" not in referee and "<svg" not in referee.split("h-links")[1]
    view = address_app.test_client().get("/").get_data(as_text=True)
    assert "No network: phones cannot join yet." in view and "127.0.0.1" not in view


def test_no_network_is_said_in_french_too(tmp_path: Path) -> None:
    table = new_toy_table(tmp_path / "fr.db", language="fr")
    table.start()
    try:
        app = web_app({"REFEREE_PIN": "424242", "TESTING": True}, table, None)
        app.config["ADDRESS"] = TableAddress(8000, source=Network("127.0.0.1").source)
        french = as_referee(app).get("/referee").get_data(as_text=True)
        assert "Pas de réseau\u202f: les téléphones ne peuvent pas encore rejoindre la partie." in french
    finally:
        table.stop()


@pytest.fixture
def served(table: Table, network: Network) -> Iterator[tuple[object, Network]]:
    config = replace(simulated(), web_port=0, web_host="0.0.0.0", store=Path("unused.db"))
    server = start_web(config, table, source=network.source, clock=network.clock)
    assert server is not None
    yield server, network
    server.stop()


def test_the_boxes_qr_code_follows_the_address_and_is_absent_without_a_network(
        served: tuple[object, Network]) -> None:
    server, network = served
    port = server.port  # type: ignore[attr-defined]
    assert server.seat_link(1).startswith(f"HTTP://192.168.1.20:{port}/S/1/")  # type: ignore[attr-defined]
    network.becomes("127.0.0.1", "fd00::7")
    assert server.seat_link(1).startswith(f"HTTP://[FD00::7]:{port}/S/1/")  # type: ignore[attr-defined]
    network.becomes("127.0.0.1")
    assert server.seat_link(1) is None  # type: ignore[attr-defined]
