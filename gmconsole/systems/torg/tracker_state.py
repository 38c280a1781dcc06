"""A tracker's state in the active encounter: one pydantic model under its own key.

The chase and reality storm trackers keep their whole state in ``encounter.state[KEY]`` as
plain JSON-able data, so it is saved with the encounter and undone with its event; this is the
one place that reads and writes it.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel

from gmconsole.engine.encounter import Encounter

M = TypeVar("M", bound=BaseModel)


def load_state(enc: Encounter | None, key: str, model: type[M]) -> M | None:
    """The tracker's model, or None when the encounter has none running."""
    data = enc.state.get(key) if enc is not None else None
    return model.model_validate(data) if data else None


def save_state(enc: Encounter, key: str, value: BaseModel | None) -> None:
    """Store the tracker's model (None removes it: the tracker ended)."""
    if value is None:
        enc.state.pop(key, None)
    else:
        enc.state[key] = value.model_dump(mode="json", exclude_none=True)
