"""A table told in a player's words, the same for every game and every front-end.

The game's own words (`Game.words`, `Game.describe`) cover its commands and events; this module
adds the engine's (undo, seats, timers, the end), names seats instead of numbering them, and
writes the line a screen heads with: whose move it is, and what they are to do.

The domain's public texts (prompts, an outcome's reason) are written without names, since the
state does not know them; they say "seat 2", and `named` puts the name in.
"""

from __future__ import annotations

import dis
import re
from collections.abc import Callable, Sequence
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.lobby import LOBBY_CLOSED
from kennel.domain.core.rules import Game, Seat, Viewer
from kennel.domain.core.seating import LEFT, SeatingSet, SeatReturned, SeatTakenOver
from kennel.domain.core.timeouts import PromptExpired, TimerSet
from kennel.domain.core.undo import AnswerUndo, ProposeUndo, UndoAnswered, Undone, UndoProposed
from kennel.domain.core.words import HowToPlay, Label, listing

UNDO_GROUP = "Undo"
# A game whose open seats were not taken in time (`kennel.domain.core.lobby.close_lobby`): its reason is a code.
CLOSED = "This game was closed before it began: not every seat was taken in time."
_SEAT_NUMBER = re.compile(r"\b([Ss])eat (\d+)\b")
_YOUR = re.compile(r"\b[Yy]our\b")


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def names_of(table: tables.Table[Any]) -> list[str]:
    """Every seat's name in turn order; a seat still open is "the second player" (a sentence
    written while it was open is kept as it was, and a number would read as a seat number)."""
    return [
        name if name is not None else f"the {_ORDINALS[seat] if seat < len(_ORDINALS) else 'next'} player"
        for seat, name in enumerate(table.seats)
    ]


def named(text: str, names: Sequence[str]) -> str:
    """A domain text with every "seat N" replaced by that seat's name."""
    if "eat " not in text:  # no "seat N" or "Seat N": most labels and prompts (no regex, no closure)
        return text

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(2))
        return names[seat] if 0 <= seat < len(names) else match.group(0)

    return _SEAT_NUMBER.sub(name, text)


def label(table: tables.Table[Any], seat: Seat, command: Any, names: Sequence[str]) -> Label:
    """A legal command of `seat` in its player's words."""
    if not isinstance(command, _ENGINE_LABELLED):  # a game's own (one check, not one per engine command)
        return table.game.words.label(table.state, seat, command, names)
    if isinstance(command, ProposeUndo):
        # Offered whenever something since the last revealing event can be undone, whoever did it.
        return Label("Ask everyone to undo the last moves, back to the last reveal or roll", UNDO_GROUP)
    return Label("Agree to undo" if command.agree else "Refuse to undo", UNDO_GROUP)


# Engine commands whose labels are written above from the command alone.
_ENGINE_LABELLED = (ProposeUndo, AnswerUndo)
_BY_COMMAND: dict[tuple[str, type], bool] = {}


def label_by_command(game: Game[Any], command: Any) -> bool:
    """Whether `command`'s label depends on the command and the seats' names alone, not on the
    state or on whose it is: such a label may be kept per command and names, and written once
    for every view that offers that command (kennel.service.viewbytes). Found once per command
    type, from the label function's code: it never reads its `state` or `seat` argument."""
    found = _BY_COMMAND.get((game.name, command.__class__))  # asked for every label not kept
    if found is None:
        cls = command.__class__
        key = (game.name, cls)
        if issubclass(cls, _ENGINE_LABELLED):
            found = True
        else:
            words = game.words.commands.get(cls)
            found = words is not None and _reads_only_command_and_names(words.label)
        _BY_COMMAND[key] = found
    return found


_READS = frozenset({"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_CLOSURE", "LOAD_DEREF", "DELETE_FAST", "STORE_FAST"})
_DYNAMIC = frozenset({"locals", "vars", "eval", "exec", "globals"})  # could read an argument without naming it


def _reads_only_command_and_names(function: Callable[..., str]) -> bool:
    """Whether a label function `(state, seat, command, names)` leaves its first two arguments
    unread (a nested function or comprehension that reads them makes them cells, read here too)."""
    code = getattr(function, "__code__", None)
    if code is None or code.co_argcount != 4 or _DYNAMIC & set(code.co_names):
        return False
    unread = set(code.co_varnames[:2])
    if unread & set(code.co_cellvars):
        return False
    return not any(op.opname in _READS and op.argval in unread for op in dis.get_instructions(code))


