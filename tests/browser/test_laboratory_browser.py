"""Astoria's Laboratory in the browser (issue 40): games started from the referee's wizard (the wizard's own
form, the game's rules making the set-up) and played to their end, phone seats keying in every decision of
theirs on their seat pages in taps (action, gem, destination; each reaction's choice), the other seats
virtual (the table's bots). The 2-player game opens with a scripted chain of three reactions (violet, then
yellow, then yellow again, A-09) and a card laid that takes a colour's dominance from the other team (L8.4);
the table's steps tell both in the rulebook's words. Pages are shot at 390, 1280 and 1920 px, in English and
French.

Nothing here sleeps: the test waits on what happens (a page showing a version, the answer to a tap, the
table's watch callback)."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.agents.bots import Bots
from companion.core import registry
from companion.games.astoria.laboratory.rules.legal import seen_by
from companion.games.astoria.laboratory.web.words import move_path
from companion.i18n import translate
from companion.run import levels
from companion.store import Store
from companion.table import SetLanguage, Table
from tests.engine import engine
from web.auth import seat_token
from web.public_writes import PublicWrites

from .conftest import PIN, SHOTS, Served, expect, page_on, serving

KEY = "astoria-laboratory"
GAME = registry.load(KEY)
STALL = 60.0  # seconds the table may stay still while a bot decides, before the test says where it stopped
TABLET = {"viewport": {"width": 1280, "height": 900}}
TV = {"viewport": {"width": 1920, "height": 1080}}
# Milliseconds a page may take to show a change or answer a tap: far above what it takes (tens of ms), so that a
# machine starved by other work slows the test down and never fails it.
PATIENCE = 60_000
CHAIN = [("violet", 0), ("yellow", 0), ("yellow", 1), ("yellow", 2), ("violet", 5)]  # as tests/games/astoria_laboratory


def en(message: Any, **params: Any) -> str:
    return translate("en", message, params or None)


@dataclass
class Night:
    served: Served
    phones: dict[int, Any] = field(default_factory=dict)  # seat -> its page
    bots: Bots | None = None
    changed: threading.Event = field(default_factory=threading.Event)
    taps: list[int] = field(default_factory=list)  # taps per turn's action keyed on a page
    reaction_taps: list[int] = field(default_factory=list)

    @property
    def table(self) -> Table:
        return self.served.table


@pytest.fixture
def lab_served(tmp_path: Path) -> Iterator[Callable[[set[int]], Served]]:
    stack: list[Any] = []

    def serve(phones: set[int]) -> Served:
        table = Table.open(Store(tmp_path / f"lab{len(stack)}.db"), "", game=KEY, levels=levels(GAME))
        context = serving(table, phones)
        stack.append(context)
        return context.__enter__()

    yield serve
    for context in reversed(stack):
        context.__exit__(None, None, None)


def patient(*pages: Any) -> None:
    for page in pages:
        page.set_default_timeout(PATIENCE)


def start_from_wizard(referee: Any, url: str, devices: list[str]) -> None:
    """The referee signs in and starts a game of the Laboratory from the wizard: a row per player, each
    played on a phone or by a virtual player."""
    referee.goto(f"{url}/referee")
    referee.fill("#pin", PIN)
    referee.get_by_role("button", name="Sign in").click()
    expect(referee.locator("#wizard")).to_be_attached(timeout=PATIENCE)
    if referee.locator("#new-game").get_attribute("open") is None:
        referee.locator("#h-new").click()
    expect(referee.locator("#w-game")).to_have_value(KEY, timeout=PATIENCE)
    referee.select_option("#w-count", str(len(devices)))
    for i, device in enumerate(devices):
        referee.select_option(f"select[name='device-{i}']", device)
        referee.fill(f"input[name='name-{i}']", f"P{i + 1}")
    referee.get_by_role("button", name="Start the game").click()
    expect(referee.locator("#under-way")).to_contain_text("P1", timeout=PATIENCE)


def showing(page: Any, version: int) -> None:
    page.wait_for_function(f"() => Number(document.getElementById('live').dataset.version) >= {version}")


def key_in(night: Night, seat: int, move: dict[str, Any]) -> int:
    """The move keyed on the seat's page, a tap per label of its path (action, gem, destination); the last
    tap sends it. Returns the taps."""
    page, snapshot = night.phones[seat], night.table.seat_snapshot(seat)
    showing(page, snapshot.view["version"])
    expect(page.locator("#ldecide")).to_be_attached(timeout=PATIENCE)
    path = move_path(en, move, snapshot.view)
    for n, label in enumerate(path):
        button = page.locator("#lbuttons button.ltap", has_text=label).and_(page.get_by_role("button", name=label,
                                                                                               exact=True))
        if n == len(path) - 1:
            with page.expect_response(lambda r: r.url.endswith("/api/command") and r.request.method == "POST") as got:
                button.click()
            assert got.value.ok and got.value.json().get("ok", True), got.value.text()
        else:
            button.click()
    return len(path)


def wait_for_change(night: Night, seen: int) -> None:
    """Until the table holds more than `seen` moves, or the game is over (the watch wakes the test)."""
    while engine(night.table).version <= seen and engine(night.table).result() is None:
        night.changed.clear()
        if engine(night.table).version > seen:
            return
        assert night.changed.wait(STALL), f"the table stood still at move {seen}: {awaited(night)}"


def awaited(night: Night) -> tuple[int, str] | None:
    match = engine(night.table)
    choices = match.awaited()
    return (choices[0].seat, choices[0].decision) if choices else None


def decide(night: Night, move: Any) -> None:
    """The awaited phone seat keys in `move` (the game's move), then the test waits for the table to take it."""
    seen = engine(night.table).version
    taps = key_in(night, move.seat, GAME.rules.move_to_json(move))
    (night.taps if move.type in ("add", "draw", "move") else night.reaction_taps).append(taps)
    wait_for_change(night, seen)


def legal(night: Night) -> list[Any]:
    return engine(night.table).awaited()[0].enumerate()


def pick(night: Night, wanted: Callable[[Any], bool]) -> Any:
    found = [m for m in legal(night) if wanted(m)]
    assert found, (wanted, legal(night))
    return found[0]


def decline_objects(night: Night) -> None:
    while (now := awaited(night)) is not None and now[1] == "make":
        decide(night, pick(night, lambda m: m.type == "make" and m.card is None))


def until_a_phone_is_awaited(night: Night) -> tuple[int, str] | None:
    """Waits while virtual players decide; the seat and decision of a phone awaited, or None at the end."""
    while engine(night.table).result() is None:
        now = awaited(night)
        if now is not None and now[0] in night.phones:
            return now
        wait_for_change(night, engine(night.table).version)
    return None


def phone_policy(night: Night, rng: random.Random) -> Any:
    """A phone player's move: an object whenever one can be made, else adding more often than moving or
    drawing (a random player that fills the laboratory, so that a game ends in a test's time)."""
    moves = legal(night)
    made = [m for m in moves if m.type == "make" and m.card is not None]
    if made:
        return rng.choice(made)
    kinds = sorted({m.type for m in moves})
    weights = {"add": 4, "move": 2, "draw": 1}
    kind = rng.choices(kinds, weights=[weights.get(k, 1) for k in kinds])[0]
    return rng.choice([m for m in moves if m.type == kind])


def to_the_end(night: Night, seed: int) -> None:
    rng = random.Random(seed)
    while until_a_phone_is_awaited(night) is not None:
        decide(night, phone_policy(night, rng))


def steps_said(night: Night) -> list[str]:
    return [line.text("en", None) for step in night.table.steps() for line in step.lines]


def the_chain_of_three(night: Night) -> None:
    """The laboratory arranged by Adds (whoever's turn, objects declined), then a violet reaction whose move
    sets off a yellow one, whose replacement sets off another yellow (A-09, A-12)."""
    for colour, slot in CHAIN:
        decline_objects(night)
        decide(night, pick(night, lambda m, c=colour, s=slot: m.type == "add" and (m.colour, m.slot) == (c, s)))
    decline_objects(night)
    seat = awaited(night)[0]  # type: ignore[index]
    decide(night, pick(night, lambda m: m.type == "move" and (m.colour, m.source, m.to) == ("violet", 5, 0)))
    decide(night, pick(night, lambda m: m.type == "shift" and (m.colour, m.source, m.to) == ("yellow", 1, 2)))
    decide(night, pick(night, lambda m: m.type == "take" and (m.slot, m.colour, m.into) == (0, "violet", "yellow")))
    assert [r["colour"] for r in engine(night.table).view()["reactions"]] == ["violet", "yellow", "yellow"]
    decide(night, pick(night, lambda m: m.type == "take" and (m.slot, m.colour) == (2, "yellow")))
    decide(night, pick(night, lambda m: m.type == "shift" and (m.colour, m.source, m.to) == ("yellow", 0, 1)))
    decide(night, pick(night, lambda m: m.type == "shift" and (m.colour, m.source, m.to) == ("yellow", 1, 2)))
    assert awaited(night) is None or awaited(night)[0] != seat or awaited(night)[1] == "make"  # type: ignore[index]


def dominance_taken(night: Night) -> None:
    """A card laid by a seat whose glyphs' colour the other team's Character dominates (a tie at zero, L8.2):
    the seat draws until it holds one, the gems of its pattern are added on its turns (the other seat draws
    or adds elsewhere), and it lays the card: dominance changes at once (L8.4)."""
    match = engine(night.table)
    pack, setup = match.pack, match.setup

    def takes_over(seat: int, card: int) -> bool:
        colour = pack.artefacts[card].glyphs[0]
        return match.holder(colour) != setup.team(seat) and match.dominant(colour) != setup.team(seat)

    wanted: tuple[int, int] | None = None
    for _ in range(40):
        decline_objects(night)
        match = engine(night.table)
        seat = awaited(night)[0]  # type: ignore[index]
        wanted = next(((seat, c) for c in match.state.hands[seat] if takes_over(seat, c)), None)
        if wanted:
            break
        shown = [i for i, c in enumerate(match.state.discoveries) if c and takes_over(seat, c)]
        draws = [m for m in legal(night) if m.type == "draw" and (m.discovery in shown or not shown)]
        decide(night, draws[0])
    assert wanted is not None, "no card to take a colour's dominance was found"
    seat, card = wanted
    needed = list(seen_by(pack, setup, seat, card).elements())
    spots = {s for s, _ in needed}
    while not engine(night.table).view()["players"][seat - 1]["laid"]:
        now = awaited(night)
        assert now is not None, "the game ended before the card was laid"
        if now[1] == "make":
            mine = [m for m in legal(night) if now[0] == seat and m.card == card]
            decide(night, (mine or [m for m in legal(night) if m.card is None])[0])
            continue
        lab = engine(night.table).view()["laboratory"]
        missing = [(s, c) for s, c in needed if lab[s].count(c) < needed.count((s, c))]
        if now[0] == seat and missing:
            decide(night, pick(night, lambda m, gem=missing[0]: m.type == "add" and (m.slot, m.colour) == gem))
        else:  # keeps out of the way: a Discovery, or a gem added where the pattern needs none
            draws = [m for m in legal(night) if m.type == "draw"]
            adds = [m for m in legal(night) if m.type == "add" and m.slot not in spots]
            decide(night, (draws or adds)[0])
    said = steps_said(night)
    assert any("Character face down: it no longer dominates." in line for line in said), said[-8:]


def done_until(page: Any, title: str) -> None:
    """The table taps Done on each step until the current one's title holds `title`."""
    for _ in range(40):
        current = page.locator(".step.current .step-title")
        expect(current).to_be_visible(timeout=PATIENCE)
        if title in current.inner_text():
            return
        shown = current.inner_text()
        with page.expect_response(lambda r: r.url.endswith("/api/command") and r.request.method == "POST") as got:
            page.locator(".step.current button.done").click()
        assert got.value.ok
        expect(current).not_to_have_text(shown, timeout=PATIENCE)
    raise AssertionError(f"no step titled {title!r}")


def now(page: Any) -> None:
    """The table page's board as the game stands now, not as of the step the table is still doing."""
    button = page.locator("[data-board='now']")
    if button.count() and button.get_attribute("aria-pressed") != "true":
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true", timeout=PATIENCE)


def shoot(page: Any, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / name), full_page=True)


