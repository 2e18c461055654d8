"""The map as data (`zargos-board/1`): the shipped pack is honest about being invented, and the checker names
every problem in words (1.1, 1.6, 1.8, 5.6, 9.3)."""

from __future__ import annotations

import pytest

from companion.games.zargos.boards import check_pack, default_pack, default_pack_text, parse_pack
from companion.games.zargos.rules.errors import BadPack


def test_the_shipped_pack_says_plainly_it_is_not_the_real_board() -> None:
    text = default_pack_text()
    assert "NOT THE REAL BOARD" in text.split("format =")[0]
    assert default_pack().status == "provisional"


def test_the_shipped_pack_has_the_counts_the_rules_give() -> None:
    # 1.6 and 1.8: ten kingdoms besides Zargos, 47 provinces outside it, ten capitals; 9.3: 1 + 3 + 6 in Zargos.
    board = default_pack()
    outside = [p for p in board.provinces.values() if p.kingdom != "zargos"]
    assert len(board.kingdoms) == 11 and len(outside) == 47 and len(board.provinces) == 57
    assert len({k.capital for k in board.kingdoms.values() if k.capital}) == 10
    assert len(board.around) == 3 and len(board.coastal_zargos) == 6
    assert all(board.adjacent(board.forbidden_city, p) for p in board.around)
    # 5.6: the lake is a sea space between KORI and LUDOS.
    lake = next(s for s in board.seas.values() if s.lake)
    touching = {board.kingdoms[p.kingdom].name for p in board.provinces.values() if lake.id in p.seas}
    assert touching == {"KORI", "LUDOS"}


def broken(old: str, new: str) -> list[str]:
    text = default_pack_text()
    assert old in text
    return check_pack(text.replace(old, new, 1))


def test_the_checker_accepts_the_shipped_pack() -> None:
    assert check_pack(default_pack_text()) == []


@pytest.mark.parametrize(("old", "new", "words"), [
    ('format = "zargos-board/1"', 'format = "xidit-board/1"', "'format' must be \"zargos-board/1\""),
    ('status = "provisional"', 'status = "checked"', "'status' must be one of provisional, verified"),
    ('between = ["kori-1", "kori-2"]', 'between = ["kori-1", "nowhere"]', "province 'nowhere' is not declared"),
    ('between = ["kori-1", "kori-2"]', 'between = ["kori-1", "kori-1"]', "cannot border itself"),
    ('capital = "kori-2"', 'capital = "ludos-2"', "kingdom 'kori': its capital 'ludos-2' is not one of its"),
    ('around = ["z-a1", "z-a2", "z-a3"]', 'around = ["z-a1", "z-a2"]', "'around' must name the 3 provinces"),
    ('links = ["s2"]', 'links = ["s9"]', "linked sea space 's9' is not declared"),
    ('lake = true', 'lake = false', "exactly one sea space with lake = true (5.6)"),
    ('kingdom = "kori"', 'kingdom = "korri"', "kingdom 'korri' is not declared"),
    ('name = "KORI"\ncapital = "kori-2"', 'name = "KORI"\ncapital = "kori-2"\nvalue = -3', "'value' (printed on"),
    ('seas = ["s1"]', 'sea = ["s1"]', "unknown key 'sea'"),
])
def test_the_checker_names_each_problem_in_words(old: str, new: str, words: str) -> None:
    problems = broken(old, new)
    assert any(words in p for p in problems), problems


def test_a_pack_with_problems_is_refused_with_all_of_them() -> None:
    text = default_pack_text().replace('status = "provisional"', 'status = "?"').replace(
        'format = "zargos-board/1"', 'format = "x"')
    with pytest.raises(BadPack) as caught:
        parse_pack(text)
    assert len(caught.value.problems) == 2


def test_not_toml_is_a_problem_in_words() -> None:
    assert check_pack("format = ")[0].startswith("not valid TOML")


def test_a_province_no_one_can_reach_is_named() -> None:
    text = default_pack_text() + '\n[[province]]\nid = "island"\nname = "Island"\nkingdom = "k10"\nseas = ["s7"]\n' \
        '[[sea]]\nid = "s7"\nname = "Far sea"\n'
    problems = check_pack(text)
    assert any("cannot be reached" in p and "island" in p for p in problems), problems
