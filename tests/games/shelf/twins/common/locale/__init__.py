"""The French catalog both twins read (each game's `GameModule.catalog` names this one package)."""
