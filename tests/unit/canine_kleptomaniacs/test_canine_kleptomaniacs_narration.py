"""Every event has a plain sentence (for `kennel replay explain` and the replay page), and a
sentence for a redacted event tells nothing the reader may not see; undo may go back only over
moves that showed nothing hidden and drew no chance (docs/rules, "Undo")."""

from kennel.domain.canine_kleptomaniacs import GAME
from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable
from kennel.domain.core import table as tables
from testkit.bot_games import bot_game


def test_every_event_of_random_games_is_narrated_for_every_reader():
    seen: set[type] = set()
    for number, seats in enumerate((2, 4, 7)):
        ledger = bot_game(GAME, f"narration {number}", seats)
        names = [f"P{seat}" for seat in range(seats)]
        for event in ledger.events[1:]:
            if tables.is_engine_event(event):
                continue
            seen.add(type(event))
            for viewer in (None, *range(seats)):
                sentence = GAME.describe(GAME.redact(event, viewer), names)
                assert sentence and not sentence[0].islower() and sentence.endswith((".", "!"))
    assert len(seen) > 30


def test_a_redacted_draw_is_narrated_without_its_cards():
    drawn = ev.CollectablesDrawn(seat=0, count=2, cards=(Collectable.SLIPPER, Collectable.POO_PIZZA))
    assert GAME.describe(drawn, ["Ann", "Bob"]) == "Ann drew Slipper, Poo Pizza."
    assert GAME.describe(GAME.redact(drawn, 1), ["Ann", "Bob"]) == "Ann drew 2 cards, unseen."


def test_ruling_undo():
    assert not GAME.reveals(ev.SetHidden(seat=0, place=0, kind=Collectable.SLIPPER, cards=(), bedroom_cards=()))
    assert not GAME.reveals(ev.WeaponChosen(seat=0, weapon=None))
    assert GAME.reveals(ev.ActionCardTaken(seat=0, card=ActionCard.SQUIRREL))
    assert GAME.reveals(ev.TurnEnded(seat=0, quiet=True)) and GAME.reveals(ev.CardsStolen(0, 1, 0, (), True))
