"""Computer players for both games, the library's agents: ``random``,
``greedy``, ``mcts:<iterations>`` / ``mcts:<ms>ms``,
``alphabeta:<depth>`` / ``alphabeta:<ms>ms`` (Merchant Kaissa) and
``expectimax:<depth>``, as the tournament names them.

>>> import kaissa_chaturaji as kc
>>> agent = Agent("mcts:200", seed=1)
>>> pos = kc.chaturaji.Position()
>>> move = agent.choose(pos, 5)
>>> move in pos.legal_moves(5)
True
>>> agent.report.iterations
200

``Agent.choose`` releases the interpreter while it thinks and Ctrl-C
interrupts it; ``SearchReport`` is what the last search did. An OpenSpiel
bot and a PettingZoo policy made of an agent are in
``kaissa_chaturaji.openspiel`` (``AgentBot``) and
``kaissa_chaturaji.pettingzoo`` (``agent_policy``).
"""

from ._native import agents as _native

Agent = _native.Agent
SearchReport = _native.SearchReport

__all__ = ["Agent", "SearchReport"]
