"""The JSON API under /api: everything the pages do. State-changing requests carry the version they
saw; a stale one gets 409. Hostile or malformed input gets a 4xx with a clear message."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request, session

from companion.i18n import translate
from companion.table import Refused, Table

from . import command_requests
from .auth import SHORT, Role, same, seat_token
from .phone import PhoneBoxes
from .stream import Stream

api = Blueprint("api", __name__, url_prefix="/api")


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.message, self.extra = status, message, extra


def table() -> Table:
    found: Table = current_app.config["TABLE"]
    return found


def phones() -> PhoneBoxes | None:
    found: PhoneBoxes | None = current_app.config.get("PHONES")
    return found


def role() -> Role:
    kind = session.get("role", "public")
    if kind == "seat":
        seat = session.get("seat")
        game = session.get("game")
        if isinstance(seat, int) and game == table().game_id:
            return Role("seat", seat)
        return Role("public")
    if kind == "referee":
        return Role("referee", blind=bool(session.get("blind")))
    return Role("public")


def sign_in_seat(seat: int, token: str, *, short: bool = False) -> str | None:
    """Signs this session in to a seat by the token of its link, or of its short link (the token's
    first digits, in any case). None when signed in, else why not: "seat" when the game under way
    has no such seat, "token" when the token is not (or no longer) that seat's."""
    game = table().game_id
    if not table().seated(seat):
        return "seat"
    expected = seat_token(current_app.config["SECRET_KEY"], game, seat)
    if short:
        expected, token = expected[:SHORT], token.lower()
    if not same(token, expected):
        return "token"
    session.clear()
    session.update(role="seat", seat=seat, game=game)
    session.permanent = True
    return None


def body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise ApiError(400, "send a JSON object (Content-Type: application/json)")
    return data


@api.errorhandler(ApiError)
def api_error(error: ApiError) -> tuple[Response, int]:
    return jsonify({"error": error.message, **error.extra}), error.status


@api.get("/view")
def view() -> Response:
    return Response(table().view_json(role().reader)[1], mimetype="application/json")


@api.get("/whoami")
def whoami() -> Response:
    r = role()
    return jsonify({"role": r.kind, "seat": r.seat, "blind": r.blind, "reader": r.reader})


@api.get("/stream")
def stream() -> Response:
    r = role()
    last = request.headers.get("Last-Event-ID") or request.args.get("since")
    try:
        last_seen = int(last) if last is not None else None
    except ValueError:
        last_seen = None
    box = phones().get(r.seat) if r.kind == "seat" and r.seat is not None and phones() else None  # type: ignore[union-attr]
    events = Stream(table(), r.reader, last_seen, box, current_app.config["STREAMS"]).events()
    response = Response(events, mimetype="text/event-stream")  # needs no request context once started
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@api.post("/login")
def login() -> Response:
    guard = current_app.config["PIN_GUARD"]
    address = request.remote_addr or "?"
    wait = guard.blocked(address)
    if wait > 0:
        raise ApiError(429, f"too many wrong PINs: try again in {int(wait) + 1} s", retry_after=int(wait) + 1)
    pin = body().get("pin")
    if not isinstance(pin, str) or not same(pin, current_app.config["REFEREE_PIN"]):
        guard.failed(address)
        raise ApiError(403, "wrong PIN")
    guard.passed(address)
    session.clear()
    session["role"] = "referee"
    session.permanent = True
    return jsonify({"role": "referee"})


@api.post("/logout")
def logout() -> Response:
    session.clear()
    return jsonify({"role": "public"})


@api.post("/blind")
def blind() -> Response:
    if role().kind != "referee":
        raise ApiError(403, "only the referee can do that")
    on = body().get("on")
    if not isinstance(on, bool):
        raise ApiError(400, "'on' must be true or false")
    session["blind"] = on
    return jsonify({"blind": on})


