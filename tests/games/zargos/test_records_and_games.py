"""Records (`zargos-record/1`) replay without random numbers; views per reader; random agents play whole
games to a victory (14.1) at 2, 4 and 6 players; the table's stated effects (Z-27) replay like any move."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import BadReader
from companion.games.zargos.agents import play
from companion.games.zargos.module import RULES
from companion.games.zargos.rules import Game, Setup, action_from_json, action_to_json, replay_json
from companion.games.zargos.rules.actions import (
    Adjust,
    Attack,
    ChoosePeople,
    Draft,
    EndAttacks,
    Fight,
    Keep,
    MagicTrade,
    OutOfGame,
    Pass,
    Place,
    PlayCard,
    Reinforce,
    Reorganise,
    Step,
    Swords,
    Trade,
    TradesDone,
)
from companion.games.zargos.rules.errors import BadRecord, IllegalAction

from .support import BOARD, active, first_turn


@pytest.mark.parametrize(("players", "each", "seed"), [(2, 2, 1), (2, 3, 5), (3, 2, 4), (4, 1, 2), (4, 1, 7),
                                                       (5, 1, 6), (6, 1, 3), (6, 1, 8)])
def test_random_agents_play_a_whole_game_to_a_victory(players: int, each: int, seed: int) -> None:
    # 14.1, Z-25: the game ends when one people holds the Forbidden City and the three around it
    game = play(BOARD, Setup(players, each), seed)
    result = game.result()
    assert result is not None and len(result.winners) == 1
    winner = game.state.winner
    assert winner is not None and game.state.peoples[winner].seat == result.winners[0]
    assert all(game.state.land[p][0] == winner for p in (BOARD.forbidden_city, *BOARD.around))
    # the record replays to the same game, through JSON, without random numbers
    record = json.loads(json.dumps(game.record_json()))
    assert record["format"] == "zargos-record/1"
    again = replay_json(BOARD, record)
    assert again.view() == game.view() and again.record_json() == record


def test_a_referees_stated_effect_is_recorded_with_who_stated_it_and_replays() -> None:
    # Z-27, §8: the engine records what the table says a power did
    game = first_turn()
    seat, people = active(game)
    province = next(p for p, (q, _) in sorted(game.state.land.items()) if q == people)
    before = game.state.land[province][1]
    game.push(Adjust(seat, f"power:{people}", tokens=((province, people, 2),), allow=("attack_anywhere",)))
    game.push(Adjust(None, "referee", boats=((people, 1),)))
    moves = game.record_json()["moves"]
    assert moves[-2] == {"type": "adjust", "seat": seat, "reason": f"power:{people}",
                         "tokens": [{"province": province, "people": people, "change": 2}], "boats": {},
                         "allow": ["attack_anywhere"]}
    assert moves[-1]["seat"] is None
    shown = [e for e in game.view("public")["log"] if e["event"] == "adjusted"]
    assert shown[0]["stated_by"] == seat and shown[1]["stated_by"] is None
    again = replay_json(BOARD, game.record_json())
    assert again.state.land[province][1] == before + 2 and again.view("public")["allowed"] == ["attack_anywhere/power"]


def test_an_allowed_move_lets_one_attack_ignore_borders() -> None:
    # Z-27: "a move allowed" (e.g. a people that flies, §8): stated by the table, used once
    game = first_turn()
    seat, people = active(game)
    origin = next(p for p, (q, n) in sorted(game.state.land.items()) if q == people and n > 1)
    far = next(p for p, (q, _) in sorted(game.state.land.items()) if q != people and not BOARD.adjacent(origin, p))
    with pytest.raises(IllegalAction):
        game.push(Attack(seat, people, origin, far, 1))
    game.push(Adjust(None, "referee", allow=("attack_anywhere",)))
    game.push(Attack(seat, people, origin, far, 1))
    assert game.state.allow == []


@pytest.mark.parametrize("move", [
    Adjust(None, "power:nobody", boats=(("dragons", 1),)),
    Adjust(None, "referee"),
    Adjust(None, "referee", allow=("fly",)),
    Adjust(None, "referee", tokens=(("nowhere", "dragons", 1),)),
])
def test_a_stated_effect_that_cannot_be_is_refused_and_changes_nothing(move: Adjust) -> None:
    game = first_turn()
    before = game.view()
    with pytest.raises(IllegalAction) as caught:
        game.push(move)
    assert caught.value.rule == "Z-27" and game.view() == before


MOVES = [
    ChoosePeople(0, "dragons"), Draft(1, "moines", "blue"), Trade(None, "a", "b", ("boat",), ()),
    Trade(2, "a", "b", (), ("province:kori-1",)), TradesDone(None), TradesDone(3), Swords(0, "ailes", (2, 3)),
    Place(1, "moines", (("kori-1", 3), ("kori-2", 4))), Pass(2), PlayCard(0, "vent_de_folie", "kingdom:kori"),
    Attack(1, "moines", "kori-1", "k3-2", 3, ("s1", "s2")), EndAttacks(1, "moines"), Fight(1, "moines", "kori-2"),
    Reorganise(1, "moines", (Step("kori-1", "kori-2", 1), Step("kori-2", "kori-3", 2, ("s1",)))),
    Keep(2, ("typhon", "vent_de_guerre")), Reinforce(3, "ailes", 1, (("fc", 2),)),
    Adjust(None, "card:vent_de_mort", (("kori-1", "moines", -2),), (("moines", -1),), ("extra_reorganisation",)),
    MagicTrade(1, 1, 2, ("typhon",), ("eclipse", "canicule")), MagicTrade(None, 0, 3, (), ("typhon",)),
    OutOfGame(None, 2, "vent_de_mort"), OutOfGame(2, 2, "typhon"),
]


@pytest.mark.parametrize("move", MOVES, ids=lambda m: m.type)
def test_every_move_has_a_json_form_that_reads_back(move: object) -> None:
    data = json.loads(json.dumps(action_to_json(move)))  # type: ignore[arg-type]
    assert action_from_json(data) == move


@pytest.mark.parametrize(("data", "words"), [
    ({"type": "fly", "seat": 0}, "unknown move type 'fly'"),
    ({"type": "attack", "seat": 0, "people": "moines", "from": "a", "to": "b", "strength": "3"},
     "'strength' must be a whole number"),
    ({"type": "pass"}, "'seat' must be a whole number"),
    ("pass", "a move must be a JSON object"),
])
def test_a_bad_move_in_a_record_is_named_in_words(data: object, words: str) -> None:
    with pytest.raises(BadRecord, match=words):
        action_from_json(data)


def test_a_record_names_its_map_and_is_refused_on_another() -> None:
    record = first_turn().record_json()
    record["board"]["sha256"] = "0" * 64
    with pytest.raises(BadRecord, match="another map pack"):
        replay_json(BOARD, record)
    with pytest.raises(BadRecord, match="not a Zargos record"):
        replay_json(BOARD, {"format": "xidit-record/1"})


def test_an_illegal_move_in_a_record_names_its_place() -> None:
    record = first_turn().record_json()
    record["moves"].insert(3, {"type": "choose_people", "seat": 0, "people": "nobody"})
    with pytest.raises(IllegalAction) as caught:
        replay_json(BOARD, record)
    assert caught.value.index == 3


def test_chance_outcomes_told_by_the_table_are_refused_when_impossible() -> None:
    # 6.3: totals per side; a total no dice can make is refused, the game unchanged
    game = Game(BOARD, Setup(3))
    with pytest.raises(IllegalAction):
        game.resolve((7,))
    assert game.version == 0
    game.resolve([6])  # a JSON list is read as the totals
    assert game.version == 1


@pytest.mark.parametrize("reader", ["seat:9", "seat:x", "nobody"])
def test_an_unknown_reader_is_refused(reader: str) -> None:
    with pytest.raises(BadReader, match="unknown view"):
        first_turn().view(reader)


def test_a_game_meets_the_framework_contract() -> None:
    # companion.core.game.Match and Choice: awaited choices name their seat and decision, never sealed
    game = first_turn()
    choices = game.awaited()
    assert choices and all(not c.sealed and c.to_json()["decision"] == c.decision for c in choices)
    assert json.loads(json.dumps([c.to_json() for c in choices]))
    assert game.progress().round == 1 and game.progress().phase == "attack" and game.version == len(game.moves)
    for reader in ("referee", "public", "seat:0"):
        view = game.view(reader)
        assert view["format"] == "zargos-state/1" and json.loads(json.dumps(view)) == view


def test_zargos_is_offered_with_its_table_part_and_its_rules_replay_records() -> None:
    # issue 29: the registry lists packages with GAME; Zargos has one since its table part exists
    import companion.games.zargos as package
    from companion.core import rebuild, registry
    from companion.games.zargos.module import ZargosPacks, ZargosRules

    offered = registry.keys()
    assert package.GAME.table is not None and "zargos" in offered and registry.load("zargos") is package.GAME
    rules, packs = ZargosRules(), ZargosPacks()
    game = first_turn(players=2)
    assert rebuild.from_record(rules, packs.shipped(), game.record_json()).view() == game.view()
    assert rules.seats == range(2, 7) and len(rules.colours) == 6


def test_every_choice_and_view_reads_back_from_json_at_every_point() -> None:
    # the framework stores and sends choices and views as JSON: they must read back equal
    import random

    from companion.games.zargos.testing import ZargosTesting

    testing, rng = ZargosTesting(), random.Random(3)
    game = RULES.start(*testing.short_setup(3))
    while game.result() is None:
        for choice in game.awaited():
            data = choice.to_json()
            assert json.loads(json.dumps(data)) == data and (data["seat"], data["decision"]) == (choice.seat,
                                                                                                  choice.decision)
        if game.version % 7 == 0:
            view = game.view("referee")
            assert json.loads(json.dumps(view)) == view
        node = game.chance()
        if node is not None:
            game.resolve(rng.choices(node.outcomes, weights=node.weights)[0])
        else:
            game.push(testing.random_move(game, rng.choice(game.awaited()), rng))
