"""The Pico's firmware: valid Python, within what MicroPython offers (test_firmware_run.py runs it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parents[2] / "hardware" / "firmware"
SOURCES = ("main.py", "xidit_protocol.py")
# modules a MicroPython build for the Pico has (u-prefixed names included)
MICROPYTHON_MODULES = {"binascii", "ubinascii", "os", "select", "sys", "time", "machine", "framebuf",
                       "xidit_protocol", "ssd1306", "sh1106"}


def test_the_firmware_compiles() -> None:
    for name in SOURCES:
        compile((FIRMWARE / name).read_text(encoding="utf-8"), str(FIRMWARE / name), "exec")


def _runtime_imports(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []  # only the type checker reads these
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_the_firmware_keeps_to_micropython() -> None:
    for name in SOURCES:
        tree = ast.parse((FIRMWARE / name).read_text(encoding="utf-8"))
        assert _runtime_imports(tree) <= MICROPYTHON_MODULES, name
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)], f"{name}: no f-strings"
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.AnnAssign)], f"{name}: no variable annotations"


def test_the_protocol_module_imports_without_typing_or_dataclasses() -> None:
    script = ("import sys; sys.modules['typing'] = None; sys.modules['dataclasses'] = None; "
              "sys.modules['collections.abc'] = None; sys.path.insert(0, sys.argv[1]); import xidit_protocol as p; "
              "assert p.parse(p.encode('K', 1, 'OK', 'p')).key == 'OK'; assert p._crc_hqx is not None")
    subprocess.run([sys.executable, "-c", script, str(FIRMWARE)], check=True, timeout=60)
