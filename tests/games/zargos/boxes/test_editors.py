"""Each kind of Zargos decision on the box: what it shows, what its keys send, what it refuses in words,
and the move a seat page built, confirmed with one press."""

from __future__ import annotations

import random
from typing import Any, get_args

from companion.boxes.drawing import overflows
from companion.games.zargos.boxes.editors import EDITORS
from companion.games.zargos.boxes.lines import DOING
from companion.games.zargos.rules import Game
from companion.games.zargos.rules.actions import Attack, Keep, PlayCard, action_from_json
from companion.games.zargos.rules.choices import AttackChoice, Choice, FightChoice, KeepChoice, WindowChoice
from companion.table import Decide, SeatSnapshot

from .support import BoxTable, advance, new_table


def attacking(game: Game) -> bool:
    return game.chance() is None and any(isinstance(c, AttackChoice) and c.sources for c in game.awaited()) \
        and not any(isinstance(c, WindowChoice) for c in game.awaited())


def test_every_zargos_decision_kind_has_one_editor() -> None:
    assert set(EDITORS) == {kind.decision for kind in get_args(Choice)}


def test_a_move_built_on_the_seat_page_is_confirmed_with_one_press() -> None:
    """§4: the page builds from, to and strength; the box shows it and OK sends it."""
    table = new_table()
    advance(table, random.Random(5), attacking)
    choice = next(c for c in table.game.awaited() if isinstance(c, AttackChoice))
    origin, most = choice.sources[0]
    board = table.game.board
    target = next(p for p in sorted(board.borders[origin]) if table.game.state.land.get(p, ("", 0))[0] != choice.people)
    table.draft[choice.seat] = {"from": origin, "to": target, "strength": most}
    box = table.boxes[choice.seat]
    frame = box.frame()
    assert frame.kind == "list" and frame.cursor == 0
    name = board.provinces[target].name  # shortened from the left to fit the line: its end stays
    assert frame.lines[0].startswith(f"Attack {most}: ") and name.endswith(frame.lines[0].split(" ")[-1])
    assert overflows(frame) == []
    assert frame.footer == f"From {board.provinces[origin].name}"
    move = Attack(choice.seat, choice.people, origin, target, most)
    assert box.keys_for(move, six_keys=True) == ["OK"]
    box.press("OK")
    assert table.game.history[-1] == move


def test_an_attack_entered_with_the_keys_names_from_to_and_strength() -> None:
    table = new_table()
    advance(table, random.Random(5), attacking)
    choice = next(c for c in table.game.awaited() if isinstance(c, AttackChoice))
    origin, most = choice.sources[-1]
    board = table.game.board
    target = next(p for p in sorted(board.borders[origin]) if table.game.state.land.get(p, ("", 0))[0] != choice.people)
    move = Attack(choice.seat, choice.people, origin, target, max(1, most - 1))
    box = table.boxes[choice.seat]
    keys = box.keys_for(move, six_keys=True)
    seen = [box.press(key) for key in keys]
    assert {f.title for f in seen} >= {"From where?", "To where?", "How strong?"}
    strength = next(f for f in seen if f.title == "How strong?")
    assert strength.lines[:2] == (board.provinces[origin].name, f"> {board.provinces[target].name}")
    assert table.game.history[-1] == move


def test_an_illegal_move_built_on_the_page_is_refused_in_words_and_changes_nothing() -> None:
    """4.1: a people never attacks itself; the engine's words come back on the box."""
    table = new_table()
    advance(table, random.Random(5), attacking)
    choice = next(c for c in table.game.awaited() if isinstance(c, AttackChoice))
    origin, most = choice.sources[0]
    own = next(p for p, (q, _) in sorted(table.game.state.land.items()) if q == choice.people and p != origin)
    table.draft[choice.seat] = {"from": origin, "to": own, "strength": most}
    before = len(table.game.history)
    frame = table.boxes[choice.seat].press("OK")
    assert len(table.game.history) == before
    assert frame.footer and "4." in frame.footer and frame.footer.count(" ") > 3


def _fixed(table: BoxTable, seat: int, choice: Any) -> None:
    """The box of `seat` asked `choice` whatever the game awaits (to reach a rare decision)."""
    box = table.boxes[seat]
    real = table.snapshot

    def snapshot(s: int) -> SeatSnapshot:
        snap = real(s)
        return SeatSnapshot(snap.view, choice, (), None, False) if s == seat else snap

    box._snapshot = lambda: snapshot(seat)  # noqa: SLF001 -- the test's own snapshot, as tests/boxes do


def test_keeping_cards_counts_them_and_refuses_a_wrong_count_in_words() -> None:
    """12.2: keep exactly the limit; the first ones are kept to start with."""
    for language, words in (("en", "Keep exactly 3 cards."), ("fr", "Gardez exactement 3 cartes.")):
        table = new_table(language=language)
        sent: list[Any] = []
        table.submit = sent.append  # type: ignore[method-assign]
        choice = KeepChoice(1, ("eclipse", "typhon", "vent_de_guerre", "vent_de_mort"), 3)
        _fixed(table, 1, choice)
        box = table.boxes[1]
        box._submit = sent.append  # noqa: SLF001
        assert box.frame().lines[0].startswith("+ ") and box.frame().lines[3].startswith("- ")
        box.press("OK")  # drops the first card: two kept
        for _ in range(4):
            box.press("DOWN")
        assert box.press("OK").footer == words and sent == []
        keys = box.keys_for(Keep(1, ("typhon", "vent_de_guerre", "vent_de_mort")), six_keys=True)
        assert len(keys) <= 6  # drop one, keep one: OK, UP, UP, OK, DOWN, OK


