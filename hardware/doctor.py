"""`companion doctor`: what the Pi offers the button boxes and screens, and how to fix what is missing.

One line per finding; a problem's line ends with its fix. It only looks (and asks serial boxes for their HELLO,
which a box answers at any time): stop the companion service first, or pass --no-hello, so that two programs
do not read one box. It exits 0 whatever it finds, on a Pi or not.
"""

from __future__ import annotations

import argparse
import errno
import getpass
import grp
import importlib
import importlib.util
import os
import pwd
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from hardware.firmware import xidit_protocol as proto

OLED_ADDRESSES = (0x3C, 0x3D)
GROUPS = ("i2c", "gpio", "dialout")
I2C_FIX = "sudo raspi-config nonint do_i2c 0, then reboot"

# (bus number, address) -> True (answers), False (nothing there); raises PermissionError when not allowed
I2cProbe = Callable[[int, int], bool]
# port path, seconds -> the box's HELLO, or None when nothing says HELLO in time
HelloProbe = Callable[[str, float], "proto.Message | None"]


@dataclass(frozen=True)
class Finding:
    area: str
    text: str
    fix: str = ""

    @property
    def problem(self) -> bool:
        return bool(self.fix)

    def line(self) -> str:
        return f"{self.area}: {self.text}" + (f" -- fix: {self.fix}" if self.fix else "")


def smbus_probe() -> I2cProbe | None:
    """A prober that sends an empty write (an SMBus quick write) to an address with smbus2, as `i2cdetect`
    does for the OLEDs' addresses (a read could upset a device that is not a screen); None when smbus2 is
    not installed."""
    try:
        smbus2: Any = importlib.import_module("smbus2")
    except ImportError:
        return None

    def probe(bus: int, address: int) -> bool:
        try:
            with smbus2.SMBus(bus) as smbus:
                smbus.write_quick(address)
            return True
        except PermissionError:
            raise
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EPERM):
                raise PermissionError(str(error)) from None
            return False

    return probe


def serial_hello(path: str, timeout: float) -> proto.Message | None:
    """Open the port, ask "who are you?" (QUERY) and wait up to `timeout` seconds for a HELLO."""
    import serial

    reader = proto.LineReader()
    # exclusive: a port the running companion holds is reported busy rather than read from behind its back
    with serial.serial_for_url(path, timeout=0.05, write_timeout=timeout, exclusive=True) as port:
        port.write(b"\n" + proto.encode(proto.QUERY, 0))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in reader.feed(port.read(256)):
                msg = proto.parse(line)
                if msg is not None and msg.type == proto.HELLO:
                    return msg
    return None


def _user_groups(user: str) -> set[str]:
    try:
        gid = pwd.getpwnam(user).pw_gid
        return {grp.getgrgid(g).gr_name for g in os.getgrouplist(user, gid)}
    except (KeyError, OSError):
        return set()


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def _usermod(user: str, group: str) -> str:
    return f"sudo usermod -aG {group} {user}, then log in again (or restart the service)"


def check_i2c(dev: Path, probe: I2cProbe | None, user: str) -> list[Finding]:
    buses = sorted(dev.glob("i2c-*"), key=lambda p: (len(p.name), p.name))
    findings = [Finding("i2c", f"bus {bus}") for bus in buses]
    if not buses:
        findings.append(Finding("i2c", f"no I2C bus found ({dev}/i2c-*): the OLED screens cannot be reached",
                                I2C_FIX))
    if probe is None:
        findings.append(Finding("i2c", "smbus2 is not installed: OLED addresses 0x3C/0x3D not probed",
                                "pip install smbus2 (into the companion's environment; luma.oled brings it too)"))
        return findings
    for bus in buses:
        try:
            number = int(bus.name.removeprefix("i2c-"))
        except ValueError:
            continue
        try:
            found = [address for address in OLED_ADDRESSES if probe(number, address)]
        except PermissionError:
            findings.append(Finding("i2c", f"{bus}: permission denied", _usermod(user, "i2c")))
            continue
        if found:
            findings.extend(Finding("i2c", f"{bus}: a screen answers at 0x{a:02X}; for its seat: "
                                    f"screen = \"ssd1306:{number}:0x{a:02X}\" (sh1106:... for an SH1106 screen)")
                            for a in found)
        else:
            findings.append(Finding("i2c", f"{bus}: no screen at 0x3C or 0x3D",
                                    "check the OLED's wiring (SDA to pin 3, SCL to pin 5, VCC 3.3 V, GND)"
                                    if number == 1 else ""))
    return findings


