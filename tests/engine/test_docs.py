"""The engines' module docstrings show a short session; it must run as written."""

from __future__ import annotations

import doctest

import pytest

from naipes.engine import double_solitaire, old_maid, solo_whist


@pytest.mark.parametrize("module", [old_maid, solo_whist, double_solitaire], ids=lambda module: module.ID)
def test_the_session_in_the_engines_docstring_runs(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried >= 5
    assert failures == 0
