"""Rulebook "Reaction!" and "Tanuki", and the rulings "The reaction chain", "Who answers first",
"How long a window stays open" and "Reactions do not leak" (docs/rules/caninos.md)."""

import pytest
from caninos_support import (
    ADOPTED,
    GAMBLER,
    GAME,
    GLUTTON,
    QUIETO,
    RACCOON,
    TANUKI,
    UP,
    C,
    P,
    declined,
    events_of,
    play,
    ref,
    table,
    then_refused,
    when,
)
from kennel.domain.caninos.cards import Trick
from kennel.domain.caninos.commands import ChooseSlice, Decline, EndTurn, PayWith, PerformTrick, React, Steal
from kennel.domain.caninos.events import (
    ChainResolved,
    Declined,
    RaccoonAdopted,
    Reacted,
    SliceStolen,
    TurnEnded,
)
from kennel.domain.caninos.state import Answer, Slice
from kennel.domain.caninos.views import redact
from kennel.domain.core.rules import Prompt, PromptKind

HAM_OF_3 = ref(3, P.HAM)


def four_seats(*hands):
    """Seat 2 in turn; seat 3 holds a Ham."""
    return table(*hands, collections=[(), (), (), (P.HAM,)], turn=2)


def steal_ham(state, card=GAMBLER):
    state, _ = play(state, (2, Steal(HAM_OF_3)), (2, PayWith((card,))))
    return state


def test_ruling_who_answers_first():
    """Ruling "Who answers first": the seat to the left of whoever made the latest link, then
    clockwise; each seat is asked whether or not it holds an answer."""
    state = steal_ham(four_seats((GLUTTON,), (C.MORDISQUITO,), (GAMBLER, C.PERREMOTO), (C.PUG_DE_PICAS,)))
    assert state.asking == (3, 0, 1)
    assert GAME.pending(state) == (Prompt(3, PromptKind.REACTION, "answer seat 2's steal, or let it be"),)
    assert GAME.legal_commands(state, 3) == (Decline(),)  # it holds no answer, and is asked all the same
    assert GAME.legal_commands(state, 0) == ()
    then_refused(state, 0, Decline(), "caninos/not_asked")
    state, events = play(state, (3, Decline()))
    assert events == [Declined(seat=3)] and state.asking == (0, 1)


def test_a_seat_with_no_card_at_all_is_not_asked():
    """Ruling "Who answers first": a seat with an empty hand visibly cannot answer."""
    state = steal_ham(four_seats((GLUTTON,), (), (GAMBLER,), (C.MORDISQUITO,)))
    assert state.asking == (3, 0)


def test_ruling_how_long_a_window_stays_open():
    """Ruling "How long a window stays open": until a seat answers or all have declined; the
    answer's window asks every seat but its own, from its left, the player included."""
    state = steal_ham(four_seats((QUIETO,), (RACCOON,), (GAMBLER, GLUTTON), (RACCOON,)))
    state, events = play(state, (3, React(RACCOON)))
    assert events == [Reacted(seat=3, card=RACCOON, asking=(0, 1, 2))]
    assert state.answers == (Answer(seat=3, card=RACCOON),)
    assert GAME.pending(state)[0].label == "answer seat 3's Mapache Místico, or let it be"


def test_quieto_stops_a_pack_dog_and_cannot_be_answered():
    """¡QUIETO!: "Stop a dog from any pack except Chaos Hounds"; "They cannot be blocked"."""
    state = steal_ham(four_seats((GLUTTON,), (RACCOON,), (GAMBLER, GLUTTON), (QUIETO,)))
    state, events = play(state, (3, React(QUIETO)))
    assert events[0] == Reacted(seat=3, card=QUIETO, asking=())
    assert events[1] == ChainResolved(succeeded=False)
    assert state.players[3].collection == (Slice(P.HAM),)
    assert state.discard[-1] == QUIETO and state.turn.played == (GAMBLER,)


@pytest.mark.parametrize("card", [C.CERBERO, RACCOON])
def test_quieto_does_not_stop_a_chaos_hound_or_a_raccoon(card):
    """¡QUIETO! stops "a dog from any pack except Chaos Hounds"; a Raccoon is no dog."""
    state = steal_ham(four_seats((GLUTTON,), (RACCOON,), (card, GLUTTON), (QUIETO, RACCOON)), card)
    assert GAME.legal_commands(state, 3) == (Decline(), React(RACCOON))
    then_refused(state, 3, React(QUIETO), "caninos/cannot_answer")


