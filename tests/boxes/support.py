"""Driving boxes with keys (the key-level virtual player lives in the package: benches use it too)."""

from companion.boxes.keys import keys_for, split_keys

__all__ = ["keys_for", "split_keys"]
