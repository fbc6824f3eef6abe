"""Rules of Merchant Kaissa and four-player Chaturaji, from Rust.

The package wraps the ``kaissa-chaturaji`` Rust library: move generation,
legality, playing and taking back moves, outcomes, perft, readable moves,
game records and SVG pictures, in the manner of python-chess.

>>> import kaissa_chaturaji as kc
>>> pos = kc.kaissa.Position()
>>> len(pos.legal_moves)
40
>>> pos.push("e2e5")
>>> str(pos.pop())
'e2e5'
>>> kc.chaturaji.Position(rules="ludii").to_move
'green'

Modules: ``kaissa`` (Merchant Kaissa), ``chaturaji`` (Chaturaji under the
rules options ``"sheet"``, ``"opposite"`` and ``"ludii"``), ``record``
(game records), ``agents`` (computer players); for research, imported
when first used, ``vector``
(``VectorEnv``, many games stepped in Rust; needs numpy), ``openspiel``
(the pyspiel games ``kaissa`` and ``chaturaji``; needs open_spiel) and
``pettingzoo`` (AEC environments; needs pettingzoo). Here: ``Outcome``, the seeded ``SplitMix64``,
``Playouts``/``PlayoutStats``, and the exception classes, all
``ValueError`` subclasses: ``Error`` and below it ``NotationError``,
``IllegalMoveError``, ``ReadableMoveError``, ``ExchangeError`` and
``RecordError``. The rules are explained in the repository's
``docs/rules.md``.
"""

from ._native import (
    Error,
    ExchangeError,
    IllegalMoveError,
    NotationError,
    Outcome,
    PlayoutStats,
    Playouts,
    ReadableMoveError,
    RecordError,
    SplitMix64,
    __version__,
)
from . import agents, chaturaji, kaissa, record

#: The research modules, imported when first used: each needs a package
#: the others do not (numpy, open_spiel, pettingzoo).
_RESEARCH_MODULES = ("openspiel", "pettingzoo", "vector")


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    """Imports a research module (``kc.vector`` and so on) on first use."""
    if name in _RESEARCH_MODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Error",
    "ExchangeError",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "PlayoutStats",
    "Playouts",
    "ReadableMoveError",
    "RecordError",
    "SplitMix64",
    "__version__",
    "agents",
    "chaturaji",
    "kaissa",
    "record",
]
