"""Zargos in the browser (issue 29): a 2-player and a 6-player game played to a victory, two seats on
phones deciding through their seat pages (people, draft, swords, placement and attacks built in taps on the
seat's map, a magic card played, windows passed), the other seats virtual (the table's bots); one round of
the table's own dice told from a seat page in one tap a side; a referee-stated effect replayed from the
exported record."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.agents.bots import Bots
from companion.core import registry
from companion.games.zargos.boards import default_pack, default_pack_text
from companion.games.zargos.rules import action_to_json, replay_json
from companion.games.zargos.rules.terms import PEOPLES
from companion.store import Store
from companion.table import Decide, NewGame, SetChance, SetLanguage, State, Table, Tell
from tests.games.zargos.table.support import play, read_printed
from web import create_app
from web.auth import seat_token
from web.phone import PhoneBoxes
from web.serve import WebServer

from .conftest import ARTIFACTS, PIN, SHOTS, expect, page_on, settled
from .conftest import PHONE as PHONE_SIZE

BOARD = default_pack()
KIT = registry.load("zargos").agents
PHONES = (0, 1)
PAGE_DECISIONS = 200  # at most, decisions the phones make; then the table's bots finish the game for them
ON_PAGE = 2  # of each kind of decision, the first ones go through the page; the rest as the box sends them
LIVE = "Number(document.getElementById('live').dataset.version)"


class Night:
    """A served Zargos table, its bots, and what the test counted."""

    def __init__(self, folder: Path, players: int, seed: int) -> None:
        self.table = Table.open(Store(folder / "zargos.db"), default_pack_text(), game="zargos")
        self.table.start()
        self.table.handle(NewGame({"players": players, "seed": seed}, game="zargos"))
        self.app = create_app({"REFEREE_PIN": PIN}, self.table, PhoneBoxes(self.table, set(PHONES)))
        self.server = WebServer(self.app, "127.0.0.1", 0)
        self.server.start()
        self.url = f"http://127.0.0.1:{self.server.port}"
        self.bots = Bots(self.table, {s: "normal" for s in range(players) if s not in PHONES}, delay=0, seed=seed,
                         game="zargos")
        self.agents = {s: KIT.make("normal", BOARD, seed + s) for s in PHONES}
        self.attack_taps: list[int] = []
        self.played = 0
        self.told = 0
        self.kinds: dict[str, int] = {}
        self.by_page = 0  # decisions keyed in on a seat page

    def close(self) -> None:
        self.bots.stop()
        self.app.config["STREAMS"].close_all()
        self.server.stop()
        self.table.stop()


@pytest.fixture
def nights(tmp_path: Path) -> Iterator[Any]:
    made: list[Night] = []

    def night(players: int, seed: int) -> Night:
        folder = tmp_path / str(players)
        folder.mkdir()
        made.append(Night(folder, players, seed))
        return made[-1]

    yield night
    for n in made:
        n.close()


def tap(page: Any, selector: str) -> None:
    # The map's discs are small on a phone: the tap goes to the province's group itself, not to a
    # neighbour's label drawn over its centre.
    page.locator(selector).first.dispatch_event("click")


def build(page: Any, steps: list[tuple[str, list[str], str, int]], add: bool = True) -> int:
    """Map moves in taps: from, the sea spaces of the route, to, the strength, then Add (Confirm adds the
    last one by itself). Returns the taps, the strength typed counting as one."""
    taps = 0
    for origin, route, target, strength in steps:
        tap(page, f'.seatmap [data-province="{origin}"]')
        for sea in route:
            tap(page, f'.seatmap [data-sea="{sea}"]')
        tap(page, f'.seatmap [data-province="{target}"]')
        page.fill("#zstrength", str(strength))
        taps += 3 + len(route)
        if add:
            page.click("#zadd")
            taps += 1
    return taps


def spread(page: Any, where: dict[str, int]) -> None:
    for province, strength in where.items():
        tap(page, f'.seatmap [data-province="{province}"]')
        page.fill("#zstrength", str(strength))
        page.click("#zadd")


def answered(page: Any, before: int) -> bool:
    """Until the table took the page's move (the page shows a newer version) or refused it (in words)."""
    page.wait_for_function(f"() => {LIVE} > {before} || (document.getElementById('znote') || {{}}).textContent")
    return bool(page.evaluate(f"() => {LIVE} > {before}"))


def played(page: Any, card: str) -> bool:
    """Plays `card` from the page's hand: until the page offers it once fewer (the table took it: the other
    seats' moves, which also bring newer versions, never do that) or says why not."""
    button = f'[data-zplay="{card}"]'
    held = page.locator(button).count()
    page.locator(button).first.click()
    page.wait_for_function(f"""() => document.querySelectorAll('{button}').length < {held}
                                     || (document.getElementById('znote') || {{}}).textContent""")
    return bool(page.locator(button).count() < held)


