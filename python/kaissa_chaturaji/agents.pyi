"""Type stubs of kaissa_chaturaji.agents: the computer players."""

from typing import final, List, Optional, overload, TypedDict, Union

from . import Error
from . import chaturaji, kaissa

class InfoDict(TypedDict):
    """What ``Agent.analyse`` returns and ``PlayResult.info`` holds."""

    depth: int
    score: int
    nodes: int
    time: float
    pv: List[Union[kaissa.Move, chaturaji.Move]]

class LimitError(Error):
    """A limit an agent cannot honour (a depth for MCTS)."""

    agent: str
    reason: str

@final
class Limit:
    """How long a move may think: time (seconds), depth, nodes."""

    def __new__(
        cls,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
    ) -> Limit: ...
    @property
    def time(self) -> Optional[float]: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def nodes(self) -> Optional[int]: ...

@final
class PlayResult:
    """The move an agent plays and what its search found."""

    @property
    def move(self) -> Union[kaissa.Move, chaturaji.Move]: ...
    @property
    def info(self) -> InfoDict: ...

@final
class Agent:
    """A computer player of either game, named by a spec."""

    def __new__(cls, spec: str, seed: int = 0) -> Agent: ...
    @property
    def spec(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @overload
    def choose(self, pos: kaissa.Position, roll: None = None) -> kaissa.Move: ...
    @overload
    def choose(self, pos: chaturaji.Position, roll: Optional[int] = None) -> chaturaji.Move: ...
    def play(
        self,
        pos: Union[kaissa.Position, chaturaji.Position],
        limit: Limit,
        roll: Optional[int] = None,
    ) -> PlayResult: ...
    def analyse(
        self,
        pos: Union[kaissa.Position, chaturaji.Position],
        limit: Limit,
        roll: Optional[int] = None,
    ) -> InfoDict: ...
    def reset(self) -> None: ...

__all__ = ["Agent", "InfoDict", "Limit", "LimitError", "PlayResult"]
