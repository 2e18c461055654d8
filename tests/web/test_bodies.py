"""A body past the limit is refused from its head, before any of it is read (issue 27, item 3): a 200 MB
upload once became a 200 MB temporary file before the 413, and filled the card the table saves on."""

from __future__ import annotations

import select
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from tests.table.support import new_toy_table
from web.auth import seat_token
from web.guard import PUBLIC_BODY, SIGNED_IN_BODY
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import PIN, web_app

pytestmark = pytest.mark.usefixtures("toy_with_agents")  # the same for every game: on the toy


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Flask, int]]:
    table = new_toy_table(tmp_path / "bodies.db", players=3, seed=5)
    table.start()
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    server = WebServer(app, "127.0.0.1", 0)
    server.start()
    yield app, server.port
    server.stop()
    table.stop()


def head(port: int, length: str, cookie: str = "") -> bytes:
    lines = ["POST /api/command HTTP/1.1", f"Host: 127.0.0.1:{port}", f"Origin: http://127.0.0.1:{port}",
             "Content-Type: application/json", "Connection: close", length]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def answer(connection: socket.socket) -> bytes:
    """What the server answered, up to its closing the connection (or 5 s of silence: no answer)."""
    connection.settimeout(5)
    got = b""
    try:
        while chunk := connection.recv(65536):
            got += chunk
    except TimeoutError:
        pass
    except ConnectionResetError:  # it closed with our bytes unread, after answering
        pass
    return got


def seat_cookie(app: Flask, port: int) -> str:
    with socket.create_connection(("127.0.0.1", port)) as connection:
        token = seat_token(app.config["SECRET_KEY"], app.config["TABLE"].game_id, 1)
        connection.sendall(f"GET /seat/2?t={token} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
        got = answer(connection).decode("latin-1")
    return next(line.split(":", 1)[1].split(";")[0].strip() for line in got.splitlines()
                if line.lower().startswith("set-cookie:"))


def test_a_body_past_the_limit_is_refused_from_its_content_length_before_it_is_sent(served: tuple[Flask, int]) -> None:
    _, port = served
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(head(port, f"Content-Length: {200 << 20}"))  # and not one byte of the body
        got = answer(connection).decode()
    assert got.startswith("HTTP/1.1 413"), got[:200]
    assert f"larger than the table accepts ({PUBLIC_BODY >> 10} KB)" in got and "nothing changed" in got


def test_a_chunked_body_is_cut_as_soon_as_it_passes_the_limit(served: tuple[Flask, int]) -> None:
    _, port = served
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(head(port, "Transfer-Encoding: chunked"))
        chunk = b"%x\r\n%s\r\n" % (8192, b" " * 8192)
        for _ in range(PUBLIC_BODY // 8192 + 2):  # just past the limit, and the body never ends
            if select.select([connection], [], [], 0)[0]:
                break  # the table answered already: a client sends no more
            try:
                connection.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break  # the table cut the body off between the check and this chunk: its answer is there
        got = answer(connection).decode()
    assert got.startswith("HTTP/1.1 413"), got[:200]


def test_a_body_at_the_limit_is_read_and_a_signed_in_seat_may_send_more(served: tuple[Flask, int]) -> None:
    app, port = served
    cookie = seat_cookie(app, port)
    for size, who in ((PUBLIC_BODY, ""), (PUBLIC_BODY * 4, cookie), (SIGNED_IN_BODY, cookie)):
        with socket.create_connection(("127.0.0.1", port)) as connection:
            connection.sendall(head(port, f"Content-Length: {size}", who) + b" " * size)
            got = answer(connection).decode()
        assert got.startswith("HTTP/1.1 400"), (size, got[:200])  # the app read it: blank is no command


def test_a_forged_cookie_gets_the_public_limit(served: tuple[Flask, int]) -> None:
    app, port = served
    cookie = seat_cookie(app, port)
    forged = cookie[:-3] + ("AAA" if not cookie.endswith("AAA") else "BBB")
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.sendall(head(port, f"Content-Length: {PUBLIC_BODY * 4}", forged))
        got = answer(connection).decode()
    assert got.startswith("HTTP/1.1 413"), got[:200]


def test_a_held_body_past_the_public_bound_waits_in_a_file_not_in_memory(tmp_path: Path) -> None:
    """240 held 1 MB bodies once kept 331 MB resident, and 65 MB stayed after they closed (issue 36): a
    body past the public's bound is spooled to a temporary file, gone when the request ends."""
    table = new_toy_table(tmp_path / "held.db", players=3, seed=5)
    app = web_app({"REFEREE_PIN": PIN}, table, PhoneBoxes(table, set()))
    server = WebServer(app, "127.0.0.1", 0)  # not started: its parser is fed here, byte for byte
    try:
        cookie = app.session_interface.get_signing_serializer(app).dumps({"role": "seat"})  # type: ignore[attr-defined]
        held: dict[int, bool] = {}
        for size in (PUBLIC_BODY, SIGNED_IN_BODY):
            parser = server.server.parser_class(server.server.adj)
            parser.received(head(server.port, f"Content-Length: {size}", f"session={cookie}"))
            parser.received(b" " * (size - 1))  # all but its last byte: the request is held, not complete
            assert not parser.completed and parser.body_rcv is not None
            held[size] = parser.body_rcv.buf.overflowed
            parser.close()
        assert held == {PUBLIC_BODY: False, SIGNED_IN_BODY: True}  # a PIN stays in memory; 1 MB is spooled
    finally:
        for listening in [server.server, *server.server.others]:
            listening.close()
        table.stop()
