"""Where the French catalogs are and which messages each must hold: the framework's
(`companion/locale/fr.po`: everything outside `companion/games`) and one per game
(`companion/games/<id>/locale/fr.po`: the messages of that game's package, templates included).

A development tool (`make catalog`, tests/table/test_languages.py): the running companion only reads the
catalogs (companion/i18n.py). It finds games by their folders, as extraction does, not by importing them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "companion" / "games"
KEYWORDS = {"N_": None, "_": None, "NP_": (1, 2)}
PYTHON = [("**.py", "python")]
TEMPLATES = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
Message = str | tuple[str, str]
SINCE = datetime(2026, 11, 26, tzinfo=UTC)  # fixed, so that a catalog's file changes only with its messages


def games() -> list[str]:
    return sorted(p.parent.name for p in GAMES.glob("*/__init__.py"))


def catalog_path(game: str | None) -> Path:
    """A box of games (docs/games.md, "One box, two versions") keeps its catalog in its shared part."""
    if game is None:
        return ROOT / "companion" / "locale" / "fr.po"
    return GAMES / game / ("common/locale" if (GAMES / game / "common").is_dir() else "locale") / "fr.po"


def _extract(folder: Path, method_map: list[tuple[str, str]]) -> set[Message]:
    found = extract_from_dir(str(folder), method_map, {}, keywords=KEYWORDS)
    return {m if isinstance(m, str) else (m[0], m[1]) for _, _, m, _, _ in found}


def messages(game: str | None) -> set[Message]:
    """Every message marked in a game's package, or (None) in the framework: companion outside its games,
    and web with its templates."""
    if game is not None:
        return _extract(GAMES / game, TEMPLATES)
    outside = {m for path in (ROOT / "companion").iterdir() if path.is_dir() and path.name != "games"
               for m in _extract(path, PYTHON)}
    top = {m for path in (ROOT / "companion").glob("*.py") for m in _extract_file(path)}
    web = _extract(ROOT / "web", [("**/templates/**.html", "jinja2"), ("**.py", "python")])
    return outside | top | web


def _extract_file(path: Path) -> set[Message]:
    from babel.messages.extract import extract_from_file

    found = extract_from_file("python", str(path), keywords=KEYWORDS)
    return {m if isinstance(m, str) else (m[0], m[1]) for _, m, _, _ in found}


def read(game: str | None) -> Catalog:
    path = catalog_path(game)
    if not path.exists():
        return Catalog(locale="fr")
    with path.open("rb") as po:
        return read_po(po, locale="fr")


def translations(game: str | None) -> dict[Message, str | tuple[str, ...]]:
    found: dict[Message, str | tuple[str, ...]] = {}
    for m in read(game):
        if m.id:
            key: Message = m.id if isinstance(m.id, str) else (m.id[0], m.id[1])
            found[key] = m.string if isinstance(m.string, str) else tuple(m.string or ())
    return found


def write(game: str | None, entries: Iterable[tuple[Message, str | tuple[str, ...]]]) -> None:
    catalog = Catalog(locale="fr", project="xidit-companion", fuzzy=False, creation_date=SINCE, revision_date=SINCE)
    # The catalogs were written with two French plural forms (one for 0 and 1, one above), which every
    # translation here follows; newer CLDR data would make it three.
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    for message, string in sorted(entries, key=lambda e: e[0] if isinstance(e[0], str) else e[0][0]):
        catalog.add(message, string)
    path = catalog_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, omit_header=False, no_location=True)


def redistribute(extra: dict[str, set[str]] | None = None) -> dict[str | None, list[Message]]:
    """Puts every translated message in the catalog(s) of the code that marks it (entries appended to any
    catalog by hand land where they belong), a new message with an empty translation for the translator,
    and drops what no code marks any more. `extra` adds words a catalog must hold beyond its marked
    messages. Returns, per catalog, the messages marked in code that no catalog translates."""
    known: dict[Message, str | tuple[str, ...]] = {}
    for game in [None, *games()]:
        for message, string in translations(game).items():
            if string and (not isinstance(string, tuple) or all(string)):
                known.setdefault(message, string)
    missing: dict[str | None, list[Message]] = {}
    for game in [None, *games()]:
        wanted = messages(game) | set((extra or {}).get(game or "", set()))
        blank: dict[bool, str | tuple[str, ...]] = {True: ("", ""), False: ""}
        write(game, [(m, known.get(m, blank[isinstance(m, tuple)])) for m in wanted])
        missing[game] = sorted((m for m in wanted if m not in known), key=str)
    return missing


if __name__ == "__main__":
    gaps = redistribute()
    for catalog, absent in gaps.items():
        for message in absent:
            print(f"{catalog_path(catalog).relative_to(ROOT)}: no French for {message!r}", file=sys.stderr)
    sys.exit(1 if any(gaps.values()) else 0)
