"""The third pass of domain fast paths give what the plain paths give, at every position of seeded
bot games of every game:

- `dispatch.by_type` (the narrations' dispatch) picks the implementation `functools.singledispatch`
  picks, for every event met and for classes of a small hierarchy, registrations after a first
  call included;
- Canine Kleptomaniacs' `redact` (one look-up of the event's exact type in its blanking table) is
  a chain of `isinstance` checks over that table, for every event and viewer; an event of a type
  not in it passes whole; and no event class subclasses another (the table holds exact types);
- Canine Kleptomaniacs' trade items, made once per seat part, are the items made afresh;
- ¡Caninos!'s `collection_slices` (deduped by the refs' fields in a set) is the list-based one;
- `per_recent_state`'s look at the entry last asked for never returns another object's value;
- `short_lived` classes (¡Caninos!'s slices, refs, plays, drafts) make the objects their dataclass `__init__` made (equal, same hash, same
  pickle round trip, same fields in the same order).

Each comparison is also shown to notice a broken fast path: with the fast path broken on purpose,
the same playouts give a difference.
"""

from __future__ import annotations

import dataclasses
import functools
import pickle
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from kennel.domain.a_dogs_life import narration as a_dogs_life_narration
from kennel.domain.a_dogs_life import outcome as a_dogs_life_outcome
from kennel.domain.canine_kleptomaniacs import scoring as ck_scoring
from kennel.domain.canine_kleptomaniacs import trading
from kennel.domain.canine_kleptomaniacs import views as ck_views
from kennel.domain.canine_kleptomaniacs.state import Offer
from kennel.domain.caninos import narration as caninos_narration
from kennel.domain.caninos import outcome as caninos_outcome
from kennel.domain.caninos import slices
from kennel.domain.caninos.cards import Card, Pizza
from kennel.domain.caninos.state import Draft, Play, Slice, SliceRef
from kennel.domain.core import frozen
from kennel.domain.core import table as tables
from kennel.domain.core.dispatch import by_type
from kennel.domain.hoarders import narration as hoarders_narration
from kennel.domain.hoarders import outcome as hoarders_outcome
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game_events, bot_game_tables

NARRATIONS = {
    "hoarders": hoarders_narration,
    "caninos": caninos_narration,
    "a-dogs-life": a_dogs_life_narration,
}


def _events(name: str) -> tuple[Any, ...]:
    return bot_game_events(name, f"fast-paths-3-{name}")


def _tables(name: str) -> Iterator[tables.Table[Any]]:
    return bot_game_tables(name, f"fast-paths-3-{name}")


# ---- by_type ----


def _plain_twin(fast: Any) -> Any:
    """A `functools.singledispatch` with the same registrations as a `by_type` function."""
    plain = functools.singledispatch(fast.registry[object])
    for cls, implementation in fast.registry.items():
        if cls is not object:
            plain.register(cls, implementation)
    return plain


@pytest.mark.parametrize("name", sorted(NARRATIONS))
def test_narration_dispatches_as_singledispatch(name: str) -> None:
    fast = NARRATIONS[name]._describe
    plain = _plain_twin(fast)
    met = 0
    for event in _events(name):
        if tables.is_engine_event(event):
            continue
        assert fast.dispatch(type(event)) is plain.dispatch(type(event)), type(event).__name__
        for viewer in (None, 0, 1, 2):
            redacted = GAMES[name].redact(event, viewer)
            assert fast(redacted, ["A", "B", "C"]) == plain(redacted, ["A", "B", "C"])
        met += 1
    assert met > 50


class _Base:
    pass


class _Middle(_Base):
    pass


class _Leaf(_Middle):
    pass


def test_by_type_chooses_as_singledispatch_and_follows_registrations() -> None:
    def default(value: object) -> str:
        return "default"

    fast = by_type(default)
    plain = functools.singledispatch(default)
    for function in (fast, plain):
        function.register(_Base, lambda value: "base")
        function.register(int, lambda value: "int")
    cases: list[object] = [_Base(), _Middle(), _Leaf(), 3, True, "text", None]
    assert [fast(value) for value in cases] == [plain(value) for value in cases]
    for function in (fast, plain):  # after the first calls: the kept choices must give way
        function.register(_Middle, lambda value: "middle")
    assert [fast(value) for value in cases] == [plain(value) for value in cases]
    assert fast(_Leaf()) == "middle"
    with pytest.raises(TypeError):
        fast()  # type: ignore[call-arg]  # as singledispatch, a first argument is required


def test_the_narration_comparison_notices_a_wrong_choice() -> None:
    fast = hoarders_narration._describe
    plain = _plain_twin(fast)
    # A broken by_type: every class gets the default implementation.
    broken = [type(e) for e in _events("hoarders") if not tables.is_engine_event(e)]
    assert any(plain.dispatch(cls) is not plain.registry[object] for cls in broken)


