"""What the shared test suites ask of Zargos (companion.core.game's `GameTesting` on main): a short seeded
game, a random legal move for an awaited choice, and the secrecy oracle that says what a view shows its
reader that the reader may not know (12.2, 2.9, the drawing seat's draws).

The oracle reads a view two ways. By its shape: where the game's secrets live (a hand, a people's secret
placement cards and swords, the log's secret entries, the deck, a draw's possible cards, the seed the Pi
draws by). And, given the game (`match`), by its words anywhere in it, the table's part and its steps
included: another seat's cards by id and by name in English and French (12.2), the cards under the deck
(its order, 12.2), and every line of the table's steps in the form only its seat may read (its hand dealt,
its reinforcement and boat cards, its swords: 2.9). `forbidden_in_text` reads a page the same way."""

from __future__ import annotations

import html
import json
import re
import weakref
from functools import cache
from random import Random
from typing import Any

from companion.core.game import REFEREE, Reader
from companion.i18n import LANGUAGES, translate
from companion.table.steps import StepBuilder

from .agents import RandomAgent
from .boards import default_pack
from .rules import Board, Game, Setup, Told
from .rules.terms import CARDS
from .rules.views import SECRET_KINDS
from .table.events import events
from .table.steps import ZargosGrouping


class ZargosTesting:
    def __init__(self, board: Board | None = None) -> None:
        self.board = board or default_pack()

    def short_setup(self, seed: int) -> tuple[Board, Setup]:
        """2 to 6 players by the seed (at 2 players, three peoples each on every third 2-player game)."""
        players = 2 + seed % 5
        each = 3 if players == 2 and seed % 3 == 0 else 0  # 2.4
        return self.board, Setup(players, each)

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any:
        return RandomAgent(rng).move(match, choice)

    def forbidden(self, view: dict[str, Any], reader: str, match: Any = None) -> list[str]:
        """Every place where `view` shows `reader` a secret of another seat; empty when there is none. The
        leaks the engine is known to have (`KNOWN`) are left out: `findings` gives them too."""
        return [f for f in self.findings(view, reader, match) if not f.startswith(KNOWN)]

    def findings(self, view: dict[str, Any], reader: str, match: Any = None) -> list[str]:
        """Every place where `view` shows `reader` a secret of another seat, the known leaks too."""
        if reader == REFEREE:
            return []
        seat = _seat(reader)
        if "kinds" in view.get("deck", {}):  # the kinds of magic card there are (1.5) are everyone's to know
            view = {**view, "deck": {k: v for k, v in view["deck"].items() if k != "kinds"}}
        dumped = json.dumps(view, ensure_ascii=False)  # searched whole: a walk in Python costs more
        found = _by_shape(view, seat, dumped)
        if isinstance(match, Game):
            if "table" in view:  # the table's part: its steps' lines are whole texts, as on a page
                found += _by_words(_walk(view), seat, match)
            else:
                found += _by_words_in_json(dumped, seat, match)
        return found


def forbidden_in_text(text: str, reader: str, match: Game) -> list[str]:
    """The secrets of others that a page (HTML or SVG) shows `reader`, by their words (see the module): its
    texts between tags, and its attributes' values."""
    if reader == REFEREE:
        return []
    text = PUBLIC_LIST.sub(lambda m: "" if _every_kind(m.group(0)) else m.group(0), text)
    texts = [html.unescape(m.group(1) or m.group(2) or "").strip() for m in TEXTS.finditer(text)]
    return _by_words([t for t in texts if t], _seat(reader), match)


TEXTS = re.compile(r'>([^<]+)<|="([^"]*)"')
# A list a page marks as every kind of magic card (1.5: the deck's composition is public), such as the kinds
# a player may ask for in a trade: naming them all tells nothing of a hand. Left out only when it does list
# every kind, so the mark cannot hide a hand.
PUBLIC_LIST = re.compile(r'<(fieldset|optgroup)[^>]* data-public="kinds"[^>]*>.*?</\1>', re.S)


def _every_kind(block: str) -> bool:
    return all(f'value="kind:{card}"' in block or f'value="card:{card}"' in block for card in CARDS)


# Leaks the engine is known to have, each with a test that fails until it is mended (marked xfail):
# `forbidden` leaves them out so that the campaigns find the others; `findings` keeps them. None today: the
# one found (a player asked for a Wind of War only when he held one, Z-20) was mended by asking every player
# who holds any card.
KNOWN: tuple[str, ...] = ()


