"""A Zargos game at the table, played through the Table API alone: random legal moves from what the table
lends (`decide_for`: the awaited choice and the game's state), chance by the Pi or told with `Tell`."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from companion.games.zargos.agents import RandomAgent
from companion.games.zargos.boards import default_pack, default_pack_text
from companion.games.zargos.rules import action_to_json
from companion.store import Store
from companion.table import Decide, NewGame, Table, Tell

BOARD = default_pack()


def open_table(path: Path) -> Table:
    return Table.open(Store(path), default_pack_text(), game="zargos")


def new_game(path: Path, players: int, seed: int = 7, chance: str | None = None, each: int = 0) -> Table:
    table = open_table(path)
    setup: dict[str, Any] = {"players": players, "seed": seed, **({"peoples_each": each} if each else {})}
    # The Pi's draws seeded as a demo's are (NewGame.seed), by the setup's seed as every Zargos game was before the
    # table kept a secret seed of its own: the games these tests play, and their goldens, stay the same.
    table.handle(NewGame(setup, game="zargos", chance=chance, seed=seed))
    return table


def step(table: Table, agent: RandomAgent) -> bool:
    """One random legal decision of the first seat awaited; False when nothing is awaited."""
    found = table.decide_for(lambda choice, state: agent.move(SimpleNamespace(board=BOARD, state=state), choice))
    if found is None:
        return False
    choice, move = found
    table.handle(Decide(choice.seat, action_to_json(move)))
    return True


def read_printed(table: Table, seed: int) -> bool:
    """A value printed on the board the game asks for (10.2: a capital's value, never drawn by the Pi), read
    off the board by the referee: a value of its own per seed and kingdom. False when none is asked."""
    asking = table.view("public")["table"]["asking"]
    if asking is None or asking["kind"] != "value":
        return False
    kingdom = table.view("public")["chance"]["params"]["kingdom"]
    values = [a["value"] for a in asking["answers"]]
    value = values[random.Random(f"{seed}/{kingdom}").randrange(len(values))]
    table.handle(Tell(value, by="referee", question=asking["question"]))
    return True


def play(table: Table, seed: int = 1, until: Any = None, limit: int = 20000) -> None:
    """Random legal moves until the game is over (or `until(table)` holds); the printed values the game asks
    for read off the board (read_printed)."""
    agent = RandomAgent(random.Random(seed))
    for _ in range(limit):
        if table.result() is not None or (until is not None and until(table)):
            return
        if not step(table, agent) and not read_printed(table, seed):
            return
    raise AssertionError("no end")


def engine_view(view: dict[str, Any]) -> dict[str, Any]:
    """A table view without the table's own part and version: the game's view alone."""
    return {k: v for k, v in view.items() if k not in ("table", "version")}


def tell(table: Table, rng: random.Random, by: str | None = None) -> bool:
    """What the table's own dice or cards say, typed in: dice as one total per side by anyone seated or the
    referee, a draw by the drawing seat from what its own view lists. False when nothing is asked."""
    asking = table.view("public")["table"]["asking"]
    if asking is None:
        return False
    seat = asking["told_by"]
    if seat is not None:
        outcome = rng.choice(table.view(f"seat:{seat}")["chance"]["outcomes"])
        table.handle(Tell(outcome, by=by or f"seat:{seat}", question=asking["question"]))
    elif "sides" in asking:
        totals = [rng.randint(side["least"], side["most"]) for side in asking["sides"]]
        players = len(table.players())
        table.handle(Tell(totals, by=by or rng.choice(["referee", *(f"seat:{s}" for s in range(players))]),
                          question=asking["question"]))
    else:
        table.handle(Tell(rng.choice(asking["answers"])["value"], by=by or "referee", question=asking["question"]))
    return True


def play_told(table: Table, seed: int, until: Any, limit: int = 20000) -> None:
    """Random legal moves, every roll and draw told by the table, until `until(table)` holds."""
    rng, agent = random.Random(seed), RandomAgent(random.Random(seed))
    for _ in range(limit):
        if until(table) or table.result() is not None:
            return
        if not tell(table, rng) and not step(table, agent):
            return
    raise AssertionError("never")
