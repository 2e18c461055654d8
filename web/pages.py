"""The pages: the table view, the referee page, a player's page, the final scoring.

Each page is rendered whole on the server from the state view of whoever asks (so a page shows
exactly what its reader may know), then kept live by a few lines of script: on every `view` event of
the stream the page fetches its live part again (`/part/<page>`) and swaps it in.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, cast

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup

from companion.core import registry
from companion.i18n import N_, words
from companion.table.envelope import Envelope, Seated, players_by_seat, with_seats
from companion.table.seats import DEFAULT_LEVEL

from .api import busy, phones, role, sign_in_seat, table
from .auth import Role, seat_token
from .closed import closed_seat, refused_link
from .game import current, link_number, linked_seat, static_url
from .game import parts as game_parts
from .game_parts import GameWeb
from .generic import GENERIC
from .guard import public_url
from .i18n import gettext as t
from .i18n import language, script_texts
from .parts import Parts
from .qr import qr_svg

pages = Blueprint("pages", __name__)

# The live part of each page: the framework's, or the game's slot (web/game_parts.py).
LIVE = {"table": "_table.html", "seat": "seat", "referee": "_referee.html", "scoring": "scoring"}


def live_template(name: str) -> str:
    found = LIVE[name]
    return found if found.endswith(".html") else game_parts().slots[found]


LISTED = 56  # instructions a list shows: a table that never marks them done can owe hundreds


def instructions_of(part: dict[str, Any], done: bool | None, seat: int | None = None) -> list[dict[str, Any]]:
    """The instructions of a view's table part still to do, in order, or done, newest first (None: both,
    newest first), of one seat or all."""
    items = [i for i in part.get("instructions", ())
             if (done is None or i["done"] == done) and (seat is None or i.get("seat") == seat)]
    return items if done is False else items[::-1]


def timer_left(timer: dict[str, Any]) -> int:
    """Whole seconds left of a view's timed window now, by the table's clock: a view is kept for its version,
    and the `left` it holds is as of its making."""
    deadline = timer.get("deadline")
    if timer.get("paused") or deadline is None:
        return max(0, round(float(timer.get("left") or 0)))
    return max(0, math.ceil(float(deadline) - table().now()))


# Globals, not context: the macros of _macros.html are imported without a context.
pages.record_once(lambda state: state.app.jinja_env.globals.update(instructions_of=instructions_of, LISTED=LISTED,
                                                                   timer_left=timer_left))


def progress(envelope: Envelope) -> dict[str, Any]:
    """Where the game under way stands, its round and its phase in the game's word ("setup" with no game)."""
    now = envelope.progress
    return {"round": None, "phase": "setup"} if now is None else {"round": now.round, "phase": now.phase}


def seated(envelope: Envelope) -> list[Seated]:
    """The players as the framework's pages show them, in seat order: a label that is not a colour the pages
    know is no colour, and a player with neither name nor colour (Zargos's) reads "Player N", N from 1."""
    known = words()
    out = []
    for p in envelope.players:
        colour = p.colour if p.colour in known else ""
        out.append(replace(p, colour=colour, name=p.name or (None if colour else t(N_("Player {n}"), n=p.number))))
    return out


def context(page: str, who: Role | None = None) -> dict[str, Any]:
    """What every template gets: the reader's view, who they are, and the drawing helpers."""
    who = who or role()
    snapshot = table().seat_snapshot(who.seat) if page == "seat" and who.seat is not None else None
    served, envelope = (snapshot.view, snapshot.envelope) if snapshot is not None else table().enveloped(who.reader)
    shown = seated(envelope)
    view = with_seats(served, shown)  # the game's view for its templates, its players' chips as the table's
    # The game's own players, by seat, for the game's templates (its slots): the framework's read `seats`.
    players = players_by_seat(view)
    # The table view may show the board as of the step the table is doing (the game may be a year on).
    past = table().as_of(who.reader) if page == "table" else None
    board_now = past is None or request.cookies.get("board") == "now"
    game = game_parts()
    lang = language()
    table_part = current().table
    seat_part = game.seat_parts(who.seat or 0, snapshot, table().board, t, lang) if snapshot is not None else {}
    address = public_url()  # None: no network yet, and no link to hand out
    return {
        **game.page_parts(table().board, t, lang),
        **seat_part,
        "page": page, "role": who, "view": view, "tablepart": envelope.table, "players": players,
        "lang": language(), "game": table().has_game(),
        # What the framework's templates know of the game, from the view's envelope (companion/table/envelope.py;
        # they read nothing of the game's view): where it stands (companion.core.game.Progress), whether it is
        # over (it has a Result) and how, its players in seat order and the seats it awaits, as this reader may
        # know them, whether sealed choices are awaited (the table says of each seat whether it is locked), the
        # cards a chance question's drawer may say they drew.
        "envelope": envelope, "progress": progress(envelope), "over": envelope.over, "result": envelope.result,
        "seated": shown, "seats": {p.seat: p for p in shown}, "awaiting": list(envelope.awaiting),
        "sealing": envelope.sealing,
        "drawable": list(envelope.drawable),
        "map_svg": lambda: board_svg(view, who.reader, version=envelope.version) if board_now
        else board_svg(past or view, who.reader, version=envelope.version, now=True),
        "past": past, "board_now": board_now, "has_map": game.has_map,
        "log_steps": lambda: [s for s in table().steps_json(who.reader) if s["done"]][::-1],
        "chart_svg": lambda: game.chart_svg(view, t),
        "story": lambda: game.story(view, t, who.reader == "referee"),
        "part_url": url_for("pages.part", name=page),
        "has_box": who.kind == "seat" and phones() is not None and phones().get(who.seat or 0) is not None,  # type: ignore[union-attr]
        "table_url": address,
        "table_qr": lambda: qr_svg(address, t(N_("The address of the table view"))) if address else "",
        "links": lambda: seat_links(who, address),
        "aside": lambda: table().set_aside() if who.kind == "referee" else [],
        "finished": lambda: table().finished() if who.kind == "referee" else [],
        "history": lambda: table().history(blind=who.blind) if who.kind == "referee" else [],
        "may_tell": who.kind in ("referee", "seat"),
        # A game whose chance the Pi may draw (its default is the Pi's) lets the referee switch who does.
        "chance_switch": table_part is not None and table_part.chance_policy == "pi",
        "box_direct_keys": current().boxes is not None and bool(current().boxes.direct_keys),
        "default_level": DEFAULT_LEVEL,
        "game_rules": current().rules, "game_key": current().key,
        # A seat as people read it, from 1 whatever the game numbers its seats from (Zargos: 0).
        "seat_no": current().shown_seat,
        **(wizard(who, game, lang) if page == "referee" and who.kind == "referee" else {}),
    }


