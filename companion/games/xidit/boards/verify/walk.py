"""The walk-through: the screens, the answers given so far, and where the owner is.

Pure: no clock, no disk, no web. Its state is plain JSON (`to_json` / `from_json`), saved by whoever
drives it after every step, so a half-done walk resumes where it stopped, section by section.

Nothing is certified without looking: a screen offers only what is known without the pack's invented
values (the rule texts' facts, `facts.py`, and what the owner's own answers imply: a road answered at
one city is offered at the other), or every value of a pack that is already verified. Whatever is not
offered, the owner types or picks. The pack is `verified` only when every screen was answered; once the
sections every game needs are answered it can be saved with the 3-player tiles still provisional.
"""

from __future__ import annotations

import re
from typing import Any, Final

from companion.games.xidit.rules.board import Board
from companion.games.xidit.rules.errors import XiditError
from companion.games.xidit.rules.terms import ROAD_COLOURS
from companion.i18n import N_
from companion.owner_walk import BadAnswer, BadProgress, Change

from ..pack import Labels
from .answers import check_value
from .conflicts import Conflict, colossus_conflicts, count_conflict, pack_conflicts, region_conflicts, road_conflicts
from .counts import mismatches
from .facts import known
from .render import CHECKED, Kept, Rendered, kept_of, render
from .screens import BY_KEY, CITY_IDS_SORTED, FOR_EVERY_GAME, INDEX, SCREENS, SECTIONS, Screen, in_section
from .values import values_of

FORMAT: Final = "xidit-verify/2"
TRAIL: Final = 200  # how many steps back the walk remembers
DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$")
UNCHECKED: Final = "provisional: not checked yet (the walk-through's 3-player section)"
EARLIER: Final = "checked against a physical copy before (the walk-through started from a verified pack)"


class NotReady(XiditError, ValueError):
    """The walk cannot be saved as a pack yet: unanswered screens or blocking conflicts."""

    def __init__(self, unanswered: list[str], conflicts: list[Conflict]) -> None:
        super().__init__(f"{len(unanswered)} screen(s) unanswered, {len(conflicts)} problem(s)")
        self.unanswered = unanswered
        self.conflicts = conflicts


