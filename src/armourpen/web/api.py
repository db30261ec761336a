"""The HTTP API: each answer is the JSON of the matching CLI command with ``--json``.

Both call the same public API (``armourpen.resolve``, ``odds``, ``sample``, ``table``,
``thickness``, ``estimate``, ``roll``, the catalog, the charts) and print through the one serializer, so the
two cannot drift apart (the contract tests compare them). Bodies of ``resolve`` and ``odds`` are
scenarios exactly as in a scenario file (JSON); parameters are named as the API names them
(``samples``, ``armour[1]``), where the CLI names its flags (``--samples``, ``--armour #2``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import PlainTextResponse, Response
from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    ValidationError,
)

import armourpen
from armourpen.errors import InputError, UnknownNameError
from armourpen.serialize import compact
from armourpen.web.answers import SCHEMAS, ok, ok_chart, ref
from armourpen.web.body import read_json
from armourpen.web.errors import ERROR_SCHEMA, MalformedBody, NotFound, unknown_name
from armourpen.web.examples import body_examples, one
from armourpen.web.guard import gcs_bytes
from armourpen.web.inline import weigh
from armourpen.web.state import FRESH, SweepFilters, WebState, state_of

if TYPE_CHECKING:
    from armourpen.scenario import Scenario


def answer(value: object, status: int = 200) -> Response:
    """A value in the one JSON language (``armourpen.serialize``), compact."""
    return Response(compact(value), status_code=status, media_type="application/json")


def svg_answer(text: str) -> Response:
    return Response(text, media_type="image/svg+xml")


# --- request bodies ---------------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


TABLE_NAMES = {"attack": "attacks", "armour": "armour", "cover": "cover", "defence": "defences",
               "band": "bands", "range": "distances", "from": "directions", "ammo": "ammo",
               "optional_rule": "optional_rules"}
"""The body's keys of ``/api/table``, named as the CLI's options and the charts' parameters, and
the parameters of :func:`armourpen.table` they give (the names the body took before, still read)."""


def _renamed(name: str) -> Any:
    """A key read by its name and, for the bodies written before, by the Python API's name."""
    old = TABLE_NAMES[name]
    return AliasChoices(name, old) if old != name else name


class TableRequest(_Body):
    """The parameters of :func:`armourpen.table`, named as ``armourpen table``'s options and the
    charts' query parameters (``attack``, ``band``, ``from``); the Python API's names (``attacks``,
    ``bands``, ``directions``) are read too."""

    attack: list[StrictStr] = Field(default_factory=list, validation_alias=_renamed("attack"),
                                    description="names, or text names contain")
    armour: list[StrictStr] = Field(default_factory=list)
    cover: list[StrictStr] = Field(default_factory=list)
    defence: list[StrictStr] = Field(default_factory=list, validation_alias=_renamed("defence"),
                                     description="exact combinations joined by '+'")
    band: list[StrictStr] = Field(default_factory=list, validation_alias=_renamed("band"))
    range: list[StrictStr] = Field(default_factory=list, validation_alias=_renamed("range"),
                                   description="distances instead of bands, e.g. 150m")
    from_: list[StrictStr] = Field(default_factory=lambda: ["front"], alias="from",
                                   validation_alias=_renamed("from"))
    ammo: StrictStr | None = None
    optional_rule: list[StrictStr] = Field(default_factory=list,
                                           validation_alias=_renamed("optional_rule"))

    def arguments(self) -> dict[str, Any]:
        """The keyword arguments of :func:`armourpen.table`."""
        return {TABLE_NAMES[key]: getattr(self, key + "_" if key == "from" else key)
                for key in TABLE_NAMES}


class RollRequest(_Body):
    """A GURPS damage roll (``armourpen roll``); without a seed, a fresh one is drawn and shown."""

    damage: StrictStr
    seed: StrictInt | None = None


class EstimateRequest(_Body):
    """A round's ballistics (``armourpen estimate``'s options): texts with their units, or numbers
    in mm, g and m/s."""

    calibre: StrictStr | StrictInt | StrictFloat = Field(
        description="The calibre (a sub-calibre round's penetrator): 6.5mm, .308in, 2cm; a bare "
        "number is mm from 1 and inches under 1: .308 is .308in")
    mass: StrictStr | StrictInt | StrictFloat = Field(description="The bullet's mass: 9g, 147gr; bare: g")
    velocity: StrictStr | StrictInt | StrictFloat = Field(
        description="The muzzle velocity: 820m/s, 2700fps; bare: m/s")
    bullet: StrictStr = Field("ball", description="ball, lead, soft, ap or sub_calibre")
    column: StrictStr | None = Field(None, description="handgun or rifle (PA-4); chosen from the "
                                     "round when absent")


