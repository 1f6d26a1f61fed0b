"""Rulebook "Ingredients": every number the rulebook gives, and our design for what it does not
name (docs/rules/caninos.md, "Components we designed"), read from domain/caninos/components.json."""

import json
from collections import Counter
from importlib import resources

from caninos_support import GAME, table
from kennel.domain.caninos.cards import (
    Card,
    Effect,
    Kind,
    Pack,
    Pizza,
    Trick,
    box,
    box_cards,
    box_double_pizzas,
    box_normal_pizzas,
    ingredients_of,
    is_double,
    kind_of,
    pack_of,
    title,
    trick_of,
)


def test_ruling_the_normal_pizzas():
    """Ruling "The Normal pizzas": "24 (12×2) Normal Pizza cards: Stuffed Crust, Ham, Tomato,
    Black Olives, Pepperoni, and Cheese": the book's six kinds, four cards of each."""
    normals = box_normal_pizzas()
    assert len(normals) == 24 and set(Counter(normals).values()) == {4}
    assert {title(p) for p in set(normals)} == {
        "Stuffed Crust",
        "Ham",
        "Tomato",
        "Black Olives",
        "Pepperoni",
        "Cheese",
    }


def test_twelve_double_pizzas_the_six_printed_combinations_twice():
    """Rulebook: "12 Double Pizza cards: Tomato & Ham, Cheese & Jalapeños, Bell Pepper & Onion, Bacon &
    Spinach, Stuffed Crust & Pepperoni, and Bell Pepper & Cheese"."""
    doubles = box_double_pizzas()
    assert len(doubles) == 12 and set(Counter(doubles).values()) == {2}
    assert {title(p) for p in set(doubles)} == {
        "Tomato & Ham",
        "Cheese & Jalapeños",
        "Bell Pepper & Onion",
        "Bacon & Spinach",
        "Stuffed Crust & Pepperoni",
        "Bell Pepper & Cheese",
    }


def test_only_two_doubles_are_made_of_normal_kinds_alone():
    """Ruling "The Normal pizzas": the Doubles name ingredients no Normal card has (Jalapeños,
    Bell Pepper, Onion, Bacon, Spinach), so option D reaches Tomato & Ham and Stuffed Crust &
    Pepperoni only."""
    normals = set(box_normal_pizzas())
    reachable = set()
    for double in {p for p in Pizza if is_double(p)}:
        first, second = ingredients_of(double)
        assert not is_double(first) and not is_double(second) and first is not second
        if {first, second} <= normals:
            reachable.add(title(double))
    assert reachable == {"Tomato & Ham", "Stuffed Crust & Pepperoni"}


def test_nine_toppings_the_six_printed_and_three_of_ours():
    """Rulebook: "9 Modifier Toppings"; three green and three red are named, the other three are ours."""
    toppings = [card for card in Card if kind_of(card) is Kind.TOPPING]
    assert len(toppings) == 9 and all(box().copies[card] == 1 for card in toppings)
    effects = Counter(box().effects[card] for card in toppings)
    assert effects == {Effect.INCREASE: 5, Effect.REDUCTION: 4}
    named = {
        "Guindilla",
        "Alcaparras",
        "Extra Mozzarella",
        "Brócoli Triste",
        "Rodaja de Piña",
        "Limón Resentido",
    }
    assert named <= {title(card) for card in toppings}
    assert all(trick_of(card) is Trick.TOPPING for card in toppings)


def test_sixty_pack_cards_six_packs_of_five_pairs():
    """Rulebook: "Pack cards come in six packs of ten cards (five identical pairs of dogs per pack)"."""
    dogs = [card for card in box_cards() if kind_of(card) is Kind.PACK_DOG]
    assert len(dogs) == 60
    by_pack = Counter(pack_of(card) for card in dogs)
    assert by_pack == {pack: 10 for pack in Pack}
    assert all(Counter(dogs)[card] == 2 for card in set(dogs))
    assert {trick_of(card) for card in dogs} == {
        Trick.GAMBLERS,
        Trick.BROKERS,
        Trick.GLUTTONS,
        Trick.SMART_ALECKS,
        Trick.DIETERS,
        Trick.KILLJOYS,
    }


def test_the_printed_dog_names_are_in_the_box_mordisquito_with_chihuahua_furioso():
    """Rulebook: "The packs' cards include Chihuahua Furioso and Perremoto"; the Option D example plays
    Mordisquito and Chihuahua Furioso as "two different dogs from the same pack"."""
    assert pack_of(Card.MORDISQUITO) is pack_of(Card.CHIHUAHUA_FURIOSO)
    assert title(Card.PERREMOTO) == "Perremoto" and title(Card.CHIHUAHUA_FURIOSO) == "Chihuahua Furioso"


def test_ruling_the_six_mystic_raccoons():
    """Rulebook: "6 Chaos Hounds", "16 (8x2) Reaction cards, all titled ¡QUIETO!", "6 Mystic Raccoons ...
    plus 1 Tanuki"; the Adopted Dog has no trick (ruling "The Adopted Dog's empty trick cell")."""
    counts = Counter(box_cards())
    hounds = [card for card in Card if kind_of(card) is Kind.CHAOS_HOUND]
    assert len(hounds) == 6 and all(counts[card] == 1 for card in hounds)
    assert trick_of(Card.PERRO_ADOPTIVO) is None
    assert (counts[Card.QUIETO], counts[Card.MAPACHE_MISTICO], counts[Card.TANUKI]) == (16, 6, 1)
    assert len(box_cards()) == 60 + 6 + 16 + 6 + 1 + 9


def test_the_data_file_and_the_enums_name_the_same_cards():
    """components.json is the box; cards.py's enums are its vocabulary: they must agree."""
    data = json.loads(resources.files("kennel.domain.caninos").joinpath("components.json").read_text("utf-8"))
    dogs = {dog["id"] for pack in data["packs"]["kinds"] for dog in pack["dogs"]}
    others = {item["id"] for key in ("chaos_hounds", "reactions", "toppings") for item in data[key]}
    assert dogs | others == {card.value for card in Card}
    pizzas = {
        kind["id"]
        for key in ("normal_pizzas", "ingredients_only", "double_pizzas")
        for kind in data[key]["kinds"]
    }
    assert pizzas == {pizza.value for pizza in Pizza}
    assert len(data["reactions"][1]["titles"]) == 6  # the six Raccoons' titles, one power


def test_the_inventory_counts_the_whole_box():
    state = table((), ())
    counts = GAME.inventory(state)
    assert sum(n for key, n in counts.items() if key.startswith("card:")) == 98
    assert sum(n for key, n in counts.items() if key.startswith("pizza:")) == 36
