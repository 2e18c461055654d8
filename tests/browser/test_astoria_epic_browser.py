"""Astoria's Epic version in chromium (issue 39): games of 2, 4 and 6 players (the last with the Grand
Alchimiste variant) played to their end with two seats on phones and the others virtual mages; on a phone
the mage reads his Objective (his alone) and plays in taps (open a group, tap a move; an accusation on his
own phone); the table view shows every track, the Flux, the mages, and at the end every Objective with
what each did for or against the King. An Invasion card typed by the table in taps; a Cobalt look seen on
its caster's phone alone. Pictures at 390, 1280 and 1920 px, in English and French
(tests/browser/artifacts/epic-*.png)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest

from companion.core.game import REFEREE
from companion.games.astoria.epic import GAME
from companion.games.astoria.epic.packs import shipped_text
from companion.store import Store
from companion.table import Decide, NewGame, SetLanguage, Table, Tell
from companion.table.commands import Refused
from tests.engine import engine
from web.auth import seat_token

from .conftest import SHOTS, Served, expect, page_on, serving, settled

PATIENCE = 60_000  # ms a page may take to show a change, as in the other games' browser tests: a busy machine
# only slows it

CARDS = Path(__file__).parents[1] / "games" / "astoria_epic" / "invented-cards.toml"  # INVENTED, for tests
TV: dict[str, Any] = {"viewport": {"width": 1920, "height": 1080}}
TABLET: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PHONES = (1, 2)


def start(tmp_path: Path, players: int, variant: str = "none", pack: str | None = None,
          chance: str = "pi", seed: int = 3) -> Table:
    table = Table.open(Store(tmp_path / "epic.db"), pack if pack is not None else CARDS.read_text(encoding="utf-8"),
                       game=GAME.key)
    seats = [(seat, colour, None) for seat, colour in zip(range(1, players + 1), GAME.rules.colours, strict=False)]
    setup = GAME.rules.setup_to_json(GAME.rules.default_setup(seats, {"variant": variant}, seed))
    devices = {str(s): {"device": "phone"} if s in PHONES else {"device": "virtual", "level": "random"}
               for s in range(1, players + 1)}
    table.handle(NewGame(setup, game=GAME.key, chance=chance, seats=devices))
    return table


def link(served: Served, seat: int) -> str:
    return f"{served.url}/seat/{seat}?t={seat_token(served.app.config['SECRET_KEY'], served.table.game_id, seat)}"


def open_page(page: Any, url: str) -> None:
    """A page opened and its stream following: the stream's first view swaps the live part once, so a tap
    waits for it."""
    page.set_default_timeout(PATIENCE)
    page.goto(url)
    expect(page.locator("#link-state")).to_have_attribute("data-state", "live", timeout=PATIENCE)


def in_language(page: Any, table: Table, language: str) -> None:
    """A page told of the table's new language reloads itself in it (app.js): waited for, never raced by a
    goto of the test's own, which the page's reload would abort."""
    expect(page.locator("html")).to_have_attribute("lang", language, timeout=PATIENCE)
    expect(page.locator("#link-state")).to_have_attribute("data-state", "live", timeout=PATIENCE)
    settled(page, table)


taps_seen: list[str] = []  # the first move tapped is pictured, its group open


def phone_turn(page: Any, table: Table, seat: int) -> int:
    """The phone's mage plays one move in taps: a group opened, a move tapped (an accusation last); the
    taps it took."""
    settled(page, table)
    groups = page.locator(".egroup")
    kinds = groups.evaluate_all("gs => gs.map(g => g.dataset.kind)")
    rng = random.Random(table.version)
    preferred = [k for k in ("power", "draw", "destroy", "create", "tribute", "guard", "straighten", "defend",
                             "rescue", "parry", "role", "end") if k in kinds]
    kind = preferred[0] if preferred else rng.choice([k for k in kinds if k != "new-artefact"])
    group = page.locator(f".egroup[data-kind='{kind}']")
    taps = 0
    if group.evaluate("g => g.tagName") == "DETAILS" and group.get_attribute("open") is None:
        group.locator("summary").click()
        taps += 1
    if not taps_seen:
        shoot(page, "phone-choices-390-en")
        taps_seen.append(kind)
    before = table.version
    group.locator("button.emove").first.click()
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
    return taps + 1


def agents_play(table: Table) -> None:
    """The virtual mages and the Pi's draws until a phone's mage is awaited or the game is over: each
    virtual mage shown only its own seat's view and choice (as companion.agents.bots does)."""
    agents = {}
    while (match := engine(table)).result() is None:
        choices = [c for c in match.awaited() if c.seat not in PHONES]
        if not choices or any(c.seat in PHONES for c in match.awaited()):
            return
        choice = choices[0]
        agent = agents.setdefault(choice.seat, GAME.agents.make("random", None, choice.seat))
        move = agent.decide(table.view(f"seat:{choice.seat}"), choice)
        with suppress(Refused):  # a new Artefact typed at random the rules refuse: another try
            table.handle(Decide(choice.seat, GAME.rules.move_to_json(move)))


