"""Seeded random playouts as Ray tasks, spread over a cluster, checked
against the same batch played on one machine.

Game ``i`` of a batch with seed ``S`` is played from its own seed
(``Playouts(start, S).game_seed(i)``), so a game's plies and outcome do
not depend on where, when or next to which other games it is played. This
example splits the games ``0..N-1`` into chunks, plays each chunk as one
Ray task (``Playouts(...).game(i)`` for each of its games), merges the
per-game results on the driver into the figures of ``PlayoutStats``, then
plays the same batch on the driver's machine with ``Playouts(...).games(N)``
and checks that the figures are equal.

Usage (with ``pip install kaissa-chaturaji ray``)::

    python ray_playouts.py chaturaji --rules ludii --games 2000 --seed 7 --chunk 100
    python ray_playouts.py kaissa --games 500 --seed 1 --address HEAD:6379

Without ``--address`` a local Ray instance is started for this run (every
core, no dashboard, quiet); with it, the driver joins an existing cluster
(``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on
the others). Every node of a cluster needs ``kaissa-chaturaji`` installed
in the Python environment that runs Ray's workers: the tasks import it
there, and nothing is installed for them at run time. Only the driver
(this script) reads the command line, merges the results and plays the
batch again on its own machine; the tasks play the games.

The figures of both runs are printed; the last line is
``ray-matches-single-machine games <N> plies <P>``. On a mismatch the last
line starts with ``ray-differs-from-single-machine`` and the exit status
is 1.
"""

from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
import time
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa

#: One game's result as a task returns it: its plies and its outcome word
#: (``"draw"``, ``"<winners>-wins"``, or ``"unfinished"`` when the game
#: was still going on at the ply limit).
GameResult = Tuple[int, str]

Start = Union[kaissa.Position, chaturaji.Position]


def start_position(game: str, rules: str) -> Start:
    """The start position of ``game`` (``"kaissa"`` or ``"chaturaji"``;
    ``rules`` is Chaturaji's rules option and is ignored for Kaissa)."""
    if game == "kaissa":
        return kaissa.Position()
    return chaturaji.Position(rules=rules)


def play_games(game: str, rules: str, seed: int, max_plies: int, first: int,
               stop: int) -> List[GameResult]:
    """Plays the games ``first..stop-1`` of the batch with ``seed``, each
    alone from its own seed, and returns their results in game order."""
    playouts = kc.Playouts(start_position(game, rules), seed, max_plies=max_plies)
    results: List[GameResult] = []
    for index in range(first, stop):
        plies, outcome = playouts.game(index)
        results.append((plies, outcome.word if outcome.is_over else "unfinished"))
    return results


@dataclass
class Figures:
    """The figures of a batch that both runs must agree on."""

    games: int = 0
    plies: int = 0
    unfinished: int = 0
    draws: int = 0
    wins: Dict[str, int] = field(default_factory=dict)
    min_length: int = 0
    max_length: int = 0

    @property
    def mean_length(self) -> float:
        """The mean game length in plies (0 without games)."""
        return self.plies / self.games if self.games else 0.0

    def describe(self) -> str:
        """The figures on one line."""
        wins = ", ".join(f"{word} {n}" for word, n in sorted(self.wins.items()))
        return (f"games {self.games} plies {self.plies} unfinished {self.unfinished} "
                f"draws {self.draws} wins {{{wins}}} lengths min {self.min_length} "
                f"mean {self.mean_length:.1f} max {self.max_length}")


def merge(results: Iterable[GameResult]) -> Figures:
    """The figures of a batch from its per-game results."""
    figures = Figures()
    for plies, word in results:
        if figures.games == 0:
            figures.min_length = figures.max_length = plies
        else:
            figures.min_length = min(figures.min_length, plies)
            figures.max_length = max(figures.max_length, plies)
        figures.games += 1
        figures.plies += plies
        if word == "unfinished":
            figures.unfinished += 1
        elif word == "draw":
            figures.draws += 1
        else:
            figures.wins[word] = figures.wins.get(word, 0) + 1
    return figures


def from_stats(stats: kc.PlayoutStats) -> Figures:
    """The figures of a ``PlayoutStats``."""
    return Figures(games=stats.games, plies=stats.plies, unfinished=stats.unfinished,
                   draws=stats.draws, wins=dict(stats.wins), min_length=stats.min_length,
                   max_length=stats.max_length)


def chunks(games: int, chunk: int) -> List[Tuple[int, int]]:
    """The game ranges ``(first, stop)`` of ``games`` games in chunks of at
    most ``chunk`` games."""
    return [(first, min(first + chunk, games)) for first in range(0, games, chunk)]


