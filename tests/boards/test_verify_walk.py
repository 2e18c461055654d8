"""The walk-through model: its questions, symmetric roads, live conflicts at the right question, saving
and resuming, and the verified pack it writes."""

from __future__ import annotations

import json

import pytest

from companion.boards import check_pack, default_pack, default_pack_text, pack_warnings, parse_pack
from companion.boards.verify import QUESTIONS, BadAnswer, BadProgress, NotReady, Walk, parse_text, show
from companion.boards.verify.questions import BY_KEY, values_of
from companion.rules import XiditError

from .support import differences, sources, walk_to_the_end

DATE = "2026-11-22"
CHECKED = f"checked against a physical copy on {DATE}"


@pytest.fixture
def walk() -> Walk:
    return Walk.start(default_pack())


def keys_of(walk: Walk, blocking: bool | None = None) -> list[str]:
    return [c.question for c in walk.conflicts() if blocking is None or c.blocking is blocking]


# ------------------------------------------------------------------------------------ the questions

def test_every_printed_value_is_asked_once_in_the_order_of_the_board() -> None:
    kinds = [q.kind for q in QUESTIONS]
    assert kinds.count("road") == 21 * 3
    assert kinds.count("fame") == kinds.count("border") == 9
    assert kinds.count("recruit") == kinds.count("needs") == kinds.count("rewards") == 21 + 18
    assert kinds.count("colossus") == 6
    assert len({q.key for q in QUESTIONS}) == len(QUESTIONS)
    sections = [q.section for q in QUESTIONS]
    assert list(dict.fromkeys(sections)) == ["roads", "regions", "tiles-4-5", "tiles-3", "colossi"]
    assert QUESTIONS[0].prompt("en") == "From city 1, where does the black road lead?"
    assert BY_KEY["road:5:blue"].prompt("en") == "From city 5, where does the blue road lead?"
    assert "ville" in BY_KEY["road:5:blue"].prompt("fr") or "cité" in BY_KEY["road:5:blue"].prompt("fr")


def test_the_offered_answers_are_the_packs_values(walk: Walk) -> None:
    board = default_pack()
    assert walk.values["road:5:blue"] == 12 and walk.values["road:17:blue"] is None
    assert walk.values["fame:9"] == [6, 4]
    assert walk.values["border:3"] == [1, 2, 7, 8]
    assert walk.values["recruit:4-5:6"] == ["militia", "archer", "archer", "infantry", "mage"]
    assert walk.values["rewards:4-5:17"] == [board.tiles["4-5"][17].gold, 3, 3]
    assert walk.values["colossus:0"][0] == 3
    assert walk.progress() == (0, len(QUESTIONS))


def test_confirming_every_value_gives_the_same_board_marked_verified(walk: Walk) -> None:
    asked = walk_to_the_end(walk)
    # A road's other end is implied by the answer at its first end: 29 roads, 29 questions fewer.
    assert len(asked) == len(QUESTIONS) - 29
    text = walk.pack_text(DATE)
    assert check_pack(text) == []
    board, default = parse_pack(text), default_pack()
    assert board.status == "verified" and board.name == default.name
    for part in ("cities", "roads", "regions", "tiles", "colossi", "variants", "positions"):
        assert getattr(board, part) == getattr(default, part), part
    assert differences(text, default_pack_text()) == {}
    assert sources(text) == {CHECKED}
    assert walk.changes() == []


def test_answers_of_the_wrong_form_are_refused_with_a_reason(walk: Walk) -> None:
    bad = [("road:5:blue", 5), ("road:5:blue", 22), ("road:5:blue", "12"), ("fame:3", [1, 3]),
           ("fame:3", [3]), ("border:3", [1, 2]), ("border:3", [1, 1, 2, 7]), ("border:3", [1, 2, 99]),
           ("recruit:4-5:6", ["militia"] * 4), ("recruit:3:6", ["militia"] * 5), ("needs:3:1", []),
           ("needs:3:1", ["militia", "dragon"]), ("rewards:3:1", [0, 1, 1]), ("rewards:3:1", [1, 2]),
           ("colossus:0", [6, 1, 1, 1]), ("colossus:0", [3, 1, 1, True])]
    for key, value in bad:
        before = walk.to_json()
        with pytest.raises(BadAnswer) as refused:
            walk.answer(key, value)
        assert refused.value.text("en") and refused.value.text("fr")
        assert walk.to_json() == before  # nothing changed
    with pytest.raises(BadAnswer):
        walk.answer("road:99:blue", 1)


