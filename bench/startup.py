"""Start-up: time until `kennel serve` answers again with many finished games in its store.

The store is filled directly (kennel.service.storage.GameStore, the same records and desk entries the
server writes: created, credentials, ended, signed checkpoint), with copies of bot games under
new ids (bench.corpus), many games per transaction. Then the server is started twice on it and
timed from spawn to its first answered call, and once more to the first view of a stored game
(which loads that game's records); an empty store gives the baseline in the same run.
"""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

import grpc
from kennel.replay import signing
from kennel.service.live import SEAT, SPECTATOR, digest
from kennel.service.server import SIGNING_KEY_FILE
from kennel.service.storage import Append, GameStore
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc

from bench import corpus, procs
from bench.sizes import Sizes

BATCH = 200  # games per transaction while filling the store
POOL = 50  # distinct bot games, copied under new ids
# Start-up reads the index of games, not their records, so the store is filled with the game
# whose logs are shortest (Hoarders, about 90 records for 2 players): 10,000 games of the longest
# would take minutes to write and 2 GB of disk, and measure the same thing.
GAME = "hoarders"
PLAYERS = 2


def fill(data: Path, games: int) -> dict[str, Any]:
    """Write `games` finished games into a new store under `data`; returns what was written."""
    started = time.perf_counter()
    key = signing.load_or_create_key(data / SIGNING_KEY_FILE)
    pool = [corpus.parsed(raw) for _, raw in corpus.played(min(POOL, games), PLAYERS, seed="startup", only=[GAME])]
    store = GameStore.sqlite(data)
    records = 0
    first_id = ""
    try:
        batch: list[Append] = []
        for index in range(games):
            game_id = uuid.uuid4()
            log = corpus.renamed(pool[index % len(pool)], game_id)
            first_id = first_id or str(game_id)
            seats = [s for s, name in enumerate(log.header.seats) if name is not None]
            checkpoint = signing.sign(log, key)
            seed = _seed_of(log)
            entries = [
                {"kind": "created", "game_id": str(game_id), "header": log.header.to_json(), "seed": seed},
                *({"kind": "credential", "game_id": str(game_id), "role": SEAT, "seat": s, "digest": digest(f"{game_id}:{s}")}
                  for s in seats),
                {"kind": "credential", "game_id": str(game_id), "role": SPECTATOR, "seat": None, "digest": digest(f"{game_id}:spectator")},
                {"kind": "ended", "game_id": str(game_id)},
                {"kind": "checkpoint", "game_id": str(game_id), **checkpoint.to_json()},
            ]
            batch.append(Append(game_id, log.records, 0, entries))
            records += len(log.records)
            if len(batch) == BATCH:
                store.append_many(batch)
                batch = []
        if batch:
            store.append_many(batch)
    finally:
        store.close()
    return {"game": GAME, "players": PLAYERS, "games": games, "records": records, "fill_seconds": round(time.perf_counter() - started, 2),
            "store_mib": round((data / "kennel.sqlite3").stat().st_size / 2**20, 1), "sample_game": first_id}


def _seed_of(log: Any) -> str:
    """The seed a finished log reveals in its GameEnded event (the store keeps it on the desk)."""
    for record in reversed(log.records):
        if record.event.get("type") == "kennel.GameEnded":
            return str(record.event["data"]["seed"])
    raise ValueError("the game did not end")


def _time_to_first_answer(data: Path, log: Path, game_id: str | None, source: Path | None) -> dict[str, Any]:
    spawned = time.perf_counter()
    server = procs.kennel_server(data, log, source=source)
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.KennelStub(channel)
            stub.ListOpenGames(pb.ListOpenGamesRequest(), timeout=120)
            answered = time.perf_counter() - spawned
            result = {"serving_line_s": server.started_s, "first_answer_s": round(answered, 4)}
            if game_id:
                metadata = (("authorization", f"Bearer {game_id}:spectator"),)
                stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=metadata, timeout=120)
                result["first_view_s"] = round(time.perf_counter() - spawned, 4)
            result["rss_mib"] = round(server.rss_kib() / 1024, 1)
    finally:
        server.stop()
    return result


def startup(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    empty = work / "startup-empty"
    full = work / "startup-full"
    filled = fill(full, sizes.startup_games)
    baseline = _time_to_first_answer(empty, work / "startup-empty.log", None, source)
    runs = [_time_to_first_answer(full, work / f"startup-full-{i}.log", filled["sample_game"], source) for i in range(2)]
    best = min(runs, key=lambda run: run["first_answer_s"])
    return {"store": filled, "empty_store": baseline, "full_store_runs": runs, "full_store_best": best}
