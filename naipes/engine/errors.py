"""The engines' exceptions: one class per kind of failure.

The engine speaks no human language. Each refusal carries a stable ``code``
(the API's ``error.code``) and an English message template marked with ``N_``
so that the web layer can translate it with the catalogs and fill in the
``params`` (cards are formatted by the web layer, as symbols such as ``9♣``).
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for the translators' catalog without translating it."""
    return message


class EngineError(Exception):
    """Base of everything an engine raises on purpose."""

    code = "engine_error"

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(self.english())

    def english(self) -> str:
        """The message in English, for logs and tracebacks."""
        try:
            return self.message % {k: str(v) for k, v in self.params.items()}
        except (KeyError, ValueError, TypeError):
            return self.message


class InvalidPosition(EngineError):
    """A position that cannot exist: unknown card, a card twice, bad pile, player out of range."""

    code = "invalid_position"


class InvalidMove(EngineError):
    """A move that does not fit the schema (missing field, wrong type): not even a question for the rules."""

    code = "invalid_move"


class InvalidOptions(EngineError):
    """Options for a new game that the game does not allow (seven players at Old Maid)."""

    code = "invalid_options"


class IllegalMove(EngineError):
    """A well-formed move that the rules forbid now. ``code`` says which rule."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        self.code = code
        super().__init__(message, **params)
