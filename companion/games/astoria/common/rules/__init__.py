"""Rules both Astoria games apply, pure (held to a game's rules by tests/test_boundaries.py)."""
