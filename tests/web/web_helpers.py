"""What several web tests share."""

from __future__ import annotations

SCRIPT_NAME = "<script>alert('pwned')</script> rifle"
"""A user's attack profile named like an injection: it must show as text everywhere."""
