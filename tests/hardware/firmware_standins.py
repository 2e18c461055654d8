"""Runs the Pico's firmware (main.py) on stand-ins for its hardware, under CPython or MicroPython alike.

    python3 firmware_standins.py FIRMWARE_DIR HOST_FILE

Stand-ins: `machine` (key pins driven by a script, the I2C bus, the unique id, the watchdog), `select` and
the USB stream (a stand-in `sys` whose stdin/stdout are the host's end of the cable), `time` (a clock that
moves only when the firmware sleeps, so both interpreters see the same milliseconds), `os.urandom`,
`framebuf` and the `ssd1306` driver (frames shown are noted). HOST_FILE holds what the host sends: lines
"LOOP HEX", the bytes HEX arriving before the firmware's scan number LOOP.

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
firmware, host_file = sys.argv[1], sys.argv[2]
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

ssd1306 = Module()


class Display:
    def __init__(self, *args, **kwargs):
        self.picture = None

    def blit(self, picture, x, y):
        self.picture = picture

    def fill(self, colour):
        self.picture = None

    def text(self, *args):
        pass

    def rotate(self, flip):
        pass

    def show(self):
        if self.picture is not None:
            transcript.append("shown %d %s" % (state["loop"], "".join("%02x" % b for b in self.picture)))


ssd1306.SSD1306_I2C = Display

real_sys.path.insert(0, firmware)
import xidit_protocol  # noqa: E402,F401 - loaded with the real sys, before main.py sees the stand-in

real_sys.modules.update({"machine": machine, "select": select, "time": time, "os": os, "framebuf": framebuf,
                         "ssd1306": ssd1306, "sys": fake_sys})
with open(firmware + "/main.py") as source:
    code = source.read()
try:
    exec(code, {"__name__": "__main__"})
finally:
    real_sys.modules["sys"] = real_sys
print("implementation %s" % real_sys.implementation.name)
for event in transcript:
    print(event)
print("fed %d" % state["fed"])
print("loops %d" % state["loop"])
