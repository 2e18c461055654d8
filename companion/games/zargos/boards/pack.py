"""`zargos-board/1` packs: read a TOML map, name every problem in words, build the engine's `Board`.

docs/formats.md ("Zargos (in progress)") describes the format. The checker holds the facts the rules give
about any Zargos board (1.1, 1.6, 1.8, 5.6, 9.3): ten kingdoms besides Zargos, 47 provinces outside it of
which ten are capitals, Zargos's ten provinces (the Forbidden City, three around it, six coastal), one lake
between KORI and LUDOS. Everything else (names, borders, seas) is the pack's own.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

from companion.games.zargos.rules.board import ZARGOS, Board, Kingdom, Name, Province, Sea
from companion.games.zargos.rules.errors import BadPack

FORMAT = "zargos-board/1"
STATUSES = ("provisional", "verified")
DEFAULT_PACK = "zargos.toml"
KINGDOMS = 10  # 1.6: ten capital cards, one per kingdom besides Zargos
OUTSIDE = 47  # 1.8: 37 province cards + 10 capital cards
TOP_KEYS = {"format", "name", "status", "rank_circles", "kingdom", "province", "border", "sea", "zargos"}


def _text(table: Mapping[str, Any], key: str, where: str, problems: list[str]) -> str | None:
    value = table.get(key)
    if isinstance(value, str) and value.strip():
        return value.strip()
    problems.append(f"{where}: '{key}' must be a non-empty text, not {value!r}")
    return None


def _texts(table: Mapping[str, Any], key: str, where: str, problems: list[str]) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    problems.append(f"{where}: '{key}' must be a list of ids, not {value!r}")
    return ()


def _name(table: Mapping[str, Any], where: str, problems: list[str], default: str) -> Name:
    """A place's `name`, with its optional French `name_fr`."""
    name = _text(table, "name", where, problems) or default
    if "name_fr" not in table:
        return Name(name)
    return Name(name, _text(table, "name_fr", where, problems))


KEYS = {"kingdom": {"id", "name", "name_fr", "capital", "value"},
        "province": {"id", "name", "name_fr", "kingdom", "seas"},
        "sea": {"id", "name", "name_fr", "links", "lake"}, "border": {"between"},
        "zargos": {"name", "name_fr", "forbidden_city", "around", "coastal"}}


def _unknown(table: Mapping[str, Any], kind: str, index: int, problems: list[str]) -> None:
    """A misspelt key would otherwise be ignored in silence (a `sea` for `seas` makes a coast inland)."""
    for key in sorted(set(table) - KEYS[kind] - {"source"}):
        problems.append(f"{kind} {index}: unknown key '{key}' (known: {', '.join(sorted(KEYS[kind]))}, source)")


def _tables(data: Mapping[str, Any], key: str, problems: list[str]) -> list[Mapping[str, Any]]:
    value = data.get(key, [])
    if isinstance(value, list) and all(isinstance(v, dict) for v in value):
        for index, table in enumerate(value, start=1):
            _unknown(table, key, index, problems)
        return value
    problems.append(f"'{key}' must be a list of tables ([[{key}]])")
    return []


def check_pack(text: str) -> list[str]:
    """Every problem of a pack, in words; an empty list when the engine can play on it."""
    return _read(text)[1]


def parse_pack(text: str) -> Board:
    board, problems = _read(text)
    if problems or board is None:
        raise BadPack(problems)
    return board


def default_pack_text() -> str:
    return resources.files("companion.games.zargos.boards").joinpath(DEFAULT_PACK).read_bytes().decode("utf-8")


def default_pack() -> Board:
    return parse_pack(default_pack_text())


