"""Merchant Kaissa: the 10x10 war game of the Gor novels, won by capturing
the enemy Home Stone.

``Position`` (the start, or a position text), ``Move`` (``e2e5``,
``H@c1``), ``LegalMoves`` (the view ``pos.legal_moves``),
``HomeStoneWindow`` and ``START_TEXT``. See the rules reference,
``docs/rules.md`` §1, for the pieces and the Home Stone.

>>> pos = Position()
>>> pos.perft(2)
1600
>>> pos.readable("d1f4")
'Tf4'
"""

from ._native import kaissa as _native

Position = _native.Position
Move = _native.Move
LegalMoves = _native.LegalMoves
HomeStoneWindow = _native.HomeStoneWindow
START_TEXT: str = _native.START_TEXT

__all__ = ["HomeStoneWindow", "LegalMoves", "Move", "Position", "START_TEXT"]
