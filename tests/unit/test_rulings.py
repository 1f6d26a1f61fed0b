"""Every ruling in docs/rules/<game>.md says its kind, quotes the rulebook and has its own test.

design.md, "Rules as written": a ruling is a **gap** (the rulebook is silent: our answer and
why), a **reading** (it is ambiguous or contradicts itself: both places quoted, our reading and
why) or a **house rule** (an option, off by default, that departs from the text). The format,
shared by every game's page:

    ## Rulings

    ### <title>

    Kind: gap|reading|house rule

    ... the entry, quoting the sentence it rests on ("...") ...

and somewhere under tests/ a function `test_ruling_<slug>`, where the slug is the title folded
to ASCII and lower case, apostrophes dropped, every other run of non-alphanumerics one `_`
("A lone Beaver's fifth nut" -> `test_ruling_a_lone_beavers_fifth_nut`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
TESTS = ROOT / "tests"
KINDS = ("gap", "reading", "house rule")
KIND_LINE = re.compile(r"^Kind: \**(gap|reading|house rule)\**\s*$", re.MULTILINE)
# Every game's page follows the format (issue 17); a page added later must be listed here too.
FOLLOWING = {"hoarders", "caninos", "canine-kleptomaniacs", "a-dogs-life"}


@dataclass(frozen=True)
class Ruling:
    page: str
    title: str
    body: str

    @property
    def slug(self) -> str:
        return slug(self.title)


def slug(title: str) -> str:
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    without_apostrophes = re.sub(r"['\u2019]", "", ascii_title.lower())
    return re.sub(r"[^a-z0-9]+", "_", without_apostrophes).strip("_")


def rulings(page: Path) -> list[Ruling]:
    """The `###` entries of the page's `## Rulings` section."""
    text = page.read_text(encoding="utf-8")
    section = re.search(r"^## Rulings\s*$(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    if section is None:
        return []
    parts = re.split(r"^### (.+)$", section.group(1), flags=re.MULTILINE)
    pairs = zip(parts[1::2], parts[2::2], strict=True)
    return [Ruling(page.stem, title.strip(), body) for title, body in pairs]


def ruling_tests(page: str) -> set[str]:
    """The `test_ruling_` functions of the page's game: those in a file whose path names the
    game's package (`a-dogs-life` -> `a_dogs_life`), so that another game's `test_ruling_undo`
    does not stand in for this one's."""
    package = page.replace("-", "_")
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        if package not in path.relative_to(TESTS).as_posix():
            continue
        text = path.read_text(encoding="utf-8")
        names.update(re.findall(r"^\s*def (test_ruling_\w+)\(", text, re.MULTILINE))
    return names


PAGES = sorted(DOCS.glob("*.md"))


def test_the_slug_of_a_title():
    assert slug("A lone Beaver's fifth nut") == "a_lone_beavers_fifth_nut"
    assert slug("¡QUIETO! and the Tanuki: who answers") == "quieto_and_the_tanuki_who_answers"
    assert slug("Pizza kinds (Normal)") == "pizza_kinds_normal"


def test_every_page_is_said_to_follow_the_format():
    assert FOLLOWING == {page.stem for page in PAGES}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_every_ruling_says_its_kind_quotes_the_rulebook_and_has_its_test(page: Path):
    found = rulings(page)
    assert found, f"docs/rules/{page.name} has no '## Rulings' section with '### ' entries"
    tests = ruling_tests(page.stem)
    problems = []
    for ruling in found:
        where = f"docs/rules/{page.name}, {ruling.title!r}"
        kinds = KIND_LINE.findall(ruling.body)
        if len(kinds) != 1:
            problems.append(f"{where}: needs exactly one line 'Kind: {'|'.join(KINDS)}'")
        if '"' not in ruling.body:
            problems.append(f"{where}: quotes no sentence of the rulebook")
        if f"test_ruling_{ruling.slug}" not in tests:
            problems.append(f"{where}: no test named test_ruling_{ruling.slug}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", sorted(DOCS.glob("*.md")), ids=lambda page: page.stem)
def test_every_ruling_title_is_unique_on_its_page(page: Path):
    slugs = [ruling.slug for ruling in rulings(page)]
    assert len(slugs) == len(set(slugs)), f"docs/rules/{page.name}: two rulings share a slug"
