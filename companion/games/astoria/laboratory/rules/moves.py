"""The Laboratory's set-up and moves (people's actions and chance outcomes) and their JSON in the record
format "astoria-laboratory-record/1" (docs/formats.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from companion.core.errors import BadRecord

from ...common.rules.gems import COLOURS
from .pack import CARDS, SLOTS

RECORD_FORMAT = "astoria-laboratory-record/1"
TEAMS = ("A", "B")
TEAM_PLAY = ("cooperative", "collective")  # L11.1
ROTATIONS = ("moves", "neighbours")  # A-07's two readings of the orange reaction
OBJECTS = ("one", "any")  # A-15's two readings: one object per check, or any number, one after another
# The Artefacts known by their number in the pack's catalogue (hands tracked, every card told), or typed when
# laid, pattern and Glyphs (hands are then counts, and the Pi asks at each check whether an object is made).
CARD_MODES = ("catalogue", "typed")
GLYPHS = range(1, 5)  # L1.5: 1 to 4 Glyphs on an Artefact


@dataclass(frozen=True)
class LabSetup:
    """Seats 1..players (A-06): seat 2k-1 is team A's k-th player, seat 2k team B's, facing him. `characters`:
    the Character dealt to each seat, in seat order (L2.3); `spares`: the other Characters, team A's then team
    B's (L2.4, A-04). `seed` is for the table's Pi when it draws; the engine itself never draws."""

    players: int
    characters: tuple[str, ...]
    spares: tuple[tuple[str, ...], tuple[str, ...]]
    team_play: str = "cooperative"
    rotations: str = "moves"
    seed: int = 0
    objects: str = "one"
    cards: str = "catalogue"

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(1, self.players + 1))

    @staticmethod
    def team(seat: int) -> int:
        return (seat - 1) % 2

    def members(self, team: int) -> tuple[int, ...]:
        return tuple(s for s in self.seats if self.team(s) == team)

    def team_characters(self, team: int) -> tuple[str, ...]:
        return (*(self.characters[s - 1] for s in self.members(team)), *self.spares[team])

    def problem(self) -> str | None:
        """Why this set-up cannot be played (L2.1, L2.3, A-04), or None."""
        if self.players not in (2, 4, 6):
            return f"the Laboratory is played by 2, 4 or 6 players, not {self.players} (L2.1)"
        if len(self.characters) != self.players:
            return "one Character per player (L2.3)"
        every = [*self.characters, *self.spares[0], *self.spares[1]]
        if sorted(map(str, every)) != sorted(COLOURS):
            return "the six Characters, one of each colour, are dealt or shared out (L2.3, L2.4)"
        if len(self.team_characters(0)) != 3:
            return "each team holds three Characters (A-04)"
        if self.team_play not in TEAM_PLAY:
            return f"team play is one of {', '.join(TEAM_PLAY)} (L11.1)"
        if self.rotations not in ROTATIONS:
            return f"rotations are one of {', '.join(ROTATIONS)} (A-07)"
        if self.objects not in OBJECTS:
            return f"objects are one of {', '.join(OBJECTS)} (A-15)"
        if self.cards not in CARD_MODES:
            return f"cards are one of {', '.join(CARD_MODES)}"
        return None


# -- moves -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Add:
    """L4: a gem from the Reserve to a slot; also a blue reaction's gem (L7.2, `type` "place")."""

    seat: int
    colour: str
    slot: int
    type: str = "add"


@dataclass(frozen=True)
class Draw:
    """L5: a face-up Discovery (0 to 2) or, with `discovery` None, the deck's top card; `discard` first at 5
    cards (L5.2)."""

    seat: int
    discovery: int | None = None
    discard: int | None = None
    type: str = "draw"


@dataclass(frozen=True)
class Shift:
    """A gem moved from a slot to another: the Alchemy move (L6.2, `type` "move") or one of a violet or
    orange reaction's three (L7.5, L7.6, `type` "shift")."""

    seat: int
    colour: str
    source: int
    to: int
    type: str = "move"


@dataclass(frozen=True)
class Take:
    """A red, yellow or green reaction's gem (L7.1, L7.3, L7.4): `into` the colour it becomes (None for red)."""

    seat: int
    slot: int
    colour: str
    into: str | None = None
    type: str = "take"


@dataclass(frozen=True)
class Make:
    """L9: the card of the hand laid as an object, or None: not now (A-15). With typed cards, `card` is None and
    the card laid is typed: its `pattern` as (slot, colour) pairs as its player sees the laboratory (L9.3) and
    its `glyphs`, one colour per Glyph (L1.5); an empty pattern is "not now"."""

    seat: int
    card: int | None
    type: str = "make"
    pattern: tuple[tuple[int, str], ...] = ()
    glyphs: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chance:
    """A chance outcome in the history: a card number (dealt, drawn, a Discovery) or a Character's colour."""

    outcome: Any