def test_wind_of_madness_names_its_kingdom_on_the_box() -> None:
    """12.10: a Vent de Folie is played on a kingdom; the box lists them by name."""
    table = new_table()
    choice = WindowChoice(2, "ailes", ("eclipse", "vent_de_folie"))
    _fixed(table, 2, choice)
    box = table.boxes[2]
    sent: list[Any] = []
    box._submit = sent.append  # noqa: SLF001
    assert box.frame().lines == ("Pass", "Eclipse", "Wind of Madness")
    move = PlayCard(2, "vent_de_folie", "kingdom:ludos")
    keys = box.keys_for(move, six_keys=True)
    frames = [box.press(key) for key in keys]
    assert "LUDOS" in frames[-2].lines
    assert [action_from_json(c.action) for c in sent if isinstance(c, Decide)] == [move]


def test_wind_of_war_names_its_combat_from_the_fight_decision_only() -> None:
    """Z-20: the attacker plays his Vent de Guerre on one of his combats, chosen on the box from the fight
    decision; from the window before a turn it names none (the table states what it does, Z-27)."""
    table = new_table()
    board = table.game.board
    fights = tuple(sorted(board.provinces)[:2])
    _fixed(table, 2, FightChoice(2, "ailes", fights, ("vent_de_guerre",)))
    box = table.boxes[2]
    sent: list[Any] = []
    box._submit = sent.append  # noqa: SLF001
    move = PlayCard(2, "vent_de_guerre", f"province:{fights[1]}")
    frames = [box.press(key) for key in box.keys_for(move, six_keys=True)]
    assert frames[-2].footer == "On which combat?"
    assert frames[-2].lines == tuple(board.provinces[p].name for p in fights)
    assert [action_from_json(c.action) for c in sent if isinstance(c, Decide)] == [move]

    table = new_table()
    _fixed(table, 2, WindowChoice(2, "ailes", ("vent_de_guerre",)))
    box = table.boxes[2]
    sent = []
    box._submit = sent.append  # noqa: SLF001
    move = PlayCard(2, "vent_de_guerre", "")
    assert box.keys_for(move, six_keys=True) == ["DOWN", "OK"]
    box.press("DOWN")
    box.press("OK")
    assert [action_from_json(c.action) for c in sent if isinstance(c, Decide)] == [move]


def test_every_zargos_decision_kind_says_what_a_seat_is_doing() -> None:
    assert set(DOING) == {kind.decision for kind in get_args(Choice)}


def test_a_box_that_does_not_know_the_board_still_confirms_the_pages_move() -> None:
    """An owner's own board (not the shipped pack): the box names provinces as the view does and leaves
    keyed map moves to the page, but a move the page built is still confirmed with OK."""
    from companion.games.zargos.boxes import ZargosBoxes

    table = new_table()
    advance(table, random.Random(5), attacking)
    choice = next(c for c in table.game.awaited() if isinstance(c, AttackChoice))
    origin, most = choice.sources[0]
    target = next(p for p in sorted(table.game.board.borders[origin])
                  if table.game.state.land.get(p, ("", 0))[0] != choice.people)
    blind = BoxTable(table.game, menus=ZargosBoxes(board_for=lambda view: None))
    blind.draft[choice.seat] = {"from": origin, "to": target, "strength": most}
    lines = blind.boxes[choice.seat].frame().lines
    assert lines[0] == f"Attack {most}: {target}" and "Enter an attack" not in lines and lines[-1] == "End the attacks"
    blind.boxes[choice.seat].press("OK")
    assert table.game.history[-1] == Attack(choice.seat, choice.people, origin, target, most)


def test_a_reorganisation_takes_the_pages_move_and_one_keyed_then_is_confirmed() -> None:
    """7.1: at most two moves; the page's move, one entered with the keys, then Confirm 2 moves."""
    from companion.games.zargos.rules.actions import Reorganise, Step
    from companion.games.zargos.rules.choices import ReorganiseChoice

    table = new_table()
    rng = random.Random(7)

    def reorganising(game: Game) -> bool:
        found = [c for c in game.awaited() if isinstance(c, ReorganiseChoice)]
        if not found or game.chance() is not None:
            return False
        land, board = game.state.land, game.board
        strong = [p for p in found[0].provinces if land[p][1] > 2 and any(q in found[0].provinces
                                                                        for q in board.borders[p])]
        return len(strong) >= 1

    advance(table, rng, reorganising)
    choice = next(c for c in table.game.awaited() if isinstance(c, ReorganiseChoice))
    land, board = table.game.state.land, table.game.board
    origin = next(p for p in choice.provinces if land[p][1] > 2 and any(q in choice.provinces
                                                                        for q in board.borders[p]))
    target = sorted(q for q in board.borders[origin] if q in choice.provinces)[0]
    table.draft[choice.seat] = {"from": origin, "to": target, "strength": 1}
    move = Reorganise(choice.seat, choice.people, (Step(origin, target, 1), Step(origin, target, 1)))
    box = table.boxes[choice.seat]
    keys = box.keys_for(move, six_keys=True)
    frames = [box.press(key) for key in keys]
    assert any("Confirm 2 moves" in f.lines for f in frames)
    assert table.game.history[-1] == move
