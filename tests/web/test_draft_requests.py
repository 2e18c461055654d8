"""Issue 37: the framework's own words for a sealed choice, sent by any game's pages: `edit_draft` (a change
in the game's terms), `seal` and `unseal` (companion.table.commands EditDraft, Seal, Unseal). On the tests' toy
game, whose round opens with a sealed bid: a seat keys its own bid in, seals and unseals it; a bad bid and an
edit of a sealed bid are refused in words and change nothing; no other seat, nor the public, sees the bid, and
nobody may key in another seat's bid."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import registry
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.games.toy import GAME as TOY
from web.phone import PhoneBoxes

from .conftest import PIN, as_seat, command, web_app


@pytest.fixture(autouse=True)
def toy_at_the_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # undone after the test
    registry.register(TOY)
    yield


def table_part(client: Any) -> dict[str, Any]:
    view: dict[str, Any] = client.get("/api/view").get_json()
    return view["table"]  # type: ignore[no-any-return]


def test_a_seat_keys_in_seals_and_unseals_its_own_draft_from_its_page_and_nobody_else_sees_it(
        tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    table.handle(NewGame({"players": 3, "rounds": 1, "seed": 5}, game="toy", names={0: "Ann", 1: "Bob", 2: "Cy"}))
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        ann, bob, public = as_seat(app, 0), as_seat(app, 1), app.test_client()

        refused = command(ann, app, command="edit_draft", seat=0, change={"bid": 9})
        assert refused.status_code == 422 and "A bid is one of" in refused.get_json()["error"]
        assert table_part(ann).get("draft", {}).get("bid") is None  # a bad change changes nothing
        assert command(ann, app, command="edit_draft", seat=0, change="two").status_code == 400

        assert command(ann, app, command="edit_draft", seat=0, change={"bid": 2}).status_code == 200
        assert table_part(ann)["draft"] == {"bid": 2}
        for other in (bob, public):
            assert "draft" not in table_part(other) and "drafts" not in table_part(other)

        assert command(ann, app, command="seal", seat=0).status_code == 200
        assert 0 in table_part(public)["locked"]  # who has sealed is public, what is sealed is not
        locked = command(ann, app, command="edit_draft", seat=0, change={"bid": 1})
        assert locked.status_code == 422 and "locked" in locked.get_json()["error"]
        assert command(ann, app, command="unseal", seat=0).status_code == 200
        assert 0 not in table_part(public)["locked"]
        assert command(ann, app, command="edit_draft", seat=0, change={"bid": 1}).status_code == 200

        # a seat acts for its own seat only; the public may not key in at all
        assert command(bob, app, command="edit_draft", seat=0, change={"bid": 0}).status_code == 403
        assert command(bob, app, command="seal", seat=0).status_code == 403
        assert table_part(ann)["draft"] == {"bid": 1} and 0 not in table_part(public)["locked"]
        assert command(public, app, command="seal", seat=0).status_code == 403
    finally:
        table.stop()
