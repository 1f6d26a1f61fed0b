"""Commands, events and views survive the JSON codec, under stable type names (design.md "The log")."""

from hoarders_support import ACORN, GAME, RACCOON, SQUIRREL, WALNUT, given, opening
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import from_json, to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.hoarders.commands import RevealCritter
from kennel.domain.hoarders.views import HoardersView

STORED_COMMAND_NAMES = ("PickCritters", "RevealCritter", "AllowTheft", "CancelTheft")
STORED_EVENT_NAMES = (
    "NutsShuffled",
    "NutsDealt",
    "RoundStarted",
    "CrittersPicked",
    "CritterRevealed",
    "TurnPassed",
    "NutDrawn",
    "DrawMissed",
    "TheftAttempted",
    "TheftCancelled",
    "NutStolen",
    "BeaversRevealed",
    "RoundEnded",
)


def test_stored_type_names_never_change():
    """design.md: "Store domain events under stable type names of our own"."""
    assert GAME.commands.names == STORED_COMMAND_NAMES
    assert GAME.events.names == STORED_EVENT_NAMES


def test_every_command_of_a_game_round_trips():
    state = given(opening((WALNUT,), (ACORN,)))
    commands = [
        *GAME.legal_commands(state, 0),
        RevealCritter(RACCOON, victim=1, nut=ACORN),
        RevealCritter(SQUIRREL),
    ]
    for command in commands:
        assert GAME.commands.decode(GAME.commands.encode(command)) == command


def test_every_event_and_view_of_a_played_game_round_trips():
    seed = seed_from_text("codec")
    events = tables.create(GAME, None, ["a", "b", "c"], seed)
    table = tables.fold(GAME, events)
    bot = RandomBot("codec")
    while table.ended is None:
        seat = table.pending()[0].seat
        new = tables.play(table, seat, bot.choose(table, seat), seed)
        for event in new:
            table = tables.evolve(table, event)
        events.extend(new)
        for viewer in (None, 0, 1, 2):
            view = GAME.view(table.state, viewer)
            assert from_json(HoardersView, to_json(view)) == view
    for event in events:
        assert tables.decode_event(GAME, tables.encode_event(GAME, event)) == event
    assert tables.fold(GAME, events).state == table.state
