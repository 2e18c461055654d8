"""Runs the Pico's firmware (main.py) on stand-ins for its hardware, under CPython or MicroPython alike.

    python3 firmware_standins.py FIRMWARE_DIR HOST_FILE [NAME=VALUE...]

Stand-ins: `machine` (key pins driven by a script, the I2C bus, the unique id, the watchdog), `select` and
the USB stream (a stand-in `sys` whose stdin/stdout are the host's end of the cable), `time` (a clock that
moves only when the firmware sleeps, so both interpreters see the same milliseconds), `os.urandom`,
`framebuf` and the `ssd1306` and `sh1106` drivers (frames shown are noted, as the glass shows them). Each
NAME=VALUE sets one of the box's build settings at the top of main.py (e.g. FLIP=True). HOST_FILE holds what
the host sends: lines "LOOP HEX", the bytes HEX arriving before the firmware's scan number LOOP.

Prints the transcript, one line per event, in the order they happened: `out LOOP LINE` for a line the box
sent, `shown LOOP HEX` for a frame on its screen, `watchdog LOOP TIMEOUT` when the watchdog starts, and at
the end `fed N` (watchdog feeds) and `loops N`; first of all, `implementation NAME`. Keeps to what
MicroPython has, as the firmware does: no typing, %-formatting.
"""
# ruff: noqa: UP031

import sys

LOOPS = 400  # scans before the stand-in clock ends the run with a Ctrl-C
# When keys are down (GP number: first and last scan): OK pressed, then UP held into its repeats.
KEYS_DOWN = {14: (50, 80), 12: (120, 260)}

real_sys = sys
firmware, host_file, settings = sys.argv[1], sys.argv[2], sys.argv[3:]
transcript = []
state = {"ms": 0, "loop": 0, "fed": 0}


class Module:
    """A module made of attributes (MicroPython has no types.ModuleType)."""


def load_host():
    schedule = []
    with open(host_file) as file:
        for text in file.read().split("\n"):
            if text:
                loop, data = text.split(" ")
                schedule.append((int(loop), bytes([int(data[i:i + 2], 16) for i in range(0, len(data), 2)])))
    return schedule


class Usb:
    """The host's end of the USB serial port: what it sent so far is there to read."""

    def __init__(self, schedule):
        self.schedule = schedule
        self.pending = b""
        self.written = b""

    def arrive(self):
        while self.schedule and self.schedule[0][0] <= state["loop"]:
            self.pending += self.schedule.pop(0)[1]

    def read(self, count):
        data, self.pending = self.pending[:count], self.pending[count:]
        return data

    def write(self, data):
        self.written += data
        while b"\n" in self.written:
            line, self.written = self.written.split(b"\n", 1)
            transcript.append("out %d %s" % (state["loop"], line.decode()))
        return len(data)


usb = Usb(load_host())


class Stream:
    def __init__(self):
        self.buffer = usb


fake_sys = Module()
fake_sys.stdin = Stream()
fake_sys.stdout = Stream()
fake_sys.path = real_sys.path

select = Module()
select.POLLIN = 1


class Poll:
    def register(self, stream, mask):
        self.stream = stream

    def poll(self, timeout):
        usb.arrive()
        return [(self.stream, select.POLLIN)] if usb.pending else []


select.poll = Poll

time = Module()


def sleep_ms(ms):
    state["ms"] += ms
    state["loop"] += 1
    if state["loop"] >= LOOPS:
        raise KeyboardInterrupt


def sleep(seconds):
    sleep_ms(int(seconds * 1000))


time.ticks_ms = lambda: state["ms"] & 0x3FFFFFFF  # wraps around as on the Pico
time.ticks_diff = lambda a, b: ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
time.sleep_ms = sleep_ms
time.sleep = sleep

machine = Module()


class Pin:
    IN = 0
    PULL_UP = 1

    def __init__(self, number, *args):
        self.number = number

    def value(self):
        first, last = KEYS_DOWN.get(self.number, (-1, -1))
        return 0 if first <= state["loop"] < last else 1


class WDT:
    def __init__(self, timeout=5000):
        transcript.append("watchdog %d %d" % (state["loop"], timeout))

    def feed(self):
        state["fed"] += 1


