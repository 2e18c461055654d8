"""The Laboratory's table part: its steps in the rulebook's words (a chain told in the order it happens, a
Character turned face down when it no longer dominates, L8.3), cards named to their holder alone, each move
in words, and the pieces put back after a rollback."""

from __future__ import annotations

from companion.core.rebuild import rebuilt
from companion.games.astoria.laboratory.module import RULES
from companion.games.astoria.laboratory.rules import LabMatch
from companion.games.astoria.laboratory.rules.moves import Add, Make, Shift, Take
from companion.table.game_parts import part_of
from companion.table.steps import StepBuilder
from tests.games.astoria_laboratory.support import PACK, arrange, started, turn

PART = part_of("astoria-laboratory")


def steps(match: LabMatch, language: str = "en", reader: int | None = None) -> list[tuple[str, list[str]]]:
    """The steps a table is told, fed a move at a time as the table feeds them."""
    again = RULES.start(match.pack, match.setup)
    builder = StepBuilder(PART.grouping(again))
    builder.add_steps(PART.setup_steps(again, frozenset()))
    seen = len(PART.events(again))
    for move in match.moves:
        again.push(move)
        events = PART.events(again)
        builder.feed(events[seen:], seen, again.version)
        seen = len(events)
    builder.seal()
    told = [step.to_json(language, reader) for step in builder.steps()]
    return [(step["heading"], [line["text"] for line in step["lines"]]) for step in told]


def test_a_chain_of_three_reactions_is_told_in_the_order_it_happens_a09() -> None:
    match = started()
    arrange(match, [("violet", 0), ("yellow", 0), ("yellow", 1), ("yellow", 2), ("violet", 5)])
    seat = turn(match)
    match.push(Shift(seat, "violet", 5, 0))
    match.push(Shift(seat, "yellow", 1, 2, "shift"))
    match.push(Take(seat, 0, "violet", "yellow"))
    match.push(Take(seat, 2, "yellow", "violet"))
    match.push(Shift(seat, "yellow", 0, 1, "shift"))
    match.push(Shift(seat, "yellow", 1, 2, "shift"))
    told = steps(match)
    alchemy = next(i for i, (heading, _) in enumerate(told) if heading == f"Round 3 · Seat {seat} does Alchemy")
    assert [heading for heading, _ in told[alchemy + 1:]] == [f"Round 3 · Seat {seat}'s turn (continued)"]
    assert told[alchemy][1] + told[alchemy + 1][1] == [
        "Move the violet gem from slot 6 to slot 1.",
        "Violet reaction in slot 1: the violet gem just arrived is the reagent.",
        "Violet reaction: move the yellow gem from slot 2 to slot 3.",
        "Yellow reaction in slot 3: the yellow gem just arrived is the reagent.",
        "Yellow reaction: return the violet gem of slot 1 to the Reserve and put a yellow gem from the Reserve "
        "in its place.",
        "Yellow reaction in slot 1: the yellow gem just arrived is the reagent.",
        "Yellow reaction: return the yellow gem of slot 3 to the Reserve and put a violet gem from the Reserve "
        "in its place.",
        "Move the reagent (yellow) from slot 1 to the centre.",
        "Move the reagent (yellow) from slot 3 to the centre; put the yellow gem that was there into Team A's "
        "Flask.",
        "Violet reaction: move the yellow gem from slot 1 to slot 2.",
        "Violet reaction: move the yellow gem from slot 2 to slot 3.",
        "Move the reagent (violet) from slot 1 to the centre; put the yellow gem that was there into Team A's "
        "Flask."]


def test_a_character_that_no_longer_dominates_is_turned_face_down_and_up_again_l8_3() -> None:
    match = started(hands={1: [3, 4, 5], 2: [2, 6, 7]})  # cards 2 and 3: two yellow Glyphs each
    match.push(Add(1, "violet", 4))
    match.push(Add(2, "red", 3))
    match.push(Make(2, 2))
    assert steps(match)[-1][1][-2:] == ["Seat 2: lay Artefact 2 face up; take the red gem of slot 4 onto it.",
                                        "Team A: turn your yellow Character face down: it no longer dominates."]
    match.push(Add(1, "red", 0))
    match.push(Make(1, 3))
    assert steps(match)[-1][1][-1] == "Team A: turn your yellow Character face up: it dominates again."
    french = steps(match, "fr")[-1][1][-1]
    assert french == "Équipe A\u202f: retournez votre Personnage jaune face visible\u202f: il domine de nouveau."


def test_a_card_dealt_is_named_to_its_holder_alone_l11_1() -> None:
    match = started(hands={1: [3, 4, 5], 2: [2, 6, 7]})
    def at_the_table(reader: int | None) -> list[str]:
        return [line for heading, lines in steps(match, reader=reader) if "At the table" in heading for line in lines]

    assert at_the_table(2)[:4] == ["Seat 1 takes an Artefact card."] * 3 + ["Seat 2 takes Artefact 2."]
    public = at_the_table(None)
    assert public[:6] == ["Seat 1 takes an Artefact card."] * 3 + ["Seat 2 takes an Artefact card."] * 3
    assert public[6:8] == ["Seat 1 plays first: the first card's colour is red, their Character's.",
                           "Lay Artefact 20 face up beside the deck: a Discovery."]


def test_each_move_has_its_words_a_secret_card_only_for_who_may_know_it() -> None:
    match = started(hands={1: [3, 4, 5], 2: [2, 6, 7]})
    match.push(Add(1, "orange", 4))
    said = [PART.describe("en", match, n, 1, blind=True) for n in range(match.version)]
    assert said[0] == "Round 1 · seat 1 is told a card" and "Artefact 3" in PART.describe("en", match, 0, 1,
                                                                                             blind=False)
    assert said[6:8] == ["Round 1 · the first card's colour is red",
                         "Round 1 · Artefact 20 is laid face up as a Discovery"]
    assert said[-1] == "Round 1 · seat 1 adds an orange gem in slot 5"


def test_after_a_rollback_the_table_is_told_what_each_slot_the_centre_and_the_flasks_hold_again() -> None:
    match = started()
    arrange(match, [("yellow", 1), ("yellow", 2)])
    before = match.view()
    kept = match.version
    match.push(Shift(turn(match), "yellow", 1, 2))
    match.push(Take(turn(match), 2, "yellow", "violet"))
    after = rebuilt(RULES, PACK, match.setup, match.moves[:kept]).view()
    lines = [line.text("en", None) for line in PART.restore_lines(match.view(), after, PACK)]
    assert lines == ["Slot 2 holds a yellow gem again.", "Slot 3 holds a yellow gem again.",
                     "The centre holds no gem again."]
    assert PART.restore_lines(before, after, PACK) == []
