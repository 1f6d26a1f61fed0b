"""Which shard a game lives in, and the store settings (issue 7): no database needed."""

from __future__ import annotations

import uuid
from collections import Counter

import pytest
from kennel.service.config import Config
from kennel.service.postgres import PostgresAddress, shard_of


@pytest.mark.parametrize(
    ("game_id", "shards"),
    [
        ("00000000-0000-4000-8000-000000000000", [0, 0, 0, 6, 56]),
        ("6f1c0a51-3c1e-4b9e-9a57-1d2b3c4d5e6f", [0, 0, 2, 2, 34]),
        ("c0ffee00-1234-4abc-8def-0123456789ab", [0, 0, 0, 3, 48]),
    ],
)
def test_a_games_shard_is_a_fixed_function_of_its_id(game_id: str, shards: list[int]) -> None:
    """Fixed values (for 1, 2, 4, 7 and 64 shards): a change here would strand stored games."""
    assert [shard_of(uuid.UUID(game_id), n) for n in (1, 2, 4, 7, 64)] == shards


def test_games_spread_over_every_shard() -> None:
    counts = Counter(shard_of(uuid.uuid5(uuid.NAMESPACE_URL, str(i)), 4) for i in range(4000))
    assert set(counts) == {0, 1, 2, 3} and min(counts.values()) > 800


def test_the_store_address_is_parsed_and_never_shown_with_its_password() -> None:
    address = PostgresAddress.parse("postgresql://kennel:s3cret@db.example:6543/games")
    assert (address.user, address.password, address.host, address.port, address.dbname) == (
        "kennel", "s3cret", "db.example", "6543", "games")
    assert "s3cret" not in str(address)
    config = Config.from_env({"KENNEL_STORE": "postgresql://kennel:s3cret@db/games", "KENNEL_SHARDS": "4"})
    assert config.shards == 4 and "s3cret" not in repr(config)


@pytest.mark.parametrize("environ", [{"KENNEL_STORE": "mysql://db"}, {"KENNEL_SHARDS": "65"},
                                     {"KENNEL_STORE_LOCK_TIMEOUT": "0"}])
def test_bad_store_settings_are_refused(environ: dict[str, str]) -> None:
    with pytest.raises(ValueError):
        Config.from_env(environ)
