"""The installer on a stand-in Raspberry Pi OS: a fake `raspi-config` on PATH that answers like the real
one and notes every call, fakes of `apt-cache` (which packages the archives have), `getent` (which groups
exist) and `hostname` (the Pi's addresses), and a temporary root (XIDIT_ROOT) with its own boot config.
The dry run shows each step; what is already done is left alone; the serial console goes off only for a
box on GPIO 15. The same on a stand-in plain Debian (no raspi-config, boot config, python3-lgpio or device
groups); tests/install_root runs the installer for real in a Debian root."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent
BUILDS = ROOT / "docs" / "builds"
SPEED = "dtparam=i2c_arm_baudrate=400000"

RASPI_CONFIG = """#!/bin/sh
# A stand-in for Raspberry Pi OS's raspi-config: `nonint get_X` answers from $RASPI_STANDIN/X (0: on), and every
# call is noted in $RASPI_STANDIN/calls.
echo "$*" >> "$RASPI_STANDIN/calls"
case "$2" in
    get_*) cat "$RASPI_STANDIN/${2#get_}" ;;
    *) exit 0 ;;
esac
"""


APT_CACHE = """#!/bin/sh
# `apt-cache policy PACKAGE`: a candidate version when PACKAGE is listed in $RASPI_STANDIN/archive.
if grep -qx "$2" "$RASPI_STANDIN/archive"; then echo "$2:"; echo "  Installed: (none)"; echo "  Candidate: 2.0-1"
else echo "$2:"; echo "  Installed: (none)"; echo "  Candidate: (none)"; fi
"""
GETENT = """#!/bin/sh
# `getent group NAME`: found when NAME is listed in $RASPI_STANDIN/groups.
grep -qx "$2" "$RASPI_STANDIN/groups" && echo "$2:x:999:"
"""
HOSTNAME = """#!/bin/sh
cat "$RASPI_STANDIN/addresses"
"""


class StandIn:
    def __init__(self, folder: Path, *, i2c_on: bool = False, console_on: bool = True, plain: bool = False,
                 addresses: str = "192.168.1.20") -> None:
        """A Raspberry Pi OS, or with `plain` a Debian without Raspberry Pi's archive and tools."""
        self.root = folder / "root"
        self.state = folder / "state"
        self.bin = folder / "bin"
        for path in (self.root / "boot" / "firmware", self.state, self.bin):
            path.mkdir(parents=True)
        self.boot = self.root / "boot" / "firmware" / "config.txt"
        if not plain:
            self.boot.write_text("dtparam=audio=on\n[pi4]\narm_boost=1\n")
        (self.state / "i2c").write_text("0\n" if i2c_on else "1\n")
        for name in ("serial_cons", "serial_hw"):
            (self.state / name).write_text("0\n" if console_on else "1\n")
        (self.state / "archive").write_text("python3-venv\n" + ("" if plain else "python3-lgpio\n"))
        (self.state / "groups").write_text("dialout\n" + ("" if plain else "gpio\ni2c\nspi\n"))
        (self.state / "addresses").write_text(addresses + "\n")
        fakes = {"apt-cache": APT_CACHE, "getent": GETENT, "hostname": HOSTNAME}
        if not plain:
            fakes["raspi-config"] = RASPI_CONFIG
        for name, script in fakes.items():
            (self.bin / name).write_text(script)
            (self.bin / name).chmod(0o755)

    def install(self, *args: str) -> str:
        env = {"PATH": f"{self.bin}:/usr/bin:/bin:/usr/sbin:/sbin", "HOME": str(self.state),
               "XIDIT_ROOT": str(self.root), "RASPI_STANDIN": str(self.state)}
        done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--no-start", *args],
                              capture_output=True, text=True, timeout=60, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def calls(self) -> list[str]:
        path = self.state / "calls"
        return path.read_text().splitlines() if path.exists() else []


