"""The one command line every benchmark script shares.

A script names its per-game modules (``<prefix><game>.py`` here, each exposing
``TITLE`` and ``run(quick)`` that returns ``(label, value, unit)`` rows) and this
runs them one after the other on one core, printing a table or, with ``--json``,
JSON for machines. ``--quick`` shrinks every sample, to check a script in seconds.
The load average at the start is reported, since a busy machine skews every figure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pathlib
import platform
import sys


def main(description: str, prefix: str, games: tuple[str, ...], argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(games)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(games))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(games)}")
    here = pathlib.Path(__file__).resolve().parent
    sys.path[:0] = [str(here), str(here.parent)]
    report = {"python": platform.python_version(), "machine": platform.machine(),
              "load_average": os.getloadavg()[0], "games": {}}
    if not args.json:
        print(f"load average at the start: {report['load_average']:.1f} ({os.cpu_count()} cores)")
    for game in args.games or games:
        module = importlib.import_module(f"{prefix}{game}")
        figures = module.run(quick=args.quick)
        report["games"][game] = [{"label": l, "value": v, "unit": u} for l, v, u in figures]
        if not args.json:
            print(f"\n{module.TITLE}")
            for label, value, unit in figures:
                shown = f"{value:,.0f}" if abs(value) >= 100 else f"{value:.4g}"
                print(f"  {label:<72} {shown:>14} {unit}")
    if args.json:
        print(json.dumps(report, indent=2))
    return 0
