"""The OpenSpiel games ``kaissa`` and ``chaturaji`` of
``kaissa_chaturaji.openspiel``: OpenSpiel's own API checks, the rules
(``docs/rules.md``) seen through pyspiel, serialization and the MCTS
example.

Skipped when OpenSpiel is not installed (``pip install open_spiel``),
except under CI (``CI=true``), where a missing pyspiel is a failure."""

import inspect
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

if os.environ.get("CI") == "true":
    import pyspiel  # CI installs OpenSpiel: never skipped there
else:
    pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402  (OpenSpiel brings numpy)
from open_spiel.python.observation import make_observation  # noqa: E402

import kaissa_chaturaji as kc  # noqa: E402
import kaissa_chaturaji.openspiel as kos  # noqa: E402
from kaissa_chaturaji import _native  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "openspiel_mcts.py"

#: Every game string, and the game it names.
GAMES = {
    "kaissa": ("kaissa", None),
    "chaturaji": ("chaturaji", "sheet"),
    "chaturaji(rules=opposite)": ("chaturaji", "opposite"),
    "chaturaji(rules=ludii)": ("chaturaji", "ludii"),
}

#: Random games that pyspiel's checks play. Ludii games are the longest
#: (about 1500 decisions) and the checks cost more than linear time.
SIMS = {
    "kaissa": 5,
    "chaturaji": 2,
    "chaturaji(rules=opposite)": 2,
    "chaturaji(rules=ludii)": 1,
}

FINISHED_KAISSA = "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -"
CHATURAJI_START = (  # docs/rules.md §3.3
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"
    "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0"
)


