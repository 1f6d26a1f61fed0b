"""Code blocks of our documents, so that tests run exactly what the documents show."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API_DOC = ROOT / "docs" / "api.md"
# The documents' examples talk to the default ports; tests run them against free ones.
DOC_GRPC_ADDRESS = "127.0.0.1:50051"
DOC_WEB_BASE = "http://127.0.0.1:8080"


def fenced(path: Path, language: str) -> list[str]:
    """Every block fenced as ```language in the document, in order."""
    text = path.read_text(encoding="utf-8")
    return re.findall(rf"^```{re.escape(language)}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)


def only(path: Path, language: str, containing: str = "") -> str:
    """The one ```language block of the document that contains `containing`."""
    blocks = [block for block in fenced(path, language) if containing in block]
    assert len(blocks) == 1, (
        f"{path.name}: expected one ```{language} block with {containing!r}, found {len(blocks)}"
    )
    return blocks[0]


def aimed(code: str, default: str, actual: str) -> str:
    """The example with its default address replaced by the test server's (and nothing else)."""
    assert default in code, f"the example no longer talks to {default}"
    return code.replace(default, actual)
