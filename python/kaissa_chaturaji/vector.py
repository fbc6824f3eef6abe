"""A batched environment: many games stepped together in Rust.

``VectorEnv(game, rules=None, num_envs=N, seed=S)`` holds ``N`` games of
``"kaissa"`` or ``"chaturaji"`` (rules ``"sheet"``, the default,
``"opposite"`` or ``"ludii"``). One ``step`` plays one action in every
game, rolls the die where Chaturaji needs it, starts finished games
again, and returns numpy arrays with one row per game. The interpreter
is released while the games run; ``threads`` spreads them over cores.

* ``reset(seed=None) -> (obs, mask, player)``
* ``step(actions) -> (obs, mask, player, rewards, done)``

+-----------+-----------------------------------+----------------------------+
| array     | shape and dtype                   | meaning                    |
+===========+===================================+============================+
| ``obs``   | ``(N, observation_size)`` uint8   | the observation (below)    |
+-----------+-----------------------------------+----------------------------+
| ``mask``  | ``(N, num_actions)`` bool         | the legal action ids       |
+-----------+-----------------------------------+----------------------------+
| ``player``| ``(N,)`` int64                    | the player to act          |
+-----------+-----------------------------------+----------------------------+
| ``rewards``| ``(N, players)`` float32         | the returns of a game that |
|           |                                   | ended on this step, else 0 |
+-----------+-----------------------------------+----------------------------+
| ``done``  | ``(N,)`` bool                     | the game ended on this     |
|           |                                   | step (and started again)   |
+-----------+-----------------------------------+----------------------------+

When ``done[i]`` is set, ``rewards[i]`` holds the finished game's returns
(win 1, loss -1, draw 0; under the Ludii ruleset the one top scorer 1 and
the others -1/3) and ``obs[i]``, ``mask[i]`` and ``player[i]`` already
belong to the new game. Players: Kaissa Yellow 0, Red 1; Chaturaji Red
0, Black 1, Yellow 2, Green 3. The die is rolled inside ``step`` (and
``reset``) from each game's seeded stream, and the face shows in the
observation; a Ludii promotion decision is a step without a roll.

Action ids and the observation layout are those of
``kaissa_chaturaji.openspiel`` (see ``ACTIONS`` there, and the module
``kaissa_chaturaji._native.research``): Kaissa has 3,408 action ids and
observations of 2,009 bytes, Chaturaji 2,085 and 1,370.

``sample_actions()`` draws a uniformly random legal action for every
game in Rust (from a seeded stream of its own), the fast path for random
play. The same seed gives the same games, whatever ``threads`` is.

>>> env = VectorEnv("chaturaji", rules="ludii", num_envs=4, seed=7)
>>> obs, mask, player = env.reset()
>>> obs.shape, mask.shape, player.tolist()
((4, 1370), (4, 2085), [3, 3, 3, 3])
>>> obs, mask, player, rewards, done = env.step(env.sample_actions())
>>> rewards.shape, done.dtype
((4, 4), dtype('bool'))
"""

from __future__ import annotations

from typing import Optional, Tuple

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _missing:  # pragma: no cover - depends on the install
    raise ImportError(
        f"kaissa_chaturaji.vector needs numpy (pip install numpy): {_missing}"
    ) from _missing

from ._native import research as _research

__all__ = ["VectorEnv"]

# The outputs' dtypes as objects: a dtype named by a string is parsed
# again on every call, which costs more than the views themselves.
_BOOL = np.dtype(np.bool_)
_UINT8 = np.dtype(np.uint8)
_LE_I64 = np.dtype("<i8")
_LE_F32 = np.dtype("<f4")
# On a little-endian machine (nearly every one) those are numpy's native
# int64 and float32: the arrays then view them without a conversion.
_I64 = np.dtype(np.int64)
_F32 = np.dtype(np.float32)
_NATIVE = _LE_I64 == _I64 and _LE_F32 == _F32

#: ``reset``'s arrays: observations, masks, players.
ResetResult = Tuple[npt.NDArray[np.uint8], npt.NDArray[np.bool_], npt.NDArray[np.int64]]
#: ``step``'s arrays: observations, masks, players, rewards, done flags.
StepResult = Tuple[
    npt.NDArray[np.uint8],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]


