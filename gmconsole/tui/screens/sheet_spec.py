"""What a sheet form must ask for, read from a pydantic model (no Textual here).

Five systems each bring their own sheet model, so the roster's editor is generated rather than
written five times. `model_specs` walks `model_fields` recursively and turns each field into a
`FieldSpec`: whole numbers, text, switches, choices (Literal or Enum), nested models (a wound
track, a stat block), dicts of numbers (skills), lists of plain values (tags) and lists of models
(SFX, equipment). Anything else falls back to a TOML snippet the GM edits as text, so a future
field type is editable on day one rather than hidden. Labels, descriptions (the field's
description or its attribute docstring, the project's habit) and limits ("0-100000") come from
the model, so the form explains each field with the model's own words.
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import sys
import textwrap
import types
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import annotated_types as at
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from gmconsole.engine.dice.field import DiceMark

Path = tuple[str | int, ...]
"""Where a value lives: ("sheet", "wounds", "marked") or ("sheet", "sfx", 0, "cost")."""

Kind = Literal["int", "float", "str", "bool", "choice", "model", "dict", "list", "models", "keyed", "raw"]
SCALARS = ("int", "float", "str", "bool")


@dataclass
class FieldSpec:
    """One field of the form and how to edit it."""

    path: Path
    label: str
    kind: Kind
    description: str = ""
    optional: bool = False
    """None is an allowed value (an empty box means None)."""
    choices: tuple[Any, ...] = ()
    hint: str = ""
    """Limits from the model, shown beside the label: "0-100000", "1+ chars"."""
    value_kind: str = "str"
    """For dict and list fields: the kind of each value (int, float, str, bool)."""
    children: list[FieldSpec] = field(default_factory=list)
    """For model fields: the nested fields."""
    dice: bool = False
    """A text field holding a dice expression (`DiceText`): checked as dice while typed."""
    item_model: type[BaseModel] | None = None
    """For lists of models and dicts of models ("keyed", e.g. resilience lines by name): the item
    model (each item's fields are built at compose time)."""

    @property
    def name(self) -> str:
        return str(self.path[-1])


def _strip_annotated(tp: Any) -> tuple[Any, list[Any]]:
    metadata: list[Any] = []
    while get_origin(tp) is Annotated:
        tp, *extra = get_args(tp)
        metadata.extend(extra)
    return tp, metadata


def _unwrap_optional(tp: Any) -> tuple[Any, bool]:
    if get_origin(tp) in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(tp)):
            return args[0], True
    return tp, False


def _scalar_kind(tp: Any) -> str | None:
    tp, _ = _strip_annotated(tp)
    if tp is bool:
        return "bool"
    if tp is int:
        return "int"
    if tp is float:
        return "float"
    if tp is str:
        return "str"
    return None


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def limits_hint(metadata: list[Any]) -> str:
    """"0-100000", "1+", "max 5", "1+ chars" from annotated-types constraints."""
    low = high = None
    min_len = max_len = None
    for m in metadata:
        if isinstance(m, at.Ge):
            low = m.ge
        elif isinstance(m, at.Gt):
            low = m.gt + 1 if isinstance(m.gt, int) else m.gt
        elif isinstance(m, at.Le):
            high = m.le
        elif isinstance(m, at.Lt):
            high = m.lt - 1 if isinstance(m.lt, int) else m.lt
        elif isinstance(m, at.MinLen):
            min_len = m.min_length
        elif isinstance(m, at.MaxLen):
            max_len = m.max_length
    parts = []
    if low is not None and high is not None:
        parts.append(f"{low} to {high}")
    elif low is not None:
        parts.append(f"{low}+")
    elif high is not None:
        parts.append(f"max {high}")
    if min_len or max_len:
        parts.append(f"{min_len or 0}-{max_len} chars" if max_len else f"{min_len}+ chars")
    return ", ".join(str(p) for p in parts)


@cache
def attribute_docs(model: type[BaseModel]) -> dict[str, str]:
    """Attribute docstrings (a string right under a field) of a model and its bases.

    The codebase documents fields this way rather than with `Field(description=...)`; reading
    them here means every system's sheet explains itself in the form for free.
    """
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or cls is BaseModel:
            continue
        found = _module_docs(cls.__module__).get(cls.__qualname__)
        docs.update(found if found is not None else _own_docs(cls))
    return docs


