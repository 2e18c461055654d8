"""The session cookie, unaffected by the Pi's wall clock.

A Pi has no clock of its own that survives a power cut: it starts on the time it last saved and jumps
when it finds the network's, hours or days at once. Flask's cookie holds the date it was signed and is
refused once that date is more than the lifetime away, or in the future, and it tells the phone an
absolute end (Expires) from the Pi's clock: a jump of over 12 hours signed everyone out. Here the
cookie's signature is checked without its date (how long a sign-in lasts is the store's row, which
follows the jump: companion/store.py Sessions), and the phone is told how long to keep it (Max-Age,
counted on its own clock), never until when.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Request, Response
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature
from werkzeug.http import dump_cookie


class TableSessions(SecureCookieSessionInterface):
    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        try:
            data: Any = serializer.loads(value)  # its signature, not its date
        except BadSignature:
            return self.session_class()
        return self.session_class(data if isinstance(data, dict) else {})

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if not session or not self.should_set_cookie(app, session):
            super().save_session(app, session, response)  # a cookie to delete, or none to set
            return
        serializer = self.get_signing_serializer(app)
        assert serializer is not None  # the app has its secret key (web/__init__.py)
        lifetime = int(app.permanent_session_lifetime.total_seconds()) if session.permanent else None
        response.headers.add("Set-Cookie", dump_cookie(
            self.get_cookie_name(app), serializer.dumps(dict(session)), max_age=lifetime, sync_expires=False,
            path=self.get_cookie_path(app), domain=self.get_cookie_domain(app), secure=self.get_cookie_secure(app),
            httponly=self.get_cookie_httponly(app), samesite=self.get_cookie_samesite(app),
            partitioned=self.get_cookie_partitioned(app), max_size=response.max_cookie_size))
        response.vary.add("Cookie")
