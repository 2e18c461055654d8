"""The walk-through that checks a board pack against a physical copy of the game, question by question.

Pure (no disk, no clock, no web): `Walk.start(board)` makes the questions with the board's values as
the offered answers; `answer`, `skip`, `back` and `goto` move through them; `conflicts` lists what is
inconsistent now, each at the question where it is fixed; `pack_text(date)` writes the verified pack.
`to_json` / `from_json` save and resume a half-done walk. The web page (`web/verify.py`) and the
terminal (`companion board verify`) drive the same walk.
"""

from __future__ import annotations

from .conflicts import Conflict
from .questions import QUESTIONS, SECTIONS, BadAnswer, Question, check_value, parse_text, show
from .walk import BadProgress, Change, NotReady, Walk

__all__ = [
    "QUESTIONS",
    "SECTIONS",
    "BadAnswer",
    "BadProgress",
    "Change",
    "Conflict",
    "NotReady",
    "Question",
    "Walk",
    "check_value",
    "parse_text",
    "show",
]
