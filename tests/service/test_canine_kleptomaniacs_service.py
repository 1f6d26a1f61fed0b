"""Canine Kleptomaniacs through the SDK on a real loopback server: a whole game to its end,
with a trade across two seats (a card offered face down, which the spectator cannot see) and a
Cheesy Distraction played out of turn.

The server's seed is its own secret, so the seats follow a plain policy that makes both happen
(a trade early on; the Cheesy Distraction's holder hands the Paw over in a trade if it holds it,
then steals it back on the other seat's turn). The longer game gives the Paw and the Cheesy
Distraction cards time to meet (200 games of 200 simulated locally all got there); a game that
still does not is played again, three times at most.
"""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from kennel import wire
from kennel.client import Kennel, KennelError, Session
from kennel.domain.canine_kleptomaniacs import GAME
from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable
from kennel.domain.canine_kleptomaniacs.views import CanineView
from kennel.domain.core.codec import from_json
from kennel.replay.verify import verify
from kennel.service.viewbytes import command_message
from kennel.v1 import canine_kleptomaniacs_pb2 as cpb
from kennel.v1 import kennel_pb2 as pb

WIRE = "canine_kleptomaniacs"
PAW_ITEM = cmd.TradeItem(cmd.Source.HAND, kind=Collectable.ULTIMATE_PAW)
FIRST_PLACE = cmd.TradeItem(cmd.Source.HIDING_PLACE, place=0)


def legal(session: Session) -> list[Any]:
    """The game's own legal commands (the engine's, such as proposing an undo, are left out)."""
    return [
        GAME.commands.decode(wire.read_union(getattr(c, WIRE)))
        for c in session.view().legal_commands
        if c.WhichOneof("game") == WIRE
    ]


def game_view(session: Session) -> CanineView:
    return canine_view(session.view())


def canine_view(view: pb.View) -> CanineView:
    result: CanineView = from_json(CanineView, wire.read(getattr(view.game, WIRE)))
    return result


def send(session: Session, command: Any) -> pb.SubmitCommandResponse:
    return session.act(command_message(GAME.name, GAME.commands.encode(command)))


class Table:
    """Two seats and a spectator, and what the test saw happen."""

    def __init__(self, kennel: Kennel) -> None:
        options = pb.GameOptions(canine_kleptomaniacs=cpb.Options(longer_game=True))
        created = kennel.create_game(GAME.name, ["Ann", "Bob"], options)
        self.seats = [kennel.session(created.game_id, created.credentials[seat]) for seat in (0, 1)]
        self.spectator = kennel.session(created.game_id, created.spectator_credential)
        self.traded = False
        self.trade_checked = False
        self.cheesy_out_of_turn = False
        self.face_down = False

    def play(self) -> pb.View:
        for _ in range(2_000):
            view = self.spectator.view()
            if view.status == pb.GAME_STATUS_FINISHED:
                return view
            if not self.steal_the_paw_out_of_turn(view):
                seat = view.pending[0].seat
                self.act(seat, legal(self.seats[seat]))
        raise AssertionError("the game did not end")

    def steal_the_paw_out_of_turn(self, view: pb.View) -> bool:
        owing = {prompt.seat for prompt in view.pending}
        turn = canine_view(view).turn
        for seat, session in enumerate(self.seats):
            # Out of turn: neither owing a decision nor the seat in turn (which may play it too,
            # "at any time", while the other seat answers in a battle, say).
            if seat not in owing and seat != turn and cmd.PlayCheesyDistraction() in legal(session):
                before = game_view(self.spectator)
                response = send(session, cmd.PlayCheesyDistraction())
                kinds = [event.canine_kleptomaniacs.WhichOneof("kind") for event in response.events]
                assert kinds[:3] == ["cheesy_distraction_played", "action_card_discarded", "theft_attempted"]
                after = game_view(self.spectator)
                assert before.turn != seat  # on the other seat's turn (which ends if that seat
                # held the Paw only to hide and swap after its action)
                assert after.paw_holder in (seat, before.paw_holder)
                self.cheesy_out_of_turn = True
                return True
        return False

    def act(self, seat: int, commands: list[Any]) -> None:
        session, partner = self.seats[seat], 1 - seat
        table = game_view(session)
        hand_the_paw_over = ActionCard.CHEESY_DISTRACTION in table.seats[seat].kept and table.paw_holder == seat
        gives = [c.item for c in commands if isinstance(c, cmd.GiveInTrade) and c.item.source is cmd.Source.HAND]
        offer = table.effect
        if cmd.ProposeTrade() in commands and (not self.traded or hand_the_paw_over) and table.seats[partner].places:
            choice: Any = cmd.ProposeTrade()
        elif offer is not None and offer.seat == seat and cmd.CallOffTrade() in commands:
            # Composing: one hand card (the Paw, or any card face down) for the first Hiding Place.
            face_down = next((item for item in gives if item.face_down), None)
            give = PAW_ITEM if hand_the_paw_over else face_down
            if not offer.give_items and give is not None and cmd.GiveInTrade(give) in commands:
                choice = cmd.GiveInTrade(give)
            elif offer.give_items and not offer.take_items and cmd.AskInTrade(FIRST_PLACE) in commands:
                choice = cmd.AskInTrade(FIRST_PLACE)
            elif cmd.SendOffer() in commands:
                choice = cmd.SendOffer()
            else:
                choice = cmd.CallOffTrade()
        elif cmd.AcceptTrade() in commands:
            self.accept(seat)
            return
        elif cmd.AllowTheft() in commands:
            choice = cmd.AllowTheft()
        elif cmd.TakeActionCard() in commands:
            choice = cmd.TakeActionCard()
        elif cmd.EndTurn() in commands:
            choice = cmd.EndTurn()
        else:
            choice = commands[0]
        send(session, choice)

    def accept(self, seat: int) -> None:
        """The partner accepts: the proposer's card comes to its hand, its first Hiding Place
        goes to the proposer, and both see it happen; a card given face down stays unseen by
        the spectator, and the partner learns it from the event."""
        proposer = 1 - seat
        before = game_view(self.spectator)
        offer = before.effect
        assert offer is not None and len(offer.give_items) == 1 and offer.seat == proposer
        (given,) = offer.give_items
        assert given.kind is None if given.face_down else given.kind is not None
        response = send(self.seats[seat], cmd.AcceptTrade())
        completed = response.events[0].canine_kleptomaniacs
        assert completed.WhichOneof("kind") == "trade_completed"
        kind = completed.trade_completed.gives[0].kind
        assert kind  # the partner sees what it took
        after = game_view(self.spectator)
        assert len(after.seats[proposer].places) == len(before.seats[proposer].places) + 1
        assert len(after.seats[seat].places) == len(before.seats[seat].places) - 1
        assert after.seats[seat].hand_size == before.seats[seat].hand_size + 1
        self.traded = True
        self.face_down |= given.face_down


