"""Reaction!: who may answer what, the order seats are asked in, and resolving a chain.

Every play opens a reaction window on itself; an answer opens a window on the answer, and so
on. In a window every other seat is asked in turn, starting with the seat to the left of the
one who made the latest link, until one answers (its answer becomes the latest link) or all
decline; then the chain resolves from the top: the latest link takes effect, and each link
below takes effect only if the link above it was stopped (docs/rules/caninos.md, "The reaction
chain").

What may answer what:

- ¡QUIETO!: "Stop a dog from any pack except Chaos Hounds": a play made with pack dogs. It
  "cannot be blocked".
- Mystic Raccoon: "can prevent any theft or trick, including those of Chaos Hounds and
  toppings", and stops another Raccoon or the Adopted Dog.
- Adopted Dog: "may be played only in reaction to a Mystic Raccoon"; it stops it and keeps it;
  "only another Mystic Raccoon can stop it".
- Tanuki: a wild card for a Raccoon or the Adopted Dog; "cannot be stopped".
"""

from __future__ import annotations

from kennel.domain.caninos.cards import Card, Kind, Trick, kind_of, title
from kennel.domain.caninos.events import ChainResolved, RaccoonAdopted
from kennel.domain.caninos.resolution import Resolution
from kennel.domain.caninos.state import Action, Answer, CaninosState, Play

RACCOON_ANSWERS = frozenset({Card.MAPACHE_MISTICO, Card.PERRO_ADOPTIVO, Card.TANUKI})
THEFT_OR_TRICK_ANSWERS = frozenset({Card.MAPACHE_MISTICO, Card.TANUKI})
PACK_DOG_ANSWERS = frozenset({Card.QUIETO, Card.MAPACHE_MISTICO, Card.TANUKI})
NOTHING: frozenset[Card] = frozenset()


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_KIND_TANUKI = Kind.TANUKI
_MYSTIC_RACCOON = Kind.MYSTIC_RACCOON
_PACK_DOG = Kind.PACK_DOG
_MAPACHE_MISTICO = Card.MAPACHE_MISTICO
_PERRO_ADOPTIVO = Card.PERRO_ADOPTIVO
_QUIETO = Card.QUIETO
_CARD_TANUKI = Card.TANUKI
_STEAL = Action.STEAL
_GLUTTONS = Trick.GLUTTONS
_BIRTHDAY_GIRL = Trick.BIRTHDAY_GIRL


def answers_to_play(play: Play) -> frozenset[Card]:
    """The cards that may answer a play, by the cards it was made with."""
    kinds = {kind_of(card) for card in play.cards}
    if _KIND_TANUKI in kinds:
        return NOTHING
    if _MYSTIC_RACCOON in kinds:
        return RACCOON_ANSWERS
    if kinds == {_PACK_DOG}:
        return PACK_DOG_ANSWERS
    return THEFT_OR_TRICK_ANSWERS  # a Chaos Hound or a topping


def answers_to_answer(card: Card) -> frozenset[Card]:
    if card is _MAPACHE_MISTICO:
        return RACCOON_ANSWERS
    if card is _PERRO_ADOPTIVO:
        return THEFT_OR_TRICK_ANSWERS
    return NOTHING  # ¡QUIETO! cannot be blocked; the Tanuki cannot be stopped


def latest_answers(state: CaninosState) -> frozenset[Card]:
    """What may answer the latest link of the chain."""
    if state.answers:
        return answers_to_answer(state.answers[-1].card)
    return NOTHING if state.play is None else answers_to_play(state.play)


def held_answers(state: CaninosState, seat: int) -> tuple[Card, ...]:
    """The kinds of card in the seat's hand that may answer the latest link, in card order."""
    allowed = latest_answers(state)
    hand = state.players[seat].hand
    # A list made at once, not a generator resumed per card: asked per seat asked to answer.
    return tuple([card for card in _ANSWER_CARDS if card in allowed and card in hand])


_ANSWER_CARDS = (_QUIETO, _MAPACHE_MISTICO, _PERRO_ADOPTIVO, _CARD_TANUKI)  # in card order


def plush_only_victims(play: Play) -> frozenset[int]:
    """Seats the play steals only plush toys from: "the owner of the plush toys cannot stop
    theft attempts", so they sit out this chain's windows."""
    steals = play.action is _STEAL or play.trick in (_GLUTTONS, _BIRTHDAY_GIRL)
    if not steals:
        return frozenset()
    victims = {ref.owner for ref in play.slices if ref.owner is not None}
    return frozenset(
        victim for victim in victims if all(ref.plush for ref in play.slices if ref.owner == victim)
    )


def window(state: CaninosState, play: Play, latest_seat: int, answerable: frozenset[Card]) -> tuple[int, ...]:
    """The seats a new window asks, in order: from the left of the latest link's seat, every
    other seat that holds at least one card (a seat with none visibly cannot answer), except the
    owner of plush toys the play only steals. Nobody, when nothing may answer the latest link
    (¡QUIETO!, the Tanuki): that is public. Whether a seat holds an answer is never asked."""
    if not answerable:
        return ()
    excluded = plush_only_victims(play)
    count = state.seat_count
    order = ((latest_seat + step) % count for step in range(1, count))
    return tuple(seat for seat in order if seat not in excluded and state.players[seat].hand)


def effective_links(length: int) -> tuple[bool, ...]:
    """Which links of a chain of `length` take effect: the top one does, and each one below
    does only if the one above it was stopped."""
    effective = [True] * length
    for index in range(length - 2, -1, -1):
        effective[index] = not effective[index + 1]
    return tuple(effective)


def adopts(answer: Answer, below_cards: tuple[Card, ...]) -> bool:
    """An effective Adopted Dog keeps the Raccoon it stopped; so does the Tanuki answering a
    Raccoon, since it then acts as the Adopted Dog (docs/rules/caninos.md, "The Tanuki")."""
    if _MAPACHE_MISTICO not in below_cards:
        return False
    return answer.card in (_PERRO_ADOPTIVO, _CARD_TANUKI)


def resolve_chain(resolution: Resolution) -> bool:
    """Resolve the chain from the top; returns whether the play at the bottom takes effect.

    The play's effect itself is the caller's (effects.apply_play)."""
    state = resolution.state
    assert state.play is not None
    links_cards = [state.play.cards, *((answer.card,) for answer in state.answers)]
    effective = effective_links(len(links_cards))
    for index in range(len(links_cards) - 1, 0, -1):
        answer = state.answers[index - 1]
        if effective[index] and adopts(answer, links_cards[index - 1]):
            resolution.record(RaccoonAdopted(seat=answer.seat, link=index - 1))
    resolution.record(ChainResolved(succeeded=effective[0]))
    return effective[0]


def describe_latest(state: CaninosState) -> str:
    """The latest link in a player's words, for a REACTION prompt (public facts only)."""
    if state.answers:
        answer = state.answers[-1]
        return f"seat {answer.seat}'s {title(answer.card)}"
    play = state.play
    if play is None:
        return "nothing"
    if play.action is _STEAL:
        return f"seat {play.seat}'s steal"
    assert play.trick is not None
    return f"seat {play.seat}'s {play.trick.title} trick"
