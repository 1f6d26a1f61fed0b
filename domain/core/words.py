"""Player-facing words shared by every game: labels for commands, sentences for events, and a
short how-to-play, so that every front-end (ours or a third party's) shows the same text.

Each game supplies a `Words` (its `words` attribute): one label function per command type, kept
in a mapping so that a command type added without words is caught by a test rather than shown
as a class name, plus its how-to-play written from its rulebook and the names of its spaces.
What the engine adds around every game (undo) is worded here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core.frozen import short_lived
from kennel.domain.core.kept import keep

Names = Sequence[str]
Seat = int  # as in kennel.domain.core.rules, which imports this module
LabelFunction = Callable[[Any, Seat, Any, Names], str]  # (state, seat, command, names) -> label


@short_lived  # a label per legal command per view, encoded and dropped
@dataclass(frozen=True)
class Label:
    """A legal command in a player's words, and the heading its choices are grouped under."""

    text: str
    group: str


@dataclass(frozen=True)
class CommandWords:
    group: str  # "Reveal a critter": the heading shared by every command of this type
    label: LabelFunction
    # For a label that reads of the state only what `reads(state)` returns (a small hashable
    # value: a seat) and not whose command it is: it is kept per command, that value and the
    # names (`Words.label`), and written again only when one of them changes.
    reads: Callable[[Any], Hashable] | None = None


@dataclass(frozen=True)
class CardText:
    name: str
    text: str


@dataclass(frozen=True)
class HowToPlay:
    goal: str
    turn: str
    cards: tuple[CardText, ...] = ()  # what each card (or action) does


@dataclass(frozen=True)
class Words:
    """A game's words: keyed by command type, so that an unworded type is found by a test."""

    commands: Mapping[type, CommandWords]
    how_to_play: HowToPlay
    # Named places ("space:120" -> "Baker Street"), for front-ends that draw a map; a function,
    # since a game reads its board lazily, never at import.
    components: Callable[[], Mapping[str, str]] = dict

    def label(self, state: Any, seat: Seat, command: Any, names: Names) -> Label:
        words = self.commands.get(type(command))
        if words is None:
            raise KeyError(f"no label for {type(command).__name__}")
        reads = words.reads
        if reads is None:
            return Label(words.label(state, seat, command, names), words.group)
        # Keyed by the command's identity (held in the entry, so its id is no other's while
        # kept: the rules make most commands once per value) and the names' (compared too: a
        # list gone may leave its id to another).
        key = (id(command), reads(state), id(names))
        found = _LABELS.get(key)
        if found is not None and found[0] is command and found[1] == names:
            return found[2]
        label = Label(words.label(state, seat, command, names), words.group)
        keep(_LABELS, key, (command, list(names), label), LABELS_KEPT)
        return label


# Labels of commands whose words declare what they read (`CommandWords.reads`), by command, what
# they read and names: a seat composing a trade offer is offered every item of its partner's
# again at each step, each label told afresh before (most of Canine Kleptomaniacs' labels).
LABELS_KEPT = 1024
_LABELS: dict[tuple[int, Hashable, int], tuple[Any, list[str], Label]] = {}


def listing(items: Sequence[str], last: str = "and") -> str:
    """"a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """"1 walnut", "3 walnuts", "no walnuts"."""
    noun = singular if count == 1 else (plural if plural is not None else singular + "s")
    return f"{count if count else 'no'} {noun}"


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def fixed(text: str) -> LabelFunction:
    """A label that does not depend on the position."""
    return lambda state, seat, command, names: text

