"""Events told in plain sentences (`kennel replay explain`), and undo: only naming a slice to
steal and declining an answer can be taken back (docs/rules/caninos.md, "Undo")."""

from caninos_support import GAME, P, ref
from kennel.domain.caninos.cards import title
from kennel.domain.caninos.commands import Decline, Steal
from kennel.domain.caninos.events import CardsDealt, CardsDrawn, Declined, StealDeclared
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.undo import AnswerUndo, ProposeUndo, Undone


def test_every_event_is_told_as_each_seat_saw_it_without_naming_hidden_cards():
    seed = seed_from_text("narration")
    table_ = tables.fold(GAME, tables.create(GAME, None, ["Ann", "Bob", "Cy"], seed))
    events = []
    bot = RandomBot("narration", undo=False)
    while table_.ended is None:
        seat = table_.pending()[0].seat
        for event in tables.play(table_, seat, bot.choose(table_, seat), seed):
            table_ = tables.evolve(table_, event)
            events.append(event)
    names = ["Ann", "Bob", "Cy"]
    kinds = set()
    for event in events:
        if tables.is_engine_event(event):
            continue
        kinds.add(type(event))
        for viewer in (None, 0, 1, 2):
            sentence = GAME.describe(GAME.redact(event, viewer), names)
            assert sentence and sentence.endswith(".")
            if isinstance(event, CardsDealt | CardsDrawn) and viewer not in (None, event.seat):
                assert not any(title(card) in sentence for card in event.cards)
    assert len(kinds) > 15


def test_ruling_undo():
    """Ruling "Undo"."""
    assert not GAME.reveals(StealDeclared(seat=0, slice=ref(1, P.HAM))) and GAME.reveals(Declined(seat=1))
    seed = seed_from_text("undo")
    table_ = tables.fold(GAME, tables.create(GAME, None, ["a", "b", "c"], seed))

    def send(seat, command):
        nonlocal table_
        events = tables.play(table_, seat, command, seed)
        for event in events:
            table_ = tables.evolve(table_, event)
        return events

    before = table_.state
    steal = next(c for c in tables.legal_commands(table_, 0) if isinstance(c, Steal))
    assert ProposeUndo() not in tables.legal_commands(table_, 0)  # the deal showed cards
    send(0, steal)
    assert table_.state.draft is not None and ProposeUndo() in tables.legal_commands(table_, 0)
    send(0, ProposeUndo())
    send(1, AnswerUndo(agree=True))
    assert isinstance(send(2, AnswerUndo(agree=True))[-1], Undone)
    assert table_.state == before
    send(0, steal)
    send(0, tables.legal_commands(table_, 0)[0])  # the cards: the play is laid down
    first, second = table_.state.asking[:2]
    send(first, Decline())
    assert table_.state.asking[0] == second and ProposeUndo() not in tables.legal_commands(table_, second)
