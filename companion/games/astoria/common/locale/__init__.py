"""The French catalog of Astoria's messages, both its games' (companion/locale/catalogs.py says which: a
box keeps its catalog in its shared part)."""
