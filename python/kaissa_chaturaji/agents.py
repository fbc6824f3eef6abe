"""Computer players for both games, the library's agents: ``random``,
``greedy``, ``mcts``, ``alphabeta`` (Merchant Kaissa) and ``expectimax``,
the last three with a budget (``mcts:<iterations>``,
``alphabeta:<depth>``, ``alphabeta:<n>nodes``, ``expectimax:<depth>``,
``<kind>:<ms>ms``), as the tournament names them; and python-chess's
engine words: ``Limit``, ``play`` (a ``PlayResult``) and ``analyse`` (an
info dict).

>>> import kaissa_chaturaji as kc
>>> agent = Agent("mcts:200", seed=1)
>>> pos = kc.chaturaji.Position()
>>> move = agent.choose(pos, 5)
>>> move in pos.legal_moves(5)
True
>>> info = Agent("alphabeta").analyse(kc.kaissa.Position(), Limit(depth=3))
>>> info["depth"], info["pv"][0] in kc.kaissa.Position().legal_moves
(3, True)
>>> Agent("mcts").play(pos, Limit(depth=3), 5)
Traceback (most recent call last):
  ...
kaissa_chaturaji.agents.LimitError: mcts: MCTS searches to no fixed depth: give it nodes (iterations) or a time

An agent releases the interpreter while it thinks and Ctrl-C stops it
(``KeyboardInterrupt``). An OpenSpiel bot and a PettingZoo policy made of
an agent are in ``kaissa_chaturaji.openspiel`` (``AgentBot``) and
``kaissa_chaturaji.pettingzoo`` (``agent_policy``).
"""

from typing import List, TypedDict, Union

from . import chaturaji, kaissa
from ._native import agents as _native

Agent = _native.Agent
Limit = _native.Limit
LimitError = _native.LimitError
PlayResult = _native.PlayResult


class InfoDict(TypedDict):
    """The type of what ``Agent.analyse`` returns and of ``PlayResult.info``
    (python-chess's ``InfoDict``): a plain ``dict`` with these keys."""

    #: The deepest iteration completed (0 without a search).
    depth: int
    #: Centipawns for the player to move.
    score: int
    #: Nodes searched (MCTS: iterations).
    nodes: int
    #: Seconds spent thinking.
    time: float
    #: The best move, then the moves expected.
    pv: List[Union[kaissa.Move, chaturaji.Move]]


__all__ = ["Agent", "InfoDict", "Limit", "LimitError", "PlayResult"]
