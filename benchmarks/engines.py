"""Benchmarks of the three engines: prints their figures (``--json`` for machines).

Each game has its own module here (``bench_old_maid.py`` …) exposing ``TITLE`` and
``run(quick)``, which returns a list of ``(label, value, unit)``. This script runs
them one after the other on one core and prints a table, or JSON with ``--json``.
``--quick`` shrinks every sample, to check the script itself in seconds.

Run from the repository's top folder: ``python benchmarks/engines.py``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import platform
import sys

GAMES = ("old_maid", "double_solitaire", "solo_whist")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(GAMES)}")
    args.games = args.games or list(GAMES)
    here = pathlib.Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parent)]
    report = {"python": platform.python_version(), "machine": platform.machine(), "games": {}}
    for game in args.games:
        module = importlib.import_module(f"bench_{game}")
        figures = module.run(quick=args.quick)
        report["games"][game] = [{"label": l, "value": v, "unit": u} for l, v, u in figures]
        if not args.json:
            print(f"\n{module.TITLE}")
            for label, value, unit in figures:
                shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.4g}"
                print(f"  {label:<64} {shown:>14} {unit}")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