@api.post("/join")
def join() -> Response:
    data = body()
    seat, token = data.get("seat"), data.get("token")
    if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(token, str):
        raise ApiError(400, "send the seat number and the token of its link")
    refused = sign_in_seat(seat, token)
    if refused == "seat":
        raise ApiError(404, f"there is no seat {seat} in the game under way")
    if refused == "token":
        raise ApiError(403, "this link is not (or no longer) the link of that seat")
    return jsonify({"role": "seat", "seat": seat})


@api.post("/command")
def command() -> Response:
    data = body()
    r = role()
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "'version' must be the version of the view you acted on")
    try:
        parsed = command_requests.parse(data, r)
    except command_requests.BadRequest as error:
        raise ApiError(400, str(error)) from None
    except command_requests.Forbidden as error:
        raise ApiError(403, str(error)) from None
    current = table().version
    if version != current:
        raise ApiError(409, "the game has moved on since that view: look again", version=current)
    try:
        answer = table().submit(parsed).result(timeout=30)
    except Refused as refused:
        raise ApiError(422, refusal(refused), rule=refused.rule, **refused.details) from None
    return jsonify(answer)


def refusal(refused: Refused) -> str:
    """Why the table refused, in the table's language when the refusal is a catalog message."""
    if not refused.params:
        return translate(table().language, refused.sentence)
    return translate(table().language, refused.message, refused.params)


def _my_box() -> Any:
    r = role()
    box = phones().get(r.seat) if r.kind == "seat" and r.seat is not None and phones() else None  # type: ignore[union-attr]
    if box is None:
        raise ApiError(404, "no phone box for you: join a seat that plays from a phone")
    return box


@api.get("/box/screen.png")
def screen() -> Response:
    box = _my_box()
    response = Response(box.png(), mimetype="image/png")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Frame"] = str(box.counter)
    return response


@api.post("/box/key")
def key() -> Response:
    box = _my_box()
    data = body()
    name, frame = data.get("key"), data.get("frame")
    if not isinstance(name, str) or isinstance(frame, bool) or not isinstance(frame, int):
        raise ApiError(400, "send the key and the frame you saw")
    if frame != box.counter:
        raise ApiError(409, "your screen has changed since: look again", frame=box.counter)
    if box.box.key(name) is None:
        raise ApiError(400, f"unknown key {name!r}")
    return jsonify({"frame": box.counter})


@api.get("/record")
def record() -> Response:
    if role().kind != "referee" or role().blind:
        raise ApiError(403, "only the referee can export the game")
    asked = request.args.get("game")
    if asked is not None:  # a game set aside
        if not asked.isdigit():
            raise ApiError(400, "give the game: /api/record?game=N")
        try:
            found = table().record_of(int(asked))
        except Refused as refused:
            raise ApiError(404, refused.sentence) from None
        game = int(asked)
    elif not table().has_game():
        raise ApiError(404, "no game under way")
    else:
        found, game = table().record(), table().game_id or 0
    response = jsonify(found)
    response.headers["Content-Disposition"] = f"attachment; filename=xidit-game-{game}.json"
    return response


@api.get("/legal")
def legal() -> Response:
    """The legal choices of one seat now, for the referee deciding on a player's behalf."""
    r = role()
    if r.kind != "referee" or r.blind:
        raise ApiError(403, "only a referee who is not blind can see a player's choices")
    seat = request.args.get("seat")
    if seat is None or not seat.isdigit():
        raise ApiError(400, "give the seat: /api/legal?seat=N")
    found = table().legal(int(seat))
    if found is None:
        raise ApiError(404, f"there is no seat {seat} in the game under way")
    version, choices = found
    return jsonify({"seat": int(seat), "version": version, "choices": [choice.to_json() for choice in choices]})


@api.get("/links")
def links() -> Response:
    if role().kind != "referee" or role().blind:
        raise ApiError(403, "a blind referee sees no seat's link: each is on its own box or phone")
    secret = current_app.config["SECRET_KEY"]
    game = table().game_id
    return jsonify({"seats": [{"seat": s, "colour": colour, "url": f"/seat/{s}?t={seat_token(secret, game, s)}"}
                              for s, colour, _ in table().players()]})
