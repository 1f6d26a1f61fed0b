"""The seeded random number generator every game draws from.

Documented byte for byte in docs/rng.md so that anyone can re-derive every shuffle and die
roll of a game from its revealed seed, in any language. It is deliberately not
`random.Random`: that algorithm is an implementation detail of CPython.

The generator is an HMAC-SHA256 stream in counter mode. A game's seed is the HMAC key; each
decision of the game draws from its own stream, numbered by the count of events already in the
game's log, so a stream never depends on how many numbers an earlier decision used.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, TypeVar

from kennel.domain.core.kept import keep

T = TypeVar("T")

RNG_LABEL = b"kennel/rng/v1"
COMMITMENT_LABEL = b"kennel/seed-commitment/v1"
TEXT_SEED_LABEL = b"kennel/seed-from-text/v1"
SEED_BYTES = 32
_U64 = 1 << 64

# HMAC-SHA256 (RFC 2104) by hand, its keyed halves kept: `hmac.new(seed, message, sha256)` hashes
# the padded key into both halves for every block, half of the block's instructions. A seed is
# 32 bytes, shorter than SHA-256's 64-byte block, so it is padded with zeros, never hashed first.
_BLOCK = 64
_INNER_PAD = bytes(byte ^ 0x36 for byte in range(256))
_OUTER_PAD = bytes(byte ^ 0x5C for byte in range(256))
# Per seed: SHA-256 with the inner and the outer padded key absorbed, copied for every block. A
# game's commands are decided one after another with its one seed; the last few seeds are kept
# (bounded per process; a seed lives in the server's memory with its game anyway).
_KEYED: dict[bytes, tuple[Any, Any]] = {}
_KEYED_KEPT = 64


def _keyed(seed: bytes) -> tuple[Any, Any]:
    keyed = _KEYED.get(seed)
    if keyed is None:
        key = seed.ljust(_BLOCK, b"\x00")
        keyed = (hashlib.sha256(key.translate(_INNER_PAD)), hashlib.sha256(key.translate(_OUTER_PAD)))
        keep(_KEYED, seed, keyed, _KEYED_KEPT)
    return keyed


class Rng:
    """A deterministic stream of random numbers derived from (seed, stream number)."""

    __slots__ = ("_seed", "_stream", "_counter", "_buffer", "draws")

    def __init__(self, seed: bytes, stream: int) -> None:
        if len(seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes, got {len(seed)}")
        if stream < 0:
            raise ValueError("stream numbers are not negative")
        self._seed = seed
        self._stream = stream
        self._counter = 0
        self._buffer = b""
        self.draws = 0  # how many 64-bit words were taken; lets callers see if chance was used

    def _next_block(self) -> bytes:
        """HMAC-SHA256(seed, label, 0, stream, counter) (docs/rng.md), from the seed's keyed
        halves (`_keyed`): the same bytes as `hmac.new(seed, message, hashlib.sha256).digest()`."""
        message = (
            RNG_LABEL + b"\x00" + self._stream.to_bytes(8, "big") + self._counter.to_bytes(8, "big")
        )
        self._counter += 1
        inner_keyed, outer_keyed = _keyed(self._seed)
        inner = inner_keyed.copy()
        inner.update(message)
        outer = outer_keyed.copy()
        outer.update(inner.digest())
        return outer.digest()

    def next_u64(self) -> int:
        """The next unsigned 64-bit integer: 8 bytes of the stream, big-endian."""
        if len(self._buffer) < 8:
            self._buffer += self._next_block()
        word, self._buffer = self._buffer[:8], self._buffer[8:]
        self.draws += 1
        return int.from_bytes(word, "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection sampling (no modulo bias)."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = _U64 - (_U64 % n)
        while True:
            word = self.next_u64()
            if word < limit:
                return word % n

    def die(self, sides: int = 6) -> int:
        """A die roll in [1, sides]."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A Fisher-Yates shuffle: for i from n-1 down to 1, swap i with below(i + 1)."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result)


def seed_commitment(seed: bytes) -> str:
    """The public commitment to a seed, published in a game's first event (hex SHA-256)."""
    return hashlib.sha256(COMMITMENT_LABEL + b"\x00" + seed).hexdigest()


def seed_from_text(text: str) -> bytes:
    """A 32-byte seed from a human-chosen string (simulations, tests, `--seed`)."""
    return hashlib.sha256(TEXT_SEED_LABEL + b"\x00" + text.encode("utf-8")).digest()
