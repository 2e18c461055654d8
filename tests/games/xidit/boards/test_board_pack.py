"""Board packs: the checker, the loader, the shipped default pack and the facts it must honour.

Mutated packs are built by loading the default pack's TOML into a dict, changing it, and writing it
back with `dump` below, so each test shows only the change it is about.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.xidit.boards import (
    FORMAT,
    BadBoard,
    Labels,
    check_pack,
    default_pack,
    default_pack_text,
    load_pack,
    pack_labels,
    pack_warnings,
    parse_pack,
)
from companion.games.xidit.boards.problems import DUPLICATE
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.terms import BARRACKS, UNITS

PACKS = Path(__file__).parent.parent / "packs"
DEFAULT = tomllib.loads(default_pack_text())
BASTION, SNOWY = 9, 7  # the ids the default pack gives them


# ---------------------------------------------------------------------------------------- helpers


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def dump(pack: dict[str, Any]) -> str:
    """TOML text for a pack dict: scalars, then tables, then arrays of tables."""
    scalars, tables, arrays = [], [], []
    for key, value in pack.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for entry in value:
                arrays.append(f"\n[[{_key(key)}]]")
                arrays += [f"{_key(k)} = {_value(v)}" for k, v in entry.items()]
        elif isinstance(value, dict):
            tables.append(f"\n[{_key(key)}]")
            tables += [f"{_key(k)} = {_value(v)}" for k, v in value.items()]
        else:
            scalars.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(scalars + tables + arrays) + "\n"


def pack() -> dict[str, Any]:
    """A fresh, mutable copy of the default pack."""
    return copy.deepcopy(DEFAULT)


def problems(data: dict[str, Any]) -> list[str]:
    return lines(dump(data))


def lines(text: str) -> list[str]:
    """The problem lines `companion board check` prints (without the file name)."""
    return [problem.line for problem in check_pack(text)]


def reported(found: list[str], *parts: str) -> str:
    """The problem line holding every part; fails listing all problems when there is none."""
    for line in found:
        if all(part in line for part in parts):
            return line
    raise AssertionError(f"no problem with {parts!r} among:\n" + "\n".join(found))


def road_index(data: dict[str, Any], a: int, b: int) -> int:
    return next(i for i, r in enumerate(data["road"]) if sorted(r["between"]) == sorted((a, b)))


def tile(data: dict[str, Any], tile_set: str, city: int) -> dict[str, Any]:
    return next(t for t in data["tile"] if t["set"] == tile_set and t["city"] == city)


def region(data: dict[str, Any], region_id: int) -> dict[str, Any]:
    return next(r for r in data["region"] if r["id"] == region_id)


def neighbours(board: Board) -> dict[int, set[int]]:
    near: dict[int, set[int]] = {c: set() for c in board.cities}
    for (city, _colour), other in board.roads.items():
        near[city].add(other)
    return near


def edges(board: Board) -> set[frozenset[int]]:
    return {frozenset((city, other)) for (city, _colour), other in board.roads.items()}


def all_tiles(board: Board) -> list[Any]:
    return [t for tiles in board.tiles.values() for t in tiles.values()]


# ----------------------------------------------------------------------------- the default pack


def test_default_pack_parses_clean() -> None:
    assert check_pack(default_pack_text()) == []
    board = default_pack()
    assert board.name == "Lords of Xidit"
    assert board.status == "provisional"


def test_default_pack_has_no_warnings() -> None:
    assert pack_warnings(default_pack()) == []


def test_dump_round_trips_the_default_pack() -> None:
    # The mutation tests below rely on `dump` writing an unchanged pack that still checks clean.
    assert problems(pack()) == []


def test_default_pack_is_cached() -> None:
    assert default_pack() is default_pack()


def test_sha256_is_of_the_file_text() -> None:
    text = default_pack_text()
    file = Path(__file__).parents[4] / "companion" / "games" / "xidit" / "boards" / "xidit.toml"
    assert default_pack().sha256 == hashlib.sha256(file.read_bytes()).hexdigest()
    assert parse_pack(text).sha256 == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert load_pack(file).sha256 == default_pack().sha256


def test_sha256_changes_with_any_edit_even_a_comment() -> None:
    text = default_pack_text()
    assert parse_pack(text + "# a comment\n").sha256 != parse_pack(text).sha256


def test_roads_are_symmetric() -> None:
    board = default_pack()
    assert len(board.roads) == 2 * 29
    for (city, colour), other in board.roads.items():
        assert board.road(other, colour) == city


def test_colossus_index_is_its_position_in_the_list() -> None:
    board = default_pack()
    assert [c.index for c in board.colossi] == list(range(6))
    assert [c.needs for c in board.colossi] == [c["needs"] for c in DEFAULT["colossus"]]


def test_regions_and_colossi_may_carry_a_label_of_one_line() -> None:
    data = pack()
    region(data, 7)["label"] = "the snowy region"
    data["colossus"][0]["label"] = "the 3-colossus giving 2 gold, 2 bards, 2 floors"
    text = dump(data)
    assert lines(text) == []
    assert pack_labels(text) == Labels({7: "the snowy region"}, {0: "the 3-colossus giving 2 gold, 2 bards, 2 floors"})
    assert parse_pack(text).regions == default_pack().regions  # the rules never read it
    assert pack_labels(default_pack_text()) == Labels()
    for bad in ("", "two\nlines", 3):
        data = pack()
        region(data, 7)["label"] = bad
        data["colossus"][0]["label"] = bad
        found = problems(data)
        assert len(found) == 2, found
        reported(found, "region[", "label")
        reported(found, "colossus[0]", "label")
    data = pack()
    data["city"][0]["label"] = "the port"  # cities have names, not labels
    reported(problems(data), 'unknown key "label"')


def test_tiles_are_keyed_by_set_then_number() -> None:
    board = default_pack()
    assert sorted(board.tiles) == ["3", "4-5"]
    assert sorted(board.tiles["3"]) == list(range(1, 19))
    assert sorted(board.tiles["4-5"]) == list(range(1, 22))
    assert all(t.number == n and t.set == s for s, tiles in board.tiles.items() for n, t in tiles.items())


def test_variants_are_keyed_by_game_form() -> None:
    assert sorted(default_pack().variants) == sorted(["3", "3-short", "4", "4-short", "5", "5-short"])


def test_every_table_names_its_source() -> None:
    tables = [*DEFAULT["city"], *DEFAULT["road"], *DEFAULT["region"], *DEFAULT["tile"],
              *DEFAULT["colossus"], DEFAULT["variants"]]
    for table in tables:
        source = table["source"]
        assert source == "provisional" or re.search(r"\b[FL]\d+\b", source), table


def test_default_pack_header_says_provisional_and_how_to_check() -> None:
    header = default_pack_text().split("\nformat")[0]
    assert "PROVISIONAL" in header
    assert "companion board check" in header
    assert 'status = "verified"' in header


# ------------------------------------------------------------------- facts the default pack honours


def test_fact_f1_there_are_21_cities_numbered_1_to_21() -> None:
    assert sorted(default_pack().cities) == list(range(1, 22))
    assert all("F1" in c["source"] for c in DEFAULT["city"])


def test_fact_f2_roads_are_black_red_blue_at_most_one_of_each_per_city() -> None:
    colours = Counter((city, colour) for city, colour in default_pack().roads)
    assert {colour for _city, colour in colours} == {"black", "red", "blue"}
    assert set(colours.values()) == {1}
    seen: Counter[tuple[int, str]] = Counter()
    for road in DEFAULT["road"]:
        for city in road["between"]:
            seen[city, road["colour"]] += 1
    assert max(seen.values()) == 1


def test_fact_f3_nine_regions_each_with_high_and_low_fame() -> None:
    regions = default_pack().regions
    assert sorted(regions) == list(range(1, 10))
    assert all(r.fame[0] >= r.fame[1] >= 0 for r in regions.values())


def test_fact_f3_regions_1_and_2_are_voided_with_3_players_and_in_short_games() -> None:
    variants = default_pack().variants
    assert variants["3"].void == variants["3-short"].void == variants["4-short"].void == {1, 2}
    assert variants["5-short"].void == {2}
    assert "F3" in region(DEFAULT, 1)["source"] and "F3" in region(DEFAULT, 2)["source"]


def test_fact_f4_central_region_holds_the_bastion_worth_6_and_4() -> None:
    board = default_pack()
    assert board.bastion() == BASTION
    assert board.regions[BASTION].fame == (6, 4)
    assert "F4" in region(DEFAULT, BASTION)["source"]
    # Central: every road round it also borders another region, so it touches no edge of the board.
    for road in _loop(board, BASTION):
        assert sum(road <= board.regions[r].cities for r in board.regions) == 2


def test_fact_f5_region_bounded_by_cities_1_2_7_8_is_worth_3_and_1() -> None:
    matches = [r for r in default_pack().regions.values() if r.cities == {1, 2, 7, 8}]
    assert len(matches) == 1 and matches[0].fame == (3, 1)
    assert "F5" in region(DEFAULT, matches[0].id)["source"]


@pytest.mark.parametrize(("a", "b", "colour"), [(5, 12, "blue"), (7, 6, "red"), (6, 11, "blue"),
                                                (11, 17, "red")])
def test_fact_f6_rulebook_example_roads(a: int, b: int, colour: str) -> None:
    board = default_pack()
    assert board.road(a, colour) == b and board.road(b, colour) == a
    assert "F6" in DEFAULT["road"][road_index(DEFAULT, a, b)]["source"]


def test_fact_f7_city_17_borders_the_central_region_and_the_snowy_one() -> None:
    board = default_pack()
    assert board.regions_of(17) == (SNOWY, BASTION)
    assert "F7" in region(DEFAULT, SNOWY)["source"] and "F7" in region(DEFAULT, BASTION)["source"]


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f8_tile_17_threat_needs_militia_archer_priest_and_gives_3_guild_3_bards(tile_set: str) -> None:
    t = default_pack().tiles[tile_set][17]
    assert sorted(t.needs) == sorted(["militia", "archer", "priest"])
    assert t.guild >= 3 and t.bards >= 3
    assert "F8" in tile(DEFAULT, tile_set, 17)["source"]


def test_fact_f9_tile_6_of_the_4_5_set_recruits_militia_archer_archer_infantry_mage() -> None:
    assert default_pack().tiles["4-5"][6].recruit == ("militia", "archer", "archer", "infantry", "mage")
    assert "F9" in tile(DEFAULT, "4-5", 6)["source"]


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f10_tile_7_recruits_at_least_archer_infantry_mage(tile_set: str) -> None:
    assert {"archer", "infantry", "mage"} <= set(default_pack().tiles[tile_set][7].recruit)
    assert "F10" in tile(DEFAULT, tile_set, 7)["source"]


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f11_tile_5_recruits_a_militia(tile_set: str) -> None:
    assert "militia" in default_pack().tiles[tile_set][5].recruit
    assert "F11" in tile(DEFAULT, tile_set, 5)["source"]


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f12_some_threat_needs_exactly_archer_and_mage(tile_set: str) -> None:
    assert any(sorted(t.needs) == ["archer", "mage"] for t in default_pack().tiles[tile_set].values())


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f12_some_threat_gives_5_gold_and_4_bards(tile_set: str) -> None:
    assert any(t.gold == 5 and t.bards == 4 for t in default_pack().tiles[tile_set].values())


@pytest.mark.parametrize("tile_set", ["3", "4-5"])
def test_fact_f12_some_threat_gives_4_guild_floors(tile_set: str) -> None:
    assert any(t.guild == 4 for t in default_pack().tiles[tile_set].values())


def test_fact_f13_six_colossi_two_each_needing_3_4_5() -> None:
    assert sorted(c.needs for c in default_pack().colossi) == [3, 3, 4, 4, 5, 5]
    assert all("F13" in c["source"] for c in DEFAULT["colossus"])


def test_fact_f14_set_3_has_18_tiles_of_4_units_set_4_5_has_21_of_5() -> None:
    tiles = default_pack().tiles
    assert len(tiles["3"]) == 18 and all(len(t.recruit) == 4 for t in tiles["3"].values())
    assert len(tiles["4-5"]) == 21 and all(len(t.recruit) == 5 for t in tiles["4-5"].values())


def test_fact_f15_short_games_remove_tiles_and_void_regions() -> None:
    variants = default_pack().variants
    assert variants["5-short"].remove == {20, 21} and variants["5-short"].void == {2}
    assert variants["4-short"].remove == {19, 20, 21} and variants["4-short"].void == {1, 2}
    assert variants["3-short"].remove == {14, 18} and variants["3-short"].void == {1, 2}
    for form in ("3", "4", "5"):
        assert variants[form].remove == set()
    assert variants["4"].void == variants["5"].void == set()
    assert "F15" in DEFAULT["variants"]["source"]


def test_likely_l1_the_3_player_set_covers_cities_1_to_18() -> None:
    assert sorted(default_pack().tiles["3"]) == list(range(1, 19))


def test_likely_l2_regions_1_and_2_border_cities_19_20_21() -> None:
    board = default_pack()
    assert {19, 20, 21} <= board.regions[1].cities
    assert {19, 20, 21} <= board.regions[2].cities
    assert "L2" in region(DEFAULT, 1)["source"] and "L2" in region(DEFAULT, 2)["source"]


# -------------------------------------------------------- plausibility of the invented values


def _loop(board: Board, region_id: int) -> set[frozenset[int]]:
    """The roads joining a region's cities; for a face they form one loop through all of them."""
    cities = board.regions[region_id].cities
    return {e for e in edges(board) if e <= cities}


