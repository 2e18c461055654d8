"""The JSON API under /api: everything the pages do. State-changing requests carry the version they
saw; one made stale by a change to what it depends on gets 409 (companion/table/changes.py). Hostile or
malformed input gets a 4xx with a clear message."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, jsonify, request, session

from companion.agents import once as agents_once
from companion.core import registry
from companion.core.errors import CompanionError, UnknownGame
from companion.i18n import N_, translate
from companion.store import Sessions
from companion.table import Moved, Refused, SetBlind, Table
from companion.table.saving import STILL_SAVING, STORE_ERRORS, CannotSave

from . import command_requests
from .auth import SHORT, Role, same, seat_token
from .deciding import choice_json
from .game import game_of, link_number
from .game import parts as game_parts
from .phone import PhoneBoxes
from .pin_tries import PinTries
from .stream import RETRY_AFTER, Refusal, Stream, Streams

api = Blueprint("api", __name__, url_prefix="/api")

TOO_MANY_PINS = N_("Too many wrong PINs: try again in {n} s.")  # as login.js says it
TOO_MANY_SIGN_INS = N_("This seat's link signed in too many browsers just now: try again in {n} s.")
TOO_MANY_TAPS = N_("Too many taps from pages not signed in: wait a moment and tap again.")
NOTHING_TO_DECIDE = N_("Nothing to decide for this seat now.")  # as referee.js says it
CANNOT_SIGN_IN = N_("The table cannot save, so it cannot sign anyone in or out now: its memory card is full or "
                    "cannot be written. Tell the referee: free space on the card, then try again.")


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


def sessions() -> Sessions:
    found: Sessions = current_app.config["SESSIONS"]
    return found


def role() -> Role:
    """Who is asking, once per request: the cookie names a sign-in, which counts only while the store
    still holds it (Sign out, a new PIN or a new game end it)."""
    if "xidit_role" not in g:
        g.xidit_role = _role()
    found: Role = g.xidit_role
    return found


def _role() -> Role:
    kind, ident = session.get("role", "public"), session.get("sid")
    if kind not in ("seat", "referee") or not isinstance(ident, str):
        return Role("public")
    signed = sessions().alive(ident)
    if signed is None or signed[0] != kind:
        return Role("public")
    if kind == "seat":
        seat = session.get("seat")
        game = session.get("game")
        # A renewed link (links.py) ends the sign-ins made with the old one: their number is not the seat's.
        if isinstance(seat, int) and game == signed[1] == table().game_id and session.get("link", 0) == \
                table().seat_link(seat):
            return Role("seat", seat)
        return Role("public")
    return Role("referee", blind=blind_now(session.get("blind"), session.get("blind_game"), table()))


def blind_now(chosen: Any, game: Any, tab: Table) -> bool:
    """Whether a referee page is blind: blind once its referee switched it on (in any game: switching it off
    is theirs to do); not blind when they switched it off in the game under way (or before the switch
    named its game); else blind exactly when the referee plays a seat of that game (table/referee.py)."""
    if chosen is True or (chosen is False and game in (None, tab.game_id)):
        return bool(chosen)
    return tab.referee_plays() is not None


def still_allowed(r: Role) -> Callable[[], bool]:
    """For a stream, which outlives its request: whether its reader is still signed in as `r`."""
    ident = session.get("sid")
    if r.kind == "public" or not isinstance(ident, str):
        return lambda: True
    signed, tab, game, link = sessions(), table(), session.get("game"), session.get("link", 0)
    chosen, chosen_in = session.get("blind"), session.get("blind_game")

    def allowed() -> bool:
        found = signed.alive(ident)
        if found is None:
            return False
        if r.kind == "referee":  # a new game the referee plays makes the page blind: its stream ends
            return blind_now(chosen, chosen_in, tab) == r.blind
        return found[1] == game == tab.game_id and link == tab.seat_link(r.seat or 0)
    return allowed


@contextmanager
def saving_sign_ins() -> Iterator[None]:
    """A sign-in is a row of the store: while the store cannot save, it is refused 503 in words (the API's
    JSON, a page's error page) rather than a bare 500."""
    try:
        yield
    except STORE_ERRORS:
        abort(503, translate(table().language, CANNOT_SIGN_IN))


def sign_in(kind: str, game: int | None = None, **cookie: Any) -> None:
    """A new sign-in of this session, recorded in the store (an earlier one of this cookie ended)."""
    ident = session.get("sid")
    lifetime = current_app.config["PERMANENT_SESSION_LIFETIME"].total_seconds()
    with saving_sign_ins():
        if isinstance(ident, str):
            sessions().end(ident)
        made = sessions().open(kind, game, lifetime)
    session.clear()
    session.update(role=kind, sid=made, **cookie)
    if game is not None:
        session["game"] = game
    session.permanent = True
    g.pop("xidit_role", None)


def sign_in_seat(seat: int, token: str, *, short: bool = False) -> str | None:
    """Signs this session in to a seat by the token of its link, or of its short link (the token's
    first digits, in any case). None when signed in, else why not: "seat" when the game under way
    has no such seat, "token" when the token is not (or no longer) that seat's, "busy" when the seat
    had too many new sign-ins of late (web/sign_ins.py: `busy()` says so in words)."""
    game = table().game_id
    if not table().seated(seat):
        return "seat"
    link = table().seat_link(seat)
    expected = seat_token(current_app.config["SECRET_KEY"], game, seat, link)
    if short:
        expected, token = expected[:SHORT], token.lower()
    if not same(token, expected):
        return "token"
    if role() == Role("seat", seat):  # this browser signed in to this seat already: it keeps its sign-in
        return None
    wait = current_app.config["SIGN_INS"].take(game, seat)
    if wait > 0:
        g.sign_in_wait = int(wait) + 1
        return "busy"
    with saving_sign_ins():
        sessions().end_all("seat", but_game=game)  # a new game ends the old game's seats
    sign_in("seat", game, seat=seat, link=link)
    return None


def busy() -> str:
    """Why a seat's sign-in was refused as too frequent, in words."""
    return translate(table().language, TOO_MANY_SIGN_INS, {"n": g.get("sign_in_wait", 10)})


def referee_pin() -> str:
    """The PIN now: the config's, else the store's, read at each try so that `companion pin --new`
    (another process) takes effect at once."""
    if current_app.config["PIN_FROM_CONFIG"]:
        return str(current_app.config["REFEREE_PIN"])
    return table().setting("referee_pin") or str(current_app.config["REFEREE_PIN"])


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


@api.get("/health")
def health() -> Response:
    """Whether the table saves what is done (companion/table/saving.py): 200 when it does, 503 with what
    is wrong when it cannot save or a write has hung. Read without the table's lock; no secret in it."""
    found = table().health()
    response = jsonify(found)
    response.status_code = 200 if found["saving"] == "ok" else 503
    return response


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
    streams: Streams = current_app.config["STREAMS"]
    address = request.remote_addr or "?"
    signed_in = r.kind != "public"
    try:
        streams.admit(address, signed_in)
    except Refusal as full:
        # The page sees the stream fail and polls /api/view instead (web/static/app.js).
        refused = jsonify({"error": full.message, "retry_after": RETRY_AFTER})
        refused.status_code = full.status
        refused.headers["Retry-After"] = str(RETRY_AFTER)
        return refused
    box = phones().get(r.seat) if r.kind == "seat" and r.seat is not None and phones() else None  # type: ignore[union-attr]
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)
    live = Stream(table(), r.reader, last_seen, box, streams, address=address, gone=gone,
                  allowed=still_allowed(r), signed_in=signed_in)
    response = Response(live.events(), mimetype="text/event-stream")  # needs no request context once started
    response.call_on_close(live.release)  # also when the stream never started
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response


