"""A player's box as the table sees it: menus driven by six keys, and what its screen shows.

Hardware-free: key names come in as strings, frames go out as `Frame` values that
`hardware.screens` draws on an OLED (or the phone page draws the same image).
"""