def phone_moves(table: Table, rng: random.Random) -> None:
    """A phone's mage's move as its page sends it (one of the moves listed on it), accusing never."""
    match = engine(table)
    choice = next(c for c in match.awaited() if c.seat in PHONES)
    moves = [m for m in choice.enumerate() if m.type != "accuse"] or list(choice.enumerate())
    table.handle(Decide(choice.seat, GAME.rules.move_to_json(rng.choice(moves))))


def a_card(rng: random.Random) -> dict[str, Any]:
    """An Invasion card as a table types it (INVENTED values)."""
    chief = rng.choice((0, 0, 0, 15))
    return {"flux": [rng.randint(0, 4) for _ in range(6)], "hammer": rng.random() < 0.3,
            "dragon": rng.choice((0, 0, 1)), "chief": chief, "chief_glyph": "blue" if chief else "none"}


def play_to_end(table: Table, rng: random.Random) -> None:
    """The phones' mages' moves as their pages send them, the virtual mages', the table's cards typed by the
    referee (a table that types them): until the game is over."""
    while (match := engine(table)).result() is None:
        if match.chance() is not None:
            table.handle(Tell(a_card(rng), by=REFEREE))
        elif any(c.seat in PHONES for c in match.awaited()):
            phone_moves(table, rng)
        agents_play(table)


def shoot(page: Any, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"epic-{name}.png"), full_page=True)


def accuse_on_phone(page: Any, table: Table, seat: int, target: int, faction: str) -> None:
    """The accuser's own phone: the Accuse group opened, the accused and faction tapped."""
    settled(page, table)
    page.locator("details.egroup[data-kind='accuse'] summary").click()
    before = table.version
    move = f'{{"type":"accuse","seat":{seat},"target":{target},"faction":"{faction}"}}'
    page.locator(f"button.emove[data-move='{move}']").click()
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")


@pytest.fixture
def four(tmp_path: Path) -> Iterator[Served]:
    with serving(start(tmp_path, 4, seed=5), set(PHONES)) as served:
        yield served


WORDS = {"save": "Save the King", "dragon": "Victory of the Dragon", "barbarians": "Victory of the Barbarians",
         "populace": "Victory of the Populace"}