@api.post("/login")
def login() -> Response:
    tries: PinTries = current_app.config["PIN_TRIES"]
    address = request.remote_addr or "?"
    pin = body().get("pin")
    wait = tries.attempt(address)  # counted before the comparison, so that parallel tries count too
    if wait > 0:
        seconds = int(wait) + 1
        raise ApiError(429, translate(table().language, TOO_MANY_PINS, {"n": seconds}), retry_after=seconds)
    if not isinstance(pin, str) or not same(pin, referee_pin()):
        raise ApiError(403, "wrong PIN")
    tries.passed(address)
    sign_in("referee")
    return jsonify({"role": "referee"})


@api.post("/logout")
def logout() -> Response:
    """Ends this sign-in on the table, not only in this browser: a copy of the cookie is worth nothing."""
    ident = session.get("sid")
    if isinstance(ident, str):
        with saving_sign_ins():
            sessions().end(ident)
    session.clear()
    g.pop("xidit_role", None)
    return jsonify({"role": "public"})


@api.post("/blind")
def blind() -> Response:
    if role().kind != "referee":
        raise ApiError(403, "only the referee can do that")
    on = body().get("on")
    if not isinstance(on, bool):
        raise ApiError(400, "'on' must be true or false")
    try:  # in a game the referee plays, the whole table is told (companion/table/referee.py)
        table().submit(SetBlind(on)).result(timeout=30)
    except CannotSave as failed:
        raise ApiError(503, refusal(failed), saving="cannot_save") from None
    except TimeoutError:
        raise ApiError(503, translate(table().language, STILL_SAVING), saving="stalled") from None
    session["blind"], session["blind_game"] = on, table().game_id
    g.pop("xidit_role", None)
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
    if refused == "busy":
        raise ApiError(429, busy(), retry_after=g.sign_in_wait)
    return jsonify({"role": "seat", "seat": seat})