def validated(model: type[_Body], data: dict[str, Any]) -> Any:
    from armourpen.validation import from_validation_error

    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise from_validation_error(exc, error=InputError, model=model) from None


def check_texts(state: WebState, field: str, texts: list[str]) -> None:
    """Names and search texts are bounded as the CLI bounds them (``max_text_chars``)."""
    for i, text in enumerate(texts):
        state.limits.check("max_text_chars", len(text), "characters", f"{field}[{i}]")


def _schema_ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


def _error(text: str) -> dict[str, Any]:
    return {"description": text, "content": {"application/json": {"schema": _schema_ref("Error")}}}


NOT_JSON = {"415": _error("The body is not sent as application/json (Content-Type)")}


def _json_body(schema: dict[str, Any], description: str, path: str) -> dict[str, Any]:
    """A route's JSON body, with its worked examples (Swagger UI fills in the first)."""
    return {"requestBody": {"required": True, "description": description,
                            "content": {"application/json": {
                                "schema": schema, "examples": body_examples(path)}}},
            "responses": NOT_JSON}


GCS_BODY = {
    "requestBody": {
        "required": True,
        "description": "The .gcs file (GCS format 5, JSON): its JSON as application/json; or, "
        "from this server's own page or a client that sends no Origin (curl), the file as "
        "multipart/form-data (a field named file) or its bytes as application/octet-stream",
        "content": {"application/json": {"schema": {"type": "object"},
                                         "examples": body_examples("/api/gcs")},
                    "multipart/form-data": {"schema": {
                        "type": "object", "required": ["file"],
                        "properties": {"file": {"type": "string", "format": "binary"}}}},
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}},
    },
    "responses": {"403": _error("A form or raw bytes sent by a page of another origin"),
                  "415": _error("The body is sent in none of these forms (Content-Type)")},
}


def scenario_body(path: str) -> dict[str, Any]:
    return _json_body(_schema_ref("Scenario"), "A scenario, exactly as a scenario file (JSON) "
                      "holds it: `rules`, `attack`, `line`, ...", path)

ERRORS: dict[int | str, dict[str, Any]] = {
    code: _error(text)
    for code, text in ((400, "The body is not UTF-8 JSON, or holds a key twice, NaN, ..."),
                       (404, "No such item"), (413, "The body is over the size cap"),
                       (421, "The Host header names no address of this server"),
                       (422, "Bad input (AP-2): the field, the value and what is allowed"))
}


async def load(request: Request) -> Scenario:
    """The body's scenario, its names looked up in the app's catalog, within its caps."""
    state = state_of(request)
    data = await read_json(request, state.limits)  # checked as it is read, once
    return state.load_scenario(data)


# --- the routes -------------------------------------------------------------------------------
# resolve, odds, table and roll read their body themselves (read_json), not as a declared body:
# the JSON reader refuses a key given twice, NaN and nesting past the caps as it reads, which
# FastAPI's body parsing would let through; the OpenAPI description names the body all the same.

router = APIRouter(prefix="/api", responses=ERRORS)

Format = Annotated[str, Query(description="json (the chart's data, as `--json`) or svg")]


@router.post("/resolve", openapi_extra=scenario_body("/api/resolve"), responses=ok("Outcome", "The outcome"),
              summary="Resolve a scenario (armourpen resolve --json)")
async def resolve(request: Request) -> Response:
    """The explained outcome; a GURPS scenario with neither `roll` nor `seed` is rolled with a
    fresh seed, which the answer shows (`attack.seed`) so that the roll can be replayed."""
    scenario = await load(request)
    weigh(request.scope, armourpen.resolve_work(scenario))  # answered inline: light work only
    outcome = armourpen.resolve(scenario, FRESH)
    return answer(outcome)


@router.post("/resolve/text", openapi_extra=scenario_body("/api/resolve/text"),
              response_class=PlainTextResponse, responses={200: {"description": "The outcome as plain text",
                               "content": {"text/plain": {}}}},
              summary="The outcome as plain text (armourpen resolve, piped)")
async def resolve_text(request: Request) -> Response:
    """The outcome in the words and columns of `armourpen resolve` writing to a pipe: the head
    line, the table, the notes and every step with its ruling id (for pasting into a chat)."""
    from armourpen.rulesets import rule_set_of
    from armourpen.view.plain import render_layout

    scenario = await load(request)
    outcome = armourpen.resolve(scenario, FRESH)
    return PlainTextResponse(render_layout(rule_set_of(outcome).layout(outcome)) + "\n")