def test_typed_answers_take_numbers_none_and_the_start_of_unit_names() -> None:
    assert parse_text(BY_KEY["road:5:blue"], "none") is None
    assert parse_text(BY_KEY["road:5:blue"], " 13 ") == 13
    assert parse_text(BY_KEY["fame:3"], "3/1") == [3, 1]
    assert parse_text(BY_KEY["border:3"], "8, 7 2 1") == [1, 2, 7, 8]
    assert parse_text(BY_KEY["recruit:4-5:6"], "mag a mil i a") == ["militia", "archer", "archer", "infantry", "mage"]
    assert parse_text(BY_KEY["rewards:4-5:6"], "2 3 3") == [2, 3, 3]
    assert parse_text(BY_KEY["colossus:2"], "4 3 3 2") == [4, 3, 3, 2]
    for key, text in [("recruit:3:1", "m a i p"), ("road:5:blue", "5 6"), ("fame:3", "three one")]:
        with pytest.raises(BadAnswer):
            parse_text(BY_KEY[key], text)
    assert show(BY_KEY["road:5:blue"], None, "en") == "none"
    assert show(BY_KEY["road:5:blue"], 12, "fr") != "city 12"


# ------------------------------------------------------------------------------------------- roads

def test_a_road_entered_from_city_5_to_18_as_blue_appears_at_18(walk: Walk) -> None:
    # Before: 5-12 blue and 18-19 blue. After: 5-18 blue; 12 and 19 have no blue road any more.
    touched = walk.answer("road:5:blue", 18)
    assert walk.values["road:18:blue"] == 5
    assert walk.values["road:12:blue"] is None and walk.values["road:19:blue"] is None
    assert sorted(touched) == ["road:12:blue", "road:18:blue", "road:19:blue"]
    assert walk.implied_by("road:18:blue") == "road:5:blue"
    # Nothing was answered at 12, 18 or 19 yet: nothing is overturned, they are simply asked later...
    assert walk.recheck == {}
    assert not walk.is_answered("road:12:blue") and not walk.is_answered("road:19:blue")
    # ...except 18's blue road, which the answer at 5 already gave: the walk does not ask it.
    asked = walk_to_the_end(walk)
    assert "road:18:blue" not in asked and "road:12:blue" in asked and "road:19:blue" in asked
    board = parse_pack(walk.pack_text(DATE))
    assert board.road(5, "blue") == 18 and board.road(18, "blue") == 5 and board.road(12, "blue") is None


def test_an_answer_that_overturns_an_earlier_one_is_asked_again_with_the_reason(walk: Walk) -> None:
    walk.answer("road:12:blue", 5)  # the owner confirms 12-5 blue from city 12
    assert walk.implied_by("road:5:blue") == "road:12:blue"
    walk.answer("road:17:blue", 12)  # ...then says 17's blue road leads to 12
    assert walk.values["road:12:blue"] == 17 and walk.values["road:5:blue"] is None
    assert not walk.is_answered("road:12:blue")  # overturned: asked again
    assert not walk.is_answered("road:5:blue")  # only implied by 12's answer: simply unanswered
    conflicts = [c for c in walk.conflicts() if c.question == "road:12:blue"]
    assert len(conflicts) == 1 and conflicts[0].blocking
    text = conflicts[0].text("en")
    assert "City 12" in text and "city 5" in text and "city 17" in text
    assert "road:5:blue" not in walk.recheck
    walk.answer("road:12:blue", 17)  # confirmed: the conflict is gone
    assert not [c for c in walk.conflicts() if c.question == "road:12:blue"]


def test_saying_none_where_another_answer_put_a_road_is_overturned_too(walk: Walk) -> None:
    walk.answer("road:17:blue", None)  # owner: no blue road at 17
    walk.answer("road:9:blue", 17)  # later: 9's blue road leads to 17
    assert walk.values["road:17:blue"] == 9
    [conflict] = [c for c in walk.conflicts() if c.question == "road:17:blue"]
    assert "no blue road" in conflict.text("en")


# ----------------------------------------------------------------------------- live consistency

def test_a_region_border_that_is_no_loop_of_roads_is_a_warning_at_that_region(walk: Walk) -> None:
    assert walk.conflicts() == []
    walk.answer("border:3", [1, 2, 7, 9])  # 7-9 and 9-1 are not roads
    conflicts = [c for c in walk.conflicts() if c.question == "border:3"]
    assert len(conflicts) == 1 and not conflicts[0].blocking
    assert "region 3" in conflicts[0].text("en") and "closed loop" in conflicts[0].text("en")
    assert conflicts[0].text("fr") != conflicts[0].text("en")
    walk.answer("border:3", [1, 2, 7, 8])
    assert walk.conflicts() == []


def test_removing_a_road_of_a_region_border_is_a_warning_at_each_region_it_bounded(walk: Walk) -> None:
    walk.answer("road:1:black", None)  # 1-7 black bounds region 3 (and the outside)
    assert keys_of(walk) == ["border:3"]
    assert walk.ready() is False  # unanswered questions remain, but the warning alone would not block


def test_a_city_no_road_reaches_is_a_problem_at_its_roads(walk: Walk) -> None:
    walk.answer("road:5:blue", None)
    walk.answer("road:5:red", None)
    problems = [c for c in walk.conflicts() if c.blocking]
    assert [c.question for c in problems] == ["road:5:black"]
    assert problems[0].text("en") == "No road reaches city 5."


def test_two_roads_between_the_same_cities_are_a_problem(walk: Walk) -> None:
    walk.answer("road:9:blue", 11)  # 9-11 is already black; 11's blue road to 6 goes
    problems = [c for c in walk.conflicts() if c.blocking]
    assert problems and problems[0].question == "road:9:blue"
    assert "two roads" in problems[0].text("en")


