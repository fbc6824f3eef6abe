"""Type stubs of kaissa_chaturaji: the shared classes and the exceptions."""

from types import ModuleType
from typing import Dict, final, Optional, Tuple, Union

from . import agents as agents
from . import chaturaji as chaturaji
from . import kaissa as kaissa
from . import record as record

__version__: str

def __getattr__(name: str) -> ModuleType:
    """Imports a research module (``vector``, ``openspiel``,
    ``pettingzoo``) on first use."""

class Error(ValueError):
    """The base of every error about a game: a ValueError."""

class NotationError(Error):
    """A text that does not parse, or a position the rules exclude."""

    field: str
    offset: Optional[int]
    kind: str
    reason: str

class IllegalMoveError(Error):
    """A well-formed move that is not legal where it was played."""

    move_text: Optional[str]
    reason: str

class ReadableMoveError(Error):
    """A readable move that does not name exactly one legal move."""

    kind: str
    offset: Optional[int]
    candidates: list[str]

class ExchangeError(Error):
    """A Chaturaji raja exchange that is not possible."""

class RecordError(Error):
    """A record that cannot be read, or a change a record refuses."""

    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]

@final
class Outcome:
    """How a game stands: going on, won, or drawn."""

    @property
    def word(self) -> str: ...
    @property
    def winners(self) -> Tuple[str, ...]: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def is_over(self) -> bool: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class SplitMix64:
    """A small seeded random generator (SplitMix64)."""

    state: int
    def __new__(cls, seed: int) -> SplitMix64: ...
    def next_u64(self) -> int: ...
    def below(self, bound: int) -> int: ...
    def copy(self) -> SplitMix64: ...

@final
class PlayoutStats:
    """The statistics of a batch of seeded random games."""

    @property
    def games(self) -> int: ...
    @property
    def plies(self) -> int: ...
    @property
    def unfinished(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def wins(self) -> Dict[str, int]: ...
    @property
    def min_length(self) -> int: ...
    @property
    def max_length(self) -> int: ...
    @property
    def mean_length(self) -> float: ...
    def quantile(self, q: float) -> Optional[int]: ...
    def __eq__(self, value: object, /) -> bool: ...

@final
class Playouts:
    """A batch of seeded random games from a position."""

    def __new__(
        cls,
        start: Union[kaissa.Position, chaturaji.Position],
        seed: int = 0,
        *,
        threads: int = 1,
        max_plies: int = 10000,
    ) -> Playouts: ...
    def games(self, n: int) -> PlayoutStats: ...
    def until_plies(self, plies: int) -> PlayoutStats: ...
    def game(self, index: int) -> Tuple[int, Outcome]: ...
    def game_seed(self, index: int) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def max_plies(self) -> int: ...

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
