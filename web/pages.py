"""The pages: the table view, the referee page, a player's page, the final scoring."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, session, url_for

from .api import role, table
from .auth import same, seat_token

pages = Blueprint("pages", __name__)


@pages.get("/")
def table_view() -> Any:
    return render_template("table.html", role=role())


@pages.get("/referee")
def referee() -> Any:
    return render_template("referee.html", role=role())


@pages.get("/scoring")
def scoring() -> Any:
    return render_template("scoring.html", role=role())


@pages.get("/seat/<int:seat>")
def seat(seat: int) -> Any:
    token = request.args.get("t")
    if token is not None:
        # The secret link: check it, remember the seat in the session, and drop the token from the
        # address bar so it is not shown or shared by accident.
        game = table().game
        if game is None or seat not in game.state.players or not same(
                token, seat_token(current_app.config["SECRET_KEY"], table().game_id, seat)):
            abort(403)
        session.clear()
        session.update(role="seat", seat=seat, game=table().game_id)
        session.permanent = True
        return redirect(url_for("pages.seat", seat=seat))
    if role().kind != "seat" or role().seat != seat:
        abort(403)
    return render_template("seat.html", role=role(), seat=seat)
