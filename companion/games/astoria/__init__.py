"""Astoria: one box, two games played with the same gems and cards (docs/games.md, "One box, two versions"):
`laboratory/` (two teams move gems around a six-slot laboratory, "astoria-laboratory") and `epic/` (mages
defend a city while some secretly want the King dead, "astoria-epic"). `common/` holds what both share: the
gems, the colours and their words. The box itself exposes nothing: the registry finds its games from its
folders."""
