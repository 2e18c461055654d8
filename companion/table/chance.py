"""Chance in a game's history (companion.core.game.ChanceNode): who resolves a pending node, and how.

Each game under way has a policy, kept in its table state: "pi", the Pi draws the outcome itself, seeded by
the game's secret seed and how many moves it holds (the same outcome after a crash and a resume), in the same
store transaction as the move that led to it; "table", the table tells what its own dice, cards or tiles
say (`Tell`). Who may tell is the node's word: anyone seated or the referee for a public node (`told_by`
None), only that seat (or the referee) for a secret draw. An outcome is stored as a log entry
`{"type": "chance", "outcome": …, "by": …}` and replayed with `Match.resolve`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

from companion.core.errors import BadReader
from companion.core.game import ChanceNode, Reader, Rules
from companion.core.typed import BadOutcome
from companion.i18n import N_, Joined, Text, translate

from .commands import REFEREE, Refused

if TYPE_CHECKING:
    from .game_parts import GameTable

KEY = "chance"  # the table state's key in the store
ENTRY = "chance"  # a log entry's type
PI = "pi"
TABLE = "table"
POLICIES = (PI, TABLE)


def policy(requested: str | None, part: GameTable) -> dict[str, str]:
    """The policy of a new game: the one asked for, else the game's own (its table part's `chance_policy`:
    Xidit's tiles lie face up on the physical board, so its table tells them)."""
    chosen = requested if requested is not None else part.chance_policy
    if chosen not in POLICIES:
        raise Refused(N_("Chance is drawn by one of {policies}."), params={"policies": ", ".join(POLICIES)})
    return {"policy": chosen}


def to_json(found: dict[str, str]) -> dict[str, str]:
    return dict(found)


def from_json(saved: Any, part: GameTable) -> dict[str, str]:
    if isinstance(saved, dict) and saved.get("policy") in POLICIES:
        return {"policy": str(saved["policy"])}
    return policy(None, part)


def by_pi(found: dict[str, str], node: ChanceNode, folded: bool) -> bool:
    """Whether the Pi resolves this node: its policy says so, the game does not fold the table's answers
    into its setup, and the node is one the Pi may draw (an answer about what lies on the physical board, a
    tile or a printed value, is the table's alone; so is a card typed in, `form`)."""
    return found.get("policy") == PI and not folded and node.drawn and node.form is None


SEED_KEY = "seed"  # the table state's key of a game's secret seed
SEED_BITS = 64


def secret_seed() -> int:
    """A new game's seed, drawn from the operating system's secrets on the Pi: nobody at the table, nor any
    page, can know the Pi's dice before they are rolled. Kept in the table state only (the store), never in a
    view, a stream or a record: a record holds the outcomes drawn, not how."""
    return secrets.randbits(SEED_BITS)


def seed_from_json(saved: Any) -> int | None:
    """A game's stored secret seed; None for a game stored before the table kept one (it draws, as it did,
    from its setup's seed: its replay is unchanged)."""
    return saved if isinstance(saved, int) and not isinstance(saved, bool) else None


def seed(rules: Rules, setup: Any, secret: int | None = None) -> int:
    """What a game's Pi draws are seeded by: its secret seed, else (a game stored before the table kept
    one) its setup's (the rules' `seed(setup)`)."""
    return secret if secret is not None else rules.seed(setup)


def rng(seed: Any, version: int) -> random.Random:
    """The draw after `version` moves: the same after a crash and a resume."""
    return random.Random(f"{seed}/{version}")


def draw(rng: random.Random, node: Any) -> Any:
    outcomes = list(node.outcomes)
    if node.weights is None:
        return rng.choice(outcomes)
    return rng.choices(outcomes, weights=list(node.weights))[0]


def entry(outcome: Any, by: str) -> dict[str, Any]:
    return {"type": ENTRY, "outcome": outcome, "by": by}


def outcome(found: dict[str, Any]) -> Any:
    value = found.get("outcome")
    return tuple(value) if isinstance(value, list) else value


def told(node: Any, value: Any) -> Any:
    """What the table told, as the game resolves it: one of the node's listed outcomes, or, for a node typed
    in (`form`), an object its form accepts; Refused in words otherwise, before the game sees it (whose
    `resolve` is the final word on what the rules allow)."""
    found = outcome({"outcome": value})  # totals typed as a JSON list are a tuple
    if found in node.outcomes:
        return found
    form = node.form
    if form is None:
        return found  # the table refuses it in its own words
    try:
        return form.check(value)
    except BadOutcome as error:
        params = {k: Text(v) if k == "field" else Joined(tuple(Text(w) for w in v)) if k == "words" else v
                  for k, v in error.params.items()}  # the form's labels and words, in the table's language
        raise Refused(error.template, params=params, rule=node.params.get("rule")) from None


def form_json(node: ChanceNode, language: str) -> dict[str, Any] | None:
    """A typed node's form as the pages draw it (the table view's `asking.form`): its labels and words in the
    table's language, the values sent as they are. None for a node whose outcomes are listed."""
    form = node.form
    if form is None:
        return None
    fields = []
    for one in form.fields:
        shown = one.to_json()
        shown["label"] = translate(language, one.label)
        if one.repeat:
            shown["labels"] = [translate(language, label) for label in one.labels] or \
                [translate(language, N_("{field} {n}"), {"field": shown["label"], "n": n + 1})
                 for n in range(one.repeat)]
        if one.words:
            shown["words"] = [{"value": w, "label": translate(language, w)} for w in one.words]
        fields.append(shown)
    return {"title": translate(language, form.title or N_("Type what it shows")), "fields": fields}


TOLD_BY_SEAT = N_("Only seat {seat} may say what it drew: it is secret.")


def check_teller(node: Any, by: str, seats: Collection[int], shown: Callable[[int], int] = int) -> None:
    """Who may tell this node: the referee always; for a public node anyone at the table; for a secret draw
    only its seat. `by` is "referee", "seat:N", or "player"/"table" (a box or page that names no seat)."""
    if by == REFEREE:
        return
    try:
        seat = Reader.parse(by).seat
    except BadReader:  # "player" or "table": a box or page that names no seat
        seat = None
    if seat is not None and seat not in seats:
        raise Refused(N_("There is no seat {seat} in this game."), params={"seat": shown(seat)})
    if node.told_by is not None and seat != node.told_by:
        raise Refused(TOLD_BY_SEAT, params={"seat": shown(node.told_by)})