def on_page(night: Night, page: Any, seat: int) -> None:
    """The seat's awaited decision, decided by its agent, keyed in on its page as a player would."""
    table = night.table
    choice = table.seat_snapshot(seat).choice
    action = action_to_json(night.agents[seat].decide(table.view(f"seat:{seat}"), choice))
    settled(page, table)
    kind = action["type"]
    cards = getattr(choice, "cards", ())
    if isinstance(cards, tuple) and cards and not night.played and choice.decision != "keep":
        card = cards[0]  # 12.4-12.7: a magic card played from the seat page, on the first target offered
        if played(page, card):
            night.played += 1
            night.by_page += 1
            assert any(e.get("event") == "played" and e.get("card") == card for e in table.view("public")["log"])
            return
    before = table.version
    night.kinds[kind] = night.kinds.get(kind, 0) + 1
    if night.kinds[kind] > ON_PAGE and not (kind == "attack" and len(night.attack_taps) < 3):
        table.handle(Decide(seat, action))  # what the player's box sends (the page was tried on this kind)
        return
    match kind:
        case "choose_people":
            page.get_by_role("button", name=PEOPLES[action["people"]]).click()
        case "draft":
            page.get_by_role("button", name="One green card" if action["pile"] == "green" else "Two blue cards").click()
        case "trade" | "trades_done":
            page.get_by_role("button", name="I have finished trading").click()
        case "swords":
            for i, n in enumerate(action["swords"]):
                page.fill(f'.zswords input[name="s{i}"]', str(n))
            page.locator(".zswords button[type=submit]").click()
        case "place":
            spread(page, action["spread"])
            page.click("#zconfirm")
        case "reinforce":
            page.fill("#zboats", str(action["boats"]))
            spread(page, action["spread"])
            page.click("#zconfirm")
        case "pass":
            page.get_by_role("button", name="Pass").click()
        case "play_card":
            page.locator(f'[data-zplay="{action["card"]}"]').first.click()
        case "attack":
            taps = build(page, [(action["from"], action["route"], action["to"], action["strength"])], add=False)
            page.click("#zconfirm")
            night.attack_taps.append(taps + 1)
        case "end_attacks":
            page.get_by_role("button", name="End the attacks").click()
        case "fight":
            page.locator(f'.zdecide [data-zaction*=\'"province": "{action["province"]}"\']').first.click()
        case "reorganise":
            if not action["steps"]:
                page.get_by_role("button", name="No reorganisation").click()
            else:
                build(page, [(s["from"], s["route"], s["to"], s["strength"]) for s in action["steps"]])
                page.click("#zconfirm")
        case "keep":
            for card in action["cards"]:
                page.locator(f'.zkeep input[value="{card}"]:not(:checked)').first.check()
            page.get_by_role("button", name="Keep these").click()
        case _:
            raise AssertionError(f"no page control for {kind}")
    assert answered(page, before), page.locator("#znote").text_content()
    night.by_page += 1


def tell_chance(night: Night, page: Any) -> bool:
    """The table's dice typed on a seat page, one tap a side; a card drawn, told by the referee. False when
    nothing is asked."""
    asking = night.table.view("public")["table"]["asking"]
    if asking is None:
        return False
    if asking["kind"] != "dice":
        seat = asking["told_by"]
        outcome = night.table.view(f"seat:{seat}")["chance"]["outcomes"][0] if seat is not None else \
            asking["answers"][0]["value"]
        night.table.handle(Tell(outcome, by="referee", question=asking["question"]))
        return True
    settled(page, night.table)
    before = night.table.version
    for which, side in enumerate(asking["sides"]):
        page.locator(f'#asking [data-zside="{which}"][data-total="{side["most"]}"]').click()
    page.wait_for_function(f"() => {LIVE} > {before}")
    night.told += 1
    return True


