"""Benchmarks of the computer players: decision times, and the race player's strength alone.

Each game's player has its own module here (``bench_player_old_maid.py`` …),
exposing ``TITLE`` and ``run(quick)`` that returns a list of ``(label, value,
unit)``, as ``engines.py``'s modules do. A registered game with such a module is
measured. ``--quick`` shrinks every sample, to check the script itself
in seconds; ``--json`` prints JSON for machines.

Run from the repository's top folder: ``python benchmarks/players.py``.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from suite import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(__doc__.splitlines()[0], "bench_player_"))
