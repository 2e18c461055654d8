"""Virtual players with levels (random, easy, normal, strong) that see only their own seat's view."""
