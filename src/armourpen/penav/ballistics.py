"""The PEN estimator's front door: the built-in rows (``data/ballistics.csv``), the units a round is
given in, and :func:`estimate` (``armourpen estimate``, ``POST /api/estimate``). The rules
themselves are in ``penav/estimate.py`` (its laws in ``laws.py``, what it reads in ``rounds.py``).

Units as armourpen reads them elsewhere: a calibre as a thickness is read (``6.5mm``, ``.308in``,
``2cm``; a bare number is mm from 1, and inches under 1, as designers write ``.308`` and ``.50``,
with a step that says so); a mass in ``g``, ``gr`` (grains), ``kg`` (bare: g); a velocity in
``m/s``, ``fps`` or ``ft/s``, ``km/s`` (bare: m/s).
"""

from __future__ import annotations

import csv
import math
import re
from fractions import Fraction
from functools import cache
from importlib import resources

from armourpen.catalog.items import RangeColumn
from armourpen.errors import InputError
from armourpen.explain import Ruling, Step
from armourpen.penav.estimate import GUN_COLUMN, BeyondScale, Estimate
from armourpen.penav.estimate import estimate as estimate_round
from armourpen.penav.laws import fit_laws, pen_figure
from armourpen.penav.rounds import STRUCTURAL_CALIBRE_MM, Ballistics, Bullet, TableRow

MAX_CALIBRE_MM = Fraction(1000)
MAX_MASS_G = Fraction(1_000_000)
MAX_VELOCITY_MPS = Fraction(10_000)

_GRAIN_G = Fraction("0.06479891")
_FOOT_M = Fraction("0.3048")
_MASS_UNITS = {"": Fraction(1), "g": Fraction(1), "gr": _GRAIN_G, "grain": _GRAIN_G,
               "grains": _GRAIN_G, "kg": Fraction(1000)}
_VELOCITY_UNITS = {"": Fraction(1), "m/s": Fraction(1), "mps": Fraction(1), "fps": _FOOT_M,
                   "ft/s": _FOOT_M, "km/s": Fraction(1000)}
# spaces taken possessively, as the thickness reader does: text that does not match is refused in
# time linear in its length
_MEASURE = re.compile(r"^\s*+(\d+(?:\.\d+)?|\.\d+)\s*+([a-z/]*)\s*+$", re.IGNORECASE | re.ASCII)

BULLETS = tuple(b.value for b in Bullet)
COLUMNS = (RangeColumn.HANDGUN.value, RangeColumn.RIFLE.value)


def _read(field: str, value: object, units: dict[str, Fraction], what: str,
          top: Fraction, top_text: str) -> Fraction:
    """A positive measure up to ``top`` in its base unit, from a number or a text with a unit."""
    allowed = f"{what}, more than 0 and at most {top_text}"
    if isinstance(value, bool):
        raise InputError(field, value, allowed)
    if isinstance(value, int | float | Fraction):
        from armourpen.numeric import exact_number

        q = exact_number(value, field, allowed=allowed) if not isinstance(value, Fraction) else value
    elif isinstance(value, str):
        from armourpen.numeric import MAX_NUMBER_CHARS

        m = _MEASURE.match(value)
        unit = units.get(m.group(2).lower()) if m else None
        if m is None or unit is None or len(m.group(1)) > MAX_NUMBER_CHARS:
            raise InputError(field, value, allowed)
        q = Fraction(m.group(1)) * unit
    else:
        raise InputError(field, value, allowed)
    if not 0 < q <= top:
        raise InputError(field, value, allowed)
    return q


INCH_MM = Fraction("25.4")
CALIBRE_ALLOWED = ("a calibre such as 6.5mm, .308in or 2cm (a bare number is mm from 1 and inches "
                   f"under 1: .308 is .308in), more than 0 and at most {MAX_CALIBRE_MM} mm")