def _own_docs(cls: type) -> dict[str, str]:
    """A class the module parse did not reach (one made inside a function): its own source."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    node = tree.body[0] if tree.body else None
    return _class_docs(node) if isinstance(node, ast.ClassDef) else {}


@cache
def _module_docs(module_name: str) -> dict[str, dict[str, str]]:
    """Every class's attribute docstrings in a module, by qualified name: the module is parsed
    once (asking `inspect` for each class's source re-reads and re-tokenises the file every
    time, most of what the first sheet form took to open)."""
    module = sys.modules.get(module_name)
    try:
        tree = ast.parse(inspect.getsource(module)) if module is not None else None
    except (OSError, TypeError, SyntaxError):
        tree = None
    out: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = f"{prefix}{node.name}"
                out[name] = _class_docs(node)
                visit(node.body, f"{name}.")

    if tree is not None:
        visit(tree.body, "")
    return out


def _class_docs(node: ast.ClassDef) -> dict[str, str]:
    docs: dict[str, str] = {}
    for field_node, after in itertools.pairwise(node.body):
        target = field_node.target if isinstance(field_node, ast.AnnAssign) else None
        if (
            isinstance(target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[target.id] = inspect.cleandoc(after.value.value)
    return docs


SHORT_WORDS = frozenset({"an", "as", "at", "by", "if", "in", "is", "no", "of", "on", "or", "to", "up", "vs"})
"""Two-letter words a field name may hold that are words, not a game's abbreviations."""


def _label(name: str, info: FieldInfo) -> str:
    """A field's label: its title, else its name as words ("hp_max" -> "HP max"). Two-letter
    words are a game's points ("hp", "xp", "ef") and read in capitals; a name in capitals
    ("STR", "TN") is a code and stays as it is."""
    if info.title:
        return info.title
    if name.isupper():
        return name
    words = [w.upper() if len(w) == 2 and w not in SHORT_WORDS else w for w in name.split("_")]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def field_spec(path: Path, info: FieldInfo, description: str = "") -> FieldSpec:
    """The spec of one pydantic field (recursing into nested models)."""
    name = str(path[-1])
    tp, optional = _unwrap_optional(info.annotation)
    tp, metadata = _strip_annotated(tp)
    metadata = [*info.metadata, *metadata]
    spec = FieldSpec(
        path=path,
        label=_label(name, info),
        kind="raw",
        description=info.description or description,
        optional=optional,
        hint=limits_hint(metadata),
    )
    origin, args = get_origin(tp), get_args(tp)
    if (scalar := _scalar_kind(tp)) is not None:
        spec.kind = scalar  # type: ignore[assignment]
        spec.dice = scalar == "str" and any(isinstance(m, DiceMark) for m in metadata)
    elif origin is Literal:
        spec.kind, spec.choices = "choice", tuple(args)
    elif isinstance(tp, type) and issubclass(tp, enum.Enum):
        spec.kind, spec.choices = "choice", tuple(m.value for m in tp)
    elif _is_model(tp):
        spec.kind = "model"
        spec.children = model_specs(tp, path)
    elif origin is dict and len(args) == 2 and _scalar_kind(args[0]) == "str" and _scalar_kind(args[1]):
        spec.kind, spec.value_kind = "dict", _scalar_kind(args[1]) or "str"
    elif origin is dict and len(args) == 2 and _scalar_kind(args[0]) == "str" and _is_model(args[1]):
        spec.kind, spec.item_model = "keyed", args[1]
    elif origin in (list, tuple, set, frozenset) and args:
        item = _unwrap_optional(_strip_annotated(args[0])[0])[0]
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            spec.kind = "raw"
        elif _scalar_kind(item):
            spec.kind, spec.value_kind = "list", _scalar_kind(item) or "str"
        elif _is_model(item) and origin is list:
            spec.kind, spec.item_model = "models", item
    return spec


def model_specs(
    model: type[BaseModel], prefix: Path = (), exclude: frozenset[str] = frozenset()
) -> list[FieldSpec]:
    """Specs for every field of `model`, in declaration order (the book's order). A field the
    model excludes from its dump is derived (Torg's toughness comes from TOU): never stored,
    so never asked for (the form would send it back empty and refuse its own sheet)."""
    docs = attribute_docs(model)
    return [
        field_spec((*prefix, name), info, docs.get(name, ""))
        for name, info in model.model_fields.items()
        if name not in exclude and info.exclude is not True
    ]


def item_specs(spec: FieldSpec, index: int | str) -> list[FieldSpec]:
    """The fields of item `index` (a position, or a key for a dict of models)."""
    assert spec.item_model is not None
    return model_specs(spec.item_model, (*spec.path, index))


def item_title(spec: FieldSpec, index: int | str, value: Any) -> str:
    """"Sfx 2: Power Strike": the item's name when it has one, so a long list stays readable."""
    if isinstance(index, str):
        return f"{spec.label}: {index}"
    name = value.get("name") if isinstance(value, dict) else None
    return f"{spec.label} {index + 1}" + (f": {name}" if isinstance(name, str) and name else "")
