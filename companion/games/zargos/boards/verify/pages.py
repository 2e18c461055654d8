"""The Zargos map's walk-through as the owner's pages show it (web/verify.py, through web.game_parts's
PackWalk): the walk is `walk.py`'s; here are its screens, sections and fields in the page's JSON and words.
Pure: the page's translate function is handed in."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from companion.i18n import N_
from companion.owner_walk import BadAnswer, BadProgress

from ...rules import Board
from .answers import show_field
from .screens import KINGDOMS
from .texts import field_name, hint, prompt
from .walk import NotReady, Walk

Translate = Callable[..., str]
SECTIONS: Final = {"kingdom": N_("Kingdoms"), "zargos": N_("Zargos"), "seas": N_("Sea spaces"),
                   "province": N_("Provinces"), "sea": N_("Sea spaces next to each other"),
                   "count": N_("Counts on the board")}
KINDS: Final = {"name": "name", "capital": "name", "forbidden_city": "name", "lake": "name", "value": "number",
                "coastal": "names", "around": "names", "provinces": "names", "seas": "names", "borders": "names",
                "links": "names"}
KEY: Final = re.compile(rf"^(kingdom:([1-9]|{KINGDOMS})|zargos|seas|count|province:[a-z0-9-]+|sea:[a-z0-9-]+)$")


class ZargosWalk:
    bad_answer = BadAnswer  # an answer refused: `.text(language)` says why
    bad_progress = BadProgress  # a saved walk that cannot be read (set aside, the walk starts over)
    not_ready = NotReady  # finished too early: `.unanswered`, `.conflicts`

    def start(self, board: Board, text: str) -> Walk:
        del text  # the map pack carries its names itself
        return Walk.start(board)

    def from_json(self, saved: Any) -> Walk:
        return Walk.from_json(saved)

    def has_screen(self, key: str) -> bool:
        """A key of the form a screen has (which provinces and seas exist is the owner's answers')."""
        return bool(KEY.match(key))

    def page(self, t: Translate) -> dict[str, Any]:
        return {"sections": [{"name": name, "title": t(title)} for name, title in SECTIONS.items()]}

    def screen_json(self, walk: Walk, lang: str) -> dict[str, Any] | None:
        screen = walk.screen
        if screen is None:
            return None
        shown, blanks = walk.shown(screen.key), walk.blanks(screen.key)
        kinds = {"coastal": "count", "lake": "count"} if screen.kind == "count" else {}
        fields = [{"name": name, "kind": kinds.get(name, KINDS.get(name, "names")),
                   "label": field_name(screen, name, lang), "known": name not in blanks, "value": shown.get(name),
                   "shown": show_field(name, shown.get(name), lang) if name not in blanks else None}
                  for name in screen.fields]
        keys = [s.key for s in walk.screens()]
        return {"key": screen.key, "kind": screen.kind, "section": screen.kind, "title": prompt(screen, lang),
                "prompt": prompt(screen, lang), "hint": hint(screen, lang), "fields": fields,
                "answered": walk.is_answered(screen.key), "index": keys.index(screen.key),
                "provinces": walk.province_names(), "seas": walk.sea_names(),
                "conflicts": [c.text(lang) for c in walk.conflicts() if c.screen == screen.key]}

    def state_json(self, walk: Walk, lang: str, t: Translate) -> dict[str, Any]:
        """The walk's state for the page, beside the pack's (which the framework adds)."""
        done, total = walk.progress()
        screens = walk.screens()
        sections = []
        for name, title in SECTIONS.items():
            keys = [s.key for s in screens if s.kind == name]
            if keys:
                sections.append({"name": name, "title": t(title), "first": keys[0],
                                 "answered": sum(walk.is_answered(k) for k in keys), "total": len(keys),
                                 "needed": True})
        by_key = {s.key: s for s in screens}
        conflicts = [dict(c.to_json(lang), prompt=prompt(by_key[c.screen], lang)) for c in walk.conflicts()
                     if c.screen in by_key]
        changes = [{"screen": c.screen.key, "prompt": prompt(c.screen, lang),
                    "field": field_name(c.screen, c.field, lang), "before": show_field(c.field, c.before, lang),
                    "after": show_field(c.field, c.after, lang)} for c in walk.changes()]
        unanswered = walk.unanswered()
        return {"screen": self.screen_json(walk, lang), "position": walk.position, "answered": done, "total": total,
                "sections": sections, "conflicts": conflicts, "changes": changes, "ready": walk.ready(),
                "complete": walk.complete(), "unanswered": len(unanswered),
                "first_open": unanswered[0] if unanswered else None, "three_player_open": 0,
                "origin": walk.origin}


WALK = ZargosWalk()