def read_calibre(value: object, field: str = "calibre") -> tuple[Fraction, Step | None]:
    """A calibre in mm, read as a thickness is (``6.5mm``, ``.308in``, ``2cm``), and the step that
    says so when a bare number under 1 was read as inches (``.308``, ``.50``): that is how
    designers write a calibre in inches, and no round of the text is under 1 mm. A bare number
    of 1 or more is mm (``6.5``, ``20``)."""
    from armourpen.penav.thickness import parse_thickness

    if isinstance(value, bool) or not isinstance(value, str | int | float | Fraction):
        raise InputError(field, value, CALIBRE_ALLOWED)
    try:
        q = parse_thickness(value, field)
    except InputError:
        raise InputError(field, value, CALIBRE_ALLOWED) from None
    # parse_thickness took it, so a text ends in its unit, or in a digit when it has none
    bare = not isinstance(value, str) or value.strip()[-1:].isdigit()
    note = None
    if bare and 0 < q < 1:
        typed = value.strip() if isinstance(value, str) else f"{float(value):g}"
        q *= INCH_MM
        note = Step(Ruling.AP_2, f"calibre {typed} read as inches: {float(q):g} mm (a bare calibre "
                    f"under 1 is inches, as designers write .308 and .50; give {typed}mm for "
                    "millimetres)")
    if not 0 < q <= MAX_CALIBRE_MM:
        raise InputError(field, value, CALIBRE_ALLOWED)
    return q, note


def parse_calibre(value: object, field: str = "calibre") -> Fraction:
    """A calibre in mm, as :func:`read_calibre` reads it (``6.5mm``, ``.308in``, ``2cm``, ``.308``
    = ``.308in``; a bare number of 1 or more: mm)."""
    return read_calibre(value, field)[0]


def parse_mass(value: object, field: str = "mass") -> Fraction:
    """A bullet's mass in grams (``9g``, ``147gr``, ``10.2kg``; bare: g)."""
    return _read(field, value, _MASS_UNITS, "a mass such as 9g, 147gr or 10.2kg (bare: g)",
                 MAX_MASS_G, "1000 kg")


def parse_velocity(value: object, field: str = "velocity") -> Fraction:
    """A muzzle velocity in m/s (``820``, ``820m/s``, ``2700fps``; bare: m/s)."""
    return _read(field, value, _VELOCITY_UNITS,
                 "a velocity such as 820m/s, 2700fps or 1.6km/s (bare: m/s)",
                 MAX_VELOCITY_MPS, "10 km/s")


