"""The phone pages: Flask, served by waitress. `create_app(config, table, phones)` builds the app."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Protocol

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.store import Sessions
from companion.table import Table

from . import guard
from .auth import new_pin, new_secret
from .i18n import install as install_texts
from .parts import Parts
from .phone import PhoneBoxes
from .pin_tries import PinTries
from .public_writes import PublicWrites
from .session_cookie import TableSessions
from .sign_ins import SignIns
from .stream import PER_ADDRESS, SEATED, TOTAL, Streams


class Settings(Protocol):
    """Where settings are kept between runs: the store, or the table in front of it."""

    def setting(self, key: str) -> str | None: ...

    def set_setting(self, key: str, value: str) -> None: ...


def secrets_of(store: Settings, config: dict[str, Any]) -> tuple[str, str, bool]:
    """The signing key and the referee PIN: from the config, else kept in the store between runs.
    The last value says whether the PIN was just made (so the caller can show it once)."""
    secret = config.get("SECRET_KEY") or store.setting("secret_key")
    if not secret:
        secret = new_secret()
        store.set_setting("secret_key", secret)
    pin = config.get("REFEREE_PIN") or store.setting("referee_pin")
    made = False
    if not pin:
        pin, made = new_pin(), True
        store.set_setting("referee_pin", pin)
    return str(secret), str(pin), made


def create_app(config: dict[str, Any] | None = None, table: Table | None = None,
               phones: PhoneBoxes | None = None) -> Flask:
    config = dict(config or {})
    if table is None:
        raise ValueError("create_app needs the running table")
    app = Flask(__name__)
    app.session_interface = TableSessions()  # sign-ins outlast jumps of the Pi's clock
    secret, pin, made = secrets_of(table, config)
    sessions = Sessions(table.store_path)  # its own connection to the store's file, closed with the table's
    table.on_close(sessions.close)
    app.config.update(
        SECRET_KEY=secret, REFEREE_PIN=pin, PIN_FROM_CONFIG=bool(config.get("REFEREE_PIN")), PIN_MADE=made,
        SESSIONS=sessions, TABLE=table, PHONES=phones, PIN_TRIES=PinTries(), SIGN_INS=SignIns(),
        PUBLIC_WRITES=PublicWrites(),
        STREAMS=Streams(config.get("STREAMS_PER_ADDRESS", PER_ADDRESS), config.get("STREAMS_TOTAL", TOTAL),
                        config.get("STREAMS_SEATED", SEATED)),
        PARTS=Parts(), HOSTS=guard.Hosts(config.get("HOST_NAMES", ())),
        MAX_CONTENT_LENGTH=guard.SIGNED_IN_BODY, SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_SAMESITE="Strict",
        # A sign-in lasts 12 hours from the moment it is made, longer than any game night. The cookie is
        # not signed again on every request: each phone fetches a live part after every change, and on
        # a Pi Zero signing it each time would cost more than serving the part (the seat link on the
        # box's last page signs a player in again at any time).
        PERMANENT_SESSION_LIFETIME=timedelta(hours=12), SESSION_REFRESH_EACH_REQUEST=False,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]  # views keep the order of the spec
    app.config.update({k: v for k, v in config.items() if k not in ("SECRET_KEY", "REFEREE_PIN")})

    from . import game
    from .api import api, role
    from .pages import pages
    from .verify import verify

    app.register_blueprint(api)
    app.register_blueprint(pages)
    app.register_blueprint(verify)  # the board pack's walk-through, reference sheet and banner
    game.install(app)  # each game's templates, static files and page parts
    install_texts(app)
    guard.install(app, signed_in=lambda: role().kind != "public")

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Any:
        # The API answers in JSON; pages get the plain error page.
        if request.path.startswith("/api/"):
            response: Response = jsonify({"error": error.description or error.name})
            return response, error.code or 500
        return error

    @app.errorhandler(Exception)
    def crash(error: Exception) -> Any:
        app.logger.exception("request failed: %s %s", request.method, request.path)
        return jsonify({"error": "the table could not do that; it is still running"}), 500

    return app
