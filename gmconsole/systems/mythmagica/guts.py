"""Guts spent after the roll. A player sees a miss and buys a bare success for threshold + 1 -
total (`check WHO guts at TARGET`: its hit then follows on `H`), or a defender buys the foe's hit
down to a bare failure for margin + 1 (`check WHO guts:hit at FOE`, an answer to the pending
hit, which stops it). Naturals cannot be bought; a test is bought once.

The character's newest test is kept on its sheet (`last_test`), so the price is known after the
roll and the bought test's damage can be worked out from the switches it was rolled with.
"""

from __future__ import annotations

from typing import Any

from gmconsole.engine.checks import CheckRequest, CheckResult
from gmconsole.engine.errors import RulesError
from gmconsole.systems.mythmagica import rules
from gmconsole.systems.mythmagica.sheet import LastTest, MythmagicaSheet

KEPT_SWITCHES = ("mode", "range", "dual", "use", "cover", "shield", "chase", "terrain")
BUY, HIT = "guts", "guts:hit"


def remember(s: MythmagicaSheet, request: CheckRequest, result: CheckResult) -> LastTest | None:
    """The test to keep on the sheet (None for a Guts test or a test without a threshold)."""
    if request.option in (BUY, HIT) or result.target is None:
        return None
    switches = {k: v for k, v in request.extra.items() if k in KEPT_SWITCHES and isinstance(v, str | int)}
    return LastTest(
        option=request.option,
        switches=switches,
        total=result.total,
        threshold=result.target,
        success=result.success,
        natural=bool(result.detail.get("natural")),
    )


def _affordable(s: MythmagicaSheet, cost: int, what: str) -> None:
    if s.cast == "companion":
        raise RulesError(f"a companion spends its Principal's Guts ({s.principal or 'its Principal'}'s)")
    if not s.named:
        raise RulesError(f"only named characters have Guts (this one is {s.cast})")
    left = rules.GUTS_MAX - s.guts_spent
    if cost > left:
        raise RulesError(f"{what} needs {cost} Guts; only {left} are left")


def own_price(s: MythmagicaSheet) -> tuple[LastTest, int]:
    """The last test and the Guts that turn its failure into a bare success (0 when `guts WHO N`
    already paid them)."""
    test = s.last_test
    if test is None:
        raise RulesError("no test to buy yet: roll first, then check WHO guts")
    if test.paid:
        return test, 0  # paid with `guts WHO N`: the hit follows without paying twice
    if test.natural:
        raise RulesError(
            f"the last test ({test.total} vs {test.threshold}) was a natural roll: Guts cannot change it"
        )
    if test.bought and test.success is not True:
        raise RulesError("the last test's bidding war was lost: the dice stand")
    if test.bought:
        raise RulesError("the last test was already bought with Guts")
    if test.success is True:
        raise RulesError(
            f"the last test already succeeded ({test.total} vs {test.threshold}): nothing to buy"
        )
    cost = rules.guts_cost(test.total, test.threshold)
    _affordable(s, cost, "the bare success")
    return test, cost


def hit_price(attack: CheckResult) -> int:
    """Guts a defender pays to turn a hit into a bare failure: its margin + 1."""
    if not attack.success:
        raise RulesError(f"{attack.label} missed: nothing to buy off")
    if attack.detail.get("natural"):
        raise RulesError(f"{attack.label} was a natural roll: Guts cannot change it")
    return (attack.margin or 0) + 1


def _bid(s: MythmagicaSheet, opening: int, extra: dict[str, Any]) -> tuple[int | None, str]:
    """The bidding war between named characters: the opening bid is the price; the opponent may
    counter once with at least one more (`counter=N`); the first bidder then wins by paying the
    counter + 1 (unless `outbid=no`), or the dice stand and the opponent pays its counter.
    Returns the Guts this character pays (None: the dice stand) and what happened."""
    counter = extra.get("counter", 0) or 0
    if not counter:
        return opening, ""
    if counter < opening + 1:
        raise RulesError(
            f"a counter-bid must be at least {opening + 1} (the opening bid {opening} + 1), got {counter}"
        )
    rebid = counter + 1
    if extra.get("outbid", True) is not False and rebid <= rules.GUTS_MAX - s.guts_spent:
        return rebid, f"; outbids the counter-bid of {counter} with {rebid}"
    return (
        None,
        f"; the counter-bid of {counter} stands: the dice stand, and the opponent pays {counter} Guts",
    )


