"""Zargos at the table as people play it, on a 390-px phone (game night 2026-11-29, problems 9 and 10): the
seat page says whose it is from the first screen; an attack is chosen from lists (one's provinces, then that
province's targets by their names) without scrolling to the map, and says "from X to Y, strength N" before
Confirm; the only combat of a turn is not asked for; the table's dice are typed, a total a side, under the
combat they are for, on the seat page, the referee page and the TV. Pictures of the attack, the dice and the
set-up steps at a phone's, a tablet's and a TV's width, in English and French (docs/pages with
XIDIT_UPDATE_GOLDENS=1, else the artifacts).

Nothing here sleeps: the test waits on what the page shows or on the table's answer."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.games.zargos.table.combat import combat_words
from companion.table import Acknowledge, SetChance, SetLanguage, SetPace, Table
from tests.games.zargos.table.support import play, play_told
from web.auth import seat_token

from .conftest import ARTIFACTS, PIN, SHOTS, expect, page_on, settled
from .test_zargos_browser import BOARD, LIVE, PATIENCE, WIDTHS, Night, attack_of, press, sent, showing

PHONE_HEIGHT = 844


@contextmanager
def seat_page(night: Night, seat: int, browser: Any, options: dict[str, Any] | None = None) -> Iterator[Any]:
    with page_on(browser, *([options] if options else [])) as page:
        page.set_default_timeout(PATIENCE)
        token = seat_token(night.app.config["SECRET_KEY"], night.table.game_id, seat)
        page.goto(f"{night.url}/seat/{seat + 1}?t={token}")  # links read seats from 1
        showing(page, night.table.view("public")["version"])
        yield page


def above_the_fold(page: Any, selector: str) -> None:
    """The element is on the phone's first screen: no scrolling to reach it."""
    box = page.locator(selector).bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE_HEIGHT, (selector, box)


def awaited_seat(table: Table) -> int:
    return int(table.view("public")["awaiting"][0]["seat"])


def at_an_attack(table: Table) -> bool:
    view = table.view("public")
    return view["round"] >= 1 and bool(view["awaiting"]) and view["awaiting"][0]["decision"] == "attack" \
        and attack_of(table) is not None


def test_the_seat_page_says_whose_it_is_before_a_people_is_chosen(tmp_path: Path, browser: Any) -> None:
    night = Night(tmp_path, 3, 8)
    try:
        assert night.table.view("public")["phase"] in ("roll", "choose")
        with seat_page(night, 2, browser) as page:
            expect(page.locator("#whoami")).to_have_text("Player 3 · seat 3")
            above_the_fold(page, "#whoami")
    finally:
        night.close()


def test_an_attack_is_chosen_from_lists_and_said_before_confirm_on_a_phone(tmp_path: Path, browser: Any) -> None:
    night = Night(tmp_path, 2, 8)
    try:
        play(night.table, seed=1, until=at_an_attack)
        seat = awaited_seat(night.table)
        origin, target = attack_of(night.table) or ("", "")
        choice = night.table.seat_snapshot(seat).choice
        most = dict(choice.sources)[origin]  # type: ignore[union-attr]
        with seat_page(night, seat, browser) as page:
            for selector in ("#zfrom", "#zto", "#zconfirm"):
                above_the_fold(page, selector)
            page.select_option("#zfrom", origin)
            targets = page.locator("#zto option").all_inner_texts()[1:]
            assert any(t.startswith(BOARD.province_name(target) + " (") for t in targets), targets
            assert all("{" not in t for t in targets)
            page.select_option("#zto", target)
            expect(page.locator("#zsummary")).to_have_text(
                f"From {BOARD.province_name(origin)} to {BOARD.province_name(target)}: strength {most}")
            page.fill("#zstrength", "1")
            expect(page.locator("#zsummary")).to_have_text(
                f"From {BOARD.province_name(origin)} to {BOARD.province_name(target)}: strength 1")
            above_the_fold(page, "#zsummary")
            sent(page, lambda: press(page.locator("#zconfirm")))
        attack = [e for e in night.table.view("public")["log"] if e.get("event") == "attack"][-1]
        assert (attack["from"], attack["to"], attack["strength"]) == (origin, target, 1)
    finally:
        night.close()


def test_the_only_combat_of_a_turn_is_not_asked_for(tmp_path: Path, browser: Any) -> None:
    night = Night(tmp_path, 2, 8)
    try:
        def one_fight(table: Table) -> bool:
            view = table.view("public")
            if not view["awaiting"] or view["awaiting"][0]["decision"] != "fight":
                return False
            choice = table.seat_snapshot(awaited_seat(table)).choice
            return len(choice.provinces) == 1 and not choice.cards  # type: ignore[union-attr]
        play(night.table, seed=1, until=one_fight)
        seat = awaited_seat(night.table)
        before = night.table.view("public")["version"]
        fights = len([m for m in night.table.record()["moves"] if m["type"] == "fight"])
        with seat_page(night, seat, browser) as page:
            page.wait_for_function(f"() => {LIVE} > {before}")  # the page started it: no question, no tap
            expect(page.get_by_text("Which combat next?")).to_have_count(0)
        started = [m for m in night.table.record()["moves"] if m["type"] == "fight"]
        assert len(started) == fights + 1 and started[-1]["seat"] == seat
    finally:
        night.close()


