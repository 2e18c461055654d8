"""Playing games without people: a random agent over the engine's legal choices, and `simulate`."""
