"""A sheet form's values as text, and back: what the one editor shows for a field and what it reads.

The form keeps every field as the text the GM sees (`value_text`) and turns it back into a value
only when asked (`read_text`), reporting what it cannot parse as a `FormIssue` rather than
guessing. Booleans are the words yes/no and choices are typed (any unambiguous start of one), not
a checkbox or a colour: every state is readable as a word. No Textual here: the screen draws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tomli
import tomli_w

from gmconsole.engine.dice.field import dice_text
from gmconsole.tui.screens.sheet_spec import FieldSpec, Path


@dataclass(frozen=True)
class FormIssue:
    """A value the form itself could not read (before pydantic sees anything)."""

    path: Path
    message: str


@dataclass(frozen=True)
class RawText:
    """Unparsable text kept verbatim while the form is rebuilt (adding a list item)."""

    text: str


def scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def value_text(spec: FieldSpec, value: Any) -> str:
    """The text an editor starts with for `value`."""
    if isinstance(value, RawText):
        return value.text
    if value is None:
        return ""
    if spec.kind == "dict" and isinstance(value, dict):
        return "\n".join(f"{k} = {scalar_text(v)}" for k, v in value.items())
    if spec.kind == "list" and isinstance(value, list | tuple | set | frozenset):
        return "\n".join(scalar_text(v) for v in value)
    if spec.kind == "raw":
        try:
            return tomli_w.dumps({spec.name: value}).strip()
        except (TypeError, ValueError):
            return ""
    return scalar_text(value)


def parse_scalar(kind: str, text: str) -> Any:
    """Text -> int/float/bool/str; ValueError with a reason a GM understands."""
    text = text.strip()
    if kind == "int":
        try:
            return int(text)
        except ValueError:
            why = f"{text!r} is not a whole number" if text else "empty: type a whole number"
            raise ValueError(why) from None
    if kind == "float":
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number" if text else "empty: type a number") from None
    if kind == "bool":
        if text.lower() in ("yes", "true", "y", "1", "on"):
            return True
        if text.lower() in ("no", "false", "n", "0", "off"):
            return False
        raise ValueError(f"{text!r} is not yes or no")
    return text


def parse_lines(spec: FieldSpec, text: str) -> Any:
    """A dict field's ``name = value`` lines or a list field's one-value-per-line text."""
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if spec.kind == "list":
        out = []
        for n, line in lines:
            try:
                out.append(parse_scalar(spec.value_kind, line))
            except ValueError as exc:
                raise ValueError(f"line {n}: {exc}") from None
        return out
    result: dict[str, Any] = {}
    for n, line in lines:
        sep = "=" if "=" in line else ":" if ":" in line else None
        if sep is None:
            raise ValueError(f"line {n}: write it as 'name = value'")
        key, _, raw = (part.strip() for part in line.partition(sep))
        if not key:
            raise ValueError(f"line {n}: the name is missing")
        if key in result:
            raise ValueError(f"line {n}: {key!r} is listed twice")
        try:
            result[key] = parse_scalar(spec.value_kind, raw)
        except ValueError as exc:
            raise ValueError(f"line {n}: {exc}") from None
    return result


def parse_raw(spec: FieldSpec, text: str) -> Any:
    if not text.strip():
        return None
    try:
        data = tomli.loads(text)
    except tomli.TOMLDecodeError as exc:
        raise ValueError(f"not valid TOML: {exc}") from None
    if spec.name not in data:
        raise ValueError(f"write it as '{spec.name} = ...'")
    return data[spec.name]


MULTILINE = ("dict", "list", "raw")
"""Kinds edited as several lines of text."""


def choice_texts(spec: FieldSpec) -> list[str]:
    """The words a field's value can be: its choices, or yes and no."""
    if spec.kind == "bool":
        return ["yes", "no"]
    return [scalar_text(c) for c in spec.choices if scalar_text(c)]


def parse_choice(spec: FieldSpec, text: str) -> Any:
    """One of the field's choices, written whole or as any unambiguous start of it ("cr" for
    creature), in any case."""
    typed = text.strip()
    options = list(spec.choices)
    if not typed:
        blank = [c for c in options if scalar_text(c) == ""]  # None among the choices
        if blank:
            return blank[0]
        raise ValueError("empty: type one of " + ", ".join(choice_texts(spec)))
    exact = [c for c in options if scalar_text(c).lower() == typed.lower()]
    if exact:
        return exact[0]
    starts = [c for c in options if scalar_text(c).lower().startswith(typed.lower())]
    if len(starts) == 1:
        return starts[0]
    known = ", ".join(choice_texts(spec))
    if starts:
        raise ValueError(f"{typed!r} could be " + ", ".join(scalar_text(c) for c in starts))
    raise ValueError(f"{typed!r} is not one of {known}")


def read_text(spec: FieldSpec, text: str, issues: list[FormIssue] | None) -> Any:
    """The value a field's text stands for. Text that cannot be read is reported as an issue
    (when `issues` is a list) and kept as `RawText`, so a rebuild shows it as typed."""
    try:
        if spec.kind in ("dict", "list"):
            return parse_lines(spec, text)
        if spec.kind == "raw":
            return parse_raw(spec, text)
        if spec.optional and not text.strip():
            return None
        if spec.kind == "choice":
            return parse_choice(spec, text)
        if spec.dice:
            return dice_text(text.strip())
        return parse_scalar(spec.kind, text) if spec.kind != "str" else text
    except ValueError as exc:
        if issues is not None:
            issues.append(FormIssue(spec.path, str(exc)))
        return RawText(text)


def shown_text(spec: FieldSpec, text: str) -> str:
    """A field's text on one line of the form: a dict or list's lines joined."""
    if spec.kind in MULTILINE:
        return " · ".join(line.strip() for line in text.splitlines() if line.strip())
    return text
