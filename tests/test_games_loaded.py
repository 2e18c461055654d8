"""Only the games in play are loaded (issue 37): `companion run`, started as the README starts it, imports
no part of a game the table does not play, and the registry lists every game (id, name, seats, options)
without importing its table, box, page, agents or bench parts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.spawned import spawned, terminated

ROOT = Path(__file__).resolve().parents[1]  # where `tests.loaded_run` can be run as a module
CONFIG = """
store = "{store}"
[web]
host = "127.0.0.1"
port = 0
pin = "135790"
""" + "".join(f'[[player]]\nseat = {seat}\ncolour = "{colour}"\nbox = "phone"\n'
              for seat, colour in ((1, "blue"), (2, "red"), (3, "green"), (4, "yellow")))


def test_companion_run_loads_no_part_of_a_game_the_table_does_not_play(tmp_path: Path) -> None:
    config = tmp_path / "companion.toml"
    config.write_text(CONFIG.format(store=tmp_path / "table.db"))
    with spawned([sys.executable, "-m", "tests.loaded_run", "--config", str(config)], cwd=ROOT, stdout=subprocess.PIPE,
                 stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"}) as process:
        assert process.stdout is not None
        said = process.stdout.readline()  # written when the table is ready, before READY=1
        _, _, log = terminated(process, within=60)
    assert said.startswith("loaded "), log[-3000:]
    loaded = said.split()[1:]
    assert "companion.games.xidit" in loaded  # the default game, the table's
    assert not [name for name in loaded if name.startswith("companion.games.zargos")], loaded


LIST = """
import json, sys
from companion.core import registry
games = [game.describe() for game in registry.available()]
parts = sorted(name for name in sys.modules if name.startswith("companion.games.") and name.count(".") == 3
               and name.rsplit(".", 1)[1] in ("table", "boxes", "web", "agents", "bench", "commands", "testing"))
web = registry.load("zargos").web  # a part is there when asked for
print(json.dumps({"games": games, "parts": parts, "web": web.slots["table"]}))
"""


def test_the_registry_lists_every_game_without_importing_its_parts() -> None:
    done = subprocess.run([sys.executable, "-c", LIST], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True)
    said = json.loads(done.stdout)
    assert [(g["id"], g["name"], g["seats"]) for g in said["games"]] == [
        ("astoria-epic", "Astoria: Epic version", {"min": 2, "max": 6}),
        ("astoria-laboratory", "Astoria: the Laboratory", {"min": 2, "max": 6}),
        ("xidit", "Lords of Xidit", {"min": 3, "max": 5}), ("zargos", "Zargos", {"min": 2, "max": 6})]
    assert all(g["options"] for g in said["games"])
    assert said["parts"] == []
    assert said["web"] == "zargos/_table.html"