# ---- Canine Kleptomaniacs' redact ----


def _plain_redact(event: Any, viewer: int | None, blanking: dict[type, Any]) -> Any:
    """`redact` as a chain of `isinstance` checks over the blanking table: the first class the
    event is an instance of blanks it; an event of no listed class passes whole."""
    for cls, blank in blanking.items():
        if isinstance(event, cls):
            return blank(event, viewer)
    return event


def test_canine_kleptomaniacs_redacts_as_the_isinstance_chain() -> None:
    changed = 0
    blanked: set[type] = set()
    for event in _events("canine-kleptomaniacs"):
        if tables.is_engine_event(event):
            continue
        for viewer in (None, 0, 1, 2, 3):
            fast, plain = ck_views.redact(event, viewer), _plain_redact(event, viewer, ck_views._BLANKING)
            assert fast == plain and type(fast) is type(plain), (type(event).__name__, viewer)
            if type(event) not in ck_views._BLANKING:
                assert fast is event  # not listed: passes whole
            elif fast is not event:
                blanked.add(type(event))
            changed += fast is not event
    assert changed > 20  # the playouts do blank things
    assert len(blanked) > 5


def test_the_redact_comparison_notices_a_missing_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    events = [e for e in _events("canine-kleptomaniacs") if not tables.is_engine_event(e)]
    whole = dict(ck_views._BLANKING)
    # Broken: the hands dealt are dropped from the table (and so would reach everyone whole).
    monkeypatch.delitem(ck_views._BLANKING, ck_views.ev.HandDealt)
    assert any(ck_views.redact(e, 1) != _plain_redact(e, 1, whole) for e in events)


def test_no_canine_kleptomaniacs_event_class_subclasses_another() -> None:
    """`redact` looks up an event's exact type, which is what `isinstance` finds only while no
    event class subclasses another."""
    types = GAMES["canine-kleptomaniacs"].events.types
    assert not [(a, b) for a in types for b in types if a is not b and issubclass(a, b)]
    assert set(ck_views._BLANKING) <= set(types)


def test_an_event_type_is_blanked_once() -> None:
    with pytest.raises(TypeError, match="blanked twice"):
        ck_views._blanks(ck_views.ev.HandDealt)(lambda event, viewer: event)
    assert ck_views._BLANKING[ck_views.ev.HandDealt] is ck_views._own_cards


# ---- Canine Kleptomaniacs' trade items ----


def _offers() -> Iterator[Any]:
    for table in _tables("canine-kleptomaniacs"):
        state = table.state
        if isinstance(state.effect, Offer) or isinstance(state.suspended, Offer):
            yield state


def test_trade_items_kept_per_seat_are_the_items_made_afresh() -> None:
    plain_items = trading._seat_items.__wrapped__
    checked = 0
    for state in _offers():
        for owner in range(state.seat_count):
            for asking in (False, True):
                holds_paw = asking and state.paw_holder == owner
                assert trading.items_of(state, owner, asking) == plain_items(state.seats[owner], asking, holds_paw)
                checked += 1
    assert checked > 20


def test_the_trade_items_comparison_notices_a_stale_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    # Broken: items kept by owner number, not by the seat part (a seat's things change).
    plain_items = trading._seat_items.__wrapped__
    kept: dict[tuple[int, bool], Any] = {}
    differ = False
    for state in _offers():
        for owner in range(state.seat_count):
            stale = kept.setdefault((owner, False), plain_items(state.seats[owner], False, False))
            differ = differ or stale != plain_items(state.seats[owner], False, False)
    assert differ


# ---- ¡Caninos!'s collection_slices ----


def _plain_collection_slices(owner: int, collection: Any, keep: Callable[[Slice], bool]) -> list[tuple[SliceRef, Slice]]:
    named: list[tuple[SliceRef, Slice]] = []
    refs: list[SliceRef] = []
    for piece in collection:
        if piece.cerberus is None and keep(piece):
            ref = slices.ref_of(owner, piece)
            if ref not in refs:
                refs.append(ref)
                named.append((ref, piece))
    return named


KEEPS: list[Callable[[Slice], bool]] = [lambda piece: True, slices.can_take_topping, lambda piece: piece.topping is not None]


def _collections() -> Iterator[tuple[int, tuple[Slice, ...]]]:
    """Every collection of the playouts, and made ones where one pizza lies with and without a
    topping, as a plush toy and under Cerberus (random play seldom makes those)."""
    for table in _tables("caninos"):
        for owner, player in enumerate(table.state.players):
            yield owner, player.collection
    pizzas, cards = list(Pizza)[:2], list(Card)[:2]
    pieces = [
        Slice(pizza, topping=topping, plush=plush, cerberus=cerberus)
        for pizza in pizzas
        for topping in (None, *cards)
        for plush in (False, True)
        for cerberus in (None, cards[0])
    ]
    for start in range(len(pieces)):
        yield 1, tuple(pieces[start:] + pieces[:start] + pieces[::3])


