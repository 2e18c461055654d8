"""The combat a roll of the table's dice is for, in words: where it is fought, who attacks from where and
who defends, and whose dice each side's total is, so that the table rolls the right dice for the right
combat (6.2: the attacker's dice then the defender's; 9.2: the demons' dice alone)."""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, Joined, Text

from ..rules import Game
from .words import people, province


def attacked_from(game: Game, attacker: str, target: str) -> list[str]:
    """The provinces the attacker's tokens in this combat came from: its attacks on `target` this turn (the
    log's last run of that people's attacks)."""
    found: list[str] = []
    for entry in reversed(game.state.log):
        if entry.get("event") == "attack":
            if entry.get("people") != attacker:
                break
            if entry.get("to") == target and entry.get("from") not in found:
                found.append(str(entry["from"]))
        elif entry.get("event") == "count":
            break
    return found[::-1]


def combat_words(game: Game, kind: Any) -> tuple[Text, tuple[Text, ...]] | None:
    """The combat under way as one sentence, and the words for each side's total; None for other dice."""
    combat = game.state.combat
    if kind not in ("battle", "demons") or combat is None:
        return None
    board = game.board
    origins = attacked_from(game, combat.attacker, combat.province)
    params: dict[str, Any] = {
        "attacker": people(combat.attacker), "province": province(board, combat.province),
        "from": Joined(tuple(province(board, p) for p in origins), "; ")}
    attack = Text(N_("{attacker} (from {from})"), params) if origins else people(combat.attacker)
    dice_of = N_("{side}: the total of their dice")
    if kind == "demons" or combat.defender is None:
        sentence = Text(N_("Combat in {province}: {attack} against the demons."), {**params, "attack": attack})
        return sentence, (Text(dice_of, {"side": Text(N_("The demons"))}),)
    defender = people(combat.defender)
    sentence = Text(N_("Combat in {province}: {attack} against {defender}."),
                    {**params, "attack": attack, "defender": defender})
    return sentence, (Text(dice_of, {"side": Text(N_("Attacker, {people}"), {"people": people(combat.attacker)})}),
                      Text(dice_of, {"side": Text(N_("Defender, {people}"), {"people": defender})}))