def test_a_raccoon_stops_a_topping_and_a_chaos_trick():
    """Mystic Raccoons "can prevent any theft or trick, including those of Chaos Hounds and toppings"."""
    state = table((UP, C.SCHNAUZER_EMPOLLON), (RACCOON,), collections=[(P.HAM,), ()])
    state, _ = play(state, (0, PerformTrick(UP, Trick.TOPPING)))  # the only slice is chosen for the seat
    assert GAME.legal_commands(state, 1) == (Decline(), React(RACCOON))
    state, events = play(state, (1, React(RACCOON)), (0, Decline()))
    assert ChainResolved(succeeded=False) in events and state.players[0].collection == (Slice(P.HAM),)
    # The stopped topping lies before its player, but performed no trick: the turn's one trick
    # is still to come (ruling "A stopped play is not used up").
    assert TurnEnded(seat=0) not in events and UP in state.turn.played
    assert PerformTrick(C.SCHNAUZER_EMPOLLON, Trick.SMART_ALECKS) in GAME.legal_commands(state, 0)


def test_a_raccoon_answers_a_raccoon_and_the_chain_resolves_from_the_top():
    """Rulebook: "Only the Adopted Dog or another Mystic Raccoon can stop a Mystic Raccoon"; the latest
    answer takes effect, the one below it does not, and so on down to the play."""
    state = steal_ham(four_seats((RACCOON,), (GLUTTON,), (GAMBLER, GLUTTON), (RACCOON,)))
    state, _ = play(state, (3, React(RACCOON)))  # stops the steal...
    state, events = play(state, (0, React(RACCOON)))  # ...unless this one stops it
    assert events == [Reacted(seat=0, card=RACCOON, asking=(1, 2))]  # seat 3 has no card left
    state, events = declined(state)
    assert ChainResolved(succeeded=True) in events
    assert SliceStolen(thief=2, slice=HAM_OF_3, mini_deck=None, topping_lost=False) in events
    assert state.discard[-2:] == (RACCOON, RACCOON)


def test_the_adopted_dog_answers_only_a_raccoon_stops_it_and_keeps_it():
    """Adopted Dog: "It may be played only in reaction to a Mystic Raccoon. It stops that Mystic
    Raccoon and lets you keep it for yourself." Hand sizes never pass six."""
    state = steal_ham(four_seats((ADOPTED, QUIETO), (GLUTTON,), (GAMBLER, C.PERREMOTO), (C.MORDISQUITO,)))
    state, _ = play(state, (3, Decline()))
    assert GAME.legal_commands(state, 0) == (Decline(), React(QUIETO))  # a dog steals: no Raccoon to stop
    state = steal_ham(
        table(
            (ADOPTED,),
            (GLUTTON,),
            (RACCOON, GLUTTON),
            (C.QUIETO,),
            collections=[(), (), (), (P.HAM,)],
            turn=2,
        ),
        RACCOON,
    )
    assert GAME.legal_commands(state, 3) == (Decline(),)
    state, _ = play(state, (3, Decline()))
    assert GAME.legal_commands(state, 0) == (Decline(), React(ADOPTED))
    state, events = play(state, (0, React(ADOPTED)), (1, Decline()), (2, Decline()), (3, Decline()))
    assert events[-3:] == [Declined(seat=3), RaccoonAdopted(seat=0, link=0), ChainResolved(succeeded=False)]
    assert state.players[0].hand == (RACCOON,) and state.players[3].collection == (Slice(P.HAM),)
    assert ADOPTED in state.discard and RACCOON not in state.turn.played


def test_only_a_raccoon_stops_the_adopted_dog():
    """Rulebook: "Once played, only another Mystic Raccoon can stop it"."""
    state = steal_ham(
        table(
            (ADOPTED,), (QUIETO, RACCOON), (RACCOON, GLUTTON), (), collections=[(), (), (), (P.HAM,)], turn=2
        ),
        RACCOON,
    )
    state, _ = play(state, (0, React(ADOPTED)))
    assert state.asking == (1, 2)
    assert GAME.legal_commands(state, 1) == (Decline(), React(RACCOON))
    state, events = play(state, (1, React(RACCOON)))
    state, events = declined(state)
    # The Raccoon stops the Adopted Dog, so the steal's Raccoon stands and nobody adopts it.
    assert not events_of(events, RaccoonAdopted) and ChainResolved(succeeded=True) in events


def test_the_tanuki_cannot_be_stopped():
    """Tanuki: "Given its elusive and changing nature, the Tanuki cannot be stopped": no window."""
    state = four_seats((RACCOON,), (QUIETO,), (TANUKI, GLUTTON), (RACCOON,))
    state, events = play(state, (2, Steal(HAM_OF_3)), (2, PayWith((TANUKI,))))
    assert events[1].asking == () and events[2] == ChainResolved(succeeded=True)
    assert state.players[2].collection == (Slice(P.HAM),)