def connect(address: Optional[str], num_cpus: Optional[int]) -> bool:
    """Joins the Ray cluster at ``address``, or starts a new local Ray
    instance for this process when ``address`` is ``None`` (never joining
    a cluster already running on this machine); does nothing when Ray is
    already initialised here. Returns whether it connected (the caller then
    shuts Ray down).

    The local instance is started quietly and quickly: no dashboard, no
    usage report, Ray's own logging at warnings only, the workers' output
    not copied here. Unless ``RAY_AUTH_MODE`` says otherwise it uses token
    authentication with a fresh token for this run only, passed to its
    processes in the environment (nothing is written under ``~/.ray``).
    Both must be settled before Ray is first imported, hence the import
    here.
    """
    if "ray" not in sys.modules:
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        if address is None and "RAY_AUTH_MODE" not in os.environ:
            os.environ["RAY_AUTH_MODE"] = "token"
            os.environ.setdefault("RAY_AUTH_TOKEN", secrets.token_hex(32))
    import ray

    if ray.is_initialized():
        return False
    if address is not None:
        ray.init(address=address, logging_level=logging.WARNING)
    else:
        ray.init(
            address="local",  # a new instance, even if a cluster runs here
            num_cpus=num_cpus or os.cpu_count() or 1,
            include_dashboard=False,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
    return True


def play_on_ray(args: argparse.Namespace,
                ranges: Sequence[Tuple[int, int]]) -> List[GameResult]:
    """Plays the chunks ``ranges`` of the batch as Ray tasks, one task a
    chunk, and returns the per-game results in game order (Ray must be
    initialised)."""
    import ray

    @ray.remote
    def play_chunk(first: int, stop: int) -> List[GameResult]:
        """One task: the games ``first..stop-1``, on some worker."""
        return play_games(args.game, args.rules, args.seed, args.max_plies, first, stop)

    refs = [play_chunk.remote(first, stop) for first, stop in ranges]
    return [result for chunk in ray.get(refs) for result in chunk]


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        description="Seeded random playouts as Ray tasks, checked against one machine.")
    parser.add_argument("game", choices=["kaissa", "chaturaji"])
    parser.add_argument("--rules", choices=["sheet", "opposite", "ludii"], default="sheet",
                        help="Chaturaji's rules option (default: sheet)")
    parser.add_argument("--games", type=int, required=True, help="games in the batch")
    parser.add_argument("--seed", type=int, required=True, help="the batch's seed")
    parser.add_argument("--chunk", type=int, default=100,
                        help="games per Ray task (default: 100)")
    parser.add_argument("--max-plies", type=int, default=10000,
                        help="plies after which a game counts as unfinished (default: 10000)")
    parser.add_argument("--address", default=None,
                        help="an existing Ray cluster (HEAD:6379); default: a local instance")
    parser.add_argument("--num-cpus", type=int, default=None,
                        help="CPUs of the local instance (default: every core)")
    args = parser.parse_args(argv)
    if args.games < 0 or args.chunk < 1 or args.max_plies < 1 or args.seed < 0:
        parser.error("--games must be >= 0, --chunk and --max-plies >= 1, --seed >= 0")
    if args.game == "kaissa" and args.rules != "sheet":
        parser.error("--rules is for chaturaji")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the batch on Ray and on one machine, prints both and compares
    them; returns the exit status."""
    args = parse_args(argv)
    name = args.game if args.game == "kaissa" else f"chaturaji ({args.rules})"
    ranges = chunks(args.games, args.chunk)

    started = connect(args.address, args.num_cpus)
    import ray

    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))  # type: ignore[no-untyped-call]
        began = time.perf_counter()
        on_ray = merge(play_on_ray(args, ranges))
        ray_seconds = time.perf_counter() - began
    finally:
        if started:
            ray.shutdown()

    began = time.perf_counter()
    playouts = kc.Playouts(start_position(args.game, args.rules), args.seed,
                           threads=os.cpu_count() or 1, max_plies=args.max_plies)
    single = from_stats(playouts.games(args.games))
    single_seconds = time.perf_counter() - began

    print(f"{name}, seed {args.seed}, {args.games} games, max plies {args.max_plies}")
    print(f"ray: {len(ranges)} tasks of up to {args.chunk} games on {cpus} CPUs, "
          f"{ray_seconds:.2f} s")
    print(f"  {on_ray.describe()}")
    print(f"one machine: Playouts.games, {single_seconds:.2f} s")
    print(f"  {single.describe()}")
    if on_ray != single:
        print(f"ray-differs-from-single-machine games {on_ray.games}/{single.games} "
              f"plies {on_ray.plies}/{single.plies}")
        return 1
    print(f"ray-matches-single-machine games {single.games} plies {single.plies}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