@router.post("/odds", openapi_extra=scenario_body("/api/odds"), responses=ok("Odds", "The odds"),
             summary="Exact odds or Monte Carlo for a GURPS scenario (armourpen odds --json)")
async def odds(
    request: Request,
    samples: Annotated[int | None, Query(description="Sample this many shots instead")] = None,
    seed: Annotated[int | None, Query(description="Seed for samples")] = None,
) -> Response:
    """Exact odds over every roll, or with `samples` a Monte Carlo estimate (seed drawn when
    not given, and shown)."""
    state = state_of(request)
    scenario = await load(request)
    if samples is None:
        if seed is not None:
            raise InputError("seed", seed, "a seed goes with samples=N")
        return answer(armourpen.odds(scenario, limits=state.limits))
    if seed is None:
        seed = FRESH.randrange(2**32)
    return answer(armourpen.sample(scenario, samples, seed, limits=state.limits))


@router.post("/table", summary="The GM's penetration chart (armourpen table --format json)",
             responses=ok("Table", "The chart's cells"),
              openapi_extra=_json_body(_schema_ref("TableRequest"), "What to chart",
                                        "/api/table"))
async def table(request: Request) -> Response:
    """Which attacks defeat which armour and cover at each range band (or distance), as rows.
    The body's keys are named as `armourpen table`'s options and the charts' parameters
    (`attack`, `band`, `range`, `from`); the older names (`attacks`, `bands`, `distances`,
    `directions`, ...) are still read."""
    state = state_of(request)
    params: TableRequest = validated(TableRequest, await read_json(request, state.limits))
    for key in TABLE_NAMES:
        value = getattr(params, key + "_" if key == "from" else key)
        if value is not None:
            check_texts(state, key, [value] if isinstance(value, str) else value)
    try:
        return answer(state.table(params.arguments()))
    except InputError as exc:  # blamed on the body's key, named as the body names it
        raise _table_key(exc) from None


def _table_key(exc: InputError) -> InputError:
    """``exc`` of :func:`armourpen.table` (``bands[0]``) blamed on the body's key (``band[0]``)."""
    head, sep, rest = exc.field.partition("[")
    body_key = {old: new for new, old in TABLE_NAMES.items()}.get(head)
    return exc if body_key is None else exc.at(body_key + sep + rest)


@router.get("/catalog", summary="List or search the catalog (armourpen catalog list|search --json)",
            responses={200: {"description": "The items; with `q`, each says why it matched "
                             "(`matched_by`)", "content": {"application/json": {
                                 "schema": {"type": "array", "items": ref("CatalogHit")}}}}})
def catalog(
    request: Request,
    kind: Annotated[str | None, Query(description="attack, armour, cover, vehicle or ammo",
                                      openapi_examples=one("armour", "armour"))] = None,
    q: Annotated[str | None, Query(description="Words to look for; every item when absent",
                                   openapi_examples=one("NIJ armour", "nij"))] = None,
) -> Response:
    """Without `q`, every item (of `kind`) in file order; with it, the matches best first, each
    with why it matched (`matched_by`: by name, alias, note or a close spelling)."""
    from armourpen import catalog_item_dict as item_dict
    from armourpen import parse_catalog_kind as parse_kind
    from armourpen.view.catalog import hit_dict

    state = state_of(request)
    if q is not None and "\ufffd" in q:  # perhaps bytes Starlette read as U+FFFD: look
        _refuse_not_utf8(request, "q")
    k = None if kind is None else parse_kind(kind)
    if q is None:
        return answer([item_dict(i) for i in state.catalog.items(k)])
    return answer([hit_dict(m) for m in state.catalog.matches(q, k, limits=state.limits,
                                                               field="q")])


@router.get("/catalog/{name:path}", summary="One catalog item (armourpen catalog show --json)",
            responses=ok("CatalogItem", "The item"))
def catalog_item(
    request: Request,
    name: Annotated[str, Path(description="A name or alias, any case",
                              openapi_examples=one("A vest", "NIJ Type III"))],
    kind: Annotated[str | None, Query(description="attack, armour, cover, vehicle or ammo")] = None,
) -> Response:
    from armourpen import catalog_item_dict as item_dict

    state = state_of(request)
    if "\ufffd" in name:
        _refuse_not_utf8(request, "name")
    state.limits.check("max_text_chars", len(name), "characters", "name")
    try:
        item = state.catalog.get(name, kind, field="name")
    except UnknownNameError as exc:
        raise unknown_name(exc) from None
    return answer(item_dict(item))


