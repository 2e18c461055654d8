"""A table view never carries what its reader may not know: others' drafts, others' private
instructions (gold amounts, Bastion bards), and everything docs/formats.md's State view forbids in the game view."""

from __future__ import annotations

import random
from pathlib import Path

from companion.table import Instruction, Table
from tests.engine import engine, instructions
from tests.table.support import new_table, next_inputs


def leaks(table: Table, reader: str) -> list[str]:
    seat = int(reader[5:]) if reader.startswith("seat:") else None
    view = table.view(reader)
    found = []
    part = view["table"]
    if "drafts" in part:
        found.append("every draft")
    if "draft" in part and str(seat) not in table.view("referee")["table"]["drafts"]:
        found.append("a draft that is not the reader's")
    made = table.steps()
    seen = set()
    for step in part["steps"]:
        for line, made_line in zip(step["lines"], made[step["n"]].lines, strict=True):
            if made_line.seat != seat and line["text"] != made_line.text(table.language, None):
                found.append(f"a private line of step {step['n']}: {line['text']}")
            seen.add(line["text"])
    found += [f"a line of no step: {i['text']}" for i in part["instructions"] if i["text"] not in seen]
    for player in view.get("players", []):
        if player["seat"] != seat:
            found += [f"seat {player['seat']} {k}" for k in ("gold", "units", "pending_floors") if k in player]
            if "program" in player and view["phase"] in ("place", "program"):
                found.append(f"seat {player['seat']} program")
    for region in view.get("regions", []):
        if region["bastion"] and "bards" in region and view["phase"] != "over":
            found.append("Bastion bards")
    return found


def test_no_table_view_leaks_at_any_point_of_whole_games(tmp_path: Path) -> None:
    for seed in range(3):
        table = new_table(tmp_path / f"s{seed}.db", players=3 + seed, seed=seed)
        rng = random.Random(seed)
        readers = ["public"] + [f"seat:{s}" for s, _, _ in table.players()]
        private_seen = 0
        while table.playing():
            for command in next_inputs(table, rng):
                table.handle(command)
                for reader in readers:
                    assert leaks(table, reader) == [], reader
            private_seen = sum(1 for i in instructions(table) if i.private is not None)
        table.stop()
        assert private_seen > 0  # there were secrets to keep


def test_gold_amounts_reach_only_their_owner(tmp_path: Path) -> None:
    table = new_table(tmp_path / "g.db", seed=40)
    rng = random.Random(40)

    def gold() -> list[Instruction]:
        return [i for i in instructions(table) if i.private is not None and "gold" in str(i.private)]

    while table.playing() and not gold():
        for command in next_inputs(table, rng):
            table.handle(command)
    found = gold()[0]
    assert found.seat is not None
    amount = f"take {found.params['n']} gold"
    assert amount in found.text("en", found.seat)
    other = next(s for s in engine(table).state.seats if s != found.seat)
    assert amount not in found.text("en", other) and "take gold" in found.text("en", other)
