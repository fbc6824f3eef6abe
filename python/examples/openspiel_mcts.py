"""OpenSpiel's MCTS against uniform random play on Merchant Kaissa or
Chaturaji, through the pyspiel games of ``kaissa_chaturaji.openspiel``.

Player 0 is an ``MCTSBot`` (``open_spiel.python.algorithms.mcts``) with
random-rollout evaluation; every other player, and the die, plays
uniformly at random. One line per game, then a summary; the same seed
gives the same games.

Kaissa's rollouts stop after 1,000 actions by default (a cut rollout is
valued 0, a draw): its rules have no move limit, and about one random
Kaissa game in 11,000 never ends, which would hang the search (the median
random game lasts about 200 plies; about 1 in 260 passes 1,000). Chaturaji's
games end by their draw or turn limit and are played out.

    python python/examples/openspiel_mcts.py kaissa --games 2 --simulations 20
    python python/examples/openspiel_mcts.py chaturaji --rules ludii --seed 3

Needs ``pip install open_spiel`` (and numpy, which it brings).
"""

from __future__ import annotations

import argparse
from typing import List, Optional, Sequence

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import kaissa_chaturaji.openspiel  # noqa: F401  (registers the games)

#: The default cap on a Kaissa rollout's actions (see the module docs).
KAISSA_ROLLOUT_PLIES = 1000


def play_game(
    game: pyspiel.Game,
    bot: mcts.MCTSBot,
    rng: np.random.RandomState,
    max_plies: Optional[int],
) -> tuple[List[float], int]:
    """Plays one game, MCTS as player 0: its returns and its number of
    decisions (chance nodes apart). A game cut at ``max_plies`` returns
    all zeros."""
    state = game.new_initial_state()
    plies = 0
    while not state.is_terminal():
        if max_plies is not None and plies >= max_plies:
            return [0.0] * game.num_players(), plies
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        plies += 1
    return list(state.returns()), plies


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Parses the arguments, plays the games and prints the results."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["kaissa", "chaturaji"])
    parser.add_argument(
        "--rules",
        choices=["sheet", "opposite", "ludii"],
        default="sheet",
        help="Chaturaji rules (default: sheet)",
    )
    parser.add_argument("--games", type=int, default=2, help="games to play (default: 2)")
    parser.add_argument(
        "--simulations", type=int, default=20, help="MCTS simulations a move (default: 20)"
    )
    parser.add_argument(
        "--rollout-plies",
        type=int,
        default=None,
        help="cut each random rollout after this many actions, 0 for never "
        f"(default: {KAISSA_ROLLOUT_PLIES} for Kaissa, play out for Chaturaji)",
    )
    parser.add_argument(
        "--max-plies",
        type=int,
        default=None,
        help="stop a game after this many decisions and score it 0 (default: none)",
    )
    parser.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    args = parser.parse_args(argv)

    if args.game == "kaissa":
        game = pyspiel.load_game("kaissa")
    else:
        game = pyspiel.load_game("chaturaji", {"rules": args.rules})
    rollout_plies = args.rollout_plies
    if rollout_plies is None and args.game == "kaissa":
        rollout_plies = KAISSA_ROLLOUT_PLIES
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1,
        random_state=np.random.RandomState(args.seed + 1),
        max_length=rollout_plies or None,
    )
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=evaluator,
        random_state=np.random.RandomState(args.seed + 2),
    )

    wins = draws = losses = 0
    total = 0.0
    for number in range(1, args.games + 1):
        returns, plies = play_game(game, bot, rng, args.max_plies)
        mine = returns[0]
        total += mine
        if mine > 0:
            wins += 1
        elif mine < 0:
            losses += 1
        else:
            draws += 1
        shown = " ".join(f"{r:+.2f}" for r in returns)
        print(f"game {number}: {plies} plies, returns {shown}")
    mean = total / args.games if args.games else 0.0
    print(
        f"{game}: MCTS ({args.simulations} simulations) as player 0 against random: "
        f"{wins} won, {draws} drawn, {losses} lost of {args.games}, mean return {mean:+.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
