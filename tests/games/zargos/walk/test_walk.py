"""The owner's walk-through of the Zargos map (issue 29): screen by screen, nothing certified by Enter alone
on a provisional pack, conflicts in words at the screen that fixes them, resumable from its JSON, and a
verified `zargos-board/1` pack at the end; on the terminal through `companion board verify --game zargos`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import cli
from companion.core.game import GameModule
from companion.games.zargos.boards import check_pack, parse_pack
from companion.games.zargos.boards.verify import SECONDS, BadAnswer, BadProgress, NotReady, Walk, estimate
from companion.games.zargos.boards.verify.terminal import TERMINAL
from companion.games.zargos.commands import COMMANDS, PACK_FILE, PROGRESS_FILE
from companion.terminal_walk import run_walk

from .owner import BOARD, truth, walk_to_the_end


def test_a_provisional_pack_offers_only_what_the_rules_name() -> None:
    walk = Walk.start(BOARD)
    assert BOARD.status == "provisional"
    assert walk.offered("kingdom:1") == {"name": "KORI"} and walk.offered("kingdom:2") == {"name": "LUDOS"}  # 1.1
    assert walk.offered("kingdom:3") == {}  # the invented "Kingdom 3" is never offered
    assert walk.blanks("kingdom:3") == ["name", "provinces", "capital", "value"]
    assert walk.offered("zargos") == {"forbidden_city": "Cité Interdite"}
    assert walk.blanks("zargos") == ["around", "coastal"]


def test_the_walk_makes_a_verified_pack_the_engine_plays_on() -> None:
    walk = walk_to_the_end(Walk.start(BOARD))
    done, total = walk.progress()
    assert done == total == 10 + 2 + 57 + len(BOARD.seas) + 1
    board = parse_pack(walk.pack_text("2026-11-26"))
    assert board.status == "verified" and len(board.provinces) == 57 and board.kingdoms["kori"].value == 7
    assert board.kingdoms["kori"].capital == "kori-province-2" and len(board.around) == 3  # 9.3
    assert sum(len(b) for b in board.borders.values()) == sum(len(b) for b in BOARD.borders.values())
    lake = next(s for s in board.seas.values() if s.lake)
    assert {board.kingdoms[board.kingdom_of(p)].name for p, v in board.provinces.items() if lake.id in v.seas} \
        == {"KORI", "LUDOS"}  # 5.6


def test_a_border_answered_on_one_side_is_offered_on_the_other_and_a_one_sided_one_is_named(zargos: GameModule) -> None:
    answers = truth()
    walk = Walk.start(BOARD)
    for key in [s.key for s in walk.screens()][:12]:
        walk.answer(key, answers[key])
    walk.answer("province:kori-province-1", answers["province:kori-province-1"])
    assert walk.offered("province:kori-province-2")["borders"] == ["KORI province 1"]
    walk.answer("province:kori-province-2", {"borders": ["KORI province 3"], "seas": ["Sea 1"]})
    texts = [c.text("en") for c in walk.conflicts() if c.screen == "province:kori-province-2"]
    assert texts == ["On the screen of KORI province 1 it borders KORI province 2, but not on the screen of "
                     "KORI province 2: look at the board between them."]
    assert [c.text("fr") for c in walk.conflicts() if c.screen == "province:kori-province-2"][0].startswith(
        "Sur l'écran de KORI province 1")


def test_answers_of_the_wrong_form_are_refused_in_words_and_change_nothing() -> None:
    walk = Walk.start(BOARD)
    with pytest.raises(BadAnswer, match="The capital is one of the kingdom's provinces: Nowhere"):
        walk.answer("kingdom:1", {"name": "KORI", "provinces": ["A", "B"], "capital": "Nowhere", "value": 5})
    with pytest.raises(BadAnswer, match="Give exactly 3 names"):
        walk.answer("zargos", {"forbidden_city": "C", "around": ["a", "b"], "coastal": list("defghi")})
    assert walk.answers == {} and walk.position == "kingdom:1"
    answers = truth()
    for key in [s.key for s in walk.screens()][:12]:
        walk.answer(key, answers[key])
    with pytest.raises(BadAnswer, match="No province is named Atlantis on your kingdom and Zargos screens"):
        walk.answer("province:kori-province-1", {"borders": ["Atlantis"], "seas": []})


def test_counts_on_the_board_that_differ_from_the_answers_are_named() -> None:
    answers = truth()
    answers["count"] = {"coastal": answers["count"]["coastal"] + 1, "lake": answers["count"]["lake"]}
    walk = walk_to_the_end(Walk.start(BOARD), answers)
    assert [c.screen for c in walk.conflicts()] == ["count"]
    assert "provinces touching a sea space or the lake; your province screens make" in walk.conflicts()[0].text("en")
    with pytest.raises(NotReady):
        walk.pack_text("2026-11-26")


def test_kingdoms_holding_more_provinces_than_the_cards_name_are_a_conflict() -> None:
    answers = truth()
    answers["kingdom:3"] = {**answers["kingdom:3"], "provinces": [*answers["kingdom:3"]["provinces"], "Extra"]}
    walk = Walk.start(BOARD)
    for key in [s.key for s in walk.screens()][:10]:
        walk.answer(key, answers[key])
    assert [c.text("en") for c in walk.conflicts()] == [
        "Your ten kingdoms hold 48 provinces; the game's cards name 47 (37 province cards and 10 capitals): look "
        "again at the kingdoms."]


def test_a_walk_resumes_from_its_json_and_a_damaged_one_is_refused() -> None:
    answers = truth()
    walk = Walk.start(BOARD)
    for key in [s.key for s in walk.screens()][:20]:
        walk.answer(key, answers[key])
    again = Walk.from_json(json.loads(json.dumps(walk.to_json())))
    assert again.position == walk.position and again.answers == walk.answers
    assert parse_pack(walk_to_the_end(again).pack_text("2026-11-26")).status == "verified"
    with pytest.raises(BadProgress):
        Walk.from_json({"format": "xidit-verify/2"})


def test_a_verified_pack_offers_its_own_values() -> None:
    verified = parse_pack(walk_to_the_end(Walk.start(BOARD)).pack_text("2026-11-26"))
    walk = Walk.start(verified)
    assert walk.offered("kingdom:3")["name"] == "Kingdom 3" and walk.blanks("kingdom:3") == []


def test_the_estimate_is_within_45_minutes() -> None:
    screens, seconds = estimate(len(BOARD.seas))
    assert screens == 77 and seconds == 10 * 60 + 45 + 45 + 57 * 25 + 7 * 15 + 90 and seconds <= 45 * 60
    assert SECONDS["province"] == 25


def test_enter_alone_does_not_answer_a_screen_in_the_terminal() -> None:
    walk = Walk.start(BOARD)
    typed = iter(["", "", "", "q"])  # Enter on KORI's name, then Enter on a blank: refused; then quit
    said: list[str] = []
    assert run_walk(walk, TERMINAL, ask=lambda _: next(typed), say=said.append, save=lambda w: None,
                    finish=lambda w: True) is False
    assert walk.answers == {} and any("Look at your board and type what you see." in s for s in said)


def test_companion_board_verify_walks_resumes_and_saves_the_verified_map(
        zargos: GameModule, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    answers = truth()

    def lines(stop: int | None) -> list[str]:
        found: list[str] = []
        walk = Walk.start(BOARD)
        while (screen := walk.screen) is not None:
            for name in screen.fields:
                value = answers[screen.key][name]
                found.append("unknown" if value is None else (", ".join(value) or "none") if isinstance(value, list)
                             else str(value))
            walk.answer(screen.key, answers[screen.key])
        found = [line if line else "none" for line in found]
        return found[:stop] + ["q"] if stop else [*found, "y"]

    store = tmp_path / "store.db"
    typed = iter(lines(8))
    monkeypatch.setattr("builtins.input", lambda _: next(typed))
    args = ["board", "verify", "--game", "zargos", "--store", str(store), "--date", "2026-11-26"]
    assert cli.main(args) == 0
    assert "Saved: 2 of 23 screens answered" in capsys.readouterr().out
    saved = json.loads((tmp_path / PROGRESS_FILE).read_text())
    assert saved["position"] == "kingdom:3"
    rest = iter(lines(None)[8:])
    monkeypatch.setattr("builtins.input", lambda _: next(rest))
    assert cli.main(args) == 0
    assert "Saved the verified Zargos map" in capsys.readouterr().out
    text = (tmp_path / PACK_FILE).read_text()
    assert check_pack(text) == [] and parse_pack(text).status == "verified"
    assert not (tmp_path / PROGRESS_FILE).exists()
    assert COMMANDS.pack_in_use(None, store) == (text, str(tmp_path / PACK_FILE))


def test_the_pages_see_the_walk_as_web_game_parts_packwalk_says() -> None:
    from companion.games.zargos.boards.verify.pages import WALK
    from web.game_parts import PackWalk

    part: PackWalk = WALK  # the pages' protocol (mypy checks the assignment in the lead's wiring)
    walk = part.start(BOARD, "")
    assert part.has_screen("province:kori-province-1") and not part.has_screen("city:3")

    def t(message: str, **params: object) -> str:
        return message.format(**params)

    state = part.state_json(walk, "fr", t)
    assert state["screen"]["key"] == "kingdom:1" and state["answered"] == 0
    assert [f["known"] for f in state["screen"]["fields"]] == [True, False, False, False]
    assert state["screen"]["fields"][0]["shown"] == "KORI" and state["first_open"] == "kingdom:1"
    with pytest.raises(part.not_ready) as caught:
        walk.pack_text("2026-11-26")
    assert caught.value.unanswered[0] == "kingdom:1"  # type: ignore[attr-defined]
    answers = truth()
    answers["count"] = {"coastal": 0, "lake": 0}
    walk = walk_to_the_end(part.from_json(walk.to_json()), answers)
    state = part.state_json(walk, "en", t)
    assert state["screen"] is None and not state["ready"]
    assert [c["screen"] for c in state["conflicts"]] == ["count", "count"]
    assert state["conflicts"][0]["prompt"] == "Counts on the board: the cross-check"
    # The board prints its names without the shipped pack's commas: every kingdom's provinces changed.
    assert {c["screen"] for c in state["changes"]} >= {f"kingdom:{i}" for i in range(1, 11)}


def test_a_province_renamed_after_its_neighbours_were_answered_is_asked_again() -> None:
    answers = truth()
    walk = Walk.start(BOARD)
    for key in [s.key for s in walk.screens()][:12]:
        walk.answer(key, answers[key])
    walk.answer("province:kori-province-2", answers["province:kori-province-2"])  # borders KORI province 1
    kori = dict(answers["kingdom:1"])
    kori["provinces"] = ["Korium" if p == "KORI province 1" else p for p in kori["provinces"]]
    walk.answer("kingdom:1", kori)
    assert "province:kori-province-2" not in walk.answers  # its border names a province no longer there
    saved = walk.to_json()
    saved["answers"]["province:kori-province-2"] = answers["province:kori-province-2"]  # saved before the rename
    again = Walk.from_json(json.loads(json.dumps(saved)))
    assert "province:kori-province-2" not in again.answers and "kingdom:1" in again.answers
    assert "province:korium" in [s.key for s in again.screens()]
    broken = walk.to_json() | {"answers": {"kingdom:1": {"name": "KORI"}}}
    with pytest.raises(BadProgress):
        Walk.from_json(broken)