class VectorEnv:
    """``num_envs`` games of ``game`` under ``rules``, stepped together.

    ``seed`` seeds every game's die (and ``sample_actions``); ``threads``
    is the number of threads a step uses (1 by default, 0 for every
    core, at most 1,024). ``max_plies`` (``None``: the rules as
    written) ends a game drawn, every reward 0, once its position has that
    many plies, so that every game is finite. Bad arguments raise
    ``ValueError`` and make nothing.
    """

    def __init__(
        self,
        game: str,
        rules: Optional[str] = None,
        num_envs: int = 1,
        seed: int = 0,
        *,
        threads: int = 1,
        max_plies: Optional[int] = None,
    ) -> None:
        if not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
        self._core = _research.VectorCore(game, rules, num_envs, seed, threads, max_plies)
        # The shape of every output, read once: a step then makes its views
        # without asking the core again.
        self._shape = (
            int(self._core.num_envs),
            int(self._core.players),
            int(self._core.observation_size),
            int(self._core.num_actions),
            self._core.layout,
        )
        self.game: str = game
        self.rules: Optional[str] = None if game == "kaissa" else (rules or "sheet")

    @property
    def num_envs(self) -> int:
        """The number of games."""
        return int(self._core.num_envs)

    @property
    def players(self) -> int:
        """The number of players: 2 or 4."""
        return int(self._core.players)

    @property
    def num_actions(self) -> int:
        """The number of action ids (the width of ``mask``)."""
        return int(self._core.num_actions)

    @property
    def observation_size(self) -> int:
        """The length of an observation (the width of ``obs``)."""
        return int(self._core.observation_size)

    def _views(self, buffer: bytearray) -> StepResult:
        """The arrays of one output buffer, as views without a copy."""
        n, players, observation_size, num_actions, layout = self._shape
        player, rewards, done, obs, mask, _end = layout
        if _NATIVE:
            view = np.ndarray
            return (
                view((n, observation_size), _UINT8, buffer, obs),
                view((n, num_actions), _BOOL, buffer, mask),
                view((n,), _I64, buffer, player),
                view((n, players), _F32, buffer, rewards),
                view((n,), _BOOL, buffer, done),
            )
        return (
            np.frombuffer(buffer, _UINT8, n * observation_size, obs).reshape(n, observation_size),
            np.frombuffer(buffer, _BOOL, n * num_actions, mask).reshape(n, num_actions),
            np.frombuffer(buffer, _LE_I64, n, player).astype(np.int64, copy=False),
            np.frombuffer(buffer, _LE_F32, n * players, rewards)
            .astype(np.float32, copy=False)
            .reshape(n, players),
            np.frombuffer(buffer, _BOOL, n, done),
        )

    def reset(self, seed: Optional[int] = None) -> ResetResult:
        """Starts every game again (seeding the dice again when ``seed``
        is given): ``(obs, mask, player)``."""
        if seed is not None and (not isinstance(seed, int) or not 0 <= seed < 2**64):
            raise ValueError(f"seed must be an int from 0 to 2**64 - 1, not {seed!r}")
        obs, mask, player, _rewards, _done = self._views(self._core.reset(seed))
        return obs, mask, player

    def step(self, actions: npt.ArrayLike) -> StepResult:
        """Plays ``actions[i]`` in game ``i``: ``(obs, mask, player,
        rewards, done)``. An illegal action raises ``IllegalMoveError``
        naming the game, and then no game changed."""
        ids = np.asarray(actions)
        n = self._shape[0]
        if ids.shape != (n,):
            raise ValueError(f"expected {n} actions, got an array of shape {ids.shape}")
        if ids.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {ids.dtype}")
        data = ids.astype(_LE_I64, copy=False).tobytes()
        return self._views(self._core.step(data))

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action id for every game."""
        return np.frombuffer(self._core.sample_actions(), _LE_I64).astype(np.int64)

    def texts(self) -> list[str]:
        """The position texts of the games, as they stand."""
        return list(self._core.texts())

    def __repr__(self) -> str:
        rules = f", rules={self.rules!r}" if self.rules else ""
        return f"VectorEnv({self.game!r}{rules}, num_envs={self.num_envs})"
