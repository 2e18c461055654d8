"""A game set up from what lies face up on the physical table: what the referee types in, checked in
plain words, and the questions the game then asks the table ("which tile is on top now?").

The rules keep the layout and its answers (companion/games/xidit/rules/hidden.py); the table keeps how many are
answered and which colossi were told by their print, beside the game's setup in the store."""

from __future__ import annotations

from typing import Any

from companion.games.xidit.rules import BadRecord, Game, Setup
from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.deal import COLOSSUS_STACKS, tiles_in_play
from companion.games.xidit.rules.face_up import from_sight
from companion.games.xidit.rules.hidden import with_answered
from companion.games.xidit.rules.setup import Hidden
from companion.games.xidit.rules.state import Question
from companion.i18n import N_, Joined, Text
from companion.table.commands import Refused

from . import printed

KEY = "face_up"  # the table state's key for what the table has answered


def _tiles(given: Any, what: str, k: int) -> list[int]:
    """A typed list of the tiles on the board: k tile numbers."""
    if not isinstance(given, list) or any(isinstance(t, bool) or not isinstance(t, int) for t in given):
        raise Refused(N_("{what}: type tile numbers."), params={"what": Text(what)})
    if len(given) != k:
        raise Refused(N_("{what}: type {k} tiles, not {n}."), params={"what": Text(what), "k": k, "n": len(given)})
    return given


def setup_from_table(board: Board, setup: Setup, typed: dict[str, Any]) -> Setup:
    """The setup of a game of which only the board's tiles, the two Next tiles and maybe some colossi are
    typed in; a mistake is told in the table's words and changes nothing."""
    in_play = tiles_in_play(board, setup)
    k = 4 if len(setup.players) == 3 else 5
    recruit, threat = (_tiles(typed.get(key), what, k) for key, what in
                       (("recruit", N_("Recruitment tiles on the board")), ("threat", N_("Threat tiles on the board"))))
    nexts = []
    for key, what in (("next_recruit", N_("Next recruitment tile")), ("next_threat", N_("Next threat tile"))):
        tile = typed.get(key)
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise Refused(N_("{what}: type its number."), params={"what": Text(what)})
        nexts.append(tile)
    seen: set[int] = set()
    for tile in [*recruit, *threat, *nexts]:
        if tile not in in_play:
            raise Refused(N_("There is no tile {tile} in this game (tiles {low} to {high}, without the ones the "
                             "game leaves in the box)."),
                          params={"tile": tile, "low": min(in_play), "high": max(in_play)})
        if tile in seen:
            raise Refused(N_("Tile {tile} is typed twice."), params={"tile": tile})
        seen.add(tile)
    colossi = typed.get("colossi") or [None, None, None]
    if not isinstance(colossi, list) or len(colossi) != len(COLOSSUS_STACKS):
        raise Refused(N_("Choose the colossus on top of each stack, or leave it to be asked when it awakens."))
    for needs, top in zip(COLOSSUS_STACKS, colossi, strict=True):
        if top is not None and (isinstance(top, bool) or not isinstance(top, int) or not 0 <= top < len(board.colossi)
                                or board.colossi[top].needs != needs):
            raise Refused(N_("That colossus is not one of the stack of {needs}."), params={"needs": needs})
    try:
        return from_sight(board, setup, (tuple(recruit), tuple(threat)), (nexts[0], nexts[1]), tuple(colossi))
    except BadRecord as error:
        raise Refused(str(error)) from None


def to_json(hidden: Hidden) -> dict[str, Any]:
    return {"answered": hidden.answered, "colossi_seen": sorted(hidden.colossi_seen)}


def from_json(data: Any) -> Hidden | None:
    if not isinstance(data, dict):
        return None
    return Hidden(int(data.get("answered", 0)), frozenset(int(c) for c in data.get("colossi_seen", ())))


def number(setup: Setup) -> int:
    """The number of the question asked now (the answers the layout holds): an answer names it, so that of
    two answers tapped at once the second is refused instead of being taken for the next draw."""
    hidden = setup.layout.hidden
    return hidden.answered if hidden is not None else 0


def answer_words(board: Board, question: Question, choice: int) -> Text | Joined:
    """An answer as the table said it: "tile 12", or the colossus by its print."""
    return outcome_words(board, question.kind, choice)


def outcome_words(board: Board, kind: str, choice: int) -> Text | Joined:
    """An answer as the table said it: "tile 12", or the colossus by its print."""
    return Text(N_("tile {tile}"), {"tile": choice}) if kind == "tile" else printed.colossus(board, choice)


def question_json(board: Board, question: Question, language: str, asked: int) -> dict[str, Any]:
    """The question in the table's words, with one answer per tile or colossus that can be there, and its
    number (`asked`), which the answer sends back."""
    if question.kind == "tile":
        title = (N_("Turn the top tile of the recruitment pile over onto Next recruitment: which tile is it?")
                 if question.slot == "recruit" else
                 N_("Turn the top tile of the threat pile over onto Next threat: which tile is it?"))
        answers = [{"value": t, "label": str(t)} for t in question.candidates]
    else:
        title = N_("The colossi awaken: which colossus is on top of the stack of {needs}?")
        answers = [{"value": c, "label": printed.colossus(board, c).render(language)} for c in question.candidates]
    return {"question": asked, "kind": question.kind, "slot": question.slot,
            "text": Text(title, {"needs": question.slot}).render(language), "answers": answers}


def forget_later_answers(game: Game) -> None:
    """A face-up game rebuilt at an earlier action (a rollback): the answers given after it stay in its layout
    (the pieces are put back where they were) but count as unanswered, so they are asked again: the game may
    go otherwise. Replaying with the layout as it is asks nothing before those actions, so the replay tells
    how many questions they met."""
    setup = game.setup
    hidden, sight = setup.layout.hidden, game.state.sight
    if hidden is not None and sight is not None:
        game.state.setup = with_answered(setup, min(hidden.answered, sight.asked))