def buy_check(s: MythmagicaSheet, request: CheckRequest, who: str | None) -> CheckResult:
    """A Guts test: no dice, it succeeds when the Guts are there to pay (and, against a named
    opponent's counter-bid, when this character outbids it)."""
    label = f"{who}: Guts" if who else "Guts"
    detail: dict[str, Any] = {}
    if request.option == HIT:
        cost = request.extra.get("buy")
        if not isinstance(cost, int):
            raise RulesError(
                "no hit of that foe is pending to buy off (a miss needs no Guts): "
                "check WHO guts:hit at the foe who hit"
            )
        goal, total, threshold = "the hit becomes a bare failure", cost, None
    else:
        test, cost = own_price(s)
        goal = f"{test.total} vs {test.threshold} becomes a bare success"
        total, threshold = test.threshold + 1, test.threshold
        detail["bought"] = {"option": test.option, "switches": dict(test.switches)}
    if not cost:
        detail["guts"] = 0
        return CheckResult(label=label, dice=(), total=total, target=threshold, success=True,
                           outcome=f"{goal} (already paid)", margin=1, who=who, detail=detail)
    _affordable(s, cost, "the bid")
    paid, war = _bid(s, cost, request.extra)
    if paid is None:
        return CheckResult(
            label=label,
            dice=(),
            total=total,
            target=threshold,
            success=False,
            outcome=f"bids {cost}{war}",
            margin=-1,
            who=who,
            detail={},
        )
    detail["guts"] = paid
    return CheckResult(
        label=label,
        dice=(),
        total=total,
        target=threshold,
        success=True,
        outcome=f"{goal} for {paid} Guts{war}",
        margin=1,
        who=who,
        detail=detail,
    )


def bought_attack(result: CheckResult) -> tuple[CheckRequest, CheckResult] | None:
    """The test a Guts test bought, as the bare success it became (for its damage)."""
    bought = result.detail.get("bought")
    if not result.success or not isinstance(bought, dict):
        return None
    request = CheckRequest(str(bought["option"]), extra=dict(bought.get("switches", {})))
    done = CheckResult(
        label=request.option, dice=(), total=result.total, target=result.target, success=True, margin=1
    )
    return request, done


def bought(s: MythmagicaSheet) -> LastTest | None:
    """The sheet's last test, now bought."""
    if s.last_test is None:
        return None
    return s.last_test.model_copy(update={"bought": True, "success": True, "paid": 0})


def buy_with_verb(s: MythmagicaSheet, offered: int) -> tuple[LastTest, int] | None:
    """`guts WHO N` right after a failed test that N covers: the test bought (its price, not N,
    is spent), or None when there is no such test to buy (N Guts are then simply spent)."""
    test = s.last_test
    if test is None or test.bought or test.natural or test.success is True:
        return None
    cost = rules.guts_cost(test.total, test.threshold)
    if offered < cost:
        return None
    _affordable(s, cost, "the bare success")
    return test.model_copy(update={"bought": True, "success": True, "paid": cost}), cost


def bidding_war(
    opponent: MythmagicaSheet, bidder: MythmagicaSheet, counter: int, stand: bool
) -> tuple[MythmagicaSheet, MythmagicaSheet, str]:
    """`counter WHO OTHER N`: a named opponent counter-bids N against the named bidder's
    purchase of its last failed test. The bidder wins by paying N + 1 (its test is then bought,
    and `check OTHER guts at TARGET` brings the hit to H), unless it lets the dice stand
    (`stand`) or cannot pay: then the opponent pays N. Returns both new sheets and the log."""
    test, price = own_price(bidder)
    if not price:
        raise RulesError("the last test is already paid for: its hit follows with check WHO guts")
    _affordable(opponent, counter, "the counter-bid")
    paid, _ = _bid(bidder, price, {"counter": counter, "outbid": not stand})
    if paid is None:
        lost = test.model_copy(update={"bought": True})
        return (
            opponent.model_copy(update={"guts_spent": opponent.guts_spent + counter}),
            bidder.model_copy(update={"last_test": lost}),
            f"counter-bids {counter} against the bid of {price}: the dice stand ({test.total} vs "
            f"{test.threshold}); {counter} Guts spent (Glory Status "
            f"{rules.glory_status(opponent.guts_spent + counter)})",
        )
    spent = bidder.guts_spent + paid
    won = test.model_copy(update={"bought": True, "success": True, "paid": paid})
    return (
        opponent,
        bidder.model_copy(update={"guts_spent": spent, "last_test": won}),
        f"counter-bids {counter} against the bid of {price}; the bidder outbids it with {paid}: "
        f"{test.total} vs {test.threshold} becomes a bare success (the bidder's Glory Status "
        f"{rules.glory_status(spent)}); for its hit: check the bidder's guts at the target, then H",
    )
