"""The engines' module docstrings show a short session; it must run as written."""

from __future__ import annotations

import doctest

import pytest

from naipes.games.double_solitaire import rules as double_solitaire
from naipes.games.old_maid import rules as old_maid
from naipes.games.solo_whist import rules as solo_whist


@pytest.mark.parametrize("module", [old_maid, solo_whist, double_solitaire], ids=lambda module: module.ID)
def test_the_session_in_the_engines_docstring_runs(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried >= 5
    assert failures == 0
