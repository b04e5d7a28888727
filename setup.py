"""The compiled part of the package: Solo Whist's double-dummy search, built with the machine's C compiler
by the package's own install (``pip install -e .``); everything else is declared in pyproject.toml."""

import platform

from setuptools import Extension, setup


def cpu_info() -> dict[str, str]:
    """What this machine's processor reports of itself: the first processor's lines (Linux; nothing
    elsewhere)."""
    info: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as lines:
            for line in lines:
                if not line.strip():
                    break
                key, _, value = line.partition(":")
                info[key.strip()] = value.strip()
    except OSError:
        pass
    return info


# The search is built on the machine that runs it (-march=native was no faster than these alone).
# Counting cards is a popcount at every turn: the instruction, where the processor has it (any x86-64
# of the last fifteen years), saves a good part of the search's time; elsewhere the source counts
# without it. BMI2's shifts by a variable count are one operation instead of three, and its parallel
# bit extract builds the table's key in one instruction. The extract is microcode on AMD processors
# before Zen 3 (family 25), slower than the table it replaces, so there the key is built with tables.
CPU = cpu_info()
FLAGS = set(CPU.get("flags", "").split())
X86 = platform.machine() in ("x86_64", "AMD64")
POPCOUNT = ["-mpopcnt"] if X86 and "popcnt" in FLAGS else []
BMI2 = ["-mbmi2"] if X86 and "bmi2" in FLAGS else []
FAMILY = CPU.get("cpu family", "")
ZEN3_OR_LATER = CPU.get("vendor_id") == "AuthenticAMD" and FAMILY.isdigit() and int(FAMILY) >= 25
PEXT = ["-DFAST_PEXT"] if BMI2 and (CPU.get("vendor_id") == "GenuineIntel" or ZEN3_OR_LATER) else []

# The search is split by concern into several files, but its hot calls cross them (the search asks the
# table, the bounds and the move ordering at every node): link-time optimisation inlines across the
# files as the single file did, and hidden symbols let it (only the module's init function is exported).
SEARCH = "naipes/games/solo_whist/double_dummy"
OPTIMISE = ["-O3", "-flto=auto", "-fvisibility=hidden"]

setup(
    ext_modules=[
        Extension(
            "naipes.games.solo_whist.double_dummy._dds",
            [f"{SEARCH}/{name}.c" for name in ("table", "bounds", "bound_games", "order", "search", "module")],
            depends=[f"{SEARCH}/dds.h", f"{SEARCH}/bounds.h"],
            extra_compile_args=[*OPTIMISE, "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter",
                                *POPCOUNT, *BMI2, *PEXT],
            extra_link_args=[*OPTIMISE, *POPCOUNT, *BMI2],
        ),
    ],
)
