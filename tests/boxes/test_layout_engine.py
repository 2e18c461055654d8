"""The boxes' text is the same picture whatever text-shaping library the system has (issue 25, item 2).

Pillow lays text out with Raqm when it can load libfribidi, and with its own basic layout otherwise; the
two space letters differently. Raspberry Pi OS Lite has libfribidi0 only by accident, so every golden
screen is drawn twice in a fresh interpreter: as this machine's Pillow would, and with libfribidi hidden
(an unloadable stand-in first on the library path), and both must be the goldens pixel for pixel."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

DRAW_GOLDENS = """
import json
from PIL import Image, ImageChops, features
from companion.boxes.drawing import image
from tests.boxes.test_golden_screens import FRAMES, GOLDEN
differ = [name for name, frame in sorted(FRAMES.items())
          if ImageChops.difference(image(frame).convert("L"),
                                   Image.open(GOLDEN / f"{name}.png").convert("L")).getbbox() is not None]
print(json.dumps({"raqm": bool(features.check("raqm")), "differ": differ, "frames": len(FRAMES)}))
"""


def draw_goldens(env: dict[str, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", DRAW_GOLDENS], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_without_libfribidi_the_screens_are_the_goldens(tmp_path: Path) -> None:
    # An empty file named as the library: the dynamic loader finds it first and cannot load it, as on a
    # system without libfribidi0.
    (tmp_path / "libfribidi.so.0").write_bytes(b"")
    env = dict(os.environ, LD_LIBRARY_PATH=f"{tmp_path}:{os.environ.get('LD_LIBRARY_PATH', '')}")
    result = draw_goldens(env)
    assert result["raqm"] is False, "libfribidi could not be hidden from Pillow"
    assert result["frames"] and result["differ"] == []


def test_with_raqm_the_screens_are_the_goldens() -> None:
    result = draw_goldens(dict(os.environ))
    if not result["raqm"]:
        why = "Pillow has no Raqm layout here (libfribidi0 missing; `make tools` installs it): nothing else to compare"
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    assert result["frames"] and result["differ"] == []


def test_every_truetype_font_of_the_package_names_its_layout_engine() -> None:
    calls = []
    for folder in ("companion", "hardware", "web"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in ("truetype", "FreeTypeFont")):
                    named = any(k.arg == "layout_engine" for k in node.keywords)
                    calls.append((f"{path.relative_to(ROOT)}:{node.lineno}", named))
    assert calls, "no ImageFont.truetype call found: the boxes draw with some other font?"
    assert [where for where, named in calls if not named] == []
