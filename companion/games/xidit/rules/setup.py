"""A game's setup: who plays, how long, and the seed or explicit layout of the tiles (§2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import BadRecord
from .terms import CATEGORIES, PLAYER_COLOURS

LAYOUT_KEYS = ("recruit", "threat", "recruit_pile", "threat_pile", "colossi", "scoring", "reinforcements")


@dataclass(frozen=True)
class Seat:
    seat: int
    colour: str
    name: str | None = None


@dataclass(frozen=True)
class Hidden:
    """A game set up by typing only what lies face up (hidden.py): the rest of its layout is the engine's
    guess until the table says what it drew. Kept by the table, never in a record: a record's layout is
    complete, and replays without a question."""

    answered: int = 0  # how many of the table's questions have been answered: the layout holds the answers
    colossi_seen: frozenset[int] = frozenset()  # pack indexes of the colossi typed by their print, on top


@dataclass(frozen=True)
class Layout:
    """Explicit placements that override the seed; any part left as None is drawn from the seed."""

    recruit: tuple[int, ...] | None = None
    threat: tuple[int, ...] | None = None
    recruit_pile: tuple[int, ...] | None = None  # top first, the top goes to the next-recruitment slot
    threat_pile: tuple[int, ...] | None = None
    colossi: tuple[tuple[int, ...], ...] | None = None  # pack indexes, each stack top first, stacks 3, 4, 5
    scoring: tuple[str, ...] | None = None
    reinforcements: tuple[tuple[int, ...], ...] | None = None  # each new threat pile, top first
    hidden: Hidden | None = None  # not a record's: see Hidden


@dataclass(frozen=True)
class Setup:
    players: tuple[Seat, ...]  # clockwise
    length: str = "long"
    first_player: int = 1
    neutral: str | None = None  # "normal" or "hard", 3 players only
    seed: int = 0
    layout: Layout = field(default_factory=Layout)

    @property
    def short(self) -> bool:
        return self.length == "short"

    @property
    def years(self) -> int:
        return 9 if self.short else 12

    @property
    def variant(self) -> str:
        return f"{len(self.players)}{'-short' if self.short else ''}"

    @property
    def tile_set(self) -> str:
        return "3" if len(self.players) == 3 else "4-5"

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players)

    def check(self) -> None:
        """Refuses a setup the rules cannot play (§2)."""
        n = len(self.players)
        if not 3 <= n <= 5:
            raise BadRecord(f"a game needs 3 to 5 players, not {n}")
        seats = self.seats
        if len(set(seats)) != n:
            raise BadRecord("two players share a seat number")
        colours = [p.colour for p in self.players]
        if len(set(colours)) != n or any(c not in PLAYER_COLOURS for c in colours):
            raise BadRecord(f"each player needs a different colour among {', '.join(PLAYER_COLOURS)}")
        if self.length not in ("long", "short"):
            raise BadRecord(f"length must be long or short, not {self.length!r}")
        if self.first_player not in seats:
            raise BadRecord(f"first player {self.first_player} is not a seat of this game")
        if n == 3 and self.neutral not in ("normal", "hard"):
            raise BadRecord("a 3-player game needs the neutral player: normal or hard")
        if n != 3 and self.neutral is not None:
            raise BadRecord("only a 3-player game has a neutral player")
        if self.layout.scoring is not None and sorted(self.layout.scoring) != sorted(CATEGORIES):
            raise BadRecord("layout.scoring must name wealth, influence and fame once each")


def _ints(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise BadRecord(f"{what} must be a list of whole numbers")
    return tuple(value)


def _int_lists(value: Any, what: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, list):
        raise BadRecord(f"{what} must be a list of lists")
    return tuple(_ints(v, what) for v in value)


def layout_from_json(data: Any) -> Layout:
    if not isinstance(data, dict):
        raise BadRecord("setup.layout must be an object")
    extra = set(data) - set(LAYOUT_KEYS)
    if extra:
        raise BadRecord(f"setup.layout: unknown key(s) {', '.join(sorted(extra))}")
    scoring = data.get("scoring")
    if scoring is not None and (not isinstance(scoring, list) or any(not isinstance(s, str) for s in scoring)):
        raise BadRecord("setup.layout.scoring must be a list of categories")
    return Layout(
        recruit=_ints(data["recruit"], "layout.recruit") if "recruit" in data else None,
        threat=_ints(data["threat"], "layout.threat") if "threat" in data else None,
        recruit_pile=_ints(data["recruit_pile"], "layout.recruit_pile") if "recruit_pile" in data else None,
        threat_pile=_ints(data["threat_pile"], "layout.threat_pile") if "threat_pile" in data else None,
        colossi=_int_lists(data["colossi"], "layout.colossi") if "colossi" in data else None,
        scoring=tuple(scoring) if scoring is not None else None,
        reinforcements=(
            _int_lists(data["reinforcements"], "layout.reinforcements") if "reinforcements" in data else None
        ),
    )


def layout_to_json(layout: Layout) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in LAYOUT_KEYS:
        value = getattr(layout, key)
        if value is not None:
            out[key] = [list(v) if isinstance(v, tuple) else v for v in value]
    return out


def setup_from_json(data: Any) -> Setup:
    if not isinstance(data, dict):
        raise BadRecord("setup must be an object")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise BadRecord("setup.players must be a non-empty list")
    seats = []
    for p in players:
        if not isinstance(p, dict) or isinstance(p.get("seat"), bool) or not isinstance(p.get("seat"), int):
            raise BadRecord("each player needs a whole-number 'seat'")
        name = p.get("name")
        if name is not None and not isinstance(name, str):
            raise BadRecord("a player's name must be text")
        seats.append(Seat(p["seat"], str(p.get("colour")), name))
    seed = data.get("seed", 0)
    first = data.get("first_player", seats[0].seat)
    if isinstance(seed, bool) or not isinstance(seed, int) or isinstance(first, bool) or not isinstance(first, int):
        raise BadRecord("setup.seed and setup.first_player must be whole numbers")
    neutral = data.get("neutral")
    if neutral is None and len(seats) == 3:
        neutral = "normal"  # the rulebook's standard neutral player when a record does not say
    if neutral is not None and not isinstance(neutral, str):
        raise BadRecord("setup.neutral must be normal or hard")
    setup = Setup(
        players=tuple(seats),
        length=str(data.get("length", "long")),
        first_player=first,
        neutral=neutral,
        seed=seed,
        layout=layout_from_json(data.get("layout", {})),
    )
    setup.check()
    return setup


def setup_to_json(setup: Setup) -> dict[str, Any]:
    players: list[dict[str, Any]] = []
    for p in setup.players:
        entry: dict[str, Any] = {"seat": p.seat, "colour": p.colour}
        if p.name is not None:
            entry["name"] = p.name
        players.append(entry)
    out: dict[str, Any] = {
        "players": players,
        "length": setup.length,
        "first_player": setup.first_player,
        "seed": setup.seed,
    }
    if setup.neutral is not None:
        out["neutral"] = setup.neutral
    layout = layout_to_json(setup.layout)
    if layout:
        out["layout"] = layout
    return out