def test_the_colossi_must_be_two_of_each_size(walk: Walk) -> None:
    walk.answer("colossus:4", [3, 4, 4, 3])  # a second... third colossus needing 3
    problems = [c for c in walk.conflicts() if c.blocking]
    assert [c.question for c in problems] == ["colossus:0"]
    assert problems[0].text("en") == ("The colossi need 3, 3, 4, 4, 3, 5 units: there must be two of each of "
                                      "3, 4 and 5.")


def test_the_verified_pack_is_refused_until_every_question_is_answered_and_no_problem_is_left(walk: Walk) -> None:
    with pytest.raises(NotReady) as early:
        walk.pack_text(DATE)
    assert len(early.value.unanswered) == len(QUESTIONS)
    walk.answer("colossus:4", [3, 4, 4, 3])
    walk_to_the_end(walk)
    with pytest.raises(NotReady) as blocked:
        walk.pack_text(DATE)
    assert early.value.unanswered and not blocked.value.unanswered
    assert [c.question for c in blocked.value.conflicts] == ["colossus:0"]
    walk.answer("colossus:4", [5, 4, 4, 3])
    assert walk.ready()
    assert check_pack(walk.pack_text(DATE)) == []
    with pytest.raises(ValueError):
        walk.pack_text("22/11/2026")


def test_the_verified_pack_may_keep_warnings_which_the_checker_reports(walk: Walk) -> None:
    walk_to_the_end(walk, {"road:1:black": None})
    text = walk.pack_text(DATE)
    assert check_pack(text) == []
    assert pack_warnings(parse_pack(text)) != []
    assert differences(text, default_pack_text()) == {"road:1:black": (None, 7), "road:7:black": (None, 1)}


# ---------------------------------------------------------------------------------- moving around

def test_skip_back_and_goto(walk: Walk) -> None:
    walk.answer("road:1:black", 7)
    assert walk.question is not None and walk.question.key == "road:1:red"
    walk.skip()
    assert walk.question is not None and walk.question.key == "road:1:blue"
    walk.goto("colossus:5")
    assert walk.question is not None and walk.question.key == "colossus:5"
    walk.back()
    walk.back()
    assert walk.question is not None and walk.question.key == "road:1:red"
    assert not walk.is_answered("road:1:red")
    walk.goto("colossus:5")
    walk.answer("colossus:5", walk.values["colossus:5"])  # the last: on to the first unanswered
    assert walk.question is not None and walk.question.key == "road:1:red"
    with pytest.raises(BadAnswer):
        walk.goto("nowhere")


def test_the_summary_comes_after_the_last_question(walk: Walk) -> None:
    walk_to_the_end(walk)
    assert walk.question is None and walk.ready()
    walk.back()
    assert walk.question is not None and walk.question.key == "colossus:5"


# ------------------------------------------------------------------------------------- resuming

def test_a_half_done_walk_resumes_from_its_json_exactly(walk: Walk) -> None:
    walk.answer("road:1:black", 7)
    walk.answer("road:1:red", 4)
    walk.answer("road:12:blue", 5)
    walk.answer("road:17:blue", 12)  # leaves a conflict at 12
    walk.goto("fame:4")
    walk.answer("fame:4", [4, 2])
    saved = json.loads(json.dumps(walk.to_json()))
    again = Walk.from_json(saved)
    assert again.question == walk.question
    assert again.values == walk.values and again.answered == walk.answered
    assert [c.to_json("en") for c in again.conflicts()] == [c.to_json("en") for c in walk.conflicts()]
    assert again.changes() == walk.changes()
    again.back()
    walk.back()
    assert again.question == walk.question


def test_progress_that_cannot_be_resumed_is_refused(walk: Walk) -> None:
    good = walk.to_json()
    damaged = [None, {"format": "other"}, {**good, "values": {}}, {**good, "position": 9999},
               {**good, "values": {**good["values"], "road:5:blue": 5}}]
    for data in damaged:
        with pytest.raises(BadProgress):
            Walk.from_json(data)


def test_the_walks_refusals_are_the_companions_errors_and_still_value_errors(walk: Walk) -> None:
    # The CLI reports any XiditError as one line; older callers catch ValueError.
    refusals = [(lambda: Walk.from_json(None), BadProgress), (lambda: walk.pack_text(DATE), NotReady),
                (lambda: walk.answer("road:99:blue", 1), BadAnswer)]
    for refused, kind in refusals:
        with pytest.raises(XiditError) as caught:
            refused()
        assert isinstance(caught.value, kind) and isinstance(caught.value, ValueError)


def test_a_walk_keeps_what_it_does_not_ask(walk: Walk) -> None:
    base = default_pack()
    walk_to_the_end(walk, {"fame:4": [4, 2]})
    board = parse_pack(walk.pack_text(DATE))
    assert board.positions == base.positions and board.variants == base.variants
    assert board.bastion() == base.bastion()
    assert values_of(board)["fame:4"] == [4, 2]
