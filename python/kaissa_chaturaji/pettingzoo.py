"""PettingZoo environments of Merchant Kaissa and Chaturaji.

``env(game, rules=None, render_mode=None, max_plies=None, square_size=48)``
gives an AEC environment (``pettingzoo.AECEnv``) wrapped as PettingZoo's
classic environments are (``TerminateIllegalWrapper``,
``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``); ``raw_env`` is
the bare class. Both are built on the native
``kaissa_chaturaji._native.research.GameState``, and need ``pettingzoo``
(and so ``gymnasium`` and ``numpy``), which the package does not require.

>>> from kaissa_chaturaji.pettingzoo import env
>>> e = env("chaturaji", rules="ludii")
>>> e.reset(seed=7)
>>> e.agent_selection
'green'
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((1370,), True)

**Games and rules.** ``game`` is ``"kaissa"`` (Merchant Kaissa, which has
one ruleset: ``rules`` is ``None`` or ``"sheet"``; ``"opposite"`` and
``"ludii"`` raise ``ValueError``) or ``"chaturaji"`` under ``rules``
``"sheet"`` (the default), ``"opposite"`` (partners seated opposite) or
``"ludii"`` (four rivals scoring points), as ``docs/rules.md`` sections 2.2
and 2.13 describe them.

**Agents.** Kaissa: ``["yellow", "red"]``; Chaturaji: ``["red", "black",
"yellow", "green"]``, in ``GameState``'s player order (agent ``i`` is
player ``i``). ``agent_selection`` is always the player to act. Under the
sheet's rules (and ``"opposite"``) a seat that is out of the game or
conquered is skipped by the rules themselves (``docs/rules.md`` section
2.7): it is simply never selected, but it stays in ``agents`` until the
game ends. Under Ludii every colour plays every turn, and a colour plays
twice in a row when it picks a promotion (section 2.13). When the game
ends every agent terminates at once.

**The die.** Chaturaji's stick die (faces 2 to 5, ``docs/rules.md``
section 2.3) is no agent: whenever the game reaches a chance node the
environment rolls it with its own generator ``np_random`` (seeded by
``reset(seed=...)`` with ``gymnasium.utils.seeding``; ``reset()`` without
a seed keeps the generator going) before the next agent acts. The face
rolled is shown in the observation (indices 1348 to 1351, one for each
face 2 to 5); the same seed and the same actions give the same game.

**Spaces.** ``action_space(agent)`` is ``Discrete(num_actions)`` over the
action ids of ``kaissa_chaturaji._native.research`` (Kaissa 3408 ids,
Chaturaji 2085; see the native ``actions.rs``). ``observation_space(agent)``
is ``Dict({"observation": Box(0, 255, (observation_size,), uint8),
"action_mask": Box(0, 1, (num_actions,), int8)})``. The observation is the
same for every agent (both games are of perfect information; it says who
is to move): Kaissa 2009 values, Chaturaji 1370, laid out as the native
``observation.rs`` documents. ``observe(agent)`` gives that dict; the mask
marks the legal actions of the agent to act and is all zeros for every
other agent and once the game is over.

**Rewards.** 0 on every step until the game ends; then each agent gets its
``GameState.returns()`` value: win 1, loss -1, draw 0, and under Ludii 1
for the single top scorer and -1/3 for the others (0 for everyone when the
top score is shared or the turn limit is reached).

**Illegal actions.** As in PettingZoo's classic environments, ``env()``
wraps the game in ``TerminateIllegalWrapper(illegal_reward=-1)``: an action
outside the agent's ``action_mask`` ends the game at once (every agent is
terminated and truncated), the offender gets -1 and the others 0, and the
position is left as it was. An id outside ``Discrete(num_actions)`` fails
the ``AssertOutOfBoundsWrapper``'s assertion. The unwrapped ``raw_env``
raises ``IllegalMoveError`` (a ``ValueError``) instead and changes nothing.

**Truncation.** With ``max_plies`` set, once that many agent actions have
been played (die rolls do not count) and the game is not over, every agent
is truncated with reward 0.

**Rendering.** ``render_mode="svg"``: ``render()`` returns the SVG text of
the position (``Position.svg(size=square_size)``). ``"rgb_array"``: an
``(H, W, 3)`` ``uint8`` image drawn with numpy alone: the board in its
colours (Kaissa's yellow and red squares, Chaturaji's marked squares
crossed), each piece a disc in its side's colour with its letter
(``docs/rules.md`` section 4) in a small built-in bitmap font, and below
the board a strip with a disc in the colour to move and the die face
rolled. ``"human"`` is not offered.
"""

