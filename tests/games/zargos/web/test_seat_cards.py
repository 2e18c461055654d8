"""The magic cards a seat page offers to play (12.4-12.8, Z-20): only those the table can take now, each
with the targets it may be played on."""

from __future__ import annotations

from types import SimpleNamespace

from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules.board import ZARGOS
from companion.games.zargos.rules.choices import (
    AttackChoice,
    CombatCardChoice,
    FightChoice,
    ReorganiseChoice,
    WindowChoice,
)
from companion.games.zargos.web.seatpage import seat_context

BOARD = default_pack()
PROVINCES = sorted(BOARD.provinces)[:3]


def offered(choice: object) -> dict[str, list[str]]:
    view = {"peoples": {"ailes": {"seat": 0}}, "players": [{"seat": 0, "hand": ["vent_de_guerre"]}]}
    context = seat_context(0, SimpleNamespace(view=view, choice=choice), BOARD, lambda m, **k: m, "en")
    return {c["key"]: [key for key, _ in c["targets"]] for c in context["zcards"]}


def test_a_wind_of_war_is_offered_only_on_a_combat_still_to_fight() -> None:
    # Z-20: on one of the player's combats to fight (the fight's list), or the combat about to start.
    fights = FightChoice(0, "ailes", tuple(PROVINCES[:2]), ("vent_de_guerre",))
    assert offered(fights) == {"vent_de_guerre": [f"province:{p}" for p in PROVINCES[:2]]}
    about = CombatCardChoice(0, PROVINCES[2], ("vent_de_guerre",))
    assert offered(about) == {"vent_de_guerre": [f"province:{PROVINCES[2]}"]}
    # While attacking or reorganising there is no combat to play it on: the page offered it there (on
    # nothing, or on the provinces one holds) and the table refused it (12.8).
    assert offered(AttackChoice(0, "ailes", ((PROVINCES[0], 2),), 0, ("vent_de_guerre",))) == {}
    assert offered(ReorganiseChoice(0, "ailes", tuple(PROVINCES), 0, 2, ("vent_de_guerre",))) == {}


def test_a_red_card_is_offered_before_a_turn_with_its_targets() -> None:
    folie = offered(WindowChoice(0, "ailes", ("vent_de_folie",)))["vent_de_folie"]  # 12.10: on a kingdom
    assert folie and all(t.startswith("kingdom:") for t in folie) and f"kingdom:{ZARGOS}" not in folie
