"""Xidit button box firmware: a Raspberry Pi Pico (MicroPython) with up to eleven keys and a 128x64 OLED,
talking to the table over its USB serial port with the line protocol of xidit_protocol.py.

Flash (hardware/README.md has the steps): stop the table's service, then `mpremote mip install ssd1306`
(or sh1106.py from the micropython-sh1106 driver, see DRIVER) and `mpremote cp hardware/firmware/*.py :`.
Hold BACK while plugging the box in to get the REPL instead of this program (for Thonny or mpremote).
Once the table has welcomed the box a watchdog runs: a hung I2C transfer or loop restarts the box within
WATCHDOG_MS. It cannot be stopped, so Ctrl-C after a welcome gives the REPL for those seconds only.

Nothing here may print: the USB serial port carries the protocol.
"""

import os
import select
import sys
import time

import framebuf
import machine
import xidit_protocol as proto

try:
    import ubinascii as binascii
except ImportError:
    import binascii

# --- settings for this box's build ---

# GPIO numbers (GPn) of the keys; each key goes from its pin to GND. Leave out the keys the box lacks.
KEY_PINS = {
    "LEFT": 10, "RIGHT": 11, "UP": 12, "DOWN": 13, "OK": 14, "BACK": 15,
    "BLACK": 16, "RED": 17, "BLUE": 18, "ACTION": 19, "WAIT": 20,
}
I2C_ID = 0  # I2C0 on GP4 (SDA) and GP5 (SCL)
I2C_SDA = 4
I2C_SCL = 5
I2C_FREQ = 400000
OLED_ADDRESS = 0x3C
DRIVER = "ssd1306"  # or "sh1106" for the 1.3" screens (driver file sh1106.py copied to the Pico)
FLIP = False  # True to turn the picture upside down (screen mounted the other way)

# The controller's segment remap (0xA0/0xA1: columns left to right or right to left) and COM scan direction
# (0xC0/0xC8: rows top down or bottom up) that turn the picture half a turn, for each driver: the other way
# of both from what the driver sets at start-up (ssd1306: 0xA1 0xC8; sh1106: 0xA0 0xC0). Sent directly:
# the ssd1306 driver's rotate(True) sends what its start-up already set, so the picture did not turn.
FLIPPED = {"ssd1306": (0xA0, 0xC0), "sh1106": (0xA1, 0xC8)}

SCAN_MS = 5
WATCHDOG_MS = 8000  # the RP2040's watchdog counts to 8.3 s at most


def make_display():
    i2c = machine.I2C(I2C_ID, sda=machine.Pin(I2C_SDA), scl=machine.Pin(I2C_SCL), freq=I2C_FREQ)
    if DRIVER == "sh1106":
        import sh1106
        display = sh1106.SH1106_I2C(proto.WIDTH, proto.HEIGHT, i2c, addr=OLED_ADDRESS)
    else:
        import ssd1306
        display = ssd1306.SSD1306_I2C(proto.WIDTH, proto.HEIGHT, i2c, addr=OLED_ADDRESS)
    if FLIP:
        for command in FLIPPED[DRIVER]:
            display.write_cmd(command)
    return display


class Screen:
    """The OLED: frames from the table, or a status text of our own."""

    def __init__(self):
        try:
            self.display = make_display()
        except Exception:  # no screen found: the keys still work
            self.display = None

    def frame(self, frame):
        if self.display is None:
            return
        self.display.blit(framebuf.FrameBuffer(frame, proto.WIDTH, proto.HEIGHT, framebuf.MONO_VLSB), 0, 0)
        self.display.show()

    def status(self, *lines):
        if self.display is None:
            return
        self.display.fill(0)
        self.display.text("Xidit box " + proto.FIRMWARE, 0, 0)
        y = 20
        for line in lines:
            self.display.text(line, 0, y)
            y += 12
        self.display.show()


class Clock:
    """Milliseconds since start, growing for ever (time.ticks_ms wraps around)."""

    def __init__(self):
        self.last = time.ticks_ms()
        self.now = 0

    def __call__(self):
        t = time.ticks_ms()
        self.now += time.ticks_diff(t, self.last)
        self.last = t
        return self.now


def box_id():
    return binascii.hexlify(machine.unique_id()).decode().upper()


def boot_id():
    return binascii.hexlify(os.urandom(4)).decode().upper()


def run():
    keys = {}
    for name in KEY_PINS:
        keys[name] = machine.Pin(KEY_PINS[name], machine.Pin.IN, machine.Pin.PULL_UP)
    if "BACK" in keys and keys["BACK"].value() == 0:
        return  # BACK held at power-up: leave the REPL to the tools

    screen = Screen()
    screen.status("waiting for", "the table...")
    clock = Clock()
    out = sys.stdout.buffer

    def write(line):
        out.write(line)

    box = proto.BoxProtocol(box_id(), boot_id(), write, clock)
    scanner = proto.KeyScanner(list(keys))
    box.on_show = screen.frame
    box.on_seat = lambda seat: screen.status("seat %d" % seat, "", "waiting for", "the picture...")

    stdin = sys.stdin.buffer
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    welcomed = False
    watchdog = None  # started at the first welcome: before it, a tool may take the REPL for good
    box.hello()
    while True:
        if watchdog is not None:
            watchdog.feed()
        data = b""
        while len(data) < 512 and poller.poll(0):
            byte = stdin.read(1)
            if not byte:
                break
            data += byte
        if data:
            box.feed(data)
        down = [name for name in keys if keys[name].value() == 0]
        for key, kind in scanner.update(clock(), down):
            box.press(key, kind)
        box.poll()
        if welcomed and not box.welcomed:
            screen.status("table lost:", "waiting for", "the table...")
        if box.welcomed and watchdog is None:
            watchdog = machine.WDT(timeout=WATCHDOG_MS)
        welcomed = box.welcomed
        time.sleep_ms(SCAN_MS)


def main():
    try:
        run()
    except KeyboardInterrupt:  # Ctrl-C from Thonny or mpremote: back to the REPL
        return
    except Exception as error:  # show it, then start again
        try:
            Screen().status("error:", str(error)[:16], "restarting...")
        except Exception:
            pass
        time.sleep(3)
        machine.reset()


main()
