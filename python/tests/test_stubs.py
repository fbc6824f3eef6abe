"""The type stubs agree with the module (mypy's stubtest), when mypy is
installed (``pip install mypy``); skipped otherwise, except under CI
(``CI=true``), where a missing mypy is a failure: ``.ci/run`` installs it."""

import importlib.util
import os
import subprocess
import sys
import tempfile

import pytest

#: The research modules and the peer each imports: checked where the peer
#: is installed (always under CI, which installs them all).
RESEARCH_PEERS = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo", "vector": "numpy"}

#: What the research modules import from their peers: where one is absent,
#: mypy (which stubtest runs on the whole package) is told not to look for it.
PEER_IMPORTS = ("gymnasium", "numpy", "open_spiel", "pettingzoo", "pyspiel")


def test_stubs_match_the_runtime():
    if os.environ.get("CI") == "true":
        import mypy.stubtest  # noqa: F401  (CI installs mypy: never skipped there)
    else:
        pytest.importorskip("mypy.stubtest")
    command = [sys.executable, "-m", "mypy.stubtest", "kaissa_chaturaji", "--concise"]
    missing = [
        module
        for module, peer in RESEARCH_PEERS.items()
        if os.environ.get("CI") != "true" and importlib.util.find_spec(peer) is None
    ]
    if missing:
        allowlist = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
        with allowlist:
            for module in missing:
                allowlist.write(f"kaissa_chaturaji\\.{module}(\\..*)?\n")
        command += ["--allowlist", allowlist.name, "--ignore-unused-allowlist"]
        absent = [name for name in PEER_IMPORTS if importlib.util.find_spec(name) is None]
        config = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
        with config:
            config.write("[mypy]\n")
            for name in absent:
                config.write(f"[mypy-{name},{name}.*]\nignore_missing_imports = True\n")
        command += ["--mypy-config-file", config.name]
    run = subprocess.run(command + ["--ignore-disjoint-bases"], capture_output=True, text=True)
    if "unrecognized arguments" in run.stderr:  # an older mypy without PEP 800
        run = subprocess.run(command, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
