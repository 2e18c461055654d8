"""Zargos (the game of six peoples and the kingdom of Zargos): the companion's second game, in progress.

Its pure engine (`rules`), its map packs (`boards`) and a random agent (`agents`) exist; the table's steps,
the box menus and the page parts do not yet (issue 29). Until they do this package defines no `GAME`, so
the registry does not offer Zargos to a table that could not play it.
"""
