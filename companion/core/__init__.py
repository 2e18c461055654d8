"""What the framework and every game module share: the game contract, its errors and its words.

Nothing here imports the framework's adapters or any game; a game imports this, never the table, the web
or another game."""