Move = Add | Draw | Shift | Take | Make | Chance
KINDS: dict[str, type] = {"add": Add, "place": Add, "draw": Draw, "move": Shift, "shift": Shift, "take": Take,
                          "make": Make}


def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Chance):
        return {"type": "chance", "outcome": move.outcome}
    data = {f.name: getattr(move, f.name) for f in fields(move)}
    if isinstance(move, Make):  # a typed card's pattern and Glyphs, only when typed: a catalogue record is as before
        data.pop("pattern"), data.pop("glyphs")
        if move.pattern:
            data.update(pattern=[[slot, colour] for slot, colour in move.pattern], glyphs=list(move.glyphs))
    return {"type": data.pop("type"), **data}


def _whole(data: dict[str, Any], key: str, least: int, most: int, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise BadRecord(f"a move's {key} is a whole number from {least} to {most}")
    return value


def _colour(data: dict[str, Any], key: str, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if value not in COLOURS:
        raise BadRecord(f"a move's {key} is one of {', '.join(COLOURS)}")
    return value


def move_from_json(data: Any) -> Move:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadRecord("a move is an object with a type")
    kind = data["type"]
    if kind == "chance":
        outcome = data.get("outcome")
        if not (isinstance(outcome, str) or (isinstance(outcome, int) and not isinstance(outcome, bool))):
            raise BadRecord("a chance outcome is a card number or a colour")
        return Chance(outcome)
    if kind not in KINDS:
        raise BadRecord(f"unknown move type {kind!r}: one of chance, {', '.join(KINDS)}")
    seat = _whole(data, "seat", 1, 6)
    slot = SLOTS - 1
    if kind in ("add", "place"):
        return Add(seat, _colour(data, "colour"), _whole(data, "slot", 0, slot), kind)
    if kind == "draw":
        return Draw(seat, _whole(data, "discovery", 0, 2, True), _whole(data, "discard", 0, CARDS, True))
    if kind in ("move", "shift"):
        return Shift(seat, _colour(data, "colour"), _whole(data, "source", 0, slot), _whole(data, "to", 0, slot),
                     kind)
    if kind == "take":
        return Take(seat, _whole(data, "slot", 0, slot), _colour(data, "colour"), _colour(data, "into", True))
    pattern, glyphs = data.get("pattern", []), data.get("glyphs", [])
    if not isinstance(pattern, list) or not isinstance(glyphs, list) or \
            not all(isinstance(p, list) and len(p) == 2 for p in pattern):
        raise BadRecord("a make's pattern is a list of [slot, colour] and its glyphs a list of colours")
    typed = tuple((_whole({"slot": p[0]}, "slot", 0, slot), _colour({"colour": p[1]}, "colour")) for p in pattern)
    return Make(seat, _whole(data, "card", 1, CARDS, True), "make", typed,
                tuple(_colour({"glyph": g}, "glyph") for g in glyphs))


def setup_to_json(setup: LabSetup) -> dict[str, Any]:
    return {"players": setup.players, "characters": list(setup.characters),
            "spares": {"A": list(setup.spares[0]), "B": list(setup.spares[1])},
            "team_play": setup.team_play, "rotations": setup.rotations, "objects": setup.objects,
            "cards": setup.cards, "seed": setup.seed}


def setup_from_json(data: Any) -> LabSetup:
    if not isinstance(data, dict):
        raise BadRecord("a set-up is an object")
    players, characters, spares = data.get("players"), data.get("characters"), data.get("spares")
    seed = data.get("seed", 0)
    if isinstance(players, bool) or not isinstance(players, int):
        raise BadRecord("setup.players is a whole number")
    if not isinstance(characters, list) or not isinstance(spares, dict) or \
            not all(isinstance(spares.get(t), list) for t in TEAMS):
        raise BadRecord("setup.characters is a list of colours and setup.spares {\"A\": [...], \"B\": [...]}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRecord("setup.seed is a whole number")
    setup = LabSetup(players, tuple(characters), (tuple(spares["A"]), tuple(spares["B"])),
                     data.get("team_play", "cooperative"), data.get("rotations", "moves"), seed,
                     data.get("objects", "one"), data.get("cards", "catalogue"))
    problem = setup.problem()
    if problem is not None:
        raise BadRecord(f"setup: {problem}")
    return setup
