"""The walk-through model: screens shaped like the board, nothing invented offered, cross-checks that
point at screens, live conflicts, sections, saving and resuming, and the pack it writes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.games.xidit.boards import check_pack, default_pack, default_pack_text, pack_labels, parse_pack
from companion.games.xidit.boards.verify import SCREENS, BadAnswer, BadProgress, NotReady, Walk, parse_field, show_field
from companion.games.xidit.boards.verify.screens import BY_KEY, FOR_EVERY_GAME
from companion.games.xidit.boards.verify.texts import prompt
from companion.games.xidit.rules import XiditError

from .support import Owner, counts, same_board, sources, their_board, their_board_text

DATE = "2026-11-22"
CHECKED = f"checked against a physical copy on {DATE}"


@pytest.fixture
def walk() -> Walk:
    return Walk.start(default_pack(), pack_labels(default_pack_text()))


def answer_as(owner: Owner, walk: Walk, sections: tuple[str, ...] = FOR_EVERY_GAME + ("tiles-3",),
              change: dict[str, dict[str, Any]] | None = None) -> list[str]:
    """The owner answers each screen the walk shows, until the end; returns the keys shown."""
    change = dict(change or {})
    shown = []
    while walk.screen is not None:
        screen = walk.screen
        if screen.section not in sections:
            break
        shown.append(screen.key)
        walk.answer(screen.key, change.pop(screen.key, None) or owner.see(screen.key,
                                                                           prompt(screen, walk.kept, "en")))
    return shown


def test_one_screen_per_city_region_tile_and_colossus_and_a_count_per_section() -> None:
    kinds = [s.kind for s in SCREENS]
    assert kinds.count("city") == 21 and kinds.count("region") == 9 and kinds.count("colossus") == 6
    assert kinds.count("tile") == 21 + 18 and kinds.count("count") == 5
    sections = list(dict.fromkeys(s.section for s in SCREENS))
    assert sections == ["roads", "regions", "tiles-4-5", "colossi", "tiles-3"]  # the 3-player tiles last
    for_every_game = [s for s in SCREENS if s.section in FOR_EVERY_GAME]
    assert len(for_every_game) == 61 <= 90
    assert BY_KEY["city:5"].fields == ("black", "red", "blue")


def test_a_provisional_pack_offers_the_facts_only(walk: Walk) -> None:
    offered = {s.key: walk.offered(s.key) for s in SCREENS if walk.offered(s.key)}
    assert offered == {
        "city:5": {"blue": 12}, "city:12": {"blue": 5}, "city:6": {"red": 7, "blue": 11}, "city:7": {"red": 6},
        "city:11": {"blue": 6, "red": 17}, "city:17": {"red": 11},
        "region:3": {"fame": [6, 4]}, "region:4": {"cities": [1, 2, 7, 8], "fame": [3, 1]},
        "tile:4-5:6": {"recruit": ["militia", "archer", "archer", "infantry", "mage"]},
        "tile:4-5:17": {"needs": ["militia", "archer", "priest"]},
        "tile:3:17": {"needs": ["militia", "archer", "priest"]},
        **{f"colossus:{i}": {"needs": n} for i, n in enumerate((3, 3, 4, 4, 5, 5))},
    }
    assert walk.blanks("city:1") == ["black", "red", "blue"] and walk.shown("city:1") == {}
    # The named regions come first; ids 3-9 are not printed, so the others are "another region".
    assert walk.kept.region_ids == (1, 2, 9, 3, 7, 4, 5, 6, 8)


def test_screens_name_regions_and_colossi_by_what_is_printed(walk: Walk) -> None:
    def said(key: str, language: str = "en") -> str:
        return prompt(BY_KEY[key], walk.kept, language)

    assert said("region:1").startswith("Region 1 (left out in 3-player and short games)")
    assert said("region:3").startswith("The central region, with the Bastion")
    assert said("region:4").startswith("The region bounded by cities 1, 2, 7 and 8")
    assert said("region:5").startswith("The snowy region")
    assert said("region:6").startswith("Another region")
    assert said("colossus:0").startswith("One of the two colossi needing 3 units")
    assert said("colossus:1").startswith("The other colossus needing 3 units")
    assert said("region:6", "fr") != said("region:6")
    labelled = (default_pack_text()
                .replace("[[region]]\nid = 5\n", '[[region]]\nid = 5\nlabel = "the mountain pass"\n', 1)
                .replace("[[colossus]]\nneeds = 4", '[[colossus]]\nlabel = "the lion"\nneeds = 4', 1))
    other = Walk.start(parse_pack(labelled), pack_labels(labelled))
    assert prompt(BY_KEY[other.kept.slot_of(5)], other.kept, "en").startswith("the mountain pass: ")
    assert prompt(BY_KEY["colossus:2"], other.kept, "en").startswith("the lion: ")


def test_a_road_seen_from_one_city_is_offered_at_the_other(walk: Walk) -> None:
    walk.answer("city:1", {"black": 7, "red": 4, "blue": 2})
    assert walk.offered("city:7") == {"black": 1, "red": 6}  # 7-6 red is F6
    assert walk.blanks("city:7") == ["blue"]
    walk.answer("city:7", {"black": 9, "red": 6, "blue": 8})  # 7 says its black road goes to 9, not 1
    [conflict] = [c for c in walk.conflicts() if c.screen == "city:1"]
    assert conflict.blocking and conflict.text("en") == ("City 1: its black road leads to city 7, but on the screen "
                                                         "of city 7 its black road leads to city 9.")
    assert conflict.text("fr") != conflict.text("en")


def test_fed_only_what_is_shown_the_walk_cannot_go_on(walk: Walk) -> None:
    with pytest.raises(BadAnswer):
        walk.answer("city:1", walk.shown("city:1"))  # three blanks
    with pytest.raises(NotReady) as early:
        walk.pack_text(DATE)
    assert len(early.value.unanswered) == 61


def test_an_owner_answering_only_what_they_see_ends_with_exactly_their_board(walk: Walk) -> None:
    theirs = their_board()
    assert same_board(theirs, default_pack()) == ["roads", "tiles", "regions", "colossi"]
    owner = Owner(theirs)
    shown = answer_as(owner, walk, FOR_EVERY_GAME)
    assert len(shown) == 61 and walk.screen is None  # the summary, before the 3-player tiles
    assert [c for c in walk.conflicts() if c.blocking] == []
    partial = parse_pack(walk.pack_text(DATE))
    assert partial.status == "provisional"  # the 3-player tiles are not checked yet
    assert partial.tiles["3"] == default_pack().tiles["3"] and partial.tiles["4-5"] == theirs.tiles["4-5"]

    walk.first_open()
    assert walk.screen is not None and walk.screen.key == "tile:3:1"
    assert len(answer_as(owner, walk)) == 19
    assert walk.complete()
    text = walk.pack_text(DATE)
    board = parse_pack(text)
    assert board.status == "verified" and check_pack(text) == []
    assert same_board(board, theirs) == []
    assert sources(text) == {CHECKED}
    assert ("city:1", "black") in {(c.screen.key, c.field) for c in walk.changes()}


def test_a_count_that_differs_points_at_the_screens_that_could_explain_it(walk: Walk) -> None:
    owner = Owner(their_board())
    wrong = owner.see("tile:4-5:1", "")
    wrong["recruit"] = ["militia", "archer", "infantry", "priest", "priest"]  # a mage read as a priest
    answer_as(owner, walk, ("roads", "regions", "tiles-4-5"), {"tile:4-5:1": wrong})
    priests, mages = [c for c in walk.conflicts() if c.blocking]
    assert priests.screen == mages.screen == "count:tiles-4-5"
    for conflict in (priests, mages):  # the tiles holding a priest, the kind answered too often
        assert "tile:4-5:1" in conflict.screens and len(conflict.screens) < 21
    assert priests.text("en").startswith("Priests: you counted")
    assert mages.text("en").startswith("Mages: you counted")
    walk.goto("tile:4-5:1")
    walk.answer("tile:4-5:1", owner.see("tile:4-5:1", ""))
    assert not [c for c in walk.conflicts() if c.blocking]


def test_a_missing_road_is_looked_for_at_the_cities_without_one(walk: Walk) -> None:
    board = default_pack()
    owner = Owner(board)
    wrong = owner.see("city:1", "")
    wrong["black"] = None  # 1-7 black missed at city 1...
    answer_as(owner, walk, ("roads",), {"city:1": wrong})
    conflicts = walk.conflicts()
    assert [c.screen for c in conflicts if c.blocking][0] == "city:7"  # ...but seen at city 7
    walk.goto("city:7")
    seen_at_7 = owner.see("city:7", "")
    seen_at_7["black"] = None  # missed there too: only the count can tell
    walk.answer("city:7", seen_at_7)
    [count] = [c for c in walk.conflicts() if c.blocking]
    assert count.screen == "count:roads" and {"city:1", "city:7"} <= set(count.screens)
    assert "city:17" not in count.screens  # city 17 has its black road
    assert count.text("en").startswith(f"Black roads: you counted {counts(board, 'roads')['black']}")


def test_a_region_entered_twice_and_a_third_colossus_of_a_size_are_problems(walk: Walk) -> None:
    walk.answer("region:4", {"cities": [1, 2, 3, 4, 10], "fame": [3, 2]})
    walk.answer("region:5", {"cities": [1, 2, 3, 4, 10], "fame": [3, 2]})
    [twice] = walk.conflicts()
    assert twice.screen == "region:5" and "cities 1, 2, 3, 4, 10 (fame 3 / 2)" in twice.text("en")
    for index in range(3):
        walk.answer(f"colossus:{index}", {"needs": 3, "rewards": [1, 1, 1]})
    assert [c.screen for c in walk.conflicts()][-1] == "colossus:2"


def test_answers_of_the_wrong_form_are_refused_with_a_reason(walk: Walk) -> None:
    bad = [("city:5", {"black": 5, "red": None, "blue": None}), ("city:5", {"black": 22, "red": None, "blue": None}),
           ("city:5", {"black": 3, "red": 3, "blue": None}), ("city:5", {"black": 3}),
           ("region:3", {"cities": [1, 2], "fame": [3, 1]}), ("region:3", {"cities": [1, 2, 7, 8], "fame": [1, 3]}),
           ("tile:4-5:6", {"recruit": ["militia"] * 4, "needs": ["mage"], "rewards": [1, 1, 1]}),
           ("tile:3:1", {"recruit": ["militia"] * 4, "needs": [], "rewards": [1, 1, 1]}),
           ("colossus:0", {"needs": 6, "rewards": [1, 1, 1]}), ("count:roads", {"black": -1, "red": 1, "blue": 1})]
    for key, value in bad:
        before = walk.to_json()
        with pytest.raises(BadAnswer) as refused:
            walk.answer(key, value)
        assert refused.value.text("en") and refused.value.text("fr")
        assert walk.to_json() == before
    with pytest.raises(BadAnswer):
        walk.answer("city:99", {})


def test_typed_fields_take_numbers_none_and_the_start_of_unit_names() -> None:
    city, region, tile = BY_KEY["city:5"], BY_KEY["region:3"], BY_KEY["tile:4-5:6"]
    assert parse_field(city, "black", "none") is None and parse_field(city, "black", " 13 ") == 13
    assert parse_field(region, "fame", "3/1") == [3, 1]
    assert parse_field(region, "cities", "8, 7 2 1") == [1, 2, 7, 8]
    assert parse_field(tile, "recruit", "mag a mil i a") == ["militia", "archer", "archer", "infantry", "mage"]
    assert parse_field(BY_KEY["colossus:2"], "needs", "4") == 4
    for screen, name, text in [(city, "black", "5"), (city, "black", "5 6"), (region, "fame", "three one")]:
        with pytest.raises(BadAnswer):
            parse_field(screen, name, text)
    assert show_field(city, "black", None, "en") == "none" and show_field(city, "black", 12, "fr") != "city 12"


def test_the_3_player_tiles_wait_until_asked_for(walk: Walk) -> None:
    owner = Owner(default_pack())
    answer_as(owner, walk, FOR_EVERY_GAME)
    assert walk.screen is None and walk.ready() and not walk.complete()
    assert walk.unanswered() == [s.key for s in SCREENS if s.section == "tiles-3"]
    text = walk.pack_text(DATE)
    assert parse_pack(text).status == "provisional"
    assert any("not checked yet" in s for s in sources(text)) and CHECKED in sources(text)


def test_skip_back_and_goto(walk: Walk) -> None:
    owner = Owner(default_pack())
    walk.answer("city:1", owner.see("city:1", ""))
    assert walk.screen is not None and walk.screen.key == "city:2"
    walk.skip()
    assert walk.screen is not None and walk.screen.key == "city:3"
    walk.goto("colossus:5")
    walk.back()
    walk.back()
    assert walk.screen is not None and walk.screen.key == "city:2"
    with pytest.raises(BadAnswer):
        walk.goto("nowhere")


def test_a_half_done_walk_resumes_from_its_json_exactly(walk: Walk) -> None:
    owner = Owner(their_board())
    answer_as(owner, walk, ("roads",))
    walk.answer("region:4", {"cities": [1, 2, 3, 4, 10], "fame": [3, 2]})
    walk.answer("region:5", {"cities": [1, 2, 3, 4, 10], "fame": [3, 2]})
    again = Walk.from_json(json.loads(json.dumps(walk.to_json())))
    assert again.screen == walk.screen and again.answers == walk.answers
    assert [c.to_json("en") for c in again.conflicts()] == [c.to_json("en") for c in walk.conflicts()]
    assert again.changes() == walk.changes() and again.kept == walk.kept


def test_progress_that_cannot_be_resumed_is_refused(walk: Walk) -> None:
    good = walk.to_json()
    damaged = [None, {"format": "xidit-verify/1"}, {**good, "base": {}}, {**good, "position": 9999},
               {**good, "answers": {"city:5": {"black": 5, "red": None, "blue": None}}}]
    for data in damaged:
        with pytest.raises(BadProgress):
            Walk.from_json(data)


def test_the_walks_refusals_are_the_companions_errors_and_still_value_errors(walk: Walk) -> None:
    refusals = [(lambda: Walk.from_json(None), BadProgress), (lambda: walk.pack_text(DATE), NotReady),
                (lambda: walk.answer("city:99", {}), BadAnswer)]
    for refused, kind in refusals:
        with pytest.raises(XiditError) as caught:
            refused()
        assert isinstance(caught.value, kind) and isinstance(caught.value, ValueError)


def test_a_verified_pack_is_offered_whole_and_keeps_what_the_walk_does_not_ask() -> None:
    text = their_board_text().replace("[[region]]\nid = 5\n", '[[region]]\nid = 5\nlabel = "the mountain pass"\n', 1)
    text = text.replace('status = "provisional"', 'status = "verified"', 1)
    walk = Walk.start(parse_pack(text), pack_labels(text))
    assert walk.blanks("city:1") == [] and walk.offered(walk.kept.slot_of(5))["fame"] == [5, 3]
    assert walk.offered("count:roads") == {}  # counts are made on the material, always
    owner = Owner(parse_pack(text))
    while walk.screen is not None:
        key = walk.screen.key
        walk.answer(key, owner.see(key, "") if key.startswith("count:") else walk.shown(key))
    done = walk.pack_text(DATE)
    assert parse_pack(done).status == "verified" and pack_labels(done).regions == {5: "the mountain pass"}
    board, base = parse_pack(done), default_pack()
    assert board.positions == base.positions and board.variants == base.variants
    assert board.bastion() == base.bastion()
