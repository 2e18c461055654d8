"""A player's box as the table sees it: menus driven by six keys, and what its screen shows.

Hardware-free: key names come in as strings, frames go out as `Frame` values, and `drawing` makes
of a frame the picture that an OLED, a serial box or the phone page shows.
"""
