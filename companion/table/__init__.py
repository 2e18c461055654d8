"""The running table: the game loop, the programming flow, the physical instructions."""