class Walk:
    def __init__(self, kept: Kept, base: dict[str, dict[str, Any]], trusted: bool, answers: dict[str, dict[str, Any]],
                 position: int, trail: list[int], origin: dict[str, str]):
        self.kept = kept
        self.base = base  # the pack the walk started from, screen by screen
        self.trusted = trusted  # that pack was verified: its values may be offered
        self.answers = answers  # what the owner answered, screen by screen
        self.position = position  # an index into SCREENS, or len(SCREENS): the end
        self.trail = trail
        self.origin = origin  # name, status and sha256 of the pack the walk started from
        self._conflicts: list[Conflict] | None = None

    # -- making, saving, resuming ----------------------------------------------------------------

    @classmethod
    def start(cls, board: Board, labels: Labels | None = None) -> Walk:
        """A fresh walk over `board`, nothing answered. `labels`: the pack's (`pack_labels`)."""
        kept = kept_of(board, labels or Labels())
        return cls(kept, values_of(board, kept.region_ids), board.status == "verified", {}, 0, [],
                   {"name": board.name, "status": board.status, "sha256": board.sha256})

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "origin": self.origin, "kept": self.kept.to_json(), "base": self.base,
                "trusted": self.trusted, "answers": self.answers, "position": self.position, "trail": self.trail}

    @classmethod
    def from_json(cls, data: Any) -> Walk:
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadProgress(f"not the progress of a walk-through (format {FORMAT})")
            kept = Kept.from_json(data["kept"])
            base = {s.key: check_value(s, data["base"][s.key]) for s in SCREENS if s.kind != "count"}
            answers = {str(k): check_value(BY_KEY[k], v) for k, v in dict(data["answers"]).items()}
            position = int(data["position"])
            trail = [int(p) for p in data["trail"] if 0 <= int(p) <= len(SCREENS)]
            origin = {str(k): str(v) for k, v in dict(data.get("origin", {})).items()}
            trusted = data["trusted"] is True
        except BadProgress:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, BadAnswer) as error:
            raise BadProgress(f"the saved walk-through cannot be read ({error})") from None
        if not 0 <= position <= len(SCREENS):
            raise BadProgress("the saved walk-through points past its screens")
        return cls(kept, base, trusted, answers, position, trail, origin)

    # -- where the owner is ----------------------------------------------------------------------

    @property
    def screen(self) -> Screen | None:
        """The screen shown, or None at the end (the summary)."""
        return SCREENS[self.position] if self.position < len(SCREENS) else None

    def is_answered(self, key: str) -> bool:
        return key in self.answers

    def unanswered(self, sections: tuple[str, ...] = SECTIONS) -> list[str]:
        return [s.key for s in SCREENS if s.section in sections and s.key not in self.answers]

    def progress(self) -> tuple[int, int]:
        return len(self.answers), len(SCREENS)

    def section_done(self, section: str) -> bool:
        return all(s.key in self.answers for s in in_section(section))

    def _go(self, position: int) -> None:
        if position != self.position:
            self.trail = [*self.trail, self.position][-TRAIL:]
            self.position = position

    def skip(self) -> None:
        """On to the next unanswered screen, leaving this one as it is."""
        self._go(next((i for i in range(self.position + 1, len(SCREENS)) if SCREENS[i].key not in self.answers),
                      len(SCREENS)))

    def back(self) -> None:
        if self.trail:
            self.position = self.trail[-1]
            self.trail = self.trail[:-1]
        elif self.position > 0:
            self.position -= 1

    def goto(self, key: str) -> None:
        if key not in INDEX:
            raise BadAnswer(N_("There is no screen {key}."), key=key)
        self._go(INDEX[key])

    def first_open(self, sections: tuple[str, ...] = SECTIONS) -> None:
        """To the first unanswered screen of `sections` (from the summary)."""
        self._go(next((i for i, s in enumerate(SCREENS) if s.section in sections and s.key not in self.answers),
                      len(SCREENS)))

    # -- what a screen shows -----------------------------------------------------------------------

    def offered(self, key: str) -> dict[str, Any]:
        """The fields of a screen known without looking at the pack's invented values: the facts, the
        roads the owner's answers at other cities imply, and, for a verified pack, all its values.
        A count is never offered: it is made on the material."""
        screen = BY_KEY[key]
        if screen.kind == "count":
            return {}
        found = dict(self.base[key]) if self.trusted else known(key, self.kept.roles, self.kept.sizes)
        if screen.kind == "city":
            others = [c for c in CITY_IDS_SORTED if c != screen.city]
            for colour in ROAD_COLOURS:
                ends = [c for c in others if self.answers.get(f"city:{c}", {}).get(colour) == screen.city]
                end = found.get(colour)
                if len(ends) == 1:
                    found[colour] = ends[0]  # the owner saw this road from its other city
                elif ends:
                    found.pop(colour, None)  # seen from two cities: the owner must look
                elif end is not None and f"city:{end}" in self.answers:
                    found.pop(colour)  # its other city was answered without it
                elif all(f"city:{c}" in self.answers for c in others):
                    found[colour] = None  # every other city answered, none with a road of this colour here
        return found

    def shown(self, key: str) -> dict[str, Any]:
        """What the screen shows filled in: the answer, else what is offered; the blanks are left out."""
        return dict(self.answers[key]) if key in self.answers else self.offered(key)

    def blanks(self, key: str) -> list[str]:
        """The fields the owner must fill in before the screen can be answered as it stands."""
        if key in self.answers:
            return []
        offered = self.offered(key)
        return [name for name in BY_KEY[key].fields if name not in offered]

    # -- answering -------------------------------------------------------------------------------

    def answer(self, key: str, value: Any) -> None:
        """Sets a screen's answer (every field, checked for its form), then moves to the next unanswered
        screen."""
        if key not in BY_KEY:
            raise BadAnswer(N_("There is no screen {key}."), key=key)
        self.answers[key] = check_value(BY_KEY[key], value)
        self._conflicts = None
        self._go(self._next_after(INDEX[key]))

    def _next_after(self, index: int) -> int:
        """The next unanswered screen: in the sections every game needs while the owner is in them (the
        3-player tiles wait until asked for), else anywhere; the end (the summary) when there is none."""
        group = FOR_EVERY_GAME if SCREENS[index].section in FOR_EVERY_GAME else SECTIONS
        order = list(range(index + 1, len(SCREENS))) + list(range(0, index + 1))
        return next((i for i in order if SCREENS[i].section in group and SCREENS[i].key not in self.answers),
                    len(SCREENS))

    # -- checks and results ----------------------------------------------------------------------

    def values(self) -> dict[str, dict[str, Any]]:
        """Every screen's answer, the pack's own value where a screen is unanswered."""
        return {**self.base, **self.answers}

    def conflicts(self) -> list[Conflict]:
        """What is wrong now, each at the screen where it is fixed."""
        if self._conflicts is None:
            found = road_conflicts(self.answers) + region_conflicts(self.answers) + \
                colossus_conflicts(self.answers)
            values = self.values()
            for section in SECTIONS:
                if self.section_done(section):
                    counted = self.answers[f"count:{section}"]
                    found += [count_conflict(m) for m in mismatches(section, values, counted)]
            if not found and not self.unanswered(FOR_EVERY_GAME):
                found = pack_conflicts(self.draft(), values, self.kept)
            self._conflicts = found
        return list(self._conflicts)

    def changes(self) -> list[Change[Screen]]:
        found = []
        for screen in SCREENS:
            answer = self.answers.get(screen.key)
            if answer is None or screen.kind == "count":
                continue
            for name in screen.fields:
                if answer[name] != self.base[screen.key][name]:
                    found.append(Change(screen, name, self.base[screen.key][name], answer[name]))
        return found

    def ready(self) -> bool:
        """Whether a pack can be saved: what every game needs is answered and nothing blocks."""
        return not self.unanswered(FOR_EVERY_GAME) and not any(c.blocking for c in self.conflicts())

    def complete(self) -> bool:
        """Whether the pack would be verified: every screen answered (or the pack was verified already)."""
        return not self.unanswered() or (self.trusted and not self.unanswered(FOR_EVERY_GAME))

    def draft(self) -> Rendered:
        return render(self.values(), self.kept, status="provisional", sources=self._sources("walk-through in progress"),
                      header=["A board pack being checked with the walk-through: not finished."])

    def _sources(self, checked: str) -> dict[str, str]:
        return {section: checked if self.section_done(section) else EARLIER if self.trusted else UNCHECKED
                for section in SECTIONS}

    def pack_text(self, date: str) -> str:
        """The pack as answered: `verified` when every screen is answered, else (the 3-player tiles not yet
        checked) `provisional`, those tiles as the pack had them. `date` is YYYY-MM-DD."""
        if not DATE.match(date):
            raise ValueError(f"the date must be YYYY-MM-DD, not {date!r}")
        blocking = [c for c in self.conflicts() if c.blocking]
        if self.unanswered(FOR_EVERY_GAME) or blocking:
            raise NotReady(self.unanswered(FOR_EVERY_GAME), blocking)
        complete = self.complete()
        header = [f"{self.kept.name}: board pack checked against a physical copy of the game on {date},",
                  "screen by screen, with the companion's walk-through (companion board verify)."]
        header += ["Share it: another owner can import it on the walk-through page."] if complete else \
            ["The 3-player tiles are not checked yet: run the walk-through again before a 3-player game."]
        return render(self.values(), self.kept, status="verified" if complete else "provisional",
                      sources=self._sources(CHECKED.format(date=date)), header=header).text
