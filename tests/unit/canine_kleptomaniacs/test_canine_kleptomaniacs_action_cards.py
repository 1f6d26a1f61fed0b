"""Action Cards, one test (or a few) per card, named as the card; the Doggy Cards' powers; and
rulings "What counts as stealing", "Fishy Blast's extra card", "Key to the Master's Bedroom",
"Squirrel", "Fluffy Rumble's leftovers", "Grapes of Wrath", "Rancid Badger Poo", "Walkies"
(docs/rules/canine-kleptomaniacs.md)."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    POO,
    SLIPPER,
    SOCKS,
    A,
    B,
    Dice,
    after,
    given,
    hand,
    kept,
    of_type,
    opening,
    play,
    then_refused,
    turn,
    when,
)
from kennel.domain.canine_kleptomaniacs.commands import (
    AllowTheft,
    AskForCollectable,
    ChooseVictim,
    ClaimImmunity,
    DiscardCard,
    DiscardTwo,
    EndTurn,
    EndLeafStorm,
    JoinRumble,
    LoseCollectables,
    PassCard,
    PickFromLaundry,
    PlayCheesyDistraction,
    ProposeTrade,
    RollAgain,
    SniffLaundryPile,
    StopRolling,
    TakeActionCard,
    TakeMrSquirrel,
    UseCharmOffensive,
)
from kennel.domain.canine_kleptomaniacs.components import Dog
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    BadgerPooPassed,
    BedroomCardTaken,
    CardsDiscarded,
    CardsPassed,
    CardsStolen,
    CharmOffensiveUsed,
    ChoiceAwaited,
    CollectableAskedFor,
    CollectablesDrawn,
    DrawMissed,
    HandsRedealt,
    KeyRolled,
    LaundryPicked,
    LeftoversReturned,
    MrSquirrelTaken,
    PassedCard,
    PawDeclared,
    SeatRoll,
    SquirrelChase,
    Step,
    Take,
    TheftAttempted,
    WalkiesCardChosen,
)
from kennel.domain.core.rules import Prompt, PromptKind


def drawing(card, *hands, dogs=None, deck=None, bedroom=None, extra=()):
    """Seat 0's turn (not the first) with `card` on top of the Action deck."""
    return given(opening(*hands, actions=[card, *extra, A.PIGSFOOT_TREAT], dogs=dogs, deck=deck, bedroom=bedroom), turn(0))


# ---- Fishy Blast ----


def test_ruling_blind_takes():
    """Fishy Blast: "Take ONE Collectables card (blind) from each player's hand"."""
    state = drawing(A.FISHY_BLAST, (SOCKS,), (BALLS, SLIPPER), (), (BLOOMERS,))
    events = when(state, 0, TakeActionCard())
    assert of_type(events, CardsStolen) == [
        CardsStolen(thief=0, victim=1, count=1, cards=(BALLS,), blind=True),
        CardsStolen(thief=0, victim=3, count=1, cards=(BLOOMERS,), blind=True),
    ]


def test_ruling_fishy_blasts_extra_card():
    """Doggy Cards: "Take +1 additional card when playing Fishy Blast" (ruling "Fishy Blast's
    extra card": from the draw pile)."""
    state = drawing(A.FISHY_BLAST, (SOCKS,), (BALLS,), dogs=[Dog.SCAMP, Dog.MUDLARK], deck=[SLIPPER])
    events = when(state, 0, TakeActionCard())
    assert CollectablesDrawn(seat=0, count=1, cards=(SLIPPER,)) in events


# ---- Puppy Eyes ----


def test_ruling_puppy_eyes():
    """Puppy Eyes: "Take THREE cards (blind) from one other player's hand"."""
    state = drawing(A.PUPPY_EYES, (SOCKS,), (BALLS, BALLS, SLIPPER, BLOOMERS), (SOCKS,))
    state = after(state, 0, TakeActionCard())
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "choose whom to rob with Puppy Eyes"),)
    assert GAME.legal_commands(state, 0) == (ChooseVictim(1), ChooseVictim(2))
    events = when(state, 0, ChooseVictim(1))
    assert CardsStolen(thief=0, victim=1, count=3, cards=(BALLS, BALLS, SLIPPER), blind=True) in events


