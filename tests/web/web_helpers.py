"""What several web tests share."""

from __future__ import annotations

SCRIPT_NAME = "<script>alert('pwned')</script> rifle"
"""A user's attack profile named like an injection: it must show as text everywhere."""

TEST_HOSTS = ("testserver",)
"""The host name TestClient sends: the tests' apps answer to it as a served one would to a name
given with ``armourpen serve --allow-host`` (any other name is refused, DNS rebinding)."""

JSON_TYPE = {"Content-Type": "application/json"}
"""The header of a JSON body sent as raw bytes (``content=``): the API reads no other type."""
