"""The walk-through of the Zargos map: the screens (they follow the owner's answers), the answers, where
the owner is, the conflicts in words, and the pack it makes.

Pure: no clock, no disk, no web. Its state is plain JSON (`to_json` / `from_json`), saved by whoever drives
it after every step, so a half-done walk resumes where it stopped.

Nothing is certified without looking: on a provisional pack a screen offers only what the rules state (the
names KORI, LUDOS and la Cité Interdite) and what the owner's own answers imply (a border answered at one
province is offered at the other); every other field is typed. Only a pack that is already verified has
its own values offered. The pack is `verified` once every screen is answered and nothing conflicts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from companion.core.errors import CompanionError
from companion.i18n import N_, translate
from companion.owner_walk import BadAnswer, BadProgress, Change

from ...rules import Board
from ...rules.board import ZARGOS
from ..pack import check_pack
from .answers import check_value
from .screens import KINGDOMS, Screen, fixed_screens, slug

FORMAT: Final = "zargos-verify/1"
DATE: Final = re.compile(r"^\d{4}-\d{2}-\d{2}$")
FACTS: Final = {"kingdom:1": {"name": "KORI"}, "kingdom:2": {"name": "LUDOS"},  # 1.1, 5.6
                "zargos": {"forbidden_city": "Cité Interdite"}}  # 1.1 « la Cité Interdite »
OUTSIDE: Final = 47  # 1.6, 1.8


@dataclass(frozen=True)
class Conflict:
    screen: str  # the key of the screen where it is fixed
    message: str  # a catalog message
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, language: str) -> str:
        return translate(language, self.message, self.params)

    def to_json(self, language: str) -> dict[str, Any]:
        """As the walk's pages list it (every conflict blocks the pack)."""
        return {"screen": self.screen, "text": self.text(language), "blocking": True, "screens": [self.screen]}


class NotReady(CompanionError, ValueError):
    """The walk cannot make a pack yet: the unanswered screens' keys and the conflicts."""

    def __init__(self, unanswered: list[str], conflicts: list[Conflict]) -> None:
        super().__init__(f"{len(unanswered)} screen(s) unanswered, {len(conflicts)} conflict(s)")
        self.unanswered = unanswered
        self.conflicts = conflicts


def values_of(board: Board) -> dict[str, dict[str, Any]]:
    """A pack's values screen by screen (what a verified pack offers): KORI and LUDOS first."""
    kingdoms = sorted((k for k in board.kingdoms.values() if k.id != ZARGOS),
                      key=lambda k: (k.name.upper() != "KORI", k.name.upper() != "LUDOS"))  # then the pack's order
    name = board.province_name
    found: dict[str, dict[str, Any]] = {}
    for index, kingdom in enumerate(kingdoms, start=1):
        found[f"kingdom:{index}"] = {"name": kingdom.name, "provinces": [name(p) for p in kingdom.provinces],
                                     "capital": name(kingdom.capital or ""), "value": kingdom.value}
    found["zargos"] = {"forbidden_city": name(board.forbidden_city), "around": [name(p) for p in board.around],
                       "coastal": [name(p) for p in board.coastal_zargos]}
    lakes = [s for s in board.seas.values() if s.lake]
    found["seas"] = {"seas": [s.name for s in board.seas.values() if not s.lake],
                     "lake": lakes[0].name if lakes else ""}
    for pid, province in board.provinces.items():
        found[f"province:{slug(province.name)}"] = {
            "borders": sorted((name(p) for p in board.borders[pid]), key=str.casefold),
            "seas": sorted((board.seas[s].name for s in province.seas), key=str.casefold)}
    for sea in board.seas.values():
        found[f"sea:{slug(sea.name)}"] = {"links": sorted((board.seas[s].name for s in sea.links), key=str.casefold)}
    return found


