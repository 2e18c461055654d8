"""How wide the contract between the framework and its games is, counted from the source (issue 37).

    .venv/bin/python -m tests.contract_counts [--list]

Counts, over the framework's own modules (companion.core.framework.FRAMEWORK, firmware left out; games never):
the Protocol classes and their members (methods, properties and annotated attributes declared in the class
body), and every `getattr(` call, the way an optional hook used to be found; of those, the game hooks: a
getattr of a named attribute on one of a game's parts or objects (its table part, rules, agents, boxes,
grouping, drafts, choice, chance node, setup, move or match), by the names the framework gives them.
`--list` names each.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from companion.core.framework import FRAMEWORK

ROOT = Path(__file__).resolve().parent.parent


# How the framework's code names a game's parts and objects (`self._part`, `game.rules`, `current().boxes`...).
GAME_OBJECT = re.compile(r"(part|rules|agents|kit|boxes|grouping|drafts|choice|node|setup|move|_game)$")


def is_game_hook(call: ast.Call) -> bool:
    return len(call.args) > 1 and isinstance(call.args[1], ast.Constant) \
        and GAME_OBJECT.search(ast.unparse(call.args[0])) is not None


def files() -> list[Path]:
    found: list[Path] = []
    for name in FRAMEWORK:
        where = ROOT / name.replace(".", "/")
        found += sorted(where.rglob("*.py")) if where.is_dir() else [where.with_suffix(".py")]
    return [path for path in found if "firmware" not in path.parts]


def is_protocol(node: ast.ClassDef) -> bool:
    def name(base: ast.expr) -> str:
        base = base.value if isinstance(base, ast.Subscript) else base
        return base.attr if isinstance(base, ast.Attribute) else base.id if isinstance(base, ast.Name) else ""

    return any(name(base) == "Protocol" for base in node.bases)


def members(node: ast.ClassDef) -> list[str]:
    return [item.name if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) else ast.unparse(item.target)
            for item in node.body
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.AnnAssign)]


def main(listing: bool) -> None:
    protocols: list[tuple[str, list[str]]] = []
    getattrs: list[str] = []
    for path in files():
        where = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and is_protocol(node):
                protocols.append((f"{where}:{node.lineno} {node.name}", members(node)))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr":
                getattrs.append(f"{where}:{node.lineno} {ast.unparse(node)}" + (" [game hook]" * is_game_hook(node)))
    if listing:
        for name, declared in protocols:
            print(f"{name}: {', '.join(declared)}")
        print(*getattrs, sep="\n")
    hooks = sum(call.endswith("[game hook]") for call in getattrs)
    print(f"{len(protocols)} protocols, {sum(len(m) for _, m in protocols)} members, {len(getattrs)} getattr calls, "
          f"{hooks} of them game hooks")


if __name__ == "__main__":
    main("--list" in sys.argv[1:])
