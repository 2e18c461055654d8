"""Why a seat's page no longer plays its seat, in words: the game it belonged to has ended (the referee
started another; a phone that follows its player into the new game is offered its new link, carried.py),
the seat was handed to another device, or its link was renewed. A page that kept saying
"Your turn" and answered a tap with "join a seat or sign in first" left its player lost (issue 26).

Read from the browser's own signed cookie (which seat of which game it was signed in to) and the table:
nothing secret, nothing another seat may not know."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, session

from companion.i18n import N_
from companion.table.seats import PHONE, handed_to

from .api import role, table
from .auth import SHORT, same, seat_token
from .game import link_number

ENDED = N_("This page was for the game of {date}, which has ended.")
RENEWED = N_("The referee gave this seat a new link: this page no longer plays it. Ask the referee for the new link.")
ASIDE = N_("This page was for the game of {date}, which the referee set aside.")
OLD_LINK_TITLE = N_("This link no longer opens seat {seat}")
OLD_LINK = N_("This is an old link of seat {seat}: the seat has a new link since it moved to another device "
              "and back, or since the referee renewed it. Ask the referee for the new link: the referee page "
              "shows it, with its QR code.")
NOT_A_LINK = N_("This link does not open seat {seat} of the game under way. Ask the referee for your seat's link.")
ASK_REFEREE = N_("If it comes back to a phone, the referee gives its new link.")
ASK = N_("Your link to the new game comes from the referee (or from your box's screen).")


def when(created: str | None) -> str:
    """A stored game's start as the pages show dates: 2026-11-24 20:42 (UTC)."""
    return (created or "")[:16].replace("T", " ")


def closed_seat(t: Callable[..., str]) -> dict[str, Any] | None:
    """Why this browser, signed in to a seat before, no longer plays it; None while it does (or never did)."""
    seat, game = session.get("seat"), session.get("game")
    if session.get("role") != "seat" or not isinstance(seat, int) or not isinstance(game, int):
        return None
    if role().kind == "seat":
        return None
    tab = table()
    if game != tab.game_id:
        said = ASIDE if tab.is_aside(game) else ENDED
        closed = {"seat": seat, "why": "ended", "text": t(said, date=when(tab.created(game))), "hint": t(ASK)}
        link = session.get("link", 0)
        if isinstance(link, int) and tab.follows(seat, game, link):
            # The same player on a phone in the new game: this browser held the seat, it gets its new link.
            token = seat_token(current_app.config["SECRET_KEY"], tab.game_id, seat, tab.seat_link(seat))
            closed.update(hint="", link=f"/seat/{link_number(seat)}?t={token}")
        return closed
    if session.get("link", 0) == tab.seat_link(seat):
        return None  # signed out, or a sign-in that ran out: nothing to say but the link
    device = tab.seat_devices_now().get(seat)
    if device is not None and device["device"] != PHONE:
        return {"seat": seat, "why": "moved", "text": t(handed_to(device)), "hint": ""}
    return {"seat": seat, "why": "renewed", "text": t(RENEWED), "hint": ""}


def refused_link(seat: int, shown: int, token: str, t: Callable[..., str], *, short: bool = False) -> dict[str, Any]:
    """Why a seat link opened nothing (game night 2026-11-29: an old link gave Flask's bare "Forbidden"):
    the seat is played by another device now, or the link is one of the seat's earlier links (renewed by
    the referee, or when the seat moved to a virtual player and back), or it is no link of this game."""
    tab = table()
    game = tab.game_id
    title = t(OLD_LINK_TITLE, seat=shown)  # `shown`: the seat as people read it (from 1)
    if game is not None and tab.seated(seat):
        device = tab.seat_devices_now().get(seat)
        if device is not None and device["device"] != PHONE:
            return {"seat": seat, "why": "moved", "title": title, "text": t(handed_to(device)), "hint": t(ASK_REFEREE)}
        key = current_app.config["SECRET_KEY"]
        given = token.lower() if short else token
        for link in range(tab.seat_link(seat)):
            expected = seat_token(key, game, seat, link)
            if same(given, expected[:SHORT] if short else expected):
                return {"seat": seat, "why": "renewed", "title": title, "text": t(OLD_LINK, seat=shown), "hint": ""}
    return {"seat": seat, "why": "unknown", "title": title, "text": t(NOT_A_LINK, seat=shown), "hint": ""}
