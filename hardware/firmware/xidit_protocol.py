"""The line protocol between the table (host) and a serial button box (a Pico running MicroPython).

hardware/PROTOCOL.md describes it. This one file runs on both ends: the host imports it from CPython and the
box runs it under MicroPython, so it keeps to what both have: bytes, str, ints, lists, dicts, small classes,
`binascii` (`ubinascii` on old MicroPython); no dataclasses, no typing at run time, no f-strings.

What is here: the checksum, line encoding and parsing, a bounded line reader, the frame diff (page runs),
and the box's side of the protocol (`KeyScanner` for debounced keys, `BoxProtocol` for the link) so that
the tests' fake box runs exactly the code the firmware runs.
"""

try:
    import binascii
except ImportError:  # pragma: no cover - old MicroPython
    import ubinascii as binascii  # type: ignore[import-not-found, no-redef]

TYPE_CHECKING = False
if TYPE_CHECKING:  # pragma: no cover - for the type checker only
    from collections.abc import Callable

PROTOCOL = 1
FIRMWARE = "1.0"

MAX_LINE = 240  # bytes in a line, without its newline: longer lines are dropped whole
MAX_SEQ = 999999999  # sequence numbers are decimal, at most nine digits
WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8
FRAME_BYTES = WIDTH * PAGES  # 1024: byte page*128+col holds 8 pixels of column col, bit 0 at the top
MERGE_GAP = 12  # two changed runs closer than this many columns go in one line (cheaper than a new line)

# Message types. Box -> host: HELLO, KEY, FULL (reliable: KEY, FULL), ACK. Host -> box: WELCOME, QUERY,
# PAGE, SHOW (reliable: PAGE, SHOW), ACK.
HELLO = "H"
KEY = "K"
FULL = "R"
ACK = "A"
WELCOME = "W"
QUERY = "Q"
PAGE = "P"
SHOW = "S"
_ARITY = {HELLO: 6, KEY: 4, FULL: 2, ACK: 2, WELCOME: 3, QUERY: 2, PAGE: 5, SHOW: 2}

KEY_NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK", "BLACK", "RED", "BLUE", "ACTION", "WAIT")
KIND_CODES = {"p": "press", "h": "hold", "r": "repeat"}
KIND_LETTERS = {"press": "p", "hold": "h", "repeat": "r"}

_TOKEN = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-"
_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_HEX = b"0123456789ABCDEF"


# --- the checksum: CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final xor) ---

def _crc_table() -> "list[int]":
    table = []
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        table.append(c & 0xFFFF)
    return table


_TABLE = _crc_table()
_crc_hqx = getattr(binascii, "crc_hqx", None)  # CPython has it in C; MicroPython does not


