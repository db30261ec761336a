"""How a GCS character is shown (:mod:`armourpen.layout`): its figures, then its hit locations."""

from __future__ import annotations

from armourpen.gcs.model import GcsBody, GcsCharacter, GcsLocation
from armourpen.gurps.damage import fmt
from armourpen.layout import Align, Column, Layout, Row, Span, Tone, text


def dr_text(loc: GcsLocation) -> str:
    """``4`` or ``4, burning 6``: the DR against all, then the whole DR against each kind."""
    return ", ".join([str(loc.dr_all), *(f"{k} {v}" for k, v in loc.dr_by_kind.items())])


def traits_text(c: GcsCharacter) -> str:
    """Injury Tolerance, Hardened, Perfect Balance, pain threshold and Vulnerability as one line."""
    parts = [
        "injury tolerance " + (", ".join(c.injury_tolerance) or "none"),
        f"hardened {c.hardened}",
        f"perfect balance {'yes' if c.perfect_balance else 'no'}",
        f"pain threshold {c.pain_threshold.value}",
    ]
    for v in c.vulnerabilities:
        factor = "x?" if v.multiplier is None else f"x{v.multiplier}"
        parts.append(f"vulnerability {factor} {v.against}")
    return "; ".join(parts)


def _rows(body: GcsBody, within: str = "") -> list[Row]:
    rows: list[Row] = []
    for loc in body.locations:
        roll = loc.roll or "-"
        rows.append(Row((
            text(f"{roll} ({body.roll})" if within else roll, Tone.PLAIN if loc.roll else Tone.MUTED),
            text(f"{within} > {loc.table_name}" if within else loc.table_name),
            text(loc.id, Tone.MUTED),
            text(dr_text(loc)),
        )))
        if loc.sub_table is not None:
            rows.extend(_rows(loc.sub_table, loc.table_name))
    return rows


def layout(c: GcsCharacter) -> Layout:
    """The head line (name, HP, ST, HT, body, traits), a row per hit location, the warnings."""
    head = (
        Span(c.name, Tone.STRONG),
        Span(f": HP {c.hp}, ST {c.st}, HT {c.ht}; body "),
        Span(c.body.name or "(unnamed)", Tone.STRONG),
        Span(f"; {traits_text(c)}"),
    )
    return Layout(
        head=head,
        columns=(Column(f"roll ({c.body.roll})", Align.RIGHT), Column("location"),
                 Column("id"), Column("DR", Align.RIGHT)),
        rows=tuple(_rows(c.body)),
        warnings=c.warnings,
    )


def weapons_layout(c: GcsCharacter) -> Layout:
    """A row per weapon of the sheet: its name, usage, damage, skill, RoF, Rcl and 1/2D as GCS
    shows them, and what resolve makes of it (:func:`~armourpen.gcs.uses.weapon_uses`): ``yes``,
    ``with skill`` (a key to write beside gcs) or ``no``, with why in a note under the table."""
    from armourpen.gcs.uses import weapon_uses

    uses = weapon_uses(c)
    rows: list[Row] = []
    notes: list[tuple[Span, ...]] = []
    for use in uses:
        w = use.weapon
        tone = Tone.PLAIN if use.usable else Tone.MUTED
        rows.append(Row((
            text(w.name, tone), text(w.usage or "-", tone), text(w.damage or "-", tone),
            text(w.level or "-" if w.skill is None else w.skill, tone),
            text(w.rate_of_fire or "-", tone), text(w.recoil or "-", tone),
            text("-" if w.half_damage_range is None else fmt(w.half_damage_range), tone),
            text(use.verdict, Tone.PLAIN if use.usable else Tone.STRONG),
        )))
        if use.problem is not None:
            notes.append((Span(w.label, Tone.STRONG), Span(f": cannot be used: {use.problem}")))
        else:
            notes.extend((Span(w.label, Tone.STRONG), Span(n.note.removeprefix(w.label)))
                         for n in use.needs)
    usable = sum(use.usable for use in uses)
    keyed = sum(use.usable and bool(use.needs) for use in uses)
    head = (Span(c.name, Tone.STRONG),
            Span(f": {len(uses)} weapons, {usable} usable as attacks"
                 + (f", {keyed} of them with a key written beside gcs" if keyed else "")))
    return Layout(
        head=head,
        columns=(Column("weapon"), Column("usage"), Column("damage"), Column("skill", Align.RIGHT),
                 Column("RoF", Align.RIGHT), Column("Rcl", Align.RIGHT),
                 Column("1/2D", Align.RIGHT), Column("usable")),
        rows=tuple(rows),
        notes=tuple(notes),
    )


def weapons_answer(c: GcsCharacter) -> dict[str, object]:
    """``gcs show --weapons --json`` and ``/api/gcs?weapons=true``: the name, and each weapon
    with what resolve makes of it (``usable``, ``needs`` with their ``notes``, ``problem``)."""
    from armourpen.gcs.uses import weapon_uses

    return {"name": c.name, "weapons": weapon_uses(c)}
