"""How wide the contract between the framework and its games is, counted from the source (issue 37).

    python tools/contract_counts.py [--list]

Counts, over the framework's own modules (companion.core.framework.FRAMEWORK, firmware left out; games never):
the Protocol classes and their members (methods, properties and annotated attributes declared in the class
body), and every `getattr(` call, the way an optional hook used to be found. `--list` names each.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.core.framework import FRAMEWORK  # noqa: E402 (the checkout's, not an installed one)


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
                getattrs.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    if listing:
        for name, declared in protocols:
            print(f"{name}: {', '.join(declared)}")
        print(*getattrs, sep="\n")
    print(f"{len(protocols)} protocols, {sum(len(m) for _, m in protocols)} members, {len(getattrs)} getattr calls")


if __name__ == "__main__":
    main("--list" in sys.argv[1:])