def test_four_mages_two_on_phones_to_the_end_with_an_accusation_judged_right(four: Served, browser: Any) -> None:
    table, rng = four.table, random.Random(4)
    objectives = {p["seat"]: p["objective"] for p in table.view(REFEREE)["players"]}
    with page_on(browser) as phone, page_on(browser) as other, page_on(browser, TV) as tv, \
            page_on(browser, TABLET) as tablet:  # noqa: SIM117
        open_page(phone, link(four, 1))
        open_page(other, link(four, 2))
        open_page(tv, f"{four.url}/")
        open_page(tablet, f"{four.url}/")
        settled(phone, table)
        settled(other, table)
        expect(phone.locator("#eobjective")).to_have_text(WORDS[objectives[1]])
        expect(other.locator("#eobjective")).to_have_text(WORDS[objectives[2]])
        taps: list[int] = []
        agents_play(table)
        while len(taps) < 4 and engine(table).result() is None:  # the phones' first moves in taps
            seat = next(c.seat for c in engine(table).awaited() if c.seat in PHONES)
            taps.append(phone_turn(phone if seat == 1 else other, table, seat))
            agents_play(table)
        assert max(taps) <= 2, taps
        for page in (phone, tv, tablet):
            settled(page, table)
        shoot(phone, "phone-390-en")
        shoot(tv, "table-1920-en")
        shoot(tablet, "table-1280-en")
        expect(tv.locator(".epic-board [data-track='health']")).to_have_text("the King's Health")
        table.handle(SetLanguage("fr"))
        for page in (phone, tv, tablet):
            in_language(page, table, "fr")
        shoot(phone, "phone-390-fr")
        shoot(tv, "table-1920-fr")
        shoot(tablet, "table-1280-fr")
        table.handle(SetLanguage("en"))
        for page in (phone, other, tv, tablet):
            in_language(page, table, "en")
        # An accusation judged right, on the accuser's own phone (E11): a seat whose Objective kills the King.
        traitor = next(s for s, o in objectives.items() if s != 1 and o != "save")
        accused = False
        while engine(table).result() is None:
            match = engine(table)
            if not accused and any(c.seat == 1 and c.decision == "turn" for c in match.awaited()) and \
                    any(m.type == "accuse" and m.target == traitor for m in match.legal(1, "turn")):
                accuse_on_phone(phone, table, 1, traitor, objectives[traitor])
                accused = True
                assert table.view("public")["players"][traitor - 1]["revealed"]
            elif any(c.seat in PHONES for c in match.awaited()):
                phone_moves(table, rng)
            agents_play(table)
        play_to_end(table, rng)
        open_page(tv, tv.url)
        settled(tv, table)
        reveal = tv.locator("section.ereveal")
        expect(reveal).to_be_visible()
        for seat, objective in objectives.items():
            expect(reveal.locator(f"tr[data-seat='{seat}']")).to_contain_text(WORDS[objective])
        shoot(tv, "end-1920-en")


def test_two_mages_on_phones_a_card_typed_by_the_table_and_no_accusation(tmp_path: Path, browser: Any) -> None:
    """The shipped pack (no Invasion cards known): the table types each card; the first in taps on a phone."""
    table, rng = start(tmp_path, 2, pack=shipped_text(), chance="table", seed=2), random.Random(2)
    with serving(table, set(PHONES)) as served, page_on(browser) as phone, page_on(browser) as other:
        open_page(phone, link(served, 1))
        settled(phone, table)
        form = phone.locator("form.tell-form")
        expect(form).to_be_visible()
        typed = {"Fire": 3, "Cobalt": 1, "Sulphur": 2, "Nature": 1, "Shadow": 2, "Solar": 1}
        for label, value in typed.items():
            for _ in range(value + 1):  # from blank: the least (0), then one more a tap
                form.get_by_role("group", name=label).get_by_role("button", name="One more").click()
        for label in ("Dragon (0: none)", "Barbarian Chief's Force (0: no Chief)"):
            form.get_by_role("group", name=label).get_by_role("button", name="One more").click()
        form.locator("input[value='none']").check()
        phone.screenshot(path=str(SHOTS / "epic-typed-card-390-en.png"), full_page=True)
        before = table.version
        form.get_by_role("button", name="Tell the table this card").click()
        phone.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
        assert table.view("public")["invasion"]["flux"] == list(typed.values())
        # Nobody may accuse at two (E13.3): the phone offers no accusation.
        open_page(other, link(served, 2))
        while not any(c.seat == 2 and c.decision == "turn" for c in engine(table).awaited()):
            phone_moves(table, rng)
        settled(other, table)
        expect(other.locator(".egroup[data-kind='power']")).to_be_visible()
        expect(other.locator(".egroup[data-kind='accuse']")).to_have_count(0)
        play_to_end(table, rng)
        assert engine(table).result() is not None


