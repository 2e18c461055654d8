"""What the shared test suites ask of the Laboratory (companion.core.game.GameTesting)."""

from __future__ import annotations

from random import Random
from typing import Any

from ..common.rules.gems import COLOURS
from .module import RULES
from .rules import PROVISIONAL, LabSetup
from .rules.moves import Make

WEIGHTS = {"move": 6, "add": 1, "draw": 1}


def typed_card(match: Any, seat: int, rng: Random) -> Make:
    """A card typed as one gem the laboratory holds, as its player numbers the slots (L9.3), with 1 to 4
    Glyphs of random colours, one time in five (a real player lays far fewer cards than he is asked about)."""
    gems = [(slot, colour) for slot, held in enumerate(match.state.lab) for colour in held]
    if not gems or rng.random() > 1 / 5:
        return Make(seat, None)
    slot, colour = rng.choice(gems)
    facing = match.pack.facing
    mine = slot if match.setup.team(seat) == 0 else facing.index(slot)
    return Make(seat, None, "make", ((mine, colour),), tuple(rng.choices(COLOURS, k=rng.randint(1, 4))))


class LaboratoryTesting:
    def short_setup(self, seed: int) -> tuple[Any, LabSetup]:
        """2, 4 or 6 players, either team play (the Laboratory has no shorter game than its own)."""
        rng = Random(seed)
        n = rng.choice((2, 4, 6))
        options = {"team_play": rng.choice(("cooperative", "collective")),
                   "cards": "typed" if rng.random() < 1 / 3 else "catalogue"}
        return PROVISIONAL, RULES.default_setup([(s, "", None) for s in range(1, n + 1)], options, seed)

    def random_move(self, match: Any, choice: Any, rng: Random) -> Any:
        """A legal move, its kind picked first (an object made whenever one can be; moving more often than
        adding or drawing), so that random games set off reactions and end as often by a colour gone (L10.1)
        as by a laboratory filled up."""
        moves = choice.enumerate()
        made = [m for m in moves if m.type == "make" and m.card is not None]
        if made:
            return rng.choice(made)
        if choice.decision == "make" and match is not None and match.setup.cards == "typed":
            return typed_card(match, choice.seat, rng)
        kinds = sorted({m.type for m in moves})
        kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
        return rng.choice([m for m in moves if m.type == kind])

    def forbidden(self, view: dict[str, Any], reader: str, match: Any) -> list[str]:
        """Another seat's hand, unless the reader is the referee or, in Collective play, that seat's teammate
        (L11.1). The view stands in for the game when `match` is None."""
        if reader == "referee":
            return []
        me = int(reader.removeprefix("seat:")) if reader.startswith("seat:") else None
        teams = {p["seat"]: p["team"] for p in view["players"]}
        collective = view.get("team_play") == "collective"
        return [f"seat {p['seat']}'s hand" for p in view["players"] if "hand" in p and p["seat"] != me
                and not (collective and me is not None and teams.get(me) == p["team"])]
TESTING = LaboratoryTesting()
