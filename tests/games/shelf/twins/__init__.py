"""A toy box holding two toy games that share pieces and words, laid out as a box of several games is
(docs/games.md): `common/` the part both import, `short/` and `long/` one game each ("twins-short",
"twins-long"). Neither version imports the other (tests/test_boundaries.py). The box itself exposes nothing:
the registry finds its games from its folders."""
