"""The table's configuration file: the example loads; every mistake is one clear error."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.config import BadConfig, load, simulated
from hardware.pinout import pin_clash, pin_uses

EXAMPLE = Path(__file__).parent.parent.parent / "docs" / "config.example.toml"


def test_the_example_config_loads() -> None:
    config = load(EXAMPLE)
    assert [p.colour for p in config.players] == ["blue", "red", "green"]
    assert config.store == EXAMPLE.parent / "companion.db"
    assert config.language == "en" and config.table_pace() == "orders"


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


def _example_with(box: str, power: int | None = None) -> str:
    """The example config with its commented-out power button and screen in, its first seat on `box`."""
    text = re.sub(r"^# (pin|screen) = ", r"\1 = ", EXAMPLE.read_text(encoding="utf-8"), flags=re.MULTILINE)
    text = re.sub(r'^box = "bot"', f'box = "{box}"', text, count=1, flags=re.MULTILINE)
    return text if power is None else re.sub(r"^pin = \d+", f"pin = {power}", text, flags=re.MULTILINE)


@pytest.mark.parametrize("box", ["gpio:0", "gpio:1", "gpio:2"])
def test_the_example_power_button_and_screen_load_with_every_default_pin_map(tmp_path: Path, box: str) -> None:
    path = tmp_path / "example.toml"
    path.write_text(_example_with(box))
    config = load(path)
    assert config.power_pin is not None and config.players[0].box == box and config.players[0].screen
    assert pin_clash(pin_uses(config.players, config.power_pin)) is None


def _seats(*lines: str) -> str:
    return "".join(f"[[player]]\n{line}\n" for line in lines)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # The example's power pin of before, on gpio:2's UP key (issue 25).
        ("[power]\npin = 21\n" + _seats('box = "gpio:2"', "", ""),
         "GPIO 21 is used twice: the power button and box gpio:2's UP key (seat 1)"),
        (_seats('box = "gpio:1"', 'box = "gpio:1"', ""),
         "GPIO 5 is used twice: box gpio:1's LEFT key (seat 1) and box gpio:1's LEFT key (seat 2)"),
        (_seats('box = "gpio:0"', 'box = "gpio"\npins = { OK = 22 }', ""),
         "GPIO 22 is used twice: box gpio:0's UP key (seat 1) and the GPIO box's OK key (seat 2)"),
        ("[power]\npin = 3\n" + _seats('box = "gpio:0"\nscreen = "ssd1306:1:0x3C"', "", ""),
         "GPIO 3 is used twice: the power button and the I²C screens' clock line (SCL) (bus 1)"),
        (_seats('box = "gpio"\npins = { UP = 2 }\nscreen = "sh1106:1:0x3C"', "", ""),
         "GPIO 2 is used twice: the GPIO box's UP key (seat 1) and the I²C screens' data line (SDA) (bus 1)"),
        (_seats('box = "gpio:2"', 'box = "serial:/dev/serial0"', ""),
         "GPIO 15 is used twice: box gpio:2's BACK key (seat 1) and the serial box's receive pin (RX)"),
    ],
    ids=["power-and-key", "one-map-twice", "own-pins-and-map", "power-and-i2c", "key-and-i2c", "key-and-uart"],
)
def test_a_pin_given_two_uses_is_refused_at_load_naming_both(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "doubled.toml"
    path.write_text(text)
    with pytest.raises(BadConfig) as error:
        load(path)
    assert str(error.value) == f"config: {message}"


def test_boxes_on_usb_serial_ports_and_the_default_maps_leave_every_pin_single(tmp_path: Path) -> None:
    path = tmp_path / "mixed.toml"
    path.write_text("[power]\npin = 14\n" + _seats('box = "gpio:0"\nscreen = "ssd1306:1:0x3C"',
                                                    'box = "gpio:1"\nscreen = "ssd1306:1:0x3D"', 'box = "gpio:2"',
                                                    'box = "serial:/dev/xidit/box-1"'))
    assert load(path).power_pin == 14


@pytest.mark.parametrize("text", ["[power]\npin = 40\n" + _seats("", "", ""), _seats('box = "gpio:3"', "", "")],
                         ids=["power-pin-40", "pin-map-3"])
def test_a_power_pin_or_pin_map_that_does_not_exist_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(BadConfig, match="power.pin must be a GPIO number 0 to 27|gpio:N names a pin map"):
        load(path)


def test_the_service_does_not_start_on_a_doubled_pin_and_says_why(tmp_path: Path) -> None:
    """What systemd runs: one line naming both uses and exit 78 (a config error, which the unit does not
    restart), not a traceback from gpiozero."""
    path = tmp_path / "doubled.toml"
    path.write_text(_example_with("gpio:2", power=21))
    ended = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(path)], capture_output=True,
                           text=True, timeout=60)
    assert ended.returncode == 78
    assert ended.stderr == ("companion: config: GPIO 21 is used twice: the power button and box gpio:2's UP key "
                            "(seat 1)\n")


@pytest.mark.parametrize(("boxes", "pace"), [(("phone", "bot", "bot"), "orders"), (("bot", "bot", "bot"), "decisions")])
def test_without_a_pace_the_table_waits_for_the_board_when_a_person_plays(tmp_path: Path, boxes: tuple[str, ...],
                                                                          pace: str) -> None:
    """Game night 2026-11-29, problem 5: with "decisions go on" as the default, the phones programmed years
    1 to 6 while the board was on year 1's set-up. A config without a pace waits for the table ("orders")
    as soon as a person plays a seat; a table of virtual players alone (a demo) goes on by itself."""
    path = tmp_path / "companion.toml"
    path.write_text("".join(f'[[player]]\nbox = "{box}"\n' for box in boxes))
    assert load(path).table_pace() == pace
    path.write_text('pace = "decisions"\n' + "".join(f'[[player]]\nbox = "{box}"\n' for box in boxes))
    assert load(path).table_pace() == "decisions"  # a pace the file says is kept
    assert simulated().table_pace() == "decisions"  # `companion run` with no config: no board, the log is the table