def test_every_region_is_a_face_of_the_road_map() -> None:
    board = default_pack()
    uses: Counter[frozenset[int]] = Counter()
    for region_id, reg in board.regions.items():
        loop = _loop(board, region_id)
        degree = Counter(city for road in loop for city in road)
        assert len(loop) == len(reg.cities) and set(degree.values()) == {2}, region_id
        uses.update(loop)
    # Each road borders one or two regions; those bordering one are the rim of the board, a single
    # loop; and Euler's formula V - E + F = 2 holds with the 9 regions plus the outside as faces.
    assert set(uses) == edges(board) and set(uses.values()) <= {1, 2}
    rim = [road for road, n in uses.items() if n == 1]
    rim_degree = Counter(city for road in rim for city in road)
    assert set(rim_degree.values()) == {2}
    assert _connected(set(rim_degree), {c: {o for r in rim if c in r for o in r} - {c} for c in rim_degree})
    assert len(board.cities) - len(edges(board)) + len(board.regions) + 1 == 2


def _connected(cities: set[int], near: dict[int, set[int]]) -> bool:
    start = min(cities)
    seen, todo = {start}, [start]
    while todo:
        for other in near[todo.pop()] - seen:
            seen.add(other)
            todo.append(other)
    return seen == cities


def test_every_city_is_on_1_to_3_roads_and_all_are_reachable() -> None:
    near = neighbours(default_pack())
    assert all(1 <= len(n) <= 3 for n in near.values())
    assert _connected(set(near), near)
    assert len(edges(default_pack())) == 29


