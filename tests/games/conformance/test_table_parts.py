"""What every game's table part (companion.table.game_parts.GameTable) must do, checked on random games of
each registered game and the toy game: the table's replay of a record is the rules' replay; every event the
game tells is told in a step and every move in words; a seat's view at a real table never holds the Pi's
seed nor what another seat may not know (in the game's view, by the game's oracle; in the table's part,
another's draft or private line)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.core.game import REFEREE, GameModule
from companion.core.rebuild import push_move, rebuilt
from companion.core.typed import NUMBER, WORD, Field, OutcomeForm
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Seal, Table, Tell
from companion.table.commands import Refused
from companion.table.game_parts import part_of
from companion.table.steps import StepBuilder
from tests.engine import engine
from tests.games.conformance.play import SEEDS, pack_of, play, readers
from tests.games.toy import WITH_AGENTS

PI_SEED = 918273645  # the seed of the Pi's draws: a number no view has any other reason to hold


def table_part(game: GameModule) -> Any:
    """The game's table part, or the framework's own for a game made of rules alone."""
    return part_of(game.key)


def kind(event: Any) -> str:
    return str(event.get("event")) if isinstance(event, dict) else type(event).__name__


@pytest.mark.parametrize("seed", SEEDS)
def test_the_tables_replay_of_a_record_is_the_game_as_played(game: GameModule, seed: int) -> None:
    """The table rebuilds a game from its setup and stored moves (companion.core.rebuild): the same record
    and the same view for every reader as the game played; a record's setup and moves survive their JSON.
    (The setup is the played one: what a table keeps beside a record's setup, Xidit's face-down tiles not yet
    told, is its table state's, companion/games/xidit/table.)"""
    rules, pack = game.rules, pack_of(game)
    played = play(game, seed)
    record = json.loads(json.dumps(played.record_json()))
    stored = [rules.move_from_json(json.loads(json.dumps(rules.move_to_json(m)))) for m in played.moves]
    by_table = rebuilt(rules, pack, played.setup, stored)
    assert by_table.record_json() == record
    assert {r: by_table.view(r) for r in readers(game, played)} == {r: played.view(r) for r in readers(game, played)}
    setup, moves = rules.record_from_json(record, pack)
    assert rules.setup_from_json(json.loads(json.dumps(rules.setup_to_json(setup)))) == setup
    assert list(moves) == stored and rebuilt(rules, pack, setup, moves).record_json() == record


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_every_event_is_told_in_a_step_and_every_step_in_words(game: GameModule, seed: int) -> None:
    """The events fed to the game's grouping as a table feeds them, a move at a time: once the game is over
    the steps reach its last event, every round it reached has a step, and each step reads in English and
    French with every field filled, for the referee and for each seat."""
    part, pack, rules = table_part(game), pack_of(game), game.rules
    setup, moves = rules.record_from_json(play(game, seed).record_json(), pack)
    match = rules.start(pack, setup)
    builder = StepBuilder(part.grouping(match))
    builder.add_steps(part.setup_steps(match, frozenset()))
    rounds, seen = {match.progress().round}, len(part.events(match))
    for move in moves:
        push_move(rules, match, move)
        rounds.add(match.progress().round)
        events = part.events(match)
        builder.feed(events[seen:], seen, match.version)
        seen = len(events)
    builder.seal()
    steps = builder.steps()
    reached = max(step.at[1] for step in steps if step.at is not None)
    untold = {kind(e) for e in part.events(match)[reached:]}
    assert not untold, f"no step tells the last events: {untold}"
    assert rounds <= {step.round for step in steps}
    seats = sorted({int(p["seat"]) for p in match.view(REFEREE)["players"]})
    for step in steps:
        assert step.lines, step
        for language in ("en", "fr"):
            for reader in (None, *seats):
                text = json.dumps(step.to_json(language, reader), ensure_ascii=False)
                assert "{" not in text.replace('{"', "").replace("{}", ""), text  # a field left unfilled


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_every_move_has_words(game: GameModule, seed: int) -> None:
    """What the referee's history and a rollback say of each move (`describe`), seen or blind, in English and
    French: a sentence with its fields filled."""
    part = table_part(game)
    match = play(game, seed)
    again = game.rules.start(pack_of(game), match.setup)
    for index, move in enumerate(match.moves):
        round_ = again.progress().round
        for language in ("en", "fr"):
            for blind in (False, True):
                words = part.describe(language, match, index, round_, blind=blind)
                assert isinstance(words, str) and words.strip() and "{" not in words, (index, words)
        push_move(game.rules, again, move)


def table_leaks(table: Table, view: dict[str, Any], seat: int) -> list[str]:
    """What the table's own part of a seat's view shows of others: every draft, another seat's draft, a line
    of a step said privately to another seat (a card drawn) in its private words."""
    part, found = view["table"], []
    if "drafts" in part:
        found.append("every draft")
    if "draft" in part and str(seat) not in table.view(REFEREE)["table"].get("drafts", {}):
        found.append("a draft that is not the reader's")
    made = table.steps()
    for step in part["steps"]:
        for line, made_line in zip(step["lines"], made[step["n"]].lines, strict=True):
            if made_line.seat != seat and line["text"] != made_line.text(table.language, None):
                found.append(f"a private line of step {step['n']}: {line['text']}")
    return found


def typed_at_random(form: OutcomeForm, rng: random.Random) -> dict[str, Any]:
    """A card typed in as a hurried table might: every field within the form's bounds."""
    def one(field: Field) -> Any:
        if field.kind == NUMBER:
            return rng.randint(field.least, field.most)
        return rng.choice(field.words) if field.kind == WORD else rng.random() < 0.5
    return {f.name: [one(f) for _ in range(f.repeat)] if f.repeat else one(f) for f in form.fields}


def test_a_seats_view_at_the_table_holds_neither_the_seed_nor_anothers_secret(game: GameModule,
                                                                             tmp_path: Path) -> None:
    """A random game of three (or of the fewest players above three the game seats) played at a real table
    through its commands (decisions, drafts locked, what the table tells), the Pi drawing the rest with PI_SEED;
    every seat's view read at every point."""
    testing, kit = game.testing, game.agents or WITH_AGENTS.agents  # the toy lends its agents' drafts
    assert testing is not None and kit is not None
    table = Table.open(Store(tmp_path / "t.db"), game.packs.shipped_text() if game.packs else "", game=game.key)
    first = int(getattr(kit, "first_seat", 1))
    count = next(n for n in game.rules.seats if n >= 3)  # a count the game accepts (the Laboratory's: 2, 4, 6)
    players = [(first + i, colour, None) for i, colour in enumerate(game.rules.colours[:count])]
    setup = game.rules.setup_to_json(game.rules.default_setup(players, {}, 7))
    table.handle(NewGame(setup, game=game.key, chance="pi", seed=PI_SEED))
    rng, caught, points = random.Random(7), 0, 0
    while (match := engine(table)).result() is None:
        for seat, _, _ in players:
            view = table.view(f"seat:{seat}")
            text = json.dumps(view)
            assert str(PI_SEED) not in text and '"seed"' not in text, (seat, match.version)
            assert testing.forbidden(view, f"seat:{seat}", match) == [], (seat, match.version)
            assert table_leaks(table, view, seat) == [], (seat, match.version)
            if not caught:  # once is enough to show the oracle sees
                caught += bool(testing.forbidden(table.view(REFEREE), f"seat:{seat}", match))
        points += 1
        node = match.chance()
        if node is not None:  # what the table tells (a card's value): its teller, or the referee
            teller = REFEREE if node.told_by is None else f"seat:{node.told_by}"
            if node.outcomes:
                table.handle(Tell(rng.choice(node.outcomes), by=teller))
                continue
            assert node.form is not None, node  # a card typed in: one the form accepts, the rules may refuse
            before = table.view(REFEREE)
            try:
                table.handle(Tell(typed_at_random(node.form, rng), by=teller))
            except Refused:
                assert table.view(REFEREE) == before  # and the table types another
            continue
        locked = table.view(REFEREE)["table"]["locked"]
        choice = next(c for c in match.awaited() if not (c.sealed and c.seat in locked))
        move = testing.random_move(match, choice, rng)
        if choice.sealed:  # the game's own drafts, else the default's: the move's fields (default_part.py)
            drafted = kit.draft(move) if game.agents is not None or game.table is not None else \
                ({k: v for k, v in game.rules.move_to_json(move).items() if k not in ("type", "seat")},)
            for change in drafted:
                table.handle(EditDraft(choice.seat, change))
            table.handle(Seal(choice.seat))
        else:
            table.handle(Decide(choice.seat, game.rules.move_to_json(move)))
    table.stop()
    assert points > 5 and caught > 0  # the oracle is not blind: the referee's view shows a seat's secrets
