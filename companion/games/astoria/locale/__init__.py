"""The French catalog of Astoria's messages, both its games' (companion/locale/catalogs.py says which: the
box's package)."""
