"""`kennel serve` with its random draws taken from a seeded generator: the instructions section's
server only (`python -m bench.fixed_draws serve ...`, arguments as `kennel serve`'s).

The server draws every game's seed, id and credentials from the operating system (`secrets`,
`uuid.uuid4`), so two callgrind counts of one commit under the same seeded bots still played
different games and differed by 5-7% (issue 20's sixteenth pass), too much to see a cut of a
percent or two. Here those draws come from `random.Random(DRAWS_SEED)`, and with
`PYTHONHASHSEED` fixed by the caller two runs of one commit play the same games (bench.instructions). Never
a way to serve: whoever knows the seed knows every game's deck and every credential.
"""

from __future__ import annotations

import base64
import random
import secrets
import sys
import uuid
from typing import Any

DRAWS_SEED = "kennel bench: fixed draws"


def fix_draws(seed: str = DRAWS_SEED) -> None:
    """Make `secrets`' token functions and `uuid.uuid4` draw from one seeded generator."""
    draws = random.Random(seed)

    def token_bytes(nbytes: int | None = None) -> bytes:
        return draws.randbytes(32 if nbytes is None else nbytes)

    def token_hex(nbytes: int | None = None) -> str:
        return token_bytes(nbytes).hex()

    def token_urlsafe(nbytes: int | None = None) -> str:
        # as secrets' own
        return base64.urlsafe_b64encode(token_bytes(nbytes)).rstrip(b"=").decode("ascii")

    def uuid4() -> uuid.UUID:
        return uuid.UUID(int=draws.getrandbits(128), version=4)

    patched: dict[str, Any] = {
        "token_bytes": token_bytes, "token_hex": token_hex, "token_urlsafe": token_urlsafe,
    }
    for name, function in patched.items():
        setattr(secrets, name, function)
    uuid.uuid4 = uuid4


def main() -> int:
    fix_draws()
    from kennel.service.cli import main as kennel_main  # after the patch: modules bind at import

    return kennel_main(sys.argv[1:])


if __name__ == "__main__":
    raise SystemExit(main())
