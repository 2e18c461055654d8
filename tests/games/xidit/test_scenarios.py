"""Scenario records (tests/games/xidit/scenarios/*.json): whole games replayed, their views checked, their
scoring re-done.

Each scenario is a complete game record plus expectations on state views after a given number of
actions (tests/games/xidit/scenarios/README.md describes the format). Every scenario that reaches the end is also
checked by independent oracles written here from the rules (§1, §2, §6, §8, R-03, R-11, R-12), never by calling
companion.games.xidit.rules.scoring: the three scoring rounds are recomputed from the final referee view alone.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.xidit.boards import load_pack
from companion.games.xidit.rules import BadRecord, Game, record_from_json, record_to_json
from companion.games.xidit.rules import events as ev
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.deal import tiles_in_play

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios"
BOARD_PACK = HERE / "packs" / "scenario-board.toml"
FILES = sorted(SCENARIOS.glob("*.json"))
VIEWS = ("referee", "public")

# §1, from the rule text: the barracks, and each player's bards and guild floors.
UNITS = {"militia": 18, "archer": 16, "infantry": 14, "priest": 12, "mage": 10}
BARDS, FLOORS = 20, 15


@cache
def board() -> Board:
    return load_pack(BOARD_PACK)


def load(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path.name}: a scenario is a JSON object"
    missing = {"title", "rules", "why", "record", "expect"} - set(data)
    assert not missing, f"{path.name}: missing {sorted(missing)}"
    assert isinstance(data["rules"], list) and data["rules"], f"{path.name}: 'rules' lists the rules it proves"
    assert isinstance(data["expect"], list) and data["expect"], f"{path.name}: 'expect' is a non-empty list"
    return data


def as_json(value: Any) -> Any:
    """The view as a reader gets it: JSON types only (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def lookup(view: Any, path: str) -> Any:
    """Follows a dotted path: list indexes as numbers, object keys as written."""
    here = view
    for i, part in enumerate(path.split(".")):
        where = ".".join(path.split(".")[:i]) or "the view"
        if isinstance(here, list):
            assert part.isdigit() and int(part) < len(here), f"{path}: {where} has no item {part}"
            here = here[int(part)]
        elif isinstance(here, dict):
            assert part in here, f"{path}: {where} has no field {part!r}"
            here = here[part]
        else:
            raise AssertionError(f"{path}: {where} is {here!r}, not a list or an object")
    return here


def test_the_scenario_board_is_the_frozen_pack() -> None:
    assert FILES, "tests/games/xidit/scenarios/ holds no scenario"
    assert board().name == "Lords of Xidit"
    assert BOARD_PACK.read_text(encoding="utf-8").startswith("# scenario-board.toml: a FROZEN copy")


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    data = load(path)
    record = record_from_json(data["record"])
    assert record.board_sha256 == board().sha256, (
        f"{path.name}: recorded on another board (sha256 {record.board_sha256[:12]}…), not on "
        f"tests/games/xidit/packs/scenario-board.toml ({board().sha256[:12]}…)")
    assert record_to_json(record) == data["record"], f"{path.name}: the record is not in its canonical form"
    actions = list(record.actions)
    final = Game.replay(board(), record.setup, actions)  # every action legal, in order

    failures: list[str] = []
    for number, expect in enumerate(data["expect"]):
        assert set(expect) == {"after", "view", "values"}, f"expect {number}: fields are after, view, values"
        after = len(actions) if expect["after"] == "end" else expect["after"]
        assert isinstance(after, int) and not isinstance(after, bool) and 0 <= after <= len(actions), (
            f"expect {number}: bad 'after' {after!r}")
        game = final if after == len(actions) else Game.replay(board(), record.setup, actions[:after])
        reader = expect["view"]
        view = as_json(game.view(reader))
        for dotted, wanted in expect["values"].items():
            try:
                got = lookup(view, dotted)
            except AssertionError as error:
                failures.append(f"after {after} ({reader}): {error}")
                continue
            if got != wanted:
                failures.append(f"after {after} ({reader}) {dotted}: expected {json.dumps(wanted)}, "
                                f"got {json.dumps(got)}")
    assert not failures, f"{data['title']}:\n  " + "\n  ".join(failures)

    if final.outcome() is not None:
        setup = data["record"]["setup"]
        end = as_json(final.view("referee"))
        check_pieces(end)
        check_tiles(end, setup)
        check_scoring(end, setup)
        unsaid = json.loads(json.dumps(end["scoring"]))  # what decided a tie is the referee's to know
        for rnd in unsaid["rounds"]:
            for tie in rnd["ties"]:
                del tie["by"]
        for reader in [*VIEWS, *(f"seat:{p['seat']}" for p in setup["players"])]:
            assert as_json(final.view(reader))["scoring"] == (end["scoring"] if reader == "referee" else unsaid), reader


# -- oracles ---------------------------------------------------------------------------------------


def check_pieces(view: dict[str, Any]) -> None:
    """§1: every unit, bard and floor is somewhere; none is made or lost."""
    on_tiles = {u: 0 for u in UNITS}
    for city in view["cities"]:
        tile = city["tile"]
        if tile is not None and tile["side"] == "recruit":
            for unit in tile["units"]:
                on_tiles[unit] += 1
    for unit, total in UNITS.items():
        screens = sum(p["units"][unit] for p in view["players"])
        assert view["barracks"][unit] + on_tiles[unit] + screens == total, unit
    for p in view["players"]:
        seat = str(p["seat"])
        placed = sum(r["bards"].get(seat, 0) for r in view["regions"])
        assert placed + p["bards_left"] == BARDS, f"bards of seat {seat}"
        built = sum(c["guild"]["floors"] for c in view["cities"] if c["guild"] and c["guild"]["seat"] == p["seat"])
        assert built + p["pending_floors"] + p["floors_left"] == FLOORS, f"floors of seat {seat}"
    for region in view["regions"]:
        if region["void"]:
            assert not region["bards"], f"bards in void region {region['id']} (R-02)"


def check_tiles(view: dict[str, Any], setup: dict[str, Any]) -> None:
    """§2, §6: each tile in play is in exactly one place (its own city, a slot, a pile, a discard); the
    variant's removed tiles never appear; its void regions are the void ones."""
    n = len(setup["players"])
    variant = board().variants[f"{n}{'-short' if setup['length'] == 'short' else ''}"]
    in_play = sorted(t for t in board().tiles["3" if n == 3 else "4-5"] if t not in variant.remove)
    seen = [c["tile"]["number"] for c in view["cities"] if c["tile"] is not None]
    for c in view["cities"]:
        assert c["tile"] is None or c["tile"]["number"] == c["id"], f"tile {c['tile']} on city {c['id']}"
    ladders = view["ladders"]
    for key in ("recruit_pile", "recruit_discard", "threat_pile", "threat_discard"):
        seen += ladders[key]
    seen += [ladders[key] for key in ("next_recruit", "next_threat") if ladders[key] is not None]
    assert sorted(seen) == in_play
    assert {r["id"] for r in view["regions"] if r["void"]} == set(variant.void)


def category_values(view: dict[str, Any], category: str) -> dict[int, int]:
    """§8: the value of every player (eliminated ones too) in one category."""
    seats = [p["seat"] for p in view["players"]]
    if category == "wealth":
        return {p["seat"]: p["gold"] for p in view["players"]}
    if category == "influence":
        floors = dict.fromkeys(seats, 0)
        for city in view["cities"]:
            if city["guild"] is not None:
                floors[city["guild"]["seat"]] += city["guild"]["floors"]
        return floors
    fame = dict.fromkeys(seats, 0)
    for region in view["regions"]:
        if region["void"]:
            continue
        bards = {int(s): n for s, n in region["bards"].items() if n > 0}  # the Bastion's too
        if not bards:
            continue
        high, low = region["fame"]
        most = max(bards.values())
        firsts = [s for s, n in bards.items() if n == most]
        for s in firsts:
            fame[s] += high
        if len(firsts) == 1:  # a tie for most: nobody scores the low value
            rest = [n for n in bards.values() if n < most]
            for s, n in bards.items():
                if rest and n == max(rest):
                    fame[s] += low
    return fame


def check_scoring(view: dict[str, Any], setup: dict[str, Any]) -> None:
    """§8 with R-03, R-11, R-12, recomputed from the final referee view and compared with its scoring."""
    seats = [p["seat"] for p in view["players"]]  # clockwise
    n = len(seats)
    years = 9 if setup["length"] == "short" else 12
    marker = seats[(seats.index(setup["first_player"]) + years - 1) % n]  # no pass after the last year
    assert view["first_player"] == marker
    units = {p["seat"]: sum(p["units"].values()) for p in view["players"]}
    distance = {s: (seats.index(s) - seats.index(marker)) % n for s in seats}
    scoring = view["scoring"]
    assert sorted(scoring["order"]) == ["fame", "influence", "wealth"]
    assert len(scoring["rounds"]) == 3
    neutral = view["neutral"]
    assert (neutral is not None) == (n == 3)
    neutral_in = neutral is not None
    in_play = list(seats)
    out_round: dict[int, int] = {}
    for number, (category, got) in enumerate(zip(scoring["order"], scoring["rounds"], strict=True), start=1):
        where = f"round {number} ({category})"
        values = category_values(view, category)
        assert got["category"] == category, where
        assert got["values"] == {str(s): v for s, v in values.items()}, where
        ranking = sorted(in_play, key=lambda s: (-values[s], -units[s], -distance[s]))
        assert got["ranking"] == ranking, where
        ties = [{"high": a, "low": b, "after_marker": [distance[a], distance[b]],
                 "by": "units" if units[a] != units[b] else "seat"}
                for a, b in zip(ranking, ranking[1:], strict=False) if values[a] == values[b]]
        assert got["ties"] == ties, where
        drops = 2 if n == 5 and number == 1 else 1
        eliminated = ranking[-drops:]
        if neutral_in:
            value = neutral[category]
            above = sum(1 for s in ranking if values[s] >= value)  # below every player it ties
            out = above == len(ranking)
            assert got["neutral"] == {"value": value, "position": above, "eliminated": out}, where
            if out:
                eliminated, neutral_in = [], False
        else:
            assert "neutral" not in got, where
        assert sorted(got["eliminated"]) == sorted(eliminated), where
        for s in eliminated:
            out_round[s] = number
        in_play = [s for s in in_play if s not in eliminated]
    for p in view["players"]:
        assert p["eliminated"] == out_round.get(p["seat"]), f"seat {p['seat']} eliminated"
    if neutral_in:
        assert in_play == [] and scoring["winner"] is None and scoring["neutral_won"] is True
    else:
        assert len(in_play) == 1 and scoring["winner"] == in_play[0]
        if n == 3:
            assert scoring["neutral_won"] is False


# -- a layout's reinforcements (docs/formats.md §2) ------------------------------------------------


def with_reinforcements(name: str, reinforcements: list[list[int]] | None) -> dict[str, Any]:
    record = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))["record"]
    if reinforcements is not None:
        record["setup"].setdefault("layout", {})["reinforcements"] = reinforcements
    return record  # type: ignore[no-any-return]