from __future__ import annotations

import operator
from typing import Any, Callable, Dict, List, Optional, Tuple

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import EzPickle, seeding
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as _missing:  # pragma: no cover - depends on the environment
    raise ImportError(
        f"kaissa_chaturaji.pettingzoo needs pettingzoo (pip install pettingzoo): {_missing}"
    ) from _missing

from ._native import research as _research  # type: ignore[import-not-found, unused-ignore]
from .agents import Agent

#: The native ``kaissa_chaturaji._native.research.GameState`` (typed ``Any``:
#: the native module has no stub).
GameState: Any = _research.GameState

__all__ = ["AGENTS", "ILLEGAL_REWARD", "RULES", "agent_policy", "env", "raw_env", "render_rgb"]

#: The agents of each game, in player order.
AGENTS: Dict[str, List[str]] = {
    "kaissa": ["yellow", "red"],
    "chaturaji": ["red", "black", "yellow", "green"],
}

#: The rules names each game accepts (the first is the default).
RULES: Dict[str, Tuple[str, ...]] = {
    "kaissa": ("sheet",),
    "chaturaji": ("sheet", "opposite", "ludii"),
}

#: The reward of an agent whose action is illegal (``env()`` only).
ILLEGAL_REWARD = -1


def _action_id(action: Any) -> int:
    """An action id given as an integer (a Python or numpy int): a float,
    a string or a bool is refused with a ``TypeError``, as is anything
    that is not an integer, so that ``12.9`` never plays action 12."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError(f"an action id is an integer, not {action!r}")
    try:
        return operator.index(action)
    except TypeError:
        raise TypeError(
            f"an action id is an integer, not {type(action).__name__} {action!r}"
        ) from None


def agent_policy(agent: Agent) -> Callable[[AECEnv], int]:
    """A policy for these environments made of one of the library's
    computer players (``kaissa_chaturaji.agents.Agent``): ``policy(env)``
    returns the action id of the agent's move for ``env.agent_selection``
    (``env`` wrapped or raw), reading the position from the environment.

    >>> from kaissa_chaturaji.agents import Agent
    >>> e = env("kaissa")
    >>> e.reset(seed=1)
    >>> policy = agent_policy(Agent("greedy", seed=1))
    >>> e.step(policy(e))
    >>> e.agent_selection
    'red'
    """

    def policy(environment: AECEnv) -> int:
        state = environment.unwrapped.state
        move = agent.choose(state.position(), state.roll)
        return int(state.string_to_action(str(move)))

    return policy


def env(
    game: str,
    rules: Optional[str] = None,
    render_mode: Optional[str] = None,
    max_plies: Optional[int] = None,
    square_size: int = 48,
) -> AECEnv:
    """The AEC environment of ``game`` under ``rules``, wrapped as the
    classic environments are: an illegal action ends the game with -1 for
    the offender (``TerminateIllegalWrapper``), out-of-range ids fail an
    assertion (``AssertOutOfBoundsWrapper``) and the API's call order is
    checked (``OrderEnforcingWrapper``). The arguments are those of
    ``raw_env``."""
    inner: AECEnv = raw_env(
        game,
        rules=rules,
        render_mode=render_mode,
        max_plies=max_plies,
        square_size=square_size,
    )
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=ILLEGAL_REWARD)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    inner = wrappers.OrderEnforcingWrapper(inner)
    return inner


class raw_env(AECEnv, EzPickle):
    """Merchant Kaissa or Chaturaji as a PettingZoo AEC environment (see
    the module's documentation for agents, spaces, the die, rewards and
    rendering).

    ``game``: ``"kaissa"`` or ``"chaturaji"``. ``rules``: Chaturaji's
    ``"sheet"`` (default), ``"opposite"`` or ``"ludii"``; Kaissa takes
    ``None`` or ``"sheet"``. ``render_mode``: ``None``, ``"svg"`` or
    ``"rgb_array"``. ``max_plies``: truncate every agent after that many
    agent actions (``None``: never). ``square_size``: pixels per square of
    the pictures. Unknown values raise ``ValueError``.

    The state is ``self.state``, a native ``GameState``; ``plies`` counts
    the agent actions played since ``reset``.
    """

    metadata: Dict[str, Any] = {
        "render_modes": ["svg", "rgb_array"],
        "name": "kaissa_chaturaji_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(
        self,
        game: str,
        rules: Optional[str] = None,
        render_mode: Optional[str] = None,
        max_plies: Optional[int] = None,
        square_size: int = 48,
    ) -> None:
        EzPickle.__init__(self, game, rules, render_mode, max_plies, square_size)
        super().__init__()
        if game not in AGENTS:
            raise ValueError(f"the games are 'kaissa' and 'chaturaji', not {game!r}")
        if rules is None:
            rules = RULES[game][0]
        if rules not in RULES[game]:
            if game == "kaissa":
                raise ValueError(
                    f"Merchant Kaissa has one ruleset, 'sheet', not {rules!r}"
                )
            raise ValueError(
                f"Chaturaji rules are 'sheet', 'opposite' or 'ludii', not {rules!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode is None, 'svg' or 'rgb_array', not {render_mode!r}"
            )
        if max_plies is not None and int(max_plies) < 1:
            raise ValueError(f"max_plies must be at least 1, not {max_plies!r}")
        if int(square_size) < 8:
            raise ValueError(f"square_size must be at least 8, not {square_size!r}")
        self.game: str = game
        self.rules: str = rules
        self.render_mode: Optional[str] = render_mode
        self.max_plies: Optional[int] = None if max_plies is None else int(max_plies)
        self.square_size: int = int(square_size)
        self.metadata = dict(self.metadata, name=f"{game}_{rules}_v0")

        self.state: Any = self._new_state()
        self.plies: int = 0
        self.possible_agents: List[str] = list(AGENTS[game])
        self.agents = self.possible_agents[:]
        n_obs, n_act = self.state.observation_size, self.state.num_actions
        self.observation_spaces: Dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=255, shape=(n_obs,), dtype=np.uint8
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(n_act,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: Dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(n_act) for agent in self.possible_agents
        }
        self._np_random: Optional[np.random.Generator] = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: Dict[str, Dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]

    # -- spaces -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent`` (the same for all)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: ``Discrete(num_actions)``."""
        return self.action_spaces[agent]

    # -- the die ----------------------------------------------------------

    @property
    def np_random(self) -> np.random.Generator:
        """The generator that rolls the die (seeded at first use if
        ``reset`` got no seed)."""
        if self._np_random is None:
            self._np_random, _ = seeding.np_random()
        return self._np_random

    def _new_state(self) -> Any:
        """The start of the game under the rules."""
        if self.game == "kaissa":
            return GameState("kaissa")
        return GameState("chaturaji", self.rules)

    def _roll(self) -> None:
        """Rolls the die while the state is a chance node."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            probs = np.array([p for _, p in outcomes], dtype=np.float64)
            pick = int(self.np_random.choice(len(outcomes), p=probs / probs.sum()))
            self.state.apply_action(outcomes[pick][0])

    # -- the AEC API ------------------------------------------------------

    def reset(
        self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> None:
        """Starts a new game. ``seed`` reseeds the die's generator
        (``None`` keeps it going); ``options`` is ignored."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.state = self._new_state()
        self.plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._roll()
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """The observation of ``agent``: the state's observation vector and
        the legal action mask (zeros unless ``agent`` is to act)."""
        observation = np.frombuffer(self.state.observation(), dtype=np.uint8).copy()
        acting = (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        )
        if acting:
            mask = np.frombuffer(self.state.legal_actions_mask(), dtype=np.int8).copy()
        else:
            mask = np.zeros(self.state.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (an action id) for ``agent_selection``, then
        rolls the die if it is to be rolled. A terminated or truncated
        agent must pass ``None``. An illegal id raises
        ``IllegalMoveError`` here (``env()``'s wrapper ends the game
        first) and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        self.state.apply_action(_action_id(action))
        self.plies += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._roll()
        if self.state.is_terminal():
            for name, value in zip(self.possible_agents, self.state.returns()):
                self.rewards[name] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_plies is not None and self.plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        else:
            # The game is over: every agent takes its last (dead) step,
            # starting with the one after the mover.
            index = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[
                (index + 1) % len(self.possible_agents)
            ]

    # -- rendering --------------------------------------------------------

    def render(self) -> Optional[Any]:
        """The picture of the position: SVG text (``"svg"``), an
        ``(H, W, 3)`` ``uint8`` array (``"rgb_array"``), or ``None`` with a
        warning when no render mode was given."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        if self.render_mode == "svg":
            return self.state.position().svg(size=self.square_size)
        return render_rgb(self.state, self.square_size)

    def close(self) -> None:
        """Nothing to release (no window is ever opened)."""

    def __str__(self) -> str:
        """The environment's name (as PettingZoo's tests print it)."""
        return str(self.metadata["name"])


# ---------------------------------------------------------------------------
# rgb_array pictures, drawn with numpy alone.

#: A 5 x 7 bitmap font: the piece letters and the die faces.
_FONT: Dict[str, Tuple[str, ...]] = {
    "A": ("01110", "10001", "10001", "11111", "10001", "10001", "10001"),
    "B": ("11110", "10001", "10001", "11110", "10001", "10001", "11110"),
    "E": ("11111", "10000", "10000", "11110", "10000", "10000", "11111"),
    "H": ("10001", "10001", "10001", "11111", "10001", "10001", "10001"),
    "I": ("01110", "00100", "00100", "00100", "00100", "00100", "01110"),
    "K": ("10001", "10010", "10100", "11000", "10100", "10010", "10001"),
    "P": ("11110", "10001", "10001", "11110", "10000", "10000", "10000"),
    "Q": ("01110", "10001", "10001", "10001", "10101", "10010", "01101"),
    "R": ("11110", "10001", "10001", "11110", "10100", "10010", "10001"),
    "S": ("01111", "10000", "10000", "01110", "00001", "00001", "11110"),
    "T": ("11111", "00100", "00100", "00100", "00100", "00100", "00100"),
    "U": ("10001", "10001", "10001", "10001", "10001", "10001", "01110"),
    "2": ("01110", "10001", "00001", "00010", "00100", "01000", "11111"),
    "3": ("11111", "00010", "00100", "00010", "00001", "10001", "01110"),
    "4": ("00010", "00110", "01010", "10010", "11111", "00010", "00010"),
    "5": ("11111", "10000", "11110", "00001", "00001", "10001", "01110"),
}

#: The piece kinds in the observation's plane order.
_KINDS = {"kaissa": "UQTSBIPRAH", "chaturaji": "KEHBP"}

#: The colours of the sides (in player order) as RGB.
_SIDE_RGB = {
    "kaissa": ((250, 210, 30), (200, 30, 30)),
    "chaturaji": ((200, 30, 30), (35, 35, 35), (250, 210, 30), (40, 150, 60)),
}

#: The colours of the squares, first those with file + rank even (a1):
#: Kaissa's yellow and red squares (``docs/rules.md`` section 1.1),
#: Chaturaji's dark and light squares (a1 dark, as ``Position.svg`` draws
#: it).
_SQUARE_RGB = {
    "kaissa": ((245, 228, 160), (214, 140, 120)),
    "chaturaji": ((180, 140, 100), (238, 220, 180)),
}

#: Chaturaji's marked squares (``docs/rules.md`` section 2.1), as indices
#: ``rank * 8 + file``.
_MARKED = [r * 8 + f for r in (0, 3, 4, 7) for f in (0, 3, 4, 7)]


def _glyph(char: str, scale: int) -> np.ndarray:
    """The bitmap of ``char`` as a boolean array, each pixel ``scale``
    pixels wide."""
    rows = np.array([[c == "1" for c in row] for row in _FONT[char]], dtype=bool)
    return np.kron(rows, np.ones((scale, scale), dtype=bool)).astype(bool)


def _ink(rgb: Tuple[int, int, int]) -> Tuple[int, int, int]:
    """Black or white, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def _disc(
    image: np.ndarray, top: int, left: int, cell: int, rgb: Tuple[int, int, int]
) -> None:
    """Draws a disc with a dark rim in the ``cell``-sized square at
    ``(top, left)`` of ``image``."""
    yy, xx = np.mgrid[0:cell, 0:cell]
    centre = (cell - 1) / 2
    dist = np.hypot(yy - centre, xx - centre)
    radius = cell * 0.42
    view = image[top : top + cell, left : left + cell]
    view[dist <= radius] = (20, 20, 20)
    view[dist <= radius - max(1, cell // 24)] = rgb


def _text(
    image: np.ndarray, top: int, left: int, cell: int, char: str, rgb: Tuple[int, int, int]
) -> None:
    """Writes ``char`` centred in the ``cell``-sized square at
    ``(top, left)``."""
    scale = max(1, cell // 12)
    glyph = _glyph(char, scale)
    h, w = glyph.shape
    y, x = top + (cell - h) // 2, left + (cell - w) // 2
    image[y : y + h, x : x + w][glyph] = rgb


def render_rgb(state: Any, square_size: int = 48) -> np.ndarray:
    """The position of ``state`` as an ``(H, W, 3)`` ``uint8`` image drawn
    with numpy alone: the board (rank 1 at the bottom), each piece a disc
    in its side's colour with its letter, and below the board a strip with
    a disc in the colour to move and the die face rolled (if any)."""
    game = state.game
    cell = int(square_size)
    width = 10 if game == "kaissa" else 8
    squares = width * width
    kinds = _KINDS[game]
    sides = _SIDE_RGB[game]
    even, odd = _SQUARE_RGB[game]
    obs = np.frombuffer(state.observation(), dtype=np.uint8)
    image = np.zeros((width * cell + cell, width * cell, 3), dtype=np.uint8)
    image[:] = (60, 60, 60)

    for square in range(squares):
        file, rank = square % width, square // width
        top, left = (width - 1 - rank) * cell, file * cell
        view = image[top : top + cell, left : left + cell]
        view[:] = even if (file + rank) % 2 == 0 else odd
        if game == "chaturaji" and square in _MARKED:
            idx = np.arange(cell)
            view[idx, idx] = (90, 70, 50)
            view[idx, cell - 1 - idx] = (90, 70, 50)

    for side, side_rgb in enumerate(sides):
        for k, letter in enumerate(kinds):
            plane = (side * len(kinds) + k) * squares
            for index in np.flatnonzero(obs[plane : plane + squares]):
                file, rank = int(index) % width, int(index) // width
                top, left = (width - 1 - rank) * cell, file * cell
                _disc(image, top, left, cell, side_rgb)
                _text(image, top, left, cell, letter, _ink(side_rgb))

    # The strip: who is to move, and the die.
    bar = width * cell
    player = state.current_player()
    if player >= 0:
        _disc(image, bar, 0, cell, sides[player])
    face = state.roll
    if face is not None:
        image[bar + 2 : bar + cell - 2, cell + 2 : 2 * cell - 2] = (250, 250, 250)
        _text(image, bar, cell, cell, str(face), (0, 0, 0))
    return image