def _choice(field: str, value: object, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value.strip().lower() not in choices:
        raise InputError(field, value, "allowed: " + ", ".join(choices))
    return value.strip().lower()


# --- the built-in rows --------------------------------------------------------------------------


@cache
def builtin_rows() -> tuple[TableRow, ...]:
    """The rows of the text's tables whose ballistics are sourced (``data/ballistics.csv``): a
    figure ``SPEN 16`` is a row of the autocannon and artillery table (PA-1)."""
    text = resources.files("armourpen.penav").joinpath("data/ballistics.csv").read_text("utf-8")
    rows = []
    for r in csv.DictReader(text.splitlines()):
        b = Ballistics(float(r["calibre_mm"]), float(r["bullet_mass_g"]),
                       float(r["muzzle_velocity_mps"]), Bullet(r["bullet"]))
        figure = r["pen_in_text"]
        structural = figure.startswith("SPEN ")  # a row of the autocannon and artillery table
        pen = 5 * int(figure.removeprefix("SPEN ")) if structural else int(figure)
        rows.append(TableRow(r["name_in_text"], pen, b,
                             int(r["at_range_m"]) if r["at_range_m"] else None,
                             r["construction"], r["source_url"], structural))
    return tuple(rows)


def estimate(
    *,
    calibre: str | float | Fraction,
    mass: str | float | Fraction,
    velocity: str | float | Fraction,
    bullet: str = "ball",
    column: str | None = None,
) -> Estimate:
    """A suggested PEN (SPEN past the small-arms table), range column and band figures for a round
    from its ballistics, fitted to the text's own rows, with the interval of the fit's error.

    ``calibre`` as a thickness (``"6.5mm"``, ``".308in"``), ``mass`` (``"9g"``, ``"147gr"``),
    ``velocity`` (``"820m/s"``, ``"2700fps"``); numbers are mm, g and m/s, but a bare calibre
    under 1 is inches (``".308"`` or ``0.308`` is 7.8232 mm, and a step says so). ``bullet`` is
    one of ball, lead, soft, ap, sub_calibre (a sub-calibre round's calibre and mass are its
    penetrator's); ``column`` handgun or rifle (chosen from the round when None, PA-4; a gun's
    round, 20 mm or more, takes none). A round outside the text's rows has no interval. Errors
    name the parameter.
    """
    d, reading = read_calibre(calibre)
    m = parse_mass(mass)
    v = parse_velocity(velocity)
    kind = Bullet(_choice("bullet", bullet, BULLETS))
    col = None if column is None else RangeColumn(_choice("column", column, COLUMNS))
    if col is not None and d >= STRUCTURAL_CALIBRE_MM:
        raise InputError("column", column, GUN_COLUMN)
    b = Ballistics(float(d), float(m), float(v), kind)
    try:
        return estimate_round(b, builtin_rows(), col, () if reading is None else (reading,))
    except BeyondScale as exc:
        raise beyond_scale(exc, {"calibre": calibre, "mass": mass, "velocity": velocity},
                           builtin_rows()) from None


_FIELDS = (("calibre", "calibre_mm", "mm", -1), ("mass", "mass_g", "g", 1),
           ("velocity", "velocity_mps", "m/s", 1))
"""Each input of a round: its Ballistics attribute, unit, and whether more of it raises PEN (1) or
lowers it (-1)."""


def _with(b: Ballistics, attr: str, value: float) -> Ballistics:
    values = {"calibre_mm": b.calibre_mm, "mass_g": b.mass_g, "velocity_mps": b.velocity_mps}
    values[attr] = value
    return Ballistics(values["calibre_mm"], values["mass_g"], values["velocity_mps"], b.bullet)


def _three_figures(x: float, *, up: bool) -> float:
    """``x`` to three significant figures, rounded up or down (a limit that still holds)."""
    step = 10.0 ** (math.floor(math.log10(x)) - 2)
    return (math.ceil(x / step) if up else math.floor(x / step)) * step


def beyond_scale(exc: BeyondScale, typed: dict[str, object],
                 rows: tuple[TableRow, ...]) -> InputError:
    """Blame a round past the top of the scale on the input furthest beyond the text's rows (in
    log scale: a calibre below the narrowest, a mass or velocity above the largest), with the
    value as typed, and the most (for a calibre, the least) of it that keeps the estimate on the
    scale with the others as given."""
    from armourpen.penav.thickness import MAX_AV

    b = exc.ballistics

    def beyond(attr: str, sense: int) -> float:
        values = [getattr(r.ballistics, attr) for r in rows]
        edge = max(values) if sense > 0 else min(values)
        return float(sense * math.log(getattr(b, attr) / edge))

    field, attr, unit, sense = max(_FIELDS, key=lambda f: beyond(f[1], f[3]))
    laws = fit_laws(rows)

    def on_scale(value: float) -> bool:
        return pen_figure(laws.av(_with(b, attr, value))) <= MAX_AV

    # the other end of the search: far enough the other way to bring the round on the scale
    now = float(getattr(b, attr))
    far = float(MAX_CALIBRE_MM) if sense < 0 else now * 1e-12
    others = " and ".join(f"{name} {typed[name]}" for name, *_ in _FIELDS if name != field)
    allowed = (f"with {others} the estimate passes the top of the scale, PEN {MAX_AV} (PA-1): "
               f"this round comes to PEN {exc.pen:,}")
    if on_scale(far):
        good, bad = math.log(far), math.log(now)
        for _ in range(100):
            mid = (good + bad) / 2
            good, bad = (mid, bad) if on_scale(math.exp(mid)) else (good, mid)
        word = "at least" if sense < 0 else "at most"
        limit = _three_figures(math.exp(good), up=sense < 0)
        allowed += f"; a {field} of {word} {limit:,g} {unit} keeps it on the scale"
    return InputError(field, typed[field], allowed)
