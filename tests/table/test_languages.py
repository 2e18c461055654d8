"""English and French: every text a player reads exists in both, from the gettext catalog."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from companion.games.xidit.table.printed import units
from companion.i18n import NP_, WORDS, translate
from tests.engine import instructions

from .support import new_table, next_inputs

ROOT = Path(__file__).parent.parent.parent


def code_messages() -> set[str | tuple[str, str]]:
    """Every message marked in the code and the page templates, found as `make catalog` finds them (a
    message with a plural form is its pair of forms)."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords={"N_": None, "_": None, "NP_": (1, 2)})
    return {message if isinstance(message, str) else (message[0], message[1]) for _, _, message, _, _ in found}


def catalog_ids() -> dict[str | tuple[str, str], str | tuple[str, ...]]:
    with resources.files("companion.locale").joinpath("fr.po").open("rb") as po:
        return {m.id: m.string if isinstance(m.string, str) else tuple(m.string) for m in read_po(po) if m.id}


def test_every_message_in_the_code_has_a_french_translation() -> None:
    found = code_messages()
    assert len(found) > 30
    assert "Done up to here" in found  # the page templates are read too
    french = catalog_ids()
    missing = sorted(str(m) for m in found if not (french.get(m) and all(french[m])))
    assert missing == []
    unused = sorted(str(m) for m in set(french) - found - WORDS)
    assert unused == []


def test_every_word_that_fills_a_message_is_translated() -> None:
    french = catalog_ids()
    assert all(french.get(w) for w in WORDS)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_reads_fully_in_each_language(tmp_path: Path, language: str) -> None:
    table = new_table(tmp_path / "t.db", seed=31, language=language)
    rng = random.Random(31)
    while table.playing():
        for command in next_inputs(table, rng):
            table.handle(command)
    texts = [i.text(language, None) for i in instructions(table)]
    assert all(t and "{" not in t for t in texts)
    if language == "fr":
        assert any("Idrakys" in t and "cité" in t for t in texts)
        assert not any("city" in t for t in texts)


def test_translation_fills_fields_with_translated_words() -> None:
    text = translate("fr", "{player}: take {units} from tile {city} → your screen.",
                     {"player": "red", "units": units(["militia", "militia", "archer"]), "city": 6})
    assert text == "rouge : prenez 2 Milices Paysannes + 1 Archer de la tuile 6 → votre Paravent."


def test_plural_forms_agree_with_their_count() -> None:
    assert translate("fr", NP_("{n} bard", "{n} bards"), {"n": 1}) == "1 jeton Barde"
    assert translate("fr", NP_("{n} bard", "{n} bards"), {"n": 3}) == "3 jetons Barde"
    assert translate("en", NP_("{n} bard", "{n} bards"), {"n": 3}) == "3 bards"
