"""The games the site teaches: one package each, the same module names in each, and the one list of them.

Each package holds everything of its game: ``shapes`` (its JSON, declared once),
``rules`` (positions, moves, ``new_game``, ``legal_moves``, one ``refusal``
check per rule, ``apply``), ``view`` (what one seat may see), ``player`` (the
computer), ``sentences`` (its events told in words) and ``game`` (``GAME``, an instance
of the game's subclass of the contract ``naipes.engine.contract.Rules``). Everything
outside a game's package reaches it through ``GAMES``.
"""

from __future__ import annotations

from typing import Any

from ..engine.contract import Rules
from .double_solitaire.game import GAME as DOUBLE_SOLITAIRE
from .old_maid.game import GAME as OLD_MAID
from .solo_whist.game import GAME as SOLO_WHIST

GAMES: dict[str, Rules[Any, Any, Any]] = {game.ID: game for game in (OLD_MAID, SOLO_WHIST, DOUBLE_SOLITAIRE)}
"""Every game by its API id, in the order the site lists them."""
