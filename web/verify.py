"""Checking the board pack against a real copy of the game, from the referee's phone.

- `/verify`: the walk-through, one screen per city, region, tile and colossus, and a count at the end of
  each section (the page drives `/api/verify/...`; the terminal shows the same screens).
- `/reference`: a printable reference sheet (A4) of the pack in use: map, roads, regions, tiles, colossi.
- `/api/verify/...` (referee only): the walk's state, answer, skip, back, goto, restart, finish, and the
  pack's export (a TOML file) and import (a TOML file, refused with every problem listed).
- `_provisional.html`: the banner other pages include while the pack in use is provisional; its data
  comes from the `pack_notice` every template gets.

The walk itself is the game's (`GameModule.packs.walk`, typed by web.game_parts.PackWalk); its progress and
the verified pack are files in the data directory next to the store (`GameModule.packs.saved`), so
`companion board verify` in a terminal resumes the same walk.
"""

from __future__ import annotations

import datetime
import re
import threading
from dataclasses import dataclass
from typing import Any, cast

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request

from companion.i18n import N_, NP_, Text, translate
from companion.table import Refused, SetBoard

from .api import ApiError, api_error, body, role, table
from .game import current
from .game import parts as game_parts
from .game_parts import GamePacks, PackWalk
from .i18n import gettext as t
from .i18n import language

verify = Blueprint("verify", __name__)
STATUSES = (N_("verified"), N_("provisional"))  # a pack's status, shown in the owner's language


def packs() -> GamePacks:
    return cast(GamePacks, current().packs)


def the_walk() -> PackWalk:
    """The game's walk-through of its pack; a clear 404 for a game that has none yet (the Epic's)."""
    walk = packs().walk
    if walk is None:
        abort(404, "this game has no walk-through of its pack yet")
    return walk


@dataclass
class Walker:
    """The table's walk, read from its file at every step and saved after it: the terminal's
    `companion board verify` may have moved it on in between."""

    files: Any  # the game's pack files beside the store (GamePacks.saved)
    lock: threading.Lock

    def current(self, board: Any, text: str) -> Any:
        saved = self.files.load_progress()
        if saved is not None:
            try:
                return the_walk().from_json(saved)
            except the_walk().bad_progress as error:
                current_app.logger.warning("%s", error)
                self.files.set_aside()
        return the_walk().start(board, text)

    def save(self, walk: Any) -> None:
        self.files.save_progress(walk.to_json())

    def restart(self, board: Any, text: str) -> Any:
        walk = the_walk().start(board, text)
        self.save(walk)
        return walk


def walker() -> Walker:
    found = current_app.extensions.get("xidit_verify")
    if found is None:
        found = current_app.extensions.setdefault(
            "xidit_verify", Walker(packs().saved(table().store_path), threading.Lock()))
    assert isinstance(found, Walker)
    return found


verify.register_error_handler(ApiError, api_error)


# -- what every page gets: is the pack in use provisional? ---------------------------------------------

@verify.app_context_processor
def pack_context() -> dict[str, Any]:
    return {"pack_notice": pack_notice()}


def pack_notice() -> dict[str, Any] | None:
    """For the banner: the pack of the game under way (or of new games when none is), and new games'; None
    for a game played on no pack (the toy game)."""
    current, upcoming = table().boards()
    if current is None or upcoming is None:
        return None
    return {"name": current.name, "status": current.status, "provisional": current.status != "verified",
            "next_status": upcoming.status, "next_verified": upcoming.status == "verified"
            and current.status != "verified", "url": "/verify" if packs().walk is not None else None,
            "reference": "/reference"}


# -- pages ---------------------------------------------------------------------------------------------

def _page(template: str, **extra: Any) -> Response:
    response = Response(render_template(template, lang=language(), role=role(), **extra))
    response.headers["Cache-Control"] = "no-store"
    return response


