"""Program entry on its own (`programming.ProgramEditor`, no table): the key sequences the benchmark counts
enter exactly the program wanted, and no shorter sequence of presses does (searched breadth first)."""

from __future__ import annotations

import random
from collections import deque

import pytest

from companion.games.xidit.boxes.entry import DIRECT_KEYS
from companion.games.xidit.boxes.programming import ProgramEditor
from companion.games.xidit.boxes.sequences import program
from companion.games.xidit.rules.terms import ORDERS
from companion.table import EditDraft, Seal

SIX = ("LEFT", "RIGHT", "UP", "DOWN", "OK", "BACK")
Draft = tuple[str | None, ...]


def run(editor: ProgramEditor, draft: Draft, keys: list[str]) -> tuple[Draft, bool]:
    """Presses `keys`, applying the commands as the table would; returns the draft and whether it locked."""
    locked = False
    for key in keys:
        assert not locked, "a key after the lock"
        for command in editor.press(key, draft).commands:
            match command:
                case EditDraft(change={"slot": slot, "order": order}):
                    draft = draft[:slot] + (order,) + draft[slot + 1:]
                case EditDraft(change={"orders": orders}):
                    draft = tuple(orders)
                case Seal():
                    locked = True
        editor.saw(draft, locked)
    return draft, locked


def fresh(proposal: Draft | None) -> ProgramEditor:
    editor = ProgramEditor(1)
    if proposal is not None:
        editor.saw(proposal, locked=True)
    editor.new_year((None,) * 6)
    return editor


def fewest(proposal: Draft | None, target: tuple[str, ...], keys: tuple[str, ...], limit: int) -> int:
    """The fewest presses that lock `target`, found by trying every sequence (up to `limit` presses)."""
    start = fresh(proposal)
    queue = deque([(start.slot, start.proposal, (None,) * 6, 0)])
    seen = {queue[0][:3]}
    while queue:
        slot, offered, draft, depth = queue.popleft()
        if depth == limit:
            continue
        for key in keys:
            editor = ProgramEditor(1)
            editor.slot, editor.proposal = slot, offered
            after, locked = run(editor, draft, [key])
            if locked:
                if after == target:
                    return depth + 1
                continue
            state = (editor.slot, editor.proposal, after)
            if state not in seen:
                seen.add(state)
                queue.append((*state, depth + 1))
    return limit + 1


@pytest.mark.parametrize("six_keys", [True, False])
def test_the_counted_sequences_lock_the_wanted_program_and_are_short(six_keys: bool) -> None:
    rng = random.Random(14)
    for _ in range(300):
        target = tuple(rng.choice(ORDERS) for _ in range(6))
        proposal = rng.choice([None, tuple(rng.choice(ORDERS) for _ in range(6)),
                               target[:3] + tuple(rng.choice(ORDERS) for _ in range(3))])
        editor = fresh(proposal)
        keys = program(editor, (None,) * 6, target, six_keys)
        assert run(editor, (None,) * 6, keys) == (target, True), (proposal, target, keys)
        assert len(keys) <= (8 if six_keys else 7)
        if proposal is None:
            assert len(keys) == 7


def test_a_program_begun_elsewhere_is_entered_too() -> None:
    rng = random.Random(15)
    for _ in range(100):
        target = tuple(rng.choice(ORDERS) for _ in range(6))
        draft = tuple(rng.choice((None,) + ORDERS) for _ in range(6))
        editor = ProgramEditor(1)
        editor.new_year(draft)  # a draft begun on the phone: no proposal, the cursor on its first gap
        keys = program(editor, draft, target, six_keys=True)
        assert run(editor, draft, keys) == (target, True), (draft, target, keys)


@pytest.mark.parametrize("six_keys", [True, False])
def test_no_shorter_sequence_of_presses_locks_the_program(six_keys: bool) -> None:
    rng = random.Random(16)
    keys = SIX if six_keys else SIX + tuple(DIRECT_KEYS.values())
    for _ in range(6):
        target = tuple(rng.choice(ORDERS) for _ in range(6))
        proposal = target[:2] + tuple(rng.choice(ORDERS) for _ in range(4))
        counted = len(program(fresh(proposal), (None,) * 6, target, six_keys))
        assert fewest(proposal, target, keys, counted) == counted, (proposal, target)  # none shorter