def test_puppy_eyes_takes_fewer_from_a_smaller_hand_and_four_with_the_power():
    """"You must take three unless that player has fewer cards"; Doggy Cards: "+1 extra card"."""
    state = drawing(A.PUPPY_EYES, (SOCKS,), (BALLS, BALLS))
    assert CardsStolen(thief=0, victim=1, count=2, cards=(BALLS, BALLS), blind=True) in when(state, 0, TakeActionCard())
    state = drawing(A.PUPPY_EYES, (SOCKS,), (BALLS,) * 5, dogs=[Dog.RASCAL, Dog.MUDLARK])
    assert CardsStolen(thief=0, victim=1, count=4, cards=(BALLS,) * 4, blind=True) in when(state, 0, TakeActionCard())


# ---- Stick Chase ----


def test_ruling_stick_chase():
    """Stick Chase: "Ask each player for ONE Collectables card of a specific type ... You can
    ask for a different type from each player. You cannot ask for the Ultimate Paw"."""
    state = drawing(A.STICK_CHASE, (SOCKS,), (BALLS, PAW), (SLIPPER,))
    state = after(state, 0, TakeActionCard())
    assert GAME.legal_commands(state, 0) == tuple(AskForCollectable(k) for k in (SOCKS, BALLS, SLIPPER, BLOOMERS))
    assert GAME.pending(state)[0].label == "name the kind seat 1 must hand over (Stick Chase)"
    assert when(state, 0, AskForCollectable(BALLS)) == [CollectableAskedFor(seat=0, victim=1, kind=BALLS)]
    state = after(state, 0, AskForCollectable(BALLS))
    events = when(state, 0, AskForCollectable(BLOOMERS))
    assert of_type(events, CardsStolen) == [
        CardsStolen(thief=0, victim=1, count=1, cards=(BALLS,), blind=False),
        CardsStolen(thief=0, victim=2, count=0, cards=(), blind=False),
    ]
    then_refused(state, 0, AskForCollectable(PAW), "bad_answer")


# ---- Key to the Master's Bedroom ----


def test_key_to_the_masters_bedroom_rolls_for_odd_or_even():
    """Key to the Master's Bedroom: "roll the die once to get an odd or even number as directed
    by the card ... Success enables you to take the top card from the Master's Bedroom deck"."""
    state = drawing(A.KEY_ODD, (SOCKS,), (BALLS,), bedroom=[B.WACKY_EARPLUGS])
    events = when(state, 0, TakeActionCard(), Dice(3))
    assert events[2:4] == [KeyRolled(seat=0, roll=3, success=True), BedroomCardTaken(seat=0, card=B.WACKY_EARPLUGS)]
    state = drawing(A.KEY_EVEN, (SOCKS,), (BALLS,), bedroom=[B.WACKY_EARPLUGS])
    assert KeyRolled(seat=0, roll=3, success=False) in when(state, 0, TakeActionCard(), Dice(3))


def test_ruling_key_to_the_masters_bedroom():
    """"OR discard any desired number of Collectables cards from your hand for that same number
    of additional roll attempts" (one at a time, after a miss)."""
    state = drawing(A.KEY_EVEN, (SOCKS, SOCKS, POO), (BALLS,), bedroom=[B.WACKY_EARPLUGS])
    state = after(state, 0, TakeActionCard(), Dice(1))
    assert GAME.legal_commands(state, 0) == (RollAgain(SOCKS), StopRolling())
    state = after(state, 0, RollAgain(SOCKS), Dice(5))
    events = when(state, 0, RollAgain(SOCKS), Dice(6))
    assert events[:3] == [
        CardsDiscarded(seat=0, count=1, cards=(SOCKS,)),
        KeyRolled(seat=0, roll=6, success=True),
        BedroomCardTaken(seat=0, card=B.WACKY_EARPLUGS),
    ]
    state = after(state, 0, StopRolling())
    assert state.effect is None and hand(state, 0) == (SOCKS, POO)