@api.post("/command")
def command() -> Response:
    data = body()
    r = role()
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "'version' must be the version of the view you acted on")
    if r.kind == "public":
        wait = current_app.config["PUBLIC_WRITES"].take(request.remote_addr or "?")
        if wait > 0:
            raise ApiError(429, translate(table().language, TOO_MANY_TAPS), retry_after=round(wait, 1))
    try:
        parsed = command_requests.parse(data, r, command_requests.game_requests(game_parts().requests))
    except command_requests.BadRequest as error:
        raise ApiError(400, str(error)) from None
    except command_requests.Forbidden as error:
        from .closed import closed_seat  # the closed page's words: it reads this module's role and table

        closed = closed_seat(lambda message, **params: translate(table().language, message, params or None))
        raise ApiError(403, closed["text"] if closed else str(error), **({"closed": closed["why"]} if closed else {})) \
            from None
    return jsonify(submitted(parsed, version, r))


def submitted(parsed: Any, version: int, r: Role) -> Any:
    """The table's answer to a command decided on the view of `version`; its refusals as ApiErrors in words."""
    try:
        # Refused as stale only when something it depends on changed since that view (table/changes.py).
        return table().submit(parsed, seen=version).result(timeout=30)
    except Moved as moved:
        raise ApiError(409, "the game has moved on since that view: look again", version=moved.version) from None
    except CannotSave as failed:  # in words, with what to do: the page shows it as it is
        raise ApiError(503, refusal(failed), saving="cannot_save") from None
    except TimeoutError:
        raise ApiError(503, translate(table().language, STILL_SAVING), saving="stalled") from None
    except Refused as refused:
        # In the table's language, from the refusal's template and fields; the rule's number is a
        # detail for the referee, never shown to players.
        extra = {"rule": refused.rule} if r.kind == "referee" and refused.rule else {}
        raise ApiError(422, refusal(refused), **extra, **refused.details) from None


def refusal(refused: Refused) -> str:
    """Why the table refused, in the table's language when the refusal is a catalog message."""
    return translate(table().language, refused.template, refused.params or None)


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
    name, frame, kind = data.get("key"), data.get("frame"), data.get("kind", "press")
    if not isinstance(name, str) or isinstance(frame, bool) or not isinstance(frame, int):
        raise ApiError(400, "send the key and the frame you saw")
    if kind not in ("press", "hold"):  # a hold follows the press of the same key, as a box's key sends them
        raise ApiError(400, "'kind' is press or hold")
    if frame != box.counter:
        raise ApiError(409, "your screen has changed since: look again", frame=box.counter)
    if box.box.key(name, kind) is None:
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
    response.headers["Content-Disposition"] = f"attachment; filename={record_game(found)}-game-{game}.json"
    return response


def record_game(found: Any) -> str:
    """The game a record is of, by its format (a game set aside may be another game than the table's)."""
    try:
        return registry.by_record_format(found.get("format") if isinstance(found, dict) else None).key
    except UnknownGame:
        return game_of(table()).key


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
    language = table().language
    decisions = game_parts().page_parts(table().board, lambda m, **p: translate(language, m, p or None),
                                        language).get("decision_words", dict)()
    return jsonify({"seat": int(seat), "version": version,
                    "choices": [choice_json(game_of(table()), choice, language, decisions) for choice in choices]})


@api.post("/decide_once")
def decide_once() -> Response:
    """The referee lets the game's virtual player (its normal level) take this seat's decision, this once:
    the move is keyed in by the referee, as any decision they take for a player."""
    r = role()
    if r.kind != "referee":
        raise ApiError(403, "only the referee can let a virtual player decide for a seat")
    data = body()
    seat, version = data.get("seat"), data.get("version")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ApiError(400, "'seat' must be a whole number")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ApiError(400, "'version' must be the version of the view you acted on")
    if not table().seated(seat):
        raise ApiError(404, f"there is no seat {seat} in the game under way")
    try:
        commands = agents_once.decide_once(table(), seat, blind=r.blind)
    except CompanionError as error:
        raise ApiError(422, str(error)) from None
    if not commands:
        raise ApiError(422, translate(table().language, NOTHING_TO_DECIDE))
    answers = [submitted(commands[0], version, r)]
    answers += [submitted(command, table().version, r) for command in commands[1:]]  # a program's lock
    return jsonify(answers[-1])


@api.get("/links")
def links() -> Response:
    if role().kind != "referee" or role().blind:
        raise ApiError(403, "a blind referee sees no seat's link: each is on its own box or phone")
    secret = current_app.config["SECRET_KEY"]
    game = table().game_id
    return jsonify({"seats": [{"seat": s, "colour": colour,
                               "url": f"/seat/{link_number(s)}?t={seat_token(secret, game, s, table().seat_link(s))}"}
                              for s, colour, _ in table().players()]})
