"""A seat page that no longer plays its seat says why (issue 26, items 4 and 6): the referee moved the seat to
another device (its phone is signed out of it at once, its page and its taps say to whom the seat went), or
the game it belonged to has ended (its page says which game, and no longer "Your turn")."""

from __future__ import annotations

from flask import Flask

from companion.table import NewGame, Table
from tests.table.support import PLAYERS, new_game_command
from tests.table.test_finished_game import play_to_the_end
from web.closed import when

from .conftest import as_referee, as_seat, command


def test_a_seat_moved_to_a_virtual_player_leaves_its_phone_at_once(app: Flask, table: Table) -> None:
    phone = as_seat(app, 1)
    assert "Your turn" in phone.get("/part/seat").get_data(as_text=True)
    referee = as_referee(app)
    assert command(referee, app, command="move_seat", seat=1, device={"device": "virtual"}).status_code == 200
    part = phone.get("/part/seat").get_data(as_text=True)
    assert "This seat was handed to a virtual player." in part and "Your turn" not in part
    assert 'data-closed="moved"' in phone.get("/seat/1").get_data(as_text=True)
    tapped = command(phone, app, command="unlock", seat=1)
    assert tapped.status_code == 403 and tapped.json["error"] == "This seat was handed to a virtual player."
    assert phone.get("/api/whoami").json["role"] == "public"
    # Back on a phone: the old sign-in stays ended; the new link (the referee's to hand out) plays it.
    assert command(referee, app, command="move_seat", seat=1, device={"device": "phone"}).status_code == 200
    assert phone.get("/api/whoami").json["role"] == "public"
    assert "The referee gave this seat a new link" in phone.get("/part/seat").get_data(as_text=True)


def test_a_seat_page_of_a_game_that_has_ended_says_so(app: Flask, table: Table) -> None:
    table.handle(NewGame(new_game_command(PLAYERS[:3], "short", "normal", 6).setup, replacing=table.game_id))
    phone = as_seat(app, 1)
    ended = table.game_id
    play_to_the_end(table, lambda c: table.submit(c).result(timeout=10))
    assert "Final ranking" in phone.get("/part/seat").get_data(as_text=True)  # over: still the seat's page
    referee = as_referee(app)
    assert command(referee, app, command="new_game", setup=new_game_command(PLAYERS[:3], "short", "normal", 7).setup,
                   replacing=None).status_code == 200
    said = f"This page was for the game of {when(table.created(ended))}, which has ended."
    for page in (phone.get("/part/seat"), phone.get("/seat/1")):
        text = page.get_data(as_text=True)
        assert page.status_code == 403 and said in text and "Your turn" not in text
    tapped = command(phone, app, command="lock", seat=1)
    assert tapped.status_code == 403 and tapped.json["error"] == said
    # Another browser never signed in to that seat gets no such page.
    assert app.test_client().get("/seat/1").status_code == 403


def test_a_phone_that_follows_its_player_into_the_new_game_is_offered_its_new_link(app: Flask, table: Table) -> None:
    players = [{"seat": 1, "colour": "blue", "name": "Ann"}, {"seat": 2, "colour": "red", "name": "Bob"},
               {"seat": 3, "colour": "green"}]
    phones = {"1": {"device": "phone"}, "2": {"device": "phone"}, "3": {"device": "phone"}}
    setup = {"players": players, "length": "short", "seed": 6}
    table.handle(NewGame(setup, replacing=table.game_id, seats=phones))
    ann, tablet, bob, green = as_seat(app, 1), as_seat(app, 1), as_seat(app, 2), as_seat(app, 3)
    referee = as_referee(app)
    # The same Ann on a phone at seat 1; seat 2 is now Zoé's; seat 3 has no name to know its player by.
    again = [players[0], {**players[1], "name": "Zoé"}, players[2]]
    assert command(referee, app, command="new_game", setup={**setup, "players": again, "seed": 7}, seats=phones,
                   replacing=table.game_id).status_code == 200
    offered = ann.get("/part/seat").get_data(as_text=True)
    assert "Your seat in the new game" in offered and "Your link to the new game comes from" not in offered
    link = offered[offered.index('href="/seat/1?t=') + 6:].split('"')[0]
    assert ann.get(link).status_code == 302 and ann.get("/api/whoami").json == {
        "role": "seat", "seat": 1, "blind": False, "reader": "seat:1"}
    assert "Your turn" in ann.get("/part/seat").get_data(as_text=True)
    for other in (bob, green):
        page = other.get("/part/seat").get_data(as_text=True)
        assert "Your seat in the new game" not in page and "Your link to the new game comes from" in page
    # Its link renewed by the referee in the new game, seat 1 is no longer offered to a page of the old one.
    assert "Your seat in the new game" in tablet.get("/part/seat").get_data(as_text=True)
    assert command(referee, app, command="renew_link", seat=1).status_code == 200
    assert "Your seat in the new game" not in tablet.get("/part/seat").get_data(as_text=True)


def test_an_old_seat_link_opens_a_page_that_says_the_seat_moved_and_who_gives_the_new_link(app: Flask,
                                                                                          table: Table) -> None:
    """Game night 2026-11-29, problem 8: a seat moved to a virtual player and back got a new link, and its
    old link or QR code opened Flask's bare English "Forbidden" (no style, no viewport, no next step). The
    old link, long or short, now opens the table's page in its language, saying the seat moved and that the
    referee gives the new link; the referee page says which seat has a new link and shows it."""
    from companion.table import SetLanguage
    from web.auth import SHORT, seat_token

    old = seat_token(app.config["SECRET_KEY"], table.game_id, 1, 0)
    referee = as_referee(app)
    assert command(referee, app, command="move_seat", seat=1, device={"device": "virtual"}).status_code == 200
    while_virtual = app.test_client().get(f"/seat/1?t={old}")
    assert while_virtual.status_code == 403
    assert "This seat was handed to a virtual player." in while_virtual.get_data(as_text=True)
    assert "Renewed" not in referee.get("/referee").get_data(as_text=True)
    assert command(referee, app, command="move_seat", seat=1, device={"device": "phone"}).status_code == 200
    for address in (f"/seat/1?t={old}", f"/S/1/{old[:SHORT].upper()}"):
        answer = app.test_client().get(address)
        page = answer.get_data(as_text=True)
        assert answer.status_code == 403 and "Forbidden" not in page
        assert 'name="viewport"' in page and 'rel="stylesheet"' in page and 'lang="en"' in page
        assert "This link no longer opens seat 1" in page and "Ask the referee for the new link" in page
    stranger = app.test_client().get("/seat/1?t=0123456789abcdef").get_data(as_text=True)
    assert "This link does not open seat 1 of the game under way" in stranger
    shown = referee.get("/referee").get_data(as_text=True)
    assert "Seat 1 has a new link: its old link and QR code no longer open it." in shown
    new = seat_token(app.config["SECRET_KEY"], table.game_id, 1, table.seat_link(1))
    assert f"seat/1?t={new}" in shown and "data-renewed" in shown
    table.handle(SetLanguage("fr"))
    french = app.test_client().get(f"/seat/1?t={old}").get_data(as_text=True)
    assert 'lang="fr"' in french and "ouvre plus la place 1" in french and "Demandez le nouveau lien" in french
