"""Lords of Xidit's page parts, as the web shell asks for them (web.game_parts.GameWeb): its map and scoring
chart, its seat page's controls and program forecast, its scoring in words, the names of its pieces for the
wizard, its reference sheet, the texts and requests of its scripts, and its templates and static files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.i18n import N_, NP_

from ..rules.board import Board
from ..rules.deal import COLOSSUS_STACKS
from ..rules.terms import ROAD_COLOURS
from .requests import REQUESTS
from .seatmap import seat_map_svg
from .seatpage import seat_context
from .svg import Translate, chart_svg, map_svg
from .words import scoring_story

HERE = Path(__file__).parent

# The texts Xidit's scripts (seat.js, and the referee's decision forms and wizard) show by themselves.
# A decision in words, by the engine's name of it (the referee's page and its script, for a player it waits for).
DECISION_WORDS = {
    "place": N_("to place their Idrakys"), "program": N_("to program"), "reward": N_("to choose a reward"),
    "colossus": N_("to fight a colossus or not"), "neutral": N_("to raise a neutral player's track"),
    "census": N_("to reveal units at the census"), "census_bards": N_("to place bards at the census"),
    "floor": N_("to build a guild floor"),
}
SCRIPT_MESSAGES = (
    *DECISION_WORDS.values(),
    N_("Start on which city?"), N_("City {city}"), N_("City {city} (taken)"),
    N_("Program for seat {seat}"), N_("Slot {n}"), N_("Set and lock this program"),
    N_("Reward from colossus {number}"), N_("Reward from the threat on city {city}"),
    N_("gold {n}"), N_("bards {n}"), N_("guild floors {n}"),
    N_("bards in region {region}"), N_("bards in the Bastion (secret)"),
    N_("Fight the {n}-unit colossus"), N_("Do not fight"), N_("Raise which neutral track?"),
    N_("Reveal how many militia? (0 to {max})"), N_("Reveal how many archers? (0 to {max})"),
    N_("Reveal how many infantry? (0 to {max})"), N_("Reveal how many priests? (0 to {max})"),
    N_("Reveal how many mages? (0 to {max})"),
    N_("Floor on which guild?"), N_("Guild of city {city}"),
    N_("action"), N_("wait"),  # the two orders that are not road colours, shown by name
    N_("A layout list is not a list of numbers: {field}"),
    N_("{have} of {need}"), N_("Recruitment tiles on the board"), N_("Threat tiles on the board"),
    N_("Tiles in this game: {tiles}."), N_("{tile} is not in this game"),
    N_("There is no tile {tile} in this game: its tiles are {tiles}."),
)
SCRIPT_PLURALS = (NP_("Census: place {n} bard", "Census: place {n} bards"),)


def final_ranking(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The players at the end of a game, the winner first, then by the scoring that eliminated them, the
    latest first (players eliminated at the same scoring, in that scoring's ranking)."""
    rounds = (view.get("scoring") or {}).get("rounds", [])
    place = {s: k for rnd in rounds for k, s in enumerate(rnd["ranking"])}
    return sorted(view.get("players", []), key=lambda p: (-(p.get("eliminated") or len(rounds) + 1),
                                                          place.get(p["seat"], 0)))


def colossus_name(board: Board, index: int, language: str) -> str:
    from companion.games.xidit.table import printed  # imported late: the table part imports the web part's words

    return printed.colossus(board, index).render(language)


class XiditWeb:
    templates = HERE / "templates"
    has_map = True
    static = HERE / "static"
    slots = {"seat": "xidit/_seat.html", "scoring": "xidit/_scoring.html", "table": "xidit/_table.html",
             "legend": "xidit/_legend.html", "reference": "xidit/reference.html",
             "wizard_options": "xidit/_wizard_options.html", "wizard_setup": "xidit/_wizard_setup.html",
             "macros": "xidit/_macros.html", "status": "xidit/_status.html", "player": "xidit/_player.html",
             "box_keys": "xidit/_box_keys.html", "asking": "xidit/_asking.html"}
    # The seat page's program editor and decision controls; the referee page's wizard fields and decision forms.
    scripts = {"seat": "seat.js", "referee": "referee.js"}
    script_messages = SCRIPT_MESSAGES
    script_plurals = SCRIPT_PLURALS
    requests = REQUESTS
    typed_field = "face_up"  # the tiles face up the referee typed in (docs/formats.md, "new_game")

    def board_svg(self, view: dict[str, Any], pack: Board, t: Translate, language: str) -> str:
        return map_svg(view, pack, t, language=language)

    def chart_svg(self, view: dict[str, Any], t: Translate) -> str:
        return chart_svg(view, t)

    def story(self, view: dict[str, Any], t: Translate, referee: bool) -> Any:
        return scoring_story(view, t, referee)

    def final_ranking(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return final_ranking(view)

    def seat_parts(self, seat: int, snapshot: Any, pack: Board, t: Translate, language: str) -> dict[str, Any]:
        parts = seat_context(snapshot, t)
        parts["seat_map"] = lambda: seat_map_svg(snapshot.view, pack, t, language=language, seat=seat,
                                                 slots=snapshot.preview)
        return parts

    def page_parts(self, pack: Board, t: Translate, language: str) -> dict[str, Any]:
        return {"decision_words": lambda: {name: t(words) for name, words in DECISION_WORDS.items()},
                "colossi_choices": lambda: colossi_choices(pack, language),
                "tiles_by_form": lambda: tiles_by_form(pack),
                "colossus_name": lambda index: colossus_name(pack, index, language)}

    def reference(self, pack: Board, t: Translate, language: str) -> dict[str, Any]:
        roads = [{"city": c, "name": pack.cities[c], **{colour: pack.road(c, colour) for colour in ROAD_COLOURS}}
                 for c in sorted(pack.cities)]
        regions = [{"id": r.id, "fame": r.fame, "cities": sorted(r.cities), "bastion": r.bastion}
                   for r in sorted(pack.regions.values(), key=lambda r: r.id)]
        tiles = [(tile_set, [pack.tiles[tile_set][n] for n in sorted(pack.tiles[tile_set])])
                 for tile_set in ("4-5", "3") if tile_set in pack.tiles]
        return {"board": pack, "roads": roads, "regions": regions, "tiles": tiles,
                "map_svg": map_svg({"version": ""}, pack, t, language=language)}


def tiles_by_form(board: Board) -> dict[str, list[int]]:
    """For a face-up set-up: the tiles in play in each game form the pack has ("4-short": 4 players, short),
    so the wizard lists them before anything is typed, and checks each number as it is typed."""
    from companion.games.xidit.rules.deal import tiles_of_form

    return {form: tiles_of_form(board, "3" if form.split("-")[0] == "3" else "4-5", form)
            for form in sorted(board.variants)}


def colossi_choices(board: Board, language: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """For a face-up set-up: each colossus stack and the colossi it may have on top, by what is printed."""
    return [(needs, [(c.index, colossus_name(board, c.index, language)) for c in board.colossi
                     if c.needs == needs]) for needs in COLOSSUS_STACKS]
