"""Steps per CPU second: ``VectorEnv`` against OpenSpiel's chess stepped
from Python, measured in one run on one machine.

Every figure is random play with observations included. OpenSpiel's
chess reads its observation after each step in two ways: ``[T]``
``state.observation_tensor()`` (a list of floats: the plain loop), and
``[O]`` its observer filling a numpy tensor
(``make_observation(game).set_from(state, player)``, the fast way); its
loop without observations is shown too. ``VectorEnv`` returns
observations, masks, players, rewards and done flags for every step. CPU
time is ``time.process_time()`` (all threads of the process), so a
figure does not depend on other programs' load as much as wall time does;
still, compare the ratios of one run, not figures of different runs.

``VectorEnv`` is measured three ways per game: with ``sample_actions()``
(random legal actions drawn in Rust), with one random legal id per row
drawn in numpy from the mask (numpy's own time then dominates: the masks
are thousands of columns wide), and with the first legal id of each row.

    python examples/bench_vector.py [--envs 256] [--seconds 2] [--quick]
    python examples/bench_vector.py --scaling [--seconds 2] [--repeats 5]

``--scaling`` prints instead the CPU time per game-step of ``VectorEnv``
(``sample_actions``) with 256, 1,024 and 4,096 games, and the ratio of
the last to the first: how the cost grows once a step's output (5.4 kB a
Kaissa game, 3.5 kB a Chaturaji game) outgrows the caches. With
``--repeats R`` each size is measured R times, the sizes taking turns
(so that a change in the machine's load touches them alike), and the
medians are printed.

Needs numpy, and OpenSpiel (``pip install open_spiel``) for the anchor.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

import numpy as np

from kaissa_chaturaji.vector import VectorEnv


def measure(run: Callable[[], int], seconds: float) -> float:
    """Calls ``run`` (which returns the steps it made) until ``seconds``
    of CPU time have passed; steps per CPU second."""
    steps = 0
    start = time.process_time()
    while True:
        steps += run()
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent


def openspiel_chess(observe: str, seconds: float) -> float:
    """OpenSpiel's C++ chess stepped from Python with uniformly random
    legal actions. ``observe``: ``""`` for no observation, ``"observer"``
    to fill a numpy tensor after each step with OpenSpiel's observer
    (``make_observation(game).set_from(state, player)``, the fast way), or
    ``"tensor"`` for ``state.observation_tensor()`` (a list of floats)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("chess")
    observer = make_observation(game)
    rng = random.Random(1)
    state = game.new_initial_state()

    def run() -> int:
        nonlocal state
        for _ in range(1000):
            if state.is_terminal():
                state = game.new_initial_state()
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                continue
            if observe == "observer":
                observer.set_from(state, state.current_player())
            elif observe == "tensor":
                state.observation_tensor()
        return 1000

    return measure(run, seconds)


def numpy_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row of ``mask``, in numpy (every
    row has one at least)."""
    rows, cols = np.nonzero(mask)
    starts = np.searchsorted(rows, np.arange(len(mask)))
    counts = np.diff(np.append(starts, len(rows)))
    return cols[starts + (rng.random(len(mask)) * counts).astype(np.int64)]


#: How the actions are chosen: in Rust, in numpy from the mask, or the
#: first legal id of each row (``mask.argmax(axis=1)``, nearly free).
CHOICES = ("sample_actions", "numpy random", "first legal")


def vector_env(
    game: str, rules: str | None, envs: int, choice: str, seconds: float
) -> tuple[float, str]:
    """``VectorEnv`` with ``envs`` games, actions chosen as ``choice``
    (one of ``CHOICES``) says: steps per CPU second, and how the batch
    writes its output (``"plain"`` stores, or ``"streamed"`` past 4 MiB a
    step)."""
    env = VectorEnv(game, rules=rules, num_envs=envs, seed=1)
    _obs, mask, _player = env.reset()
    rng = np.random.default_rng(1)

    def run() -> int:
        nonlocal mask
        for _ in range(10):
            if choice == "sample_actions":
                actions = env.sample_actions()
            elif choice == "numpy random":
                actions = numpy_actions(mask, rng)
            else:
                actions = mask.argmax(axis=1)
            _obs, mask, _player, _rewards, _done = env.step(actions)
        return 10 * envs

    return measure(run, seconds), env._core.stores


def scaling(seconds: float, repeats: int) -> None:
    """CPU nanoseconds per game-step with 256, 1,024 and 4,096 games (the
    median of ``repeats`` turns), and the ratio of the largest batch to
    the smallest, for both games."""
    sizes = (256, 1024, 4096)
    for game, rules in [("kaissa", None), ("chaturaji", "sheet")]:
        runs: dict[int, list[float]] = {envs: [] for envs in sizes}
        stores: dict[int, list[str]] = {envs: [] for envs in sizes}
        for _turn in range(repeats):
            for envs in sizes:
                rate, way = vector_env(game, rules, envs, "sample_actions", seconds)
                runs[envs].append(1e9 / rate)
                stores[envs].append(way)
        costs = {envs: statistics.median(runs[envs]) for envs in sizes}
        for envs in sizes:
            low, high = min(runs[envs]), max(runs[envs])
            spread = "" if repeats == 1 else f"  ({low:,.0f} to {high:,.0f})"
            cost = f"{costs[envs]:>8,.0f} ns per game-step"
            ways = ", ".join(sorted(set(stores[envs])))
            print(f"VectorEnv {game:<9} {envs:>5} games {cost}{spread}  {ways} stores")
        ratio = costs[4096] / costs[256]
        print(f"VectorEnv {game:<9} 4096 / 256 games: {ratio:.2f}x per game-step")


def main() -> None:
    """Runs the measurements and prints them with their ratios."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=256, help="games per VectorEnv")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    parser.add_argument("--quick", action="store_true", help="a short run (a smoke test)")
    parser.add_argument(
        "--scaling", action="store_true", help="the cost per game-step from 256 to 4,096 games"
    )
    parser.add_argument(
        "--repeats", type=int, default=1, help="--scaling: turns per size (medians printed)"
    )
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error(f"--repeats must be at least 1, not {args.repeats}")
    seconds = 0.05 if args.quick else args.seconds
    if args.scaling:
        scaling(seconds, args.repeats)
        return

    try:
        plain = openspiel_chess("", seconds)
        listed = openspiel_chess("tensor", seconds)
        anchor = openspiel_chess("observer", seconds)
        print(f"openspiel chess, random, no observation     {plain:>12,.0f} steps/CPU-s")
        print(f"openspiel chess, observation_tensor()  [T]  {listed:>12,.0f} steps/CPU-s")
        print(f"openspiel chess, numpy observer        [O]  {anchor:>12,.0f} steps/CPU-s")
    except ImportError:
        listed = anchor = float("nan")
        print("openspiel is not installed: no anchor (pip install open_spiel)")
    for game, rules in [("kaissa", None), ("chaturaji", "sheet"), ("chaturaji", "ludii")]:
        name = game if rules is None else f"{game} ({rules})"
        for choice in CHOICES:
            rate, _stores = vector_env(game, rules, args.envs, choice, seconds)
            print(
                f"VectorEnv {name:<19} {choice:<15} {rate:>12,.0f} steps/CPU-s"
                f"  {rate / listed:6.1f}x T  {rate / anchor:5.1f}x O"
            )


if __name__ == "__main__":
    main()
