"""The game's actions in words, for the referee choosing where to roll back to: "Year 3 — Bob's program",
never a count of actions or an internal name."""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules import Phase, action_to_json
from companion.games.xidit.rules.actions import Action, Census
from companion.games.xidit.rules.state import State
from companion.games.xidit.rules.terms import UNITS
from companion.i18n import N_, Text, translate, word
from companion.players import name_or_colour

from .printed import CHOOSES_HOW_MANY, UNIT_COUNTS

WHAT = {
    "place": N_("{player} places the Idrakys on city {city}"),
    "program": N_("{player}'s program"),
    "reward": N_("{player}'s reward: {take}"),
    "colossus": N_("{player} fights a colossus"),
    "neutral": N_("{player} raises the neutral player's {track}"),
    "census": N_("{player} reveals {units} at the census"),
    "census_bards": N_("{player} places bards at the census"),
    "floor": N_("{player} builds a guild floor in city {city}"),
}
NO_FIGHT = N_("{player} does not fight the colossus")
# A census choice stays behind its player's screen until every seat has chosen (§7): a blind referee reads
# that it was made, never the count.
IN_YEAR = N_("Year {year} — {what}")


def action_words(language: str, state: State, action: Action, year: int, *, blind: bool = False) -> str:
    """One action as the table saw it; `state` is the game's state now (it names the players, and says
    which census choices are still secret: a `blind` reader is not told those)."""
    data: dict[str, Any] = action_to_json(action)
    player = name_or_colour(state.players[action.seat], lambda colour: word(language, colour))
    message = NO_FIGHT if data["type"] == "colossus" and not data.get("fight") else WHAT[data["type"]]
    if blind and still_secret(state, action, year):
        message = CHOOSES_HOW_MANY[data["unit"]]
    counted = Text(UNIT_COUNTS[data["unit"]], {"n": data["reveal"]}) if data["type"] == "census" else None
    params = {"player": player, "city": data.get("city"), "track": data.get("track"), "units": counted,
              "take": " + ".join(word(language, t) for t in data.get("take", ()))}
    what = translate(language, message, {k: v for k, v in params.items() if v is not None})
    return translate(language, IN_YEAR, {"year": year, "what": what})


def still_secret(state: State, action: Action, year: int) -> bool:
    """Whether this action, taken in `year`, is a census choice not yet revealed in `state` (the census of
    its unit, that year, still waits for a seat)."""
    return (isinstance(action, Census) and state.phase == Phase.CENSUS and year == state.year
            and UNITS[state.census_unit] == action.unit and action.seat in state.census_reveals)
