"""The short twin: the box's shared rules, over one lap."""

from companion.core.errors import N_

from ..common.rules import twin

GAME = twin("short", N_("Twins, short"), laps=1)
