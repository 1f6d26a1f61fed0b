"""Python's cyclic garbage collector, set for a server process that keeps many games live.

Measured under the bench's 64-in-flight Hoarders load (a probe on `gc.callbacks`, 12 s,
docs/performance.md "Issue 20, seventh pass"): with CPython's default thresholds (700, 10, 10)
the collector ran about 1,300 times and took 0.9-1.1 s of the 12, all of it holding the GIL
the event loop needs; the full collections (7-12 of them, 64-88 ms each) walked every object
of every live game and were most of the p99 latency (120-170 ms). Two changes, both made once, when
`kennel serve` has started (its games loaded):

- `gc.freeze()` moves what start-up made (modules, protobuf descriptors, the registry's
  tables: about 70,000 objects) out of the collector's sight: it is kept for the process's
  life, and a full collection no longer walks it.
- The youngest generation is collected after GEN0_THRESHOLD allocations instead of 700, so
  that the older ones, and the full collections that follow them, run about fourteen times
  less often. Garbage without cycles is freed by reference counting as before; cycles wait
  longer, at most GEN0_THRESHOLD objects' worth. The cycles seen under load were all gRPC's
  (one per call, from cygrpc's `_find_method_handler`: five small objects), none of Kennel's.

This is the process's setting, not the library's: `start_server` (which tests and embedding
programs call) leaves the collector as its caller set it.
"""

from __future__ import annotations

import gc

GEN0_THRESHOLD = 10_000  # allocations between collections of the youngest generation (CPython: 700)


def tune_for_serving() -> None:
    """Freeze what exists now and collect the youngest generation less often (see above)."""
    gc.collect()  # garbage made during start-up is freed, not frozen
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(GEN0_THRESHOLD, older, oldest)
