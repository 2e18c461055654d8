"""`python -m tests.games.toy <companion arguments>`: the companion's command line with the toy game
registered beside the installed ones."""

import sys

from companion import cli
from companion.core import registry

from . import WITH_AGENTS

registry.register(WITH_AGENTS)
sys.exit(cli.main(sys.argv[1:]))
