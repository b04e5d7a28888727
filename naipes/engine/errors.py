"""The engines' exceptions: one class per kind of failure.

The engine speaks no human language. Each refusal carries a stable ``code``
(the API's ``error.code``) and an English message template marked with ``N_``
so that the web layer can translate it with the catalogs and fill in the
``params`` (cards are formatted by the web layer, as symbols such as ``9♣``).
"""

from __future__ import annotations

from dataclasses import dataclass, field


def N_(message: str) -> str:
    """Mark ``message`` for the translators' catalog without translating it."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's convention
    """Marks a singular and plural msgid pair for extraction (``-k Nn_:1,2``), as ngettext takes them."""
    return singular, plural


class EngineError(Exception):
    """Base of everything an engine raises on purpose."""

    code = "engine_error"

    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(self.english())

    def __reduce__(self):
        # Rebuilt without calling ``__init__``, whose arguments differ from one refusal to another:
        # a refusal found in the compute pool's process is raised again in the web worker's.
        return _rebuilt, (type(self), dict(self.__dict__))

    def english(self) -> str:
        """The message in English, for logs and tracebacks."""
        try:
            return self.message % {k: str(v) for k, v in self.params.items()}
        except (KeyError, ValueError, TypeError):
            return self.message


def _rebuilt(kind: type[EngineError], state: dict) -> EngineError:
    error = kind.__new__(kind)
    error.__dict__.update(state)
    Exception.__init__(error, error.english())
    return error


class InvalidPosition(EngineError):
    """A position that cannot exist: unknown card, a card twice, bad pile, player out of range."""

    code = "invalid_position"


class InvalidMove(EngineError):
    """A move that does not fit the schema (missing field, wrong type): not even a question for the rules."""

    code = "invalid_move"


class InvalidOptions(EngineError):
    """Options for a new game that the game does not allow (seven players at Old Maid)."""

    code = "invalid_options"


class TooMuchWork(EngineError):
    """A question the engine could answer, but not within the work one request may do."""

    code = "too_much_work"


class IllegalMove(EngineError):
    """A well-formed move that the rules forbid now. ``code`` says which rule."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        self.code = code
        super().__init__(message, **params)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why the rules forbid a move now: what ``IllegalMove`` carries, before it is raised.

    Each game writes a rule once, as a check that returns a ``Refusal`` or ``None``;
    ``legal_moves`` keeps the moves with no refusal and ``apply`` raises the refusal
    it finds (python-chess's ``legal_moves`` is a view over one ``is_legal`` too).
    """

    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict)

    def error(self) -> IllegalMove:
        return IllegalMove(self.code, self.message, **self.params)


def refuse(code: str, message: str, **params: object) -> Refusal:
    """A ``Refusal`` written as ``IllegalMove`` is: ``refuse("wrong_rank", N_("..."), card=card)``."""
    return Refusal(code, message, params)
