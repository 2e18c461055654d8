"""The Pico's firmware: valid Python, within what MicroPython offers, and its main loop run once on stubs."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

from hardware.firmware import xidit_protocol as proto

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


STUBS = textwrap.dedent('''
    import sys, time, types
    clock = {"ms": 0, "loops": 0}
    def sleep_ms(ms):
        clock["ms"] += ms
        clock["loops"] += 1
        if clock["loops"] > 300:
            raise KeyboardInterrupt
    time.ticks_ms = lambda: clock["ms"]
    time.ticks_diff = lambda a, b: a - b
    time.sleep_ms = sleep_ms
    machine = types.ModuleType("machine")
    class Pin:
        IN, PULL_UP = 0, 1
        def __init__(self, number, *args):
            self.number = number
        def value(self):  # OK (GP14) is down from the 50th to the 80th scan
            return 0 if self.number == 14 and 50 <= clock["loops"] < 80 else 1
    machine.Pin = Pin
    machine.I2C = lambda *args, **kwargs: None
    machine.unique_id = lambda: bytes([0xE6, 0x61, 0x4C, 0x31, 0x1B, 0x7A, 0x2F, 0x2D])
    machine.reset = lambda: sys.exit(3)
    framebuf = types.ModuleType("framebuf")
    framebuf.MONO_VLSB = 0
    framebuf.FrameBuffer = lambda buf, width, height, layout: bytes(buf)
    ssd1306 = types.ModuleType("ssd1306")
    class Display:
        def __init__(self, *args, **kwargs):
            self.picture = None
        def blit(self, picture, x, y):
            self.picture = picture
        def fill(self, colour):
            self.picture = None
        def text(self, *args):
            pass
        def show(self):
            if self.picture is not None:
                sys.stderr.write("shown %s\\n" % self.picture.hex())
    ssd1306.SSD1306_I2C = Display
    sys.modules.update(machine=machine, framebuf=framebuf, ssd1306=ssd1306)
    sys.path.insert(0, sys.argv[1])
    import runpy
    runpy.run_path(sys.argv[1] + "/main.py", run_name="__main__")
''')


def test_main_says_hello_shows_the_frame_and_sends_a_key_on_stubs(tmp_path: Path) -> None:
    frame = bytes(range(256)) * 4
    host = [proto.encode(proto.WELCOME, 0, 3)]
    host += [proto.encode(proto.PAGE, n + 1, page, col, proto.b64(data))
             for n, (page, col, data) in enumerate(proto.diff_runs(None, frame))]
    host.append(proto.encode(proto.SHOW, 9))
    (tmp_path / "stubs.py").write_text(STUBS, encoding="utf-8")
    done = subprocess.run([sys.executable, str(tmp_path / "stubs.py"), str(FIRMWARE)], input=b"".join(host),
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr.decode()
    reader = proto.LineReader()
    sent = [proto.parse(line) for line in reader.feed(done.stdout)]
    assert all(msg is not None for msg in sent), done.stdout
    said = [(m.type, m.seq, m.key, m.kind) for m in sent if m is not None]
    assert said[0][:2] == ("H", 0)
    assert ("R", 1, "", "") in said and ("A", 9, "", "") in said
    assert ("K", 2, "OK", "press") in said and not any(s[0] == "K" and s[3] != "press" for s in said)
    assert f"shown {frame.hex()}" in done.stderr.decode().splitlines()