def _refuse_not_utf8(request: Request, field: str) -> None:
    """Refuse a path or query whose percent-encoded bytes are not UTF-8 (``/api/catalog/%ff``):
    Starlette reads each such byte as U+FFFD, so the answer would name a character nobody sent
    (AP-2: the value as sent, and what is allowed)."""
    from urllib.parse import parse_qsl, unquote_to_bytes

    raw: bytes = request.scope.get("raw_path") or b""
    query: bytes = request.scope.get("query_string") or b""
    # the name as sent: what follows /catalog/ (a name may hold a slash)
    where = (raw.partition(b"/catalog/")[2] if field == "name" else query).decode("latin-1")
    try:
        if field == "name":
            unquote_to_bytes(where).decode("utf-8")
        else:
            parse_qsl(where, keep_blank_values=True, encoding="utf-8", errors="strict")
    except UnicodeDecodeError:
        raise InputError(field, where[:200], "text percent-encoded as UTF-8 (%C3%A9 for é); "
                         "these bytes are not UTF-8") from None


@router.get("/thickness", summary="The thickness curve both ways (armourpen thickness --json)",
            responses=ok("Thickness", "The curve around the value"))
def thickness(
    mm: Annotated[str | None, Query(description="A thickness of RHA: 120mm, 4cm, 2in; bare: mm",
                                    openapi_examples=one("120 mm of steel", "120mm"))] = None,
    av: Annotated[int | None, Query(description="A personal AV")] = None,
    sav: Annotated[str | None, Query(description="A structural AV, e.g. 6.8")] = None,
) -> Response:
    """Exactly one of `mm`, `av` or `sav` (PA-11)."""
    return answer(armourpen.thickness(mm, av=av, sav=sav))


@router.post("/estimate", summary="A suggested PEN for a round (armourpen estimate --json)",
             responses=ok("Estimate", "The suggested PEN"),
             openapi_extra=_json_body(_schema_ref("EstimateRequest"), "The round's ballistics",
                                        "/api/estimate"))
async def estimate(request: Request) -> Response:
    """The suggested PEN (SPEN past the small-arms table), the interval of the fit's error (null
    for a round outside the text's rows, with a warning saying where), the range column and each
    band's figures, the nearest rows of the text's tables, and the steps."""
    state = state_of(request)
    params: EstimateRequest = validated(EstimateRequest, await read_json(request, state.limits))
    for key in ("calibre", "mass", "velocity", "bullet", "column"):
        value = getattr(params, key)
        if isinstance(value, str):  # bounded as the CLI bounds a flag's text
            state.limits.check("max_text_chars", len(value), "characters", key)
    return answer(armourpen.estimate(calibre=params.calibre, mass=params.mass,
                                     velocity=params.velocity, bullet=params.bullet,
                                     column=params.column))


@router.post("/roll", summary="Roll GURPS damage (armourpen roll --json)",
             responses=ok("Roll", "The roll"),
              openapi_extra=_json_body(_schema_ref("RollRequest"), "The damage and a seed",
                                        "/api/roll"))
async def roll(request: Request) -> Response:
    """The dice, the basic damage (GU-2) and the canonical notation (GU-1); without a seed a
    fresh one is drawn and shown."""
    state = state_of(request)
    params: RollRequest = validated(RollRequest, await read_json(request, state.limits))
    check_texts(state, "damage", [params.damage])
    seed: int | random.Random = FRESH if params.seed is None else params.seed
    return answer(armourpen.roll(params.damage, seed))


@router.post("/gcs", summary="What a GCS character file gives a GURPS target, or its weapons "
             "(armourpen gcs show [--weapons] --json)", openapi_extra=GCS_BODY,
             responses=ok("GcsAnswer", "The target, or the weapons"))
async def gcs(
    request: Request,
    name: Annotated[str | None, Query(description="The file's name, for messages",
                                      openapi_examples=one("Ogre.gcs", "Ogre.gcs"))] = None,
    weapons: Annotated[bool, Query(description=(
        "The sheet's weapons instead (usage, damage, skill, RoF, Rcl, 1/2D), each marked usable "
        "as an attack or not, with why"))] = False,
) -> Response:
    """HP, ST, HT, the body's hit locations with their roll ranges and DR, traits and warnings;
    or (`weapons=true`) every weapon of the sheet. In a scenario sent to `resolve` or `odds`, a
    target's or an attack's `gcs` is this file's JSON itself."""
    from armourpen import load_gcs

    state = state_of(request)
    if name is not None:
        state.limits.check("max_text_chars", len(name), "characters", "name")
    raw = await gcs_bytes(request, state.limits)
    character = load_gcs(raw, name or "(uploaded file)", limits=state.limits)
    if weapons:
        from armourpen import gcs_weapons_answer

        return answer(gcs_weapons_answer(character))
    return answer(character)


