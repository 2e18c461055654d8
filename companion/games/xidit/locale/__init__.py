"""The French catalog of Lords of Xidit's own messages (companion/locale/catalogs.py says which)."""