def crc16_pure(data: bytes, crc: int = 0xFFFF) -> int:
    table = _TABLE
    for b in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ b) & 0xFF]
    return crc


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE of `data` (0x29B1 for b"123456789")."""
    if _crc_hqx is not None:
        return int(_crc_hqx(data, crc))
    return crc16_pure(data, crc)


# --- lines ---

def encode(*fields: "str | int") -> bytes:
    """One line: the fields separated by single spaces, a space, the CRC of all that as four upper-case hex
    digits, and a newline. Fields are printable ASCII without spaces."""
    body = " ".join([str(f) for f in fields]).encode()
    crc = crc16(body)
    return body + b" " + bytes([_HEX[crc >> 12], _HEX[(crc >> 8) & 15], _HEX[(crc >> 4) & 15], _HEX[crc & 15]]) + b"\n"


def checksum_ok(line: bytes) -> bool:
    """True when `line` (with or without its newline) ends in a space and the right CRC of what precedes it."""
    if line[-1:] == b"\n":
        line = line[:-1]
    if line[-1:] == b"\r":
        line = line[:-1]
    n = len(line)
    if n < 6 or n > MAX_LINE or line[n - 5] != 32:
        return False
    crc = 0
    for i in range(n - 4, n):
        digit = _HEX.find(bytes([line[i]]))
        if digit < 0:
            return False
        crc = crc * 16 + digit
    return crc16(line[:n - 5]) == crc


def _uint(text: str, limit: int = MAX_SEQ) -> int:
    if not text or len(text) > 9 or not text.isdigit():
        raise ValueError("not a number")
    value = int(text)
    if value > limit:
        raise ValueError("out of range")
    return value


def _token(text: str, longest: int) -> str:
    if not 0 < len(text) <= longest:
        raise ValueError("bad length")
    for c in text.encode():
        if _TOKEN.find(bytes([c])) < 0:
            raise ValueError("bad character")
    return text


def b64(data: bytes) -> str:
    return binascii.b2a_base64(data).decode().strip()


def _unb64(text: str) -> bytes:
    raw = text.encode()
    if not raw or len(raw) % 4:
        raise ValueError("bad base64 length")
    for c in raw:
        if _B64.find(bytes([c])) < 0:
            raise ValueError("bad base64 character")
    data = bytes(binascii.a2b_base64(raw))
    if b64(data) != text:  # one canonical spelling only
        raise ValueError("not canonical base64")
    return data


class Message:
    """A parsed line. `type` is one of the one-letter types and `seq` its number; the other attributes are
    set by type: HELLO box_id firmware boot proto; KEY key kind; WELCOME seat; PAGE page col data."""

    def __init__(self, type: str, seq: int) -> None:
        self.type = type
        self.seq = seq
        self.box_id = ""
        self.firmware = ""
        self.boot = ""
        self.proto = 0
        self.key = ""
        self.kind = ""
        self.seat = 0
        self.page = 0
        self.col = 0
        self.data = b""

    def __repr__(self) -> str:
        return "Message(%s %d)" % (self.type, self.seq)


def parse(line: bytes) -> "Message | None":
    """The message of one line, or None for anything that fails its checksum or does not follow the format.
    Never raises on any input."""
    if not checksum_ok(line):
        return None
    body = line[:line.rfind(b" ")]
    for c in body:
        if c < 32 or c > 126:
            return None
    parts = body.decode().split(" ")
    kind = parts[0]
    if _ARITY.get(kind) != len(parts):
        return None
    try:
        msg = Message(kind, _uint(parts[1]))
        if kind == HELLO:
            msg.box_id = _token(parts[2], 32)
            msg.firmware = _token(parts[3], 16)
            msg.boot = _token(parts[4], 16)
            msg.proto = _uint(parts[5])
        elif kind == KEY:
            if parts[2] not in KEY_NAMES or parts[3] not in KIND_CODES:
                return None
            msg.key = parts[2]
            msg.kind = KIND_CODES[parts[3]]
        elif kind == WELCOME:
            msg.seat = _uint(parts[2])
        elif kind == PAGE:
            msg.page = _uint(parts[2], PAGES - 1)
            msg.col = _uint(parts[3], WIDTH - 1)
            msg.data = _unb64(parts[4])
            if msg.col + len(msg.data) > WIDTH:
                return None
    except ValueError:  # binascii.Error is a ValueError
        return None
    return msg


class LineReader:
    """Cuts a byte stream into lines. A line longer than `max_line` is dropped whole (up to its newline) and
    counted in `overlong`; so after any garbage the next newline puts the reader back in step."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.overlong = 0
        self._buf = b""
        self._skipping = False

    def feed(self, data: bytes) -> "list[bytes]":
        lines = []
        start = 0
        n = len(data)
        limit = self.max_line + 1  # room for a \r before the \n
        while start < n:
            end = data.find(b"\n", start)
            if end < 0:
                if not self._skipping:
                    if len(self._buf) + n - start > limit:
                        self._buf = b""
                        self._skipping = True
                        self.overlong += 1
                    else:
                        self._buf += data[start:]
                break
            if self._skipping:
                self._skipping = False
            elif len(self._buf) + end - start > limit:
                self.overlong += 1
                self._buf = b""
            else:
                lines.append(self._buf + data[start:end])
                self._buf = b""
            start = end + 1
        return lines


# --- frames: 1024 bytes in the SSD1306 page layout ---

def diff_runs(old: "bytes | bytearray | None", new: "bytes | bytearray",
              merge_gap: int = MERGE_GAP) -> "list[tuple[int, int, bytes]]":
    """The (page, first column, bytes) runs that turn `old` into `new`; every page whole when `old` is None.
    Changed columns closer than `merge_gap` share a run (WIDTH: one run a page, first to last change).
    The host's OLED screens use it too: this is the one frame diff of the project."""
    runs = []
    for page in range(PAGES):
        base = page * WIDTH
        if old is None:
            runs.append((page, 0, bytes(new[base:base + WIDTH])))
            continue
        start = -1
        last = -1
        for col in range(WIDTH):
            if old[base + col] != new[base + col]:
                if start < 0:
                    start = col
                elif col - last > merge_gap:
                    runs.append((page, start, bytes(new[base + start:base + last + 1])))
                    start = col
                last = col
        if start >= 0:
            runs.append((page, start, bytes(new[base + start:base + last + 1])))
    return runs