def _seat(reader: str) -> int | None:
    return Reader.parse(reader).seat


# -- by shape ---------------------------------------------------------------------------------------------

def _by_shape(view: dict[str, Any], seat: int | None, dumped: str) -> list[str]:
    found: list[str] = []
    owners = {key: people["seat"] for key, people in view.get("peoples", {}).items()}
    for player in view.get("players", []):
        if "hand" in player and player["seat"] != seat:
            found.append(f"the magic hand of seat {player['seat']}")
    for key, people in view.get("peoples", {}).items():
        if people["seat"] != seat:
            if set(SECRET_KINDS) & {str(card).partition(":")[0] for card in people.get("cards", [])}:
                found.append(f"the secret placement cards of {key}")
            if "extra" in people:
                found.append(f"the swords of {key}")
    for index, entry in enumerate(view.get("log", [])):
        if entry.get("event") in ("drew", "drafted") and entry.get("secret") and entry.get("seat") != seat \
                and "card" in entry:
            found.append(f"log {index}: a card drawn by seat {entry.get('seat')}")
        if entry.get("event") in ("trade", "magic_trade") and ("a_gives" in entry or "b_gives" in entry):
            parties = {owners.get(entry["a"]), owners.get(entry["b"])} if entry["event"] == "trade" \
                else {entry["a"], entry["b"]}
            if seat not in parties:
                found.append(f"log {index}: the cards of a trade between others")
    for offer in view.get("offers", []):  # Z-21, 2.10: a trade proposed is the two players' own
        if seat not in {owners.get(p) if isinstance(p, str) else p for p in (offer.get("a"), offer.get("b"))}:
            found.append(f"a magic trade proposed between seats {offer.get('a')} and {offer.get('b')}")
    deck = view.get("deck", {})
    if "unseen" in deck or "under" in deck:
        found.append("the content of the magic deck")
    chance = view.get("chance")
    if chance and chance.get("kind") == "draw" and chance.get("told_by") != seat and "outcomes" in chance:
        found.append("the cards that may be drawn")
    asking = (view.get("table") or {}).get("asking")
    if asking and asking.get("told_by") is not None and asking["told_by"] != seat and asking.get("answers"):
        found.append("the table's question lists the cards a seat may draw")
    if '"seed": ' in dumped:
        found.append("the seed the Pi rolls and draws by (the deck's order to come)")
    return found


def _walk(view: Any) -> list[str]:
    """Every key and every text a view holds."""
    texts: list[str] = []
    stack = [view]
    while stack:
        found = stack.pop()
        if isinstance(found, dict):
            texts.extend(found)
            stack.extend(found.values())
        elif isinstance(found, list):
            stack.extend(found)
        elif isinstance(found, str):
            texts.append(found)
    return texts


# -- by words ---------------------------------------------------------------------------------------------

def _by_words(texts: list[str], seat: int | None, match: Game) -> list[str]:
    """An id or a line is a whole text of the view (a page's text between two tags); a card's name may be
    within a text."""
    whole, within = _secrets(match, seat, True)
    found = [f"{whole[text]}: {text!r}" for text in set(texts) & whole.keys()]
    joined = "\n".join(texts)
    return found + [f"{what}: {name!r}" for name, what in within.items() if name in joined]


def _by_words_in_json(dumped: str, seat: int | None, match: Game) -> list[str]:
    """The same, in a view's JSON: an id as a whole string, a name within one (the game's view has no line)."""
    whole, within = _secrets(match, seat, False)
    found = [f"{what}: {text!r}" for text, what in whole.items() if json.dumps(text, ensure_ascii=False) in dumped]
    return found + [f"{what}: {name!r}" for name, what in within.items() if name in dumped]


def _secrets(match: Game, seat: int | None, lines: bool) -> tuple[dict[str, str], dict[str, str]]:
    """What `seat` (None: the public) may not read anywhere, and what each is: ids and lines (with `lines`),
    then names."""
    key = (match.version, len(match.history), seat, lines)
    last = _LAST.get(match)
    if last is not None and key in last:
        return last[key]
    state = match.state
    known = _known_cards(match, seat)
    whole: dict[str, str] = {}
    within: dict[str, str] = {}

    def card(key: str, what: str) -> None:
        if key in known:
            return
        whole[key] = what
        for language, name in _names(key):
            within[name] = f"{what} ({language})"

    for owner, hand in state.hands.items():
        if owner != seat:
            for held in hand:
                card(held, f"a card in the hand of seat {owner}")
    for held in state.under:
        card(held, "a card under the magic deck (its order)")
    for text, owner in _private_lines(match).items() if lines else ():
        if owner != seat:
            whole[text] = f"the table's line for seat {owner} alone"
    if last is None or any(k[:2] != key[:2] for k in last):  # kept for this point of the game only
        last = _LAST[match] = {}
    last[key] = whole, within
    return whole, within


