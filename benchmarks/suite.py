"""The one command line every benchmark script shares.

A script names the prefix of its per-game modules (``<prefix><game>.py`` here, ``<game>`` the
game's package name, each exposing ``TITLE`` and ``run(quick)`` that returns ``(label, value, unit)``
rows); every registered game (``naipes.games``) with such a module is benchmarked, so a new game is
measured by adding its module. This runs them one after the other on one core, printing a table or, with ``--json``,
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from naipes.games import GAMES  # noqa: E402


HERE = pathlib.Path(__file__).resolve().parent


def benchmarked(prefix: str) -> tuple[str, ...]:
    """The package names of the registered games that have a ``<prefix><package>.py`` module here."""
    packages = (game.__module__.split(".")[2] for game in GAMES.values())
    return tuple(package for package in packages if (HERE / f"{prefix}{package}.py").is_file())


def main(description: str, prefix: str, argv: list[str] | None = None) -> int:
    games = benchmarked(prefix)
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--quick", action="store_true", help="small samples, for a smoke run")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"some of {', '.join(games)} (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(games))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: choose from {', '.join(games)}")
    sys.path[:0] = [str(HERE)]
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
