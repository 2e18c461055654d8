"""Issue 37: reveals at the table (companion/table/reveals.py) beyond the pages' doors (tests/web/test_toy_reveals.py):
a rollback to before the move that revealed takes it back, and a `SeenReveal` that names nothing, or what the seat
was not shown, is refused in words and changes nothing. On the tests' toy game (T-10: a card drawn, to its drawer)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import Decide, EditDraft, NewGame, Refused, Rollback, Seal, SeenReveal, Table, Tell
from tests.games.toy import GAME as TOY_AT_THE_TABLE


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY_AT_THE_TABLE)
    yield


def drawn(path: Path) -> tuple[Table, int]:
    """A toy game where seat 0 has just drawn a 4; the number of actions before its draw."""
    table = Table.open(Store(path), default_pack_text())
    table.handle(NewGame({"players": 2, "rounds": 2, "seed": 5}, game="toy", chance="table"))
    for seat in range(2):
        table.handle(EditDraft(seat, {"bid": seat}))
        table.handle(Seal(seat))
    before = table.actions()
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(4, by="seat:0"))
    return table, before


def keys(table: Table, reader: str) -> list[str]:
    return [r["key"] for r in table.view(reader)["table"].get("reveals", ())]


def test_a_rollback_before_the_draw_takes_its_reveal_back_and_drawing_again_shows_it_again(tmp_path: Path) -> None:
    table, before = drawn(tmp_path / "t.db")
    key = f"draw:{before + 2}"
    assert key in keys(table, "seat:0")
    table.handle(Rollback(before, confirm=True, seen=len(table.record()["moves"])))
    assert key not in keys(table, "seat:0") and key not in keys(table, "referee")
    table.handle(Decide(0, {"type": "turn", "seat": 0, "do": "draw", "card": None}))
    table.handle(Tell(2, by="seat:0"))
    assert [r["text"] for r in table.view("seat:0")["table"]["reveals"] if r["key"] == key] == ["You drew a 2."]
    table.stop()


@pytest.mark.parametrize(("key", "by", "said"), [("nothing", "seat:0", "There is nothing of that name to read now."),
                                                 ("draw:4", "seat:1", "That was not shown to you."),
                                                 ("draw:4", "table", "That was not shown to you.")])
def test_reading_what_one_was_not_shown_is_refused_and_changes_nothing(tmp_path: Path, key: str, by: str,
                                                                       said: str) -> None:
    table, _ = drawn(tmp_path / "t.db")
    version, shown = table.version, table.view("referee")["table"]["reveals"]
    with pytest.raises(Refused) as refused:
        table.handle(SeenReveal(key, by=by))
    assert refused.value.sentence == said
    assert (table.version, table.view("referee")["table"]["reveals"]) == (version, shown)
    table.stop()
