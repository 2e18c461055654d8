"""What spec §3 (and ruling P-07) forbid a seat or public reader to see: one check for every view,
endpoint and stream."""

from __future__ import annotations

from typing import Any

from companion.rules import Game


def forbidden_in(view: dict[str, Any], reader: int | None, game: Game | None) -> list[str]:
    """What spec §3 (and ruling P-07) forbid a seat or public reader to see. Without the game (a view
    read later from a stream), what the view itself says stands in for the game's state."""
    found = []
    fame_scored = (game.state.fame_scored if game is not None else
                   any(r["category"] == "fame" for r in view["scoring"]["rounds"]))
    revealed = view["phase"] not in ("place", "program")
    for p in view["players"]:
        if p["seat"] == reader:
            continue
        for key in ("gold", "units", "pending_floors"):
            if key in p:
                found.append(f"seat {p['seat']} {key}")
        if not fame_scored and ("bards_left" in p or "floors_left" in p):
            found.append(f"seat {p['seat']} reserve")
        if "program" in p and not revealed:
            found.append(f"seat {p['seat']} program before the reveal")
    for region in view["regions"]:
        if region["bastion"] and not fame_scored and "bards" in region:
            found.append("Bastion bards")
    for pile in ("recruit_pile", "threat_pile"):
        if not isinstance(view["ladders"][pile], dict):
            found.append(f"{pile} order")
    census = view["census"]
    if census and ("choices" in census or ("my_choice" in census and reader is None)):
        found.append("census choices")
    if census and "chosen" in census and game is not None:
        # A player the engine answered for (they own none of the unit) must look like one still choosing.
        hidden = game.state.census_auto - {reader}
        if hidden & set(census["chosen"]):
            found.append("who owns none of the census unit")
        awaited = {a["seat"] for a in view["awaiting"]}
        if not game.state.pending and hidden - awaited:
            found.append("who owns none of the census unit (awaiting)")
    return found
