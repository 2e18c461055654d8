"""What the shared test suites ask of the Epic (companion.core.game.GameTesting): short seeded games, a random
legal move, and the secrecy oracle.

The Invasion cards of these games are INVENTED for the tests (the engine never presents them as the game's):
a catalogue lets the suites' random games draw, as the Pi draws from an owner's catalogue."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from .packs import shipped
from .rules import EpicPack, EpicSetup, deal
from .rules.legal import candidates
from .rules.moves import ArtefactCard, Move
from .rules.pack import InvasionCard
from .rules.terms import COLOURS, ROLES


def invented_cards(seed: int = 0) -> dict[int, InvasionCard]:
    """Twenty invented cards: six Flux values from 0 to 5, some hammers and Dragons, a few Chiefs."""
    rng = Random(f"astoria-epic-test-cards/{seed}")
    found = {}
    for number in range(1, 21):
        chief = rng.choice((0, 0, 0, 8, 15, 27))
        found[number] = InvasionCard(tuple(rng.randint(0, 5) for _ in COLOURS), rng.random() < 0.3,
                                     rng.choice((0, 0, 1, 2)), chief, rng.choice(COLOURS) if chief else None)
    return found


def invented_pack(seed: int = 0) -> EpicPack:
    return replace(shipped(), name="tests' invented Invasion cards", invasion=invented_cards(seed))


class EpicTesting:
    def short_setup(self, seed: int) -> tuple[EpicPack, EpicSetup]:
        rng = Random(seed)
        players = rng.randint(2, 6)
        variant = rng.choice(("none", "dealt", "chosen")) if players >= 5 else "none"
        roles = tuple(rng.choice(ROLES) for _ in range(players)) if variant == "dealt" else ()
        setup = deal(players, seed, roles=roles, choose_roles=variant == "chosen")
        return shipped(), replace(setup, invasion=tuple(invented_cards(seed).items()))

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any:
        tried = candidates(match, choice.seat, choice.decision)
        if choice.decision == "turn":
            tried += [Move("craft", choice.seat, colour=c, typed=typed(c, rng)) for c in COLOURS]
        rng.shuffle(tried)
        # Accusing and assaulting end games fast: tried last most of the time, so random games see every rule.
        tried.sort(key=lambda m: m.type in ("accuse", "assault") and rng.random() < 0.9)
        for move in tried:
            if match.allowed(move):
                return move
        raise AssertionError(f"no legal move for {choice.to_json()}")

    def forbidden(self, view: dict[str, Any], reader: str, match: Any) -> list[str]:
        """Another seat's Objective before it is unmasked (E11.2) or the game is over; the Invasion cards
        another seat looked at (A-56); a reveal shown to other seats."""
        me = int(reader.removeprefix("seat:")) if reader.startswith("seat:") else None
        found = []
        over = view.get("phase") == "over"
        for p in view["players"]:
            if reader != "referee" and p["seat"] != me and "objective" in p and not p["revealed"] and not over:
                found.append(f"seat {p['seat']}'s objective")
        if "seen" in view and me is None:
            found.append("the cards a seat looked at")
        if "top" in view and reader != "referee":
            found.append("the pile's top cards")
        for reveal in (view.get("table") or {}).get("reveals") or ():
            to = reveal.get("to")
            if reader != "referee" and to is not None and me not in to:
                found.append(f"the reveal {reveal.get('key')} shown to {to}")
        return found


def typed(colour: str, rng: Random) -> ArtefactCard:
    """An Artefact as a player might type it, with a place of `colour` for its first gem."""
    if rng.random() < 0.1:
        return ArtefactCard((colour, *rng.choices(COLOURS, k=3)), rng.choice(COLOURS), 6, True)
    return ArtefactCard((colour, *rng.choices(COLOURS, k=rng.randint(1, 3))), rng.choice(COLOURS), rng.randint(1, 4))


TESTING = EpicTesting()
