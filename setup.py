"""The compiled part of the package: Solo Whist's double-dummy search, built with the machine's C compiler
by the package's own install (``pip install -e .``); everything else is declared in pyproject.toml."""

import platform

from setuptools import Extension, setup


def cpu_flags() -> set[str]:
    """What this machine's processor reports it can do (Linux; nothing elsewhere)."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as info:
            for line in info:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


# The search is built on the machine that runs it, and counting cards is a popcount at every turn: the
# instruction, where the processor has it (any x86-64 of the last fifteen years), takes an eighth off
# the search's time; elsewhere the source counts without it.
POPCOUNT = ["-mpopcnt"] if platform.machine() in ("x86_64", "AMD64") and "popcnt" in cpu_flags() else []

setup(
    ext_modules=[
        Extension(
            "naipes.games.solo_whist._dds",
            ["naipes/games/solo_whist/_dds.c"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter", *POPCOUNT],
        ),
    ],
)