def perft(state, depth):
    """Leaves of the pyspiel tree at ``depth`` decisions: a chance node
    spends no depth, it adds up its outcomes (``docs/rules.md`` §2.11)."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    if state.is_chance_node():
        return sum(perft(state.child(a), depth) for a, _ in state.chance_outcomes())
    return sum(perft(state.child(a), depth - 1) for a in state.legal_actions())


@pytest.mark.parametrize("spec", list(GAMES))
def test_random_sim_test(spec):
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=SIMS[spec], serialize=True, verbose=False)


@pytest.mark.parametrize("spec", list(GAMES))
def test_game_type_and_info(spec):
    game = pyspiel.load_game(spec)
    name, rules = GAMES[spec]
    kind = game.get_type()
    assert kind.short_name == name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1, 1, 0)
    research = _native.research
    if name == "kaissa":
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert game.num_players() == 2
        assert game.num_distinct_actions() == research.KAISSA_ACTIONS
        assert game.max_chance_outcomes() == 0
        assert game.max_game_length() == 1_999_999_997
        assert game.observation_tensor_size() == research.KAISSA_OBSERVATION
    else:
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game.num_players() == 4
        assert game.num_distinct_actions() == research.CHATURAJI_ACTIONS
        assert game.max_chance_outcomes() == 4
        assert game.get_parameters() == {"rules": rules}
        assert game.max_game_length() == (5016 if rules == "ludii" else 6400)
        assert game.observation_tensor_size() == research.CHATURAJI_OBSERVATION


def test_load_game_forms():
    assert str(pyspiel.load_game("chaturaji")) == "chaturaji(rules=sheet)"
    by_dict = pyspiel.load_game("chaturaji", {"rules": "ludii"})
    assert str(by_dict) == str(pyspiel.load_game("chaturaji(rules=ludii)"))
    with pytest.raises(Exception, match="sheet"):
        pyspiel.load_game("chaturaji(rules=free)")


def test_kaissa_start_has_40_moves():
    # docs/rules.md §1.3: 40 moves from the start.
    state = pyspiel.load_game("kaissa").new_initial_state()
    assert state.current_player() == 0
    assert len(state.legal_actions()) == 40
    assert state.legal_actions() == sorted(state.legal_actions())
    assert str(state) == kc.kaissa.START_TEXT


def test_chaturaji_start_is_a_chance_node():
    # docs/rules.md §2.3: Red moves first, after the roll.
    state = pyspiel.load_game("chaturaji").new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(0, 0.25), (1, 0.25), (2, 0.25), (3, 0.25)]
    assert [state.action_to_string(a) for a in range(4)] == ["2", "3", "4", "5"]


def test_chaturaji_faces_at_the_start():
    # docs/rules.md §2.3: face 2 gives h1f3, face 3 h2f1 and h2f3, face 4
    # nothing (pass), face 5 six pawn and raja moves.
    game = pyspiel.load_game("chaturaji")
    moves = {}
    for outcome, face in enumerate([2, 3, 4, 5]):
        state = game.new_initial_state()
        state.apply_action(outcome)
        assert state.current_player() == 0  # Red
        assert str(state).endswith(f" roll {face}")
        moves[face] = [state.action_to_string(a) for a in state.legal_actions()]
    assert moves[2] == ["h1f3"]
    assert sorted(moves[3]) == ["h2f1", "h2f3"]
    assert moves[4] == ["pass"]
    assert sorted(moves[5]) == sorted(["g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"])
    pass_id = game.num_distinct_actions() - 1
    state = game.new_initial_state()
    state.apply_action(2)
    assert state.legal_actions() == [pass_id]
    state.apply_action(pass_id)
    assert state.is_chance_node()
    assert state.history() == [2, pass_id]


def test_ludii_green_opens():
    # docs/rules.md §2.13 and §3.5: Green moves first; a 3 gives b1a3, b1c3.
    state = pyspiel.load_game("chaturaji(rules=ludii)").new_initial_state()
    state.apply_action(state.string_to_action("3"))
    assert state.current_player() == 3
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["b1a3", "b1c3"]


@pytest.mark.parametrize("spec", list(GAMES))
def test_action_strings_round_trip(spec):
    game = pyspiel.load_game(spec)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(40):
        if state.is_terminal():
            break
        player = state.current_player()
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        for action in actions:
            text = state.action_to_string(player, action)
            assert state.string_to_action(player, text) == action
            if not state.is_chance_node():
                assert state.native.string_to_action(text) == action
        state.apply_action(int(rng.choice(actions)))


def test_action_ids_follow_the_documented_order():
    kaissa = pyspiel.load_game("kaissa").new_initial_state()
    places = _native.research.KAISSA_ACTIONS - 20
    assert kaissa.action_to_string(0, 0) == "a1b1"
    assert kaissa.action_to_string(0, places) == "H@a1"
    assert kaissa.action_to_string(0, places + 19) == "H@j10"
    chaturaji = pyspiel.load_game("chaturaji").new_initial_state()
    last = _native.research.CHATURAJI_ACTIONS - 1
    assert chaturaji.action_to_string(0, last) == "pass"
    assert chaturaji.action_to_string(0, last - 4) == "=K"
    assert chaturaji.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "5"


def test_illegal_actions_raise_and_change_nothing():
    state = pyspiel.load_game("kaissa").new_initial_state()
    with pytest.raises(kc.IllegalMoveError):
        state.apply_action(0)  # a1b1: blocked
    assert state.history() == []
    assert len(state.legal_actions()) == 40


def test_observation_tensor_kaissa():
    game = pyspiel.load_game("kaissa")
    state = game.new_initial_state()
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.dtype == np.float32
    assert obs.tensor.shape == (2009,)
    np.testing.assert_array_equal(obs.tensor, state.observation_tensor(0))
    np.testing.assert_array_equal(obs.tensor, state.observation_tensor(1))
    pieces = obs.dict["pieces"]
    assert pieces.shape == (20, 10, 10)
    # Kinds U Q T S B I P R A H: Yellow's Ubar on f1, Red's on f10
    # (ibstqutsbi, docs/rules.md §1.2), Yellow's pawns on rank 2.
    assert pieces[0, 0, 5] == 1 and pieces[10, 9, 5] == 1
    assert pieces[0].sum() == 1 and pieces[10].sum() == 1
    assert pieces[6, 1].tolist() == [0, 0, 1, 1, 1, 1, 1, 1, 0, 0]
    assert pieces.sum() == 40  # two full ranks a side, stones in hand
    assert obs.dict["to_move"].tolist() == [1, 0]
    assert obs.dict["stone_in_hand"].tolist() == [1, 1]
    assert obs.dict["turn"].tolist() == [1, 0, 0, 0, 0]
    state.apply_action(state.string_to_action("e2e5"))
    obs.set_from(state, 0)
    assert pieces[6, 1, 4] == 0 and pieces[6, 4, 4] == 1
    assert obs.dict["to_move"].tolist() == [0, 1]
    assert state.observation_string(0) == str(state)


def test_observation_tensor_chaturaji():
    game = pyspiel.load_game("chaturaji")
    state = game.new_initial_state()
    obs = make_observation(game)
    obs.set_from(state, 0)
    assert obs.tensor.shape == (1370,)
    pieces = obs.dict["pieces"]
    assert pieces.shape == (20, 8, 8)
    # Colours Red, Black, Yellow, Green; kinds K E H B P. Red's raja h4,
    # boat h1; Green's raja d1 (docs/rules.md §3.3, the start text).
    assert pieces[0, 3, 7] == 1 and pieces[3, 0, 7] == 1 and pieces[15, 0, 3] == 1
    assert pieces.sum() == 32
    assert obs.dict["to_move"].tolist() == [1, 0, 0, 0]
    assert obs.dict["roll"].tolist() == [0, 0, 0, 0]
    assert obs.dict["plies_left"].tolist() == [200]
    assert obs.dict["over"].tolist() == [0]
    state.apply_action(0)  # face 2
    obs.set_from(state, 2)
    assert obs.dict["roll"].tolist() == [1, 0, 0, 0]
    np.testing.assert_array_equal(obs.tensor, state.observation_tensor(3))
    state.apply_action(state.string_to_action("h1f3"))
    obs.set_from(state, 1)
    assert pieces[3, 0, 7] == 0 and pieces[3, 2, 5] == 1
    assert obs.dict["to_move"].tolist() == [0, 1, 0, 0]
    assert obs.dict["plies_left"].tolist() == [199]
    assert state.observation_string(0) == str(state)


def test_returns_at_a_finished_position():
    # docs/rules.md §3.1: Yellow's stone is gone with Yellow to move.
    game = pyspiel.load_game("kaissa")
    state = game.new_initial_state(FINISHED_KAISSA)
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [-1.0, 1.0]
    assert state.legal_actions() == []
    assert state.information_state_string(0) == FINISHED_KAISSA + "|"
    native = kc._native.research.GameState.from_text("kaissa", FINISHED_KAISSA)
    assert native.returns() == [-1.0, 1.0]


@pytest.mark.parametrize("spec", list(GAMES))
def test_returns_add_up_to_zero(spec):
    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(11)
    state = game.new_initial_state()
    decisions = rolls = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(4)))
            rolls += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    assert sum(state.returns()) == pytest.approx(0)
    assert all(-1 <= r <= 1 for r in state.returns())
    assert decisions <= game.max_game_length()
    assert rolls <= game.max_chance_nodes_in_history()


@pytest.mark.parametrize(
    "spec,depth,nodes",
    # docs/rules.md §1.3 (40 moves each side) and §2.11 (10 ** d for d <= 4).
    [("kaissa", 1, 40), ("kaissa", 2, 1600), ("chaturaji", 1, 10), ("chaturaji", 2, 100),
     ("chaturaji(rules=opposite)", 2, 100)],
)
def test_perft_matches_the_library(spec, depth, nodes):
    game = pyspiel.load_game(spec)
    assert perft(game.new_initial_state(), depth) == nodes
    name, rules = GAMES[spec]
    library = kc.kaissa.Position() if name == "kaissa" else kc.chaturaji.Position(rules=rules)
    assert library.perft(depth) == nodes


def test_serialize_clone_and_pickle():
    game = pyspiel.load_game("chaturaji(rules=ludii)")
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(int(rng.randint(4)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()
    assert state2.information_state_string(0) == state.information_state_string(0)
    clone = state.clone()
    assert clone.native == state.native and clone.native is not state.native
    assert clone.history() == state.history()
    before = str(state)
    clone.apply_action(clone.legal_actions()[0] if not clone.is_chance_node() else 0)
    assert str(state) == before
    unpickled = pickle.loads(pickle.dumps(state))
    assert str(unpickled) == str(state) and unpickled.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_state_from_text_serializes():
    game = pyspiel.load_game("chaturaji(rules=ludii)")
    # docs/rules.md §3.5: Green chooses a promotion, no roll before it.
    state = game.new_initial_state("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8")
    assert state.current_player() == 3
    choices = [state.action_to_string(a) for a in state.legal_actions()]
    assert choices == ["=K", "=E", "=H"]
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(copy) == str(state)
    rolled = pyspiel.load_game("chaturaji").new_initial_state(CHATURAJI_START, roll=2)
    assert rolled.current_player() == 0
    assert [rolled.action_to_string(a) for a in rolled.legal_actions()] == ["h1f3"]


def test_public_names_are_documented():
    assert kos.__doc__ and "pip install open_spiel" in kos.__doc__
    for name in kos.__all__:
        obj = getattr(kos, name)
        if not (inspect.isclass(obj) or callable(obj)):
            continue
        assert obj.__doc__ and obj.__doc__.strip(), name
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if callable(value) and not attr.startswith("__"):
                    assert value.__doc__ and value.__doc__.strip(), f"{name}.{attr}"


def test_missing_pyspiel_is_explained(tmp_path):
    # A pyspiel that fails to import stands for a missing OpenSpiel.
    (tmp_path / "pyspiel.py").write_text("raise ImportError('no pyspiel here')\n")
    code = "import kaissa_chaturaji.openspiel\n"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert run.returncode != 0
    assert "ImportError" in run.stderr and "pip install open_spiel" in run.stderr


def test_mcts_example_runs():
    command = [
        sys.executable, str(EXAMPLE), "chaturaji", "--rules", "ludii", "--games", "2",
        "--simulations", "3", "--rollout-plies", "8", "--max-plies", "40", "--seed", "4",
    ]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0].startswith("game 1: ") and lines[1].startswith("game 2: ")
    assert "MCTS (3 simulations)" in lines[-1] and "of 2" in lines[-1]
    again = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert again.stdout == first.stdout  # the seed decides everything
    kaissa = subprocess.run(
        [sys.executable, str(EXAMPLE), "kaissa", "--games", "1", "--simulations", "2",
         "--rollout-plies", "5", "--max-plies", "30"],
        capture_output=True, text=True, timeout=300,
    )
    assert kaissa.returncode == 0, kaissa.stderr
    assert "kaissa(max_plies=0)" in kaissa.stdout.splitlines()[-1]


def test_an_agent_bot_plays_through_evaluate_bots():
    from kaissa_chaturaji.openspiel import AgentBot

    game = pyspiel.load_game("chaturaji", {"rules": "ludii"})
    bot = AgentBot("greedy", seed=1)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    action = bot.step(state)
    assert action in state.legal_actions()
    with pytest.raises(ValueError):
        bot.step(_chance_state(game))
    kaissa = pyspiel.load_game("kaissa")
    bots = [AgentBot("alphabeta:1"), pyspiel.make_uniform_random_bot(1, 3)]
    returns = pyspiel.evaluate_bots(kaissa.new_initial_state(), bots, 5)
    assert sum(returns) == 0 and len(returns) == 2


def _chance_state(game):
    state = game.new_initial_state()
    assert state.is_chance_node()
    return state


def test_kaissa_max_plies_makes_every_game_finite():
    game = pyspiel.load_game("kaissa", {"max_plies": 6})
    assert game.max_game_length() == 6
    assert pyspiel.load_game("kaissa").max_game_length() > 10**9
    state = game.new_initial_state()
    for _ in range(6):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.legal_actions() == [] and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert pyspiel.load_game("kaissa(max_plies=6)").max_game_length() == 6
    clone = pickle.loads(pickle.dumps(state.native))
    assert clone.is_terminal() and clone.max_plies == 6
    for bad in (-1, "ten", 1.5):
        # pyspiel checks the type itself (SpielError), the game the value.
        with pytest.raises((ValueError, pyspiel.SpielError)):
            pyspiel.load_game("kaissa", {"max_plies": bad})
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("kaissa", {"rules": "ludii"})