def wizard(who: Role, shown: GameWeb, lang: str) -> dict[str, Any]:
    """The new-game wizard's game: the one the referee chose (`?game=`), else the table's. Its seats, colours,
    options and chance policy; its own wizard fields and script when it has page parts."""
    playing = current()
    asked = request.args.get("game")
    known = registry.keys()
    chosen = registry.load(asked) if asked in known else playing
    web = shown if chosen is playing else cast(GameWeb, chosen.web or GENERIC)
    extra: dict[str, Any] = {}
    if chosen is not playing and chosen.web is not None:
        pack = chosen.packs.shipped() if chosen.packs is not None else None  # what a new game of it plays on
        extra = web.page_parts(pack, t, lang)
    table_part = chosen.table
    return {
        **extra,
        "games": [{"key": g.key, "title": g.title, "least": g.seats.start, "most": g.seats.stop - 1}
                  for g in registry.available()],
        "wizard_game": chosen.key, "wizard_rules": chosen.rules, "wizard_options": chosen.options,
        # The levels of the chosen game's virtual players (a referee is not offered the random test agent).
        "wizard_levels": [level for level in (chosen.agents.levels if chosen.agents is not None else ())
                          if level != "random"],
        "wizard_first": chosen.first_seat,  # the wizard's seats are shown from 1, sent as the game numbers them
        "wizard_slot": lambda name: web.slots.get(name),
        # Its own script, when it is not the table's game's (loaded for the wizard alone: referee.js).
        "wizard_script": (static_url(chosen.key, web.scripts["referee"])
                          if chosen is not playing and "referee" in web.scripts else None),
        # A game whose chance the Pi may draw (its default is the Pi's): the wizard and the referee's page
        # offer the choice; a game whose table alone can say (Xidit's tiles lie on the board) does not.
        "wizard_chance": table_part is not None and table_part.chance_policy == "pi",
        # Whose script fills the wizard's game fields: the table's game's, the chosen game's own, or none.
        "wizard_parts": "table" if chosen is playing else ("own" if "referee" in web.scripts else "none"),
        "wizard_asked": asked is not None,  # the referee chose a game: the wizard is open, where they were
    }


def board_svg(view: dict[str, Any], reader: str, *, version: int, now: bool = False) -> str:
    """The map as this reader's view shows it: drawn once per reader, language and version of the table's
    view, for the table page and the map image alike. With `now`, `view` is the game as of the step the
    table is doing (TableReads.as_of)."""
    parts: Parts = current_app.config["PARTS"]
    lang = language()
    return parts.get(version, ("map.svg", reader, lang, now),
                     lambda: game_parts().board_svg(view, table().board, t, lang))


def live_part(name: str, ctx: dict[str, Any]) -> str:
    """The page's live part for this reader and version, rendered once however many phones ask."""
    # The links follow the table's address, and the board may be shown as of the step being done.
    key: tuple[Any, ...] = (name, ctx["role"], ctx["lang"], ctx["has_box"], ctx["table_url"], ctx["board_now"])
    envelope: Envelope = ctx["envelope"]
    timer = envelope.table.get("timer")
    if timer and not timer.get("paused"):
        key += (timer_left(timer),)  # a countdown running: the part says the time left when it is asked
    if envelope.table.get("saving", {}).get("stalled"):  # said while a write hangs: never kept
        return render_template(live_template(name), **ctx)
    parts: Parts = current_app.config["PARTS"]
    return parts.get(envelope.version, key, lambda: render_template(live_template(name), **ctx))