def test_every_city_borders_2_to_4_regions() -> None:
    board = default_pack()
    assert all(2 <= len(board.regions_of(c)) <= 4 for c in board.cities)


def test_fame_values_are_plausible() -> None:
    for reg in default_pack().regions.values():
        if not reg.bastion:
            assert 1 <= reg.fame[1] <= reg.fame[0] <= 5


def test_threats_need_2_to_4_units_and_reward_1_to_5() -> None:
    for t in all_tiles(default_pack()):
        assert 2 <= len(t.needs) <= 4
        assert all(1 <= r <= 5 for r in (t.gold, t.bards, t.guild))


def test_recruitment_sides_lean_to_weak_units() -> None:
    for tiles in default_pack().tiles.values():
        shown = Counter(u for t in tiles.values() for u in t.recruit)
        counts = [shown[u] for u in UNITS]
        assert counts == sorted(counts, reverse=True)
        assert all(abs(c / sum(counts) - b / sum(BARRACKS)) < 0.05 for c, b in zip(counts, BARRACKS, strict=True))


def test_threats_need_a_mix_of_units() -> None:
    for tiles in default_pack().tiles.values():
        needed = Counter(u for t in tiles.values() for u in t.needs)
        assert all(needed[u] >= 5 for u in UNITS)


def test_colossus_rewards_grow_with_needs() -> None:
    total = {n: [c.gold + c.bards + c.guild for c in default_pack().colossi if c.needs == n] for n in (3, 4, 5)}
    assert max(total[3]) < min(total[4]) and max(total[4]) < min(total[5])


