"""The Laboratory's pieces in the table's words: a gem with its article (French gems are feminine: « une gemme
verte »), a slot as the board's players number it (1 to 6, from team A's side: the pack's slot 0 is slot 1),
a team, a card. Each renders itself in the reader's language when a line is shown (companion.i18n.word)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_, translate

A_GEM = {"red": N_("a red gem"), "blue": N_("a blue gem"), "yellow": N_("a yellow gem"),
         "green": N_("a green gem"), "violet": N_("a violet gem"), "orange": N_("an orange gem")}
THE_GEM = {"red": N_("the red gem"), "blue": N_("the blue gem"), "yellow": N_("the yellow gem"),
           "green": N_("the green gem"), "violet": N_("the violet gem"), "orange": N_("the orange gem")}
REACTION = {"red": N_("Red reaction"), "blue": N_("Blue reaction"), "yellow": N_("Yellow reaction"),
            "green": N_("Green reaction"), "violet": N_("Violet reaction"), "orange": N_("Orange reaction")}
TEAMS = ("A", "B")


@dataclass(frozen=True)
class Gem:
    """A gem of a colour, "a" gem or "the" gem."""

    colour: str
    definite: bool = False

    def render(self, language: str) -> str:
        return translate(language, (THE_GEM if self.definite else A_GEM)[self.colour])


@dataclass(frozen=True)
class GemIn:
    """The gem of a colour in a slot: "the red gem of slot 1"."""

    colour: str
    slot: int

    def render(self, language: str) -> str:
        return translate(language, N_("{gem} of slot {slot}"), {"gem": Gem(self.colour, True), "slot": self.slot + 1})


@dataclass(frozen=True)
class Reaction:
    colour: str

    def render(self, language: str) -> str:
        return translate(language, REACTION[self.colour])


def slot(index: int) -> int:
    """A slot as people read it: 1 to 6."""
    return index + 1


def team(index: int) -> str:
    return TEAMS[index]
