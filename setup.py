"""The compiled part of the package: Solo Whist's double-dummy search, built with the machine's C compiler
by the package's own install (``pip install -e .``); everything else is declared in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "naipes.games.solo_whist._dds",
            ["naipes/games/solo_whist/_dds.c"],
            extra_compile_args=["-O3", "-std=c11", "-Wall", "-Wextra", "-Wno-unused-parameter"],
        ),
    ],
)
