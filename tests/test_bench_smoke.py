"""The benchmarks still run: each bench script, at its smallest, exits 0 and prints its figures.

The benches are not run in CI otherwise (they time things, which a test never judges): this runs
each once with the fewest rounds and items, so that a change to the API they call cannot break
them unseen. Only that they run and what they print is checked, never a figure's size (the sweep
bench checks itself that its baselines agree with the sweep).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench"
FIGURE = re.compile(r"([a-z0-9_]+): (\S.*)")


def figures(script: str, *args: str) -> dict[str, str]:
    """Run ``bench/SCRIPT ARGS``; its `name: value` lines (every line it prints must be one)."""
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True,
                          text=True, timeout=300, cwd=BENCH.parent)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines, done.stderr
    found = {}
    for text in lines:
        m = FIGURE.fullmatch(text)
        assert m is not None, f"not a `name: value` line: {text!r}"
        found[m.group(1)] = m.group(2)
    return found


def test_bench_sweep_runs() -> None:
    got = figures("sweep.py", "--rounds", "1", "--min-time", "0", "--sample", "20")
    assert list(got) == ["sweep_grid", "sweep_ms_per_grid", "sweep_cells_per_second",
                         "resolve_cells_per_second", "load_and_resolve_cells_per_second",
                         "sweep_vs_resolve_ratio", "sweep_vs_load_and_resolve_ratio"]
    # every catalog attack x 40 armour items and 40 cover + armour pairs x 11 bands x 6 directions
    assert re.fullmatch(r"\d+ attacks x 80 defences x 11 bands x 6 directions = \d+ cells",
                        got["sweep_grid"])


def test_bench_screen_runs() -> None:
    got = figures("screen.py", "--rounds", "1", "--min-time", "0", "--items", "2")
    assert list(got) == ["screen_pages", "screen_bytes", "screen_full_catalog_s",
                         "markdown_full_catalog_s", "screen_vs_markdown"]
    assert int(got["screen_pages"]) >= 2 and int(got["screen_bytes"]) > 0  # a page, and thickness


def test_bench_web_runs() -> None:
    # two servers on loopback, one client, one short round each
    got = figures("web.py", "--clients", "1", "--seconds", "0.3", "--rounds", "1")
    assert set(got) == {"server", "clients", "workers", "seconds_per_round", "resolve_over_baseline",
                        "resolve_over_bare", "resolve_p99_over_baseline_p99",
                        "baseline_cpu_over_resolve_cpu", "light_under_heavy_requests_per_s",
                        "light_under_heavy_p99_ms", "light_under_heavy_errors",
                        *(f"{name}_{figure}" for name in ("resolve", "baseline", "bare")
                          for figure in ("requests_per_s", "p50_ms", "p99_ms", "errors",
                                         "server_cpu_us_per_request"))}
    # every request answered 200: the baseline's body is valid for its model, as resolve's is
    assert got["resolve_errors"] == got["baseline_errors"] == got["bare_errors"] == "0"
    assert int(got["resolve_requests_per_s"]) > 0
    # the web extra installs httptools and uvloop, which uvicorn takes: the bench says so
    assert re.fullmatch(r"uvicorn \S+ \(httptools, uvloop\)", got["server"]), got["server"]


def test_bench_web_inline_runs() -> None:
    # every adversarial body once, on the inline path of the app as served (no server started)
    got = figures("web_inline.py", "--repeat", "1")
    bodies = [name for name in got if name.startswith("body_")]
    assert len(bodies) > 100  # the hostile kinds at every place of both scenarios, and more
    assert {"bounds", "worst_inline_answer_ms", "worst_before_hand_off_ms",
            "bodies_over_the_bound"} == set(got) - set(bodies)
    # the heavy bodies go to the workers, found so before any work; the 1 MB ones unparsed
    burst = [got[b] for b in bodies if "a burst of 10,000 shots" in got[b]]
    assert len(burst) == 1 and "to the workers" in burst[0]
    whole = [got[b] for b in bodies if "(1 MB)" in got[b]]
    assert whole and all("to the workers" in t or "refused 413" in t for t in whole)


def test_bench_web_holds_runs() -> None:
    # one server on loopback: a flood of two seconds, the connections, a big head, an overflow
    got = figures("web_holds.py", "--seconds", "2")
    assert set(got) == {"worker_address_space_limit", "overflow_status", "overflow_traceback_shown",
                        "overflow_body", "head_10mb_status", "head_10mb_bytes_taken",
                        "fair_others_requests", "fair_others_503", "fair_others_200",
                        "fair_others_other", "fair_others_worst_s", "fair_flooder",
                        "conn_new_address_status"}


def test_bench_odds_caps_runs() -> None:
    got = figures("odds_caps.py", "--only", "shot 40d pi", "--timeout", "120")
    assert list(got) == ["shot_40d_pi_3_targets"]
    assert "estimate" in got["shot_40d_pi_3_targets"]
    assert "within the default caps" in got["shot_40d_pi_3_targets"]
