"""The components in the ¡Caninos! box ("Ingredients" in the rulebook), as the rules speak of them.

The enums are the closed vocabulary of commands, events and views: their values are stored in
logs and mirrored in proto/kennel/v1/caninos.proto, so they never change. What each card *is*
(the pack a dog runs with, the ingredients of a Double, whether a topping increases or reduces,
how many copies the box holds) comes from `components.json` next to this module: the box as
data, including the names we designed where the rulebook counts more cards than it names
(docs/rules/caninos.md, "Components we designed"). It is read once, lazily, on first use.

Cards that play alike are one kind: the sixteen ¡QUIETO! and the six Mystic Raccoons are
copies of one card each (docs/rules/caninos.md, "The six Mystic Raccoons").
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kennel.domain.core.rules import IdentityEnum

HAND_SIZE = 6  # "deal six cards to each player"; "You may never have more than six cards"
WINNING_POINTS = 50  # "be the first to get at least 50 points"
NORMAL_POINTS = 6
DOUBLE_POINTS = 10
MAX_DISCARDS = 3  # "discard up to three cards from your hand"
EXTRA_TRICKS = 2  # Smart Alecks: "Perform two additional tricks"
GAMBLED_CARDS = 2  # Gamblers: "Remove two cards from one of your opponents"
BIRTHDAY_SLICES = 2  # Birthday Girl: "Steal up to two slices"
MINI_DECKS = 2  # "Split the remaining pizza deck into two mini-decks"


class Pizza(IdentityEnum):
    """Pizzas: the six Normal kinds of the rulebook, then the six ingredients that only the
    Doubles name (no card has them: their ids keep the proto's numbers), then the six Doubles."""

    STUFFED_CRUST = "stuffed_crust"
    HAM = "ham"
    TOMATO = "tomato"
    BLACK_OLIVES = "black_olives"
    PEPPERONI = "pepperoni"
    CHEESE = "cheese"
    JALAPENOS = "jalapenos"
    BELL_PEPPER = "bell_pepper"
    ONION = "onion"
    BACON = "bacon"
    SPINACH = "spinach"
    MUSHROOMS = "mushrooms"
    TOMATO_AND_HAM = "tomato_and_ham"
    CHEESE_AND_JALAPENOS = "cheese_and_jalapenos"
    BELL_PEPPER_AND_ONION = "bell_pepper_and_onion"
    BACON_AND_SPINACH = "bacon_and_spinach"
    STUFFED_CRUST_AND_PEPPERONI = "stuffed_crust_and_pepperoni"
    BELL_PEPPER_AND_CHEESE = "bell_pepper_and_cheese"


class Card(IdentityEnum):
    """Main-deck cards, one member per kind: the 30 pack dogs (by pack, in the rulebook's pack
    order), the 6 Chaos Hounds, ¡QUIETO!, the Mystic Raccoon, the Tanuki and the 9 toppings.
    A hand is listed in this order."""

    # Tahúres (Gamblers)
    GALGO_TRILERO = "galgo_trilero"
    CANICHE_CRUPIER = "caniche_crupier"
    DOBERMAN_FAROLERO = "doberman_farolero"
    PUG_DE_PICAS = "pug_de_picas"
    SETTER_SUERTUDO = "setter_suertudo"
    # Brókers (Brokers)
    HUSKY_BURSATIL = "husky_bursatil"
    SAMOYEDO_ESPECULADOR = "samoyedo_especulador"
    AKITA_ACCIONISTA = "akita_accionista"
    TERRIER_TIBURON = "terrier_tiburon"
    BASSET_DIVIDENDO = "basset_dividendo"
    # Tragones (Gluttons)
    CHIHUAHUA_FURIOSO = "chihuahua_furioso"
    MORDISQUITO = "mordisquito"
    SALCHICHA_VORAZ = "salchicha_voraz"
    BULDOG_BOCAZAS = "buldog_bocazas"
    BEAGLE_ZAMPABOLLOS = "beagle_zampabollos"
    # Listillos (Smart Alecks)
    BORDER_SABELOTODO = "border_sabelotodo"
    SCHNAUZER_EMPOLLON = "schnauzer_empollon"
    PASTOR_PILLO = "pastor_pillo"
    CORGI_ENREDADOR = "corgi_enredador"
    LULU_RESABIDO = "lulu_resabido"
    # Dietistas (Dieters)
    WHIPPET_EN_AYUNAS = "whippet_en_ayunas"
    PINSCHER_DE_LECHUGA = "pinscher_de_lechuga"
    DALMATA_DETOX = "dalmata_detox"
    BOYERO_SIN_GLUTEN = "boyero_sin_gluten"
    YORKSHIRE_LIGHT = "yorkshire_light"
    # Aguafiestas (Killjoys)
    PERREMOTO = "perremoto"
    SAN_BERNARDO_GRUNON = "san_bernardo_grunon"
    MASTIN_BOSTEZO = "mastin_bostezo"
    SHAR_PEI_QUEJICA = "shar_pei_quejica"
    PEQUINES_PORTAZO = "pequines_portazo"
    # Sabuesos del Caos (Chaos Hounds)
    CERBERO = "cerbero"
    CUMPLEANERA = "cumpleanera"
    LIDER_DE_LA_MANADA = "lider_de_la_manada"
    DESTRUCTORA = "destructora"
    HADA_PERRINA = "hada_perrina"
    PERRO_ADOPTIVO = "perro_adoptivo"
    # Reactions and the wild card
    QUIETO = "quieto"
    MAPACHE_MISTICO = "mapache_mistico"
    TANUKI = "tanuki"
    # Modifier Toppings, increases (green) then reductions (red)
    GUINDILLA = "guindilla"
    ALCAPARRAS = "alcaparras"
    EXTRA_MOZZARELLA = "extra_mozzarella"
    ALBAHACA_FRESCA = "albahaca_fresca"
    AJO_VALIENTE = "ajo_valiente"
    BROCOLI_TRISTE = "brocoli_triste"
    RODAJA_DE_PINA = "rodaja_de_pina"
    LIMON_RESENTIDO = "limon_resentido"
    ANCHOA_GRUNONA = "anchoa_grunona"


class Pack(IdentityEnum):
    TAHURES = "tahures"
    BROKERS = "brokers"
    TRAGONES = "tragones"
    LISTILLOS = "listillos"
    DIETISTAS = "dietistas"
    AGUAFIESTAS = "aguafiestas"


class Trick(IdentityEnum):
    """Every trick by its rulebook name: the six pack tricks, the five Chaos tricks, a topping."""

    GAMBLERS = "gamblers"
    BROKERS = "brokers"
    GLUTTONS = "gluttons"
    SMART_ALECKS = "smart_alecks"
    DIETERS = "dieters"
    KILLJOYS = "killjoys"
    BIRTHDAY_GIRL = "birthday_girl"
    DESTROYER = "destroyer"
    CERBERUS = "cerberus"
    PACK_LEADER = "pack_leader"
    DOG_FAIRY = "dog_fairy"
    TOPPING = "topping"

    @functools.cached_property  # a constant, asked for labels and sentences: kept on the member
    def title(self) -> str:
        return self.value.replace("_", " ")


class Kind(IdentityEnum):
    """What a card is, for the rules (not on the wire: it follows from the card)."""

    PACK_DOG = "pack_dog"
    CHAOS_HOUND = "chaos_hound"
    QUIETO = "quieto"
    MYSTIC_RACCOON = "mystic_raccoon"
    TANUKI = "tanuki"
    TOPPING = "topping"


class Effect(IdentityEnum):
    INCREASE = "increase"  # green: +50%
    REDUCTION = "reduction"  # red: -50%


@dataclass(frozen=True)
class Box:
    """The box as the rules need it, built from components.json."""

    kinds: dict[Card, Kind]
    packs: dict[Card, Pack]
    tricks: dict[Card, Trick | None]  # a dog's pack trick, a hound's chaos trick, TOPPING
    effects: dict[Card, Effect]
    copies: dict[Card, int]
    pizza_copies: dict[Pizza, int]
    ingredients: dict[Pizza, tuple[Pizza, Pizza]]  # every Double: its two Normal ingredients
    titles: dict[str, str]  # card and pizza ids -> printed names, for messages


@functools.cache
def box() -> Box:
    """The box, read from components.json on first use (never at import)."""
    text = resources.files("kennel.domain.caninos").joinpath("components.json").read_text(encoding="utf-8")
    return _box_from(json.loads(text))


def _box_from(data: dict[str, Any]) -> Box:
    kinds: dict[Card, Kind] = {}
    packs: dict[Card, Pack] = {}
    tricks: dict[Card, Trick | None] = {}
    effects: dict[Card, Effect] = {}
    copies: dict[Card, int] = {}
    titles: dict[str, str] = {}
    for pack in data["packs"]["kinds"]:
        for dog in pack["dogs"]:
            card = Card(dog["id"])
            kinds[card], packs[card], tricks[card] = Kind.PACK_DOG, Pack(pack["id"]), Trick(pack["trick"])
            copies[card] = data["packs"]["copies_per_dog"]
            titles[card.value] = dog["name"]
    for hound in data["chaos_hounds"]:
        card = Card(hound["id"])
        kinds[card], copies[card], titles[card.value] = Kind.CHAOS_HOUND, 1, hound["name"]
        tricks[card] = Trick(hound["trick"]) if hound["trick"] else None
    for reaction in data["reactions"]:
        card = Card(reaction["id"])
        kinds[card] = Kind(reaction["kind"])
        copies[card], titles[card.value] = reaction["copies"], reaction["name"]
    for topping in data["toppings"]:
        card = Card(topping["id"])
        kinds[card], effects[card], copies[card] = Kind.TOPPING, Effect(topping["effect"]), 1
        tricks[card], titles[card.value] = Trick.TOPPING, topping["name"]
    pizza_copies: dict[Pizza, int] = {}
    ingredients: dict[Pizza, tuple[Pizza, Pizza]] = {}
    for section in ("normal_pizzas", "ingredients_only", "double_pizzas"):
        for kind in data[section]["kinds"]:
            pizza = Pizza(kind["id"])
            pizza_copies[pizza], titles[pizza.value] = data[section]["copies"], kind["name"]
            if "ingredients" in kind:
                first, second = kind["ingredients"]
                ingredients[pizza] = (Pizza(first), Pizza(second))
    if set(kinds) != set(Card) or set(pizza_copies) != set(Pizza):
        raise ValueError("components.json and domain/caninos/cards.py disagree on the cards in the box")
    return Box(kinds, packs, tricks, effects, copies, pizza_copies, ingredients, titles)


_CARD_RANK = {card: rank for rank, card in enumerate(Card)}
_PIZZA_RANK = {pizza: rank for rank, pizza in enumerate(Pizza)}


def kind_of(card: Card) -> Kind:
    return box().kinds[card]


def pack_of(card: Card) -> Pack | None:
    return box().packs.get(card)


def trick_of(card: Card) -> Trick | None:
    """The trick the card performs on its owner's turn (None: the card performs none)."""
    return box().tricks.get(card)


def is_dog(card: Card) -> bool:
    """Pack dogs and Chaos Hounds: what Dieters and Killjoys forbid (the Tanuki counts when it
    acts as a dog; see `stealing` and `tricks`)."""
    return box().kinds[card] in (Kind.PACK_DOG, Kind.CHAOS_HOUND)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_INCREASE = Effect.INCREASE


def increases(topping: Card) -> bool:
    return box().effects[topping] is _INCREASE


def is_double(pizza: Pizza) -> bool:
    return pizza in box().ingredients


def ingredients_of(double: Pizza) -> tuple[Pizza, Pizza]:
    return box().ingredients[double]


def title(item: Card | Pizza) -> str:
    """The printed name ("Chihuahua Furioso", "Tomato & Ham")."""
    return _titles()[item]


@functools.cache
def _titles() -> dict[Card | Pizza, str]:
    """The printed names by member: a member's `value` is a Python property, read per title before."""
    titles = box().titles
    return {item: titles[item.value] for item in (*Card, *Pizza)}


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in its one canonical order: the order of `Card`."""
    return tuple(sorted(cards, key=_CARD_RANK.__getitem__))


def sorted_pizzas(pizzas: Iterable[Pizza]) -> tuple[Pizza, ...]:
    return tuple(sorted(pizzas, key=_PIZZA_RANK.__getitem__))


def distinct(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Each kind once, in canonical order: equivalent cards are offered once."""
    return sorted_cards(set(cards))


def box_cards() -> tuple[Card, ...]:
    """The main deck as it comes out of the box, before the shuffle (98 cards)."""
    copies = box().copies
    return tuple(card for card in Card for _ in range(copies[card]))


def box_normal_pizzas() -> tuple[Pizza, ...]:
    copies = box().pizza_copies
    return tuple(pizza for pizza in Pizza if not is_double(pizza) for _ in range(copies[pizza]))


def box_double_pizzas() -> tuple[Pizza, ...]:
    copies = box().pizza_copies
    return tuple(pizza for pizza in Pizza if is_double(pizza) for _ in range(copies[pizza]))
