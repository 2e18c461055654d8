"""The toy game's French catalog (`GameModule.catalog`), as a game of the companion carries its own: read by
companion/i18n.py like Xidit's and Zargos's. Written by hand: `make catalog` finds only the shipped games."""