def apply_run(frame: bytearray, page: int, col: int, data: bytes) -> None:
    at = page * WIDTH + col
    frame[at:at + len(data)] = data


# --- the box's side ---

class KeyScanner:
    """Debounced keys with hold and auto-repeat, fed with the raw key states at each scan.
    `update(now_ms, down)` (down: the set of key names reading pressed) returns [(key, kind)]: "press" once the
    key has read pressed for `debounce_ms`, "hold" after `hold_ms` more, then for UP and DOWN a "repeat"
    every `repeat_ms` until released."""

    def __init__(self, keys: "list[str]", debounce_ms: int = 20, hold_ms: int = 500, repeat_ms: int = 120,
                 repeating: "tuple[str, ...]" = ("UP", "DOWN")) -> None:
        self.debounce_ms = debounce_ms
        self.hold_ms = hold_ms
        self.repeat_ms = repeat_ms
        self.repeating = repeating
        self._raw = {}  # type: dict[str, bool]
        self._since = {}  # type: dict[str, int]
        self._stable = {}  # type: dict[str, bool]
        self._next = {}  # type: dict[str, int]  # when the next hold or repeat is due
        self._held = {}  # type: dict[str, bool]
        for key in keys:
            self._raw[key] = False
            self._since[key] = 0
            self._stable[key] = False
            self._next[key] = 0
            self._held[key] = False

    def update(self, now: int, down: "set[str] | list[str] | tuple[str, ...]") -> "list[tuple[str, str]]":
        out = []
        for key in self._raw:
            raw = key in down
            if raw != self._raw[key]:
                self._raw[key] = raw
                self._since[key] = now
            if raw != self._stable[key] and now - self._since[key] >= self.debounce_ms:
                self._stable[key] = raw
                if raw:
                    out.append((key, "press"))
                    self._held[key] = False
                    self._next[key] = now + self.hold_ms
            if self._stable[key] and now >= self._next[key]:
                if not self._held[key]:
                    self._held[key] = True
                    out.append((key, "hold"))
                    self._next[key] = now + self.repeat_ms if key in self.repeating else now + (1 << 30)
                else:
                    out.append((key, "repeat"))
                    self._next[key] = max(self._next[key] + self.repeat_ms, now + 1)
        return out


