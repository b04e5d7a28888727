"""What happened when a move was applied, as the API reports it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card


def to_jsonable(value: Any) -> Any:
    """Cards become their codes, tuples become lists, recursively; the rest is left as is."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, (list, tuple)):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {key: to_jsonable(item) for key, item in value.items()}
    if hasattr(value, "to_json"):
        return value.to_json()
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """An event of the API: ``type`` and its fields (``Event("drew", {"player": 1, ...})``)."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **to_jsonable(self.data)}
