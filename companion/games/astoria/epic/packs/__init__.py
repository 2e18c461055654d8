"""The Epic's packs (`astoria-epic-pack/1`): the shipped one, PROVISIONAL (epic.toml says which numbers are
guesses), read from the package's files."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from companion.core.packs import ShippedPacks

from ..rules.pack import FORMAT, EpicPack, parse_pack


def shipped_text() -> str:
    return files(__package__).joinpath("epic.toml").read_text(encoding="utf-8")


@cache
def shipped() -> EpicPack:
    return parse_pack(shipped_text())


class EpicPacks(ShippedPacks[EpicPack]):
    walk = None  # no owner's walk-through yet: the numbers are checked in the pack's file (PROVISIONAL.md)

    def __init__(self) -> None:
        super().__init__(FORMAT, shipped_text, shipped, parse_pack)
