"""Every game the site teaches, by its API id."""

from types import ModuleType

from . import double_solitaire, old_maid, solo_whist

GAMES: dict[str, ModuleType] = {module.ID: module for module in (old_maid, solo_whist, double_solitaire)}
