"""One of the library's computer players as an OpenSpiel bot, against
OpenSpiel's uniform random bot, through ``pyspiel.evaluate_bots``.

Player 0 is an ``AgentBot`` (``kaissa_chaturaji.openspiel``) playing the
agent ``--agent`` (any spec of ``kaissa_chaturaji.agents``); every other
player is ``pyspiel.make_uniform_random_bot``. One line per game (its
returns), then player 0's mean return; the same seed gives the same games.

    python python/examples/openspiel_agent.py kaissa --agent alphabeta:2 --games 2
    python python/examples/openspiel_agent.py chaturaji --rules ludii --agent mcts:100

Needs ``pip install open_spiel``.
"""

from __future__ import annotations

import argparse
from typing import List, Optional, Sequence

import pyspiel

from kaissa_chaturaji.openspiel import AgentBot


def main(argv: Optional[Sequence[str]] = None) -> List[List[float]]:
    """Plays the games and prints them; returns each game's returns."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["kaissa", "chaturaji"])
    parser.add_argument("--rules", default="sheet", choices=["sheet", "opposite", "ludii"])
    parser.add_argument("--agent", default="greedy", help="an agent spec (default greedy)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    params = {"rules": args.rules} if args.game == "chaturaji" else {}
    game = pyspiel.load_game(args.game, params)
    bots = [AgentBot(args.agent, seed=args.seed)] + [
        pyspiel.make_uniform_random_bot(player, args.seed + player)
        for player in range(1, game.num_players())
    ]
    all_returns = []
    for number in range(args.games):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, args.seed + number)
        all_returns.append(list(returns))
        print(f"game {number + 1}: returns {' '.join(f'{r:+.2f}' for r in returns)}")
    mean = sum(r[0] for r in all_returns) / len(all_returns)
    print(f"{args.agent} as player 0: mean return {mean:+.3f} over {args.games} games")
    return all_returns


if __name__ == "__main__":
    main()
