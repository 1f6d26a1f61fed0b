"""Latency and rate summaries, the same for every measurement."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of already sorted values (0.0 when there are none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return float(sorted_values[min(rank, len(sorted_values)) - 1])


def latency_ms(seconds: Sequence[float]) -> dict[str, Any]:
    """p50, p90, p99, max and count of latencies given in seconds, in milliseconds."""
    ordered = sorted(seconds)
    return {
        "count": len(ordered),
        "p50_ms": round(percentile(ordered, 0.50) * 1000, 3),
        "p90_ms": round(percentile(ordered, 0.90) * 1000, 3),
        "p99_ms": round(percentile(ordered, 0.99) * 1000, 3),
        "max_ms": round((ordered[-1] if ordered else 0.0) * 1000, 3),
    }


def ratio(numerator: float | None, denominator: float | None) -> float | None:
    if numerator is None or not denominator:
        return None
    return round(numerator / denominator, 4)
