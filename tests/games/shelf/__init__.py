"""A place the tests' boxes of games lie in, searched as companion.games is (`registry.PLACES`) when a test
asks for it (tests/games/test_boxes.py's `shelf` fixture): the companion never ships them."""
