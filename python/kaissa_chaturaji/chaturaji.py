"""Chaturaji: four-player Indian chess driven by a stick die.

``Position`` (under the rules options ``"sheet"``, ``"opposite"`` or
``"ludii"``), ``Move`` (``h1f3``, ``g7g8K``, ``pass``, ``=K``),
``DiceRoller`` (the seeded die), ``START_TEXT`` and ``LUDII_START_TEXT``.
Moves exist per roll: 2 boat, 3 horse, 4 elephant, 5 pawn or raja. See the
rules reference, ``docs/rules.md`` §2.

>>> pos = Position()
>>> [str(m) for m in pos.legal_moves(5)]
['g1f1', 'g2f2', 'g3f3', 'g4f4', 'h4g5', 'h4h5']
>>> pos.perft(3)
1000
"""

from ._native import chaturaji as _native

Position = _native.Position
Move = _native.Move
DiceRoller = _native.DiceRoller
START_TEXT: str = _native.START_TEXT
LUDII_START_TEXT: str = _native.LUDII_START_TEXT

#: The names of the rules options a ``Position`` accepts.
RULES = ("sheet", "opposite", "ludii")

__all__ = ["DiceRoller", "LUDII_START_TEXT", "Move", "Position", "RULES", "START_TEXT"]