def at_the_tables_dice(night: Night) -> dict[str, Any]:
    """A combat whose dice the table rolls and types (the referee said the table's own dice)."""
    def dice(table: Table) -> bool:
        asking = table.view("public")["table"]["asking"]
        return asking is not None and asking["kind"] == "dice" and asking["for"] == "battle"
    play(night.table, seed=1, until=lambda t: t.view("public")["round"] >= 1)
    night.table.handle(SetChance("table"))
    play_told(night.table, 1, until=dice)
    asking: dict[str, Any] = night.table.view("public")["table"]["asking"]
    return asking


def test_the_tables_dice_are_typed_under_the_combat_they_are_for(tmp_path: Path, browser: Any) -> None:
    night = Night(tmp_path, 2, 8)
    try:
        asking = at_the_tables_dice(night)
        combat = night.table.view("public")["combat"]
        where = BOARD.province_name(combat["province"])
        sentence, _ = combat_words(night.table._game, "battle")  # type: ignore[attr-defined]
        with seat_page(night, 0, browser) as page:
            expect(page.locator("#asking")).to_contain_text(f"Combat in {where}: ")
            expect(page.locator("#asking")).to_contain_text(sentence.render("en"))
            assert page.locator("#asking button").count() == 1  # Send: no button a total
            assert page.locator("#asking input[inputmode=numeric]").count() == 2
            above_the_fold(page, "#asking button[type=submit]")
            for n, side in enumerate(asking["sides"]):
                page.fill(f'#asking input[name="side-{n}"]', str(side["least"]))
            sent(page, lambda: press(page.locator("#asking button[type=submit]")))
        rounds = [e for e in night.table.view("public")["log"] if e.get("event") == "combat_round"]
        assert rounds[-1]["dice"] == [side["least"] for side in asking["sides"]]
    finally:
        night.close()


def test_the_referee_and_the_tv_say_which_combat_the_dice_are_for(tmp_path: Path, browser: Any) -> None:
    night = Night(tmp_path, 2, 8)
    try:
        at_the_tables_dice(night)
        combat = night.table.view("public")["combat"]
        where = BOARD.province_name(combat["province"])
        with page_on(browser) as page:
            page.set_default_timeout(PATIENCE)
            page.goto(f"{night.url}/")
            expect(page.locator("#asking")).to_contain_text(f"Combat in {where}: ")
            page.screenshot(path=str(ARTIFACTS / "zargos-table-dice-390-en.png"))
            page.goto(f"{night.url}/referee")
            page.fill("#pin", PIN)
            page.get_by_role("button", name="Sign in").click()
            expect(page.locator("#wizard")).to_be_attached()
            settled(page, night.table)
            form = page.locator("#asking form.tell-dice")
            expect(form).to_contain_text("Attacker, ")
            expect(form).to_contain_text("Defender, ")
            assert form.locator("input[type=radio]").count() == 0
            page.locator("#asking").screenshot(path=str(ARTIFACTS / "zargos-referee-dice-390-en.png"))
            # Totals each side can roll (its number of dice comes from the game's course, not from this test)
            sides = night.table.view("public")["table"]["asking"]["sides"]
            totals = [side["most"] - 1 if side["most"] > side["least"] else side["least"] for side in sides]
            form.locator("input[name='side-0']").fill(str(totals[0]))
            form.locator("input[name='side-1']").fill(str(totals[1]))
            sent(page, lambda: form.locator("button[type=submit]").click())
        rounds = [e for e in night.table.view("public")["log"] if e.get("event") == "combat_round"]
        assert rounds[-1]["dice"] == totals
    finally:
        night.close()


# The pictures kept in docs/pages: the attack and the dice on a phone, the set-up's steps on a TV; the others go
# to the artifacts only.
KEPT = {("attack", 390), ("dice", 390), ("setup-steps", 1920)}


def picture(name: str, width: int, language: str) -> Path:
    return (SHOTS if (name, width) in KEPT else ARTIFACTS) / f"zargos-{name}-{width}-{language}.png"


def test_pictures_of_the_attack_the_dice_and_the_set_up(tmp_path: Path, browser: Any) -> None:
    """The attack with its sentence, the table's dice and the set-up's steps (pace "wait for the table", the
    draft done), at a phone's, a tablet's and a TV's width, in English and French."""
    for name in ("attack", "dice", "setup"):
        (tmp_path / name).mkdir()
    attack, dice, setup = (Night(tmp_path / name, 2, 8) for name in ("attack", "dice", "setup"))
    try:
        play(attack.table, seed=1, until=at_an_attack)
        at_the_tables_dice(dice)
        play(setup.table, seed=1, until=lambda t: t.phase() == "trade")
        setup.table.handle(SetPace("orders"))  # the phones wait for the table: the draft is its one step to do
        setup.table.handle(Acknowledge(next(n for n, s in enumerate(setup.table.steps()) if s.kind == "draft")))
        seat = awaited_seat(attack.table)
        origin, target = attack_of(attack.table) or ("", "")
        for language in ("en", "fr"):
            for night in (attack, dice, setup):
                night.table.handle(SetLanguage(language))
            for width, options in WIDTHS.items():
                with seat_page(attack, seat, browser, options) as page:
                    page.select_option("#zfrom", origin)
                    page.select_option("#zto", target)
                    expect(page.locator("#zsummary")).not_to_be_empty()
                    page.screenshot(path=str(picture("attack", width, language)))
                with seat_page(dice, 0, browser, options) as page:
                    page.locator("#asking input[name='side-0']").fill("11")
                    page.screenshot(path=str(picture("dice", width, language)))
                with page_on(browser, options) as page:
                    page.goto(f"{setup.url}/")
                    expect(page.locator(".step.current")).to_be_visible()
                    page.screenshot(path=str(picture("setup-steps", width, language)), full_page=width == 390)
    finally:
        for night in (attack, dice, setup):
            night.close()