# ---- Leaf Storm ----


def test_ruling_leaf_storm():
    """Leaf Storm: "Discard as many cards as you like ... and take that same number"."""
    state = drawing(A.LEAF_STORM, (SOCKS, BALLS, POO), (BALLS,), deck=[SLIPPER, BLOOMERS, SLIPPER])
    state = after(state, 0, TakeActionCard())
    assert GAME.legal_commands(state, 0) == (DiscardCard(SOCKS), DiscardCard(BALLS), EndLeafStorm())
    state = play(state, (0, DiscardCard(SOCKS)), (0, DiscardCard(BALLS)))
    events = when(state, 0, EndLeafStorm())
    assert CollectablesDrawn(seat=0, count=2, cards=(SLIPPER, BLOOMERS)) in events
    assert after(state, 0, EndLeafStorm()).laundry == (SOCKS, BALLS)


# ---- Plundering Pooch ----


def test_the_first_plundering_pooch_stays_face_up():
    """Plundering Pooch: "The player drawing the first Plundering Pooch card places it face up"."""
    state = after(drawing(A.PLUNDERING_POOCH, (SOCKS,), (BALLS,)), 0, TakeActionCard())
    assert state.seats[0].kept == (A.PLUNDERING_POOCH,) and state.effect is None


def test_ruling_the_weapons():
    """"The player who draws the second card initiates the battle immediately"; "Best of three
    wins"; weapons are chosen in secret and beat each other as rock, paper, scissors (ruling "The weapons")."""
    from kennel.domain.canine_kleptomaniacs.commands import ChooseWeapon
    from kennel.domain.canine_kleptomaniacs.components import Weapon

    state = given(
        opening((SOCKS,), (BALLS, BALLS, BALLS, SLIPPER), actions=[A.PLUNDERING_POOCH, A.PLUNDERING_POOCH, A.PIGSFOOT_TREAT]),
        kept(1, A.PLUNDERING_POOCH),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    assert {p.seat for p in GAME.pending(state)} == {0, 1}
    assert all(p.kind is PromptKind.SECRET_CHOICE for p in GAME.pending(state))
    state = after(state, 0, ChooseWeapon(Weapon.GNASHERS))
    assert [p.seat for p in GAME.pending(state)] == [1]
    state = after(state, 1, ChooseWeapon(Weapon.TEA_TOWEL))  # Gnashers shred the Tea Towel
    assert state.effect.wins == (1, 0)
    state = play(state, (0, ChooseWeapon(Weapon.BONE)), (1, ChooseWeapon(Weapon.TEA_TOWEL)))  # Tea Towel wraps the Bone
    assert state.effect.wins == (1, 1)
    state = after(state, 0, ChooseWeapon(Weapon.BONE))
    events = when(state, 1, ChooseWeapon(Weapon.GNASHERS))  # the Bone breaks the Gnashers: seat 0 wins 2-1
    assert ActionCardDiscarded(seat=None, card=A.PLUNDERING_POOCH) in events
    assert ActionCardDiscarded(seat=1, card=A.PLUNDERING_POOCH) in events
    # The winner chooses its spoils: "either a Master's Bedroom card or takes three cards (blind)".
    state = after(state, 1, ChooseWeapon(Weapon.GNASHERS))
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "take a Master's Bedroom card or three cards from the loser"),)
    from kennel.domain.canine_kleptomaniacs.commands import ClaimThreeCards

    events = when(state, 0, ClaimThreeCards())
    assert CardsStolen(thief=0, victim=1, count=3, cards=(BALLS, BALLS, BALLS), blind=True) in events


