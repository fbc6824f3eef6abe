"""The type stubs agree with the module (mypy's stubtest), when mypy is
installed (``pip install mypy``); skipped otherwise, except under CI
(``CI=true``), where a missing mypy is a failure: ``.ci/run`` installs it."""

import os
import subprocess
import sys

import pytest


def test_stubs_match_the_runtime():
    if os.environ.get("CI") == "true":
        import mypy.stubtest  # noqa: F401  (CI installs mypy: never skipped there)
    else:
        pytest.importorskip("mypy.stubtest")
    command = [sys.executable, "-m", "mypy.stubtest", "kaissa_chaturaji", "--concise"]
    run = subprocess.run(command + ["--ignore-disjoint-bases"], capture_output=True, text=True)
    if "unrecognized arguments" in run.stderr:  # an older mypy without PEP 800
        run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