# ------------------------------------------------------------------------------ the tiny pack


def test_tiny_pack_is_valid_and_as_documented() -> None:
    board = load_pack(PACKS / "tiny.toml")
    assert pack_warnings(board) == []
    assert board.road(1, "black") == 2 and board.road(2, "red") == 3 and board.road(21, "blue") == 1
    assert board.road(3, "blue") == 19 and board.road(10, "blue") is None
    assert board.regions[1].cities == {1, 2, 20, 21}
    assert board.regions[9].cities == {9, 10, 11, 12, 13}
    assert board.bastion() == 5 and board.regions[5].fame == (6, 4)
    assert board.tiles["4-5"][21].needs == ("militia", "archer")
    assert [c.gold for c in board.colossi] == [1, 1, 2, 2, 3, 3]


# -------------------------------------------------------------------------------- loading files


def test_load_pack_missing_file_is_bad_board(tmp_path: Path) -> None:
    with pytest.raises(BadBoard) as caught:
        load_pack(tmp_path / "nope.toml")
    assert "nope.toml" in caught.value.problems[0] and "cannot read" in caught.value.problems[0]


def test_load_pack_not_utf8_is_bad_board(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(default_pack_text().replace("Lords of Xidit", "Lörds").encode("latin-1"))
    with pytest.raises(BadBoard) as caught:
        load_pack(path)
    assert "not UTF-8" in caught.value.problems[0]


def test_load_pack_keeps_a_byte_order_mark_in_the_hash(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + default_pack_text().encode("utf-8"))
    assert load_pack(path).sha256 == hashlib.sha256(path.read_bytes()).hexdigest()


# ---------------------------------------------------------------------------- problems reported


def test_toml_syntax_error_is_a_problem_with_its_line_not_an_exception() -> None:
    text = default_pack_text().replace('status = "provisional"', "status = provisional", 1)
    line = text.split("\n").index("status = provisional") + 1
    found = lines(text)
    assert len(found) == 1
    assert found[0].startswith("pack: not valid TOML") and f"line {line}" in found[0]
    with pytest.raises(BadBoard):
        parse_pack(text)


def test_toml_error_at_end_of_document_still_names_a_line() -> None:
    found = lines('format = "xidit-board/1"\ncity = [1, 2\n')
    assert re.search(r"line \d+", found[0])


def test_parse_pack_raises_bad_board_with_every_problem() -> None:
    data = pack()
    data["status"] = "draft"
    data["road"][0]["colour"] = "green"
    with pytest.raises(BadBoard) as caught:
        parse_pack(dump(data))
    assert len(caught.value.problems) == 2


def test_several_problems_are_all_reported_at_once() -> None:
    data = pack()
    data["format"] = "xidit-board/2"
    data["road"][road_index(data, 5, 13)]["colour"] = "blue"
    region(data, 4)["cities"] = [4]
    tile(data, "3", 2)["recruit"][1] = "archr"
    data["colossus"].pop()
    data["variants"]["3-short"]["remove"] = [19]
    found = problems(data)
    reported(found, "pack:", "format")
    reported(found, "road[", "city 5 already has a blue road")
    reported(found, "region[3] (id 4)", "at least 2")
    reported(found, "tile[set 3, city 2]", 'unknown unit "archr"')
    reported(found, "colossus:", "found 5")
    reported(found, 'variants["3-short"]', "removes tile 19")
    assert len(found) >= 6


@pytest.mark.parametrize("value", ["xidit-board/2", "xidit-record/1"])
def test_wrong_format_is_reported(value: str) -> None:
    data = pack()
    data["format"] = value
    assert reported(problems(data), "pack:", "format") == f'pack: format must be "{FORMAT}", got "{value}"'


def test_missing_format_is_reported() -> None:
    data = pack()
    del data["format"]
    reported(problems(data), "pack:", 'missing key "format"')


def test_bad_status_is_reported() -> None:
    data = pack()
    data["status"] = "verifed"
    reported(problems(data), "pack:", "status", '"verifed"', 'did you mean "verified"')


def test_empty_name_is_reported() -> None:
    data = pack()
    data["name"] = " "
    reported(problems(data), "pack:", "name")


def test_unknown_top_level_key_is_reported() -> None:
    data = pack()
    data["regions"] = data.pop("region")
    found = problems(data)
    reported(found, "pack:", 'unknown key "regions"', 'did you mean "region"')
    reported(found, "pack:", 'missing key "region"')


def test_missing_city_is_reported() -> None:
    data = pack()
    data["city"] = [c for c in data["city"] if c["id"] != 14]
    reported(problems(data), "city:", "1..21", "missing 14")


def test_extra_city_is_reported() -> None:
    data = pack()
    data["city"].append({"id": 22})
    reported(problems(data), "city:", "unexpected 22")


def test_duplicate_city_is_reported() -> None:
    data = pack()
    data["city"][4]["id"] = 3
    found = problems(data)
    reported(found, "city[4] (id 3)", "duplicate id", "city[2]")
    reported(found, "city:", "missing 5")


def test_road_to_an_unknown_city_is_reported() -> None:
    data = pack()
    data["road"].append({"between": [4, 30], "colour": "blue"})
    assert reported(problems(data), "unknown city 30") == "road[29] (between 4 and 30): unknown city 30"


def test_road_from_a_city_to_itself_is_reported() -> None:
    data = pack()
    data["road"].append({"between": [20, 20], "colour": "blue"})
    reported(problems(data), "road[29] (between 20 and 20)", "itself")


def test_duplicate_road_is_reported() -> None:
    data = pack()
    data["road"].append({"between": [12, 5], "colour": "black"})
    reported(problems(data), "road[29] (between 12 and 5)", "duplicate road", "road[0]")


def test_a_problem_is_a_record_of_where_it_is_and_what_it_concerns() -> None:
    data = pack()
    data["road"].append({"between": [12, 5], "colour": "black"})
    region(data, 3)["fame"] = "high"
    found = check_pack(dump(data))
    duplicate = next(p for p in found if p.kind == DUPLICATE)
    assert (duplicate.table, duplicate.index, duplicate.field, duplicate.other) == ("road", 29, "between", 0)
    fame = next(p for p in found if p.field == "fame")
    assert (fame.table, fame.id, fame.index) == ("region", 3, data["region"].index(region(data, 3)))
    assert fame.line == f"{fame.label}: {fame.message}" == reported([p.line for p in found], "fame must be")


@pytest.mark.parametrize("colour", ["green", "Blue", ""])
def test_unknown_road_colour_is_reported(colour: str) -> None:
    data = pack()
    data["road"][0]["colour"] = colour
    reported(problems(data), "road[0] (between 5 and 12)", "colour must be black, red or blue")


def test_city_with_two_roads_of_one_colour_is_reported() -> None:
    data = pack()
    index = road_index(data, 13, 5)
    data["road"][index]["colour"] = "blue"  # 5 already has 5-12 blue, road[0]
    found = problems(data)
    a, b = data["road"][index]["between"]
    assert f"road[{index}] (between {a} and {b}): city 5 already has a blue road (road[0])" in found


def test_city_with_no_road_is_reported() -> None:
    data = pack()
    data["road"] = [r for r in data["road"] if 20 not in r["between"]]
    assert reported(problems(data), "(id 20)") == "city[19] (id 20): no road reaches it"


def test_disconnected_road_graph_is_reported() -> None:
    data = pack()
    cut = [(14, 19), (19, 18), (13, 21), (15, 21)]
    data["road"] = [r for r in data["road"] if tuple(r["between"]) not in cut and
                    tuple(reversed(r["between"])) not in cut]
    reported(problems(data), "road:", "cities 19-21", "cut off from city 1")


def test_region_ids_not_1_to_9_are_reported() -> None:
    data = pack()
    region(data, 9)["id"] = 10
    reported(problems(data), "region:", "1..9", "missing 9", "unexpected 10")


def test_duplicate_region_id_is_reported() -> None:
    data = pack()
    region(data, 8)["id"] = 7
    reported(problems(data), "region[7] (id 7)", "duplicate id", "region[6]")


@pytest.mark.parametrize("cities", [[], [4], [4, 4]])
def test_region_with_fewer_than_2_cities_is_reported(cities: list[int]) -> None:
    data = pack()
    region(data, 4)["cities"] = cities
    reported(problems(data), "region[3] (id 4)", "a region needs at least 2")


def test_unknown_city_in_a_region_is_reported() -> None:
    data = pack()
    region(data, 4)["cities"].append(25)
    reported(problems(data), "region[3] (id 4)", "unknown city 25")


@pytest.mark.parametrize(("fame", "says"), [([1, 3], "high >= low"), ([2, -1], "0 or more"),
                                            ([3], "two integers"), ([3, 1, 0], "two integers"),
                                            (["3", 1], "only integers"), (3, "array")])
def test_bad_fame_is_reported(fame: Any, says: str) -> None:
    data = pack()
    region(data, 5)["fame"] = fame
    reported(problems(data), "region[4] (id 5)", "fame", says)


def test_no_bastion_is_reported() -> None:
    data = pack()
    region(data, BASTION)["bastion"] = False
    reported(problems(data), "region:", "exactly one region", "found 0")


def test_two_bastions_are_reported() -> None:
    data = pack()
    region(data, 3)["bastion"] = True
    reported(problems(data), "region:", "exactly one region", "found 2", "3, 9")


def test_bastion_may_be_left_out_when_false() -> None:
    data = pack()
    for reg in data["region"]:
        if not reg["bastion"]:
            del reg["bastion"]
    assert problems(data) == []


def test_unknown_tile_set_is_reported() -> None:
    data = pack()
    tile(data, "3", 4)["set"] = "4/5"
    found = problems(data)
    assert found == ['tile[set 4/5, city 4]: set must be "3" or "4-5", got "4/5"']


def test_set_3_with_a_tile_missing_is_reported() -> None:
    data = pack()
    data["tile"].remove(tile(data, "3", 14))
    reported(problems(data), "tile:", 'set "3" must have 18 tiles numbered 1..18', "has 17", "missing 14")


def test_set_4_5_with_a_tile_missing_is_reported() -> None:
    data = pack()
    data["tile"].remove(tile(data, "4-5", 21))
    reported(problems(data), "tile:", 'set "4-5" must have 21 tiles numbered 1..21', "missing 21")


def test_tile_number_outside_its_set_is_reported() -> None:
    data = pack()
    extra = copy.deepcopy(tile(data, "3", 18))
    extra["city"] = 19
    data["tile"].append(extra)
    reported(problems(data), "tile[set 3, city 19]", "tiles 1..18 only")


def test_duplicate_tile_is_reported() -> None:
    data = pack()
    data["tile"].append(copy.deepcopy(tile(data, "4-5", 6)))
    reported(problems(data), "tile[set 4-5, city 6]", "duplicate", "tile 6 of the 4-5 set")


def test_recruitment_side_of_the_wrong_length_is_reported() -> None:
    data = pack()
    tile(data, "4-5", 6)["recruit"].pop()
    tile(data, "3", 1)["recruit"].append("mage")
    found = problems(data)
    assert "tile[set 4-5, city 6]: recruitment side has 4 units, the 4-5 set needs 5" in found
    assert "tile[set 3, city 1]: recruitment side has 5 units, the 3 set needs 4" in found


def test_unknown_unit_is_reported_in_recruit_and_needs() -> None:
    data = pack()
    tile(data, "3", 2)["recruit"][1] = "archr"
    tile(data, "4-5", 9)["needs"][0] = "Infantry"
    found = problems(data)
    assert reported(found, "tile[set 3, city 2]").startswith('tile[set 3, city 2]: unknown unit "archr"')
    reported(found, "tile[set 3, city 2]", "recruit", 'did you mean "archer"')
    reported(found, "tile[set 4-5, city 9]", 'unknown unit "Infantry" in needs')


def test_misspelt_unit_and_wrong_length_are_both_reported() -> None:
    data = pack()
    tile(data, "3", 3)["recruit"] = ["militia", "archr"]
    found = problems(data)
    reported(found, "tile[set 3, city 3]", "recruitment side has 2 units")
    reported(found, "tile[set 3, city 3]", 'unknown unit "archr"')


def test_threat_needing_nothing_is_reported() -> None:
    data = pack()
    tile(data, "4-5", 3)["needs"] = []
    reported(problems(data), "tile[set 4-5, city 3]", "needs no units")


@pytest.mark.parametrize("reward", ["gold", "bards", "guild"])
@pytest.mark.parametrize(("value", "says"), [(0, "positive integer, got 0"), (-2, "positive integer"),
                                             ("2", 'integer, got string "2"'), (True, "boolean"),
                                             (2.5, "float")])
def test_tile_reward_that_is_not_a_positive_integer_is_reported(reward: str, value: Any, says: str) -> None:
    data = pack()
    tile(data, "3", 8)[reward] = value
    reported(problems(data), "tile[set 3, city 8]", reward, says)


def test_colossus_reward_that_is_not_a_positive_integer_is_reported() -> None:
    data = pack()
    data["colossus"][2]["bards"] = 0
    reported(problems(data), "colossus[2] (needs 4)", "bards must be a positive integer")


def test_wrong_number_of_colossi_is_reported() -> None:
    data = pack()
    data["colossus"].pop()
    reported(problems(data), "colossus:", "there must be 6 colossi", "found 5", "3, 3, 4, 4, 5")


def test_colossi_not_two_of_each_size_are_reported() -> None:
    data = pack()
    data["colossus"][3]["needs"] = 3
    reported(problems(data), "colossus:", "3, 3, 4, 4, 5, 5 (two of each)", "got 3, 3, 4, 3, 5, 5")


def test_colossus_needing_6_is_reported() -> None:
    data = pack()
    data["colossus"][5]["needs"] = 6
    reported(problems(data), "colossus[5] (needs 6)", "3, 4 or 5")


def test_missing_variant_is_reported() -> None:
    data = pack()
    del data["variants"]["4-short"]
    reported(problems(data), "variants:", 'missing key "4-short"')


def test_unknown_variant_is_reported() -> None:
    data = pack()
    data["variants"]["6"] = {"void": [], "remove": []}
    reported(problems(data), "variants:", 'unknown key "6"')


def test_variant_voiding_an_unknown_region_is_reported() -> None:
    data = pack()
    data["variants"]["5-short"]["void"] = [2, 12]
    reported(problems(data), 'variants["5-short"]', "voids unknown region 12")


@pytest.mark.parametrize(("form", "number", "tile_set"), [("3-short", 19, "3"), ("4-short", 22, "4-5"),
                                                          ("5-short", 0, "4-5")])
def test_variant_removing_a_tile_not_in_its_set_is_reported(form: str, number: int, tile_set: str) -> None:
    data = pack()
    data["variants"][form]["remove"].append(number)
    reported(problems(data), f'variants["{form}"]', f"removes tile {number}", f"not in the {tile_set} set")


def test_variant_that_is_not_a_table_is_reported() -> None:
    data = pack()
    data["variants"]["4"] = [1, 2]
    reported(problems(data), 'variants["4"]', "must be a table")


@pytest.mark.parametrize(("table", "key", "typo", "meant"), [
    ("road", 0, "colur", "colour"),
    ("city", 0, "nmae", "name"),
    ("region", 0, "bastian", "bastion"),
    ("tile", 0, "recruits", "recruit"),
    ("colossus", 0, "glod", "gold"),
])
def test_unknown_key_in_a_table_is_reported(table: str, key: int, typo: str, meant: str) -> None:
    data = pack()
    data[table][key][typo] = data[table][key].get(meant, "x")
    line = reported(problems(data), f'unknown key "{typo}"', f'did you mean "{meant}"')
    assert line.startswith(f"{table}[")


def test_unknown_key_in_a_variant_is_reported() -> None:
    data = pack()
    data["variants"]["4"]["voids"] = []
    reported(problems(data), 'variants["4"]', 'unknown key "voids"')


def test_missing_key_in_a_table_is_reported() -> None:
    data = pack()
    del data["road"][3]["colour"]
    del tile(data, "4-5", 2)["guild"]
    found = problems(data)
    reported(found, "road[3] (between 11 and 17)", 'missing key "colour"')
    reported(found, "tile[set 4-5, city 2]", 'missing key "guild"')


@pytest.mark.parametrize(("table", "key", "value", "says"), [
    ("city", "id", "3", 'id must be an integer, got string "3"'),
    ("city", "id", True, "boolean true"),
    ("city", "name", 7, "name must be a string"),
    ("road", "between", ["a", 2], "only integers"),
    ("road", "between", [1, 2, 3], "two integers"),
    ("road", "colour", 3, "colour must be a string"),
    ("region", "cities", "1, 2", "array of integers"),
    ("region", "bastion", "yes", "true or false"),
    ("region", "id", 1.0, "float"),
    ("tile", "recruit", "militia", "array of strings"),
    ("tile", "needs", [1], "only strings"),
    ("tile", "city", "6", "city must be an integer"),
    ("tile", "set", 3, "set must be a string"),
    ("colossus", "needs", "3", "needs must be an integer"),
])
def test_wrong_types_are_reported(table: str, key: str, value: Any, says: str) -> None:
    data = pack()
    data[table][1][key] = value
    found = problems(data)
    assert reported(found, says).startswith(f"{table}[")  # tiles are named by set and city, others by index
    assert len(found) == 1


def test_source_must_be_a_string() -> None:
    data = pack()
    data["road"][2]["source"] = 3
    data["source"] = ["x"]
    found = problems(data)
    reported(found, "road[2]", "source must be a string")
    reported(found, "pack:", "source must be a string")


def test_array_of_tables_given_as_a_table_is_reported() -> None:
    data = pack()
    data["colossus"] = {"needs": 3}
    reported(problems(data), "pack:", '"colossus" must be an array of tables')


def test_entry_that_is_not_a_table_is_reported() -> None:
    data = pack()
    data["city"] = [*range(1, 22)]
    reported(problems(data), "city[0]", "must be a table")


def test_a_type_error_is_reported_once_not_again_as_its_consequences() -> None:
    data = pack()
    data["road"][0]["between"] = [5, "12"]
    found = problems(data)
    assert found == ["road[0]: between must hold only integers, got string \"12\""]


# ------------------------------------------------------------------------------------- warnings


def test_warning_for_a_region_whose_cities_are_not_a_closed_loop() -> None:
    data = pack()
    region(data, 8)["cities"] = [6, 7, 8, 9, 11, 14]
    board = parse_pack(dump(data))
    assert [warning.line for warning in pack_warnings(board)] == [
        "region 8: its border cities 6-9, 11, 14 are not joined by roads in one closed loop"]


def test_warning_for_a_city_in_no_region() -> None:
    data = pack()
    region(data, 1)["cities"] = [13, 14, 19, 21]  # 20 is now in region 2 only...
    region(data, 2)["cities"] = [15, 18, 19, 21]  # ...and now in none
    warnings = [warning.line for warning in pack_warnings(parse_pack(dump(data)))]
    assert "city 20: borders no region" in warnings
    assert any(w.startswith("region 1:") for w in warnings)


def test_warnings_are_not_problems() -> None:
    data = pack()
    region(data, 8)["cities"] = [6, 7]
    assert problems(data) == []
    assert pack_warnings(parse_pack(dump(data)))


# ------------------------------------------------------------------------------- robustness

FIELDS = [("city", "id"), ("city", "name"), ("road", "between"), ("road", "colour"), ("region", "id"),
          ("region", "fame"), ("region", "cities"), ("region", "bastion"), ("tile", "set"), ("tile", "city"),
          ("tile", "recruit"), ("tile", "needs"), ("tile", "gold"), ("colossus", "needs"),
          ("colossus", "guild"), ("road", "source"), ("tile", "extra")]
VALUES = st.one_of(
    st.integers(-3, 30), st.booleans(), st.text(max_size=6), st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-1, 25), max_size=5), st.lists(st.sampled_from([*UNITS, "archr", ""]), max_size=6),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


PLACES = st.one_of(st.sampled_from(FIELDS),
                   st.tuples(st.sampled_from(["city", "road", "region", "tile", "colossus"]), st.text(max_size=4)))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(PLACES, st.integers(0, 17), VALUES), min_size=1, max_size=4))
def test_check_pack_never_raises_and_parse_agrees(changes: list[tuple[tuple[str, str], int, Any]]) -> None:
    data = pack()
    for (table, key), index, value in changes:
        data[table][index % len(data[table])][key] = value
    text = dump(data)
    found = lines(text)
    assert all(isinstance(line, str) and line and "\n" not in line for line in found)
    if found:
        with pytest.raises(BadBoard) as caught:
            parse_pack(text)
        assert caught.value.problems == found
    else:
        parse_pack(text)
