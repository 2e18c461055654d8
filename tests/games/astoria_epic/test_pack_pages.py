"""The Epic's pack is provisional (PROVISIONAL.md) and has no owner's walk-through yet: its pages say the pack
is provisional, never link to a walk-through it does not have, and the walk-through's page is a clear 404, not
a crash."""

from __future__ import annotations

from pathlib import Path

from companion.games.astoria.epic import GAME
from companion.games.xidit.boards import default_pack_text
from companion.store import Store
from companion.table import NewGame, Table
from tests.web.conftest import PIN, as_referee, web_app
from web.phone import PhoneBoxes


def test_a_provisional_pack_without_a_walk_through_is_said_and_never_linked(tmp_path: Path) -> None:
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text())
    players = [(seat, colour, None) for seat, colour in zip(range(1, 5), GAME.rules.colours, strict=False)]
    setup = GAME.rules.default_setup(players, {}, 3)
    table.handle(NewGame(GAME.rules.setup_to_json(setup), game=GAME.key))
    table.start()
    try:
        app = web_app({"REFEREE_PIN": PIN, "TESTING": True}, table, PhoneBoxes(table, set()))
        referee = as_referee(app)
        for url in ("/", "/referee"):
            page = referee.get(url).get_data(as_text=True)
            assert "Provisional board pack." in page and 'href="/verify"' not in page, url
        missing = referee.get("/verify")
        assert missing.status_code == 404 and "no walk-through" in missing.get_data(as_text=True)
    finally:
        table.stop()
