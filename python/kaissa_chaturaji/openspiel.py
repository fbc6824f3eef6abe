"""Merchant Kaissa and Chaturaji as OpenSpiel games.

Importing this module registers two Python games with ``pyspiel``
(``pip install open_spiel``)::

    import pyspiel
    import kaissa_chaturaji.openspiel  # registers the games

    kaissa = pyspiel.load_game("kaissa")
    sheet = pyspiel.load_game("chaturaji")
    ludii = pyspiel.load_game("chaturaji(rules=ludii)")
    same = pyspiel.load_game("chaturaji", {"rules": "ludii"})

Games
-----

``kaissa``
    Merchant Kaissa (``docs/rules.md`` §1): two players, Yellow 0 and
    Red 1, Yellow first; no chance. Parameter ``max_plies`` (0, the
    default, is the rules as written): the game ends drawn once its
    position has that many plies, so every game is finite, and
    ``max_game_length`` follows it.
``chaturaji``
    Chaturaji (``docs/rules.md`` §2): four players, Red 0, Black 1,
    Yellow 2, Green 3. Parameter ``rules``: ``"sheet"`` (the default:
    alliances Red-Green against Black-Yellow, §2.2), ``"opposite"``
    (partners sitting opposite) or ``"ludii"`` (four rivals scoring
    points, Green first, §2.13). Every roll of the stick die is an
    explicit chance node with four outcomes at 1/4 each.

Both are sequential games of perfect information with terminal rewards,
zero-sum (the returns always add up to 0).

Players and turns
-----------------

``current_player()`` is the player to move, ``pyspiel.PlayerId.CHANCE``
(-1) when Chaturaji's die is to be rolled, ``pyspiel.PlayerId.TERMINAL``
(-4) once the game is over. A Chaturaji ply is a chance node (the roll)
followed by a decision of the seat to move; under the Ludii ruleset a
promotion choice is a decision without a roll before it (§2.13). A seat
that commands a conquered army moves for it (§2.7), so Chaturaji's
current player is the seat, never the conquered colour.

Action ids
----------

**Kaissa** (``num_distinct_actions`` =
``kaissa_chaturaji._native.research.KAISSA_ACTIONS``): first the *lines*,
every pair of distinct squares ``(from, to)`` on one rank, file or
diagonal, or a Tarnsman's leap (3, 2) apart, in order of ``from`` and then
``to`` (square index ``rank * 10 + file``, a1 = 0); then the 20 Home Stone
placements ``H@a1`` ... ``H@j1``, ``H@a10`` ... ``H@j10``. Id 0 is
``a1b1``.

**Chaturaji** (``CHATURAJI_ACTIONS``): first the lines of the 8 x 8 board
the same way (a knight's leap for the horse, square ``rank * 8 + file``);
then the special promotions (§2.9): for each of the 16 start squares in
index order, for each neighbouring square in index order, the kinds ``K``,
``E``, ``H``, ``B``; then the Ludii promotion choices ``=K``, ``=E``,
``=H``, ``=B``; last ``pass``. Chance outcomes have ids of their own: 0 to
3 for the faces 2 to 5 (``max_chance_outcomes`` = 4).

``state.action_to_string(player, action)`` gives the move text of §3.2 /
§3.4 (``e2e5``, ``H@c1``, ``h1f3``, ``g7g8K``, ``=E``, ``pass``), or the
face (``"2"`` to ``"5"``) for a chance outcome; ``state.string_to_action``
reads them back for legal actions.

Observations
------------

One float32 tensor per state, the same for every player (perfect
information); ``make_observation(game)`` also gives these named views of
it (``observation.dict``), in tensor order:

Kaissa (2009 values)

=================  ==============  =========================================
view               shape           meaning
=================  ==============  =========================================
``pieces``         (20, 10, 10)    ``[plane, rank, file]``: 1 where a piece
                                   of side ``plane // 10`` (Yellow 0, Red 1)
                                   and kind ``plane % 10`` (``U Q T S B I P
                                   R A H``) stands
``to_move``        (2,)            Yellow, Red is to move
``stone_in_hand``  (2,)            Yellow's, Red's Home Stone is in hand
``turn``           (5,)            the mover's turn is at most 7, 8, 9, 10,
                                   at least 11 (the Home Stone window, §1.6)
=================  ==============  =========================================

Chaturaji (1370 values)

=====================  ============  =======================================
view                   shape         meaning
=====================  ============  =======================================
``pieces``             (20, 8, 8)    ``[plane, rank, file]``: 1 where a
                                     piece of colour ``plane // 5`` (Red,
                                     Black, Yellow, Green) and kind
                                     ``plane % 5`` (``K E H B P``) stands
``pending_promotion``  (8, 8)        1 on the pawn awaiting a Ludii choice
``to_move``            (4,)          the seat to move
``roll``               (4,)          the face rolled, 2 to 5 (none before
                                     the roll and at a Ludii choice)
``conquered``          (4,)          the colour is commanded by its ally
``lost_pawn``          (4,)          the colour has lost a pawn (§2.9)
``captured_rajas``     (4,)          rajas of the colour held captured
``plies_left``         (1,)          plies before the quiet-ply draw, or
                                     rolled plies before the Ludii turn
                                     limit (at most 255)
``scores``             (4,)          Ludii scores (at most 255; 0 under the
                                     sheet's rules)
``over``               (1,)          the game is over
=====================  ============  =======================================

The observation string is the position text (§3.1, §3.3, §3.5), followed
for Chaturaji by the pending roll (``"... roll 4"``) if there is one. The
information state string is the history of action ids (after the start
text when the state was built from one).

Returns
-------

All 0 until the end. Kaissa and the sheet's Chaturaji: 1 for each winner,
-1 for each loser, 0 for everyone in a draw. Ludii ruleset: the one top
scorer 1 and the three others -1/3; a tie for the top score or the turn
limit is a draw, all 0.

Bots
----

``AgentBot(spec, seed=0)`` is a ``pyspiel.Bot`` playing one of the
library's computer players (``kaissa_chaturaji.agents``: ``random``,
``greedy``, ``mcts:<n>``, ``alphabeta:<depth>`` ...).

Beyond OpenSpiel's API, ``game.new_initial_state(text, roll=None)`` starts
from a position text and ``state.native`` is the underlying
``kaissa_chaturaji._native.research.GameState``.
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, List, Optional, Sequence, Tuple

try:
    import pyspiel  # type: ignore[import,unused-ignore]
except ImportError as _missing:  # pragma: no cover - depends on the install
    raise ImportError(
        "kaissa_chaturaji.openspiel needs OpenSpiel: pip install open_spiel"
    ) from _missing

import numpy as np

# The native extension, untyped here (its classes have stubs of their own).
_native = importlib.import_module("kaissa_chaturaji._native")
_research = _native.research
GameState = _research.GameState

from .agents import Agent  # noqa: E402  (after the check for pyspiel)

__all__ = [
    "AgentBot",
    "CHATURAJI_RULES",
    "ChaturajiGame",
    "KaissaGame",
    "KaissaChaturajiGame",
    "KaissaChaturajiObserver",
    "KaissaChaturajiState",
    "chaturaji_game_info",
    "kaissa_game_info",
]

#: The values of the ``chaturaji`` game's ``rules`` parameter.
CHATURAJI_RULES: Tuple[str, ...] = ("sheet", "opposite", "ludii")

# Game lengths (``docs/rules.md`` references):
#
# Kaissa (§1.7, §1.8): the game is drawn at the latest when Red is to move
# on turn 999,999,999. By then Yellow has played turns 1 to 999,999,999 and
# Red turns 1 to 999,999,998: 1,999,999,997 moves (below 2**31). Random
# games end after a few hundred.
_KAISSA_MAX_TURN = 999_999_999
_KAISSA_MAX_GAME_LENGTH = 2 * _KAISSA_MAX_TURN - 1

# Chaturaji, sheet and opposite (§2.10): 200 plies without a capture end
# the game, and every capture removes at least one of the 32 pieces
# (exchanges, which put rajas back, are not actions here, §2.8). Once a
# single piece is left one alliance has none, so at most 31 plies capture;
# before each at most 199 quiet plies, after the last at most 200 more:
# 31 * 200 + 200 = 6400 plies, each after one roll (one chance node).
_SHEET_QUIET_LIMIT = 200
_SHEET_MAX_CAPTURES = 31
_SHEET_MAX_GAME_LENGTH = (_SHEET_MAX_CAPTURES + 1) * _SHEET_QUIET_LIMIT

# Chaturaji, Ludii (§2.13): the game stops after 5000 rolled plies (one
# chance node each); a promotion choice is an extra ply without a roll,
# made once per pawn reaching its far edge (where it never moves again),
# so at most 16 of them.
_LUDII_TURN_LIMIT = 5000
_LUDII_PAWNS = 16
_LUDII_MAX_GAME_LENGTH = _LUDII_TURN_LIMIT + _LUDII_PAWNS

def _game_type(
    short_name: str,
    long_name: str,
    chance_mode: pyspiel.GameType.ChanceMode,
    players: int,
    parameters: Dict[str, Any],
) -> pyspiel.GameType:
    """The type of either game: sequential, perfect information, zero-sum,
    terminal rewards, with observation tensors and strings."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_KAISSA_TYPE = _game_type(
    "kaissa",
    "Merchant Kaissa",
    pyspiel.GameType.ChanceMode.DETERMINISTIC,
    2,
    {"max_plies": 0},
)
_CHATURAJI_TYPE = _game_type(
    "chaturaji",
    "Chaturaji",
    pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    4,
    {"rules": "sheet"},
)