def watched(night: Night) -> Callable[[], None]:
    return night.table.watch(lambda version: night.changed.set())


def test_a_two_player_game_on_phones_through_a_chain_of_three_and_a_change_of_dominance(
        lab_served: Callable[[set[int]], Served], browser: Any) -> None:
    night = Night(lab_served({1, 2}))
    unwatch = watched(night)
    try:
        with page_on(browser) as referee, page_on(browser, TABLET) as tablet, page_on(browser, TV) as tv:
            patient(referee, tablet, tv)
            start_from_wizard(referee, night.served.url, ["phone", "phone"])
            assert engine(night.table).setup.players == 2
            with page_on(browser) as one, page_on(browser) as two:
                patient(one, two)
                night.phones = {1: one, 2: two}
                for seat, page in night.phones.items():
                    page.goto(f"{night.served.url}/seat/{seat}?t="
                              f"{seat_token(night.served.app.config['SECRET_KEY'], night.table.game_id, seat)}")
                the_chain_of_three(night)
                said = steps_said(night)
                chain = said.index("Violet reaction in slot 1: the violet gem just arrived is the reagent.")
                assert said[chain + 1:chain + 4] == [
                    "Violet reaction: move the yellow gem from slot 2 to slot 3.",
                    "Yellow reaction in slot 3: the yellow gem just arrived is the reagent.",
                    "Yellow reaction: return the violet gem of slot 1 to the Reserve and put a yellow gem from the "
                    "Reserve in its place."]
                assert said[chain + 4] == "Yellow reaction in slot 1: the yellow gem just arrived is the reagent."
                # The table taps Done at a machine's pace, faster than a person's taps are let through.
                night.served.app.config["PUBLIC_WRITES"] = PublicWrites(per_address=(10**6, 10**6),
                                                                        in_all=(10**6, 10**6))
                tablet.goto(f"{night.served.url}/")
                done_until(tablet, "does Alchemy")  # the table's Done, step after step, to the chain's
                expect(tablet.locator(".step.current")).to_contain_text(
                    "Violet reaction in slot 1: the violet gem just arrived is the reagent.", timeout=PATIENCE)
                for page, size in ((tablet, 1280), (tv, 1920)):
                    page.goto(f"{night.served.url}/")
                    now(page)
                    expect(page.locator("svg.laboratory-map")).to_be_visible(timeout=PATIENCE)
                    expect(page.locator(".lreserve")).to_contain_text("Closest to running out", timeout=PATIENCE)
                    shoot(page, f"laboratory-table-{size}-en.png")
                seat = awaited(night)[0] if awaited(night) else 1  # type: ignore[index]
                showing(night.phones[seat], night.table.seat_snapshot(seat).view["version"])
                shoot(night.phones[seat], "laboratory-seat-390-en.png")
                dominance_taken(night)
                # Every open page reloads itself in the table's new language (app.js): waited for, never raced
                # by a goto or a reload of the test's own, which the page's reload would abort.
                night.table.handle(SetLanguage("fr"))
                for page, size in ((tablet, 1280), (tv, 1920)):
                    in_language(page, "fr")
                    now(page)
                    shoot(page, f"laboratory-table-{size}-fr.png")
                for page in night.phones.values():
                    in_language(page, "fr")
                shoot(night.phones[1], "laboratory-seat-390-fr.png")
                night.table.handle(SetLanguage("en"))
                for page in (tablet, tv, *night.phones.values()):
                    in_language(page, "en")
                to_the_end(night, 2)
                assert engine(night.table).result() is not None
                tv.goto(f"{night.served.url}/")
                expect(tv.locator("#live")).to_contain_text("Team", timeout=PATIENCE)
                shoot(tv, "laboratory-table-1920-end-en.png")
    finally:
        unwatch()
    assert night.taps and max(night.taps) <= 3 and max(night.reaction_taps) <= 2


