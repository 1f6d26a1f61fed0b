"""Action Cards: what each card does when drawn, one function per card, named as the card.

A choice the card asks for is announced with `ChoiceAwaited` and answered by a command (see
`choices.py`); a choice with one possible answer in public knowledge is made here at once.
"""

from __future__ import annotations

from collections.abc import Callable

from kennel.domain.canine_kleptomaniacs.battle import resolve_plundering_pooch
from kennel.domain.canine_kleptomaniacs.components import KEPT_CARDS, ActionCard, manifest
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    ActionCardKept,
    ActionCardTaken,
    BadgerPooPassed,
    CardsDiscarded,
    CardsPassed,
    ChoiceAwaited,
    DealtHand,
    HandsRedealt,
    HidingPlaceAdded,
    KeyRolled,
    LaundryPicked,
    LaundrySniffed,
    LeftoversReturned,
    PassedCard,
    SeatRoll,
    SquirrelChase,
    Step,
    Take,
    WalkiesCardChosen,
)
from kennel.domain.canine_kleptomaniacs.hands import (
    declare_paw,
    discardable,
    draw_collectables,
    take_bedroom_card,
)
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import Owed
from kennel.domain.canine_kleptomaniacs.thefts import SIX, attempt_theft


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_HIDING_PLACE = ActionCard.HIDING_PLACE


def take_action_card(resolution: Resolution, seat: int) -> None:
    """"Take an Action card, read aloud, discard ... the action is carried out immediately"."""
    card = resolution.state.actions[0]
    resolution.record(ActionCardTaken(seat=seat, card=card))
    if card is not _HIDING_PLACE and card not in KEPT_CARDS:
        # Read aloud, then onto the discard pile; its effect follows.
        resolution.record(ActionCardDiscarded(seat=None, card=card))
    _RESOLVERS[card](resolution, seat, card)


def has_power(resolution: Resolution, seat: int, card: ActionCard) -> bool:
    """"When you draw an Action card, with a picture matching the symbol on your doggy card
    ... you gain an additional power"."""
    dog = resolution.state.seats[seat].dog
    return dog is not None and manifest().dogs[dog].power is card


def extra(resolution: Resolution, seat: int, card: ActionCard) -> int:
    return manifest().numbers["power_extra_cards"] if has_power(resolution, seat, card) else 0


def robbable(resolution: Resolution, seat: int) -> tuple[int, ...]:
    """The other seats with a card in hand, clockwise from the next one."""
    state = resolution.state
    return tuple(other for other in state.others(seat) if state.hand_size(other) > 0)


# ---- one function per card ----


