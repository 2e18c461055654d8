"""The Pico's firmware run whole (main.py and xidit_protocol.py) on stand-ins for its hardware
(firmware_standins.py): under CPython, and under MicroPython itself (its WebAssembly port from npm, run
with node), where the transcript must be the same line for line."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.firmware import xidit_protocol as proto

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "hardware" / "firmware"
STANDINS = Path(__file__).with_name("firmware_standins.py")
RUNNER = Path(__file__).with_name("micropython.mjs")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
VERSION = "1.27.0"
NPM = ROOT / "build" / "npm"  # where `make test` installs it (git ignores build/)
FRAME = bytes(range(256)) * 4
WELCOME_AT = 10


def host_lines() -> list[tuple[int, bytes]]:
    """What the table sends, by the box's scan number: a welcome, a whole frame, then acknowledgements."""
    sent = [(3, b"\n" + proto.encode(proto.QUERY, 0)), (WELCOME_AT, proto.encode(proto.WELCOME, 0, 3))]
    sent += [(20, proto.encode(proto.PAGE, n + 1, page, col, proto.b64(data)))
             for n, (page, col, data) in enumerate(proto.diff_runs(None, FRAME))]
    sent += [(20, proto.encode(proto.SHOW, 9)), (100, proto.encode(proto.ACK, 2)), (300, proto.encode(proto.ACK, 5))]
    return sent


def write_host(folder: Path) -> Path:
    path = folder / "host.txt"
    path.write_text("".join(f"{loop} {data.hex()}\n" for loop, data in host_lines()))
    return path


def run_cpython(folder: Path, *settings: str) -> list[str]:
    done = subprocess.run([sys.executable, str(STANDINS), str(FIRMWARE), str(write_host(folder)), *settings],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    implementation, *transcript = done.stdout.splitlines()
    assert implementation == "implementation cpython"
    return transcript


def micropython_package() -> Path:
    """The npm package, installed into build/npm when node and npm are there; otherwise a visible skip,
    or a failure in CI (where `make test` must have installed them)."""
    package = NPM / "node_modules" / PACKAGE
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is not None and npm is not None and not (package / "micropython.mjs").exists():
        subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(NPM),
                        f"{PACKAGE}@{VERSION}"], capture_output=True, timeout=300)
    if node is None or not (package / "micropython.mjs").exists():
        why = (f"MicroPython's WebAssembly port is not installed (node and npm, then `npm install --prefix "
               f"build/npm {PACKAGE}`; `make test` does both)")
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    return package


def test_the_firmware_talks_shows_and_starts_its_watchdog(tmp_path: Path) -> None:
    transcript = run_cpython(tmp_path)
    said = [proto.parse(line.split(" ", 2)[2].encode()) for line in transcript if line.startswith("out ")]
    assert all(msg is not None for msg in said), transcript
    lines = [(m.type, m.seq, m.key, m.kind) for m in said if m is not None]
    assert lines[0][:2] == ("H", 0)
    assert ("R", 1, "", "") in lines and ("A", 9, "", "") in lines
    keys = list({seq: (key, kind) for type_, seq, key, kind in lines if type_ == "K"}.values())  # resends once
    assert keys[:3] == [("OK", "press"), ("UP", "press"), ("UP", "hold")] and ("UP", "repeat") in keys
    assert [line.split()[2] for line in transcript if line.startswith("shown ")] == [FRAME.hex()]
    watchdog = [line for line in transcript if line.startswith("watchdog ")]
    assert watchdog == [f"watchdog {WELCOME_AT} 8000"]  # from the welcome on, not before (the REPL stays free)
    fed, loops = int(transcript[-2].split()[1]), int(transcript[-1].split()[1])
    assert loops == 400 and fed == loops - WELCOME_AT - 1  # fed on every scan once started


def run_micropython(folder: Path, *settings: str) -> list[str]:
    package = micropython_package()
    host = write_host(folder)
    done = subprocess.run(["node", str(RUNNER), str(package), str(STANDINS), str(FIRMWARE / "main.py"),
                           str(FIRMWARE / "xidit_protocol.py"), str(host), "--", "/run/host.txt", *settings],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    implementation, *transcript = done.stdout.splitlines()
    assert implementation == "implementation micropython"
    return transcript


def test_the_firmware_says_the_same_under_micropython(tmp_path: Path) -> None:
    assert run_micropython(tmp_path) == run_cpython(tmp_path)


def half_turn(frame: bytes) -> bytes:
    """A 128x64 frame (8 pages of 128 column bytes, bit 0 on top) turned half a turn."""
    return bytes(int(f"{byte:08b}"[::-1], 2) for byte in reversed(frame))


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_flip_turns_the_picture_on_the_glass_under_micropython(tmp_path: Path, driver: str) -> None:
    """FLIP = True in main.py: the glass shows the table's frame upside down (the screen is mounted the
    other way), with each driver; the stand-in glass follows the controller's commands, as a screen does."""
    settings = (f'DRIVER="{driver}"', "FLIP=True")
    shown = [line.split()[2] for line in run_micropython(tmp_path, *settings) if line.startswith("shown ")]
    assert shown == [half_turn(FRAME).hex()] != [FRAME.hex()]
    upright = [line.split()[2] for line in run_cpython(tmp_path, f'DRIVER="{driver}"') if line.startswith("shown ")]
    assert upright == [FRAME.hex()]
