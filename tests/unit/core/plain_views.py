"""Each game's `view` as first written, for every viewer from scratch: the reference that
`test_view_fast_paths` holds the views made from a shared public part to (the helpers they call,
such as `effect_view`, are the games' own)."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life import views as dogs_life
from kennel.domain.a_dogs_life.state import Phase as DogsLifePhase
from kennel.domain.caninos import views as caninos
from kennel.domain.caninos.scoring import points
from kennel.domain.canine_kleptomaniacs import views as canine
from kennel.domain.canine_kleptomaniacs.trading import offers_per_turn
from kennel.domain.hoarders import views as hoarders
from kennel.domain.hoarders.cards import sorted_critters
from kennel.domain.hoarders.outcome import outcome as hoarders_outcome


def hoarders_view(state: Any, viewer: int | None) -> Any:
    own = state.hoards[viewer] if viewer is not None and 0 <= viewer < state.seat_count else None
    return hoarders.HoardersView(
        viewer=viewer if own is not None else None,
        phase=state.phase,
        round=state.round,
        crown=state.crown,
        deck_size=len(state.deck),
        turn=None if hoarders_outcome(state) is not None else state.seat_in_turn,
        theft=state.theft,
        seats=tuple(
            hoarders.SeatView(seat=seat, nuts=hoard.nuts, face_down=len(hoard.face_down), revealed=hoard.revealed)
            for seat, hoard in enumerate(state.hoards)
        ),
        hand=own.hand if own is not None else (),
        # Sorted, so that the order the seat listed its pick in is all the view shows.
        face_down=sorted_critters(own.face_down) if own is not None else (),
    )


def caninos_view(state: Any, viewer: int | None) -> Any:
    own = state.players[viewer] if viewer is not None and 0 <= viewer < state.seat_count else None
    return caninos.CaninosView(
        viewer=viewer if own is not None else None,
        options=state.options,
        turn=state.turn,
        players=tuple(
            caninos.PlayerView(
                seat=seat,
                collection=player.collection,
                points=points(player),
                hand_size=len(player.hand),
                hexes=player.hexes,
                fairy=player.fairy,
            )
            for seat, player in enumerate(state.players)
        ),
        doubles=state.doubles,
        mini_decks=tuple(
            caninos.MiniDeckView(top=deck[0] if deck else None, size=len(deck)) for deck in state.mini_decks
        ),
        deck_size=len(state.deck),
        discard=state.discard,
        draft=state.draft,
        play=state.play,
        answers=state.answers,
        adopted=state.adopted,
        asking=state.asking,
        level=state.level,
        reshuffles=state.reshuffles,
        hand=own.hand if own is not None else (),
    )


def canine_view(state: Any, viewer: int | None) -> Any:
    own = viewer if viewer is not None and 0 <= viewer < state.seat_count else None
    effect = state.effect
    return canine.CanineView(
        viewer=own,
        turn=None if state.finished is not None or state.turn_number == 0 else state.turn,
        turn_number=state.turn_number,
        phase=state.phase,
        took_action_card=state.took_action_card,
        proposals_left=max(0, offers_per_turn() - state.proposals_of(state.turn)),
        action_deck=len(state.actions),
        collectables_deck=len(state.collectables),
        bedroom_deck=len(state.bedroom),
        laundry_pile=len(state.laundry),
        discards=state.discards,
        in_play=state.in_play,
        box_hiding_places=state.box_hiding_places,
        mr_squirrel=state.mr_squirrel,
        paw_holder=state.paw_holder,
        reformed=state.reformed,
        finished=state.finished,
        seats=tuple(
            canine.SeatView(
                seat=number,
                dog=seat.dog,
                hand_size=len(seat.hand),
                places=tuple(canine._place_view(place) for place in seat.places),
                bedroom=seat.bedroom,
                kept=seat.kept,
                quiet_turns=seat.quiet_turns,
            )
            for number, seat in enumerate(state.seats)
        ),
        effect=None if effect is None else canine.effect_view(effect, own),
        hand=state.seats[own].hand if own is not None else (),
        walkies_card=canine._walkies_card(state, own),
        weapon=canine._weapon(state, own),
        laundry=state.laundry if canine._sniffing(state, own) else (),
        proposals_left_by_seat=tuple(
            max(0, offers_per_turn() - state.proposals_of(seat)) for seat in range(state.seat_count)
        ),
        suspended=None if state.suspended is None else canine.effect_view(state.suspended, own),
    )


def dogs_life_view(state: Any, viewer: int | None) -> Any:
    seen = viewer if viewer is not None and 0 <= viewer < state.seat_count else None
    return dogs_life.ADogsLifeView(
        viewer=seen,
        phase=state.phase,
        round=state.round,
        active=None if state.phase is DogsLifePhase.OVER else state.active,
        action_points=state.action_points,
        begged=state.begged,
        truck=state.truck,
        truck_from=state.truck_from,
        truck_steps=state.truck_steps,
        searched=state.searched,
        ground=tuple(dogs_life._face_down(item) for item in state.ground),
        piddles=state.piddles,
        kiosk_size=len(state.kiosk),
        bone_supply=state.bone_supply,
        overtime=state.overtime,
        contenders=state.contenders,
        dogs=tuple(dogs_life._dog_view(seat, dog, seat == seen) for seat, dog in enumerate(state.dogs)),
        winners=state.winners,
        sniffed=state.sniffed,
    )


PLAIN_VIEWS = {
    "hoarders": hoarders_view,
    "caninos": caninos_view,
    "canine-kleptomaniacs": canine_view,
    "a-dogs-life": dogs_life_view,
}