def play_night(night: Night, pages: dict[int, Any]) -> None:
    table = night.table
    night.bots.start()
    decisions = 0
    typed = stated = False
    policy = "pi"  # kept here: the table's view says the policy only from its next change on
    deadline = time.monotonic() + 40
    while table.result() is None and decisions < PAGE_DECISIONS and not (night.told and night.played and stated):
        view = table.view("public")
        assert time.monotonic() < deadline, (decisions, night.told, view["round"], view["phase"], view["awaiting"],
                                             view["chance"], view["table"].get("chance"), view["table"]["asking"])
        if not typed and view["round"] >= 1 and view["phase"] == "attack":
            table.handle(SetChance("table"))  # the referee switches to the table's own dice for a while
            typed, policy = True, "table"
            continue
        if typed and policy == "table":
            if night.told == 0:
                if not tell_chance(night, pages[PHONES[0]]):
                    awaited = [a["seat"] for a in view["awaiting"] if a["seat"] in PHONES]
                    if awaited:
                        on_page(night, pages[awaited[0]], awaited[0])
                        decisions += 1
                    else:
                        time.sleep(0.01)  # a bot is deciding: look again
                continue
            table.handle(SetChance("pi"))
            policy = "pi"
            continue
        if not stated and view["round"] >= 1 and view["chance"] is None:
            stated = True
            province, held = next(iter(view["provinces"].items()))
            # Z-27: an effect the text does not give (a power, a card's effect), stated by the referee.
            table.handle(State({"type": "adjust", "seat": None, "reason": "referee", "boats": {}, "allow": [],
                                "tokens": [{"province": province, "people": held["people"], "change": 1}]},
                               by="referee"))
            continue
        if read_printed(table, 0):  # 10.2: a capital's printed value, read off the board (the Pi never draws it)
            continue
        awaited = [a["seat"] for a in view["awaiting"] if a["seat"] in PHONES]
        if awaited and view["version"] == table.version:
            on_page(night, pages[awaited[0]], awaited[0])
            decisions += 1
        else:
            time.sleep(0.01)  # a bot is deciding: look again
    night.bots.play({s: "normal" for s in range(len(table.players()))})  # the phones' players leave the table
    while table.result() is None:
        assert time.monotonic() < deadline + 20, "the bots do not finish the game"
        if not read_printed(table, 0):
            time.sleep(0.05)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (6, 5)])
def test_zargos_played_to_a_victory_with_two_phones(nights: Any, browser: Any, players: int, seed: int) -> None:
    night: Night = nights(players, seed)
    with page_on(browser) as first, page_on(browser) as second:
        for seat, page in ((0, first), (1, second)):
            token = seat_token(night.app.config["SECRET_KEY"], night.table.game_id, seat)
            page.goto(f"{night.url}/seat/{seat}?t={token}")
            expect(page.locator("#live")).to_be_attached()
        play_night(night, {0: first, 1: second})
    view = night.table.view("referee")
    assert view["winner"] is not None  # 14.1
    assert night.told == 1  # one round of the table's dice typed on a seat page, one tap a side
    assert night.attack_taps, "no attack was built on a seat page"
    assert night.played == 1  # a magic card played from a seat page
    # The record the referee exports names every move, the stated effect with who stated it, and replays.
    referee = night.app.test_client()
    assert referee.post("/api/login", json={"pin": PIN}, headers={"Origin": "http://localhost"}).status_code == 200
    record = referee.get("/api/record").get_json()
    stated = [m for m in record["moves"] if m["type"] == "adjust"]
    assert stated and stated[0]["seat"] is None
    replayed = replay_json(BOARD, record)
    assert replayed.view("referee")["winner"] == view["winner"]
    print(f"taps per attack: {night.attack_taps} · cards played from a seat page: {night.played} · decisions on "
          f"the seat pages: {night.by_page} · by the box's command: {sum(night.kinds.values()) - night.by_page}")


# The pictures the README shows (docs/pages); the others go to the artifacts only.
PICTURES = {("table", 390, "en"), ("table", 1280, "fr"), ("table", 1920, "fr"), ("seat", 390, "fr"),
            ("seat", 1280, "en"), ("seat", 1920, "en")}
WIDTHS = {390: PHONE_SIZE, 1280: {"viewport": {"width": 1280, "height": 900}},
          1920: {"viewport": {"width": 1920, "height": 1080}}}


def shot(page: str, width: int, language: str) -> Path:
    return (SHOTS if (page, width, language) in PICTURES else ARTIFACTS) / f"zargos-{page}-{width}-{language}.png"


def test_zargos_pages_pictures(tmp_path: Path, browser: Any) -> None:
    """The table page and a seat page of a Zargos game in its second round, a combat under way, at a phone's,
    a tablet's and a TV's width, in English and French (docs/pages with XIDIT_UPDATE_GOLDENS=1)."""
    night = Night(tmp_path, 4, 6)
    try:
        play(night.table, seed=2, until=lambda t: t.view("public")["round"] >= 2 and t.view("public")["combat"])
        seat = night.table.view("public")["awaiting"][0]["seat"]  # a seat with a decision to make
        token = seat_token(night.app.config["SECRET_KEY"], night.table.game_id, seat)
        for language in ("en", "fr"):
            night.table.handle(SetLanguage(language))
            for width, options in WIDTHS.items():
                with page_on(browser, options) as page:
                    page.context.add_cookies([{"name": "board", "value": "now", "url": night.url}])
                    page.goto(f"{night.url}/")
                    expect(page.locator(".zorder")).to_be_visible()
                    page.screenshot(path=str(shot("table", width, language)), full_page=True)
                    page.goto(f"{night.url}/seat/{seat}?t={token}")
                    expect(page.locator("#zdecide")).to_be_visible()
                    page.screenshot(path=str(shot("seat", width, language)), full_page=True)
    finally:
        night.close()
