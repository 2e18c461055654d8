"""The map as the engine reads it: provinces, kingdoms, borders, sea spaces, the lake and Zargos's rings.

A `Board` is built from a checked pack (companion/games/zargos/boards); the engine never sees a pack
with problems, so every reference here resolves.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

ZARGOS = "zargos"  # the kingdom id of the central kingdom in every pack


class Name(str):
    """A place's name as the pack gives it (`name`, the English pages'), with its French name (`name_fr`) when
    the pack has one: a message field renders it in the reader's language (companion.i18n.word); everywhere
    else it is the pack's `name`."""

    fr: str

    def __new__(cls, name: str, fr: str | None = None) -> Name:
        made = super().__new__(cls, name)
        made.fr = fr or name
        return made

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return str(self), self.fr

    def render(self, language: str) -> str:
        return self.fr if language == "fr" else str(self)


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    kingdom: str
    seas: tuple[str, ...]  # the sea spaces (the lake included) it borders: coastal when not empty


@dataclass(frozen=True)
class Kingdom:
    id: str
    name: str
    capital: str | None  # None for Zargos, whose Forbidden City is a capital without a card (Z-11)
    value: int | None  # printed on the capital (10.2); None: not known, the table says it when needed
    provinces: tuple[str, ...]


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    links: tuple[str, ...]
    lake: bool


@dataclass(frozen=True)
class Board:
    name: str
    status: str
    sha256: str
    provinces: dict[str, Province]
    kingdoms: dict[str, Kingdom]
    seas: dict[str, Sea]
    borders: dict[str, frozenset[str]]
    forbidden_city: str
    around: tuple[str, ...]  # the three provinces around the Forbidden City (9.3, 14.1)
    coastal_zargos: tuple[str, ...]  # Zargos's six coastal provinces (9.3)
    rank_circles: int = 6
    _capitals: frozenset[str] = field(default=frozenset(), repr=False)

    def __post_init__(self) -> None:
        capitals = {k.capital for k in self.kingdoms.values() if k.capital is not None}
        object.__setattr__(self, "_capitals", frozenset(capitals | {self.forbidden_city}))

    def kingdom_of(self, province: str) -> str:
        return self.provinces[province].kingdom

    def in_zargos(self, province: str) -> bool:
        return self.provinces[province].kingdom == ZARGOS

    def is_capital(self, province: str) -> bool:
        """A kingdom's capital, the Forbidden City included (6.7)."""
        return province in self._capitals

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.borders.get(a, frozenset())

    def coastal(self, province: str) -> bool:
        return bool(self.provinces[province].seas)

    def sea_route_ok(self, start: str, route: tuple[str, ...], end: str) -> bool:
        """Z-08: a chain of sea spaces, each adjacent to the next, the first bordering the start (5.4 (2)),
        the last bordering the end (5.4 (3))."""
        if not route or any(s not in self.seas for s in route):
            return False
        if route[0] not in self.provinces[start].seas or route[-1] not in self.provinces[end].seas:
            return False
        return all(b in self.seas[a].links for a, b in zip(route, route[1:], strict=False))

    def shortest_sea_route(self, start: str, end: str, avoid: frozenset[str] = frozenset()) -> tuple[str, ...] | None:
        """The fewest sea spaces from one coastal province to another (used by agents and choices)."""
        firsts = [s for s in self.provinces[start].seas if s not in avoid]
        goal = set(self.provinces[end].seas)
        seen: dict[str, tuple[str, ...]] = {s: (s,) for s in firsts}
        queue = deque(firsts)
        while queue:
            sea = queue.popleft()
            if sea in goal:
                return seen[sea]
            for nxt in self.seas[sea].links:
                if nxt not in seen and nxt not in avoid:
                    seen[nxt] = (*seen[sea], nxt)
                    queue.append(nxt)
        return None

    def province_name(self, province: str) -> str:
        return self.provinces[province].name
