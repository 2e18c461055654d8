"""docs/formats.md says enough of Zargos for an outside program (issue 29): a record written from the
document alone replays, and a view holds no key the document does not name, nor does the document name one
no view holds. The document's own blocks are read: one move of each type (`zargos-moves`), every key of a
view (`zargos-view`) and the log's events with their fields (`zargos-log`). A simulated game's moves are
written as the document says each type is (only its fields, each of the shape of its example), with the
moves a table states (effects, magic trades, a card out of the game: Z-27, 12.9, 12.13) put in as the
document describes them; the record is replayed by `companion replay --game zargos`, the installed console
script, as a user runs it; and at every point of that game every reader's view is read against the
document."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.core.errors import IllegalAction
from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack
from companion.games.zargos.rules import Game, Setup, action_from_json, action_to_json

DOC = Path(__file__).resolve().parents[3] / "docs" / "formats.md"
BOARD = default_pack()


def section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n## Zargos")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


def block(name: str) -> Any:
    """The JSON block the document marks `<!-- name -->`."""
    found = re.search(rf"<!-- {name} -->\s*```json\n(.*?)```", section(), re.S)
    assert found is not None, f"docs/formats.md has no block {name}"
    return json.loads(found.group(1))


def table_types() -> list[str]:
    """The move types the record's table lists, in its first column."""
    text = section()
    table = text[text.index("| type | fields | when |"):]
    return re.findall(r"^\s*\| `([a-z_]+)` \|", table[:table.index("\n\n")], re.M)


MAPS = ("spread", "boats")  # fields whose objects are keyed by data: {province: strength}, {people: boats}