class Walk:
    def __init__(self, base: dict[str, dict[str, Any]], trusted: bool, answers: dict[str, dict[str, Any]],
                 position: str, origin: dict[str, str]) -> None:
        self.base = base  # the pack the walk started from, screen by screen
        self.trusted = trusted  # that pack was verified: its values may be offered
        self.answers = answers
        self.position = position  # a screen's key, or "" at the end (the summary)
        self.origin = origin

    # -- making, saving, resuming ------------------------------------------------------------------------

    @classmethod
    def start(cls, board: Board) -> Walk:
        return cls(values_of(board), board.status == "verified", {}, "kingdom:1",
                   {"name": board.name, "status": board.status, "sha256": board.sha256})

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "origin": self.origin, "base": self.base, "trusted": self.trusted,
                "answers": self.answers, "position": self.position}

    @classmethod
    def from_json(cls, data: Any) -> Walk:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise BadProgress(f"not the progress of a Zargos walk-through (format {FORMAT})")
        try:
            walk = cls({str(k): dict(v) for k, v in dict(data["base"]).items()}, data["trusted"] is True, {},
                       str(data["position"]), {str(k): str(v) for k, v in dict(data.get("origin", {})).items()})
            saved = {str(k): v for k, v in dict(data["answers"]).items()}
            fixed = {s.key for s in fixed_screens()}
            for key in [k for k in saved if k in fixed] + [k for k in saved if k not in fixed]:
                screen = walk.screen_of(key)
                if screen is None:
                    raise BadProgress(f"the saved walk-through answers a screen it does not have: {key}")
                try:
                    walk.answers[key] = check_value(screen, saved[key], walk.province_names(), walk.sea_names())
                except BadAnswer:
                    if key in fixed:
                        raise
                    # A province renamed on its kingdom's screen after this one was answered: asked again.
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, BadProgress):
                raise
            raise BadProgress(f"the saved walk-through cannot be read ({error})") from None
        return walk

    # -- the screens -------------------------------------------------------------------------------------

    def province_names(self) -> list[str]:
        names: list[str] = []
        for index in range(1, KINGDOMS + 1):
            names += self.answers.get(f"kingdom:{index}", {}).get("provinces", [])
        zargos = self.answers.get("zargos")
        if zargos is not None:
            names += [zargos["forbidden_city"], *zargos["around"], *zargos["coastal"]]
        return list(dict.fromkeys(names))

    def sea_names(self) -> list[str]:
        seas = self.answers.get("seas")
        return [] if seas is None else [*seas["seas"], seas["lake"]]

    def screens(self) -> list[Screen]:
        """Every screen as the answers stand: the fixed ones, a screen per province and sea space named, the
        counts."""
        found = fixed_screens()
        found += [Screen(f"province:{slug(n)}", "province", name=n) for n in self.province_names()]
        found += [Screen(f"sea:{slug(n)}", "sea", name=n) for n in self.sea_names()]
        found.append(Screen("count", "count"))
        return found

    def screen_of(self, key: str) -> Screen | None:
        return next((s for s in self.screens() if s.key == key), None)

    @property
    def screen(self) -> Screen | None:
        """The screen shown, or None at the end (the summary)."""
        return self.screen_of(self.position) if self.position else None

    def unanswered(self) -> list[str]:
        return [s.key for s in self.screens() if s.key not in self.answers]

    def progress(self) -> tuple[int, int]:
        screens = self.screens()
        return sum(s.key in self.answers for s in screens), len(screens)

    def goto(self, key: str) -> None:
        if self.screen_of(key) is None:
            raise BadAnswer(N_("There is no screen {key}."), key=key)
        self.position = key

    def skip(self) -> None:
        """On to the next unanswered screen, leaving this one as it is."""
        keys = [s.key for s in self.screens()]
        here = keys.index(self.position) if self.position in keys else -1
        self.position = next((k for k in keys[here + 1:] if k not in self.answers), "")

    def first_open(self) -> None:
        """To the first unanswered screen (from the summary); the summary when every one is answered."""
        self.position = next(iter(self.unanswered()), "")

    def is_answered(self, key: str) -> bool:
        return key in self.answers

    def back(self) -> None:
        keys = [s.key for s in self.screens()]
        here = keys.index(self.position) if self.position in keys else len(keys)
        self.position = keys[max(0, here - 1)]

    # -- what a screen shows -----------------------------------------------------------------------------

    def offered(self, key: str) -> dict[str, Any]:
        """The fields known without looking at a provisional pack's invented values: the rules' names and
        what the owner's answers on other screens imply; a verified pack's own values."""
        screen = self.screen_of(key)
        if screen is None or screen.kind == "count":
            return {}
        found: dict[str, Any] = dict(self.base.get(key, {})) if self.trusted else dict(FACTS.get(key, {}))
        if screen.kind == "province":
            seen = sorted((s.name for s in self.screens() if s.kind == "province" and s.key in self.answers
                           and screen.name in self.answers[s.key]["borders"]), key=str.casefold)
            if seen:
                found["borders"] = sorted({*found.get("borders", []), *seen} & set(self.province_names()),
                                          key=str.casefold) if self.trusted else seen
        if screen.kind == "sea":
            seen = sorted((s.name for s in self.screens() if s.kind == "sea" and s.key in self.answers
                           and screen.name in self.answers[s.key]["links"]), key=str.casefold)
            if seen:
                found["links"] = seen
        return {k: v for k, v in found.items() if k in screen.fields}

    def shown(self, key: str) -> dict[str, Any]:
        return dict(self.answers[key]) if key in self.answers else self.offered(key)

    def blanks(self, key: str) -> list[str]:
        screen = self.screen_of(key)
        if screen is None or key in self.answers:
            return []
        offered = self.offered(key)
        return [name for name in screen.fields if name not in offered]

    # -- answering ---------------------------------------------------------------------------------------

    def answer(self, key: str, value: Any) -> None:
        """Sets a screen's answer (every field, checked for its form), then moves to the next unanswered
        screen (the summary when there is none)."""
        screen = self.screen_of(key)
        if screen is None:
            raise BadAnswer(N_("There is no screen {key}."), key=key)
        self.answers[key] = check_value(screen, value, self.province_names(), self.sea_names())
        if screen.kind in ("kingdom", "zargos", "seas"):
            self._drop_stale()
        keys = [s.key for s in self.screens()]
        here = keys.index(key)
        order = keys[here + 1:] + keys[:here]
        self.position = next((k for k in order if k not in self.answers), "")

    def _drop_stale(self) -> None:
        """A province or sea space renamed or taken away: the screens that named it are asked again."""
        screens = {s.key: s for s in self.screens()}
        for key in [k for k in self.answers if screens.get(k) is None or screens[k].kind in ("province", "sea")]:
            screen = screens.get(key)
            try:
                if screen is None:
                    raise BadAnswer(N_("There is no screen {key}."), key=key)
                check_value(screen, self.answers[key], self.province_names(), self.sea_names())
            except BadAnswer:
                del self.answers[key]

    # -- checks and results ------------------------------------------------------------------------------

    def conflicts(self) -> list[Conflict]:
        """What is wrong now, in words, each at the screen where it is fixed."""
        found: list[Conflict] = []
        owner: dict[str, str] = {}
        for index in range(1, KINGDOMS + 1):
            kingdom = self.answers.get(f"kingdom:{index}", {"name": "", "provinces": []})
            for name in kingdom["provinces"]:
                if name.casefold() in owner:
                    found.append(Conflict(f"kingdom:{index}", N_("{name} is named in two kingdoms: {a} and {b}."),
                                          {"name": name, "a": owner[name.casefold()], "b": kingdom["name"]}))
                owner.setdefault(name.casefold(), kingdom["name"])
        zargos = self.answers.get("zargos")
        for name in [] if zargos is None else [zargos["forbidden_city"], *zargos["around"], *zargos["coastal"]]:
            if name.casefold() in owner:
                found.append(Conflict("zargos", N_("{name} is named both in Zargos and in the kingdom {a}."),
                                      {"name": name, "a": owner[name.casefold()]}))
        names = [self.answers.get(f"kingdom:{i}", {}).get("name", "").casefold() for i in range(1, KINGDOMS + 1)]
        for index, name in enumerate(names, start=1):
            if name and names.index(name) < index - 1:
                found.append(Conflict(f"kingdom:{index}", N_("Two kingdom screens are the kingdom {name}: each "
                                                             "screen is a different kingdom."),
                                      {"name": self.answers[f"kingdom:{index}"]["name"]}))
        if all(f"kingdom:{i}" in self.answers for i in range(1, KINGDOMS + 1)):
            total = sum(len(self.answers[f"kingdom:{i}"]["provinces"]) for i in range(1, KINGDOMS + 1))
            if total != OUTSIDE:
                found.append(Conflict("kingdom:1", N_("Your ten kingdoms hold {n} provinces; the game's cards name "
                                                      "47 (37 province cards and 10 capitals): look again at the "
                                                      "kingdoms."), {"n": total}))
        found += self._one_sided("province", "borders", N_("On the screen of {a} it borders {b}, but not on the "
                                                           "screen of {b}: look at the board between them."))
        found += self._one_sided("sea", "links", N_("On the screen of the sea space {a} it is next to {b}, but "
                                                    "not on the screen of {b}: look at the sea between them."))
        found += self._counts()
        if not found and not self.unanswered():
            found += [self._at_screen(problem) for problem in check_pack(self.render("provisional", []))]
        return found

    def _one_sided(self, kind: str, name: str, message: str) -> list[Conflict]:
        screens = {s.name: s for s in self.screens() if s.kind == kind}
        found = []
        for a, screen in screens.items():
            for b in self.answers.get(screen.key, {}).get(name, []):
                other = screens.get(b)
                if other is not None and other.key in self.answers and a not in self.answers[other.key][name]:
                    found.append(Conflict(other.key, message, {"a": a, "b": b}))
        return found

    def _counts(self) -> list[Conflict]:
        counted = self.answers.get("count")
        provinces = [s for s in self.screens() if s.kind == "province"]
        if counted is None or any(s.key not in self.answers for s in provinces) or "seas" not in self.answers:
            return []
        lake = self.answers["seas"]["lake"]
        coastal = sum(bool(self.answers[s.key]["seas"]) for s in provinces)
        on_lake = sum(lake in self.answers[s.key]["seas"] for s in provinces)
        found = []
        if counted["coastal"] != coastal:
            found.append(Conflict("count", N_("You counted {counted} provinces touching a sea space or the lake; "
                                              "your province screens make {answered}. Look again at the coasts."),
                                  {"counted": counted["coastal"], "answered": coastal}))
        if counted["lake"] != on_lake:
            found.append(Conflict("count", N_("You counted {counted} provinces touching the lake; your province "
                                              "screens make {answered}."),
                                  {"counted": counted["lake"], "answered": on_lake}))
        return found

    def _at_screen(self, problem: str) -> Conflict:
        """A problem of the pack checker, at the screen of the first province or sea space it names."""
        for screen in self.screens():
            if screen.kind in ("province", "sea") and f"'{slug(screen.name)}'" in problem:
                return Conflict(screen.key, N_("The pack checker says: {problem}"), {"problem": problem})
        return Conflict("kingdom:1", N_("The pack checker says: {problem}"), {"problem": problem})

    def changes(self) -> list[Change[Screen]]:
        """What the answers changed from the pack the walk started from (its invented values, on a
        provisional pack: nearly everything)."""
        found = []
        for screen in self.screens():
            answer, before = self.answers.get(screen.key), self.base.get(screen.key, {})
            if answer is None or screen.kind == "count":
                continue
            found += [Change(screen, name, before.get(name), answer[name]) for name in screen.fields
                      if answer[name] != before.get(name)]
        return found

    def ready(self) -> bool:
        return self.complete()

    def complete(self) -> bool:
        return not self.unanswered() and not self.conflicts()

    def render(self, status: str, header: list[str]) -> str:
        """The answers as a `zargos-board/1` pack (docs/formats.md)."""
        ids: dict[str, str] = {}
        used: set[str] = {ZARGOS}

        def id_of(name: str) -> str:
            if name.casefold() not in ids:
                base = slug(name)
                found, n = base, 2
                while found in used:
                    found, n = f"{base}-{n}", n + 1
                used.add(found)
                ids[name.casefold()] = found
            return ids[name.casefold()]

        def q(text: str) -> str:
            return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

        lines = [f"# {line}" for line in header]
        lines += ['format = "zargos-board/1"', f"name = {q(self.origin.get('name', 'Zargos'))}",
                  f"status = {q(status)}", "rank_circles = 6", ""]
        zargos = self.answers.get("zargos", {"forbidden_city": "", "around": [], "coastal": []})
        lines += ["[zargos]", 'name = "Zargos"', f"forbidden_city = {q(id_of(zargos['forbidden_city']))}",
                  f"around = [{', '.join(q(id_of(n)) for n in zargos['around'])}]",
                  f"coastal = [{', '.join(q(id_of(n)) for n in zargos['coastal'])}]", ""]
        kingdom_of: dict[str, str] = {n.casefold(): ZARGOS for n in
                                      [zargos["forbidden_city"], *zargos["around"], *zargos["coastal"]] if n}
        for index in range(1, KINGDOMS + 1):
            kingdom = self.answers.get(f"kingdom:{index}")
            if kingdom is None:
                continue
            kid = id_of(kingdom["name"])
            lines += ["[[kingdom]]", f"id = {q(kid)}", f"name = {q(kingdom['name'])}",
                      f"capital = {q(id_of(kingdom['capital']))}"]
            lines += [f"value = {kingdom['value']}"] if kingdom["value"] is not None else []
            lines.append("")
            for name in kingdom["provinces"]:
                kingdom_of.setdefault(name.casefold(), kid)
        seas = self.answers.get("seas")
        for name in self.sea_names():
            screen = self.answers.get(f"sea:{slug(name)}", {"links": []})
            lines += ["[[sea]]", f"id = {q(id_of(name))}", f"name = {q(name)}",
                      f"links = [{', '.join(q(id_of(n)) for n in screen['links'])}]"]
            lines += ["lake = true"] if seas is not None and name == seas["lake"] else []
            lines.append("")
        borders: set[tuple[str, str]] = set()
        for name in self.province_names():
            screen = self.answers.get(f"province:{slug(name)}", {"borders": [], "seas": []})
            lines += ["[[province]]", f"id = {q(id_of(name))}", f"name = {q(name)}",
                      f"kingdom = {q(kingdom_of.get(name.casefold(), ''))}",
                      f"seas = [{', '.join(q(id_of(n)) for n in screen['seas'])}]", ""]
            borders |= {tuple(sorted((id_of(name), id_of(other)))) for other in screen["borders"]}  # type: ignore[misc]
        for a, b in sorted(borders):
            lines += ["[[border]]", f"between = [{q(a)}, {q(b)}]", ""]
        return "\n".join(lines)

    def pack_text(self, date: str) -> str:
        """The verified pack. `date` is YYYY-MM-DD."""
        if not DATE.match(date):
            raise ValueError(f"the date must be YYYY-MM-DD, not {date!r}")
        if not self.complete():
            raise NotReady(self.unanswered(), self.conflicts())
        return self.render("verified", [
            f"The Zargos map checked against a physical copy of the game on {date}, screen by screen, with the",
            "companion's walk-through (companion board verify --game zargos)."])
