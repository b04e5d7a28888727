"""The one line that says what the build is doing."""

from __future__ import annotations

import sys
import time


class Progress:
    """One line that says what the build is doing: rewritten in place on a terminal; in a log,
    a line when a phase ends and, within a long phase, at most one a second."""

    def __init__(self, stream=sys.stderr) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.last = time.monotonic()

    def update(self, phase: str, done: int, total: int, item: str = "") -> None:
        line = f"{phase:<7} [{done:>3}/{total}] {item}"
        now = time.monotonic()
        if self.live:
            self.stream.write("\r\033[K" + line + ("\n" if done == total else ""))
        elif done == total or now - self.last >= 1:
            self.stream.write(line + "\n")
            self.last = now
        self.stream.flush()
