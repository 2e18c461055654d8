"""The Epic's moves: a player's action or effect (one frozen value, its `type` the kind and only the fields that
kind uses), and a chance outcome (an Invasion card), with their JSON in the record format
`astoria-epic-record/1` (docs/formats.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.errors import BadRecord

from .terms import COLOURS, GRIMOIRE_GLYPHS

RECORD_FORMAT = "astoria-epic-record/1"


@dataclass(frozen=True)
class ArtefactCard:
    """An Artefact as its player types it when he starts it (E6.5; the card is physical and the engine knows
    no catalogue of them): its gem places' colours, the domain and number of Glyphs it generates once finished,
    whether it is a Grimoire (six Glyphs, 5 Power to finish, E6.8)."""

    places: tuple[str, ...]
    domain: str
    glyphs: int
    grimoire: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"places": list(self.places), "domain": self.domain, "glyphs": self.glyphs, "grimoire": self.grimoire}

    @classmethod
    def from_json(cls, data: Any) -> ArtefactCard:
        if not isinstance(data, dict):
            raise BadRecord("an Artefact typed in is an object")
        places, domain, glyphs, grimoire = data.get("places"), data.get("domain"), data.get("glyphs"), \
            data.get("grimoire", False)
        if not isinstance(places, list) or not all(p in COLOURS for p in places) or domain not in COLOURS or \
                type(glyphs) is not int or type(grimoire) is not bool:
            raise BadRecord("an Artefact typed in has places (colours), a domain (a colour), glyphs and grimoire")
        return cls(tuple(places), domain, glyphs, grimoire)


@dataclass(frozen=True)
class Move:
    """A player's move. `type` says which; the other fields are those `FIELDS[type]` lists."""

    type: str
    seat: int
    pile: int | None = None  # draw: 1 to 3
    colour: str | None = None
    colours: tuple[str, ...] = ()
    artefact: int | None = None  # the index of an Artefact in its owner's list (the mover's, or `target`'s)
    card: str | None = None  # a card of the mover's: "talent", "role" or "artefact:N"
    cards: tuple[str, ...] | None = None  # cards tilted (None: "defend" declined)
    target: int | None = None  # another seat
    faction: str | None = None
    effect: str | None = None  # spend: which Glyph effect
    count: int | None = None
    typed: ArtefactCard | None = None  # craft: the Artefact started
    chief: int | None = None  # fight: the active Chief's index, in the order laid
    role: str | None = None  # the variant's role chosen (E14.1)


@dataclass(frozen=True)
class Chance:
    outcome: Any  # an Invasion card: its catalogue number, or the card typed in (an object)


# One entry per kind: the fields it carries (besides type and seat). The one table of kinds: the engine's
# handlers (match.py) and the random player (testing.py) hold exactly these.
FIELDS: dict[str, tuple[str, ...]] = {
    "draw": ("pile",),  # E6.1
    "power": (),  # E6.2
    "destroy": ("colour",),  # E6.3
    "create": ("colour",),  # E6.4
    "craft": ("colour", "artefact", "typed"),  # E6.5: artefact None and typed given: a new one
    "use": ("card",),  # E6.9, E6.10
    "tribute": ("colour",),  # E6.11
    "fight": ("chief", "cards"),  # E6.12, E8
    "guard": (),  # E6.13
    "accuse": ("target", "faction"),  # E6.14, E11
    "assault": ("cards",),  # E9.2
    "help_craft": ("target", "artefact", "colour"),  # E14.2
    "give_card": ("target",),  # E14.2
    "give_gems": ("target", "colours"),  # E14.2
    "give_artefact": ("target", "artefact"),  # E14.2
    "role_talent": ("colour", "target", "artefact", "effect"),  # E14.9
    "spend": ("effect", "count", "target", "colour", "artefact"),  # E7, A-26
    "end": (),  # the turn's end once its actions are taken (A-26: Glyphs left are lost)
    "rescue": ("card",),  # E7.6, A-30: None passes
    "parry": ("card",),  # E10.4, A-38: None passes
    "defend": ("cards",),  # E9.3, A-28: None declines
    "straighten": ("cards",),  # E10.5, A-39
    "role": ("role",),  # E14.1
}
ACTIONS = ("draw", "power", "destroy", "create", "craft", "use", "tribute", "fight", "guard", "accuse", "assault",
           "help_craft", "give_card", "give_gems", "give_artefact", "role_talent")
HELP = ("help_craft", "give_card", "give_gems", "give_artefact")  # E14.2: one of them per turn
GLYPH_ACTIONS = ("use", "fight", "assault")  # A-26 (and a Grand Alchemist's Talent, A-54)

_INTS = ("pile", "artefact", "target", "count", "chief")
_WORDS = ("colour", "card", "faction", "effect", "role")


def move_to_json(move: Move | Chance) -> dict[str, Any]:
    if isinstance(move, Chance):
        return {"type": "chance", "outcome": move.outcome}
    found: dict[str, Any] = {"type": move.type, "seat": move.seat}
    for name in FIELDS[move.type]:
        value = getattr(move, name)
        if name == "typed":
            value = None if value is None else value.to_json()
        elif isinstance(value, tuple):
            value = list(value)
        found[name] = value
    return found


def move_from_json(data: Any) -> Move | Chance:
    if not isinstance(data, dict):
        raise BadRecord(f"an Epic move is an object, not {data!r}")
    kind = data.get("type")
    if kind == "chance":
        if "outcome" not in data:
            raise BadRecord("a chance move needs its outcome")
        return Chance(data["outcome"])
    if kind not in FIELDS:
        raise BadRecord(f"no Epic move of type {kind!r}")
    seat = data.get("seat")
    if type(seat) is not int:
        raise BadRecord(f"a {kind} move needs its seat, a whole number")
    values: dict[str, Any] = {}
    for name in FIELDS[kind]:
        value = data.get(name)
        if value is None:
            continue
        if name in _INTS and type(value) is not int:
            raise BadRecord(f"{kind}: {name} is a whole number")
        if name in _WORDS and not isinstance(value, str):
            raise BadRecord(f"{kind}: {name} is a word")
        if name in ("cards", "colours"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise BadRecord(f"{kind}: {name} is a list of words")
            value = tuple(value)
        if name == "typed":
            value = ArtefactCard.from_json(value)
        values[name] = value
    return Move(kind, seat, **values)


def glyphs_of(card: ArtefactCard) -> int:
    return GRIMOIRE_GLYPHS if card.grimoire else card.glyphs
