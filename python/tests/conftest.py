"""Shared paths and helpers for the tests of the Python package.

The rules data come from the repository's own Rust test data
(``tests/data``), so both test suites check the same figures.
"""

from pathlib import Path

import pytest

#: The repository root (``python/tests/conftest.py`` is two levels down).
REPO = Path(__file__).resolve().parents[2]
#: The Rust tests' data files.
DATA = REPO / "tests" / "data"


def kaissa_perft_cases():
    """The Fairy-Stockfish perft counts of ``tests/data/kaissa.perft``:
    ``(depth, nodes, position text)`` triples."""
    cases = []
    for line in (DATA / "kaissa.perft").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        depth, nodes, text = line.split(" ", 2)
        cases.append((int(depth), int(nodes), text))
    return cases


@pytest.fixture
def records_dir():
    """The folder of sample records used by the Rust record tests."""
    return DATA / "records"