def test_ruling_the_tanuki():
    """Rulebook: "use the Tanuki outside your turn as a Reaction card, just as you would use any Mystic
    Raccoon or the Adopted Dog"; ruling "The Tanuki": against a Raccoon it acts as the Adopted Dog."""
    state = steal_ham(four_seats((TANUKI,), (QUIETO,), (GAMBLER, GLUTTON), ()))
    assert state.asking == (0, 1)  # seat 3 holds no card
    assert GAME.legal_commands(state, 0) == (Decline(), React(TANUKI))
    state, events = play(state, (0, React(TANUKI)))
    assert events[0].asking == () and ChainResolved(succeeded=False) in events
    raccoon_steal = steal_ham(
        table((TANUKI,), (), (RACCOON, GLUTTON), (GLUTTON,), collections=[(), (), (), (P.HAM,)], turn=2),
        RACCOON,
    )
    state, events = play(raccoon_steal, (3, Decline()), (0, React(TANUKI)))
    assert RaccoonAdopted(seat=0, link=0) in events and state.players[0].hand == (RACCOON,)


def test_an_answer_stopped_by_an_answer_lets_the_play_stand():
    """A steal, a Raccoon that stops it, a Raccoon that stops that one: once every seat asked
    declines the latest, the top stands, the Raccoon below it falls, and the steal stands."""
    state = table(
        (GAMBLER, GLUTTON), (RACCOON,), (RACCOON, ADOPTED), (RACCOON,), collections=[(), (P.HAM,), (), ()]
    )
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((GAMBLER,))))
    state, _ = play(state, (1, React(RACCOON)))  # stops the steal
    state, events = play(state, (2, React(RACCOON)))  # stops seat 1's Raccoon
    assert events == [Reacted(seat=2, card=RACCOON, asking=(3, 0))]  # seat 1 has no card left
    state, events = play(state, (3, Decline()), (0, Decline()))
    assert state.asking == () and ChainResolved(succeeded=True) in events
    assert SliceStolen(thief=0, slice=ref(1, P.HAM), mini_deck=None, topping_lost=False) in events


def test_ruling_the_reaction_chain():
    state = table(
        (GAMBLER, GLUTTON), (RACCOON, RACCOON), (RACCOON, ADOPTED), (), collections=[(), (P.HAM,), (), ()]
    )
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((GAMBLER,))))
    state, _ = play(state, (1, React(RACCOON)))  # 1: stops the steal
    state, _ = play(state, (2, React(RACCOON)))  # 2: stops 1
    state, _ = play(state, (0, Decline()), (1, React(RACCOON)))  # 3: stops 2
    state, events = play(state, (2, React(ADOPTED)))  # 4: stops 3 and keeps it
    assert len(state.answers) == 4
    state, events = declined(state)
    # Top (Adopted Dog) stands; 3 stopped; 2 stands; 1 stopped; the steal stands.
    assert RaccoonAdopted(seat=2, link=3) in events
    assert ChainResolved(succeeded=True) in events
    assert state.players[0].collection == (Slice(P.HAM),)
    assert state.players[2].hand == (RACCOON,)


def test_the_owner_of_plush_toys_cannot_answer_their_theft():
    """Dog Fairy: "the owner of the plush toys cannot stop theft attempts"."""
    toy = Slice(P.HAM, plush=True)
    state = table(
        (GAMBLER,), (RACCOON,), (RACCOON,), collections=[(), (toy,), ()], fairies={1: C.HADA_PERRINA}
    )
    state, _ = play(state, (0, Steal(ref(1, P.HAM, plush=True))), (0, PayWith((GAMBLER,))))
    assert state.asking == (2,)


def test_ruling_reactions_do_not_leak():
    """Ruling "Reactions do not leak": the same prompts, the same events, the same views for
    everyone else, whether the seat asked holds a Raccoon or nothing that answers."""

    def run(seat_1_hand):
        state = table((GAMBLER, GLUTTON), seat_1_hand, (GLUTTON,), collections=[(), (P.HAM,), ()])
        seen = []
        for seat, command in [
            (0, Steal(ref(1, P.HAM))),
            (0, PayWith((GAMBLER,))),
            (1, Decline()),
            (2, Decline()),
        ]:
            assert [p for p in GAME.pending(state)] and GAME.pending(state)[0].seat == seat
            seen.append(GAME.pending(state))
            for event in when(state, seat, command):
                seen.append(redact(event, 2))
                state = GAME.evolve(state, event)
            seen.append(GAME.view(state, 2))
        return seen

    assert run((RACCOON, QUIETO)) == run((C.PUG_DE_PICAS, C.SETTER_SUERTUDO))


def test_nothing_to_answer_outside_a_window():
    state = table((GAMBLER,), (QUIETO,))
    then_refused(state, 1, React(QUIETO), "caninos/nothing_to_answer")
    then_refused(state, 1, Decline(), "caninos/nothing_to_answer")
    assert EndTurn() in GAME.legal_commands(state, 0) and ChooseSlice is not None