Secrets = tuple[dict[str, str], dict[str, str]]
_LAST: weakref.WeakKeyDictionary[Game, dict[tuple[int, int, int | None, bool], Secrets]] = weakref.WeakKeyDictionary()


def _known_cards(match: Game, seat: int | None) -> set[str]:
    """The magic cards `seat` has seen: those played, stated or put out of the game before everyone, and
    its own: in its hand, drawn, traded with it, or those its draw told by itself may be."""
    log = match.state.log
    seen = _SEEN.setdefault(match, {})
    read, known = seen.get(seat, (0, set()))
    if read > len(log):  # the game went back (an undo): read its log again
        read, known = 0, set()
    for entry in log[read:]:
        event = entry.get("event")
        if event in ("played", "out_of_game"):
            known.add(str(entry["card"]))
        elif event == "adjusted" and str(entry.get("reason", "")).startswith("card:"):
            known.add(str(entry["reason"]).partition(":")[2])
        elif event == "drew" and entry.get("seat") == seat and seat is not None:
            known.add(str(entry["card"]))
        elif event == "magic_trade" and seat in (entry.get("a"), entry.get("b")):
            known.update(str(c) for c in [*entry.get("a_gives", []), *entry.get("b_gives", [])])  # type: ignore[misc]
    seen[seat] = len(log), known
    known = set(known)
    if seat is not None:
        known.update(match.state.hands.get(seat, []))
        node = match.chance()
        if node is not None and node.kind == "draw" and node.told_by == seat:  # the cards its own draw may be
            known.update(str(outcome) for outcome in node.outcomes)
    return known


_SEEN: weakref.WeakKeyDictionary[Game, dict[int | None, tuple[int, set[str]]]] = weakref.WeakKeyDictionary()


@cache
def _names(card: str) -> tuple[tuple[str, str], ...]:
    return tuple((language, translate(language, CARDS[card][0])) for language in LANGUAGES)


class _Lines:
    """The table's steps of one game, fed move by move as a table is told them, and every line ever written
    in a form for one seat alone (a line is rewritten as more cards are dealt: each form is kept)."""

    def __init__(self, match: Game) -> None:
        again = Game(match.board, match.setup)
        self.game = again
        self.builder = StepBuilder(ZargosGrouping(again))
        self.moves = 0
        self.seen = len(events(again))
        self.sealed = 0
        self.private: dict[str, int] = {}

    def catch_up(self, match: Game) -> bool:
        """False when `match` is not this game gone on (a rollback): it must be read again from the start."""
        # The same game gone on: as long, and the same last move (an undo takes the last moves off in place).
        if len(match.history) < self.moves or match.history[self.moves - 1:self.moves] != self.game.history[-1:]:
            return False
        for move in match.history[self.moves:]:
            if isinstance(move, Told):
                self.game.resolve(move.outcome)
            else:
                self.game.push(move)
            found = events(self.game)
            self.builder.feed(found[self.seen:], self.seen, self.game.version)
            self.seen = len(found)
            self.moves += 1
            for step in self.builder.steps()[self.sealed:]:  # those sealed since, and the open ones as they stand
                self._note(step.lines)
            self.sealed = self.builder.sealed
        return True

    def _note(self, lines: Any) -> None:
        for line in lines:
            if line.private is not None and line.seat is not None:
                for language in LANGUAGES:
                    self.private.setdefault(line.text(language, line.seat), line.seat)


_LINES: weakref.WeakKeyDictionary[Game, _Lines] = weakref.WeakKeyDictionary()


def _private_lines(match: Game) -> dict[str, int]:
    lines = _LINES.get(match)
    if lines is None or not lines.catch_up(match):
        lines = _Lines(match)
        lines.catch_up(match)
        _LINES[match] = lines
    return lines.private


TESTING = ZargosTesting()  # what `GAME.testing` holds
