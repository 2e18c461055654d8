"""The long twin: the box's shared rules, over three laps."""

from companion.core.errors import N_

from ..common.rules import twin

GAME = twin("long", N_("Twins, long"), laps=3)
