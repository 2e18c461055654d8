"""English and French: every text a player reads exists in both, from the gettext catalog."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.xidit.table.printed import units
from companion.i18n import NP_, translate, words
from companion.locale import catalogs
from tests.engine import instructions

from .support import new_table, next_inputs


def test_every_message_in_the_code_has_a_french_translation_in_its_own_catalog() -> None:
    """The framework's messages in companion/locale/fr.po, each game's in companion/games/<id>/locale/fr.po
    (companion/locale/catalogs.py decides which, as `make catalog` does)."""
    everything = catalogs.messages(None)
    assert len(everything) > 30
    assert "Done up to here" in everything  # the page templates are read too
    for game in [None, *catalogs.games()]:
        found, french = catalogs.messages(game), catalogs.translations(game)
        missing = sorted(str(m) for m in found if not (french.get(m) and all(french[m])))
        assert missing == [], f"{catalogs.catalog_path(game)}: no French for these"
        unused = sorted(str(m) for m in set(french) - found)
        assert unused == [], f"{catalogs.catalog_path(game)}: no code marks these"


def test_xidits_words_are_in_its_own_catalog_not_the_frameworks() -> None:
    assert "militia" in catalogs.translations("xidit") and "militia" not in catalogs.translations(None)
    assert translate("fr", "militia") == "milice paysanne"  # merged into the one catalog the table reads


def test_a_message_means_the_same_in_every_catalog_that_holds_it() -> None:
    seen: dict[object, object] = {}
    for game in [None, *catalogs.games()]:
        for message, french in catalogs.translations(game).items():
            assert seen.setdefault(message, french) == french, message


def test_every_word_that_fills_a_message_is_translated() -> None:
    french = {m: t for game in [None, *catalogs.games()] for m, t in catalogs.translations(game).items()}
    assert "militia" in words() and "blue" in words()
    assert sorted(w for w in words() if not french.get(w)) == []


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
    assert text == "rouge\u202f: prenez 2 milices paysannes + 1 archer de la tuile 6 → votre Paravent."


def test_plural_forms_agree_with_their_count() -> None:
    assert translate("fr", NP_("{n} bard", "{n} bards"), {"n": 1}) == "1 jeton Barde"
    assert translate("fr", NP_("{n} bard", "{n} bards"), {"n": 3}) == "3 jetons Barde"
    assert translate("en", NP_("{n} bard", "{n} bards"), {"n": 3}) == "3 bards"


def test_the_language_the_referee_chose_outlives_a_restart_and_the_configs(tmp_path: Path) -> None:
    """Game night 2026-11-29, problem 7: two restarts brought a French table back in English (the config's
    language won, the choice was never saved). The referee's choice is kept with the table's state; the
    config's language is only the language of a table whose referee never chose one."""
    from companion.games.xidit.boards import default_pack_text
    from companion.store import Store
    from companion.table import SetLanguage, Table

    fresh = Table.open(Store(tmp_path / "t.db"), default_pack_text(), language="fr")
    assert fresh.language == "fr"  # nothing chosen yet: the config's
    fresh.handle(SetLanguage("en"))
    fresh.stop()
    again = Table.open(Store(tmp_path / "t.db"), default_pack_text(), language="fr")
    assert again.language == "en"
    again.handle(SetLanguage("fr"))
    again.stop()
    table = Table.open(Store(tmp_path / "t.db"), default_pack_text(), language="en")
    assert table.language == "fr" and table.view("public")["table"]["language"] == "fr"
    table.stop()


NARROW_NBSP = "\u202f"  # French typography: a narrow no-break space before : ; ? ! (the catalogs use this one)


def test_every_french_entry_sets_a_narrow_no_break_space_before_colons_semicolons_and_question_and_exclamation_marks(
        ) -> None:
    """Issue 35: "Premier décompte: renommée", and a plain space that lets a line break before the colon. The
    one exception is the sign printed on the board, "[?]" (no punctuation)."""
    wrong = []
    for game in [None, *catalogs.games()]:
        for french in catalogs.translations(game).values():
            for text in french if isinstance(french, tuple) else (french,):
                for i, sign in enumerate(text):
                    if sign not in ":;?!" or i == 0 or text[i - 1: i + 2] == "[?]":
                        continue
                    if text[i - 1] != NARROW_NBSP:
                        wrong.append(f"{catalogs.catalog_path(game).parent.parent.name}: {text!r}")
    assert wrong == []
