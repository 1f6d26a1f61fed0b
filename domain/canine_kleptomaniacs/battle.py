"""Plundering Pooch: "Think rock, paper, scissors!"

The first Plundering Pooch drawn stays face up with its drawer. The second starts a battle at
once between its drawer and the first card's holder; a seat that draws both passes the second
card to an opponent of its choosing. Each throw, both fighters choose a weapon in secret
(docs/rules: "The weapons"); best of three throws wins, and the winner takes a Master's
Bedroom card or three cards (blind) from the loser.
"""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.components import ActionCard, Weapon, manifest
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    ActionCardKept,
    BattleEnded,
    BattleStarted,
    ChoiceAwaited,
    SpoilsChosen,
    Step,
    Take,
    ThrowMade,
    WeaponChosen,
)
from kennel.domain.canine_kleptomaniacs.hands import take_bedroom_card
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import Battle
from kennel.domain.canine_kleptomaniacs.thefts import attempt_theft

POOCH = ActionCard.PLUNDERING_POOCH


def pooch_holder(resolution: Resolution, drawer: int) -> int | None:
    state = resolution.state
    return next((seat for seat in state.clockwise_from(drawer) if POOCH in state.seats[seat].kept), None)


def resolve_plundering_pooch(resolution: Resolution, seat: int) -> None:
    holder = pooch_holder(resolution, seat)
    if holder is None:
        resolution.record(ActionCardKept(seat=seat, card=POOCH))
    elif holder != seat:
        start_battle(resolution, seat, holder)
    else:
        # "If you draw two Plundering Pooch cards, pass the card to a player of your choosing".
        opponents = resolution.state.others(seat)
        if len(opponents) == 1:
            start_battle(resolution, seat, opponents[0])
        else:
            resolution.record(ChoiceAwaited(step=Step.POOCH_OPPONENT, card=POOCH, seat=seat, owing=(seat,)))


def start_battle(resolution: Resolution, drawer: int, opponent: int) -> None:
    resolution.record(BattleStarted(fighters=(drawer, opponent)))


def choose_weapon(resolution: Resolution, seat: int, weapon: Weapon) -> None:
    resolution.record(WeaponChosen(seat=seat, weapon=weapon))
    battle = resolution.state.effect
    if not isinstance(battle, Battle) or None in battle.weapons:
        return
    first, second = battle.weapons
    assert first is not None and second is not None
    a, b = battle.fighters
    winner = a if first.beats(second) else b if second.beats(first) else None
    resolution.record(ThrowMade(weapons=(first, second), winner=winner))
    battle = resolution.state.effect
    assert isinstance(battle, Battle)
    throws = manifest().numbers["plundering_pooch_throws"]
    if max(battle.wins) * 2 > throws or battle.throws >= throws:
        end_battle(resolution, battle)


def end_battle(resolution: Resolution, battle: Battle) -> None:
    """Best of three throws; a battle with as many winning throws on each side is drawn
    (docs/rules: "Best of three")."""
    (a, b), (wins_a, wins_b) = battle.fighters, battle.wins
    winner, loser = (a, b) if wins_a > wins_b else (b, a) if wins_b > wins_a else (None, None)
    resolution.record(BattleEnded(winner=winner, loser=loser))
    # Both Plundering Pooch cards go to the discard pile: the one just drawn, and the one kept.
    resolution.record(ActionCardDiscarded(seat=None, card=POOCH))
    holder = pooch_holder(resolution, a)
    if holder is not None:
        resolution.record(ActionCardDiscarded(seat=holder, card=POOCH))
    if winner is not None and loser is not None:
        offer_spoils(resolution, winner, loser)


def offer_spoils(resolution: Resolution, winner: int, loser: int) -> None:
    """"The winner collects either a Master's Bedroom card or takes three cards (blind)"; with
    only one of the two to be had, the winner takes it."""
    bedroom = bool(resolution.state.bedroom)
    blind = resolution.state.hand_size(loser) > 0
    if bedroom and blind:
        resolution.record(
            ChoiceAwaited(step=Step.SPOILS, card=POOCH, seat=winner, owing=(winner,), others=(loser,))
        )
    elif bedroom:
        take_bedroom_card(resolution, winner)
    elif blind:
        take_three_blind(resolution, winner, loser)


def claim_spoils(resolution: Resolution, winner: int, loser: int, bedroom: bool) -> None:
    resolution.record(SpoilsChosen(seat=winner, bedroom=bedroom))
    if bedroom:
        take_bedroom_card(resolution, winner)
    else:
        take_three_blind(resolution, winner, loser)


def take_three_blind(resolution: Resolution, winner: int, loser: int) -> None:
    count = manifest().numbers["plundering_pooch_spoils_blind"]
    attempt_theft(resolution, winner, POOCH, (Take(victim=loser, count=count),))