def sentence(game: Game[Any], event: Any, names: Sequence[str]) -> str:
    """One sentence for an event already redacted for its reader; `names` as they were when it
    happened (a `SeatFilled` is told with the seat still open)."""
    if type(event) in tables.ENGINE_EVENT_TYPES:  # `tables.is_engine_event`, without its call: per event and viewer
        return engine_sentence(game, event, names)
    return named(game.describe(event, names), names)


def engine_sentence(game: Game[Any], event: Any, names: Sequence[str]) -> str:
    if isinstance(event, tables.GameCreated):
        players = listing([name if name is not None else "an open seat" for name in event.seats])
        return f"A game of {game.title} was set up for {players}."
    if isinstance(event, tables.SeatFilled):
        return f"{event.name} joined the game."
    if isinstance(event, tables.GameEnded):
        if event.reason == LOBBY_CLOSED:
            return CLOSED
        winners = listing([names[s] for s in event.winners]) or "Nobody"
        return f"The game ended: {winners} won. {named(event.reason, names)}"
    if isinstance(event, UndoProposed):
        return f"{names[event.seat]} asked to undo the last moves."
    if isinstance(event, UndoAnswered):
        return f"{names[event.seat]} {'agreed to' if event.agree else 'refused'} the undo."
    if isinstance(event, Undone):
        return "Everyone agreed: the last moves were undone."
    if isinstance(event, TimerSet):
        return f"Every move of this game has {event.prompt_limit_ms / 1000:g} seconds."
    if isinstance(event, PromptExpired):
        return f"{names[event.seat]} ran out of time; the rules moved in their place."
    if isinstance(event, SeatingSet):
        return seating_sentence(event, names)
    if isinstance(event, SeatTakenOver):
        why = "left" if event.reason == LEFT else "ran out of time too often"
        return f"{names[event.seat]} {why}; a bot plays their seat until they return."
    if isinstance(event, SeatReturned):
        return f"{names[event.seat]} is back and plays their own seat again."
    raise TypeError(f"not an engine event: {type(event).__name__}")


def seating_sentence(event: SeatingSet, names: Sequence[str]) -> str:
    """Who is a bot at this table, and whether a bot may take over a seat: players must know."""
    parts = [f"{names[bot.seat]} is a bot ({bot.kind}, level {bot.level})." for bot in event.bots]
    if event.takeover_kind:
        when = f" or runs out of time {event.takeover_after} times" if event.takeover_after else ""
        parts.append(f"A bot ({event.takeover_kind}) takes over a seat whose player leaves{when}.")
    return " ".join(parts) or "Every seat is played by a person."


def headline(table: tables.Table[Any], viewer: Viewer, names: Sequence[str]) -> str:
    """What heads a screen: the viewer's own prompt, or whom the table waits for, or the end."""
    own = own_headline(table, viewer, names)
    return own if own is not None else shared_headline(table, names)


def own_headline(table: tables.Table[Any], viewer: Viewer, names: Sequence[str]) -> str | None:
    """The headline of a viewer the table asks something (its own prompt), else None: every
    other viewer's is `shared_headline`, the same for them all."""
    if not table.started or table.outcome() is not None:
        return None
    for prompt in table.pending():
        if prompt.seat == viewer:
            return your_move(named(prompt.label, names))
    return None


def your_move(label: str) -> str:
    """The headline of a viewer asked something: its prompt's label, with the seats named."""
    return f"Your move: {label}."


def shared_headline(table: tables.Table[Any], names: Sequence[str]) -> str:
    """The headline of every viewer the table asks nothing: the end, or whom it waits for."""
    outcome = table.outcome()
    if outcome is not None and outcome.reason == LOBBY_CLOSED:
        return CLOSED
    if outcome is not None:
        winners = listing([names[s] for s in outcome.winners]) or "Nobody"
        return f"{winners} won. {named(outcome.reason, names)}"
    if not table.started:
        missing = len(table.open_seats)
        return f"Waiting for {missing} more player{'s' if missing != 1 else ''} to join."
    waiting: dict[str, list[str]] = {}
    for prompt in table.pending():
        # A prompt's label is written to the seat it asks ("act with your dog"); told to the
        # others, it is about them.
        about = named(prompt.label, names)
        if "our" in about:  # "your" or "Your" may be there: most prompts have neither (no regex then)
            about = _YOUR.sub(_their, about)
        waiting.setdefault(about, []).append(names[prompt.seat])
    if not waiting:
        return "Waiting for the table."
    return " ".join(f"Waiting for {listing(who)} to {what}." for what, who in waiting.items())


def _their(match: re.Match[str]) -> str:
    return "Their" if match.group(0)[0] == "Y" else "their"


def how_to_play(game: Game[Any]) -> HowToPlay:
    return game.words.how_to_play
