"""Benchmarks of the three engines: prints their figures (``--json`` for machines).

Each game has its own module here (``bench_old_maid.py`` …) exposing ``TITLE`` and
``run(quick)``, which returns a list of ``(label, value, unit)``. ``suite.py`` runs
them one after the other and prints a table, or JSON with ``--json``.

Run from the repository's top folder: ``python benchmarks/engines.py``.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from suite import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(__doc__.splitlines()[0], "bench_"))
