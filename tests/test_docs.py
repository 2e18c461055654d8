"""The docs match the code: the example config explains every key the loader reads, and every ruling
of docs/rules.md has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import DEFAULT, KEYS, load

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "docs" / "config.example.toml"


def sections(text: str) -> dict[str, list[str]]:
    """The example's lines by table ("" for the top level); for an array of tables, its first entry."""
    found: dict[str, list[str]] = {"": []}
    current = ""
    for line in text.splitlines():
        header = re.match(r"\[\[?(\w+)\]\]?", line)
        if header:
            current = header[1] if header[1] not in found else f"{header[1]} (again)"
            found.setdefault(current, [])
        else:
            found[current].append(line)
    return found


def explained(lines: list[str], key: str) -> bool:
    """Whether `key` is set (or shown commented out) with a comment saying what it is, on its line."""
    for line in lines:
        assignment = re.match(rf"(#\s*)?{key}\s*=\s*(.*)", line)
        if assignment and "#" in assignment[2]:
            return True
    return False


@pytest.mark.parametrize("key", KEYS)
def test_the_example_config_explains_every_key_the_loader_reads(key: str) -> None:
    table, _, name = key.rpartition(".")
    assert explained(sections(EXAMPLE.read_text(encoding="utf-8")).get(table, []), name), \
        f"docs/config.example.toml does not explain {key}"


def test_the_example_config_loads_with_its_commented_out_keys_too(tmp_path: Path) -> None:
    assert load(EXAMPLE).web_port == DEFAULT.web_port
    # The commented-out values are examples a user may copy: they must load as well.
    text = re.sub(r"^# (\w+ = )", r"\1", EXAMPLE.read_text(encoding="utf-8"), flags=re.MULTILINE)
    # The first player's example pins are a GPIO box's.
    text = re.sub(r'^box = "bot"', 'box = "gpio"', text, count=1, flags=re.MULTILINE)
    every = tmp_path / "every.toml"
    every.write_text(text, encoding="utf-8")
    config = load(every)
    assert config.board == tmp_path / "my-verified-pack.toml"
    assert config.referee_pin is not None and config.power_pin is not None and config.players[0].screen


def test_every_key_the_example_explains_changes_the_loaded_config(tmp_path: Path) -> None:
    """The other way round: a key in KEYS that the loader no longer read would go unnoticed."""
    base = '[[player]]\n[[player]]\n[[player]]\n'
    plain = tmp_path / "plain.toml"
    plain.write_text(base)
    values = {"language": '"fr"', "store": '"x.db"', "board": '"b.toml"', "pace": '"orders"', "length": '"short"',
              "neutral": '"hard"', "games": "2", "port": "9", "host": '"127.0.0.1"', "pin": "5", "delay": "1.5",
              "seed": "7", "seat": "4", "colour": '"black"', "name": '"Ann"', "box": '"phone"',
              "screen": '"sh1106:1:0x3C"', "level": '"strong"', "pins": '{ UP = 5 }', "names": '["xidit.local"]'}
    for key in KEYS:
        table, _, name = key.rpartition(".")
        value = '"4821"' if key == "web.pin" else values[name]
        if key == "player.pins":  # pins belong to a GPIO box: compared with the same box without them
            gpio = base.replace("[[player]]\n", '[[player]]\nbox = "gpio"\n', 1)
            plain.write_text(gpio)
            text = gpio.replace('box = "gpio"\n', f'box = "gpio"\n{name} = {value}\n', 1)
        elif table == "player":
            text = base.replace("[[player]]\n", f"[[player]]\n{name} = {value}\n", 1)
        elif table:
            text = f"[{table}]\n{name} = {value}\n" + base
        else:
            text = f"{name} = {value}\n" + base
        changed = tmp_path / "changed.toml"
        changed.write_text(text)
        assert load(changed) != load(plain), key
        plain.write_text(base)


RULING = re.compile(r"^\| ([RP])-(\d+) \|", re.MULTILINE)
TEST_OF_RULING = re.compile(r"^\s*def (test_([rp]\d+)_\w+)", re.MULTILINE)


def test_every_ruling_has_a_test_named_after_it() -> None:
    """A ruling R-nn (or P-nn) is tested by a test whose name starts `test_rnn_` (`test_pnn_`)."""
    rulings = {f"{kind.lower()}{number}" for kind, number in RULING.findall(
        (ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))}
    assert len(rulings) >= 12
    tested = {match[1] for path in (ROOT / "tests").rglob("*.py")
              for match in TEST_OF_RULING.findall(path.read_text(encoding="utf-8"))}
    assert sorted(rulings - tested) == []
