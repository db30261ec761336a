"""The pages: the calculator at ``/`` and the GM's penetration chart at ``/table``.

Both are rendered on the server (Jinja2, names escaped) and work without JavaScript; the
calculator's script then updates the outcome as the form changes, through ``POST /ui/outcome``,
which answers the outcome band as HTML, the hints shown beside fields (the range band, the
canonical damage) and any error with the field it belongs to.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from armourpen.errors import InputError
from armourpen.web.body import read_json
from armourpen.web.errors import body as error_body
from armourpen.web.form import (
    DIRECTIONS,
    GURPS_DEFAULT,
    PENAV_DEFAULT,
    BlastCover,
    CardForm,
    Item,
    form_state,
)
from armourpen.web.state import FRESH, WebState, state_of

if TYPE_CHECKING:
    from jinja2 import Environment
    from markdown_it import MarkdownIt
    from markupsafe import Markup

    from armourpen.web.view import OutcomeView

router = APIRouter(include_in_schema=False)


@cache
def templates() -> Environment:
    """The Jinja2 environment of the package's templates; every value is escaped (autoescape)."""
    from pathlib import Path

    from jinja2 import Environment, FileSystemLoader, select_autoescape

    from armourpen.web.view import percent

    env = Environment(
        loader=FileSystemLoader(Path(__file__).resolve().parent / "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["percent"] = percent
    env.filters["tojson_attr"] = lambda v: json.dumps(v, ensure_ascii=False)
    return env


def render(name: str, **context: Any) -> str:
    return templates().get_template(name).render(**context)


# --- the calculator -------------------------------------------------------------------------------


def _hint_errors(data: dict[str, Any], state: WebState) -> tuple[dict[str, str], list[InputError]]:
    """What the form shows beside the attack's fields as they are typed, and their errors: the
    rule set's own hints (:meth:`armourpen.rulesets.RuleSet.hints`), PEN/AV's for a scenario
    that names no rule set the registry knows."""
    from armourpen.rulesets import DEFAULT_RULES, RULE_SETS

    attack = data.get("attack") if isinstance(data.get("attack"), dict) else {}
    assert isinstance(attack, dict)
    rules = data.get("rules")
    found = RULE_SETS.get(rules) if isinstance(rules, str) else None
    rule_set = RULE_SETS[DEFAULT_RULES] if found is None else found
    return rule_set.hints(attack, lambda: state.catalog)


def outcome_of(
    data: dict[str, Any], state: WebState, seen: dict[str, Any] | None = None
) -> tuple[OutcomeView | None, InputError | None]:
    """The view of a scenario's outcome (with the exact odds for a rule set that weighs chances),
    or the first input error; ``data`` as for :meth:`WebState.load_scenario`. ``seen`` gets the
    seed the outcome rolled with (``seed``), for "copy as text" to show the same rolls."""
    import armourpen
    from armourpen.rulesets import rule_set_of
    from armourpen.web.view import outcome_view

    try:
        scenario = state.load_scenario(data)
        outcome = armourpen.resolve(scenario, FRESH)
    except InputError as exc:
        return None, exc
    if seen is not None:
        seen["seed"] = getattr(outcome, "seed", None)
    odds, note = None, None
    if rule_set_of(scenario).odds_engine is not None:
        try:
            odds = armourpen.odds(scenario, limits=state.limits)
        except InputError as exc:
            note = f"exact odds: {exc}"
    return outcome_view(outcome, scenario, odds, note), None


def _state_from(s: str | None, example: str | None, rules: str | None) -> tuple[dict[str, Any], str | None]:
    """The scenario a page opens with: ``?s=`` (JSON), an example, or the rule set's default."""
    from armourpen.reading import parse_json
    from armourpen.scenario import example_path, read_scenario_file

    if s:
        try:
            data = parse_json(s, field="s", source="the address's scenario")
            if isinstance(data, dict):
                return data, None
            return dict(PENAV_DEFAULT), "s: the address holds no scenario object"
        except InputError as exc:
            return dict(PENAV_DEFAULT), str(exc)
    if example:
        try:
            return read_scenario_file(example_path(example, "example")), None
        except InputError as exc:
            return dict(PENAV_DEFAULT), str(exc)
    return dict(GURPS_DEFAULT if rules == "gurps" else PENAV_DEFAULT), None


def _choices(state: WebState) -> dict[str, Any]:
    """The options of the form's lists: from the catalog and the rule sets' choices."""
    import armourpen
    from armourpen import PENAV_OPTIONAL_RULES as OPTIONAL_RULES
    from armourpen.scenario import example_names

    unread = state.catalog_problem is not None  # no lists: every PEN/AV shot says why
    vehicles = [] if unread else state.catalog.items("vehicle")
    return {
        "directions": DIRECTIONS,
        "ammo": [] if unread else [a.name for a in state.catalog.items("ammo")],
        "vehicles": [(v.name, list(getattr(v, "faces", {}))) for v in vehicles],
        "optional_rules": sorted(OPTIONAL_RULES),
        "locations": list(armourpen.GURPS_ATTACK_LOCATIONS),
        "environments": list(armourpen.GURPS_ENVIRONMENTS),
        "postures": list(armourpen.GURPS_POSTURES),
        "situations": list(armourpen.GURPS_SITUATIONS),
        "defenses": list(armourpen.GURPS_DEFENSES),  # GU-24, GU-25
        "shields": list(armourpen.GURPS_SHIELDS),
        "tolerances": list(armourpen.GURPS_INJURY_TOLERANCES),
        "dr_locations": list(armourpen.GURPS_HIT_LOCATIONS),  # a table's keys (GU-3)
        "cover_tolerances": list(armourpen.GURPS_COVER_INJURY_TOLERANCES),
        "examples": example_names(),
    }


@router.get("/", response_class=HTMLResponse)
def calculator(
    request: Request,
    s: Annotated[str | None, Query()] = None,
    example: Annotated[str | None, Query()] = None,
    rules: Annotated[str | None, Query()] = None,
) -> HTMLResponse:
    """The calculator, showing the scenario of the address (or the text's example)."""
    state = state_of(request)
    data, problem = _state_from(s, example, rules)
    form = form_state(data)
    seen: dict[str, Any] = {}
    view, error = outcome_of(data, state, seen)
    hints, _ = _hint_errors(data, state)
    page = render("calculator.html", form=form, view=view, error=error, hints=hints,
                  problem=problem, catalog_problem=state.catalog_problem, choices=_choices(state),
                  scenario=json.dumps(data, ensure_ascii=False),
                  defaults={"penav": PENAV_DEFAULT, "gurps": GURPS_DEFAULT}, seed=seen.get("seed"),
                  new_card=CardForm, new_item=lambda: Item(""), new_blast_cover=_new_blast_cover)
    return HTMLResponse(page)


def _new_blast_cover() -> BlastCover:
    """A cover added between a blast and a target: a thin slab (its DR alone, GU-6), which needs
    no HP; unticked, it takes HP as a cover card's (kept from a file)."""
    return BlastCover(slab=True)


@router.post("/ui/outcome")
async def ui_outcome(request: Request) -> JSONResponse:
    """The outcome band as HTML, the field hints, every error with its field (AP-2 parts), and
    whether the scenario was resolved (else the page keeps its last outcome, marked stale)."""
    state = state_of(request)
    data = await read_json(request, state.limits)  # checked as it is read, once
    hints, errors = _hint_errors(data, state)
    seen: dict[str, Any] = {}
    view, error = outcome_of(data, state, seen)
    if error is not None and all(e.field != error.field for e in errors):
        errors.insert(0, error)
    # each problem of an input with several apart, so each is shown beside its own field
    errors = [part for e in errors for part in (e.with_also(()), *e.also)]
    html = render("_outcome.html", view=view, error=error)
    return JSONResponse({"html": html, "hints": hints, "errors": [error_body(e) for e in errors],
                         "resolved": view is not None, "seed": seen.get("seed")})


# --- the GM's chart -------------------------------------------------------------------------------


@router.get("/table", response_class=HTMLResponse)
def gm_table(
    request: Request,
    attack: Annotated[list[str] | None, Query()] = None,
    armour: Annotated[list[str] | None, Query()] = None,
    cover: Annotated[list[str] | None, Query()] = None,
    band: Annotated[list[str] | None, Query()] = None,
    from_: Annotated[str, Query(alias="from")] = "front",
    ammo: Annotated[str | None, Query()] = None,
) -> HTMLResponse:
    """Which attacks defeat which armour at each range band, as ``armourpen table`` charts it."""
    from armourpen.web.table import charts

    state = state_of(request)
    if not request.query_params:
        armour = ["NIJ"]  # a first view that fits a screen; clear the filter for every item
    params: dict[str, Any] = {
        "attacks": split(attack),
        "armour": split(armour),
        "cover": split(cover),
        "bands": split(band),
        "directions": [from_],
        "ammo": ammo or None,
    }
    error = None
    result = None
    try:
        result = state.table(params)
    except InputError as exc:
        error = exc
    page = render("table.html", params=params, result=None if result is None else charts(result),
                  error=error, choices=_choices(state), directions=DIRECTIONS)
    return HTMLResponse(page)


# --- the charts ------------------------------------------------------------------------------------

CHART_KINDS = ("pen-range", "matrix", "slope", "odds")


def split(values: list[str] | None) -> list[str]:
    """Several names in one box, separated by ";" (names may hold commas)."""
    return [part.strip() for v in values or () for part in v.split(";") if part.strip()]


def inline_svg(text: str) -> str:
    """Matplotlib's SVG document as an element to place in a page (no XML prologue)."""
    return text[text.index("<svg"):]


def _chart(state: WebState, params: dict[str, Any]) -> Any:
    """The chart value the charts page's form asks for (the same calls as the API's)."""
    from armourpen.scenario import example_path, read_scenario_file
    from armourpen.web.state import SweepFilters

    filters = SweepFilters(tuple(params["attacks"]), tuple(params["armour"]),
                           tuple(params["cover"]), (), params["from"], params["ammo"] or None)
    kind = params["kind"]
    if kind == "pen-range":
        return state.pen_range_chart(filters)
    if kind == "matrix":
        return state.matrix_chart(filters, params["band"] or None, params["range"] or None)
    if kind == "slope":
        return state.slope_chart(params["thickness"] or None, params["av"] or None)
    return state.odds_chart(read_scenario_file(example_path(params["example"], "example")))


@router.get("/charts", response_class=HTMLResponse)
def charts_page(
    request: Request,
    kind: Annotated[str, Query()] = "pen-range",
    attack: Annotated[list[str] | None, Query()] = None,
    armour: Annotated[list[str] | None, Query()] = None,
    cover: Annotated[list[str] | None, Query()] = None,
    band: Annotated[str | None, Query()] = None,
    range: Annotated[str | None, Query()] = None,  # named as the CLI's option
    from_: Annotated[str, Query(alias="from")] = "front",
    ammo: Annotated[str | None, Query()] = None,
    thickness: Annotated[str | None, Query()] = None,
    av: Annotated[str | None, Query()] = None,
    example: Annotated[str | None, Query()] = None,
) -> HTMLResponse:
    """The charts of ``armourpen chart``, drawn on the server as SVG (text kept as text)."""
    state = state_of(request)
    kind = kind if kind in CHART_KINDS else "pen-range"
    fresh = len(request.query_params) <= 1  # only the kind: show an example of it
    params: dict[str, Any] = {
        "kind": kind, "attacks": split(attack), "armour": split(armour), "cover": split(cover),
        "band": (band or "").strip(), "range": (range or "").strip(), "from": from_,
        "ammo": ammo or "", "thickness": (thickness or "").strip(), "av": (av or "").strip(),
        "example": example or "agent-gray",
    }
    if fresh:
        params.update(attacks=["7.62x51mm NATO", "9mm Parabellum pistol"], armour=["NIJ Type III"],
                      band="very_long", thickness="60mm")
        if kind == "matrix":
            params.update(attacks=["7.62", "9mm"], armour=["NIJ"])
    picture, error = "", None
    try:
        picture = inline_svg(state.svg(_chart(state, params)))
    except InputError as exc:
        error = exc
    from armourpen.scenario import example_names, read_scenario_file

    gurps_examples = [n for n in example_names()
                      if read_scenario_file(f"example:{n}").get("rules") == "gurps"]
    page = render("charts.html", params=params, picture=picture, error=error, kinds=CHART_KINDS,
                  directions=DIRECTIONS, choices=_choices(state), examples=gurps_examples)
    return HTMLResponse(page)


# --- the API's own page ---------------------------------------------------------------------------


@router.get("/api", response_class=HTMLResponse)
def api_page(request: Request) -> HTMLResponse:
    """The HTTP API's routes, from its OpenAPI description (which ``/openapi.json`` serves), its
    Markdown rendered."""
    described = request.app.openapi()
    routes = [
        (method.upper(), path, markdown(op.get("summary", ""), inline=True),
         markdown(op.get("description", "")))
        for path, ops in described["paths"].items() for method, op in ops.items()
    ]
    return HTMLResponse(render("api.html", routes=routes, description=markdown(
        described["info"].get("description", ""))))


def markdown(text: str, *, inline: bool = False) -> Markup:
    """The API's own Markdown as HTML (CommonMark; any HTML in the text is escaped, not kept)."""
    from markupsafe import Markup

    parser = _markdown()
    return Markup(parser.renderInline(text) if inline else parser.render(text))


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})
