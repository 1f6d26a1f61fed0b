"""`python -m bench.compare BEFORE.json AFTER.json`: two runs' target values side by side."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from bench.report import compare

if __name__ == "__main__":
    before, after = (json.loads(Path(name).read_text(encoding="utf-8")) for name in sys.argv[1:3])
    print(compare(before, after))