def shape(value: Any, field: str = "") -> Any:
    """What a value is made of: an object's keys and their shapes (a map's: "*" and its values'), a list's
    items' shape, else its type."""
    if isinstance(value, dict):
        if field in MAPS:
            return {"*": shape(next(iter(value.values())))} if value else {}
        return {k: shape(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [shape(value[0])] if value else []
    return "number" if isinstance(value, int | float) and not isinstance(value, bool) else type(value).__name__


def same_shape(documented: Any, found: Any) -> bool:
    if isinstance(documented, dict):
        return isinstance(found, dict) and (not documented or not found or documented.keys() == found.keys()) and \
            all(same_shape(documented[k], found[k]) for k in documented if k in found)
    if isinstance(documented, list):
        return isinstance(found, list) and (not documented or not found or same_shape(documented[0], found[0]))
    return found == documented or "NoneType" in (found, documented)


def written(move: dict[str, Any], examples: dict[str, Any]) -> dict[str, Any]:
    """A move as the document says to write it: the fields of its type's example, nothing else."""
    example = examples[move["type"]]
    out = {key: move[key] for key in example}  # a field the document names that the engine does not: KeyError
    assert same_shape(shape(example), shape(out)), (move["type"], example, out)
    assert set(move) == set(example), f"{move['type']}: the engine writes {sorted(move)}, the document " \
                                      f"{sorted(example)}"
    return out


def stated(game: Game, examples: dict[str, Any], missing: set[str]) -> dict[str, Any] | None:
    """A move the table states, built from the document's example with this game's own ids, when legal now."""
    state = game.state
    tries: list[dict[str, Any]] = []
    if "adjust" in missing and state.land and game.chance() is None:
        province, (people, _) = sorted(state.land.items())[0]
        tries.append({**examples["adjust"], "reason": f"power:{people}",
                      "tokens": [{"province": province, "people": people, "change": 1}],
                      "boats": {people: 1}, "allow": ["extra_reorganisation"]})
    hands = {s: h for s, h in state.hands.items() if h}
    if "magic_trade" in missing and hands and game.chance() is None:
        giver = min(hands)
        taker = next((s for s in range(state.players) if s != giver and len(state.hands[s]) < 3), None)
        if taker is not None:
            tries.append({**examples["magic_trade"], "a": giver, "b": taker, "a_gives": [hands[giver][0]],
                          "b_gives": []})
    if "out_of_game" in missing and hands and "magic_trade" not in missing and game.chance() is None:
        holder = max(hands)
        tries.append({**examples["out_of_game"], "seat": holder, "holder": holder, "card": hands[holder][-1]})
    if "discard" in missing and hands and "out_of_game" not in missing and game.chance() is None:
        holder = max(hands)
        tries.append({**examples["discard"], "seat": holder, "holder": holder, "card": hands[holder][0]})
    if state.phase == "magic" and hands and game.chance() is None:  # Z-21: the window after the deal
        if "offer" in missing:  # a player proposes a trade: the other has not stated it (the view's offers)
            giver = min(hands)
            taker = next((s for s in range(state.players) if s != giver and len(state.hands[s]) < 3), None)
            if taker is not None:
                tries.append({**examples["magic_trade"], "seat": giver, "a": giver, "b": taker,
                              "a_gives": [hands[giver][0]], "b_gives": []})
        elif "time_up" in missing and state.offers:  # the window's time is up: the proposal lapses
            tries.append({**examples["time_up"], "window": "magic_trade"})
    for move in tries:
        try:
            game.push(action_from_json(move))
        except IllegalAction:
            continue
        return move
    return None


def kind(move: dict[str, Any]) -> str:
    """What a stated move shows of the document: a seat's magic trade is a proposal (the view's offers)."""
    return "offer" if move["type"] == "magic_trade" and move["seat"] is not None else move["type"]


def view_keys(value: Any, path: str, schema: Any, found: set[str], unknown: set[str]) -> None:
    """Each key path of `value` into `found`; those the schema does not name into `unknown`."""
    if isinstance(value, dict):
        if isinstance(schema, dict) and "*" in schema:
            for item in value.values():
                view_keys(item, f"{path}.*", schema["*"], found, unknown)
            found.add(f"{path}.*")
            return
        for key, item in value.items():
            here = f"{path}.{key}" if path else key
            found.add(here)
            if not isinstance(schema, dict) or key not in schema:
                unknown.add(here)
                continue
            view_keys(item, here, schema[key], found, unknown)
    elif isinstance(value, list) and isinstance(schema, list) and schema:
        for item in value:
            view_keys(item, f"{path}[]", schema[0], found, unknown)


def schema_keys(schema: Any, path: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(schema, dict):
        for key, item in schema.items():
            here = f"{path}.{key}" if path else key
            out.add(here)
            out |= schema_keys(item, here)
    elif isinstance(schema, list) and schema:
        out |= schema_keys(schema[0], f"{path}[]")
    return out


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    """A 4-player game of random players written from the document, with its views at every point."""
    examples = block("zargos-moves")
    schema, events = block("zargos-view"), block("zargos-log")
    rng = random.Random(31)
    agent = RandomAgent(rng)
    game = Game(BOARD, Setup(4))
    moves: list[dict[str, Any]] = []
    missing = {"adjust", "magic_trade", "out_of_game", "discard", "offer", "time_up"}
    found: set[str] = set()
    unknown: set[str] = set()
    logged: dict[str, set[str]] = {}
    for _ in range(100000):
        if game.result() is not None:
            break
        for reader in ("referee", "public", *(f"seat:{s}" for s in range(4))):  # every point, every reader
            view = game.view(reader)
            view_keys({k: v for k, v in view.items() if k != "log"}, "", schema, found, unknown)
            for entry in view["log"][-3:]:  # the newest entries (the older were read at the points before)
                logged.setdefault(entry["event"], set()).update(entry)
        if game.state.round >= 2 and missing:
            move = stated(game, examples, missing)
            if move is not None:
                moves.append(written(action_to_json(action_from_json(move)), examples))
                missing.discard(kind(move))
                continue
        node = game.chance()
        if node is not None:
            outcome = rng.choices(node.outcomes, weights=node.weights)[0]
            game.resolve(outcome)
            chance = {"type": "chance", "kind": node.kind, "outcome": list(outcome) if isinstance(outcome, tuple)
                      else outcome}
            moves.append({key: chance[key] for key in examples["chance"]})
            continue
        move = agent.move(game, rng.choice(game.awaited()))
        game.push(move)
        moves.append(written(action_to_json(move), examples))
    assert game.result() is not None and not missing, missing
    for reader in ("referee", "public", *(f"seat:{s}" for s in range(4))):  # the end: a winner
        view_keys({k: v for k, v in game.view(reader).items() if k != "log"}, "", schema, found, unknown)
    for entry in game.state.log:
        logged.setdefault(str(entry["event"]), set()).update(entry)
    return {"game": game, "moves": moves, "found": found, "unknown": unknown, "schema": schema,
            "events": events, "logged": logged, "examples": examples}


def test_the_document_gives_one_example_of_each_move_type_it_lists(played: dict[str, Any]) -> None:
    assert sorted(table_types()) == sorted(played["examples"])
    for kind, example in played["examples"].items():
        assert example["type"] == kind
        if kind != "chance":  # each example is a move the engine reads, as the document writes it
            read = action_to_json(action_from_json(example))
            assert read.keys() == example.keys() and same_shape(shape(example), shape(read)), kind
    # The record holds every type but a trade of placement cards (a seat may end trading without one).
    assert {m["type"] for m in played["moves"]} >= set(played["examples"]) - {"trade"}


def test_a_record_written_from_the_document_replays_with_the_installed_command(played: dict[str, Any],
                                                                              tmp_path: Path) -> None:
    game: Game = played["game"]
    record = {"format": "zargos-record/1", "board": {"name": BOARD.name, "sha256": BOARD.sha256},
              "setup": {"players": 4, "peoples_each": 0, "options": {}}, "moves": played["moves"]}
    path = tmp_path / "written.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    command = shutil.which("companion", path=str(Path(sys.executable).parent))
    assert command is not None, "the console script `companion` is installed beside this Python"
    done = subprocess.run([command, "replay", "--game", "zargos", "--json", "--view", "referee", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(game.view("referee")))


def test_every_key_of_every_view_is_documented_and_every_documented_key_is_seen(played: dict[str, Any]) -> None:
    assert sorted(played["unknown"]) == [], "keys in views that docs/formats.md does not name"
    documented = schema_keys({k: v for k, v in played["schema"].items() if k != "log"})
    assert sorted(documented - played["found"]) == [], "keys docs/formats.md names that no view held"


def test_every_log_event_and_its_fields_are_documented(played: dict[str, Any]) -> None:
    events: dict[str, list[str]] = played["events"]
    for event, keys in played["logged"].items():
        assert event in events, f"the log event {event!r} is not in docs/formats.md"
        assert keys - {"event"} == set(events[event]), (event, sorted(keys), events[event])
    # Events a 4-player game of random players may not reach are still the engine's: each is one it writes.
    source = "".join(p.read_text(encoding="utf-8") for p in
                     (Path(__file__).resolve().parents[3] / "companion/games/zargos/rules").glob("*.py"))
    assert sorted(events) == sorted(set(re.findall(r'\{"event": "([a-z_]+)"', source)))
