"""The French catalog of Zargos's own messages (companion/locale/catalogs.py says which)."""
