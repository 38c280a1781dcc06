"""The plug-in contract every game system fulfils. These docstrings ARE the contract.

A system is a subclass of `GameSystem` registered under the ``gmconsole.systems`` entry-point
group (the built-ins register the same way a third-party package would). The console, the CLI
and the store only ever talk to a system through this class, so the five systems can differ as
much as their books do (d6 pools, d6-d6, d20 with edges, open-ended d20, d100 under) while the
initiative pane, roster, dice log and reference pane stay system-blind.

Rules of the contract:

- Pure: no I/O except reading the system's own data files, no Textual/Rich, randomness only
  from the `random.Random` passed in, and every roll also possible with faces typed in by hand
  (`dice=[...]`, consumed in order).
- Sheets are pydantic models (`sheet_model`); the roster stores them as plain dicts, so
  `parse_sheet(dump_sheet(s)) == s` must hold and `dump_sheet` must be deterministic (fixed key
  order, no derived values).
- Operations never mutate the sheet given to them: they return a new one (`SheetChange`), so a
  refused change leaves nothing half-applied and undo can snapshot before and after.
- Refusals raise `RulesError` (or pydantic's `ValidationError` for sheets) with a message naming
  what is wrong: "Ayla has no skill 'dodge'", "Grace must be 1-5 at Heroic level, got 7".
- Book tables live in data files (`data/*.toml` in the system package) carrying the system's
  `credit` and `licence`; code holds the procedures. Rulings taken on the book's
  contradictions are recorded in docstrings or data-file notes.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel

from gmconsole.engine.encounter import Combatant, Encounter
from gmconsole.engine.errors import RulesError
from gmconsole.engine.tracks import StatusView, TrackView
from gmconsole.engine.turn_order import TurnOrder

if TYPE_CHECKING:
    from gmconsole.engine.checks import CheckOption, CheckRequest, CheckResult, Difficulty, Odds
    from gmconsole.engine.tables import Table


@dataclass(frozen=True)
class RuleOption:
    """An optional rule the GM can toggle in `campaign.toml` (`[options]`)."""

    key: str
    label: str
    default: Any = False
    help: str = ""
    choices: tuple[Any, ...] = ()
    """Legal values when the option is a choice ("mortal", "social"); empty for free values."""
    bounds: tuple[int, int] | None = None
    """For a whole-number option or test switch: its legal range, inclusive. The command line
    (`check ... sixes=9`) and the dialog refuse a value outside it, naming the bounds."""


@dataclass(frozen=True)
class SheetAction:
    """A system-specific thing a GM does to one character (Torg: buy off damage with a
    Possibility; Myriad: a night's rest). The command line takes `ACTION WHO [ARGS...]`."""

    key: str
    """The verb typed at the command line ("buyoff", "rest")."""
    label: str
    usage: str = ""
    """The arguments after WHO, for help and errors ("[shock|ko|knockdown|wound]...")."""
    help: str = ""
    other: bool = False
    """An action between two characters (Torg: trading a card): the line is `ACTION WHO OTHER
    [ARGS...]`; `perform` finds the other's sheet in `Scene.other` and may return its new sheet
    in `SheetChange.other`, saved in the same event."""


@dataclass(frozen=True)
class Calculator:
    """A conversion or lookup a GM asks for mid-game without touching anyone's sheet (Torg's
    value <-> measure chart, ARM's logarithmic scale). The command line takes `calc KEY ARGS`."""

    key: str
    label: str
    usage: str = ""
    """The arguments after KEY, for help and errors ("VALUE [UNIT]")."""
    help: str = ""


@dataclass(frozen=True)
class Generator:
    """A quick way to make a new roster entry from the book's templates (Myriad: a quick NPC
    from a racial template and an archetype). The command line takes `gen KEY ARGS [as NAME]`."""

    key: str
    label: str
    usage: str = ""
    help: str = ""


@dataclass(frozen=True)
class Generated:
    """What a generator made: the new character's name, roster kind and sheet."""

    name: str
    kind: str
    sheet: BaseModel
    template: bool = False


@dataclass(frozen=True)
class Opposition:
    """What a test against a chosen target takes from the target's sheet: the difficulty it
    must beat (a defence, a threshold) or the opposing total, plus any switches the target's
    sheet implies. The test dialog fills these in when the GM picks a target."""

    difficulty: int | None = None
    opponent_total: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    note: str = ""
    """What the target opposes with, for the dialog and the log: "Defence 11", "dodge 12".
    The console names the target itself ("at Kaa-Tok 2: dodge 12"), so leave the name out."""
    roll: CheckRequest | None = None
    """For systems where both sides roll (Myriad's attack against a defence test): the test
    the target makes. The console rolls it through `check` on the target's sheet and uses its
    total as the opposing total (unless the GM typed one)."""


@dataclass(frozen=True)
class DamageOffer:
    """The damage step a successful attack offers against its target: what `dmg TARGET AMOUNT
    KIND` would apply, worked out from the attack (its margin, the weapon on the sheet)."""

    amount: int
    kind: str | None = None
    text: str = ""
    """How the amount was reached, for the log: "Sword 8 + margin 3 - ward 2 = 9"."""
    dice: tuple[int, ...] = ()
    """Damage dice rolled (or typed) to reach `amount`, for the dice log."""
    at_once: bool = False
    """The hit lands at once even where the system holds hits to the round's end (System One's
    Measurable Difference): `hold_damage` is not asked."""
    also: tuple[tuple[int, str], ...] = ()
    """Further (amount, kind) harms the same hit deals the target (Myriad's Aura of Terror:
    Nerve beside the wounds), applied after the first in the same event."""


@dataclass
class Scene:
    """What a hook may see besides the sheet, and change: a working copy of the active
    encounter (the session saves it in the same undoable event), the combatant the sheet
    belongs to, and the dice. Hooks must not keep references to it after they return."""

    rng: random.Random
    encounter: Encounter | None = None
    combatant: Combatant | None = None
    dice: list[int] = field(default_factory=list)
    """Faces typed in by hand, consumed first."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The campaign's resolved optional rules."""
    other: BaseModel | None = None
    """For an action between two characters (`SheetAction.other`): the other's sheet."""


@dataclass(frozen=True)
class SheetChange:
    """A new sheet after damage, healing or another rules operation, and what to log."""

    sheet: BaseModel
    text: str
    """One line for the dice log: "takes 3 boxes (2 left, critical untouched)"."""
    detail: dict[str, Any] = field(default_factory=dict)
    harmed: bool = False
    """True when the character was damaged or set back (popcorn initiative cares)."""
    other: BaseModel | None = None
    """For an action between two characters: the other's new sheet (None: unchanged)."""


class GameSystem(ABC):
    """One game system. Subclasses set the class attributes and implement the abstract methods;
    the defaults of the rest are correct for a system without that feature."""

    id: ClassVar[str]
    """Registry id, also stored in `campaign.toml`: "myriad", "torg", ..."""
    name: ClassVar[str]
    """Display name: "Torg (1st ed.)"."""
    credit: ClassVar[str]
    """Author and publisher line shown on the About screen and in every data file."""
    licence: ClassVar[str]
    """Licence line (e.g. "CC BY 2.0 UK"); data files repeat it."""
    summary: ClassVar[str] = ""
    """One line on the core mechanic, for `gmconsole systems` and the About screen."""
    sheet_model: ClassVar[type[BaseModel]]
    """The pydantic model of a character sheet in this system."""
    options: ClassVar[Sequence[RuleOption]] = ()
    """Optional rules the campaign can toggle."""
    encounter_options: ClassVar[Sequence[RuleOption]] = ()
    """Per-encounter settings kept in `Encounter.state[key]` (Myriad: mortal or social
    conflict; Torg: standard or dramatic scene). `choices` on the option lists legal values."""
    damage_kinds: ClassVar[Sequence[str]] = ("damage",)
    """Kinds of harm `apply_damage` accepts; the first is the default ("wounds", "resolve"...)."""
    data_package: ClassVar[str | None] = None
    """Package holding `data/*.toml` (defaults to the subclass's own package)."""

    # ------------------------------------------------------------------ sheets

    def new_sheet(self) -> BaseModel:
        """A valid blank sheet a GM fills in (used by `gmconsole new` and "add character")."""
        return self.sheet_model()

    def parse_sheet(self, data: Mapping[str, Any]) -> BaseModel:
        """Validate a stored sheet dict; raises pydantic `ValidationError` on bad data."""
        return self.sheet_model.model_validate(dict(data))

    def dump_sheet(self, sheet: BaseModel) -> dict[str, Any]:
        """The dict to store: deterministic key order, no None values, no derived fields."""
        return sheet.model_dump(mode="json", exclude_none=True)

    def describe(self, sheet: BaseModel) -> str:
        """One line for the roster list ("Grace 3 Power 2 | Wounds 4/6")."""
        return ""

    def sheet_notes(self, sheet: BaseModel) -> list[str]:
        """Lines the sheet form shows live while a sheet is built or edited (ARM: the point-buy
        running total and the race's limits); empty (the default) for none."""
        return []

    def sheet_lines(self, sheet: BaseModel) -> list[tuple[str, str]]:
        """Label/value pairs for the roster's detail view, in the book's order."""
        return [(k, str(v)) for k, v in self.dump_sheet(sheet).items() if not isinstance(v, dict | list)]

    def health(self, sheet: BaseModel) -> str:
        """A compact health figure for the initiative pane ("W2 S1", "HP 7/12", "4/6"): a few
        characters a GM reads at a glance. The default sums up `tracks`."""
        tracks = self.tracks(sheet)
        parts: list[str] = []
        for t in tracks:
            short = t.name[:1].upper() if len(tracks) > 1 else ""
            if t.kind == "boxes":
                parts.append(f"{short}{t.maximum - t.value}/{t.maximum}")
            elif t.kind == "levels":
                parts.append(f"{short}{t.value}")
            else:
                parts.append(f"{short}{t.value}/{t.maximum}")
        return " ".join(parts)

    quick_stats: ClassVar[Sequence[str]] = ()
    """The few numbers `add thug hp 12 init 14` may set on a quick combatant (see
    `quick_sheet`), for help and completion."""

    def quick_sheet(self, stats: Mapping[str, int]) -> BaseModel:
        """A sheet for an ad-hoc combatant: the system's default template with `stats` (keys
        from `quick_stats`) set. Unknown keys and out-of-range values are refused by name."""
        if stats:
            known = ", ".join(self.quick_stats) or "none"
            bad = next(iter(stats))
            raise RulesError(f"{self.name} has no quick statistic {bad!r} (known: {known})")
        return self.new_sheet()

    def spawn(self, template: BaseModel) -> BaseModel:
        """A fresh copy of a template creature for an encounter (damage cleared)."""
        return template.model_copy(deep=True)

    # ------------------------------------------------------------------ stats and tracks

    def stat(self, sheet: BaseModel, name: str) -> int:
        """A named number for turn orders and generic formulas ("dex", "grace", "int",
        "initiative"); 0 when the sheet has no such stat."""
        value = getattr(sheet, name, None)
        return value if isinstance(value, int) else 0

    @abstractmethod
    def tracks(self, sheet: BaseModel) -> list[TrackView]:
        """The damage and resource tracks to draw, in the book's order."""

    @abstractmethod
    def status(self, sheet: BaseModel) -> StatusView:
        """Active, hurt, down (KO, incapacitated, Overcome) or dead, with the reason."""

    @abstractmethod
    def apply_damage(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """Apply `amount` of harm through the system's own tracks (boxes, levels, CRT...).

        `amount` is what the GM typed: Myriad boxes, a Torg damage total minus Toughness is
        the system's business, so document what the number means in the subclass.
        """

    def apply_damage_in(self, sheet: BaseModel, amount: int, kind: str | None, scene: Scene) -> SheetChange:
        """`apply_damage` with the scene: the campaign's optional rules (`scene.options`: ARM's
        armour adding to Toughness), the encounter, the dice. The store calls this; override it
        where harm depends on them. The default is `apply_damage`."""
        return self.apply_damage(sheet, amount, kind)

    @abstractmethod
    def heal(self, sheet: BaseModel, amount: int, kind: str | None = None) -> SheetChange:
        """Remove `amount` of harm (the inverse direction of `apply_damage`)."""

    def hold_damage(
        self, sheet: BaseModel, amount: int, kind: str | None = None, source: str = ""
    ) -> SheetChange | None:
        """A hit made during a round, for a system that applies damage only when the round
        ends (System One rolls every attack, then applies all damage at once): a SheetChange
        that keeps the hit on the sheet for `end_of_round` to apply. None (the default) means
        damage lands at once, through `apply_damage`. `source` names who dealt it."""
        return None

    def roll_damage_kind(
        self, sheet: BaseModel, amount: int, kind: str | None, rng: random.Random
    ) -> tuple[str, str] | None:
        """For a damage kind the system rolls rather than reads (System One's "roll": the
        body table's d20 picks the location of a hit typed without one): the kind it lands
        as, rolled with the session's dice, and a note for the log ("location d20 14").
        None (the default) when `kind` is read as it stands."""
        return None

    def has_hook(self, name: str) -> bool:
        """Whether this system overrides the hook `name` (`start_of_round`...): one it leaves
        as the no-op default need not be called for each of 2,000 combatants."""
        method = getattr(self, name)
        return getattr(method, "__func__", method) is not getattr(GameSystem, name)

    def start_of_round(self, sheet: BaseModel, scene: Scene) -> SheetChange | None:
        """Effects on each combatant once a new round is planned (Torg: the flipped card's
        fatigue or inspiration for the combatant's side); None when nothing happens."""
        return None

    def default_damage_kind(self, encounter_state: Mapping[str, Any]) -> str:
        """The damage kind `dmg WHO N` means when no kind is typed, given the active
        encounter's settings (Myriad: resolve in a social conflict); the first kind otherwise."""
        return self.damage_kinds[0]

    def end_of_round(
        self,
        sheet: BaseModel,
        rng: random.Random | None = None,
        dice: Sequence[int] | None = None,
        conditions: Sequence[str] = (),
        scene: Scene | None = None,
    ) -> SheetChange | None:
        """Effects at the end of each round (bleeding, burning); None when nothing happens.

        Effects that roll use `rng` (or the typed `dice`); `conditions` are the names of the
        encounter conditions on this combatant ("bleeding", "on fire"), so a system can act on
        conditions the GM set with the generic `cond` verb as well as on its own sheet state.
        `scene` gives the encounter (its round, its state) when a system needs more.
        """
        return None

    def end_encounter(self, sheet: BaseModel, scene: Scene | None = None) -> SheetChange | None:
        """When a conflict ends: what resets (Myriad clears Resolve); None when nothing does.

        `scene` is the ending encounter's working copy (saved with the event) and the dice, for
        a system whose end of scene draws on encounter state (Torg refills hands from its deck).
        """
        return None

    # ------------------------------------------------------------------ tests of skill

    @abstractmethod
    def check_options(self, sheet: BaseModel) -> list[CheckOption]:
        """What this character can be tested on, for the test dialog."""

    def difficulties(self) -> list[Difficulty]:
        """The system's named difficulty ladder (empty when difficulties are free numbers)."""
        return []

    @abstractmethod
    def check(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        rng: random.Random,
        dice: Sequence[int] | None = None,
        who: str | None = None,
    ) -> CheckResult:
        """Roll (or use the typed `dice`) for a test and judge it against the request."""

    def after_check(
        self, sheet: BaseModel, request: CheckRequest, result: CheckResult, scene: Scene
    ) -> SheetChange | None:
        """What a rolled test changes on the sheet or in the scene (Torg: Possibilities spent,
        the approved-action card draw); None when nothing. Saved with the check's event."""
        return None

    sheet_actions: ClassVar[Sequence[SheetAction]] = ()
    """System-specific actions on one character (see `perform`)."""

    def perform(self, sheet: BaseModel, action: str, args: Sequence[str], scene: Scene) -> SheetChange:
        """Carry out one of `sheet_actions` on a character; refuse bad arguments by name."""
        raise RulesError(f"{self.name} has no action {action!r}")

    generators: ClassVar[Sequence[Generator]] = ()
    """Ways to make a new character from the book's templates (see `generate`)."""

    def generate(self, key: str, args: Sequence[str], rng: random.Random) -> Generated:
        """Run one of `generators`; refuse unknown templates by name with what exists."""
        raise RulesError(f"{self.name} has no generator {key!r}")

    calculators: ClassVar[Sequence[Calculator]] = ()
    """Conversions and lookups the GM can run at the command line (see `calculate`)."""

    def calculate(self, key: str, args: Sequence[str]) -> str:
        """Run one of `calculators`; the answer is one line for the dice log. Bad arguments
        are refused by name with the calculator's usage."""
        raise RulesError(f"{self.name} has no calculator {key!r}")

    def check_switches(self, sheet: BaseModel, options: Mapping[str, Any] | None = None) -> list[RuleOption]:
        """Per-test switches the test dialog offers, passed back in `CheckRequest.extra`
        under each option's key (Torg: spend a Possibility; Myriad: sixes to burn). `options`
        are the campaign's resolved optional rules, so a switch can follow them (Myriad's
        burning fives). The session fills each switch's default into a request that leaves
        it out, so a test typed at the command line follows the campaign too."""
        return []

    def oppose(self, sheet: BaseModel, option: str, target: BaseModel) -> Opposition | None:
        """What a test of `option` by `sheet` against `target` takes from the target's sheet
        (a melee attack against its defence, a resisted test against its stat); None when the
        option is not aimed at anyone or the target's sheet has nothing to offer."""
        return None

    def damage_offer(
        self,
        sheet: BaseModel,
        request: CheckRequest,
        result: CheckResult,
        target: BaseModel,
        rng: random.Random,
        dice: Sequence[int] | None = None,
    ) -> DamageOffer | None:
        """After a successful attack test against `target`: the damage to apply to it (the
        console offers it on one key and logs test and damage as one exchange). None when the
        test was no attack, failed, or the system cannot work the damage out from the sheets.
        Damage dice come from `dice` first, then `rng`."""
        return None

    def answer(
        self,
        sheet: BaseModel,
        option: str,
        attacker: BaseModel,
        attack: CheckRequest,
        attack_result: CheckResult,
    ) -> Opposition | None:
        """A test of `option` by `sheet` made in answer to `attack`, a successful aimed test by
        `attacker` at this very sheet whose damage is still pending (ARM: a parry or dodge
        against 4 + the attack's result). Return what the answering test must beat; None (the
        default) when `option` answers no attack, and the test is an ordinary aimed test.

        The session keeps the pending hit: a successful answer cancels it (`hit` then says it
        was parried), a failed one leaves it for `hit` to apply. An answer never discards the
        hit it answers."""
        return None

    def reconsider(self, sheet: BaseModel, request: CheckRequest, result: CheckResult) -> CheckResult | None:
        """The result of a test as it stands now that something after the roll changed it
        (Mythmagica: Guts spent with `guts WHO N` bought a miss up to a bare success), read
        from the tester's sheet as it is now; None (the default) when the roll stands. `hit`
        asks it of a failed aimed test before saying there is no damage to apply."""
        return None

    def odds(self, sheet: BaseModel, request: CheckRequest) -> Odds | None:
        """The exact chance of success before rolling; None where it cannot be known."""
        return None

    # ------------------------------------------------------------------ turn order

    @abstractmethod
    def turn_order(self, options: Mapping[str, Any] | None = None) -> TurnOrder:
        """The strategy that orders rounds for this system, given the campaign's options."""

    # ------------------------------------------------------------------ reference data

    def tables(self) -> list[Table]:
        """Every reference table the reference pane offers for this system.

        The default reads every ``data/*.toml`` file of the system package with
        `gmconsole.engine.tables.load_tables`, which takes the ``[[table]]`` entries of a file
        (format documented in that module) and stamps each with the file's ``credit`` and
        ``licence``. A system whose data files hold other structures too (a card list, a skill
        list) keeps those under other keys, or overrides this method to build `Table`s itself.
        """
        from gmconsole.engine.tables import load_tables

        found: list[Table] = []
        for name, text in self.data_files().items():
            found.extend(load_tables(text, source=f"{self.id}/{name}"))
        return found

    def data_files(self) -> dict[str, str]:
        """The text of each `data/*.toml` file, by file name, sorted."""
        package = self.data_package or f"{type(self).__module__.rsplit('.', 1)[0]}.data"
        try:
            root = resources.files(package)
        except ModuleNotFoundError:
            return {}
        out: dict[str, str] = {}
        for entry in sorted(root.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".toml"):
                out[entry.name] = entry.read_text(encoding="utf-8")
        return out

    def option_defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def encounter_option(self, key: str, value: Any) -> Any:
        """Validate one per-encounter setting; returns the value to store in `Encounter.state`."""
        for option in self.encounter_options:
            if option.key == key:
                if option.choices and value not in option.choices:
                    legal = ", ".join(map(str, option.choices))
                    raise RulesError(f"{option.label} must be one of {legal}, got {value!r}")
                return value
        known = ", ".join(o.key for o in self.encounter_options) or "none"
        raise RulesError(f"{self.name} has no encounter setting {key!r} (known: {known})")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """The campaign's toggles over the defaults; unknown keys are refused by name."""
        merged = self.option_defaults()
        for key, value in (given or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise RulesError(f"{self.name} has no optional rule {key!r} (known: {known})")
            merged[key] = value
        return merged
