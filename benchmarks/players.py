"""Benchmarks of the computer players: decision times, and the race player's strength alone.

Each game's player has its own module here (``bench_player_old_maid.py`` …),
exposing ``TITLE`` and ``run(quick)`` that returns a list of ``(label, value,
unit)``, as ``engines.py``'s modules do. To add a game, add its module and its
name to ``GAMES``. ``--quick`` shrinks every sample, to check the script itself
in seconds; ``--json`` prints JSON for machines.

Run from the repository's top folder: ``python benchmarks/players.py``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pathlib
import platform
import sys

GAMES = ("old_maid", "double_solitaire")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    here = pathlib.Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parent)]
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "load_average": os.getloadavg()[0], "games": {}}
    if not args.json:
        print(f"load average at the start: {report['load_average']:.1f} ({os.cpu_count()} cores)")
    for game in args.games or GAMES:
        module = importlib.import_module(f"bench_player_{game}")
        figures = module.run(quick=args.quick)
        report["games"][game] = [{"label": l, "value": v, "unit": u} for l, v, u in figures]
        if not args.json:
            print(f"\n{module.TITLE}")
            for label, value, unit in figures:
                shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.4g}"
                print(f"  {label:<72} {shown:>10} {unit}")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
