"""docs/formats.md lets an outside program WRITE a Zargos record (issue 35). The record here is written the way
such a program would write it, from what the document says alone ("Writing a record: what comes when"):
who rolls and draws, in what order; who is asked in a red-card window and before each round of a combat, and
when those close; when a Vent de Folie's dice come and for which provinces; the order of the chance entries due
together at a count (printed values, tie rolls and their re-rolls, the magic deal); the moves the engine makes by
itself and that are not written; the bounds of a spread. Nothing below asks the engine what comes next: the
engine only replays what was written (`companion replay`, the installed command, or the replay API), and each
chance entry is checked against the node the game waited on when it came."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.core.errors import IllegalAction
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Game, replay_json
from companion.games.zargos.rules.record import moves_from_json
from companion.games.zargos.rules.setup import setup_from_json

DOC = Path(__file__).resolve().parents[3] / "docs" / "formats.md"
BOARD = default_pack()
SETUP = {"players": 2, "peoples_each": 0, "options": {}}
KINGDOMS = [k for k in BOARD.kingdoms.values() if k.id != "zargos"]  # the pack's order, as the document says
ALLOTMENT = 35  # 2.5: 2 players, two peoples each
POINTS = {"province": 1, "capital": 2}  # 10.1, outside Zargos


def record(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "zargos-record/1", "board": {"name": BOARD.name, "sha256": BOARD.sha256}, "setup": SETUP,
            "moves": moves}


@dataclass
class Writer:
    """An outside program's record, move by move. `due` notes, for each chance entry, what the document says it
    is for (the node's `params` it expects); `marks` names places in the record the tests come back to."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    due: dict[int, dict[str, Any]] = field(default_factory=dict)
    marks: dict[str, int] = field(default_factory=dict)

    def chance(self, kind: str, outcome: Any, told_by: int | None = None, **params: Any) -> None:
        self.due[len(self.moves)] = {"kind": kind, "told_by": told_by, **params}
        self.moves.append({"type": "chance", "kind": kind, "outcome": outcome})

    def dice(self, outcome: list[int], purpose: str, **params: Any) -> None:
        """A `dice` entry: `purpose` is the node's `for` (order, tie, folie, battle, demons)."""
        self.due[len(self.moves)] = {"kind": "dice", "told_by": None, "for": purpose, **params}
        self.moves.append({"type": "chance", "kind": "dice", "outcome": outcome})

    def move(self, kind: str, seat: int | None, **fields: Any) -> None:
        self.moves.append({"type": kind, "seat": seat, **fields})

    def mark(self, name: str) -> None:
        self.marks[name] = len(self.moves)


# Who plays what: seat 1 runs the Monks and the Winged, seat 0 the Dragons and the Amazons; each people is dealt
# every card of one kingdom, so that each completes it (11.1) and each seat is owed two magic cards (12.1).
CHOSEN = [(1, "moines"), (0, "dragons"), (1, "ailes"), (0, "amazones")]
SEAT = {people: seat for seat, people in CHOSEN}
WANTS = {"moines": "kori", "dragons": "ludos", "ailes": "k3", "amazones": "k4"}


def kingdom_of(card: str) -> str | None:
    kind, _, where = card.partition(":")
    return where if kind == "capital" else BOARD.provinces[where].kingdom if kind == "province" else None


def province_of(card: str) -> str | None:
    kind, _, where = card.partition(":")
    if kind == "capital":
        return BOARD.kingdoms[where].capital
    return where if kind == "province" else None


def pick(people: str, pile: list[str]) -> str:
    """The card this people draws: one of its kingdom's, else one nobody wants (the Amazons never a
    reinforcement card: they will have no swords to tell), else any."""
    mine = [c for c in pile if kingdom_of(c) == WANTS[people]]
    free = [c for c in pile if kingdom_of(c) not in WANTS.values()
            and not (people == "amazones" and c == "reinforcement")]
    return sorted(mine or free or [c for c in pile if kingdom_of(c) not in WANTS.values()] or pile)[0]


def points(held: set[str], values: dict[str, int]) -> int:
    """10.1, 10.2, Z-11: a completed kingdom scores its printed value instead of its provinces."""
    complete = [k for k in KINGDOMS if set(k.provinces) <= held]
    total = sum(values[k.id] for k in complete)
    inside = {p for k in complete for p in k.provinces}
    return total + sum(POINTS["capital"] if BOARD.is_capital(p) else POINTS["province"] for p in held - inside)


def scripted() -> Writer:
    """Set-up, a first round where nobody attacks, its count and deal, and the second round's first turn: a
    red-card window with a Vent de Folie, an attack on a province the Folie emptied, a combat where both sides
    play a Vent de Guerre."""
    w = Writer()
    # 2.3, Z-02: every seat rolls, in seat order; the tied seats roll again.
    for seat, die in ((0, 4), (1, 4), (0, 2), (1, 5)):
        w.dice([die], "order", seat=seat)
    for seat, people in CHOSEN:  # the seats in the roll's order, round after round (2.4)
        w.move("choose_people", seat, people=people)
    # 2.7, Z-04: the peoples in the order chosen, in turn, until both piles are empty.
    green = ["reinforcement"] * 10 + [f"capital:{k.id}" for k in KINGDOMS]
    blue = ["boat"] * 3 + [f"province:{p}" for k in KINGDOMS for p in k.provinces if p != k.capital]
    cards: dict[str, list[str]] = {p: [] for _, p in CHOSEN}
    turn = 0
    while green or blue:
        people = CHOSEN[turn % len(CHOSEN)][1]
        turn += 1
        wanted = [c for c in green if kingdom_of(c) == WANTS[people]]
        wanted_blue = [c for c in blue if kingdom_of(c) == WANTS[people]]
        free_green = [c for c in green if kingdom_of(c) not in WANTS.values()
                      and not (people == "amazones" and c == "reinforcement")]
        pile_name, pile = ("green", green) if wanted or (green and not wanted_blue and (free_green or not blue)) \
            else ("blue", blue)
        w.move("draft", SEAT[people], people=people, pile=pile_name)
        for _ in range(1 if pile_name == "green" else min(2, len(pile))):
            card = pick(people, pile)
            pile.remove(card)
            cards[people].append(card)
            w.chance("draw", card, told_by=SEAT[people], pile=pile_name, people=people)
    assert all({p for c in cards[q] if (p := province_of(c))} >= set(BOARD.kingdoms[k].provinces)
               for q, k in WANTS.items()), "each people holds its whole kingdom"
    held = {p: {q for c in cards[p] if (q := province_of(c))} for p in cards}
    # 2.10: seat 1 is done; then the time is up for everyone.
    w.move("trades_done", 1)
    w.move("time_up", None, window="trade")
    # 2.11: the peoples holding reinforcement cards, in the draft order; the Amazons hold none: no move.
    assert "reinforcement" not in cards["amazones"]
    swords: dict[str, list[int]] = {}
    for _, people in CHOSEN:
        if cards[people].count("reinforcement"):
            swords[people] = [5 if people == "moines" else 1] * cards[people].count("reinforcement")
            w.move("swords", SEAT[people], people=people, swords=swords[people])
    # 2.12, Z-05: the most tokens first, ties in the draft order; each places its allotment and swords less the
    # token already on each province it holds, at least 1 where it names a province.
    strength = {p: ALLOTMENT + sum(swords.get(p, [])) for _, p in CHOSEN}
    placing = sorted((p for _, p in CHOSEN), key=lambda p: (-strength[p], [q for _, q in CHOSEN].index(p)))
    land: dict[str, list[Any]] = {q: [p, 1] for p in held for q in held[p]}
    for people in placing:
        left = strength[people] - len(held[people])
        if people == "moines":
            spread = {"kori-4": 10, "kori-5": left - 10}  # the Monks' attacks come from there
        elif people == "dragons":
            spread = {"ludos-2": 3, "ludos-3": left - 3}  # ludos-1 keeps its one token: a Folie empties it
        else:
            spread = {sorted(held[people])[0]: left}
        w.mark(f"place:{people}")
        w.move("place", SEAT[people], people=people, spread=spread)
        for province, n in spread.items():
            land[province][1] += n
    # Round 1 in the placement order: nobody holds a magic card, so no window is asked; nobody attacks.
    w.mark("round 1")
    for people in placing:
        w.move("end_attacks", SEAT[people], people=people)
        w.move("reorganise", SEAT[people], people=people, steps=[])
    # The count: first the printed values (the peoples in the order chosen, each one's kingdoms in the pack's
    # order), chosen here so that the Monks and the Dragons tie; then the tie rolls, the tied peoples in the order
    # chosen, again while tied; then the deal.
    w.mark("count")
    base = {p: points(held[p], {WANTS[p]: 0}) for p in held}
    values = {"kori": 10, "ludos": 10 + base["moines"] - base["dragons"], "k3": 10, "k4": 4}
    for _, people in CHOSEN:
        w.chance("value", values[WANTS[people]], kingdom=WANTS[people])
    score = {p: points(held[p], values) for p in held}
    assert score["moines"] == score["dragons"] > score["ailes"] > score["amazones"], score
    for people, die in (("moines", 3), ("dragons", 3), ("moines", 6), ("dragons", 1)):
        w.dice([die], "tie", people=people, seat=SEAT[people])
    order = ["moines", "dragons", "ailes", "amazones"]
    # 12.1: each seat, in the order of its first people, one card per kingdom card its peoples hold.
    for seat, card in ((1, "vent_de_folie"), (1, "vent_de_guerre"), (0, "vent_de_glace"), (0, "vent_de_guerre")):
        w.chance("draw", card, told_by=seat, deck="magic")
    w.move("time_up", None, window="magic_trade")  # Z-21: the window after the deal, someone holding a card
    # 13.1-13.4: in the new order; the Monks buy a boat (5 points), every other point buys a token at 2.
    w.mark("reinforce")
    for people in order:
        boats = 1 if people == "moines" else 0
        tokens = (score[people] - 5 * boats) // 2
        province = "kori-4" if people == "moines" else sorted(held[people])[0]
        w.move("reinforce", SEAT[people], people=people, boats=boats, spread={province: tokens})
        land[province][1] += tokens
    # Round 2, the Monks' turn. The window: seat 1 (about to play) first, then seat 0; a card played asks
    # everyone again; it is over when nobody asked has anything left to answer.
    w.mark("window")
    w.move("pass", 1)
    w.move("play_card", 0, card="vent_de_glace", target="")
    w.mark("asked again")
    w.move("play_card", 1, card="vent_de_folie", target="kingdom:ludos")
    w.mark("folie")
    for province in BOARD.kingdoms["ludos"].provinces:  # every occupied province, in the pack's order
        w.dice([2 if province == "ludos-1" else 1], "folie", province=province, seat=1)
    # ludos-1 (1 token) lost 1: empty. The Monks take it without a fight, and attack the capital ludos-2 by sea.
    w.move("attack", 1, people="moines", **{"from": "kori-5"}, to="ludos-1", strength=2, route=[])
    w.move("attack", 1, people="moines", **{"from": "kori-4"}, to="ludos-2", strength=7, route=["s1"])
    w.mark("end attacks")
    w.move("end_attacks", 1, people="moines")
    w.mark("fight")
    w.move("fight", 1, people="moines", province="ludos-2")
    # Z-20: before the first round the defender's seat is asked (the attacker had his moment at `fight`).
    w.mark("defender asked")
    w.move("play_card", 0, card="vent_de_guerre", target="province:ludos-2")
    defence = land["ludos-2"][1]
    assert defence == 4  # 2 dice; the attacker's 7: 3 dice (6.3)
    w.dice([3, 2], "battle", province="ludos-2", dice=[3, 2])
    # 6.4, 6.7: the defender loses 3 // 3 = 1 (a capital), the attacker 2 // 2 = 1: 6 against 3, another round,
    # before which the attacker's seat is asked (the defender's played his card in this combat).
    w.mark("attacker asked")
    w.move("play_card", 1, card="vent_de_guerre", target="province:ludos-2")
    w.dice([12, 1], "battle", province="ludos-2", dice=[2, 1])
    w.move("reorganise", 1, people="moines", steps=[])
    w.mark("end")
    return w


@pytest.fixture(scope="module")
def written() -> Writer:
    return scripted()


def replayed(moves: list[dict[str, Any]]) -> Game:
    return replay_json(BOARD, json.loads(json.dumps(record(moves))))


def cli(tmp_path: Path, moves: list[dict[str, Any]], name: str = "written.json") -> subprocess.CompletedProcess[str]:
    path = tmp_path / name
    path.write_text(json.dumps(record(moves)), encoding="utf-8")
    command = shutil.which("companion", path=str(Path(sys.executable).parent))
    assert command is not None, "the console script `companion` is installed beside this Python"
    return subprocess.run([command, "replay", "--json", "--view", "referee", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_written_record_replays_with_the_installed_command(written: Writer, tmp_path: Path) -> None:
    done = cli(tmp_path, written.moves)
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    assert view["round"] == 2 and view["phase"] == "attack" and view["active"] == "dragons"
    assert view["provinces"]["ludos-1"] == {"people": "moines", "strength": 2}
    assert view["provinces"]["ludos-2"] == {"people": "moines", "strength": 6}
    assert view["values"] == {"kori": 10, "ludos": view["values"]["ludos"], "k3": 10, "k4": 4}
    assert view == json.loads(json.dumps(replayed(written.moves).view("referee")))


def test_every_chance_entry_comes_where_the_document_says(written: Writer) -> None:
    """Each chance entry is what the game waited on: the node's kind and params are the ones the writer
    expected from the document (which seat rolls, which province, which kingdom, which pile)."""
    game = Game(BOARD, setup_from_json(SETUP))
    for index, move in enumerate(moves_from_json(written.moves)):
        node = game.chance()
        if index in written.due:
            expected = written.due[index]
            assert node is not None, (index, expected, game.awaited())
            assert (node.kind, node.told_by) == (expected["kind"], expected["told_by"]), (index, node, expected)
            params = {k: v for k, v in expected.items() if k not in ("kind", "told_by")}
            assert {k: node.params.get(k) for k in params} == params, (index, node.params, expected)
            game.resolve(move.outcome)  # type: ignore[union-attr]
        else:
            assert node is None, (index, move, node)
            game.push(move)  # type: ignore[arg-type]
    assert game.version == len(written.moves)


def test_the_red_card_window_asks_from_the_player_about_to_play_and_asks_again_after_a_card(written: Writer) -> None:
    def asked(at: str) -> list[tuple[int, str]]:
        return [(c.seat, c.decision) for c in replayed(written.moves[:written.marks[at]]).awaited()]

    assert asked("window") == [(1, "red_window"), (0, "red_window"), (1, "attack")]
    assert asked("asked again") == [(1, "red_window"), (1, "attack")]  # seat 0 holds no red card any more
    at = written.marks["window"]  # the answers are taken in any order: seat 0 may pass first
    either = replayed(written.moves[:at] + [{"type": "pass", "seat": 0}, {"type": "pass", "seat": 1}])
    assert [c.decision for c in either.awaited()] == ["attack"]
    folie = replayed(written.moves[:written.marks["folie"]])
    assert folie.awaited() == [] and folie.chance() is not None  # nobody left to ask: the dice, before any move
    # The window closes with the active player's first move: no red card after it.
    early = written.moves[:written.marks["window"]] + [
        {"type": "attack", "seat": 1, "people": "moines", "from": "kori-5", "to": "ludos-1", "strength": 2,
         "route": []},
        {"type": "play_card", "seat": 0, "card": "vent_de_glace", "target": ""}]
    with pytest.raises(IllegalAction) as refused:
        replayed(early)
    assert refused.value.index == len(early) - 1 and refused.value.rule == "12.4"


def test_a_wind_of_war_is_asked_of_the_defender_then_of_the_attacker_before_each_round(written: Writer) -> None:
    def asked(at: str) -> list[Any]:
        return [c.to_json() for c in replayed(written.moves[:written.marks[at]]).awaited()]

    assert asked("defender asked") == [{"decision": "combat_card", "seat": 0, "province": "ludos-2",
                                        "cards": ["vent_de_guerre"], "side": "defence"}]
    assert asked("attacker asked") == [{"decision": "combat_card", "seat": 1, "province": "ludos-2",
                                        "cards": ["vent_de_guerre"], "side": "attack"}]
    # Out of turn: the attacker is not asked before the first round.
    early = written.moves[:written.marks["defender asked"]] + [{"type": "pass", "seat": 1}]
    with pytest.raises(IllegalAction) as refused:
        replayed(early)
    assert refused.value.index == len(early) - 1
    log = replayed(written.moves).state.log
    rounds = [e for e in log if e["event"] in ("combat_round", "combat_over")]
    assert rounds == [
        {"event": "combat_round", "province": "ludos-2", "dice": [3, 2], "losses": [1, 1], "left": [6, 3]},
        {"event": "combat_round", "province": "ludos-2", "dice": [12, 1], "losses": [0, 4], "left": [6, 0]},
        {"event": "combat_over", "province": "ludos-2", "holder": "moines"}]


def test_a_vent_de_folie_rolls_for_each_occupied_province_of_its_kingdom(written: Writer) -> None:
    log = replayed(written.moves).state.log
    assert [(e["province"], e["die"], e["loss"]) for e in log if e["event"] == "folie"] == \
        [(p, 2 if p == "ludos-1" else 1, 1 if p == "ludos-1" else 0) for p in BOARD.kingdoms["ludos"].provinces]
    # One die short: the Monks' attack comes while a die is still owed.
    short = written.moves[:written.marks["folie"] + 4] + [written.moves[written.marks["folie"] + 5]]
    with pytest.raises(IllegalAction) as refused:
        replayed(short)
    assert refused.value.rule == "6.3" and refused.value.index == len(short) - 1


def test_the_moves_the_engine_makes_by_itself_are_not_written(written: Writer, tmp_path: Path) -> None:
    """No `fight` for a province taken without a fight (Z-07), no `swords` for a people without reinforcement
    cards: written, each is refused, the replay naming its index."""
    extra_fight = written.moves[:written.marks["fight"]] + [
        {"type": "fight", "seat": 1, "people": "moines", "province": "ludos-1"}]
    done = cli(tmp_path, extra_fight, "fight.json")
    assert done.returncode == 2
    assert f"action {len(extra_fight) - 1} is illegal (6.1)" in done.stderr, done.stderr
    at = written.marks["place:moines"]
    extra_swords = written.moves[:at] + [{"type": "swords", "seat": 0, "people": "amazones", "swords": [1]}]
    with pytest.raises(IllegalAction) as refused:
        replayed(extra_swords)
    assert refused.value.index == at


def test_a_placement_spread_sums_to_exactly_what_is_placed(written: Writer, tmp_path: Path) -> None:
    at = written.marks["place:moines"]
    move = written.moves[at]
    total = sum(move["spread"].values())
    for change in (1, -1):  # one past the sum either way: refused, the replay naming the rule and the index
        spread = {**move["spread"], "kori-5": move["spread"]["kori-5"] + change}
        with pytest.raises(IllegalAction) as refused:
            replayed(written.moves[:at] + [{**move, "spread": spread}])
        assert (refused.value.rule, refused.value.index) == ("2.12", at)
    over = {**move["spread"], "kori-5": move["spread"]["kori-5"] + 1}
    done = cli(tmp_path, written.moves[:at] + [{**move, "spread": over}], "over.json")
    assert done.returncode == 2
    assert f"action {at} is illegal (2.12): Place exactly {total} strength, at least 1 on each province" \
           in done.stderr, done.stderr


def test_a_spread_names_provinces_its_people_holds_at_least_1_each(written: Writer) -> None:
    at = written.marks["place:moines"]
    move = written.moves[at]
    left = sum(move["spread"].values())
    held = sorted(p for p, (q, _) in replayed(written.moves[:at]).state.land.items() if q == "moines")
    least = {p: 1 for p in held[:-1]} | {held[-1]: left - len(held) + 1}  # 1 on every province, the rest on one
    assert replayed(written.moves[:at] + [{**move, "spread": least}]).state.land[held[0]] == ("moines", 2)
    for bad in ({**least, held[0]: -1, held[-1]: least[held[-1]] + 2},  # below 1 on a province named
                {**{k: v for k, v in least.items() if k != held[0]}, "ludos-2": 1}):  # a province not its own
        with pytest.raises(IllegalAction) as refused:
            replayed(written.moves[:at] + [{**move, "spread": bad}])
        assert refused.value.rule == "2.12" and refused.value.index == at
    # 0 names no province: read as if the entry were not written.
    zero = replayed(written.moves[:at] + [{**move, "spread": {**move["spread"], "ludos-2": 0}}])
    assert zero.record_json()["moves"][at]["spread"] == move["spread"]


def test_a_reinforcement_spread_sums_to_the_tokens_the_points_left_buy(written: Writer) -> None:
    at = written.marks["reinforce"]
    move = written.moves[at]
    for change in (1, -1):
        province = next(iter(move["spread"]))
        bad = {**move, "spread": {province: move["spread"][province] + change}}
        with pytest.raises(IllegalAction) as refused:
            replayed(written.moves[:at] + [bad])
        assert refused.value.rule == "13.4" and refused.value.index == at


def test_a_chance_entry_has_no_seat_and_one_written_is_ignored(written: Writer, tmp_path: Path) -> None:
    """And its `kind` is not read: the outcome is checked against the node waited on."""
    with_seat = [{**m, "seat": 1, "kind": "draw"} if m["type"] == "chance" else m for m in written.moves]
    done = cli(tmp_path, with_seat, "seats.json")
    assert done.returncode == 0, done.stderr
    game = replayed(written.moves)
    assert json.loads(done.stdout) == json.loads(json.dumps(game.view("referee")))
    assert all(set(m) == {"type", "kind", "outcome"} for m in game.record_json()["moves"] if m["type"] == "chance")


def test_every_log_event_written_is_documented_with_its_fields(written: Writer) -> None:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- zargos-log -->\s*```json\n(.*?)```", text, re.S)
    assert found is not None
    events: dict[str, list[str]] = json.loads(found.group(1))
    for entry in replayed(written.moves).state.log:
        assert entry["event"] in events, entry
        assert set(entry) - {"event"} == set(events[str(entry["event"])]), entry


def test_what_the_engine_reads_when_a_field_is_left_out(written: Writer) -> None:
    """As the document says: a missing list is empty, a missing `target` is "", a missing `seat` of a move the
    referee may state is the referee's (a `trades_done` then ends trading for everyone)."""
    def left_out(move: dict[str, Any]) -> dict[str, Any]:
        if move["type"] == "attack" and move["route"] == []:
            return {k: v for k, v in move.items() if k != "route"}
        if move["type"] == "play_card" and move["target"] == "":
            return {k: v for k, v in move.items() if k != "target"}
        return move

    shorter = [left_out(m) for m in written.moves]
    assert shorter != written.moves
    at = written.moves.index({"type": "trades_done", "seat": 1})
    shorter[at:at + 2] = [{"type": "trades_done"}]
    game = replayed(shorter)
    assert game.view("referee")["provinces"] == replayed(written.moves).view("referee")["provinces"]
    assert game.record_json()["moves"][at] == {"type": "trades_done", "seat": None}
