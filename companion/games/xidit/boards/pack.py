"""Board packs in and out: TOML text to a checked `Board`, and the pack shipped with the companion."""

from __future__ import annotations

import hashlib
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.errors import BadBoard

from .build import build_board
from .problems import Problem, Problems
from .read import read_pack
from .validate import validate

DEFAULT_PACK = "xidit.toml"


def parse_pack(text: str) -> Board:
    """The board a pack describes; `BadBoard` lists every problem when it has any."""
    problems, board = _analyse(text)
    if board is None:
        raise BadBoard([p.line for p in problems])
    return board


def check_pack(text: str) -> list[Problem]:
    """Every problem of a pack, each naming the table and entry it is in; empty when clean."""
    return _analyse(text)[0]


def load_pack(path: str | os.PathLike[str]) -> Board:
    try:
        raw = Path(path).read_bytes()  # bytes, not text mode: the hash is of the file exactly as it is
    except OSError as error:
        raise BadBoard([f"{os.fspath(path)}: cannot read the board pack ({error.strerror})"]) from error
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadBoard([f"{os.fspath(path)}: the board pack is not UTF-8 text "
                        f"(bad byte at offset {error.start})"]) from error
    return parse_pack(text)


@dataclass(frozen=True)
class Labels:
    """The optional `label` of a pack's regions (by id) and colossi (by place in the list): how an owner
    finds each on the board. The engine has no use for them, so `Board` does not carry them."""

    regions: dict[int, str] = field(default_factory=dict)
    colossi: dict[int, str] = field(default_factory=dict)


def pack_labels(text: str) -> Labels:
    """The labels of a pack `parse_pack` accepts."""
    entries = read_pack(tomllib.loads(text.removeprefix("\ufeff")), Problems())
    return Labels({r.id: r.pack_label for r in entries.regions if r.id is not None and r.pack_label},
                  {c.index: c.pack_label for c in entries.colossi if c.pack_label})


@cache
def default_pack_text() -> str:
    return resources.files("companion.games.xidit.boards").joinpath(DEFAULT_PACK).read_bytes().decode("utf-8")


@cache
def default_pack() -> Board:
    return parse_pack(default_pack_text())


def _analyse(text: str) -> tuple[list[Problem], Board | None]:
    # A byte-order mark (as some Windows editors write) is not TOML, but it is part of the file the
    # hash identifies, so it is skipped for parsing only.
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        return [Problem("pack", "pack", f"not valid TOML: {_with_line(str(error), text)}")], None
    problems = Problems()
    entries = read_pack(data, problems)
    validate(entries, problems)
    if problems.found:
        return problems.found, None
    return [], build_board(entries, hashlib.sha256(text.encode("utf-8")).hexdigest())


def _with_line(message: str, text: str) -> str:
    """tomllib says "at end of document" for some errors; a user needs a line number there too."""
    if re.search(r"\bline \d+", message):
        return message
    return f"{message} (line {text.count(chr(10)) + 1})"