def reinforcements_dealt(game: Game) -> list[list[int]]:
    return [list(e.threat) for e in game.state.events if isinstance(e, ev.Reinforced)]


def test_a_layout_naming_the_reinforcements_the_seed_deals_replays_the_same_game() -> None:
    plain = record_from_json(with_reinforcements("4p-short-two-awakenings.json", None))
    game = Game.replay(board(), plain.setup, plain.actions)
    dealt = reinforcements_dealt(game)
    assert len(dealt) == 2
    named = record_from_json(with_reinforcements("4p-short-two-awakenings.json", dealt))
    assert Game.replay(board(), named.setup, named.actions).view("referee") == game.view("referee")


@pytest.mark.parametrize("change", ["one tile short", "a tile of another place", "a tile twice"])
def test_a_reinforcement_that_cannot_be_honoured_is_refused_and_changes_nothing(change: str) -> None:
    plain = record_from_json(with_reinforcements("4p-short-two-awakenings.json", None))
    game = Game.replay(board(), plain.setup, plain.actions)
    first = reinforcements_dealt(game)[0]
    elsewhere = next(t for t in tiles_in_play(board(), plain.setup) if t not in first)
    wrong = {"one tile short": first[:-1], "a tile of another place": [*first[:-1], elsewhere],
             "a tile twice": [*first[:-1], first[0]]}[change]
    named = record_from_json(with_reinforcements("4p-short-two-awakenings.json", [wrong]))
    if change == "a tile twice":  # told before play
        with pytest.raises(BadRecord, match="layout.reinforcements"):
            Game(board(), named.setup)
        return
    with pytest.raises(BadRecord, match="layout.reinforcements"):
        Game.replay(board(), named.setup, named.actions)
    # The action that brings the awakening is refused and the game stays as it was.
    before = Game(board(), named.setup)
    for action in named.actions:
        seen = before.view("referee")
        try:
            before.push(action)
        except BadRecord:
            assert before.view("referee") == seen and before.actions == list(named.actions[:seen["version"]])
            break
    else:
        raise AssertionError("no action met the awakening")