class BoxProtocol:
    """The box's end of the link, with no I/O of its own: `write(bytes)` sends, `clock()` gives milliseconds.

    Call `feed(bytes)` with what arrives, `press(key, kind)` for each key event, `poll()` often (it resends
    and says HELLO when due). `on_seat(seat)` is called when the host welcomes the box, `on_show(frame)` when a
    frame update is complete (the frame is a 1024-byte bytearray in the SSD1306 page layout).

    Key events wait in `pending` until the host acknowledges them: they survive a lost line, an unplugged
    cable and a host that restarts, as long as the box keeps power. Once `max_pending` events wait, further
    repeats are dropped (they would be stale anyway); presses and holds are dropped only past `max_queue`.
    """

    def __init__(self, box_id: str, boot: str, write: "Callable[[bytes], object]", clock: "Callable[[], int]",
                 firmware: str = FIRMWARE, resend_ms: int = 300, hello_ms: int = 1000, give_up: int = 10,
                 window: int = 8, max_pending: int = 32, max_queue: int = 256) -> None:
        self.box_id = _token(box_id, 32)
        self.boot = _token(boot, 16)
        self.firmware = _token(firmware, 16)
        self.write = write
        self.clock = clock
        self.resend_ms = resend_ms
        self.hello_ms = hello_ms
        self.give_up = give_up
        self.window = window
        self.max_pending = max_pending
        self.max_queue = max_queue
        self.seat = 0  # 0: not welcomed yet
        self.welcomed = False
        self.frame = bytearray(FRAME_BYTES)
        self.pending = []  # type: list[tuple[int, str, bytes]]  # (seq, type, line) unacknowledged, oldest first
        self.next_seq = 1
        self.acked = 0  # every uplink seq up to this one is acknowledged
        self.rx_last = 0  # every downlink seq up to this one is applied
        self.reader = LineReader()
        self.on_seat = None  # type: Callable[[int], object] | None
        self.on_show = None  # type: Callable[[bytearray], object] | None
        self.dropped = 0  # lines that failed their checksum or format
        self.resent = 0  # lines sent again for want of an acknowledgement
        self.lost = 0  # key events refused because the queue was full
        self.bytes_out = 0
        self._sent_at = 0
        self._hello_at = -(1 << 30)
        self._failures = 0
        self._sent = 0  # how many of `pending` (from the oldest) were sent in the current round
        self._round = 0  # how many rounds the oldest pending line has been through

    def _send(self, line: bytes) -> None:
        self.bytes_out += len(line)
        self.write(line)

    def hello(self) -> None:
        self._hello_at = self.clock()
        self._send(encode(HELLO, self.acked, self.box_id, self.firmware, self.boot, PROTOCOL))

    def _queue(self, kind: str, fields: "list[str]") -> None:
        seq = self.next_seq
        self.next_seq += 1
        self.pending.append((seq, kind, encode(kind, seq, *fields)))
        self._pump()

    def press(self, key: str, kind: str = "press") -> bool:
        """Queue one key event; False when it was dropped because too many are waiting."""
        if key not in KEY_NAMES or kind not in KIND_LETTERS:
            raise ValueError("unknown key or kind")
        waiting = len(self.pending)
        if waiting >= self.max_queue or (kind == "repeat" and waiting >= self.max_pending):
            self.lost += 1
            return False
        self._queue(KEY, [key, KIND_LETTERS[kind]])
        return True

    def request_full(self) -> None:
        """Ask the host for the whole frame again (once: not while an earlier request is unacknowledged)."""
        for _, kind, _ in self.pending:
            if kind == FULL:
                return
        self._queue(FULL, [])

    def _pump(self) -> None:
        """Send the pending lines not yet sent in this round, as far as the window allows."""
        if not self.welcomed:
            return
        while self._sent < len(self.pending) and self._sent < self.window:
            if self._sent == 0:
                self._sent_at = self.clock()
            if self._round:
                self.resent += 1
            self._send(self.pending[self._sent][2])
            self._sent += 1

    def feed(self, data: bytes) -> None:
        """Handle what arrived; frame lines are acknowledged once per call, cumulatively."""
        ack = False
        for line in self.reader.feed(data):
            if self.receive(line):
                ack = True
        if ack:
            self._send(encode(ACK, self.rx_last))

    def receive(self, line: bytes) -> bool:
        """Handle one line; True when it calls for an acknowledgement."""
        msg = parse(line)
        if msg is None:
            if line.strip():
                self.dropped += 1
                if self.welcomed:
                    self.request_full()
            return False
        if msg.type == QUERY:
            self.hello()
        elif msg.type == WELCOME:
            self.welcomed = True
            self.seat = msg.seat
            self.rx_last = msg.seq
            self._failures = 0
            self._sent = 0  # send everything still pending again, in order
            self._round = 0
            if self.on_seat is not None:
                self.on_seat(msg.seat)
            self.request_full()
            self._pump()
        elif msg.type == ACK:
            if self.welcomed and self.acked < msg.seq < self.next_seq:
                self._acknowledged(msg.seq)
        elif msg.type == PAGE or msg.type == SHOW:
            if not self.welcomed:
                return False
            if msg.seq == self.rx_last + 1:  # in order: apply; a repeat or a line after a gap is only acked
                self.rx_last = msg.seq
                if msg.type == PAGE:
                    apply_run(self.frame, msg.page, msg.col, msg.data)
                elif self.on_show is not None:
                    self.on_show(self.frame)
            return True
        return False

    def _acknowledged(self, seq: int) -> None:
        done = 0
        while done < len(self.pending) and self.pending[done][0] <= seq:
            done += 1
        del self.pending[:done]
        self.acked = seq
        self._sent = max(0, self._sent - done)
        self._failures = 0
        self._round = 0
        self._sent_at = self.clock()
        self._pump()

    def poll(self) -> None:
        """Resend what waits too long for its acknowledgement; say HELLO while not welcomed."""
        now = self.clock()
        if not self.welcomed:
            if now - self._hello_at >= self.hello_ms:
                self.hello()
            return
        if self.pending and now - self._sent_at >= self.resend_ms:
            self._failures += 1
            if self._failures >= self.give_up:  # the host is gone: say HELLO until it answers
                self.welcomed = False
                self._sent = 0
                self.hello()
                return
            self._sent = 0
            self._round += 1
            self._pump()
