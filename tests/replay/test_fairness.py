"""Provable fairness end to end (issue 6): a game is played through a real server; afterwards,
using only its exported file and docs/rng.md, the revealed seed is checked against the commitment
published at the start, and every shuffle and draw is derived again.

This test deliberately does not import Kennel's RNG: it re-implements docs/rng.md from the text,
as a player checking the server would, so a divergence between the code and the document fails.
"""

from __future__ import annotations

import hashlib
import hmac
import json

from kennel.client import Kennel
from kennel.v1 import kennel_pb2 as pb

BOX_ORDER = ["walnut"] * 11 + ["hazelnut"] * 11 + ["sunflower_seed"] * 11 + ["acorn"] * 11 + ["peanut"] * 11


class DocumentedRng:
    """docs/rng.md, 'Streams and blocks' and 'Operations', written from the document."""

    def __init__(self, seed: bytes, stream: int) -> None:
        self.seed, self.stream, self.counter, self.words = seed, stream, 0, []

    def next_u64(self) -> int:
        if not self.words:
            message = b"kennel/rng/v1" + b"\x00" + self.stream.to_bytes(8, "big") + self.counter.to_bytes(8, "big")
            block = hmac.new(self.seed, message, hashlib.sha256).digest()
            self.words = [int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8)]
            self.counter += 1
        return self.words.pop(0)

    def below(self, n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while True:
            word = self.next_u64()
            if word < limit:
                return word % n

    def shuffled(self, items: list[str]) -> list[str]:
        a = list(items)
        for i in range(len(a) - 1, 0, -1):
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def test_a_played_game_proves_its_own_fairness(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ann", "Bob", "Cy"])
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(3)]
    spectator = kennel.session(created.game_id, created.spectator_credential)
    published = next(spectator.watch(timeout=30)).events[0].game_created.seed_commitment
    for _ in range(5000):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            break
        seat = view.pending[0].seat
        seats[seat].act(seats[seat].view().legal_commands[0])

    lines = [json.loads(line) for line in seats[0].log().splitlines()]
    header, records = lines[0], [line for line in lines[1:] if "event" in line]
    events = [record["event"] for record in records]
    assert header["seed_commitment"] == published
    ended = events[-1]
    assert ended["type"] == "kennel.GameEnded"
    seed = bytes.fromhex(ended["data"]["seed"])
    assert hashlib.sha256(b"kennel/seed-commitment/v1" + b"\x00" + seed).hexdigest() == published

    # Set-up draws from stream 1 (docs/rng.md, 'Which stream'): the shuffle of the box order.
    deck = DocumentedRng(seed, 1).shuffled(BOX_ORDER)
    assert [e for e in events if e["type"] == "NutsShuffled"][0]["data"]["deck"] == deck
    dealt = [nut for e in events if e["type"] == "NutsDealt" for nut in e["data"]["nuts"]]
    assert dealt == deck[: len(dealt)]
    drawn = [e["data"]["nut"] for e in events if e["type"] == "NutDrawn"]
    assert drawn == deck[len(dealt) : len(dealt) + len(drawn)]