def _game_info(actions: int, chance_outcomes: int, players: int, length: int) -> pyspiel.GameInfo:
    """A ``GameInfo`` with returns from -1 to 1 adding up to 0."""
    return pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=chance_outcomes,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=length,
    )


def kaissa_game_info(max_plies: Optional[int] = None) -> pyspiel.GameInfo:
    """The ``GameInfo`` of ``kaissa``: 2 players, no chance, returns -1
    to 1 adding up to 0; with a ply limit, games at most that long."""
    length = _KAISSA_MAX_GAME_LENGTH
    if max_plies is not None:
        length = min(max_plies, length)
    return _game_info(_research.KAISSA_ACTIONS, 0, 2, length)


def chaturaji_game_info(rules: str = "sheet") -> pyspiel.GameInfo:
    """The ``GameInfo`` of ``chaturaji`` under ``rules``: 4 players, the
    die's 4 faces, returns -1 to 1 adding up to 0."""
    length = _LUDII_MAX_GAME_LENGTH if rules == "ludii" else _SHEET_MAX_GAME_LENGTH
    return _game_info(_research.CHATURAJI_ACTIONS, 4, 4, length)


# ``metaclass=type`` changes nothing at run time (Python picks pybind11's
# metaclass, derived from ``type``); it tells the type checkers, which see
# pyspiel as untyped, that these classes have a metaclass (mypy's stubtest
# compares them with the running classes).
class KaissaChaturajiGame(pyspiel.Game, metaclass=type):
    """The common part of both games: a ``pyspiel.Game`` whose states wrap
    a native ``GameState``. Load the games with ``pyspiel.load_game``."""

    #: ``"kaissa"`` or ``"chaturaji"``.
    name: str
    #: The Chaturaji rules name, ``None`` for Kaissa.
    rules: Optional[str]
    #: The ply limit (Kaissa's ``max_plies`` parameter), or ``None``.
    max_plies: Optional[int]

    def __init__(
        self,
        game_type: pyspiel.GameType,
        game_info: pyspiel.GameInfo,
        params: Dict[str, Any],
        name: str,
        rules: Optional[str],
    ) -> None:
        super().__init__(game_type, game_info, params)
        self.name = name
        self.rules = rules
        self.max_plies = None

    def native_start(self) -> Any:
        """A native ``GameState`` at the start of this game."""
        return GameState(self.name, self.rules, max_plies=self.max_plies)

    def new_initial_state(
        self, text: Optional[str] = None, roll: Optional[int] = None
    ) -> "KaissaChaturajiState":
        """The start of the game, or the position ``text`` (§3.1, §3.3,
        §3.5) with the face ``roll`` already rolled (Chaturaji only).

        Raises ``kaissa_chaturaji.NotationError`` for a bad text."""
        if text is None:
            if roll is not None:
                raise ValueError("a roll needs a position text")
            return KaissaChaturajiState(self)
        native = GameState.from_text(self.name, text, self.rules, roll, self.max_plies)
        return KaissaChaturajiState(self, native, start=native_text(native))

    def max_chance_nodes_in_history(self) -> int:
        """One roll before each rolled ply (0 for Kaissa)."""
        if self.name == "kaissa":
            return 0
        return _LUDII_TURN_LIMIT if self.rules == "ludii" else _SHEET_MAX_GAME_LENGTH

    def make_py_observer(
        self,
        iig_obs_type: Optional[pyspiel.IIGObservationType] = None,
        params: Optional[Dict[str, Any]] = None,
    ) -> Any:
        """The observer of OpenSpiel's observation API: the position
        (tensor and text) by default, the history for perfect recall (the
        information state, a string only)."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return HistoryObserver(params)
        return KaissaChaturajiObserver(self.name, params)


class KaissaGame(KaissaChaturajiGame):
    """``pyspiel.load_game("kaissa")``: Merchant Kaissa. Parameter
    ``max_plies`` (0, the default: the rules as written): a game ends
    drawn, every return 0, once the position has that many plies
    (``Position.ply``), and ``max_game_length`` is that many."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        limit = params.setdefault("max_plies", 0)
        unknown = sorted(set(params) - {"max_plies"})
        if unknown:
            raise ValueError(f"kaissa takes the parameter max_plies only, not {unknown}")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 0 <= limit < 2**32:
            raise ValueError(f"max_plies must be 0 (no limit) or a positive int, not {limit!r}")
        super().__init__(
            _KAISSA_TYPE, kaissa_game_info(limit or None), params, "kaissa", None
        )
        self.max_plies = limit or None


