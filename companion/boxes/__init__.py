"""The box framework: a player's box as the table sees it, menus driven by six keys (and a game's direct
keys), and what its screen shows.

Hardware-free: key names come in as strings, frames go out as `Frame` values, and `drawing` makes of a
frame the picture that an OLED, a serial box or the phone page shows. It imports no game: a game's words,
decisions and own screens come through its part (`game_parts.BoxMenus`, the game module's `boxes`), given
to the box or found in `companion.core.registry` by the game the table plays.
"""
