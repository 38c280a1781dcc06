"""`Model`: the base of every pydantic model in gmconsole.

A model's validator is built the first time it validates, not when its class is defined
(`defer_build`). A model that only ever appears inside another (a combatant inside an
encounter, a weapon inside a sheet) is then never built on its own: its schema is part of
the outer model's. At start-up that was ~15 ms of imports and opening the Torg demo, ~5 ms
of the first painted screen; a model first used later (a dialog's, a verb's) builds then,
once, in a few ms.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Model(BaseModel):
    model_config = ConfigDict(defer_build=True)