def udev_name(id_path: str) -> str:
    """The name systemd/99-xidit-boxes.rules gives a box at that USB path (its /dev/serial/by-path/ name):
    udev's ID_PATH_TAG is the path with every character but letters, digits and '-' made '_'."""
    tag = "".join(c if c.isascii() and (c.isalnum() or c == "-") else "_" for c in id_path)
    return f"/dev/{UDEV_FOLDER}/{UDEV_PREFIX}{tag}"


UDEV_FOLDER, UDEV_PREFIX = "xidit", "box-"  # as in 99-xidit-boxes.rules: SYMLINK+="xidit/box-$env{ID_PATH_TAG}"
UDEV_FIX = ("install the udev rule for stable names (systemd/install.sh does it): sudo install -m 0644 "
            "systemd/99-xidit-boxes.rules /etc/udev/rules.d/ && sudo udevadm trigger --subsystem-match=tty")


def check_serial(dev: Path, hello: HelloProbe | None, timeout: float, user: str) -> list[Finding]:
    named = dev / UDEV_FOLDER
    by_path = dev / "serial" / "by-path"
    ports: list[tuple[str, str, bool]] = []  # (the path to put in the config, the device it is, udev-named)
    seen: set[str] = set()
    for link in sorted(named.glob(f"{UDEV_PREFIX}*")) if named.is_dir() else []:
        target = os.path.realpath(link)
        ports.append((str(link), target, True))
        seen.add(target)
    for link in sorted(by_path.iterdir()) if by_path.is_dir() else []:
        target = os.path.realpath(link)
        if target not in seen:
            ports.append((str(link), target, False))
            seen.add(target)
    for tty in sorted(dev.glob("ttyACM*")):
        if os.path.realpath(tty) not in seen:
            ports.append((str(tty), str(tty), False))
    if not ports:
        return [Finding("serial", f"no serial box found ({named}/{UDEV_PREFIX}*, {by_path}, {dev}/ttyACM*)")]
    findings = []
    for path, target, stable in ports:
        name = path if path == target else f"{path} ({Path(target).name})"
        if hello is None:
            findings.append(Finding("serial", f"{name}: found (not asked for its HELLO)"))
            continue
        try:
            msg = hello(path, timeout)
        except PermissionError:
            findings.append(Finding("serial", f"{name}: permission denied", _usermod(user, "dialout")))
            continue
        except Exception as error:  # noqa: BLE001 - any failure to open is reported, never raised
            if isinstance(error, OSError) and error.errno in (errno.EACCES, errno.EPERM):
                findings.append(Finding("serial", f"{name}: permission denied", _usermod(user, "dialout")))
            else:
                busy = " (in use: is the companion running? stop it, or use --no-hello)" if "lock" in str(error) else ""
                findings.append(Finding("serial", f"{name}: cannot open ({error}){busy}"))
            continue
        if msg is None:
            findings.append(Finding("serial", f"{name}: no HELLO within {timeout:g} s",
                                    "if it is a Xidit box, flash its firmware (hardware/README.md)"))
        elif stable:
            findings.append(Finding("serial", f"{name}: box {msg.box_id}, firmware {msg.firmware}, protocol "
                                    f"{msg.proto}; for its seat: box = \"serial:{path}\""))
        else:
            # Without the rule the only names are by-path's or a ttyACM number that changes with the order
            # the boxes are plugged in: say which name the rule gives it.
            named_as = udev_name(Path(path).name) if Path(path).parent == by_path else f"/dev/{UDEV_FOLDER}/..."
            findings.append(Finding("serial", f"{name}: box {msg.box_id}, firmware {msg.firmware}, protocol "
                                    f"{msg.proto}; once named by udev, for its seat: box = \"serial:{named_as}\"",
                                    UDEV_FIX))
    return findings


def check_gpio(dev: Path, proc: Path, user: str) -> list[Finding]:
    chips = sorted(dev.glob("gpiochip*"))
    if not chips:
        return [Finding("gpio", f"no GPIO chip found ({dev}/gpiochip*): not a Raspberry Pi? GPIO boxes cannot work")]
    findings = []
    for chip in chips:
        if os.access(chip, os.R_OK | os.W_OK):
            findings.append(Finding("gpio", f"{chip}: usable"))
        else:
            findings.append(Finding("gpio", f"{chip}: no read/write access", _usermod(user, "gpio")))
    if importlib.util.find_spec("lgpio") is None and importlib.util.find_spec("RPi") is None:
        # `pip install lgpio` does not help on Raspberry Pi OS Trixie (Python 3.13); Raspberry Pi's own package
        # does, and the installer's environment sees the system's packages.
        findings.append(Finding("gpio", "no pin library for gpiozero (lgpio or RPi.GPIO)",
                                "sudo apt install python3-lgpio (Raspberry Pi OS; not in plain Debian's archive)"))
    if _console_on_gpio_15(dev, proc):
        findings.append(Finding("gpio", "the serial console holds GPIO 14/15: GPIO box 2's BACK key (GPIO 15) "
                                "will not work", "sudo raspi-config nonint do_serial_cons 1, then reboot"))
    return findings


