"""The steps a table follows, on whole simulated games: short enough, few enough, in the players' words."""

from __future__ import annotations

import re
from functools import cache

import pytest

from companion.games.xidit.agents.play import game_seeds, play, random_setup
from companion.games.xidit.boards import default_pack
from companion.games.xidit.rules import Game
from companion.table.steps import MAX_LINES, Step, game_steps

BOARD = default_pack()

# What a player must never read: rule codes, sections, pack indexes, unfilled fields.
INTERNAL = re.compile(r"\bR-\d+|§\s*\d|\{|\}|\bseat\b|\bindex\b|colossus \d|colosse \d|region \d\b|région \d\b",
                      re.IGNORECASE)
# English words that have no place in a French text (none of them is also a French word).
ENGLISH = {"the", "and", "city", "cities", "tile", "tiles", "take", "put", "move", "from", "with", "road", "gold",
           "bard", "bards", "floor", "floors", "screen", "barracks", "discard", "next", "threat", "recruitment",
           "region", "wins", "waits", "nothing", "black", "red", "blue", "green", "yellow", "wealth", "fame",
           "census", "order", "year", "side", "top", "bottom", "first", "stack", "colossus", "colossi", "marker",
           "turn", "give", "pass", "build", "return", "scoring", "ranking", "player", "neutral", "rewards", "then",
           "militia", "infantry", "priest", "priests", "awake", "sleeping", "up", "eliminated", "box"}


@cache
def games(players: int, short: bool, count: int = 2) -> tuple[tuple[Game, tuple[Step, ...]], ...]:
    found = []
    for seed in game_seeds(players * 10 + short, count):
        game = play(BOARD, random_setup(players, short, seed), seed ^ 0x5EED)
        found.append((game, tuple(game_steps(BOARD, game.setup, game.actions))))
    return tuple(found)


def texts(step: Step, language: str) -> list[str]:
    """What each reader may be shown of a step: its title, its lines publicly and to their player."""
    lines = [line.text(language, None) for line in step.lines]
    lines += [line.text(language, line.seat) for line in step.lines if line.private is not None]
    return [step.title.render(language), *lines]


CASES = [(p, s) for p in (3, 4, 5) for s in (False, True)]


@pytest.mark.parametrize(("players", "short"), CASES)
def test_no_step_has_more_than_six_lines(players: int, short: bool) -> None:
    for _, steps in games(players, short):
        assert max(len(s.lines) for s in steps) <= MAX_LINES == 6
        assert all(s.lines for s in steps)  # and none is empty


@pytest.mark.parametrize("short", [False, True])
def test_four_players_have_ten_steps_a_year_or_fewer_on_average(short: bool) -> None:
    found = games(4, short, 4)
    per_year = sum(len(steps) for _, steps in found) / sum(game.setup.years for game, _ in found)
    assert 6 <= per_year <= 10


@pytest.mark.parametrize(("players", "short"), CASES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_rule_code_or_internal_id_reaches_a_player(players: int, short: bool, language: str) -> None:
    for _, steps in games(players, short):
        for step in steps:
            for text in texts(step, language):
                assert not INTERNAL.search(text), text


@pytest.mark.parametrize(("players", "short"), CASES)
def test_no_english_word_in_a_french_step(players: int, short: bool) -> None:
    for _, steps in games(players, short):
        for step in steps:
            for text in texts(step, "fr"):
                words = {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", text)}
                assert not words & ENGLISH, text
                assert "(s)" not in text, text


def test_every_year_has_its_six_order_slots_in_order() -> None:
    for game, steps in games(4, True):
        for year in range(1, game.setup.years + 1):
            titles = [s.title.render("en") for s in steps if s.round == year and s.kind == "order"]
            firsts = [t for t in titles if "continued" not in t]
            assert firsts == [f"Order {k} of 6" for k in range(1, 7)], (year, titles)


def test_piles_are_told_bottom_first_and_name_their_top() -> None:
    game, steps = games(4, False)[0]
    setup = " ".join(line.text("en", None) for s in steps if s.kind == "setup" for line in s.lines)
    fresh = Game(BOARD, game.setup).state
    bottom_first = ", ".join(map(str, fresh.threat_pile[::-1]))
    assert f"Threat pile, threat side up, stack, bottom first: {bottom_first} ({fresh.threat_pile[0]} on top)." in setup
    assert "Recruitment pile, recruitment side up, stack, bottom first:" in setup
    assert "shuffle" not in setup.lower()


@pytest.mark.parametrize("players,short", [(4, True), (3, False)])
def test_each_step_knows_the_board_as_the_table_has_it_while_doing_it(players: int, short: bool) -> None:
    """A table a year behind the game sees the board of its step's year, mid-resolution, not the game's present."""
    game, steps = games(players, short)[0]
    assert all(step.at is not None for step in steps)
    for step in steps:
        assert step.at is not None
        actions, events = step.at
        past = Game.as_of(BOARD, game.setup, game.actions[:actions], events)
        assert past.state.events == game.state.events[:len(past.state.events)] and len(past.state.events) >= events
        assert past.view("referee")["awaiting"] == [] and past.view("public")["year"] == past.state.year
        if step.kind == "setup":
            assert past.version == 0 and past.state.phase == "place"
        if step.kind == "order":
            assert past.state.year == step.round and past.state.phase == "resolution"
    last = steps[-1].at
    assert last is not None and Game.as_of(BOARD, game.setup, game.actions, last[1]).state.phase == "over"
