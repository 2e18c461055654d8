"""Old names, kept while issue 28's branches merge: the random player is `..agents.random_player`, the
simulations are the agents harness's (companion.agents.simulate) with Xidit's setups and summary in
`..agents.simulation`. Nothing in the companion imports this package; remove it once no branch does."""
