"""Folding events into state: pure and total. It trusts `decide` and never raises, so an event
that does not fit the state (a card or a slice that is not there) changes as little as it can."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.caninos import drafts
from kennel.domain.caninos.cards import Card, Trick, is_double, sorted_cards, sorted_pizzas
from kennel.domain.caninos.events import (
    CardDiscarded,
    CardsDealt,
    CardsDrawn,
    CardsGambled,
    CerberusPlaced,
    ChainResolved,
    CollectionEnchanted,
    DeckRanOut,
    DeckShuffled,
    Declined,
    DiscardShuffled,
    ExtraTricksGranted,
    HexPlaced,
    LevellingEnded,
    LevellingStarted,
    MiniDecksLaid,
    NoMoreChosen,
    PizzaDealt,
    PizzasShuffled,
    PizzaTurnedUp,
    PlayMade,
    PlushKept,
    PlushTurnedBack,
    RaccoonAdopted,
    Reacted,
    RoundPassed,
    SeatChosen,
    SliceChosen,
    SliceReturned,
    SliceStolen,
    SpellBroken,
    StealDeclared,
    ToppingMoved,
    ToppingPlaced,
    ToppingsRedistributed,
    ToppingsSwept,
    TrickDeclared,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.caninos.slices import find, redistributed, without, without_all
from kennel.domain.caninos.state import Action, Answer, CaninosState, Hex, Player, Slice, SliceRef, Turn
from kennel.domain.core.frozen import one_per_value, replaced


def evolve(state: CaninosState, event: Any) -> CaninosState:
    apply = _APPLIERS.get(type(event))
    return state if apply is None else apply(state, event)


# ---- setup ----


def _deck_shuffled(state: CaninosState, event: DeckShuffled) -> CaninosState:
    return replaced(state, deck=event.deck)


def _pizzas_shuffled(state: CaninosState, event: PizzasShuffled) -> CaninosState:
    return replaced(state, pizza_deck=event.pizzas)


def _pizza_dealt(state: CaninosState, event: PizzaDealt) -> CaninosState:
    if event.pizza not in state.pizza_deck:
        return state
    state = replaced(state, pizza_deck=without(state.pizza_deck, event.pizza))
    return _change_player(state, event.seat, lambda p: _with_slice(p, Slice(event.pizza)))


def _mini_decks_laid(state: CaninosState, event: MiniDecksLaid) -> CaninosState:
    rest, decks = state.pizza_deck, []
    for size in event.sizes:
        decks.append(rest[:size])
        rest = rest[size:]
    return replaced(state, mini_decks=tuple(decks), pizza_deck=rest)


def _cards_dealt(state: CaninosState, event: CardsDealt | CardsDrawn) -> CaninosState:
    drawn, deck = state.deck[: event.count], state.deck[event.count :]
    return _change_player(state, event.seat, lambda p: _with_hand(p, p.hand + drawn), deck=deck)


# ---- turns ----


def _turn_started(state: CaninosState, event: TurnStarted) -> CaninosState:
    # "turning over one plush toy per turn (every turn counts)": every enchanted seat is asked.
    return replaced(state, turn=_fresh_turn(event.seat), unspelling=state.enchanted_with_plush())


# A turn as it starts, one object per seat (frozen: every turn of a seat starts as the same
# value), so its view's encoding is found by identity (kennel.service.protobytes), not made again.
_fresh_turn = one_per_value(lambda seat: Turn(seat=seat))


def _plush_turned_back(state: CaninosState, event: PlushTurnedBack) -> CaninosState:
    def turn_back(player: Player) -> Player:
        index = find(player.collection, SliceRef(owner=event.seat, pizza=event.pizza, plush=True))
        if index is None:
            return player
        return _replace_slice(player, index, replaced(player.collection[index], plush=False))

    state = replaced(state, unspelling=tuple(seat for seat in state.unspelling if seat != event.seat))
    return _change_player(state, event.seat, turn_back)


def _plush_kept(state: CaninosState, event: PlushKept) -> CaninosState:
    return replaced(state, unspelling=tuple(seat for seat in state.unspelling if seat != event.seat))


def _spell_broken(state: CaninosState, event: SpellBroken) -> CaninosState:
    fairy = state.players[event.seat].fairy if 0 <= event.seat < state.seat_count else None
    if fairy is None:
        return state
    state = _change_player(state, event.seat, lambda p: replaced(p, fairy=None))
    return _discarded(state, (fairy,))


def _card_discarded(state: CaninosState, event: CardDiscarded) -> CaninosState:
    if not 0 <= event.seat < len(state.players) or event.card not in state.players[event.seat].hand:
        return state
    players = _players_with(state, event.seat, lambda p: _with_hand(p, without(p.hand, event.card)))
    turn = state.turn
    if turn is not None:
        turn = replaced(turn, discarded=turn.discarded + 1)
    return replaced(state, players=players, discard=state.discard + (event.card,), turn=turn)


def _turn_ended(state: CaninosState, event: TurnEnded) -> CaninosState:
    turn = state.turn
    played = turn.played if turn is not None else ()
    passed = turn is not None and not (turn.laid or turn.discarded)
    hexes = state.players[event.seat].hexes if 0 <= event.seat < len(state.players) else ()
    # A seat under no hex keeps its very player (and the state its players tuple): most turns.
    players = _players_with(state, event.seat, lambda p: replaced(p, hexes=())) if hexes else state.players
    return replaced(
        state,
        players=players,
        discard=state.discard + played + tuple(hex_.card for hex_ in hexes),
        turn=None,
        passes=state.passes + 1 if passed else 0,
    )


def _discard_shuffled(state: CaninosState, event: DiscardShuffled) -> CaninosState:
    return replaced(state, deck=state.deck + event.deck, discard=(), reshuffles=state.reshuffles + 1)


def _deck_ran_out(state: CaninosState, event: DeckRanOut) -> CaninosState:
    return replaced(state, deck_ran_out=True)


def _round_passed(state: CaninosState, event: RoundPassed) -> CaninosState:
    return replaced(state, stalled=True)


# ---- putting a play together ----


def _steal_declared(state: CaninosState, event: StealDeclared) -> CaninosState:
    return replaced(state, draft=drafts.declared_steal(event.seat, event.slice))


def _trick_declared(state: CaninosState, event: TrickDeclared) -> CaninosState:
    stolen_with = state.turn.stolen_with if state.turn is not None else ()
    return replaced(state, draft=drafts.declared_trick(event.seat, event.card, event.trick, stolen_with))


def _slice_chosen(state: CaninosState, event: SliceChosen) -> CaninosState:
    if state.draft is None:
        return state
    return replaced(state, draft=drafts.with_slice(state.draft, event.slice))


def _seat_chosen(state: CaninosState, event: SeatChosen) -> CaninosState:
    if state.draft is None:
        return state
    return replaced(state, draft=drafts.with_target(state.draft, event.target))


def _no_more_chosen(state: CaninosState, event: NoMoreChosen) -> CaninosState:
    if state.draft is None:
        return state
    return replaced(state, draft=drafts.closed(state.draft))


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_GLUTTONS = Trick.GLUTTONS
_TRICK = Action.TRICK
_STEAL = Action.STEAL


def _play_made(state: CaninosState, event: PlayMade) -> CaninosState:
    play = event.play
    turn, players = state.turn, state.players
    # Only a play that succeeds uses up the turn's steal or a trick (docs/rules/caninos.md, "A
    # stopped play is not used up"); laying it down ends the chance to steal after a trick.
    tried = (play.trick,) if play.action is _TRICK and play.trick is not None else ()
    if play.trick is _GLUTTONS:
        # "with this same card": the steal's cards come back from before the player.
        if turn is not None:
            played = without_all(turn.played, play.cards)
            turn = replaced(turn, played=played, laid=turn.laid + 1, tried=turn.tried + tried)
    else:
        players = _players_with(state, play.seat, lambda p: _with_hand(p, without_all(p.hand, play.cards)))
        if turn is not None:
            turn = replaced(turn, laid=turn.laid + 1, tried=turn.tried + tried)
    return replaced(
        state, players=players, turn=turn, draft=None, play=play, answers=(), adopted=(), asking=event.asking
    )


# ---- the reaction chain ----


def _reacted(state: CaninosState, event: Reacted) -> CaninosState:
    players = _players_with(state, event.seat, lambda p: _with_hand(p, without(p.hand, event.card)))
    answers = state.answers + (Answer(seat=event.seat, card=event.card),)
    return replaced(state, players=players, answers=answers, asking=event.asking)


def _declined(state: CaninosState, event: Declined) -> CaninosState:
    return replaced(state, asking=state.asking[1:])


def _raccoon_adopted(state: CaninosState, event: RaccoonAdopted) -> CaninosState:
    if event.link in state.adopted:
        return state
    adopted = state.adopted + (event.link,)
    return _change_player(state, event.seat, lambda p: _with_hand(p, p.hand + (_MAPACHE,)), adopted=adopted)


def _chain_resolved(state: CaninosState, event: ChainResolved) -> CaninosState:
    play = state.play
    if play is None:
        return state
    play_cards = () if 0 in state.adopted else play.cards
    answered = tuple(
        answer.card for link, answer in enumerate(state.answers, start=1) if link not in state.adopted
    )
    turn = state.turn
    if turn is not None:
        # The player's used cards lie before it until its turn ends ("End of Turn").
        played = turn.played + play_cards
        if event.succeeded and play.action is _STEAL:
            turn = replaced(turn, played=played, stole=True, stolen_with=play.cards)
        elif event.succeeded and play.trick is not None:
            turn = replaced(turn, played=played, tricks=turn.tricks + (play.trick,))
        else:
            turn = replaced(turn, played=played)
    return replaced(
        state, turn=turn, discard=state.discard + answered, play=None, answers=(), adopted=(), asking=()
    )


# ---- effects ----


def _slice_stolen(state: CaninosState, event: SliceStolen) -> CaninosState:
    ref = event.slice
    if ref.owner is None:
        if event.mini_deck is None:
            if ref.pizza not in state.doubles:
                return state
            state = replaced(state, doubles=without(state.doubles, ref.pizza))
        else:
            decks = list(state.mini_decks)
            if not 0 <= event.mini_deck < len(decks) or not decks[event.mini_deck]:
                return state
            decks[event.mini_deck] = decks[event.mini_deck][1:]
            state = replaced(state, mini_decks=tuple(decks))
        taken = Slice(ref.pizza)
    else:
        if not 0 <= ref.owner < state.seat_count:
            return state
        index = find(state.players[ref.owner].collection, ref)
        if index is None:
            return state
        piece = state.players[ref.owner].collection[index]
        state = _change_player(state, ref.owner, lambda p: _without_slice(p, index))
        # "If you steal a plush toy, it turns back into pizza as soon as you add it."
        taken = replaced(piece, plush=False)
        if event.topping_lost and piece.topping is not None:
            state = _discarded(state, (piece.topping,))
            taken = replaced(taken, topping=None)
    return _change_player(state, event.thief, lambda p: _with_slice(p, taken))


def _extra_tricks_granted(state: CaninosState, event: ExtraTricksGranted) -> CaninosState:
    return _change_turn(state, lambda t: replaced(t, trick_limit=t.trick_limit + event.tricks))


def _hex_placed(state: CaninosState, event: HexPlaced) -> CaninosState:
    state = _from_before_player(state, event.card)
    hex_ = Hex(card=event.card, trick=event.trick)
    return _change_player(state, event.seat, lambda p: replaced(p, hexes=p.hexes + (hex_,)))


def _cards_gambled(state: CaninosState, event: CardsGambled) -> CaninosState:
    state = _change_player(state, event.seat, lambda p: _with_hand(p, without_all(p.hand, event.cards)))
    return _discarded(state, event.cards)


def _topping_moved(state: CaninosState, event: ToppingMoved) -> CaninosState:
    players, left = redistributed(state.players, (event.source,), (event.destination,))
    return replaced(state, players=players, discard=state.discard + left)


def _toppings_redistributed(state: CaninosState, event: ToppingsRedistributed) -> CaninosState:
    players, left = redistributed(state.players, event.lifted, event.onto)
    return replaced(state, players=players, discard=state.discard + left)


def _topping_placed(state: CaninosState, event: ToppingPlaced) -> CaninosState:
    return _lay_on_slice(state, event.slice, event.card, lambda piece: replaced(piece, topping=event.card))


def _cerberus_placed(state: CaninosState, event: CerberusPlaced) -> CaninosState:
    ref = event.slice
    if ref.owner is None or not 0 <= ref.owner < state.seat_count:
        return state
    index = find(state.players[ref.owner].collection, ref)
    topping = state.players[ref.owner].collection[index].topping if index is not None else None
    state = _lay_on_slice(
        state, ref, event.card, lambda piece: replaced(piece, cerberus=event.card, topping=None)
    )
    return _discarded(state, (topping,)) if topping is not None and index is not None else state


def _toppings_swept(state: CaninosState, event: ToppingsSwept) -> CaninosState:
    swept: list[Card] = []
    players = []
    for player in state.players:
        swept.extend(piece.topping for piece in player.collection if piece.topping is not None)
        collection = tuple(replaced(piece, topping=None) for piece in player.collection)
        players.append(replaced(player, collection=collection))
    return replaced(state, players=tuple(players), discard=state.discard + tuple(swept))


def _levelling_started(state: CaninosState, event: LevellingStarted) -> CaninosState:
    return replaced(state, level=event.level)


def _slice_returned(state: CaninosState, event: SliceReturned) -> CaninosState:
    if not 0 <= event.seat < state.seat_count:
        return state
    index = find(state.players[event.seat].collection, event.slice)
    if index is None:
        return state
    pizza = state.players[event.seat].collection[index].pizza
    state = _change_player(state, event.seat, lambda p: _without_slice(p, index))
    if is_double(pizza) or event.mini_deck is None:
        return replaced(state, doubles=sorted_pizzas(state.doubles + (pizza,)))
    decks = list(state.mini_decks)
    decks[event.mini_deck] = (pizza,) + decks[event.mini_deck]
    return replaced(state, mini_decks=tuple(decks))


def _levelling_ended(state: CaninosState, event: LevellingEnded) -> CaninosState:
    return replaced(state, level=None)


def _collection_enchanted(state: CaninosState, event: CollectionEnchanted) -> CaninosState:
    if not 0 <= event.seat < state.seat_count:
        return state
    state = _from_before_player(state, event.card)
    player = state.players[event.seat]
    toppings = tuple(
        piece.topping for piece in player.collection if piece.topping is not None and piece.cerberus is None
    )
    collection = tuple(
        piece if piece.cerberus is not None else replaced(piece, plush=True, topping=None)
        for piece in player.collection
    )
    state = _change_player(state, event.seat, lambda p: replaced(p, collection=collection, fairy=event.card))
    return _discarded(state, toppings)


_APPLIERS: dict[type, Callable[[CaninosState, Any], CaninosState]] = {
    DeckShuffled: _deck_shuffled,
    PizzasShuffled: _pizzas_shuffled,
    PizzaDealt: _pizza_dealt,
    MiniDecksLaid: _mini_decks_laid,
    CardsDealt: _cards_dealt,
    TurnStarted: _turn_started,
    PlushTurnedBack: _plush_turned_back,
    SpellBroken: _spell_broken,
    PlushKept: _plush_kept,
    CardDiscarded: _card_discarded,
    TurnEnded: _turn_ended,
    CardsDrawn: _cards_dealt,
    DiscardShuffled: _discard_shuffled,
    DeckRanOut: _deck_ran_out,
    RoundPassed: _round_passed,
    StealDeclared: _steal_declared,
    TrickDeclared: _trick_declared,
    SliceChosen: _slice_chosen,
    SeatChosen: _seat_chosen,
    NoMoreChosen: _no_more_chosen,
    PlayMade: _play_made,
    Reacted: _reacted,
    Declined: _declined,
    RaccoonAdopted: _raccoon_adopted,
    ChainResolved: _chain_resolved,
    SliceStolen: _slice_stolen,
    PizzaTurnedUp: lambda state, event: state,  # the top was already there; the event shows it
    ExtraTricksGranted: _extra_tricks_granted,
    HexPlaced: _hex_placed,
    CardsGambled: _cards_gambled,
    ToppingMoved: _topping_moved,
    ToppingsRedistributed: _toppings_redistributed,
    ToppingPlaced: _topping_placed,
    CerberusPlaced: _cerberus_placed,
    ToppingsSwept: _toppings_swept,
    LevellingStarted: _levelling_started,
    SliceReturned: _slice_returned,
    LevellingEnded: _levelling_ended,
    CollectionEnchanted: _collection_enchanted,
}


# ---- helpers ----


def _change_player(
    state: CaninosState, seat: int | None, change: Callable[[Player], Player], **fields: Any
) -> CaninosState:
    """The state with `seat`'s player changed, and `fields` (made into one copy of the state)."""
    if seat is None or not 0 <= seat < len(state.players):
        return replaced(state, **fields) if fields else state
    players = list(state.players)
    players[seat] = change(players[seat])
    return replaced(state, players=tuple(players), **fields)


