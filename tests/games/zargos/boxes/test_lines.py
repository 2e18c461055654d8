"""The box's words outside the decisions: the title, the status page (the seat's hand by name, its secret
placement cards, which no other box shows), whom the game waits for, a draw told from the box."""

from __future__ import annotations

import random
from typing import Any

from companion.games.zargos.boxes import BOXES
from companion.games.zargos.rules import Game
from companion.i18n import translate
from companion.table import SeatSnapshot

from .support import advance, new_table


def t_in(language: str):  # type: ignore[no-untyped-def]
    return lambda message, params=None: translate(language, message, params)


def secret_drafted(game: Game) -> bool:
    return game.chance() is None and any("reinforcement" in p.cards for p in game.state.peoples.values())


def seen(view: dict[str, Any]) -> SeatSnapshot:
    """A seat's snapshot holding only its view: what Zargos's box part reads."""
    return SeatSnapshot(view, None, (), None, False)


def test_the_status_page_shows_secret_placement_cards_to_their_owner_only() -> None:
    """2.9: reinforcement and boat cards are secret; the owner's box lists them by name."""
    table = new_table(players=4)
    advance(table, random.Random(2), secret_drafted)
    owner = next(p for p in table.game.state.peoples.values() if "reinforcement" in p.cards)
    other = (owner.seat + 1) % 4
    for language, word, people in (("en", "Reinforcement", "The "), ("fr", "Renfort", "Les ")):
        t = t_in(language)
        title, lines = BOXES.status(seen(table.game.view(f"seat:{owner.seat}")), owner.seat, t)
        assert f"- {word}" in lines and any(line.startswith(people) for line in lines)
        _, others = BOXES.status(seen(table.game.view(f"seat:{other}")), other, t)
        assert all(word not in line for line in others)


def test_the_hand_is_listed_by_the_rulebooks_names() -> None:
    """12.2: the magic hand, on its owner's box only, each card by its name (French: « Vent de Guerre »)."""
    table = new_table(players=4)
    advance(table, random.Random(4), lambda g: any(len(h) >= 2 for h in g.state.hands.values()))
    seat, hand = next((s, h) for s, h in table.game.state.hands.items() if len(h) >= 2)
    _, lines = BOXES.status(seen(table.game.view(f"seat:{seat}")), seat, t_in("fr"))
    french = {"vent_de_guerre": "Vent de Guerre", "vent_de_folie": "Vent de Folie", "eclipse": "Eclipse"}
    assert lines[0] == f"Magie\u202f: {len(hand)} cartes"
    assert all(f"- {french[c]}" in lines for c in hand if c in french)


def test_the_title_and_the_waiting_lines_say_who_plays_and_what() -> None:
    table = new_table(players=4)
    advance(table, random.Random(5), lambda g: g.state.phase == "attack" and g.chance() is None
            and not g.state.window_open)
    game = table.game
    active = game.state.order[game.state.turn]
    seat = game.state.peoples[active].seat
    idle = (seat + 1) % 4
    t = t_in("en")
    view = game.view(f"seat:{seat}")
    assert BOXES.title(seen(view), seat, t) == f"R{game.state.round} {t(_name(active))}"
    waiting = BOXES.waiting(seen(game.view(f"seat:{idle}")), idle, t)
    assert waiting[0] == "Waiting" and f"{t(_name(active))}: attacking" in waiting
    assert BOXES.result(seen(view), seat, t) is None


def _name(key: str) -> str:
    from companion.games.zargos.rules.terms import PEOPLES

    return PEOPLES[key]


def test_a_card_drawn_from_the_physical_pile_is_told_from_the_drawing_seats_box_only() -> None:
    """2.7: the drafting seat says which card it drew; the other boxes wait (they may not see the pile)."""
    table = new_table(players=4, physical=True)
    advance(table, random.Random(1), lambda g: g.chance() is not None and g.chance().kind == "draw")
    node = table.game.chance()
    assert node is not None and node.told_by is not None
    drawer, other = table.boxes[node.told_by], table.boxes[(node.told_by + 1) % 4]
    assert drawer.frame().title == "Card drawn?" and len(drawer.frame().lines) == len(node.outcomes)
    assert other.frame().kind == "message" and other.frame().lines[0] == "Waiting"
    assert "drawing a card" in " ".join(other.frame().lines)
    outcome = node.outcomes[-1]
    for key in drawer.keys_for(outcome, six_keys=True):
        drawer.press(key)
    assert table.game.history[-1].outcome == outcome


def test_an_effect_another_player_stated_on_a_seats_people_is_on_its_box() -> None:
    """Issue 36: an effect stated on another player's people shows on that player's box, with who stated it."""
    from companion.games.zargos.rules.actions import Adjust

    table = new_table(players=4)
    advance(table, random.Random(2), secret_drafted)
    people = next(p for p in table.game.state.peoples.values() if p.seat == 1)
    table.game.push(Adjust(0, "card:typhon", boats=((people.key, 1),)))
    for language, said in (("en", "Stated by player 1:"), ("fr", "Annoncé par le joueur 1\u202f:")):
        _, lines = BOXES.status(seen(table.game.view("seat:1")), 1, t_in(language))
        assert said in lines and any(line.endswith("+1") for line in lines), lines
        _, others = BOXES.status(seen(table.game.view("seat:2")), 2, t_in(language))
        assert said not in others