def seat_links(who: Role, address: str | None) -> list[dict[str, Any]]:
    """The secret link of each seat with its QR code, on the table's address: for the referee only. Without
    a network (`address` None), the seats without their links."""
    if who.kind != "referee":
        return []
    if address is None:
        return [{"seat": seat, "url": None, "colour": colour, "name": name, "qr": "", "renewed": False}
                for seat, colour, name in table().players()]
    secret = current_app.config["SECRET_KEY"]
    game = table().game_id
    out = []
    for seat, colour, name in table().players():
        link = table().seat_link(seat)
        url = f"{address}seat/{link_number(seat)}?t={seat_token(secret, game, seat, link)}"
        # `renewed`: the seat's first link no longer opens it (renewed, or the seat moved away and back)
        out.append({"seat": seat, "url": url, "colour": colour, "name": name, "renewed": link > 0,
                    "qr": qr_svg(url, t(N_("The link of seat {seat}"), seat=current().shown_seat(seat)))})
    return out


def page(template: str, name: str, status: int = 200) -> Response:
    ctx = context(name)
    ctx["live"] = lambda: Markup(live_part(name, ctx))
    response = Response(render_template(template, **ctx), status=status)
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/")
def table_view() -> Any:
    return page("table.html", "table")


@pages.get("/referee")
def referee() -> Any:
    return page("referee.html", "referee")


@pages.get("/scoring")
def scoring() -> Any:
    return page("scoring.html", "scoring")


@pages.get("/seat/<int:number>")
def seat(number: int) -> Any:
    seat = linked_seat(number)  # links read seats from 1 in every game
    token = request.args.get("t")
    if token is not None:
        # The secret link: check it, remember the seat in the session, and drop the token from the
        # address bar so it is not shown or shared by accident.
        refused = sign_in_seat(seat, token)
        if refused == "busy":
            abort(429, busy())
        if refused is not None:  # why, in the table's style and language, and who gives the new link
            return closed_page(refused_link(seat, number, token, t), live=False)
        return redirect(url_for("pages.seat", number=number))
    if role().kind != "seat" or role().seat != seat:
        closed = closed_seat(t)
        if closed is None or closed["seat"] != seat:
            abort(403)
        return closed_page(closed)
    return page("seat.html", "seat")


def closed_page(closed: dict[str, Any], *, live: bool = True) -> Response:
    """A seat page that no longer plays its seat says why (closed.py), and where to go on; `live`: it follows
    the table (a page signed in before), else it is said once (a link that signed nobody in)."""
    ctx = context("table", Role("public"))
    ctx.update(page="seat", closed=closed, part_url=url_for("pages.part", name="seat") if live else "")
    ctx["live"] = lambda: Markup(render_template("_closed.html", **ctx))
    response = Response(render_template("seat.html", **ctx), status=403)  # no longer the seat's, but why is said
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/s/<int:number>/<token>")
@pages.get("/S/<int:number>/<token>")
def short_seat(number: int, token: str) -> Any:
    """The seat link in the short, upper-case form a box's OLED shows as a QR code (a small code
    scans best in the QR alphanumeric alphabet: digits, capitals and a few signs)."""
    seat = linked_seat(number)  # links read seats from 1 in every game
    refused = sign_in_seat(seat, token, short=True)
    if refused == "busy":
        abort(429, busy())
    if refused is not None:
        return closed_page(refused_link(seat, number, token, t, short=True), live=False)
    return redirect(url_for("pages.seat", number=number))


@pages.get("/part/<name>")
def part(name: str) -> Any:
    """The live part of a page, for the script to swap in after each change."""
    if name not in LIVE:
        abort(404)
    if name == "seat" and role().kind != "seat":
        closed = closed_seat(t)
        if closed is None:
            abort(403)
        ctx = context("table", Role("public"))
        ctx.update(page="seat", closed=closed)
        response = Response(render_template("_closed.html", **ctx), status=403)
        response.headers["Cache-Control"] = "no-store"
        return response
    response = Response(live_part(name, context(name)))
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/map.svg")
def map_image() -> Response:
    """The board as the asker's view shows it."""
    reader = role().reader
    view, envelope = table().enveloped(reader)
    response = Response(board_svg(view, reader, version=envelope.version), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/scoring.svg")
def chart_image() -> Response:
    view, envelope = table().enveloped(role().reader)
    if not envelope.over:
        abort(404)
    response = Response(game_parts().chart_svg(view, t), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.get("/texts.json")
def texts() -> Response:
    """The texts the scripts show, in the table's language."""
    response = jsonify({"language": language(), "texts": script_texts(language(), game_parts())})
    response.headers["Cache-Control"] = "no-store"
    return response