def _players_with(state: CaninosState, seat: int | None, change: Callable[[Player], Player]) -> tuple[Player, ...]:
    """The players with `seat`'s changed (as they are, for no such seat): for an event that
    changes more of the state, which is then copied once, not once per part it changes."""
    if seat is None or not 0 <= seat < len(state.players):
        return state.players
    players = list(state.players)
    players[seat] = change(players[seat])
    return tuple(players)


_MAPACHE = Card.MAPACHE_MISTICO  # a module constant: see phases.PHASE_TURN


def _change_turn(state: CaninosState, change: Callable[[Turn], Turn]) -> CaninosState:
    return state if state.turn is None else replaced(state, turn=change(state.turn))


def _with_hand(player: Player, hand: tuple[Card, ...]) -> Player:
    return replaced(player, hand=sorted_cards(hand))


def _with_slice(player: Player, piece: Slice) -> Player:
    return replaced(player, collection=player.collection + (piece,))


def _without_slice(player: Player, index: int) -> Player:
    return replaced(player, collection=player.collection[:index] + player.collection[index + 1 :])


def _replace_slice(player: Player, index: int, piece: Slice) -> Player:
    collection = player.collection[:index] + (piece,) + player.collection[index + 1 :]
    return replaced(player, collection=collection)


def _discarded(state: CaninosState, cards: tuple[Card, ...]) -> CaninosState:
    return state if not cards else replaced(state, discard=state.discard + cards)


def _from_before_player(state: CaninosState, card: Card) -> CaninosState:
    """A card the player used this turn leaves the cards before it (to lie somewhere else)."""
    return _change_turn(state, lambda t: replaced(t, played=without(t.played, card)))


def _lay_on_slice(
    state: CaninosState, ref: SliceRef, card: Card, change: Callable[[Slice], Slice]
) -> CaninosState:
    if ref.owner is None or not 0 <= ref.owner < state.seat_count:
        return state
    index = find(state.players[ref.owner].collection, ref)
    if index is None:
        return state
    state = _from_before_player(state, card)
    piece = change(state.players[ref.owner].collection[index])
    return _change_player(state, ref.owner, lambda p: _replace_slice(p, index, piece))