def test_six_mages_grand_alchimiste_roles_a_wrong_accusation_and_a_cobalt_look_seen_by_its_caster_alone(
        tmp_path: Path, browser: Any) -> None:
    table, rng = start(tmp_path, 6, variant="grand_alchimiste", seed=6), random.Random(6)
    objectives = {p["seat"]: p["objective"] for p in table.view(REFEREE)["players"]}
    with serving(table, set(PHONES)) as served, page_on(browser) as phone, page_on(browser) as caster, \
            page_on(browser, TV) as tv:
        open_page(phone, link(served, 1))
        open_page(caster, link(served, 2))
        open_page(tv, f"{served.url}/")
        while engine(table).state.phase == "roles":  # each chooses his role in turn (E14.1), phones in taps
            seat = next((c.seat for c in engine(table).awaited() if c.seat in PHONES), None)
            if seat is None:
                agents_play(table)
                continue
            page = phone if seat == 1 else caster
            settled(page, table)
            expect(page.locator("#eobjective")).to_have_count(0)  # read after the roles are chosen
            before = table.version
            page.locator(".egroup[data-kind='role'] button.emove").first.click()
            page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
        agents_play(table)
        looked = accused = False
        while engine(table).result() is None and not (looked and accused):
            match = engine(table)
            turn = next((c.seat for c in match.awaited() if c.seat in PHONES and c.decision == "turn"), None)
            kinds = {m.type if m.type != "spend" else m.effect for m in match.legal(turn, "turn")} if turn else set()
            if turn == 2 and not looked and "cobalt_look" in kinds:
                settled(caster, table)
                if caster.locator("details.egroup[data-kind='spend']").count():
                    caster.locator("details.egroup[data-kind='spend'] summary").click()
                before = table.version
                caster.locator("button.emove[data-move*='cobalt_look']").first.click()
                caster.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) > {before}")
                expect(caster.locator("#eseen li")).not_to_have_count(0)
                seen = caster.locator("#eseen").inner_text()
                caster.screenshot(path=str(SHOTS / "epic-cobalt-look-390-en.png"), full_page=True)
                for page in (phone, tv):
                    settled(page, table)
                    expect(page.locator("#eseen")).to_have_count(0)
                    assert "Invasion card" not in page.locator("#live").inner_text() or seen not in \
                        page.locator("#live").inner_text()
                looked = True
            elif turn == 2 and not looked and "use" in kinds and engine(table).state.pool.get("blue", 0) == 0 and \
                    any(m.card == "talent" for m in match.legal(2, "turn") if m.type == "use"):
                table.handle(Decide(2, {"type": "use", "seat": 2, "card": "talent"}))  # Cobalt Glyphs (E6.9)
            elif turn == 1 and not accused and "accuse" in kinds:
                target = next(s for s in objectives if s != 1)
                wrong = next(f for f in ("dragon", "barbarians", "populace") if f != objectives[target])
                accuse_on_phone(phone, table, 1, target, wrong)
                assert not table.view("public")["players"][target - 1]["revealed"]
                assert table.view("public")["players"][0]["exiled"]
                accused = True
            elif match.chance() is None and any(c.seat in PHONES for c in match.awaited()):
                phone_moves(table, rng)
            agents_play(table)
        assert looked and accused
        play_to_end(table, rng)
        open_page(tv, tv.url)
        settled(tv, table)
        expect(tv.locator("section.ereveal tr[data-seat]")).to_have_count(6)
        tv.screenshot(path=str(SHOTS / "epic-end-six-1920-en.png"), full_page=True)