def test_a_whole_game_with_a_trade_and_an_out_of_turn_cheesy_distraction(kennel: Kennel) -> None:
    for _ in range(3):
        table = Table(kennel)
        view = table.play()
        if table.traded and table.cheesy_out_of_turn:
            break
    assert table.traded, "no trade was made"
    assert table.face_down, "no card was traded face down"
    assert table.cheesy_out_of_turn, "no Cheesy Distraction was played out of turn"
    assert view.outcome.reason and list(view.outcome.winners)
    assert len(view.outcome.scores) == 2
    report = verify(table.seats[0].log())
    assert report.ok and report.rules_checked, report


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others(kennel: Kennel) -> None:
    created = kennel.create_game(GAME.name, ["Ann", "Bob", "Cy"])
    seats = [kennel.session(created.game_id, created.credentials[seat]) for seat in range(3)]
    views = [game_view(seat) for seat in seats]
    assert all(len(view.hand) == 5 for view in views)
    assert [seat.hand_size for seat in views[0].seats] == [5, 5, 5]
    spectator = game_view(kennel.session(created.game_id, created.spectator_credential))
    assert spectator.hand == () and spectator.viewer is None
    catch_up = next(seats[1].watch(timeout=30))
    dealt = [e.canine_kleptomaniacs.hand_dealt for e in catch_up.events if e.canine_kleptomaniacs.WhichOneof("kind") == "hand_dealt"]
    assert [(d.seat, d.count, len(d.cards)) for d in dealt] == [(0, 5, 0), (1, 5, 5), (2, 5, 0)]
    shuffled = [e for e in catch_up.events if e.canine_kleptomaniacs.WhichOneof("kind") == "collectables_shuffled"]
    assert len(shuffled) == 1 and not shuffled[0].canine_kleptomaniacs.collectables_shuffled.deck


def test_a_seat_cannot_hold_up_a_turn_with_endless_trade_offers(kennel: Kennel) -> None:
    """The bound of docs/rules "Trade offers per seat per turn", attacked through the SDK: a
    seat out of turn begins and calls off offers until the server refuses, and the seat in
    turn can then take its turn undisturbed."""
    created = kennel.create_game(GAME.name, ["Ann", "Bob", "Cy"])
    seats = [kennel.session(created.game_id, created.credentials[seat]) for seat in range(3)]
    hostile = seats[2]
    begun = 0
    for _ in range(50):  # far more than any bound a table could live with
        try:
            send(hostile, cmd.ProposeTrade())
        except KennelError as refused:
            assert refused.status == grpc.StatusCode.FAILED_PRECONDITION
            assert refused.code == "canine-kleptomaniacs/no_more_trades"
            break
        begun += 1
        send(hostile, cmd.CallOffTrade())
    assert begun == 2
    with pytest.raises(KennelError) as refused:
        send(hostile, cmd.ProposeTrade())
    assert refused.value.code == "canine-kleptomaniacs/no_more_trades"
    assert cmd.ProposeTrade() not in legal(hostile)
    send(seats[0], cmd.TakeActionCard())  # the turn goes on
    assert game_view(seats[0]).took_action_card
