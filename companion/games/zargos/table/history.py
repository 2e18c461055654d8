"""A move of a Zargos game in words, for the referee's list of recent moves (the one to go back to), and who
stated it when it is a stated effect. A blind referee is not told what is behind a player's screen."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, Joined, Text

from ..rules import Board, Game, Told, action_to_json
from .words import Names, card, names_of, people, province, reason, spread, stater, tokens
from .words import player as player_of

SECRET_MOVES = ("swords", "keep", "trade", "magic_trade")  # what they hold is behind a screen (2.9, 12.2)


def move_text(board: Board, move: Any, *, blind: bool, names: Names | None = None) -> Text:
    def player(seat: int) -> Any:
        return player_of(seat, names)

    if isinstance(move, Told):
        outcome = move.outcome
        if move.kind == "draw":
            return Text(N_("A card is drawn."))
        if move.kind == "value":
            return Text(N_("The printed value is {value}."), {"value": outcome})
        return Text(N_("The dice show {totals}."), {"totals": Joined(tuple(outcome), " – ")})
    e = action_to_json(move)
    who: Any = stater(e["seat"], names)
    kind = e["type"]
    if blind and kind in SECRET_MOVES:
        return Text(N_("{who}: a choice behind the screen."), {"who": who})
    match kind:
        case "choose_people":
            return Text(N_("{who} chooses {people}."), {"who": who, "people": people(e["people"])})
        case "draft":
            return Text(N_("{who}: {people} takes from {pile}."),
                        {"who": who, "people": people(e["people"]),
                         "pile": Text(N_("the green pile") if e["pile"] == "green" else N_("the blue pile"))})
        case "trade":
            return Text(N_("{who}: {a} and {b} trade cards."), {"who": who, "a": people(e["a"]), "b": people(e["b"])})
        case "trades_done":
            return Text(N_("{who}: trading is over."), {"who": who})
        case "time_up":
            return Text(N_("Time is up: trading is over."))
        case "swords":
            return Text(N_("{who}: the swords of {people} ({n})."), {"who": who, "people": people(e["people"]),
                                                                    "n": sum(e["swords"])})
        case "place" | "reinforce":
            return Text(N_("{who}: {people} puts {spread}."), {"who": who, "people": people(e["people"]),
                                                              "spread": spread(board, e["spread"])})
        case "pass":
            return Text(N_("{who} passes."), {"who": who})
        case "play_card":
            return Text(N_("{who} plays {card}."), {"who": who, "card": card(e["card"])})
        case "attack":
            return Text(N_("{who}: {people} attacks {to} from {from} with {tokens}."),
                        {"who": who, "people": people(e["people"]), "to": province(board, e["to"]),
                         "from": province(board, e["from"]), "tokens": tokens(e["strength"])})
        case "end_attacks":
            return Text(N_("{who}: {people} ends its attacks."), {"who": who, "people": people(e["people"])})
        case "fight":
            return Text(N_("{who}: the combat in {province}."),
                        {"who": who, "province": province(board, e["province"])})
        case "reorganise":
            return Text(N_("{who}: {people} reorganises ({n} moves)."),
                        {"who": who, "people": people(e["people"]), "n": len(e["steps"])})
        case "keep":
            return Text(N_("{who} keeps {cards}."), {"who": who, "cards": Joined(tuple(card(c) for c in e["cards"]))})
        case "magic_trade":
            return Text(N_("{who}: {a} and {b} trade magic cards."), {"who": who, "a": player(e["a"]),
                                                                     "b": player(e["b"])})
        case "out_of_game":
            return Text(N_("{who}: {card} of {player} leaves the game."),
                        {"who": who, "card": card(e["card"]), "player": player(e["holder"])})
        case "discard":
            return Text(N_("{who}: {player} puts a magic card under the deck."),
                        {"who": who, "player": player(e["holder"])})
        case "adjust":
            return Text(N_("{who} stated the effect of {reason}."), {"who": who, "reason": reason(e["reason"])})
    return Text(kind)


def action_words(language: str, game: Game, index: int, round: int, *, blind: bool) -> str:
    return Text(N_("Round {round}: {move}"), {"round": round, "move": move_text(
        game.board, game.history[index], blind=blind, names=names_of(game))}).render(language)


