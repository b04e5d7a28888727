"""Why the build stopped, and how its lists of problems are shown."""

from __future__ import annotations


class BuildError(Exception):
    """Why the build stopped: printed as is, exit status 1."""


def listing(lines: list[str], limit: int = 20) -> str:
    """The first ``limit`` lines, indented, and how many more there are: enough to act on, short enough to read."""
    shown = lines[:limit] + ([f"... and {len(lines) - limit} more"] if len(lines) > limit else [])
    return "\n  " + "\n  ".join(shown)
