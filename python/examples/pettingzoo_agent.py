"""One of the library's computer players as a PettingZoo policy: the
agent ``--agent`` plays the first seat of the AEC environment, uniformly
random legal actions (drawn from the action mask) play the others.

    python python/examples/pettingzoo_agent.py kaissa --agent mcts:200
    python python/examples/pettingzoo_agent.py chaturaji --rules ludii --games 2

Prints one line per game (its rewards), then the agent's mean reward; the
same seed gives the same games. Needs ``pip install pettingzoo``.
"""

from __future__ import annotations

import argparse
from typing import Dict, List, Optional, Sequence

import numpy as np

from kaissa_chaturaji.agents import Agent
from kaissa_chaturaji.pettingzoo import agent_policy, env


def main(argv: Optional[Sequence[str]] = None) -> List[Dict[str, float]]:
    """Plays the games and prints them; returns each game's rewards."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=["kaissa", "chaturaji"])
    parser.add_argument("--rules", default=None, choices=["sheet", "opposite", "ludii"])
    parser.add_argument("--agent", default="greedy", help="an agent spec (default greedy)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=400, help="truncate after this many plies")
    args = parser.parse_args(argv)
    environment = env(args.game, rules=args.rules, max_plies=args.max_plies)
    policy = agent_policy(Agent(args.agent, seed=args.seed))
    rng = np.random.default_rng(args.seed)
    results = []
    for number in range(args.games):
        environment.reset(seed=args.seed + number)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        first = environment.possible_agents[0]
        for name in environment.agent_iter():
            observation, reward, terminated, truncated, _ = environment.last()
            totals[name] += reward
            if terminated or truncated:
                action = None
            elif name == first:
                action = policy(environment)
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            environment.step(action)
        results.append(totals)
        print(f"game {number + 1}: " + " ".join(f"{k} {v:+.2f}" for k, v in totals.items()))
    mean = sum(r[environment.possible_agents[0]] for r in results) / len(results)
    print(f"{args.agent} as {environment.possible_agents[0]}: mean reward {mean:+.3f}")
    return results


if __name__ == "__main__":
    main()