def test_the_dry_run_shows_each_step_of_a_first_install(tmp_path: Path) -> None:
    pi = StandIn(tmp_path)
    before = pi.boot.read_text()
    out = pi.install("--config", str(BUILDS / "three-players.toml"))
    assert "+ raspi-config nonint do_i2c 0" in out
    assert f"+ sed -i -e $a [all] -e $a {SPEED} {pi.boot}" in out
    assert "polkitd" in out.split("== 2.")[0]
    assert f"+ ln -sfn {pi.root}/opt/xidit/venv/bin/companion {pi.root}/usr/local/bin/companion" in out
    assert f"{BUILDS / 'three-players.toml'} {pi.root}/etc/xidit/companion.toml" in out
    assert "no GPIO box uses GPIO 15: the serial console is left as it is" in out
    assert "do_serial" not in out and "do_spi" not in out
    # a dry run only asks: nothing was changed, raspi-config was only asked what is on
    assert pi.boot.read_text() == before
    assert pi.calls() and all(call.split()[1].startswith("get_") for call in pi.calls())
    assert not (pi.root / "etc").exists()


def test_the_serial_console_goes_off_for_a_box_on_gpio_15(tmp_path: Path) -> None:
    pi = StandIn(tmp_path)
    out = pi.install("--config", str(BUILDS / "three-screens.toml"))
    assert "+ raspi-config nonint do_serial_cons 1" in out
    assert "+ raspi-config nonint do_serial_hw 1" in out


def test_a_second_run_leaves_alone_what_is_done(tmp_path: Path) -> None:
    pi = StandIn(tmp_path, i2c_on=True, console_on=False)
    pi.boot.write_text(pi.boot.read_text() + f"[all]\n{SPEED}\n")
    config = pi.root / "etc" / "xidit" / "companion.toml"
    config.parent.mkdir(parents=True)
    config.write_text((BUILDS / "three-screens.toml").read_text())
    link = pi.root / "usr" / "local" / "bin" / "companion"
    link.parent.mkdir(parents=True)
    os.symlink(pi.root / "opt" / "xidit" / "venv" / "bin" / "companion", link)
    out = pi.install("--config", str(BUILDS / "three-players.toml"))
    assert "I2C is on" in out and "I2C already at 400 kHz" in out
    assert "do_i2c" not in out and "sed -i" not in out and "ln -sfn" not in out
    assert f"keeping the existing {config}" in out
    # the config in effect is the one kept: its third box needs GPIO 15, and the console is already off
    assert "the serial console is off" in out and "the UART is off" in out and "do_serial" not in out


def test_another_i2c_speed_is_replaced_not_added(tmp_path: Path) -> None:
    pi = StandIn(tmp_path, i2c_on=True)
    pi.boot.write_text("dtparam=i2c_arm_baudrate=100000\n")
    out = pi.install()
    assert f"+ sed -i s/^dtparam=i2c_arm_baudrate=.*/{SPEED}/ {pi.boot}" in out


@pytest.mark.parametrize("args", [["--config"], ["--config", "/no/such.toml"]])
def test_a_missing_config_is_refused(args: list[str]) -> None:
    done = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), *args, "--dry-run"], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2


def test_raspberry_pi_os_gets_python3_lgpio_and_nothing_is_said_lacking(tmp_path: Path) -> None:
    out = StandIn(tmp_path).install()
    assert "+ apt-get install -y python3-lgpio" in out
    assert "groupadd" not in out
    assert "is not Raspberry Pi OS" not in out and "lacks" not in out


def test_a_plain_debian_gets_the_groups_and_is_told_what_it_lacks(tmp_path: Path) -> None:
    out = StandIn(tmp_path, plain=True).install()
    installs = [line for line in out.splitlines() if line.startswith("+ apt-get install")]
    assert len(installs) == 1 and "python3-venv" in installs[0] and "lgpio" not in installs[0]
    assert "no python3-lgpio in this system's archives" in out
    # the unit's SupplementaryGroups must all exist, or systemd refuses to start it
    for group in ("gpio", "i2c", "spi"):
        assert f"+ groupadd --system {group}" in out
    assert "groupadd --system dialout" not in out
    lacks = out.split("is not Raspberry Pi OS: the table serves phones and serial boxes, but it lacks:")[1]
    assert "python3-lgpio (Raspberry Pi's archive only): without it GPIO boxes do not work" in lacks
    assert "raspi-config" in lacks and "boot config" in lacks and "gpio i2c spi (made here)" in lacks


def test_the_links_at_the_end_put_an_ipv6_address_in_brackets(tmp_path: Path) -> None:
    out = StandIn(tmp_path, addresses="192.168.1.20 fd00::2").install()
    assert "Table view: http://192.168.1.20:8000/   Referee page: http://192.168.1.20:8000/referee" in out
    assert "Table view: http://[fd00::2]:8000/   Referee page: http://[fd00::2]:8000/referee" in out