def hiding_place(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Collectables and Hiding Places: "When you draw one, place it face up in your playing area"."""
    resolution.record(HidingPlaceAdded(seat=seat, from_box=False))


def fishy_blast(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Take ONE Collectables card (blind) from each player's hand. The power's extra card comes
    from the draw pile (docs/rules: "Fishy Blast's extra card")."""
    draw_collectables(resolution, seat, extra(resolution, seat, card))
    count = manifest().numbers["fishy_blast_takes"]
    attempt_theft(resolution, seat, card, tuple(Take(victim=v, count=count) for v in robbable(resolution, seat)))


def puppy_eyes(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Take THREE cards (blind) from one other player's hand (four with the power)."""
    victims = robbable(resolution, seat)
    if len(victims) == 1:
        puppy_eyes_on(resolution, seat, victims[0])
    elif victims:
        resolution.record(ChoiceAwaited(step=Step.CHOOSE_VICTIM, card=card, seat=seat, owing=(seat,)))


def puppy_eyes_on(resolution: Resolution, seat: int, victim: int) -> None:
    card = ActionCard.PUPPY_EYES
    count = manifest().numbers["puppy_eyes_takes"] + extra(resolution, seat, card)
    attempt_theft(resolution, seat, card, (Take(victim=victim, count=count),))


def stick_chase(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Ask each player for ONE Collectables card of a specific type (not the Paw); the drawer
    names a kind for each seat in clockwise order."""
    asked = robbable(resolution, seat)
    if asked:
        resolution.record(ChoiceAwaited(step=Step.NAME_KINDS, card=card, seat=seat, owing=(seat,), others=asked))


def key_to_the_masters_bedroom(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Roll once for an odd (or even) number; after a miss the drawer may discard a Collectable
    for another roll, as often as it likes (docs/rules: "Key to the Master's Bedroom")."""
    roll = resolution.rng.die()
    success = roll % 2 == (1 if card is ActionCard.KEY_ODD else 0)
    resolution.record(KeyRolled(seat=seat, roll=roll, success=success))
    if success:
        take_bedroom_card(resolution, seat)
    elif resolution.state.hand_size(seat) > 0:
        resolution.record(ChoiceAwaited(step=Step.KEY_REROLL, card=card, seat=seat, owing=(seat,)))


def leaf_storm(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Discard as many cards as you like, face down, and take as many from the draw deck."""
    if resolution.state.hand_size(seat) > 0:
        resolution.record(ChoiceAwaited(step=Step.LEAF_STORM, card=card, seat=seat, owing=(seat,)))


def plundering_pooch(resolution: Resolution, seat: int, card: ActionCard) -> None:
    resolve_plundering_pooch(resolution, seat)


def charm_offensive(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Retain face up in your playing area."""
    resolution.record(ActionCardKept(seat=seat, card=card))


def cheesy_distraction(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """When drawn, retain face up in your playing area."""
    resolution.record(ActionCardKept(seat=seat, card=card))


def rancid_badger_poo(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Roll the die and pass the card that many players clockwise; its holder discards TWO
    Collectables of their choosing (the Poo Pizza and the Paw cannot be discarded)."""
    roll = resolution.rng.die()
    holder = (seat + roll) % resolution.state.seat_count
    resolution.record(BadgerPooPassed(seat=seat, roll=roll, holder=holder))
    hand = resolution.state.seats[holder].hand
    wanted = manifest().numbers["rancid_badger_poo_discards"]
    if not hand:
        return
    if len(hand) <= wanted:
        # Forced in public knowledge: every card that may be discarded goes.
        cards = discardable(hand)
        resolution.record(CardsDiscarded(seat=holder, count=len(cards), cards=cards))
    else:
        resolution.record(ChoiceAwaited(step=Step.RANCID_DISCARD, card=card, seat=seat, owing=(holder,)))


def walkies(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """All players pass one card clockwise simultaneously; a seat with one card passes it."""
    state = resolution.state
    givers = tuple(giver for giver in state.clockwise_from(seat) if state.hand_size(giver) > 0)
    if not givers:
        return
    resolution.record(ChoiceAwaited(step=Step.WALKIES, card=card, seat=seat, owing=givers))
    for giver in givers:
        hand = resolution.state.seats[giver].hand
        if len(hand) == 1:
            resolution.record(WalkiesCardChosen(seat=giver, card=hand[0]))
    pass_when_chosen(resolution)


def pass_when_chosen(resolution: Resolution) -> None:
    effect = resolution.state.effect
    if not isinstance(effect, Owed) or effect.step is not Step.WALKIES or effect.owing:
        return
    count = resolution.state.seat_count
    before = resolution.state.paw_holder
    passes = tuple(PassedCard(giver=giver, receiver=(giver + 1) % count, card=card) for giver, card in effect.chosen)
    resolution.record(CardsPassed(passes=passes))
    declare_paw(resolution, before)


def sniff_it_out(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Select THREE cards from the Laundry Pile OR take TWO cards (blind) from another player."""
    victims = robbable(resolution, seat)
    pile = bool(resolution.state.laundry)
    if pile and not victims:
        sniff_laundry_pile(resolution, seat)
    elif victims and not pile and len(victims) == 1:
        sniff_player(resolution, seat, victims[0])
    elif pile or victims:
        resolution.record(ChoiceAwaited(step=Step.SNIFF_CHOICE, card=card, seat=seat, owing=(seat,)))


def sniff_laundry_pile(resolution: Resolution, seat: int) -> None:
    resolution.record(LaundrySniffed(seat=seat))
    pile = resolution.state.laundry
    if len(pile) <= manifest().numbers["sniff_it_out_picks_from_laundry"]:
        resolution.record(LaundryPicked(seat=seat, count=len(pile), cards=pile))
    else:
        card = ActionCard.SNIFF_IT_OUT
        resolution.record(ChoiceAwaited(step=Step.SNIFF_SELECT, card=card, seat=seat, owing=(seat,)))


def sniff_player(resolution: Resolution, seat: int, victim: int) -> None:
    count = manifest().numbers["sniff_it_out_takes_blind"]
    attempt_theft(resolution, seat, ActionCard.SNIFF_IT_OUT, (Take(victim=victim, count=count),))


def collectables_reward(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Collectables Reward Cards: cards from the draw pile (our counts: docs/rules, "The
    components"); Turkey Buster and Hunk O' Haddock give one more with the power."""
    draw_collectables(resolution, seat, manifest().action_cards[card].draws + extra(resolution, seat, card))


def squirrel(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """First player to roll a six picks up FIVE cards: the drawer rolls first, then each seat
    clockwise, round and round (docs/rules: "Squirrel")."""
    rolls: list[SeatRoll] = []
    order = resolution.state.clockwise_from(seat)
    while not rolls or rolls[-1].roll != SIX:
        roller = order[len(rolls) % len(order)]
        rolls.append(SeatRoll(seat=roller, roll=resolution.rng.die()))
    winner = rolls[-1].seat
    resolution.record(SquirrelChase(rolls=tuple(rolls), winner=winner))
    draw_collectables(resolution, winner, manifest().numbers["squirrel_draws"])


def fluffy_rumble(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """Hands shuffled together and dealt out evenly; Mr. Squirrel's holder may stay out."""
    holder = resolution.state.mr_squirrel
    if holder is None:
        rumble(resolution, seat, immune=None)
    else:
        resolution.record(ChoiceAwaited(step=Step.RUMBLE_IMMUNITY, card=card, seat=seat, owing=(holder,)))


def rumble(resolution: Resolution, seat: int, immune: int | None) -> None:
    """Every hand but the immune one shuffled together, dealt back out evenly; the leftovers are
    inserted one by one at random in the top half of the Collectables deck (docs/rules:
    "Fluffy Rumble's leftovers")."""
    state = resolution.state
    dealt_to = tuple(other for other in state.clockwise_from(seat) if other != immune)
    pool = tuple(card for other in dealt_to for card in state.seats[other].hand)
    if not pool:
        return
    before = state.paw_holder
    shuffled = resolution.rng.shuffled(pool)
    each = len(pool) // len(dealt_to)
    hands = tuple(
        DealtHand(seat=other, count=each, cards=shuffled[i * each : (i + 1) * each]) for i, other in enumerate(dealt_to)
    )
    resolution.record(HandsRedealt(hands=hands))
    leftovers = shuffled[each * len(dealt_to) :]
    if leftovers:
        size = len(resolution.state.collectables)
        positions = []
        for _ in leftovers:
            positions.append(resolution.rng.below(size // 2 + 1))
            size += 1
        resolution.record(LeftoversReturned(count=len(leftovers), cards=leftovers, positions=tuple(positions)))
    declare_paw(resolution, before)


def grapes_of_wrath(resolution: Resolution, seat: int, card: ActionCard) -> None:
    """All players lose ONE set from their hand, or one card with no set; a seat with one card
    loses it (if it may be discarded) without being asked."""
    state = resolution.state
    losers = tuple(other for other in state.clockwise_from(seat) if state.hand_size(other) > 0)
    if not losers:
        return
    resolution.record(ChoiceAwaited(step=Step.GRAPES, card=card, seat=seat, owing=losers))
    for loser in losers:
        hand = resolution.state.seats[loser].hand
        if len(hand) == 1:
            cards = discardable(hand)
            resolution.record(CardsDiscarded(seat=loser, count=len(cards), cards=cards))


_RESOLVERS: dict[ActionCard, Callable[[Resolution, int, ActionCard], None]] = {
    ActionCard.HIDING_PLACE: hiding_place,
    ActionCard.FISHY_BLAST: fishy_blast,
    ActionCard.PUPPY_EYES: puppy_eyes,
    ActionCard.STICK_CHASE: stick_chase,
    ActionCard.KEY_ODD: key_to_the_masters_bedroom,
    ActionCard.KEY_EVEN: key_to_the_masters_bedroom,
    ActionCard.LEAF_STORM: leaf_storm,
    ActionCard.PLUNDERING_POOCH: plundering_pooch,
    ActionCard.CHARM_OFFENSIVE: charm_offensive,
    ActionCard.RANCID_BADGER_POO: rancid_badger_poo,
    ActionCard.WALKIES: walkies,
    ActionCard.SNIFF_IT_OUT: sniff_it_out,
    ActionCard.TURKEY_BUSTER: collectables_reward,
    ActionCard.HUNK_O_HADDOCK: collectables_reward,
    ActionCard.PIGSFOOT_TREAT: collectables_reward,
    ActionCard.ROAST_DINNER_ROUNDIES: collectables_reward,
    ActionCard.SQUIRREL: squirrel,
    ActionCard.FLUFFY_RUMBLE: fluffy_rumble,
    ActionCard.CHEESY_DISTRACTION: cheesy_distraction,
    ActionCard.GRAPES_OF_WRATH: grapes_of_wrath,
}