def test_caninos_collection_slices_are_the_list_based_ones() -> None:
    checked = 0
    for owner, collection in _collections():
        for keep in KEEPS:
            fast, plain = slices.collection_slices(owner, collection, keep), _plain_collection_slices(owner, collection, keep)
            assert fast == plain
            assert all(piece is other for (_, piece), (_, other) in zip(fast, plain, strict=True))
            checked += len(collection) > 1
    assert checked > 100


def test_the_collection_comparison_notices_a_wrong_key() -> None:
    # Broken: slices deduped by pizza and topping alone (a plush toy would be lost).
    def broken(owner: int, collection: Any) -> list[SliceRef]:
        seen: set[Any] = set()
        return [
            slices.ref_of(owner, p)
            for p in collection
            if p.cerberus is None and not ((p.pizza, p.topping) in seen or seen.add((p.pizza, p.topping)))
        ]

    assert any(
        broken(owner, collection) != [ref for ref, _ in _plain_collection_slices(owner, collection, KEEPS[0])]
        for owner, collection in _collections()
    )


# ---- per_recent_state's last entry ----


def test_the_last_entry_is_never_another_objects() -> None:
    @dataclasses.dataclass(frozen=True)
    class Box:
        value: int

    made: list[int] = []

    @frozen.per_recent_state
    def value_of(box: Box) -> int:
        made.append(box.value)
        return box.value

    reused, last_id = 0, None
    for value in range(200):
        box = Box(value)
        reused += id(box) == last_id
        assert value_of(box) == value and value_of(box) == value
        last_id = id(box)
        del box  # freed here (no cycle): its id may well be the next box's
    assert made == list(range(200))
    assert reused  # the case this test is for did happen


OUTCOMES = {
    "hoarders": hoarders_outcome.outcome,
    "caninos": caninos_outcome.outcome,
    "canine-kleptomaniacs": ck_scoring.outcome,
    "a-dogs-life": a_dogs_life_outcome.outcome,
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_outcomes_and_prompts_asked_again_are_the_first_answers(name: str) -> None:
    """Asked in turns of two states (the last entry misses every time) and twice in a row (it
    hits), each answer is what the function computes afresh."""
    outcome = OUTCOMES[name]
    previous = None
    for table in _tables(name):
        for state in (table.state, previous, table.state, table.state):
            if state is not None:
                assert outcome(state) == outcome.__wrapped__(state)
        assert table.pending() == tables.Table.pending.__wrapped__(table)
        assert table.pending() is table.pending()
        previous = table.state


# ---- short_lived ----

SHORT_LIVED = (Slice, SliceRef, Play, Draft)


def _objects_of(classes: tuple[type, ...]) -> Iterator[Any]:
    """Every object of these classes reachable from the states and events of the playouts."""
    seen: set[int] = set()

    def walk(value: Any) -> Iterator[Any]:
        if id(value) in seen:
            return
        seen.add(id(value))
        if isinstance(value, classes):
            yield value
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                yield from walk(getattr(value, field.name))
        elif isinstance(value, tuple | list):
            for item in value:
                yield from walk(item)

    for name in ("caninos",):
        for table in _tables(name):
            yield from walk(table.state)
            yield from walk(table.pending())


def _generated_twin(cls: type) -> type:
    """The same dataclass, with the `__init__` `dataclasses` generates."""
    fields = [(f.name, f.type, f) for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, [(n, t, dataclasses.field(default=f.default)) if f.default is not dataclasses.MISSING else (n, t) for n, t, f in fields], frozen=True)


def test_short_lived_objects_are_the_objects_the_dataclass_made() -> None:
    assert all("__setattr__" not in cls.__init__.__code__.co_names for cls in SHORT_LIVED)  # the fast one
    counts: dict[type, int] = dict.fromkeys(SHORT_LIVED, 0)
    for value in _objects_of(SHORT_LIVED):
        cls = type(value)
        values = {f.name: getattr(value, f.name) for f in dataclasses.fields(cls)}
        made = cls(**values)
        twin = _generated_twin(cls)(**values)
        assert made == value and hash(made) == hash(value)
        assert list(vars(made).items()) == list(vars(twin).items())  # the same fields, in order
        assert pickle.loads(pickle.dumps(made)) == made
        counts[cls] += 1
    assert all(count > 0 for count in counts.values()), counts


def test_short_lived_keeps_defaults_and_refusals() -> None:
    ref = SliceRef(1, next(iter(Pizza)))
    assert ref.topping is None and ref.plush is False
    with pytest.raises(TypeError):
        SliceRef(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        SliceRef(1, ref.pizza, nonsense=3)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        ref.owner = 2  # type: ignore[misc]
