"""The table's view is the game's view inside the framework's envelope (issue 37): the table never changes
what the game's `view` returns (it composes the served view beside it), and its envelope says what the
framework knows, from the table and the `Match` contract: version, players as seated, locks, progress,
result, the seats awaited."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

from companion.agents.bots import next_commands
from companion.core.game import Reader
from companion.table import NewGame
from tests.engine import engine
from tests.games.zargos.table import support as zargos

from .support import new_table


def watched(table: Any) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Every view the game hands the table from now on, with a copy made when it was handed over."""
    game = engine(table)
    handed: list[tuple[dict[str, Any], dict[str, Any]]] = []
    own = game.view

    def view(reader: str = "referee") -> dict[str, Any]:
        made = own(reader)
        handed.append((made, copy.deepcopy(made)))
        return made
    game.view = view  # type: ignore[method-assign]
    return handed


def test_the_table_never_changes_the_games_view_while_it_adds_names_locks_version_and_its_part(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    rng = random.Random(3)
    handed = watched(table)
    readers = ("referee", "public", "seat:1", "seat:2")
    seen_locked = False
    for _ in range(40):
        for reader in readers:
            view = table.view(reader)
            seen_locked = seen_locked or any("locked" in p for p in view["players"])
        for command in next_commands(table, rng, piece_by_piece=True):
            table.handle(command)
    assert seen_locked and handed  # the table added `locked` to what it served, while programs were awaited
    for made, as_handed in handed:
        assert made == as_handed
        assert "table" not in made


def test_the_envelope_says_what_the_framework_knows_as_the_contract_and_the_table_give_it(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    rng = random.Random(4)
    sealing = 0
    for _ in range(60):
        served, envelope = table.enveloped("public")
        game = engine(table)
        assert envelope.version == served["version"] and envelope.table is served["table"]
        assert envelope.progress == game.progress() and envelope.result == game.result()
        assert [(p.seat, p.number, p.colour, p.name) for p in envelope.players] == \
            [(seat, n, colour, name) for n, (seat, colour, name) in enumerate(table.players(), start=1)]
        if envelope.sealing:  # programs awaited: each seat's lock as served (Xidit's own view says it too)
            sealing += 1
            assert {p.seat: p.locked for p in envelope.players} == {p["seat"]: p["locked"] for p in served["players"]}
        assert [(a.seat, a.decision) for a in envelope.awaiting] == \
            [(a["seat"], a["decision"]) for a in served["awaiting"]]
        for command in next_commands(table, rng, piece_by_piece=True):
            table.handle(command)
    assert sealing


def test_a_game_named_in_the_wizard_is_named_in_the_envelope_and_the_served_view_only(tmp_path: Path) -> None:
    table = zargos.new_game(tmp_path / "z.db", 3)
    table.handle(NewGame({"players": 3, "seed": 3}, game="zargos", seed=3, names={0: "Ann", 2: "Cy"},
                         replacing=table.game_id))
    handed = watched(table)
    served, envelope = table.enveloped("seat:0")
    assert [(p.number, p.name) for p in envelope.players] == [(1, "Ann"), (2, None), (3, "Cy")]
    assert [p.get("name") for p in served["players"]] == ["Ann", None, "Cy"]
    assert [p.get("name") for p in handed[-1][0]["players"]] == [None, None, None]
    assert envelope.progress is not None and envelope.progress.phase == served["phase"] and not envelope.over


def test_the_envelope_awaits_as_each_reader_may_know_it_even_in_a_census(tmp_path: Path) -> None:
    """Issue 37: who is awaited comes from the contract (`Match.awaiting_for(reader)`), not from the game's view,
    and says no more than the view: in a census, a player the engine chose for (owning none of the unit) is
    still awaited for every reader but the referee and that player, or the envelope would tell what is behind
    their screen."""
    table = new_table(tmp_path / "t.db", players=3)
    rng = random.Random(2)
    readers = ("referee", "public", "seat:1", "seat:2", "seat:3")
    masked = 0
    for _ in range(400):
        game = engine(table)
        for reader in readers:
            served, envelope = table.enveloped(reader)
            assert [(a.seat, a.decision) for a in envelope.awaiting] == \
                [(a["seat"], a["decision"]) for a in served["awaiting"]], reader
        awaited = [(c.seat, c.decision) for c in game.awaited()]
        public = [(a.seat, a.decision) for a in table.enveloped("public")[1].awaiting]
        referee = [(a.seat, a.decision) for a in table.enveloped("referee")[1].awaiting]
        assert referee == awaited
        masked += public != awaited
        if masked or not table.playing():
            break
        for command in next_commands(table, rng, piece_by_piece=True):
            table.handle(command)
    assert masked, "the walk reached a census with a reveal the engine made"


def test_the_envelope_reads_who_is_awaited_from_the_contract_not_from_the_games_view(tmp_path: Path) -> None:
    table = new_table(tmp_path / "t.db", players=3)
    game = engine(table)
    own = game.view
    game.view = lambda reader="referee": {**own(reader), "awaiting": []}  # type: ignore[method-assign]
    served, envelope = table.enveloped("public")
    assert served["awaiting"] == [] and envelope.awaiting
    assert list(envelope.awaiting) == list(game.awaiting_for(Reader()))
