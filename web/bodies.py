"""How big a request's body may be, decided from its head before any of the body is read.

Waitress reads a whole request, body included, before the app sees it, and spools a large body to a
temporary file: the app's own limit (web/guard.py) came after a 200 MB upload had filled the card. So
the limit is waitress's too, per request: from its Content-Length, refused at once (413) before one byte
of the body is read; a chunked body is cut when it passes the limit. The limit depends on who asks, read
from the head: a session cookie signed by the table for a seat or the referee may send a game record
(SIGNED_IN_BODY), anyone else a PIN or a token (PUBLIC_BODY). The signature is enough here: whether the
sign-in still holds is the app's to check, with the smaller limit if it does not.
"""

from __future__ import annotations

import time
from typing import Any

from flask import Flask
from waitress.parser import HTTPRequestParser
from waitress.utilities import RequestEntityTooLarge
from werkzeug.http import parse_cookie

from companion.i18n import N_, translate

from .guard import PUBLIC_BODY, SIGNED_IN_BODY

TOO_LARGE = N_("This request's body is larger than the table accepts ({limit} KB): none of it was read, "
               "nothing changed.")


class TooLarge(RequestEntityTooLarge):  # type: ignore[misc]
    """Waitress's 413, in words."""


class Bodies:
    """The body limit of a request from its Cookie header, and the refusal of a body past it, in the
    table's language."""

    def __init__(self, app: Flask) -> None:
        self.app = app

    def refusal(self, limit: int) -> str:
        table = self.app.config.get("TABLE")
        return translate(getattr(table, "language", "en"), TOO_LARGE, {"limit": limit >> 10})

    def limit(self, cookie: str) -> int:
        app = self.app
        name = app.config.get("SESSION_COOKIE_NAME", "session")
        value = parse_cookie(cookie).get(name) if cookie else None
        if not value:
            return PUBLIC_BODY
        serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
        try:
            data = serializer.loads(value)
        except Exception:  # a forged or damaged cookie: the public's limit
            return PUBLIC_BODY
        signed_in = isinstance(data, dict) and data.get("role") in ("seat", "referee")
        return SIGNED_IN_BODY if signed_in else PUBLIC_BODY


class BoundedParser(HTTPRequestParser):  # type: ignore[misc]
    """Waitress's request parser, with a limit on the body taken from the request's head."""

    bodies: Bodies | None = None  # set per server (web/serve.py)
    limit = PUBLIC_BODY

    def __init__(self, adj: Any) -> None:
        super().__init__(adj)
        self.began = time.monotonic()  # its first byte: how slow it may be is web/connections.py's

    def received(self, data: bytes) -> int:
        if self.headers_finished:
            return self._body(data)
        consumed: int = super().received(data)
        over = isinstance(self.error, RequestEntityTooLarge)  # past waitress's own bound: say it in words
        if self.headers_finished and (over or not self.completed and self.error is None):
            if self.bodies is not None:
                self.limit = self.bodies.limit(self.headers.get("COOKIE", ""))
            if self.content_length > self.limit:  # refused from its head: none of it is read
                self._refuse()
        return consumed

    def _body(self, data: bytes) -> int:
        # A chunked body's length is known only as it comes: cut it as soon as it passes the limit.
        consumed: int = super().received(data)
        if not self.completed and self.body_bytes_received > self.limit:
            self._refuse()
        return consumed

    def _refuse(self) -> None:
        words = self.bodies.refusal(self.limit) if self.bodies is not None else TOO_LARGE.format(limit=self.limit >> 10)
        self.error = TooLarge(words)
        self.completed = True
        spooled: Any = getattr(self, "body_rcv", None)
        if spooled is not None:  # what was spooled is dropped now (a temporary file: closed, so gone)
            spooled.getbuf().close()
        self.body_rcv = None
