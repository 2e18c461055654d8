"""Xidit's box part: one editor per decision kind, its pieces said in one place for boxes and pages (moved
from tests/boxes/test_game_parts.py, which tests the box framework on the toy game)."""

from __future__ import annotations

from typing import get_args

from companion.games.xidit.boxes.editors import EDITORS
from companion.games.xidit.pieces import UNIT_LETTERS, weakest
from companion.games.xidit.rules.choices import Choice


def test_every_xidit_decision_kind_has_one_editor() -> None:
    assert set(EDITORS) == {kind.decision for kind in get_args(Choice)}


def test_xidits_pieces_are_said_in_one_place_for_boxes_and_pages() -> None:
    assert weakest((2, 0, 3, 1, 0), 4) == {"militia": 2, "infantry": 2}  # the weakest first, none too many
    assert list(UNIT_LETTERS) == ["militia", "archer", "infantry", "priest", "mage"]