def in_language(page: Any, language: str) -> None:
    """Until the page has reloaded itself in the table's language and its stream follows again."""
    expect(page.locator("html")).to_have_attribute("lang", language, timeout=PATIENCE)
    expect(page.locator("#link-state")).to_have_attribute("data-state", "live", timeout=PATIENCE)


def test_a_four_player_game_with_two_phones_and_two_virtual_players_to_the_end(
        lab_served: Callable[[set[int]], Served], browser: Any) -> None:
    night = Night(lab_served({1, 3}))
    unwatch = watched(night)
    try:
        with page_on(browser) as referee:
            patient(referee)
            start_from_wizard(referee, night.served.url, ["phone", "virtual", "phone", "virtual"])
            devices = night.table.seat_devices()
            virtual = {seat: d.get("level", "random") for seat, d in devices.items() if d["device"] == "virtual"}
            assert set(virtual) == {2, 4}
            night.bots = Bots(night.table, virtual, delay=0, seed=4, game=KEY)
            night.bots.start()
            with page_on(browser) as one, page_on(browser) as three:
                patient(one, three)
                night.phones = {1: one, 3: three}
                for seat, page in night.phones.items():
                    page.goto(f"{night.served.url}/seat/{seat}?t="
                              f"{seat_token(night.served.app.config['SECRET_KEY'], night.table.game_id, seat)}")
                to_the_end(night, 4)
            assert engine(night.table).result() is not None
            referee.reload()
            expect(referee.locator("body")).to_contain_text("Team", timeout=PATIENCE)
            shoot(referee, "laboratory-referee-390-en.png")
    finally:
        unwatch()
        if night.bots is not None:
            night.bots.stop()
    assert night.taps and max(night.taps) <= 3
