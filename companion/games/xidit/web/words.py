"""What the pages say in words: the final scoring told round by round (values,
ranking, tie-breaks, eliminations, the winner), from a state view only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.i18n import N_, NP_, Text
from companion.players import name_or_colour

Translate = Callable[..., str]

ORDINALS = {1: N_("first scoring"), 2: N_("second scoring"), 3: N_("third scoring")}


def who(player: dict[str, Any] | None, t: Translate) -> str:
    if player is None:
        return t(N_("the neutral player"))
    return name_or_colour(player, t)


def units(player: dict[str, Any]) -> int | None:
    found = player.get("units")
    return sum(found.values()) if isinstance(found, dict) else None


def seat_words(distance: int) -> Text:
    """Where a player sits from the first-player marker (R-11): its holder, or so many seats after them."""
    if distance == 0:
        return Text(N_("holds the marker"))
    return Text(NP_("{n} seat after its holder", "{n} seats after its holder"), {"n": distance})


def tie_sentence(tie: dict[str, Any], high: dict[str, Any], low: dict[str, Any], value: int, t: Translate,
                 knows_units: bool) -> str:
    """Words the engine's reason (R-11) for ranking `high` above `low`, who have the same value, so that
    the sentence explains the ranking shown. Only the referee's view says which criterion decided. Another
    reader is told what the seats show: when `high` sits nearer the marker, the seats would have ranked it
    lower, so it had more units (anyone can tell that from the ranking); otherwise either rule may have."""
    a, b = who(high, t), who(low, t)
    da, db = tie["after_marker"]
    ua, ub = units(high), units(low)
    seats = {"pa": seat_words(da), "pb": seat_words(db)}
    if knows_units and "by" in tie and ua is not None and ub is not None:
        if tie["by"] == "units":
            return t(N_("{a} and {b} both have {value}: {a} ranks higher with more units behind the screen "
                     "({ua} against {ub})."), a=a, b=b, value=value, ua=ua, ub=ub)
        return t(N_("{a} and {b} both have {value} and as many units ({u}): {a} ranks higher, sitting farther "
                    "from the first-player marker ({a}: {pa}; {b}: {pb})."), a=a, b=b, value=value, u=ua, **seats)
    if da < db:
        return t(N_("{a} and {b} both have {value}. {a} ranks higher because {a} has more units behind the "
                    "screen: units break a tie first, the seats only between as many units ({b} sits farther "
                    "from the first-player marker)."), a=a, b=b, value=value)
    return t(N_("{a} and {b} both have {value}. {a} ranks higher: either {a} has more units behind the screen, "
                "or as many and sits farther from the first-player marker ({a}: {pa}; {b}: {pb})."),
             a=a, b=b, value=value, **seats)


def scoring_story(view: dict[str, Any], t: Translate, knows_units: bool = False) -> dict[str, Any]:
    """The scorings as rows and sentences for the scoring page."""
    players = {p["seat"]: p for p in view.get("players", [])}
    scoring = view.get("scoring") or {"rounds": [], "winner": None, "order": []}
    rounds: list[dict[str, Any]] = []
    out_before: list[int] = []
    for number, rnd in enumerate(scoring["rounds"], start=1):
        values = {int(s): v for s, v in rnd["values"].items()}
        rows: list[dict[str, Any]] = []
        for place, seat in enumerate(rnd["ranking"], start=1):
            rows.append({"rank": place, "player": players[seat], "value": values.get(seat, 0),
                         "eliminated": seat in rnd["eliminated"], "out": False})
        neutral = rnd.get("neutral")
        if neutral is not None and not any(r.get("neutral_out") for r in rounds):
            rows.insert(neutral["position"], {"rank": neutral["position"] + 1, "player": None,
                                              "value": neutral["value"], "eliminated": neutral["eliminated"],
                                              "out": False})
            for k, row in enumerate(rows, start=1):
                row["rank"] = k
        for seat in out_before:
            rows.append({"rank": None, "player": players[seat], "value": values.get(seat, 0),
                         "eliminated": False, "out": True})
        ties = [tie_sentence(tie, players[tie["high"]], players[tie["low"]], values[tie["high"]], t, knows_units)
                for tie in rnd["ties"]]
        ranking = rnd["ranking"]
        if neutral is not None and rows and any(r["player"] is None for r in rows):
            for seat in ranking:
                if values.get(seat) == neutral["value"]:
                    ties.append(t(N_("The neutral player ties with {a} at {value} and ranks below (R-12)."),
                                  a=who(players[seat], t), value=neutral["value"]))
        dropped = [who(players[s], t) for s in rnd["eliminated"]]
        if neutral is not None and neutral["eliminated"]:
            dropped.append(t(N_("the neutral player")))
        rounds.append({"number": number, "name": t(ORDINALS.get(number, "{n}"), n=number),
                       "category": rnd["category"], "rows": rows, "ties": ties,
                       "eliminated": ", ".join(dropped), "dropped": len(dropped),
                       "neutral_out": bool(neutral and neutral["eliminated"])})
        out_before += rnd["eliminated"]
    if view.get("phase") != "over":
        verdict = t(N_("The final scoring comes after the last year's census."))
    elif scoring.get("winner") is not None:
        verdict = t(N_("{player} wins the game!"), player=who(players[scoring["winner"]], t))
    elif scoring.get("neutral_won"):
        verdict = t(N_("The neutral player outlasted everyone: no player wins."))
    else:
        verdict = t(N_("No player is left: nobody wins."))
    return {"rounds": rounds, "verdict": verdict, "over": view.get("phase") == "over",
            "winner": scoring.get("winner"), "neutral_won": bool(scoring.get("neutral_won"))}