@verify.get("/verify")
def verify_page() -> Response:
    return _page("verify.html", **the_walk().page(t))


@verify.get("/reference")
def reference_page() -> Response:
    sheet_template = game_parts().slots.get("reference")
    if sheet_template is None:  # a game whose page parts print no sheet (the framework's generic ones)
        abort(404, "this game has no printable reference sheet")
    current, upcoming = table().boards()
    board = upcoming if request.args.get("pack") == "next" else current
    sheet = game_parts().reference(board, t, language())
    return _page(sheet_template, **sheet, other=upcoming is not board and
                 upcoming.sha256 != board.sha256, today=datetime.date.today().isoformat())


# -- the API -------------------------------------------------------------------------------------------

def _referee() -> None:
    if role().kind != "referee":
        raise ApiError(403, "only the referee can check the board pack: sign in on the referee page first")


def state_json(walk: Any) -> dict[str, Any]:
    lang = language()
    tab = table()
    return {**the_walk().state_json(walk, lang, t),
            "pack": {"name": tab.new_board.name, "status": tab.new_board.status, "sha256": tab.new_board.sha256},
            "pack_text": translate(lang, N_("New games use the pack {name}: {status}."),
                                   {"name": tab.new_board.name, "status": translate(lang, tab.new_board.status)})}


def _step(action: Any, save: bool = True) -> Response:
    """Runs one step of the walk under the lock, saves it, answers with the new state."""
    _referee()
    w = walker()
    with w.lock:
        walk = w.current(table().new_board, table().new_pack)
        try:
            extra = action(walk) or {}
        except the_walk().bad_answer as error:
            raise ApiError(400, error.text(language())) from None  # type: ignore[attr-defined]  # the game's words
        if save:
            w.save(walk)
        return jsonify({**state_json(walk), **extra})


@verify.get("/api/verify/state")
def api_state() -> Response:
    return _step(lambda walk: None, save=False)


@verify.post("/api/verify/answer")
def api_answer() -> Response:
    data = body()
    key = data.get("screen")
    if not isinstance(key, str) or not the_walk().has_screen(key):
        raise ApiError(400, "give the key of the screen you answer ('screen') and its 'value'")
    if not isinstance(data.get("value"), dict):
        raise ApiError(400, "give the answer's 'value': an object with every field of the screen")
    return _step(lambda walk: walk.answer(key, data["value"]))


@verify.post("/api/verify/skip")
def api_skip() -> Response:
    return _step(lambda walk: walk.skip())


@verify.post("/api/verify/back")
def api_back() -> Response:
    return _step(lambda walk: walk.back())


@verify.post("/api/verify/goto")
def api_goto() -> Response:
    data = body()
    key = data.get("screen")
    if key == "first-open":
        return _step(lambda walk: walk.first_open())
    if not isinstance(key, str) or not the_walk().has_screen(key):
        raise ApiError(400, "give the key of a screen ('screen'), or \"first-open\"")
    return _step(lambda walk: walk.goto(key))


@verify.post("/api/verify/restart")
def api_restart() -> Response:
    """Starts the walk over from the pack new games use (every answer so far is dropped)."""
    _referee()
    w = walker()
    with w.lock:
        walk = w.restart(table().new_board, table().new_pack)
        return jsonify(state_json(walk))


DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@verify.post("/api/verify/finish")
def api_finish() -> Response:
    """Saves the pack next to the store and makes it the pack of new games: verified when every screen is
    answered, else (the 3-player tiles still to check) provisional, and the walk is kept for them."""
    _referee()
    data = request.get_json(silent=True) or {}
    date = data.get("date") if isinstance(data, dict) else None
    if date is None:
        date = datetime.date.today().isoformat()
    if not isinstance(date, str) or not DATE.match(date):
        raise ApiError(400, "'date' is the day of the check, YYYY-MM-DD")
    w = walker()
    lang = language()
    with w.lock:
        walk = w.current(table().new_board, table().new_pack)
        try:
            text = walk.pack_text(date)
        except the_walk().not_ready as caught:
            error: Any = caught  # the game's NotReady: what is unanswered, what conflicts
            raise ApiError(422, t(N_("Not yet: {screens}, {problems}."),
                                  screens=Text(NP_("{n} screen unanswered", "{n} screens unanswered"),
                                               {"n": len(error.unanswered)}),
                                  problems=Text(NP_("{n} problem to fix", "{n} problems to fix"),
                                                {"n": len(error.conflicts)})),
                           unanswered=error.unanswered[:20],
                           problems=[c.to_json(lang) for c in error.conflicts]) from None
        changes = len(walk.changes())
        path = w.files.save_pack(text)
        board = _use(text)
        complete = walk.complete()
        if complete:
            w.files.clear_progress()
        else:
            w.save(walk)  # the 3-player section is still to come
    message = NP_("Saved: new games use the verified pack ({n} value differs from the pack you started from).",
                  "Saved: new games use the verified pack ({n} values differ from the pack you started from).") \
        if complete else NP_("Saved: new games use the pack you checked ({n} value differs from the pack you "
                             "started from). Check the 3-player tiles before the first 3-player game.",
                             "Saved: new games use the pack you checked ({n} values differ from the pack you "
                             "started from). Check the 3-player tiles before the first 3-player game.")
    return jsonify({"saved": path.name, "changes": changes, "date": date, "board": board, "verified": complete,
                    "message": t(message, n=changes)})


def _use(text: str) -> dict[str, Any]:
    try:
        answer = table().submit(SetBoard(text)).result(timeout=30)
    except Refused as refused:
        raise ApiError(422, refused.sentence) from None
    board: dict[str, Any] = answer["board"]
    return board


@verify.get("/api/verify/export")
def api_export() -> Response:
    """The pack new games use, as a TOML file to share."""
    _referee()
    tab = table()
    board = tab.new_board
    slug = re.sub(r"[^a-z0-9]+", "-", board.name.lower()).strip("-") or "board"
    response = Response(tab.new_pack, mimetype="application/toml")
    response.headers["Content-Disposition"] = f"attachment; filename={slug}-{board.status}.toml"
    response.headers["Cache-Control"] = "no-store"
    return response


@verify.post("/api/verify/import")
def api_import() -> Response:
    """A pack from a file, sent as `{"pack": text}`: refused with every problem listed; a verified one
    becomes the pack of new games (saved next to the store); a provisional one starts a walk-through
    from its values."""
    _referee()
    data = body()  # JSON only: web/guard.py refuses any other body of a change
    text, replace = data.get("pack"), data.get("replace") is True
    if not isinstance(text, str) or not text.strip():
        raise ApiError(400, t(N_("Send the board pack's text (a TOML file).")))
    problems = packs().check(text)
    if problems:
        raise ApiError(422, t(NP_("This board pack has {n} problem: it is not used.",
                                   "This board pack has {n} problems: it is not used."), n=len(problems)),
                       problems=[problem.line for problem in problems])
    board = packs().parse(text)
    w = walker()
    with w.lock:
        if board.status == "verified":
            w.files.save_pack(text)
            used = _use(text)
            return jsonify({"used": True, "board": used,
                            "message": t(N_("Imported: new games use the verified pack {name}."), name=board.name)})
        walk = w.current(table().new_board, table().new_pack)
        if walk.progress()[0] > 0 and not replace:
            raise ApiError(409, t(N_("A walk-through is under way ({n} answered): importing starts it over from this "
                                     "pack."), n=walk.progress()[0]), answered=walk.progress()[0])
        walk = w.restart(board, text)
        return jsonify({"used": False, "walk": True, **state_json(walk),
                        "message": t(N_("This pack is provisional: check it with the walk-through, which starts "
                                        "from its values."))})