def test_ruling_plundering_pooch():
    """"If you draw two Plundering Pooch cards, pass the card to a player of your choosing,
    then immediately commence battle."""
    from kennel.domain.canine_kleptomaniacs.events import BattleStarted

    state = given(
        opening((SOCKS,), (BALLS,), (SLIPPER,), actions=[A.PLUNDERING_POOCH, A.PLUNDERING_POOCH, A.PIGSFOOT_TREAT]),
        kept(0, A.PLUNDERING_POOCH),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    assert GAME.legal_commands(state, 0) == (ChooseVictim(1), ChooseVictim(2))
    assert BattleStarted(fighters=(0, 2)) in when(state, 0, ChooseVictim(2))


def test_ruling_best_of_three():
    """Ruling "Best of three": three throws at most; a tied throw wins nothing."""
    from kennel.domain.canine_kleptomaniacs.commands import ChooseWeapon
    from kennel.domain.canine_kleptomaniacs.components import Weapon
    from kennel.domain.canine_kleptomaniacs.events import BattleEnded

    state = given(
        opening((SOCKS,), (BALLS,), actions=[A.PLUNDERING_POOCH, A.PLUNDERING_POOCH, A.PIGSFOOT_TREAT]),
        kept(1, A.PLUNDERING_POOCH),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    for _ in range(2):
        state = play(state, (0, ChooseWeapon(Weapon.BONE)), (1, ChooseWeapon(Weapon.BONE)))
    state = after(state, 0, ChooseWeapon(Weapon.BONE))
    events = when(state, 1, ChooseWeapon(Weapon.BONE))
    assert BattleEnded(winner=None, loser=None) in events and events[-1].__class__.__name__ == "ActionCardDiscarded"


# ---- Charm Offensive ----


def test_ruling_charm_offensive():
    """Charm Offensive: "Retain face up ... When someone attempts to steal cards from your hand,
    you have three attempts to roll a six to prevent them. Once used, place face up onto the
    Action card discard pile"."""
    state = given(
        opening((SOCKS,), (BALLS, SLIPPER), actions=[A.CHARM_OFFENSIVE, A.PUPPY_EYES, A.PIGSFOOT_TREAT]),
        kept(1, A.CHARM_OFFENSIVE),
        turn(0),
    )
    assert state.seats[1].kept == (A.CHARM_OFFENSIVE,)
    events = when(state, 0, TakeActionCard())
    assert TheftAttempted(thief=0, card=A.PUPPY_EYES, takes=(Take(victim=1, count=3),), charm_holders=(1,)) in events
    state = after(state, 0, TakeActionCard())
    assert GAME.pending(state)[0] == Prompt(
        1, PromptKind.REACTION, "roll your Charm Offensive against seat 0's Puppy Eyes, or let it be"
    )
    assert GAME.legal_commands(state, 1) == (UseCharmOffensive(), AllowTheft())
    events = when(state, 1, UseCharmOffensive(), Dice(2, 6))
    assert events[:2] == [
        CharmOffensiveUsed(seat=1, rolls=(2, 6), prevented=True),
        ActionCardDiscarded(seat=1, card=A.CHARM_OFFENSIVE),
    ]
    assert not of_type(events, CardsStolen)
    events = when(state, 1, UseCharmOffensive(), Dice(1, 2, 3))
    assert CharmOffensiveUsed(seat=1, rolls=(1, 2, 3), prevented=False) in events
    assert of_type(events, CardsStolen)[0].count == 2
    assert of_type(when(state, 1, AllowTheft()), CardsStolen)[0].count == 2


def test_charm_offensive_power_rolls_two_more_times():
    """Doggy Cards: "Take +2 additional rolls when playing Charm Offensive"."""
    state = given(
        opening((SOCKS,), (BALLS,), actions=[A.CHARM_OFFENSIVE, A.PUPPY_EYES, A.PIGSFOOT_TREAT], dogs=[Dog.MUDLARK, Dog.BISCUIT]),
        kept(1, A.CHARM_OFFENSIVE),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    events = when(state, 1, UseCharmOffensive(), Dice(1, 1, 1, 1, 6))
    assert CharmOffensiveUsed(seat=1, rolls=(1, 1, 1, 1, 6), prevented=True) in events


def test_charm_offensive_cannot_protect_from_a_fluffy_rumble():
    """"The Charm Offensive cannot protect you from a Fluffy Rumble"."""
    state = given(
        opening((SOCKS,), (BALLS,), actions=[A.CHARM_OFFENSIVE, A.FLUFFY_RUMBLE, A.PIGSFOOT_TREAT]),
        kept(1, A.CHARM_OFFENSIVE),
        turn(0),
    )
    events = when(state, 0, TakeActionCard())
    assert of_type(events, HandsRedealt) and not of_type(events, TheftAttempted)


# ---- Rancid Badger Poo ----


def test_rancid_badger_poo_goes_round_and_its_holder_discards_two():
    """Rancid Badger Poo: "Roll the die and pass the card around that number of players in a
    clockwise direction. The player left holding the card discards TWO Collectables"."""
    state = drawing(A.RANCID_BADGER_POO, (SOCKS,), (BALLS, BALLS, SLIPPER, POO), (SLIPPER,))
    events = when(state, 0, TakeActionCard(), Dice(4))
    assert BadgerPooPassed(seat=0, roll=4, holder=1) in events
    state = after(state, 0, TakeActionCard(), Dice(4))
    assert GAME.pending(state)[0].seat == 1
    assert GAME.legal_commands(state, 1) == (DiscardTwo((BALLS, BALLS)), DiscardTwo((BALLS, SLIPPER)))
    state = after(state, 1, DiscardTwo((BALLS, SLIPPER)))
    assert hand(state, 1) == (BALLS, POO) and state.effect is None


def test_ruling_rancid_badger_poo():
    """"Remember, the Poo Pizza card cannot be discarded!"."""
    state = drawing(A.RANCID_BADGER_POO, (SOCKS,), (BALLS, POO))
    events = when(state, 0, TakeActionCard(), Dice(1))
    assert CardsDiscarded(seat=1, count=1, cards=(BALLS,)) in events


# ---- Walkies ----


def test_ruling_walkies():
    """Walkies: "All players pass one Collectables card from their hand in a clockwise direction
    to the next player simultaneously. If one or more players have no cards to pass on, they
    simply receive a card"."""
    state = drawing(A.WALKIES, (SOCKS, BALLS), (SLIPPER, BLOOMERS), (), (PAW,))
    events = when(state, 0, TakeActionCard())
    assert WalkiesCardChosen(seat=3, card=PAW) in events  # one card: no choice
    state = after(state, 0, TakeActionCard())
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [(0, PromptKind.SECRET_CHOICE), (1, PromptKind.SECRET_CHOICE)]
    state = after(state, 1, PassCard(BLOOMERS))
    events = when(state, 0, PassCard(SOCKS))
    assert events[1] == CardsPassed(
        passes=(PassedCard(giver=3, receiver=0, card=PAW), PassedCard(giver=1, receiver=2, card=BLOOMERS), PassedCard(giver=0, receiver=1, card=SOCKS))
    )
    assert events[2] == PawDeclared(seat=0)
    state = after(state, 0, PassCard(SOCKS))
    assert [hand(state, s) for s in range(4)] == [(BALLS, PAW), (SOCKS, SLIPPER), (BLOOMERS,), ()]


# ---- Sniff it Out ----


def test_ruling_sniff_it_out():
    """Sniff it Out: "Look through the Collectables discard pile and select THREE cards OR take
    TWO cards (blind) from another player"."""
    state = given(
        opening((SOCKS,) * 5, (BALLS, SLIPPER, BLOOMERS), actions=[A.SNIFF_IT_OUT, A.PIGSFOOT_TREAT]),
        [CardsDiscarded(seat=0, count=4, cards=(SOCKS,) * 4)],
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    assert GAME.legal_commands(state, 0) == (SniffLaundryPile(), ChooseVictim(1))
    assert CardsStolen(thief=0, victim=1, count=2, cards=(BALLS, SLIPPER), blind=True) in when(state, 0, ChooseVictim(1))
    state = after(state, 0, SniffLaundryPile())
    assert GAME.legal_commands(state, 0) == (PickFromLaundry((SOCKS, SOCKS, SOCKS)),)
    assert GAME.view(state, 0).laundry == (SOCKS,) * 4 and GAME.view(state, 1).laundry == ()
    events = when(state, 0, PickFromLaundry((SOCKS, SOCKS, SOCKS)))
    assert events[0] == LaundryPicked(seat=0, count=3, cards=(SOCKS, SOCKS, SOCKS))


# ---- Collectables Reward Cards ----


def test_collectables_reward_cards_draw_from_the_pile():
    """Collectables Reward Cards: Turkey Buster 3, Hunk O' Haddock 2, Pigsfoot Treat 2, Roast
    Dinner Roundies 4 (our counts); the power gives Turkey Buster and Hunk O' Haddock one more."""
    expected = {A.TURKEY_BUSTER: 3, A.HUNK_O_HADDOCK: 2, A.PIGSFOOT_TREAT: 2, A.ROAST_DINNER_ROUNDIES: 4}
    for card, count in expected.items():
        events = when(drawing(card, (SOCKS,), (BALLS,), dogs=[Dog.SCAMP, Dog.SCAMP]), 0, TakeActionCard())
        assert of_type(events, CollectablesDrawn)[0].count == count
    events = when(drawing(A.TURKEY_BUSTER, (SOCKS,), (BALLS,), dogs=[Dog.DUCHESS, Dog.SCAMP]), 0, TakeActionCard())
    assert of_type(events, CollectablesDrawn)[0].count == 4
    events = when(drawing(A.HUNK_O_HADDOCK, (SOCKS,), (BALLS,), dogs=[Dog.MUDLARK, Dog.SCAMP]), 0, TakeActionCard())
    assert of_type(events, CollectablesDrawn)[0].count == 3


def test_ruling_an_empty_collectables_deck():
    """Ruling "An empty Collectables deck": the draw is missed, nothing is reshuffled."""
    events = when(drawing(A.TURKEY_BUSTER, (SOCKS,), (BALLS,), deck=[SLIPPER]), 0, TakeActionCard())
    assert CollectablesDrawn(seat=0, count=1, cards=(SLIPPER,)) in events and DrawMissed(seat=0, count=2) in events


# ---- Squirrel ----


def test_ruling_squirrel():
    """Squirrel: "First player to roll a six pick up FIVE cards" (the drawer first, clockwise)."""
    state = drawing(A.SQUIRREL, (SOCKS,), (BALLS,), (SLIPPER,))
    events = when(state, 0, TakeActionCard(), Dice(1, 2, 3, 4, 6))
    chase = of_type(events, SquirrelChase)[0]
    assert chase.rolls == (SeatRoll(0, 1), SeatRoll(1, 2), SeatRoll(2, 3), SeatRoll(0, 4), SeatRoll(1, 6))
    assert chase.winner == 1 and of_type(events, CollectablesDrawn)[0] .count == 5


# ---- Fluffy Rumble ----


def test_ruling_fluffy_rumbles_leftovers():
    """Fluffy Rumble: "All players' hands must be shuffled together and dealt back out EVENLY,
    with leftover cards being returned to the TOP HALF of the Collectables deck"."""
    state = drawing(A.FLUFFY_RUMBLE, (SOCKS, SOCKS, SOCKS), (BALLS,), (SLIPPER, BLOOMERS, BLOOMERS), deck=[BALLS] * 6)
    events = when(state, 0, TakeActionCard(), Dice(belows=[3, 1]))
    redealt = of_type(events, HandsRedealt)[0]
    assert [(h.seat, h.count) for h in redealt.hands] == [(0, 2), (1, 2), (2, 2)]
    assert of_type(events, LeftoversReturned)[0] == LeftoversReturned(count=1, cards=(BLOOMERS,), positions=(3,))
    state = after(state, 0, TakeActionCard(), Dice(belows=[3]))
    assert state.collectables.index(BLOOMERS) <= len(state.collectables) // 2


def test_mr_squirrel_gives_immunity_from_the_fluffy_rumble():
    """Mr. Squirrel: "allows you to choose immunity from the effects of the Fluffy Rumble card"."""
    state = given(
        opening((SOCKS, SOCKS), (BALLS,), (SLIPPER, BLOOMERS), actions=[A.FLUFFY_RUMBLE, A.PIGSFOOT_TREAT]),
        [MrSquirrelTaken(seat=2, previous=None)],
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    assert GAME.pending(state) == (
        Prompt(2, PromptKind.REACTION, "claim Mr. Squirrel's immunity from the Fluffy Rumble, or join in"),
    )
    assert GAME.legal_commands(state, 2) == (ClaimImmunity(), JoinRumble())
    events = when(state, 2, ClaimImmunity())
    assert [h.seat for h in of_type(events, HandsRedealt)[0].hands] == [0, 1]
    state = after(state, 2, ClaimImmunity())
    assert hand(state, 2) == (SLIPPER, BLOOMERS)
    assert [h.seat for h in of_type(when(after(given(
        opening((SOCKS, SOCKS), (BALLS,), (SLIPPER, BLOOMERS), actions=[A.FLUFFY_RUMBLE, A.PIGSFOOT_TREAT]),
        [MrSquirrelTaken(seat=2, previous=None)], turn(0)), 0, TakeActionCard()), 2, JoinRumble()), HandsRedealt)[0].hands] == [0, 1, 2]


# ---- Cheesy Distraction ----


def test_cheesy_distraction_steals_the_paw_at_any_time_even_out_of_turn():
    """Cheesy Distraction: "retain face up ... Use at any time to steal the Ultimate Paw of
    Pilferage from another player. If played on a future turn, this action is in addition to
    your one usual permitted action"."""
    state = given(
        opening((SOCKS,), (PAW, BALLS), (SLIPPER,), actions=[A.CHEESY_DISTRACTION, A.PIGSFOOT_TREAT, A.PIGSFOOT_TREAT]),
        kept(2, A.CHEESY_DISTRACTION),
        turn(0),
    )
    # Seat 0's turn: seat 2 may play it, and it is asked nothing (it owes nothing).
    assert GAME.legal_commands(state, 2) == (ProposeTrade(), PlayCheesyDistraction())
    assert [p.seat for p in GAME.pending(state)] == [0]
    events = when(state, 2, PlayCheesyDistraction())
    assert CardsStolen(thief=2, victim=1, count=1, cards=(PAW,), blind=False) in events
    assert events[-1] == PawDeclared(seat=2)
    state = after(state, 2, PlayCheesyDistraction())
    assert state.turn == 0 and state.seats[2].kept == () and A.CHEESY_DISTRACTION in state.discards


def test_cheesy_distraction_on_ones_own_turn_comes_in_addition_to_the_action():
    state = given(
        opening((SOCKS,), (PAW, BALLS), actions=[A.CHEESY_DISTRACTION, A.PIGSFOOT_TREAT, A.PIGSFOOT_TREAT]),
        kept(0, A.CHEESY_DISTRACTION),
        turn(0),
    )
    state = after(state, 0, PlayCheesyDistraction())
    assert state.turn == 0 and TakeActionCard() in GAME.legal_commands(state, 0)
    then_refused(state, 0, PlayCheesyDistraction(), "no_cheesy_distraction")


def test_ruling_what_counts_as_stealing():
    """Ruling "What counts as stealing": Cheesy Distraction steals from a hand."""
    state = given(
        opening((SOCKS,), (PAW, BALLS), actions=[A.CHEESY_DISTRACTION, A.CHARM_OFFENSIVE, A.PIGSFOOT_TREAT]),
        kept(0, A.CHEESY_DISTRACTION),
        kept(1, A.CHARM_OFFENSIVE),
        turn(0),
    )
    state = after(state, 0, PlayCheesyDistraction())
    assert GAME.pending(state)[0].seat == 1
    state = after(state, 1, UseCharmOffensive(), Dice(6))
    assert PAW in hand(state, 1) and state.turn == 0


# ---- Grapes of Wrath ----


def test_ruling_grapes_of_wrath():
    """Grapes of Wrath: "All players must lose ONE set of Collectables from their hand. If a
    player has no sets, they lose one card. This action does not apply if a player has no
    cards in their hand"."""
    state = drawing(A.GRAPES_OF_WRATH, (SOCKS, SOCKS, BALLS, BALLS, BALLS), (SLIPPER, BLOOMERS), (), (POO,))
    events = when(state, 0, TakeActionCard())
    assert ChoiceAwaited(step=Step.GRAPES, card=A.GRAPES_OF_WRATH, seat=0, owing=(0, 1, 3)) in events
    assert CardsDiscarded(seat=3, count=0, cards=()) in events  # one card: the Poo Pizza, which cannot go
    state = after(state, 0, TakeActionCard())
    assert {p.seat for p in GAME.pending(state)} == {0, 1}
    assert GAME.legal_commands(state, 0) == (LoseCollectables(SOCKS), LoseCollectables(BALLS))
    assert GAME.legal_commands(state, 1) == (LoseCollectables(SLIPPER), LoseCollectables(BLOOMERS))
    state = after(state, 1, LoseCollectables(BLOOMERS))
    assert when(state, 0, LoseCollectables(BALLS))[0] == CardsDiscarded(seat=0, count=3, cards=(BALLS,) * 3)
    state = after(state, 0, LoseCollectables(BALLS))
    assert hand(state, 0) == (SOCKS, SOCKS) and hand(state, 1) == (SLIPPER,) and state.effect is None


def test_mr_squirrel_is_not_the_squirrel_card():
    """"Do not confuse the function of the Mr. Squirrel stand up with the Squirrel Action card"."""
    state = after(drawing(A.SQUIRREL, (SOCKS,), (BALLS,)), 0, TakeActionCard(), Dice(6))
    assert state.mr_squirrel is None
    state = after(state, 0, EndTurn())
    assert TakeMrSquirrel() in GAME.legal_commands(state, 1)


def test_ruling_cheesy_distraction_at_any_time():
    """Cheesy Distraction: "Use at any time to steal the Ultimate Paw of Pilferage": also while
    another card resolves, which waits until the theft (and a Charm Offensive's answer) is over."""
    state = given(
        opening(
            (SOCKS, PAW),
            (BALLS, BALLS, SLIPPER),
            (SLIPPER,),
            actions=[A.RANCID_BADGER_POO, A.CHEESY_DISTRACTION, A.CHARM_OFFENSIVE, A.PIGSFOOT_TREAT],
        ),
        kept(2, A.CHEESY_DISTRACTION),
        kept(0, A.CHARM_OFFENSIVE),
        turn(0),
    )
    state = after(state, 0, TakeActionCard(), Dice(4))  # the Badger Poo stops with seat 1
    waiting = state.effect
    assert GAME.pending(state)[0].seat == 1 and PlayCheesyDistraction() in GAME.legal_commands(state, 2)
    state = after(state, 2, PlayCheesyDistraction())
    assert state.suspended == waiting and GAME.pending(state)[0].seat == 0  # seat 0's Charm Offensive
    assert PlayCheesyDistraction() not in GAME.legal_commands(state, 2)
    state = after(state, 0, AllowTheft())
    assert state.paw_holder == 2 and state.effect == waiting and state.suspended is None
    assert GAME.pending(state)[0].seat == 1
    assert GAME.view(state, None).suspended is None


def test_no_cheesy_distraction_while_walkies_cards_are_set_aside():
    """Walkies passes "simultaneously": a card set aside is in nobody's hand, and stealing it
    would show which it was (docs/rules, "Cheesy Distraction at any time")."""
    state = given(
        opening((SOCKS, PAW), (BALLS,), (SLIPPER,), actions=[A.WALKIES, A.CHEESY_DISTRACTION, A.PIGSFOOT_TREAT]),
        kept(2, A.CHEESY_DISTRACTION),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    assert PlayCheesyDistraction() not in GAME.legal_commands(state, 2)
    then_refused(state, 2, PlayCheesyDistraction(), "waiting")