@router.get("/schema/{rules}", summary="The JSON Schema of scenario files (armourpen schema)",
            responses=ok("JsonSchema", "The schema"))
def schema(rules: Annotated[str, Path(description="penav or gurps",
                                      openapi_examples=one("GURPS", "gurps"))]) -> Response:
    from armourpen.rulesets import RULE_SETS
    from armourpen.scenario import json_schema

    if rules not in RULE_SETS:
        raise NotFound("rules", rules, "allowed: " + ", ".join(RULE_SETS))
    return answer(json_schema(rules))


# --- charts -------------------------------------------------------------------------------------

Names = Annotated[list[str] | None, Query()]


def _chart(request: Request, chart: Any, fmt: str) -> Response:
    if fmt == "json":
        return answer(chart)
    return svg_answer(state_of(request).svg(chart))


def _format(fmt: str) -> str:
    if fmt not in ("json", "svg"):
        raise InputError("format", fmt, "allowed: json, svg")
    return fmt


def sweep_filters(
    attack: Annotated[list[str] | None, Query(openapi_examples=one(
        "Two rounds", ["7.62x51mm NATO", "9mm"]))] = None,
    armour: Annotated[list[str] | None, Query(openapi_examples=one(
        "A vest", ["NIJ Type III"]))] = None,
    cover: Names = None,
    defence: Names = None,
    from_: Annotated[str, Query(alias="from")] = "front",
    ammo: str | None = None,
    optional_rule: Names = None,
) -> SweepFilters:
    """The filters of a PEN/AV chart, named as the CLI's options (repeat a parameter for more)."""
    return SweepFilters(tuple(attack or ()), tuple(armour or ()), tuple(cover or ()),
                        tuple(defence or ()), from_, ammo, tuple(optional_rule or ()))


Filters = Annotated[SweepFilters, Depends(sweep_filters)]


@router.get("/chart/pen-range", summary="PEN against distance (armourpen chart pen-range --json)",
            responses=ok_chart("PenRangeChart"))
def chart_pen_range(request: Request, filters: Filters, format: Format = "json") -> Response:
    """Effective PEN (and DC modifier) against distance, with the AV of armour and cover as lines."""
    fmt = _format(format)
    return _chart(request, state_of(request).pen_range_chart(filters), fmt)


@router.get("/chart/matrix", summary="Attacks x defences at one band (armourpen chart matrix --json)",
            responses=ok_chart("MatrixChart"))
def chart_matrix(
    request: Request,
    filters: Filters,
    band: Annotated[str | None, Query(openapi_examples=one("Long", "long"))] = None,
    range: str | None = None,  # named as the CLI's option
    format: Format = "json",
) -> Response:
    """Each cell's outcome and PEN - AV margin at one `band` or one distance (`range`)."""
    fmt = _format(format)
    return _chart(request, state_of(request).matrix_chart(filters, band, range), fmt)


@router.get("/chart/slope", summary="A plate against the angle (armourpen chart slope --json)",
            responses=ok_chart("SlopeChart"))
def chart_slope(
    request: Request,
    thickness: Annotated[str | None, Query(openapi_examples=one("60 mm", "60mm"))] = None,
    av: int | None = None,
    format: Format = "json",
) -> Response:
    """Effective AV and thickness against the angle of incidence (PA-10, PA-11)."""
    fmt = _format(format)
    return _chart(request, WebState.slope_chart(thickness, av), fmt)


@router.post("/chart/odds", openapi_extra=scenario_body("/api/chart/odds"), responses=ok_chart("OddsChart"),
             summary="Injury odds of a GURPS scenario (armourpen chart odds --json)")
async def chart_odds(request: Request, format: Format = "json") -> Response:
    """The injury distribution of every target, from the exact odds."""
    fmt = _format(format)
    state = state_of(request)
    data = await read_json(request, state.limits)
    return _chart(request, state.odds_chart(data, to_draw=fmt == "svg"), fmt)


def components() -> dict[str, Any]:
    """The schemas the routes refer to, for the OpenAPI description."""
    from armourpen.web.openapi import scenario_schemas

    schemas: dict[str, Any] = {"Error": ERROR_SCHEMA, **SCHEMAS}
    for model in (TableRequest, RollRequest, EstimateRequest):
        schemas[model.__name__] = model.model_json_schema(
            ref_template="#/components/schemas/{model}")
    schemas.update(scenario_schemas())
    return schemas


__all__ = ["MalformedBody", "components", "router"]
