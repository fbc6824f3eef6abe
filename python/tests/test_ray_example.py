"""The Ray example (``python/examples/ray_playouts.py``): games played as
Ray tasks, in chunks, give the figures of ``Playouts.games`` on one
machine.

The run needs Ray (``pip install ray``); without it the test is skipped,
except under CI (``CI=true``), where a missing Ray is a failure:
``.ci/run`` installs it. The merging of per-game results is checked
without Ray as well.
"""

import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple, Union

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ray_playouts.py"

#: The batches run against one local Ray instance: (command line, start,
#: seed, games).
BATCHES: List[Tuple[str, Union[kaissa.Position, chaturaji.Position], int, int]] = [
    ("chaturaji --rules ludii --games 200 --seed 5 --chunk 120",
     chaturaji.Position(rules="ludii"), 5, 200),
    ("kaissa --games 50 --seed 9 --chunk 20", kaissa.Position(), 9, 50),
]

#: Runs the example's command lines one after the other, as
#: ``python ray_playouts.py ...`` would, against a single local Ray
#: instance started first (one Ray start for every batch); exits with the
#: largest exit status.
DRIVER = """
import runpy, sys
path, lines = sys.argv[1], sys.argv[2:]
runpy.run_path(path, run_name="ray_playouts")["connect"](None, 2)
statuses = []
for line in lines:
    sys.argv = [path] + line.split()
    try:
        runpy.run_path(path, run_name="__main__")
    except SystemExit as done:
        statuses.append(done.code)
    sys.stdout.flush()
sys.exit(max(statuses) if len(statuses) == len(lines) else 2)
"""


def require_ray() -> None:
    """Skips the calling test when Ray is not installed, unless under CI
    (``CI=true``), where the import error fails it."""
    if os.environ.get("CI") == "true":
        import ray  # noqa: F401  (CI installs ray: never skipped there)
    else:
        pytest.importorskip("ray")


def example() -> Dict[str, Any]:
    """The example's functions, loaded without running it."""
    return runpy.run_path(str(EXAMPLE), run_name="ray_playouts")


def test_ray_chunks_match_one_machine() -> None:
    require_ray()
    command = [sys.executable, "-c", DRIVER, str(EXAMPLE)] + [b[0] for b in BATCHES]
    run = subprocess.run(command, check=False, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    expected: List[str] = []
    for _, start, seed, games in BATCHES:
        plies = kc.Playouts(start, seed).games(games).plies
        expected.append(f"ray-matches-single-machine games {games} plies {plies}")
    lines = run.stdout.splitlines()
    assert [line for line in lines if line.startswith("ray-")] == expected, run.stdout
    assert lines[-1] == expected[-1]


@pytest.mark.parametrize(
    "game,rules",
    [("kaissa", "sheet"), ("chaturaji", "sheet"), ("chaturaji", "opposite"),
     ("chaturaji", "ludii")],
    ids=["kaissa", "sheet", "opposite", "ludii"],
)
def test_merged_games_are_the_stats(game: str, rules: str) -> None:
    functions = example()
    # A low ply limit, so that some games are unfinished.
    results = [result
               for first, stop in functions["chunks"](40, 7)
               for result in functions["play_games"](game, rules, 3, 300, first, stop)]
    merged = functions["merge"](results)
    start = functions["start_position"](game, rules)
    stats = kc.Playouts(start, 3, max_plies=300).games(40)
    assert merged == functions["from_stats"](stats)
    assert merged.unfinished > 0 and merged.mean_length == stats.mean_length
    assert functions["chunks"](10, 4) == [(0, 4), (4, 8), (8, 10)]
