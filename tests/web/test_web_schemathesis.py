"""The HTTP API fuzzed from its own OpenAPI description (schemathesis): valid and invalid requests
for every operation, never a 5xx, every refusal an AP-2 body, and every answer held by the schema
its description gives it (the 200 answers' schemas of ``armourpen.web.answers``).

The number of examples per operation is bounded so that the run stays short.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import response_schema_conformance
from web.web_helpers import TEST_HOSTS

from armourpen.errors import printable
from armourpen.limits import Limits
from armourpen.web import create_app

EXAMPLES = 30
# Smaller caps than the defaults, so that no generated request can ask for minutes of work.
CAPS = Limits(max_odds_work=200_000, max_sample_work=200_000, max_sweep_cells=20_000)

schema = schemathesis.openapi.from_asgi("/openapi.json",
                                        create_app(limits=CAPS, allow_hosts=TEST_HOSTS))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_5xx_and_every_refusal_is_ap2(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
    if response.status_code >= 400:
        body = response.json()
        assert set(body) == {"error", "field", "value", "allowed"}, body
        assert body["error"].startswith(printable(str(body["field"])))
    case.validate_response(response, checks=[response_schema_conformance])
