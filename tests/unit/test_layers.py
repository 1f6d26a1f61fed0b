"""Imports run one way (design.md, "Layers"): domain <- replay <- service, and the client SDK
needs nothing but its own code.

Every import of every module under domain/, replay/, service/ and clients/python/kennel/ is read
from its source (an AST walk, so imports inside functions and under TYPE_CHECKING count too) and
checked against what its layer may import. Anything of ours lives under the import root `kennel`;
an import of a top-level `domain`, `service` or `replay` is refused wherever it appears.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# What each layer may import of ours (prefixes of module names under `kennel`).
SDK = ("kennel.v1", "kennel.wire", "kennel.client", "kennel._version")
ALLOWED: dict[str, tuple[str, ...]] = {
    "domain": ("kennel.domain",),
    "replay": ("kennel.domain", "kennel.replay"),
    # The service's tools that play over a server (`kennel simulate --server`, `kennel play
    # --server`) use the SDK's client as any other program would; the SDK never imports back.
    "service": ("kennel.domain", "kennel.replay", "kennel.service", *SDK),
    "clients/python/kennel": SDK,
}
OLD_ROOTS = ("domain", "service", "replay")


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            if node.module == "kennel":  # `from kennel import wire` imports kennel.wire
                for alias in node.names:
                    yield node.lineno, f"kennel.{alias.name}"


def _ours(name: str) -> bool:
    return name == "kennel" or name.startswith("kennel.") or name.split(".")[0] in OLD_ROOTS


def _within(name: str, prefixes: tuple[str, ...]) -> bool:
    return name == "kennel" or any(name == p or name.startswith(p + ".") for p in prefixes)


def _modules(layer: str) -> list[Path]:
    folder = ROOT / layer
    return sorted(p for p in folder.rglob("*.py") if "v1" not in p.relative_to(folder).parts)


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_what_lies_below_it(layer: str) -> None:
    modules = _modules(layer)
    assert modules, f"no modules found under {layer}/"
    crossings = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in modules
        for line, name in _imports(path)
        if _ours(name) and not _within(name, ALLOWED[layer])
    ]
    assert crossings == [], "imports against the layers:\n" + "\n".join(crossings)


def test_nothing_imports_a_top_level_name_of_ours_outside_kennel() -> None:
    folders = [*ALLOWED, "tests", "bench"]
    flat = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
        if "node_modules" not in path.parts
        for line, name in _imports(path)
        if name.split(".")[0] in OLD_ROOTS
    ]
    assert flat == [], "imports outside the `kennel` root:\n" + "\n".join(flat)


def test_the_checker_sees_a_crossing(tmp_path: Path) -> None:
    """The walk itself works: an import hidden inside a function is found and judged."""
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from kennel.service import games\n", encoding="utf-8")
    assert [name for _, name in _imports(planted)] == ["kennel.service"]
    assert not _within("kennel.service.games", ALLOWED["domain"])
    assert _within("kennel.domain.core.rules", ALLOWED["replay"])
