"""The table's configuration file: the example loads; every mistake is one clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import BadConfig, load, simulated

EXAMPLE = Path(__file__).parent.parent.parent / "docs" / "config.example.toml"


def test_the_example_config_loads() -> None:
    config = load(EXAMPLE)
    assert [p.colour for p in config.players] == ["blue", "red", "green"]
    assert config.store == EXAMPLE.parent / "companion.db"
    assert config.language == "en" and config.pace == "decisions"


def test_no_config_is_a_simulated_table_of_four() -> None:
    config = simulated()
    assert len(config.players) == 4 and config.simulated and config.store.name == "companion.db"


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('languag = "en"\n', "languag"),
        ('language = "de"\n[[player]]\n[[player]]\n[[player]]\n', "language"),
        ("[[player]]\n", "3 to 5"),
        ('[[player]]\nbox = "pigeon"\n[[player]]\n[[player]]\n', "box"),
        ('[[player]]\nseat = "one"\n[[player]]\n[[player]]\n', "seat"),
        ("this is not toml", "config"),
    ],
)
def test_a_bad_config_names_its_mistake(tmp_path: Path, text: str, names: str) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(BadConfig) as error:
        load(path)
    assert names in str(error.value)


def test_a_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(BadConfig):
        load(tmp_path / "nope.toml")
