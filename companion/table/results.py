"""How a finished game ended, in words, from the contract's `Result` alone (any game): who won, a seat or a
team, or nobody, and why in the game's words. The log's "game N over" line, the pages' final ranking, the
boxes' result line and the table part of every view (`table.result`) all say it from here, so a game whose
winners are a hidden faction, or nobody, is told the same everywhere without a page or box part of its own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.core.game import Result, Team
from companion.i18n import N_, NP_, translate

WINS = NP_("{who} wins", "{who} win")
TEAM_WINS = NP_("{team} wins: {who}", "{team} win: {who}")
NOBODY = N_("Nobody wins")
AND = N_("{first} and {last}")

SeatWords = Callable[[int], str]  # a seat as the reader reads it: "seat 2 (Bob)", "Bob"


def listed(language: str, items: Sequence[str]) -> str:
    """"a, b and c" in the language."""
    if len(items) < 2:
        return "".join(items)
    return translate(language, AND, {"first": ", ".join(items[:-1]), "last": items[-1]})


def team_name(language: str, team: Team) -> str:
    return translate(language, team.name, dict(team.params))


def winning_teams(result: Result) -> list[Team]:
    """The teams whose seats all won (none when the result names no team, or its winners are no team's)."""
    won = set(result.winners)
    found = [team for team in result.teams if team.seats and set(team.seats) <= won]
    covered = {seat for team in found for seat in team.seats}
    return found if covered == won else []


def winners_words(result: Result, language: str, seat: SeatWords) -> str:
    """Who won: "seat 2 (Bob) wins", "The King's faction wins: Ann and Cy", "Nobody wins"."""
    if not result.winners:
        return translate(language, NOBODY)
    who = listed(language, [seat(s) for s in result.winners])
    teams = winning_teams(result)
    if teams:
        names = listed(language, [team_name(language, t) for t in teams])
        return translate(language, TEAM_WINS, {"team": names, "who": who, "n": len(teams)})
    return translate(language, WINS, {"who": who, "n": len(result.winners)})


def reason_words(result: Result, language: str) -> str | None:
    """Why the game ended, in the game's words, or None when it does not say."""
    return translate(language, result.reason, dict(result.reason_params)) if result.reason else None


def log_line(result: Result, seat: SeatWords) -> str:
    """The main job's "game N over: …" line, in English: who won, then why when the game says."""
    reason = reason_words(result, "en")
    said = winners_words(result, "en", seat) if result.winners else "nobody wins"
    return said + (f" — {reason}" if reason else "")


def result_json(result: Result, language: str, seat: SeatWords) -> dict[str, Any]:
    """The end as every reader may read it (a finished game's result is no secret): the view's `table.result`."""
    won = set(result.winners)
    return {"winners": list(result.winners), "said": winners_words(result, language, seat),
            "reason": reason_words(result, language),
            "teams": [{"name": team_name(language, t), "seats": list(t.seats),
                       "won": bool(t.seats) and set(t.seats) <= won} for t in result.teams]}
