"""`kennel serve` sets the cyclic garbage collector for a long-lived server once it has
started (kennel.service.collector): what start-up made is frozen, the youngest generation is
collected less often, and garbage in cycles is still collected."""

from __future__ import annotations

import asyncio
import gc
import os
import signal
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.service import cli, collector
from kennel.service.collector import GEN0_THRESHOLD, tune_for_serving
from kennel.service.config import Config
from kennel.service.server import start_server


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.fixture
def restored() -> Iterator[None]:
    """The test process's collector as it was, whatever the test did to it."""
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_tuning_freezes_what_exists_and_collects_the_youngest_generation_less_often(restored: None) -> None:
    before = gc.get_threshold()
    kept = _Node()
    tune_for_serving()
    assert gc.get_threshold() == (GEN0_THRESHOLD, before[1], before[2])
    assert GEN0_THRESHOLD > before[0]
    assert gc.get_freeze_count() > 0
    assert not any(obj is kept for obj in gc.get_objects())  # frozen: no collection walks it


def test_cycles_made_after_tuning_are_still_collected(restored: None) -> None:
    tune_for_serving()
    first, second = _Node(), _Node()
    first.other, second.other = second, first
    gone = weakref.ref(first)
    del first, second
    assert gone() is not None  # a cycle: reference counting alone cannot free it
    gc.collect()
    assert gone() is None


def test_kennel_serve_tunes_the_collector_once_it_has_started_and_the_library_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process's setting belongs to `kennel serve` (cli._serve_until_stopped, what the
    command runs); `start_server`, which tests and embedding programs call, leaves it alone."""
    tuned: list[bool] = []
    monkeypatch.setattr(collector, "tune_for_serving", lambda: tuned.append(True))

    async def serve_then_stop() -> int:
        threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
        running = await start_server(Config(host="127.0.0.1", port=0, data_dir=str(tmp_path / "library")))
        await running.stop()
        assert tuned == []  # the library's start: neither through the tuning nor on its own
        assert (gc.get_threshold(), gc.get_freeze_count()) == (threshold, frozen)
        serving = asyncio.create_task(cli._serve_until_stopped(
            Config(host="127.0.0.1", port=0, data_dir=str(tmp_path / "serve"))
        ))
        for _ in range(500):  # bounded: 10 s
            if tuned or serving.done():
                break
            await asyncio.sleep(0.02)
        if not serving.done():  # serving, its handler set: SIGTERM is what stops `kennel serve`
            os.kill(os.getpid(), signal.SIGTERM)
        return await asyncio.wait_for(serving, timeout=30)

    assert asyncio.run(serve_then_stop()) == 0
    assert tuned == [True]
