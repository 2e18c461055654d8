"""Records (`astoria-epic-record/1`): a record replays to the game as played, through its JSON; random games
of every player count, the variant's included, end; a bad record is refused in words."""

from __future__ import annotations

import json
from dataclasses import replace
from random import Random

import pytest

from companion.core import rebuild
from companion.core.errors import BadRecord, IllegalAction
from companion.games.astoria.epic import GAME
from companion.games.astoria.epic.module import RULES
from companion.games.astoria.epic.packs import shipped
from companion.games.astoria.epic.rules import EpicMatch, deal
from companion.games.astoria.epic.testing import TESTING, invented_cards
from tests.games.conformance.play import points


def played(players: int, seed: int, roles: tuple[str, ...] = (), choose: bool = False) -> EpicMatch:
    setup = deal(players, seed, roles=roles, choose_roles=choose)
    match = RULES.start(shipped(), replace(setup, invasion=tuple(invented_cards(seed).items())))
    for _ in points(GAME, match, Random(seed)):
        pass
    return match


@pytest.mark.parametrize(("players", "roles"), [
    (2, ()), (3, ()), (4, ()), (5, ()), (6, ()),
    (5, ("grand_alchemist", "preparer", "saboteur", "preparer", "saboteur")),
    (6, ("saboteur", "grand_alchemist", "preparer", "grand_alchemist", "preparer", "saboteur")), (6, "chosen")])
def test_random_games_end_and_replay_from_their_record(players: int, roles: tuple[str, ...] | str) -> None:
    for seed in range(3):
        match = played(players, seed, () if roles == "chosen" else tuple(roles), roles == "chosen")
        result = match.result()
        assert result is not None and result.reason
        record = json.loads(json.dumps(match.record_json()))
        assert record["format"] == "astoria-epic-record/1"
        again = rebuild.from_record(RULES, shipped(), record)
        assert again.record_json() == record
        for reader in ("referee", "public", *(f"seat:{s}" for s in range(1, players + 1))):
            assert again.view(reader) == match.view(reader)


def test_a_record_written_by_hand_replays() -> None:
    """docs/formats.md: what an outside program writes."""
    record = {"format": "astoria-epic-record/1",
              "setup": {"players": 2, "characters": ["red", "blue"], "objectives": ["save", "dragon"], "first": 1},
              "moves": [{"type": "chance", "outcome": {"flux": [3, 2, 1, 0, 4, 2], "hammer": False, "dragon": 1,
                                                        "chief": 0, "chief_glyph": "none"}},
                        {"type": "destroy", "seat": 1, "colour": "red"},
                        {"type": "craft", "seat": 1, "colour": "red", "artefact": None,
                         "typed": {"places": ["red", "blue"], "domain": "green", "glyphs": 2, "grimoire": False}},
                        {"type": "use", "seat": 1, "card": "talent"},
                        {"type": "spend", "seat": 1, "effect": "fire_barbarians", "count": 1}]}
    match = rebuild.from_record(RULES, shipped(), record)
    view = match.view("seat:1")
    assert view["players"][0]["power"] == 3 and view["tracks"]["barbarians"] == 0 and view["tracks"]["dragon"] == 2
    assert view["players"][0]["artefacts"][0]["filled"] == [True, False]
    assert view["actions_left"] == 1 and view["pool"] == {}


def test_bad_records_are_refused_in_words() -> None:
    with pytest.raises(BadRecord):
        RULES.record_from_json({"format": "astoria-epic-record/1", "setup": {"players": 7}, "moves": []})
    with pytest.raises(BadRecord):
        RULES.move_from_json({"type": "draw", "seat": "one", "pile": 1})
    with pytest.raises(BadRecord):
        RULES.move_from_json({"type": "fly", "seat": 1})
    record = {"format": "astoria-epic-record/1",
              "setup": {"players": 2, "characters": ["red", "blue"], "objectives": ["save", "dragon"]},
              "moves": [{"type": "power", "seat": 1}]}
    with pytest.raises(IllegalAction) as refusal:  # the round's card first (E4.1)
        rebuild.from_record(RULES, shipped(), record)
    assert refusal.value.index == 0


def test_a_game_with_the_packs_catalogue_draws_from_a_virtual_pile() -> None:
    """E2.6, A-23: the Pi shuffles the catalogue; a drawn card leaves the pile until it is reshuffled."""
    pack, setup = TESTING.short_setup(4)
    match = RULES.start(pack, setup)
    node = match.chance()
    assert node is not None and node.form is None and node.outcomes == tuple(range(1, 21))
    match.resolve(7)
    assert match.state.deck is not None and 7 not in match.state.deck
    assert match.view("public")["invasion"]["number"] == 7
