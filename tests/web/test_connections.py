"""No address can lock the phones out with connections (issue 27, item 2): 400 slow connections once kept
every new phone out for minutes. Each test holds real sockets against a real server on loopback; the
127.0.0.x addresses other than 127.0.0.1 play the network's (only 127.0.0.1 and ::1 are exempt)."""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.table.support import new_toy_table
from web.connections import CROWDED, PER_ADDRESS
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import PIN, web_app

pytestmark = pytest.mark.usefixtures("toy_with_agents")  # the same for every game: on the toy


@contextmanager
def serve(tmp_path: Path, **config: Any) -> Iterator[tuple[WebServer, int]]:
    table = new_toy_table(tmp_path / "doors.db", players=3, seed=6)
    table.start()
    server = WebServer(web_app({"REFEREE_PIN": PIN, **config}, table, PhoneBoxes(table, set())), "127.0.0.1", 0)
    server.start()
    sockets: list[socket.socket] = []
    server.app.config["TEST_SOCKETS"] = sockets
    try:
        yield server, server.port
    finally:
        for held in sockets:
            held.close()
        server.stop()
        table.stop()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[WebServer, int]]:
    with serve(tmp_path, REQUEST_HEAD_WITHIN=0.5, REQUEST_WITHIN=1.5) as served:
        yield served


def connect(server: WebServer, source: str, first: bytes = b"") -> socket.socket:
    held = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(source, 0))
    server.app.config["TEST_SOCKETS"].append(held)
    if first:
        held.sendall(first)
    return held


def answer(held: socket.socket) -> str:
    """What the server answered before it closed the connection ("" when it never did within 5 s)."""
    got = b""
    try:
        while chunk := held.recv(65536):
            got += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return got.decode("utf-8", "replace")


def page(server: WebServer, source: str) -> int:
    """A phone's request from its own address: its status (0 when it got no answer in 5 s)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5, source_address=(source, 0))
    try:
        connection.request("GET", "/api/view")
        response = connection.getresponse()
        response.read()
        return response.status
    except (TimeoutError, OSError):
        return 0
    finally:
        connection.close()


GET = b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def test_an_address_holds_at_most_its_share_of_connections_and_is_told_so(served: tuple[WebServer, int]) -> None:
    server, _ = served
    for _ in range(PER_ADDRESS):
        connect(server, "127.0.0.2")
    refused = answer(connect(server, "127.0.0.2", GET))
    assert refused.startswith("HTTP/1.1 429") and "Too many connections from this address" in refused
    assert page(server, "127.0.0.3") == 200  # another address is not held back
    for _ in range(2 * PER_ADDRESS):  # the machine's own address is not limited
        connect(server, "127.0.0.1")
    assert answer(connect(server, "127.0.0.1", GET)).startswith("HTTP/1.1 200")


def test_a_request_whose_head_comes_too_slowly_is_answered_and_closed(served: tuple[WebServer, int]) -> None:
    server, _ = served
    slow = connect(server, "127.0.0.4", b"GET /api/view HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no end of head
    started = time.monotonic()
    got = answer(slow)
    assert got.startswith("HTTP/1.1 408") and "too slowly" in got
    assert time.monotonic() - started < 4  # its 0.5 s here, and the server looks every second


def test_a_request_whose_body_comes_too_slowly_is_answered_and_closed(served: tuple[WebServer, int]) -> None:
    server, _ = served
    slow = connect(server, "127.0.0.5", b"POST /api/command HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                        b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    assert answer(slow).startswith("HTTP/1.1 408")


def test_four_hundred_connections_from_many_addresses_leave_room_for_the_phones(tmp_path: Path) -> None:
    with serve(tmp_path) as (server, _):
        flood = [connect(server, f"127.0.2.{n // PER_ADDRESS + 1}", b"GET / HTTP/1.1\r\n") for n in range(400)]
        assert [page(server, f"127.0.3.{n + 1}") for n in range(5)] == [200] * 5
        assert server.doors.open() <= CROWDED + 1
        assert server.doors.shed >= 400 - CROWDED
        assert len(flood) == 400