def _read(text: str) -> tuple[Board | None, list[str]]:
    problems: list[str] = []
    try:
        data = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        return None, [f"not valid TOML: {error}"]
    for key in sorted(set(data) - TOP_KEYS):
        problems.append(f"unknown key '{key}' at the top of the pack")
    if data.get("format") != FORMAT:
        problems.append(f"'format' must be \"{FORMAT}\", not {data.get('format')!r}")
    name = _text(data, "name", "the pack", problems) or ""
    status = data.get("status")
    if status not in STATUSES:
        problems.append(f"'status' must be one of {', '.join(STATUSES)}, not {status!r}")
    circles = data.get("rank_circles", 6)
    if isinstance(circles, bool) or not isinstance(circles, int) or not 2 <= circles <= 6:
        problems.append(f"'rank_circles' must be a whole number from 2 to 6, not {circles!r}")
        circles = 6

    kingdoms: dict[str, dict[str, Any]] = {}
    for index, table in enumerate(_tables(data, "kingdom", problems), start=1):
        where = f"kingdom {index}"
        kid = _text(table, "id", where, problems)
        if kid is None:
            continue
        where = f"kingdom '{kid}'"
        if kid in kingdoms or kid == ZARGOS:
            problems.append(f"{where} is declared twice (Zargos is declared by [zargos], not [[kingdom]])")
            continue
        value = table.get("value")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            problems.append(f"{where}: 'value' (printed on the capital) must be a whole number of at least 1, "
                            f"or left out when not known, not {value!r}")
            value = None
        kingdoms[kid] = {"name": _name(table, where, problems, kid),
                         "capital": _text(table, "capital", where, problems), "value": value}

    seas: dict[str, dict[str, Any]] = {}
    for index, table in enumerate(_tables(data, "sea", problems), start=1):
        where = f"sea space {index}"
        sid = _text(table, "id", where, problems)
        if sid is None:
            continue
        where = f"sea space '{sid}'"
        if sid in seas:
            problems.append(f"{where} is declared twice")
            continue
        lake = table.get("lake", False)
        if not isinstance(lake, bool):
            problems.append(f"{where}: 'lake' must be true or false, not {lake!r}")
            lake = False
        seas[sid] = {"name": _name(table, where, problems, sid),
                     "links": _texts(table, "links", where, problems), "lake": lake}
    links: dict[str, set[str]] = {s: set() for s in seas}
    for sid, sea in seas.items():
        for other in sea["links"]:
            if other == sid:
                problems.append(f"sea space '{sid}' is linked to itself")
            elif other not in seas:
                problems.append(f"sea space '{sid}': linked sea space '{other}' is not declared")
            else:
                links[sid].add(other)
                links[other].add(sid)

    provinces: dict[str, Province] = {}
    for index, table in enumerate(_tables(data, "province", problems), start=1):
        where = f"province {index}"
        pid = _text(table, "id", where, problems)
        if pid is None:
            continue
        where = f"province '{pid}'"
        if pid in provinces:
            problems.append(f"{where} is declared twice")
            continue
        kingdom = _text(table, "kingdom", where, problems)
        if kingdom is not None and kingdom != ZARGOS and kingdom not in kingdoms:
            problems.append(f"{where}: kingdom '{kingdom}' is not declared")
        bordered = _texts(table, "seas", where, problems)
        for sea_id in bordered:
            if sea_id not in seas:
                problems.append(f"{where}: sea space '{sea_id}' is not declared")
        provinces[pid] = Province(pid, _name(table, where, problems, pid), kingdom or "",
                                  tuple(s for s in bordered if s in seas))

    borders: dict[str, set[str]] = {p: set() for p in provinces}
    for index, table in enumerate(_tables(data, "border", problems), start=1):
        ends = _texts(table, "between", f"border {index}", problems)
        if len(ends) != 2:
            problems.append(f"border {index}: 'between' must name exactly two provinces, not {list(ends)!r}")
            continue
        a, b = ends
        missing = [p for p in ends if p not in provinces]
        if missing:
            problems.append(f"border {index} ({a} – {b}): province '{missing[0]}' is not declared")
        elif a == b:
            problems.append(f"border {index}: province '{a}' cannot border itself")
        elif b in borders[a]:
            problems.append(f"border {index}: '{a}' and '{b}' already share a border")
        else:
            borders[a].add(b)
            borders[b].add(a)

    zargos = data.get("zargos")
    city, around, coastal = "", tuple[str, ...](), tuple[str, ...]()
    if not isinstance(zargos, dict):
        problems.append("the pack must have a [zargos] table naming the Forbidden City and Zargos's rings")
        zargos_name = Name("Zargos")
    else:
        _unknown(zargos, "zargos", 1, problems)
        zargos_name = _name(zargos, "[zargos]", problems, "Zargos")
        city = _text(zargos, "forbidden_city", "[zargos]", problems) or ""
        around = _texts(zargos, "around", "[zargos]", problems)
        coastal = _texts(zargos, "coastal", "[zargos]", problems)
    inside = sorted(p for p, v in provinces.items() if v.kingdom == ZARGOS)
    if len(around) != 3:
        problems.append(f"[zargos]: 'around' must name the 3 provinces around the Forbidden City (9.3), "
                        f"not {len(around)}")
    if len(coastal) != 6:
        problems.append(f"[zargos]: 'coastal' must name Zargos's 6 coastal provinces (9.3), not {len(coastal)}")
    named = [city, *around, *coastal] if city else [*around, *coastal]
    for pid in named:
        if pid not in provinces or provinces[pid].kingdom != ZARGOS:
            problems.append(f"[zargos]: '{pid}' is not a province of the kingdom '{ZARGOS}'")
    if len(set(named)) != len(named):
        problems.append("[zargos]: a province is named twice among the Forbidden City and the rings")
    if len(inside) != 10 or set(inside) != set(named):
        problems.append(f"Zargos must have exactly 10 provinces, the ones [zargos] names (1.8); "
                        f"the pack puts {len(inside)} in it")
    for pid in around:
        if city and pid in provinces and city in provinces and pid not in borders.get(city, set()):
            problems.append(f"[zargos]: '{pid}' is around the Forbidden City but shares no border with it")
    for pid in coastal:
        if pid in provinces and not provinces[pid].seas:
            problems.append(f"[zargos]: coastal province '{pid}' borders no sea space")

    if len(kingdoms) != KINGDOMS:
        problems.append(f"the pack must have {KINGDOMS} kingdoms besides Zargos (1.6: ten capital cards), "
                        f"not {len(kingdoms)}")
    outside = [p for p, v in provinces.items() if v.kingdom != ZARGOS]
    if len(outside) != OUTSIDE:
        problems.append(f"the pack must have {OUTSIDE} provinces outside Zargos (1.6: 37 province cards and "
                        f"10 capital cards), not {len(outside)}")
    built: dict[str, Kingdom] = {}
    for kid, k in kingdoms.items():
        members = tuple(p for p, v in provinces.items() if v.kingdom == kid)
        if not members:
            problems.append(f"kingdom '{kid}' has no province")
        capital = k["capital"]
        if capital is not None and capital not in members:
            problems.append(f"kingdom '{kid}': its capital '{capital}' is not one of its provinces")
        built[kid] = Kingdom(kid, k["name"], capital, k["value"], members)
    built[ZARGOS] = Kingdom(ZARGOS, zargos_name, None, None, tuple(inside))

    lakes = [s for s, v in seas.items() if v["lake"]]
    if len(lakes) != 1:
        problems.append(f"the pack must have exactly one sea space with lake = true (5.6), not {len(lakes)}")
    else:
        touching = {built[provinces[p].kingdom].name.upper() for p in provinces
                    if lakes[0] in provinces[p].seas and provinces[p].kingdom in built}
        if not {"KORI", "LUDOS"} <= touching:
            problems.append(f"the lake '{lakes[0]}' must border a province of KORI and one of LUDOS (1.1, 5.6)")
    for pid, province in provinces.items():
        if not borders[pid] and not province.seas:
            problems.append(f"province '{pid}' has neither a border nor a sea space: no one could reach it")
    if provinces:
        problems += _unreached(provinces, borders, seas, links)
    if problems:
        return None, problems
    board = Board(
        name=name, status=str(status), sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        provinces=provinces, kingdoms=built,
        seas={s: Sea(s, v["name"], tuple(sorted(links[s])), v["lake"]) for s, v in seas.items()},
        borders={p: frozenset(b) for p, b in borders.items()},
        forbidden_city=city, around=tuple(around), coastal_zargos=tuple(coastal), rank_circles=circles)
    return board, []


def _unreached(provinces: Mapping[str, Province], borders: Mapping[str, set[str]],
               seas: Mapping[str, Any], links: Mapping[str, set[str]]) -> list[str]:
    """The map is one piece: every province reachable from every other by land or sea."""
    by_sea: dict[str, set[str]] = {s: set() for s in seas}
    for pid, province in provinces.items():
        for sea in province.seas:
            by_sea[sea].add(pid)
    first = next(iter(provinces))
    seen, todo = {first}, [first]
    while todo:
        here = todo.pop()
        near = set(borders[here])
        for sea in provinces[here].seas:
            reach, stack = {sea}, [sea]
            while stack:
                for nxt in links[stack.pop()]:
                    if nxt not in reach:
                        reach.add(nxt)
                        stack.append(nxt)
            for s in reach:
                near |= by_sea[s]
        for nxt in near - seen:
            seen.add(nxt)
            todo.append(nxt)
    cut = sorted(set(provinces) - seen)
    return [f"provinces {', '.join(cut)} cannot be reached from '{first}' by land or sea"] if cut else []
