"""Zargos's virtual players (issue 29): the levels, games between them to a victory through the harness,
and `companion simulate` / `companion replay` on the command line, the game found from the record."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import cli
from companion.agents.match import agents_for, play_match
from companion.agents.simulate import simulate_agents
from companion.core.game import GameModule, seat_reader
from companion.games.zargos.agents import AGENTS
from companion.games.zargos.agents.normal import NormalAgent
from companion.games.zargos.agents.odds import needed_against_demons, survive_demons, win
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Game, Setup
from companion.games.zargos.rules.actions import Attack, Fight, PlayCard, Reinforce
from companion.games.zargos.rules.choices import AttackChoice, FightChoice, ReinforceChoice
from tests.games.zargos.support import active, drive, first_turn, layout

BOARD = default_pack()


def test_the_levels_are_random_then_normal_and_an_unknown_one_is_refused() -> None:
    assert AGENTS.levels == ("random", "normal")
    with pytest.raises(ValueError, match="unknown agent level 'strong'"):
        AGENTS.make("strong", BOARD, 1)


def test_the_odds_follow_the_dice() -> None:
    # 6.3-6.7: one die a side at 1 against 1 (each loses a token on a 2 or more); walls make a capital harder.
    assert 0 < win(1, 1) < 1
    assert win(10, 5, capital=True) < win(10, 5)
    assert win(0, 3) == 0.0 and win(3, 0) == 1.0
    # 9.2-9.3: the Forbidden City's four demon dice take at most 12: a force of 13 always drives them out.
    assert survive_demons(13, 4) == 1.0 and survive_demons(12, 4) < 1.0
    assert needed_against_demons(1.0, 2) == 7


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_between_levels_end_in_a_victory_with_legal_moves_only(players: int) -> None:
    levels = ("normal", "random", *("normal",) * (players - 2))
    game = play_match(AGENTS, BOARD, AGENTS.setup(players, {}, 3), agents_for(AGENTS, BOARD, levels, 3), 3)
    assert isinstance(game, Game) and game.result() is not None  # 14.1
    replayed = Game.replay(BOARD, game.setup, game.history)
    assert replayed.view() == game.view()


def test_the_normal_agent_attacks_what_it_can_win_and_finishes_a_joint_attack() -> None:
    game = first_turn(4, seed=5)
    seat, people = active(game)
    foe = next(k for k, p in game.state.peoples.items() if p.seat != seat)
    # All of KORI its own but its capital KORI 2 (6.7), held by a foe with 8; around, the foe with 6 a province.
    holdings = {"kori-1": (people, 12), "kori-3": (people, 12), "kori-4": (people, 1), "kori-5": (people, 1)}
    holdings |= {n: (foe, 6) for p in list(holdings) for n in BOARD.borders[p] if n not in holdings}
    holdings["kori-2"] = (foe, 8)
    layout(game, holdings)
    agent = NormalAgent(BOARD, 1)
    moves = []
    while True:
        choice = game.awaited(seat)[-1]
        if not isinstance(choice, AttackChoice):
            break
        move = agent.decide(game.view(seat_reader(seat)), choice)
        game.push(move)
        moves.append(move)
        if not isinstance(move, Attack):
            break
    attacks = [m for m in moves if isinstance(m, Attack)]
    on_capital = sum(m.strength for m in attacks if m.target == "kori-2")
    assert on_capital and win(on_capital, 8, capital=True) >= 0.8  # joined from both sides if need be (4.2)
    assert all(game.state.land[m.origin][1] >= 1 for m in attacks)  # 4.3: one token stays


def test_the_normal_agent_fights_the_forbidden_city_first() -> None:
    # 9.9, 9.12: once Master, the other unoccupied Zargos provinces are taken without demons.
    game = first_turn(4, seed=2)
    seat, people = active(game)
    layout(game, {"z-a1": (people, 30), "z-c1": (people, 20), "kori-1": (people, 5)})
    agent = NormalAgent(BOARD, 1)
    for _ in range(10):
        choice = game.awaited(seat)[-1]
        if not isinstance(choice, AttackChoice):
            break
        game.push(agent.decide(game.view(seat_reader(seat)), choice))
    choice = game.awaited(seat)[-1]
    assert isinstance(choice, FightChoice) and BOARD.forbidden_city in choice.provinces
    move = agent.decide(game.view(seat_reader(seat)), choice)
    assert isinstance(move, Fight | PlayCard)
    assert (move.province if isinstance(move, Fight) else move.target) in (
        BOARD.forbidden_city, f"province:{BOARD.forbidden_city}")


def test_the_normal_agent_reinforces_where_it_borders_its_enemies() -> None:
    game = drive(Game(BOARD, Setup(4)), lambda g: any(isinstance(c, ReinforceChoice) for c in g.awaited()), seed=4)
    choice = next(c for c in game.awaited() if isinstance(c, ReinforceChoice))
    move = NormalAgent(BOARD, 1).decide(game.view(seat_reader(choice.seat)), choice)
    assert isinstance(move, Reinforce) and move.boats == 0
    land = game.state.land
    for province, _ in move.spread:
        assert any(land.get(n, (choice.people, 0))[0] != choice.people for n in BOARD.borders[province])
    game.push(move)  # legal (13.2-13.4)


def test_the_normal_agent_beats_the_random_one() -> None:
    # One normal agent against three random ones, 6 games with the normal agent at each seat.
    wins = 0
    for seat in range(4):
        levels = tuple("normal" if s == seat else "random" for s in range(4))
        summary = simulate_agents(AGENTS, BOARD, {}, 6, 7, levels).to_json()
        assert sum(summary["wins"].values()) == 6
        wins += summary["wins_by_level"]["normal"]
    assert wins >= 12  # twice a random seat's share (6 of 24); docs/agents.md has the figure over 200 games


def test_simulate_writes_zargos_records_that_replay_finds_by_their_format(
        zargos: GameModule, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--game", "zargos", "--players", "3", "--agents", "normal,random,normal",
                     "--games", "2", "--seed", "4", "--records", str(tmp_path), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["agents"] == ["normal", "random", "normal"] and sum(out["wins"].values()) == 2
    record = json.loads((tmp_path / "game-0002.json").read_text())
    assert record["format"] == "zargos-record/1" and record["setup"]["players"] == 3
    assert any(move["type"] == "chance" for move in record["moves"])  # the Pi's dice, in the record
    assert cli.main(["replay", str(tmp_path / "game-0002.json")]) == 0  # no --game: the format names it
    line = capsys.readouterr().out
    assert line.startswith("round ") and "winner: seat" in line
    assert cli.main(["simulate", "--game", "zargos", "--players", "4", "--agents", "normal,strong,random,random",
                     "--games", "1", "--seed", "1"]) == 2
    assert "unknown agent 'strong'; the agents are random, normal" in capsys.readouterr().err


def test_random_simulations_are_the_same_for_the_same_seed(zargos: GameModule,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "zargos", "--players", "5", "--games", "2", "--seed", "9", "--json"]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert cli.main(args) == 0
    assert capsys.readouterr().out == first and json.loads(first)["games"] == 2


def test_a_random_action_for_the_table_is_legal() -> None:
    game = first_turn(4, seed=3)
    seat, _ = active(game)
    rng = random.Random(2)
    for lent in (game, game.state, None):
        choice = game.awaited(seat)[-1]
        move = AGENTS.random_action(rng, choice, lent)
        Game.replay(BOARD, game.setup, [*game.history, move])  # legal: replays


def test_the_normal_agent_aims_a_wind_of_madness_where_it_hurts_its_enemies() -> None:
    # 12.10: every province of the kingdom loses half a die; the agent sees only its seat's view.
    from companion.games.zargos.rules.actions import Pass
    from companion.games.zargos.rules.choices import WindowChoice

    provinces = {p: {"people": "dragons", "strength": 2} for p in BOARD.kingdoms["k3"].provinces}
    provinces |= {p: {"people": "moines", "strength": 9} for p in BOARD.kingdoms["k4"].provinces}
    view = {"provinces": provinces, "peoples": {"moines": {"seat": 0}, "dragons": {"seat": 1}},
            "players": [{"seat": 0, "hand": ["vent_de_folie"]}], "attacks": {}, "round": 2, "log": []}
    choice = WindowChoice(0, "dragons", ("vent_de_folie",))
    assert NormalAgent(BOARD, 1).decide(view, choice) == PlayCard(0, "vent_de_folie", "kingdom:k3")
    # 12.8: not twice on the same kingdom before one turn; nowhere else worth it: it passes.
    view["log"] = [{"event": "played", "seat": 1, "card": "vent_de_folie", "target": "kingdom:k3"}]
    assert NormalAgent(BOARD, 1).decide(view, choice) == Pass(0)