def pi_model(proc: Path) -> str:
    """The board's name from the device tree ("Raspberry Pi 5 Model B Rev 1.0"), or "" elsewhere."""
    try:
        return (proc / "device-tree" / "model").read_bytes().rstrip(b"\0\n").decode("utf-8", "replace")
    except OSError:
        return ""


def _console_on_gpio_15(dev: Path, proc: Path) -> bool:
    """Whether the kernel's console is on the UART of GPIO 14/15. Up to the Pi 4 that is serial0 (ttyAMA0
    or ttyS0). A Pi 5 has its console on its own debug connector (ttyAMA10, serial0's default there):
    only ttyAMA0, or serial0 made to point at it, takes GPIO 14/15."""
    try:
        cmdline = (proc / "cmdline").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    consoles = {word.removeprefix("console=").split(",")[0] for word in cmdline.split() if word.startswith("console=")}
    if pi_model(proc).startswith("Raspberry Pi 5"):
        serial0 = Path(os.path.realpath(dev / "serial0")).name if (dev / "serial0").exists() else ""
        return "ttyAMA0" in consoles or ("serial0" in consoles and serial0 == "ttyAMA0")
    return bool(consoles & {"serial0", "ttyAMA0", "ttyS0"})


def check_groups(user: str, groups: set[str], exists: Callable[[str], bool]) -> list[Finding]:
    if user == "root":
        return [Finding("groups", "running as root: group membership does not limit access "
                        "(check again as the service's user: --user NAME)")]
    findings = []
    for group in GROUPS:
        if not exists(group):
            findings.append(Finding("groups", f"there is no group {group!r} on this system (not Raspberry Pi OS?)"))
        elif group in groups:
            findings.append(Finding("groups", f"{user} is in {group}"))
        else:
            findings.append(Finding("groups", f"{user} is not in {group}", _usermod(user, group)))
    return findings


def run(*, dev: Path = Path("/dev"), proc: Path = Path("/proc"), user: str | None = None,
        groups: set[str] | None = None, group_exists: Callable[[str], bool] = _group_exists,
        i2c_probe: I2cProbe | None = None, hello: HelloProbe | None = serial_hello,
        hello_timeout: float = 1.5) -> list[Finding]:
    """Every finding, in the order: I2C, serial boxes, GPIO, groups."""
    user = user or getpass.getuser()
    if groups is None:
        groups = _user_groups(user)
    return (check_i2c(dev, i2c_probe, user) + check_serial(dev, hello, hello_timeout, user)
            + check_gpio(dev, proc, user) + check_groups(user, groups, group_exists))


def main(argv: Sequence[str] | None = None, *, dev: Path = Path("/dev"), proc: Path = Path("/proc"),
         groups: set[str] | None = None, group_exists: Callable[[str], bool] = _group_exists,
         i2c_probe: I2cProbe | None = None, hello: HelloProbe | None = serial_hello,
         out: TextIO | None = None) -> int:
    """The `companion doctor` command. The keyword arguments stand in for the machine in tests."""
    parser = argparse.ArgumentParser(prog="companion doctor", description=__doc__.splitlines()[0])
    parser.add_argument("--user", help="check the groups of this user (default: the current one); "
                                       "give the service's user")
    parser.add_argument("--no-hello", action="store_true", help="do not open serial ports to ask for a HELLO")
    parser.add_argument("--timeout", type=float, default=1.5, help="seconds to wait for a box's HELLO (1.5)")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    probe = i2c_probe if i2c_probe is not None else smbus_probe()
    findings = run(dev=dev, proc=proc, user=args.user, groups=groups if args.user is None else None,
                   group_exists=group_exists, i2c_probe=probe, hello=None if args.no_hello else hello,
                   hello_timeout=args.timeout)
    for finding in findings:
        print(finding.line(), file=out)
    problems = sum(f.problem for f in findings)
    print(f"{problems} problem(s) found" if problems else "no problem found", file=out)
    return 0
