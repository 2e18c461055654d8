"""What a game gives the pages: the framework's shell (pages, API, auth, streams) asks a game module's `web`
part, typed here, for everything that is the game's own: its map, its seat page's controls, its scoring in
words, its wizard's fields beyond the seats, the texts its scripts show, the requests its scripts send, and
its templates and static files.

A game never imports the web: what it gets from the framework is plain (a view, the table's pack, a
translate function, a field reader) and what it gives back is HTML text, JSON-like dicts and template names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

JSON = dict[str, Any]
Translate = Callable[..., str]  # t(message, **params): the text in the page's language


class Fields(Protocol):
    """A request body's fields, read with a clear error in words when one is missing or of the wrong kind."""

    def number(self, key: str) -> int: ...

    def text(self, key: str) -> str: ...

    def mapping(self, key: str) -> JSON: ...

    def get(self, key: str) -> Any: ...

    def bad(self, message: str) -> Exception: ...  # raise fields.bad("...") for any other mistake


# A request a game's scripts send: who may send it ("seat": a player for their own seat, or the referee for
# any seat, which the body names in "seat"; "table": anyone seated or the referee), and how its body becomes a
# table command, given the fields, the seat it acts for (None for "table") and who sent it ("referee" or
# "player").
Decode = Callable[[Fields, int | None, str], Any]


class GameRequest(Protocol):
    @property
    def who(self) -> str: ...

    @property
    def decode(self) -> Decode: ...


class GameWeb(Protocol):
    """A game module's page parts (`GameModule.web`)."""

    # Jinja finds the game's templates in this folder, under a subfolder named after the game ("xidit/...").
    @property
    def templates(self) -> Path: ...

    # Served under /games/<key>/static/ (the templates link them through `game_static(name)`).
    @property
    def static(self) -> Path: ...

    # The game's templates for the slots of the framework's pages: "seat" (the seat page's live part),
    # "scoring" (the scoring page's live part), "table" (the table's game part, after the players),
    # "legend" (how to read the map), "reference" (the printable sheet), "wizard_options" and
    # "wizard_setup" (the new-game wizard's fields beyond the seats), "macros" (required: exports
    # `phase_line(view)`, the round and phase of a view in words, and `order_icon(order)`, a sealed draft's
    # entry, for the framework's live parts), "stated" (the referee's form of what the table states, in place
    # of the framework's), "status" (the table view's status card, after the round and phase), "player" (what
    # the game adds to a player's line of the framework's pages: the template reads `p`, the player, and `at`,
    # where: "table_name", "table_tags", "referee_tags", "referee_end", "final"), "box_keys" (the seat page's
    # box view: the game's own keys beside the menu keys), "asking" (a question of the table's that is no
    # chance question, `asking` without a `prompt`: Xidit's tile or colossus). Another slot a game leaves
    # out is not shown. The framework's templates read nothing of a game's view but through these slots.
    @property
    def slots(self) -> Mapping[str, str]: ...

    # The game's own scripts of the framework's pages, by page, in its static folder: "seat" (the seat page's),
    # "referee" (loaded before the framework's referee.js, it sets window.GamePages.referee: syncWizard,
    # startWizard, setup, faceUp, seats(wizard, n, seats) -> the seats' devices by the game's seat numbers,
    # choiceForm); "stated" (loaded on the referee's and seat pages: the script of the "stated" slot's form).
    # When the referee's wizard offers another game than the table's, that game's script is loaded
    # too, for the wizard alone (web/static/wizard-game.js). A game without page parts gets the framework's
    # generic ones (web/generic.py); the framework's requests `tell`, `set_chance` and `state` serve every game.
    @property
    def scripts(self) -> Mapping[str, str]: ...

    # The texts the game's scripts show by themselves (served by /texts.json with the framework's).
    @property
    def script_messages(self) -> tuple[str, ...]: ...

    @property
    def script_plurals(self) -> tuple[tuple[str, str], ...]: ...

    # The requests the game's scripts send beyond the framework's (Xidit's set_order, lock, tell_tile...).
    @property
    def requests(self) -> Mapping[str, GameRequest]: ...

    # The field of the `new_game` request that carries what the table typed in for the set-up (NewGame.typed,
    # read by the game's `table.typed_setup`): Xidit's "face_up" (docs/formats.md).
    @property
    def typed_field(self) -> str: ...
    # Whether `board_svg` draws a map: the pages offer its zoom buttons only then (the framework's generic
    # parts draw none).
    @property
    def has_map(self) -> bool: ...

    def board_svg(self, view: JSON, pack: Any, t: Translate, language: str) -> str:
        """The map as this view shows it (an empty board from `{"version": ""}`)."""
        ...

    def chart_svg(self, view: JSON, t: Translate) -> str:
        """The final scoring as a chart."""
        ...

    def story(self, view: JSON, t: Translate, referee: bool) -> Any:
        """The final scoring in words, for the scoring slot and the final ranking."""
        ...

    def final_ranking(self, view: JSON) -> list[JSON]:
        """The players of a finished game, the winner first."""
        ...

    def seat_parts(self, seat: int, snapshot: Any, pack: Any, t: Translate, language: str) -> JSON:
        """What the seat slot's template gets from the seat's own snapshot (companion.table.SeatSnapshot)."""
        ...

    def page_parts(self, pack: Any, t: Translate, language: str) -> JSON:
        """What every page's templates get beyond the framework's context (names of pieces, wizard choices);
        the referee's live part asks for `decision_words()`: each decision's name -> its words."""
        ...

    def reference(self, pack: Any, t: Translate, language: str) -> JSON:
        """The context of the reference slot: the printable sheet of a pack."""
        ...


class PackWalk(Protocol):
    """A game's walk-through of its pack against the owner's copy (`GameModule.packs.walk`), as the walk's
    pages (web/verify.py) show it. A walk itself has `answer`, `skip`, `back`, `goto`, `first_open`,
    `progress`, `changes`, `complete`, `pack_text(date)` and `to_json()`."""

    @property
    def bad_answer(self) -> type[Exception]: ...  # `.text(language)` says why

    @property
    def bad_progress(self) -> type[Exception]: ...

    @property
    def not_ready(self) -> type[Exception]: ...  # `.unanswered`, `.conflicts` (each `.to_json(language)`)

    def start(self, pack: Any, text: str) -> Any: ...

    def from_json(self, saved: Any) -> Any: ...

    def has_screen(self, key: str) -> bool: ...

    def page(self, t: Translate) -> JSON: ...  # the walk page's context

    def state_json(self, walk: Any, lang: str, t: Translate) -> JSON: ...


class GamePacks(Protocol):
    """What the walk's pages ask of a game's packs (`GameModule.packs`)."""

    @property
    def walk(self) -> PackWalk | None: ...  # None: no walk-through yet (the pages offer none)

    def parse(self, text: str) -> Any: ...  # a pack (its `name`, `status`)

    def check(self, text: str) -> list[Any]: ...  # every problem of a pack's text (each `.line`), none: usable

    def saved(self, store: Any) -> Any: ...  # its files beside the store (the verified pack, the walk's progress)
