"""The walk-through: the questions, the answers given so far, and where the owner is.

Pure: no clock, no disk, no web. Its state is plain JSON (`to_json` / `from_json`), saved by whoever
drives it after every step, so a half-done walk resumes where it stopped.

Roads are kept symmetric as they are answered: a road is one road seen from both its cities, so
"from city 5 the blue road leads to 12" is also the answer for city 12's blue road (marked as implied,
and skipped by the walk). An answer that contradicts an earlier one (city 12's blue road had been
answered as leading to 3) wins, and the question it overturned is asked again, with the reason listed
among the conflicts, at that question.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Final

from companion.i18n import N_
from companion.rules.board import Board
from companion.rules.errors import XiditError

from ..schema import CITY_IDS
from .conflicts import Conflict, pack_conflicts
from .questions import BY_KEY, INDEX, QUESTIONS, BadAnswer, Question, check_value, road_key, values_of
from .render import CHECKED, Kept, Rendered, kept_of, render

FORMAT: Final = "xidit-verify/1"
OWNER: Final = "owner"  # answered by the owner (confirmed or corrected)
IMPLIED: Final = "from:"  # + the key of the answer that implies it (the other end of a road)
TRAIL: Final = 200  # how many steps back the walk remembers
DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class BadProgress(XiditError, ValueError):
    """Saved progress that cannot be resumed (another format, a damaged file)."""


class NotReady(XiditError, ValueError):
    """The walk cannot be saved as a verified pack yet: unanswered questions or blocking conflicts."""

    def __init__(self, unanswered: list[str], conflicts: list[Conflict]) -> None:
        super().__init__(f"{len(unanswered)} question(s) unanswered, {len(conflicts)} problem(s)")
        self.unanswered = unanswered
        self.conflicts = conflicts


@dataclass(frozen=True)
class Change:
    """A value the walk changed from the pack it started from."""

    question: Question
    before: Any
    after: Any


class Walk:
    def __init__(self, kept: Kept, base: dict[str, Any], values: dict[str, Any], answered: dict[str, str],
                 recheck: dict[str, dict[str, Any]], position: int, trail: list[int], origin: dict[str, str]):
        self.kept = kept
        self.base = base
        self.values = values
        self.answered = answered
        self.recheck = recheck  # key -> {"message", "params"}: overturned by a later answer
        self.position = position  # an index into QUESTIONS, or len(QUESTIONS): the end
        self.trail = trail
        self.origin = origin  # name, status and sha256 of the pack the walk started from
        self._conflicts: list[Conflict] | None = None

    # -- making, saving, resuming ----------------------------------------------------------------

    @classmethod
    def start(cls, board: Board) -> Walk:
        """A fresh walk over `board`: every current value offered as the answer, none answered."""
        values = values_of(board)
        return cls(kept_of(board), values, copy.deepcopy(values), {}, {}, 0, [],
                   {"name": board.name, "status": board.status, "sha256": board.sha256})

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "origin": self.origin, "kept": self.kept.to_json(), "base": self.base,
                "values": self.values, "answered": self.answered, "recheck": self.recheck,
                "position": self.position, "trail": self.trail}

    @classmethod
    def from_json(cls, data: Any) -> Walk:
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadProgress("not the progress of a walk-through (format xidit-verify/1)")
            kept = Kept.from_json(data["kept"])
            base = {q.key: check_value(q, data["base"][q.key]) for q in QUESTIONS}
            values = {q.key: check_value(q, data["values"][q.key]) for q in QUESTIONS}
            answered = {str(k): str(v) for k, v in data["answered"].items() if k in BY_KEY}
            recheck = {str(k): {"message": str(v["message"]), "params": dict(v["params"])}
                       for k, v in data["recheck"].items() if k in BY_KEY}
            position = int(data["position"])
            trail = [int(p) for p in data["trail"] if 0 <= int(p) <= len(QUESTIONS)]
            origin = {str(k): str(v) for k, v in dict(data.get("origin", {})).items()}
        except BadProgress:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, BadAnswer) as error:
            raise BadProgress(f"the saved walk-through cannot be read ({error})") from None
        if not 0 <= position <= len(QUESTIONS):
            raise BadProgress("the saved walk-through points past its questions")
        return cls(kept, base, values, answered, recheck, position, trail, origin)

    # -- where the owner is ----------------------------------------------------------------------

    @property
    def question(self) -> Question | None:
        """The question on screen, or None at the end (the summary)."""
        return QUESTIONS[self.position] if self.position < len(QUESTIONS) else None

    def is_answered(self, key: str) -> bool:
        return key in self.answered

    def implied_by(self, key: str) -> str | None:
        """The question whose answer gave this one (a road's other end), if that is how it was answered."""
        how = self.answered.get(key, "")
        return how.removeprefix(IMPLIED) if how.startswith(IMPLIED) else None

    def unanswered(self) -> list[str]:
        return [q.key for q in QUESTIONS if q.key not in self.answered]

    def progress(self) -> tuple[int, int]:
        return len(self.answered), len(QUESTIONS)

    def _go(self, position: int) -> None:
        if position != self.position:
            self.trail = [*self.trail, self.position][-TRAIL:]
            self.position = position

    def _next_open(self, after: int) -> int:
        """The first unanswered question after `after`, else the first before it, else the end."""
        order = list(range(after + 1, len(QUESTIONS))) + list(range(0, min(after + 1, len(QUESTIONS))))
        return next((i for i in order if QUESTIONS[i].key not in self.answered), len(QUESTIONS))

    def skip(self) -> None:
        """On to the next unanswered question, leaving this one as it is."""
        following = next((i for i in range(self.position + 1, len(QUESTIONS))
                          if QUESTIONS[i].key not in self.answered), len(QUESTIONS))
        self._go(following)

    def back(self) -> None:
        if self.trail:
            self.position = self.trail[-1]
            self.trail = self.trail[:-1]
        elif self.position > 0:
            self.position -= 1

    def goto(self, key: str) -> None:
        if key not in INDEX:
            raise BadAnswer(N_("There is no question {key}."), key=key)
        self._go(INDEX[key])

    def first_open(self) -> None:
        """To the first unanswered question (from the summary)."""
        self._go(self._next_open(-1))

    # -- answering -------------------------------------------------------------------------------

    def answer(self, key: str, value: Any) -> list[str]:
        """Sets a question's answer (checked for its form), then moves to the next unanswered
        question. Returns the keys of the other questions the answer changed (a road's other ends)."""
        if key not in BY_KEY:
            raise BadAnswer(N_("There is no question {key}."), key=key)
        question = BY_KEY[key]
        value = check_value(question, value)
        touched = self._set_road(question, value) if question.kind == "road" else []
        self.values[key] = value
        self.answered[key] = OWNER
        self.recheck.pop(key, None)
        self._conflicts = None
        self._go(self._next_open(INDEX[key]))
        return touched

    def _set_road(self, question: Question, to: int | None) -> list[str]:
        assert question.city is not None and question.colour is not None
        city, colour, key = question.city, question.colour, question.key
        roads: dict[int, int | None] = {c: self.values[road_key(c, colour)] for c in sorted(CITY_IDS)}
        before = dict(roads)
        old = roads[city]
        if old is not None:
            roads[old] = None  # the old other end loses this road
        if to is not None:
            taken = roads[to]
            if taken is not None and taken != city:
                roads[taken] = None  # the new other end's old road is gone
            roads[to] = city
        roads[city] = to
        touched = []
        for other, after in roads.items():
            if other == city or after == before[other]:
                continue
            other_key = road_key(other, colour)
            touched.append(other_key)
            self.values[other_key] = after
            how = self.answered.pop(other_key, None)
            self.recheck.pop(other_key, None)
            if how != OWNER:  # never answered, or only implied by a road's other end: nothing overturned
                if after is not None:
                    self.answered[other_key] = IMPLIED + key  # the other end of this road: known now
                continue
            if after is None:
                message = N_("City {city}: its {colour} road to {before} was removed by your answer for city {by}. "
                             "Check it again.")
            elif before[other] is None:
                message = N_("City {city}: it had no {colour} road, but your answer for city {by} puts one there, "
                             "to {after}. Check it again.")
            else:
                message = N_("City {city}: its {colour} road led to {before}; your answer for city {by} makes it "
                             "lead to {after}. Check it again.")
            self.recheck[other_key] = {"message": message, "params": {"city": other, "colour": colour, "by": city,
                                                                      "before": before[other], "after": after}}
        other_end = road_key(to, colour) if to is not None else None
        if other_end is not None and other_end not in touched and other_end not in self.answered:
            self.answered[other_end] = IMPLIED + key  # a confirmed road: its other end is known too
            self.recheck.pop(other_end, None)
        return touched

    # -- checks and results ----------------------------------------------------------------------

    def draft(self) -> Rendered:
        """The pack as answered so far (provisional), for the live checks."""
        return render(self.values, self.kept, status="provisional", source="walk-through in progress",
                      header=["A board pack being checked with the walk-through: not finished."])

    def conflicts(self) -> list[Conflict]:
        """What is wrong now, each at the question where it is fixed: answers overturned by later ones,
        then the pack checker's problems (blocking) or its warnings."""
        if self._conflicts is None:
            overturned = [Conflict(k, str(v["message"]), dict(v["params"])) for k, v in
                          sorted(self.recheck.items(), key=lambda kv: INDEX[kv[0]])]
            self._conflicts = overturned + pack_conflicts(self.draft(), self.values)
        return list(self._conflicts)

    def changes(self) -> list[Change]:
        return [Change(q, self.base[q.key], self.values[q.key]) for q in QUESTIONS
                if self.values[q.key] != self.base[q.key]]

    def ready(self) -> bool:
        return not self.unanswered() and not any(c.blocking for c in self.conflicts())

    def pack_text(self, date: str) -> str:
        """The verified pack: every question answered, no blocking conflict. `date` is YYYY-MM-DD."""
        if not DATE.match(date):
            raise ValueError(f"the date must be YYYY-MM-DD, not {date!r}")
        blocking = [c for c in self.conflicts() if c.blocking]
        if self.unanswered() or blocking:
            raise NotReady(self.unanswered(), blocking)
        source = CHECKED.format(date=date)
        header = [f"{self.kept.name}: board pack checked against a physical copy of the game on {date},",
                  "question by question, with the companion's walk-through (companion board verify).",
                  "Share it: another owner can import it on the walk-through page."]
        return render(self.values, self.kept, status="verified", source=source, header=header).text
