"""Xidit's walk-through as the owner's pages show it (web/verify.py): the walk itself is the packs'
(`boards.verify`, pure); here are its screens, sections and fields in the page's JSON and words."""

from __future__ import annotations

from typing import Any

from ..boards import pack_labels
from ..boards.schema import RECRUIT_LENGTH
from ..boards.verify import BadAnswer, BadProgress, NotReady, Walk, field_kind, show_field
from ..boards.verify.screens import BY_KEY, FOR_EVERY_GAME, INDEX, SCREENS, SECTIONS
from ..boards.verify.texts import SECTION_TITLES, field_name, hint, prompt, title
from ..rules.board import Board
from ..rules.terms import UNITS
from .svg import Translate


class XiditWalk:
    bad_answer = BadAnswer  # an answer refused: `.text(language)` says why
    bad_progress = BadProgress  # a saved walk that cannot be read (set aside, the walk starts over)
    not_ready = NotReady  # finished too early: `.unanswered`, `.conflicts`

    def start(self, board: Board, text: str) -> Walk:
        return Walk.start(board, pack_labels(text))

    def from_json(self, saved: Any) -> Walk:
        return Walk.from_json(saved)

    def has_screen(self, key: str) -> bool:
        return key in BY_KEY

    def page(self, t: Translate) -> dict[str, Any]:
        """What the walk's page gets: the units its count screens name, the walk's sections."""
        return {"units": [{"name": u, "label": t(u)} for u in UNITS],
                "sections": [{"name": s, "title": t(SECTION_TITLES[s])} for s in SECTIONS]}

    def screen_json(self, walk: Walk, lang: str) -> dict[str, Any] | None:
        screen = walk.screen
        if screen is None:
            return None
        shown, blanks = walk.shown(screen.key), walk.blanks(screen.key)
        fields = [{"name": name, "kind": field_kind(screen, name), "label": field_name(screen, name, lang),
                   "known": name not in blanks, "value": shown.get(name),
                   "shown": show_field(screen, name, shown.get(name), lang) if name not in blanks else None}
                  for name in screen.fields]
        return {
            "key": screen.key, "kind": screen.kind, "section": screen.section, "title": title(screen, lang),
            "prompt": prompt(screen, walk.kept, lang), "hint": hint(screen, lang), "fields": fields,
            "answered": walk.is_answered(screen.key), "index": INDEX[screen.key], "city": screen.city,
            "set": screen.set, "conflicts": [c.text(lang) for c in walk.conflicts() if c.screen == screen.key],
            "count": RECRUIT_LENGTH[screen.set] if screen.kind == "tile" and screen.set else None,
        }

    def state_json(self, walk: Walk, lang: str, t: Translate) -> dict[str, Any]:
        """The walk's state for the page, beside the pack's (which the framework adds)."""
        done, total = walk.progress()
        sections = []
        for name in SECTIONS:
            keys = [s.key for s in SCREENS if s.section == name]
            sections.append({"name": name, "title": t(SECTION_TITLES[name]), "first": keys[0],
                             "answered": sum(walk.is_answered(k) for k in keys), "total": len(keys),
                             "needed": name in FOR_EVERY_GAME})
        conflicts = [dict(c.to_json(lang), prompt=prompt(BY_KEY[c.screen], walk.kept, lang)) for c in walk.conflicts()]
        changes = [{"screen": c.screen.key, "prompt": prompt(c.screen, walk.kept, lang),
                    "field": field_name(c.screen, c.field, lang),
                    "before": show_field(c.screen, c.field, c.before, lang),
                    "after": show_field(c.screen, c.field, c.after, lang)} for c in walk.changes()]
        unanswered = walk.unanswered(FOR_EVERY_GAME)
        return {"screen": self.screen_json(walk, lang), "position": walk.position, "answered": done, "total": total,
                "sections": sections, "conflicts": conflicts, "changes": changes, "ready": walk.ready(),
                "complete": walk.complete(), "unanswered": len(unanswered),
                "first_open": unanswered[0] if unanswered else None,
                "three_player_open": len(walk.unanswered(("tiles-3",))),
                "origin": walk.origin}


WALK = XiditWalk()
