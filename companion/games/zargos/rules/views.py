"""`zargos-state/1`: what one reader may know of a game (docs/formats.md). Readers: "referee" (everything),
"public" (the table's screen), "seat:N" (one player: also his own magic hand and his secret placement cards).
A magic hand's cards (`players[].hand`) appear only in its owner's and the referee's view; others see how
many (`players[].cards`, 12.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.game import REFEREE, Reader

from .board import ZARGOS
from .terms import CARDS

if TYPE_CHECKING:
    from .game import Game

FORMAT = "zargos-state/1"
SECRET_KINDS = ("reinforcement", "boat")  # 2.9


def view(game: Game, reader: str = REFEREE) -> dict[str, Any]:
    state, board = game.state, game.board
    who = Reader.parse(reader, range(state.players))
    seat, referee = who.seat, who.referee

    peoples: dict[str, Any] = {}
    for key, people in state.peoples.items():
        open_cards = [c for c in people.cards if c.partition(":")[0] not in SECRET_KINDS]
        entry: dict[str, Any] = {
            "seat": people.seat, "strength": sum(n for q, n in state.land.values() if q == key),
            "boats": people.boats, "points": people.points, "kingdom_cards": sorted(people.kingdom_cards),
            "out": people.out, "cards": open_cards if not who.sees(people.seat) else list(people.cards),
            "secret_cards": len(people.cards) - len(open_cards)}
        if who.sees(people.seat):
            entry["extra"] = people.extra
        peoples[key] = entry
    players = []
    for owner, hand in sorted(state.hands.items()):
        shown: dict[str, Any] = {"seat": owner, "peoples": [k for k, p in state.peoples.items() if p.seat == owner],
                                 "cards": len(hand)}
        if who.sees(owner):
            shown["hand"] = sorted(hand)
        players.append(shown)
    node = game.chance()
    chance: dict[str, Any] | None = None if node is None else {
        "kind": node.kind, "told_by": node.told_by, "prompt": node.prompt, "params": dict(node.params)}
    if node is not None and node.kind != "dice" and (referee or node.told_by == seat or node.kind != "draw"):
        chance = {**(chance or {}), "outcomes": [list(o) if isinstance(o, tuple) else o for o in node.outcomes]}
    combat = state.combat
    out: dict[str, Any] = {
        "format": FORMAT, "reader": reader, "version": game.version, "round": state.round, "phase": state.phase,
        "board": {"name": board.name, "status": board.status, "sha256": board.sha256},
        "players": players, "peoples_each": state.peoples_each, "seat_order": list(state.seat_order),
        "peoples": peoples,
        "provinces": {p: {"people": q, "strength": n} for p, (q, n) in sorted(state.land.items())},
        "demons": sorted(p for p in board.kingdoms[ZARGOS].provinces if p not in state.land),
        "order": list(state.order), "ranks": dict(sorted(state.ranks.items())),
        "active": state.order[state.turn] if state.phase in
        ("attack", "fight", "reorganise") and state.turn < len(state.order) else None,
        "attacks": dict(sorted(state.attacks.items())),
        "combat": None if combat is None else {
            "province": combat.province, "attacker": combat.attacker, "strength": combat.strength,
            "defender": combat.defender, "defence": combat.defence, "capital": combat.capital,
            "rounds": combat.rounds},
        "allowed": list(state.allow), "values": dict(state.values),
        "master": state.master,
        # The kinds of magic card (1.5, public: the rules list them), e.g. what a trade may ask for (Z-21)
        "deck": {"count": sum(state.deck.values()) + len(state.under), "kinds": sorted(CARDS)},
        "awaiting": [{"seat": c.seat, "decision": c.decision} for c in game.awaited()],
        "chance": chance,
        "winner": None if state.winner is None else {"people": state.winner,
                                                     "seat": state.peoples[state.winner].seat},
        # Z-21: the magic trades proposed and not yet stated by the other player, shown to the two players
        # 2.10 (issue 36): the placement trades proposed in the set-up's trading time, between peoples
        "offers": [dict(o) for o in state.offers if referee or seat in _parties(state, o)],
        "log_start": state.log_start,
        "log": [_entry(e, referee, seat, state) for e in state.log[state.log_start:]],
    }
    if referee:
        out["deck"]["unseen"] = dict(sorted((c, n) for c, n in state.deck.items() if n))
        out["deck"]["under"] = list(state.under)
    return out


def _parties(state: Any, offer: dict[str, Any]) -> set[Any]:
    """The seats of a trade's two parties: seats already (a magic trade), or the seats of two peoples."""
    return {state.peoples[p].seat if isinstance(p, str) else p for p in (offer["a"], offer["b"])}


def _entry(entry: dict[str, Any], referee: bool, seat: int | None, state: Any) -> dict[str, Any]:
    if not entry.get("secret") or referee:
        return dict(entry)
    if entry.get("event") in ("trade", "magic_trade"):
        parties = {state.peoples[entry["a"]].seat, state.peoples[entry["b"]].seat} if entry["event"] == "trade" \
            else {entry["a"], entry["b"]}
        if seat in parties:
            return dict(entry)
        return {k: v for k, v in entry.items() if k not in ("a_gives", "b_gives")}
    if entry.get("seat") == seat:
        return dict(entry)
    return {k: v for k, v in entry.items() if k != "card"}