class ChaturajiGame(KaissaChaturajiGame):
    """``pyspiel.load_game("chaturaji(rules=...)")``: Chaturaji under the
    ``rules`` ``"sheet"`` (default), ``"opposite"`` or ``"ludii"``."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        rules = params.setdefault("rules", "sheet")
        unknown = sorted(set(params) - {"rules"})
        if unknown:
            raise ValueError(f"chaturaji takes only the parameter rules, not {unknown}")
        if rules not in CHATURAJI_RULES:
            raise ValueError(
                f"chaturaji rules are 'sheet', 'opposite' or 'ludii', not {rules!r}"
            )
        super().__init__(
            _CHATURAJI_TYPE, chaturaji_game_info(rules), params, "chaturaji", rules
        )


def native_text(native: Any) -> str:
    """The position text of a native ``GameState``, with ``" roll N"``
    after it while a rolled face waits for its move."""
    text = str(native)
    roll = native.roll
    return text if roll is None else f"{text} roll {roll}"


class KaissaChaturajiState(pyspiel.State, metaclass=type):
    """A state of either game: OpenSpiel's ``State`` around a native
    ``GameState`` (``native``). Made by ``game.new_initial_state()``."""

    #: The native state (the same object as long as this state lives).
    native: Any
    #: The start text when the state was built from one, else ``None``.
    start: Optional[str]
    #: The action ids played, comma-separated: kept move by move as a
    #: string (cheap to clone and to pickle) for the information state.
    played: str

    def __init__(
        self,
        game: KaissaChaturajiGame,
        native: Optional[Any] = None,
        start: Optional[str] = None,
    ) -> None:
        super().__init__(game)
        self.native = game.native_start() if native is None else native
        self.start = start
        self.played = ""

    def current_player(self) -> int:
        """The player to move, -1 at a chance node, -4 at the end."""
        return self.native.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        """The legal action ids of ``player`` (the mover), ascending."""
        del player  # OpenSpiel asks only for the player to move.
        return self.native.legal_actions()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """The die's outcomes: ids 0 to 3 (faces 2 to 5), 1/4 each."""
        return self.native.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        """Plays ``action`` (a face id at a chance node);
        ``IllegalMoveError`` if it is not legal here."""
        self.native.apply_action(int(action))
        self.played = f"{self.played},{action}" if self.played else str(action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The move text of ``action``, or the face for a chance outcome."""
        return self.native.action_to_string(
            int(action), chance=player == pyspiel.PlayerId.CHANCE
        )

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.native.is_terminal()

    def returns(self) -> List[float]:
        """One return per player: 0 until the end, then as documented in
        the module (they add up to 0)."""
        return self.native.returns()

    def __str__(self) -> str:
        """The position text, then ``" roll N"`` while a face is pending."""
        return native_text(self.native)


class KaissaChaturajiObserver:
    """The observer (``make_observation(game)``): ``tensor`` holds the
    observation as float32 and ``dict`` the named views of the module
    docstring; ``string_from`` gives the position text."""

    #: The flat observation.
    tensor: np.ndarray
    #: Named views onto ``tensor``, in tensor order.
    dict: Dict[str, np.ndarray]

    def __init__(self, game: str, params: Optional[Dict[str, Any]] = None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        if game == "kaissa":
            layout: Sequence[Tuple[str, Tuple[int, ...]]] = (
                ("pieces", (20, 10, 10)),
                ("to_move", (2,)),
                ("stone_in_hand", (2,)),
                ("turn", (5,)),
            )
            size = _research.KAISSA_OBSERVATION
        else:
            layout = (
                ("pieces", (20, 8, 8)),
                ("pending_promotion", (8, 8)),
                ("to_move", (4,)),
                ("roll", (4,)),
                ("conquered", (4,)),
                ("lost_pawn", (4,)),
                ("captured_rajas", (4,)),
                ("plies_left", (1,)),
                ("scores", (4,)),
                ("over", (1,)),
            )
            size = _research.CHATURAJI_OBSERVATION
        self.tensor = np.zeros(size, np.float32)
        self.dict = {}
        offset = 0
        for name, shape in layout:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[offset : offset + length].reshape(shape)
            offset += length
        assert offset == size, "the views cover the observation"

    def set_from(self, state: KaissaChaturajiState, player: int) -> None:
        """Fills ``tensor`` from ``state`` (the same for every player)."""
        del player
        self.tensor[:] = np.frombuffer(state.native.observation(), dtype=np.uint8)

    def string_from(self, state: KaissaChaturajiState, player: int) -> str:
        """The position text (and the pending roll)."""
        del player
        return native_text(state.native)


class HistoryObserver:
    """The information state observer: a string only, the action ids
    played (after the start text for a state built from one)."""

    #: No tensor.
    tensor: None
    #: No views.
    dict: Dict[str, np.ndarray]

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.tensor = None
        self.dict = {}

    def set_from(self, state: KaissaChaturajiState, player: int) -> None:
        """Nothing to fill."""
        del state, player

    def string_from(self, state: KaissaChaturajiState, player: int) -> str:
        """The history, as comma-separated action ids."""
        del player
        return state.played if state.start is None else f"{state.start}|{state.played}"


class AgentBot(pyspiel.Bot, metaclass=type):
    """One of the library's computer players (``kaissa_chaturaji.agents``)
    as an OpenSpiel bot: ``AgentBot("mcts:500", seed=0)`` plays the
    ``kaissa`` and ``chaturaji`` games of this module, in
    ``pyspiel.evaluate_bots`` or a loop of your own. ``step(state)``
    returns the action id of the agent's move (the interpreter is released
    while it thinks); at a chance node or the end there is no move to make
    and it raises ``ValueError``. ``agent`` is the ``Agent`` inside (its
    ``analyse`` tells what a search finds)."""

    #: The computer player.
    agent: Agent

    def __init__(self, spec: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = Agent(spec, seed)

    def step(self, state: KaissaChaturajiState) -> int:
        """The action id of the agent's move in ``state``."""
        native = state.native
        if native.is_chance_node():
            raise ValueError("a chance node: the die is rolled, not chosen by a bot")
        move = self.agent.choose(native.position(), native.roll)
        return int(native.string_to_action(str(move)))

    def restart_at(self, state: KaissaChaturajiState) -> None:
        """A new game: the agent forgets its search trees and tables."""
        del state
        self.agent.reset()

    def inform_action(self, state: KaissaChaturajiState, player_id: int, action: int) -> None:
        """Nothing to do: the agent reads the position on every step."""
        del state, player_id, action


if "kaissa" not in pyspiel.registered_names():
    pyspiel.register_game(_KAISSA_TYPE, KaissaGame)
if "chaturaji" not in pyspiel.registered_names():
    pyspiel.register_game(_CHATURAJI_TYPE, ChaturajiGame)