def reset():
    raise SystemExit(3)


machine.Pin = Pin
machine.I2C = lambda *args, **kwargs: None
machine.WDT = WDT
machine.unique_id = lambda: bytes([0xE6, 0x61, 0x4C, 0x31, 0x1B, 0x7A, 0x2F, 0x2D])
machine.reset = reset

os = Module()
os.urandom = lambda count: bytes([0xB0, 0x07, 0x5E, 0xED, 0, 0, 0, 0][:count])

framebuf = Module()
framebuf.MONO_VLSB = 0
framebuf.FrameBuffer = lambda buf, width, height, layout: bytes(buf)

def reverse_bits(byte):
    out = 0
    for bit in range(8):
        if byte & (1 << bit):
            out |= 0x80 >> bit
    return out


class Display:
    """The display drivers as far as the firmware uses them, and the glass behind them. Like the real
    drivers, they set the controller's segment remap (0xA0/0xA1) and COM scan direction (0xC0/0xC8) at
    start-up, each to what their usual modules need for an upright picture (micropython-lib's ssd1306: 0xA1,
    0xC8; the sh1106 driver: 0xA0, 0xC0), and keep `rotate` as theirs does: ssd1306's `rotate(True)` sends
    0xC8 and 0xA1 again. The glass shows the controller's memory mirrored across for the other segment
    remap and upside down for the other COM scan direction: what the screen shows, not what was asked."""

    UPRIGHT = (0xA1, 0xC8)

    def __init__(self, *args, **kwargs):
        self.picture = None
        self.segments, self.scan = None, None
        for command in self.UPRIGHT:
            self.write_cmd(command)

    def write_cmd(self, command):
        if command in (0xA0, 0xA1):
            self.segments = command
        elif command in (0xC0, 0xC8):
            self.scan = command

    def blit(self, picture, x, y):
        self.picture = picture

    def fill(self, colour):
        self.picture = None

    def text(self, *args):
        pass

    def rotate(self, flip):
        self.write_cmd(0xC0 | ((flip & 1) << 3))
        self.write_cmd(0xA0 | (flip & 1))

    def glass(self):
        pages = [self.picture[page * 128:(page + 1) * 128] for page in range(8)]
        if self.segments != self.UPRIGHT[0]:
            pages = [bytes(reversed(columns)) for columns in pages]
        if self.scan != self.UPRIGHT[1]:
            pages = [bytes(reverse_bits(b) for b in columns) for columns in reversed(pages)]
        return b"".join(pages)

    def show(self):
        if self.picture is not None:
            transcript.append("shown %d %s" % (state["loop"], "".join("%02x" % b for b in self.glass())))


class Sh1106(Display):
    UPRIGHT = (0xA0, 0xC0)

    def rotate(self, flip):  # the sh1106 driver's rotate is its flip: the other way of both
        self.write_cmd(0xA1 if flip else 0xA0)
        self.write_cmd(0xC8 if flip else 0xC0)


ssd1306 = Module()
ssd1306.SSD1306_I2C = Display
sh1106 = Module()
sh1106.SH1106_I2C = Sh1106

real_sys.path.insert(0, firmware)
import xidit_protocol  # noqa: E402,F401 - loaded with the real sys, before main.py sees the stand-in

real_sys.modules.update({"machine": machine, "select": select, "time": time, "os": os, "framebuf": framebuf,
                         "ssd1306": ssd1306, "sh1106": sh1106, "sys": fake_sys})
with open(firmware + "/main.py") as source:
    code = source.read()
for setting in settings:  # "NAME=VALUE": the box's build setting NAME at the top of main.py made VALUE
    name, value = setting.split("=")
    start = code.index("\n" + name + " = ") + 1
    end = code.index("  #", start)
    code = code[:start] + name + " = " + value + code[end:]
try:
    exec(code, {"__name__": "__main__"})
finally:
    real_sys.modules["sys"] = real_sys
print("implementation %s" % real_sys.implementation.name)
for event in transcript:
    print(event)
print("fed %d" % state["fed"])
print("loops %d" % state["loop"])
