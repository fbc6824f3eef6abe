"""The batched environment (``kaissa_chaturaji.vector``): shapes, seeding,
automatic reset, and agreement with ``GameState`` game by game."""

import os
import sys

import pytest

if os.environ.get("CI") == "true":
    import numpy as np  # CI installs numpy: never skipped there
else:
    np = pytest.importorskip("numpy")

import kaissa_chaturaji as kc  # noqa: E402
from kaissa_chaturaji._native import research  # noqa: E402

GameState = research.GameState
from kaissa_chaturaji.vector import VectorEnv  # noqa: E402

GAMES = [("kaissa", None), ("chaturaji", "sheet"), ("chaturaji", "opposite"), ("chaturaji", "ludii")]
FACE = slice(1348, 1352)  # the rolled face in a Chaturaji observation


def state_of(env, text, obs_row):
    """The GameState of one game of ``env`` from its text and observation."""
    if env.game == "kaissa":
        return GameState.from_text("kaissa", text)
    faces = np.flatnonzero(obs_row[FACE])
    roll = int(faces[0]) + 2 if len(faces) else None
    return GameState.from_text("chaturaji", text, env.rules, roll)


@pytest.mark.parametrize("game,rules", GAMES)
def test_shapes_and_start(game, rules):
    env = VectorEnv(game, rules=rules, num_envs=3, seed=5)
    obs, mask, player = env.reset()
    start = GameState(game, rules)
    assert obs.shape == (3, start.observation_size) and obs.dtype == np.uint8
    assert mask.shape == (3, start.num_actions) and mask.dtype == np.bool_
    assert player.shape == (3,) and player.dtype == np.int64
    obs, mask, player, rewards, done = env.step(env.sample_actions())
    assert rewards.shape == (3, env.players) and rewards.dtype == np.float32
    assert done.shape == (3,) and done.dtype == np.bool_
    obs[0, 0] = 7  # the arrays are the caller's: writable
    if game == "kaissa":
        first = VectorEnv(game, num_envs=1).reset()[0][0]
        assert bytes(first) == start.observation()
        assert env.reset()[1][0].sum() == 40  # docs/rules.md §1.3


@pytest.mark.parametrize("game,rules", GAMES)
def test_every_step_agrees_with_game_state(game, rules):
    env = VectorEnv(game, rules=rules, num_envs=4, seed=11)
    obs, mask, player = env.reset()
    finished = 0
    for _ in range(400):
        for i, text in enumerate(env.texts()):
            state = state_of(env, text, obs[i])
            assert state.current_player() == player[i]
            assert np.flatnonzero(mask[i]).tolist() == state.legal_actions()
            assert bytes(obs[i]) == state.observation()
        actions = env.sample_actions()
        before = [state_of(env, t, obs[i]) for i, t in enumerate(env.texts())]
        obs, mask, player, rewards, done = env.step(actions)
        for i in range(env.num_envs):
            state = before[i]
            state.apply_action(int(actions[i]))
            if done[i]:
                finished += 1
                while state.is_chance_node():  # cannot happen: a roll follows a move
                    raise AssertionError("a finished game at a chance node")
                assert state.is_terminal()
                assert rewards[i].tolist() == pytest.approx(state.returns())
            else:
                assert not rewards[i].any()
    assert finished or game == "chaturaji"


def test_kaissa_games_finish_and_restart():
    env = VectorEnv("kaissa", num_envs=8, seed=3)
    env.reset()
    ends = 0
    for _ in range(3000):
        _, mask, _, rewards, done = env.step(env.sample_actions())
        ends += int(done.sum())
        assert np.allclose(rewards.sum(axis=1), 0)
        assert mask.any(axis=1).all()
    assert ends > 0


@pytest.mark.parametrize("game,rules", GAMES)
def test_seeds_and_threads(game, rules):
    def run(seed, threads):
        env = VectorEnv(game, rules=rules, num_envs=6, seed=seed, threads=threads)
        env.reset()
        out = []
        for _ in range(50):
            obs, mask, player, rewards, done = env.step(env.sample_actions())
            out.append((obs.copy(), player.copy(), done.copy()))
        return out, env.texts()

    one, texts = run(1, 1)
    two, texts_two = run(1, 3)
    assert texts == texts_two
    assert all((a[0] == b[0]).all() and (a[1] == b[1]).all() for a, b in zip(one, two))
    _, other = run(2, 1)
    assert other != texts


def test_reset_with_a_seed_starts_the_same_dice_again():
    env = VectorEnv("chaturaji", num_envs=5, seed=1)
    first = env.reset(seed=9)[0].copy()
    env.step(env.sample_actions())
    again = env.reset(seed=9)[0]
    assert (first == again).all()


def test_an_illegal_action_changes_nothing():
    env = VectorEnv("kaissa", num_envs=2, seed=0)
    _, mask, _ = env.reset()
    texts = env.texts()
    actions = np.array([np.flatnonzero(mask[0])[0], np.flatnonzero(~mask[1])[0]])
    with pytest.raises(kc.IllegalMoveError, match="game 1"):
        env.step(actions)
    assert env.texts() == texts
    with pytest.raises(kc.IllegalMoveError):
        env.step(np.array([-1, 2**40]))
    assert env.texts() == texts


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game": "go"},
        {"game": "chaturaji", "rules": "gor"},
        {"game": "kaissa", "rules": "ludii"},
        {"game": "kaissa", "num_envs": 0},
        {"game": "kaissa", "num_envs": -3},
        {"game": "kaissa", "num_envs": 2**16 + 1},
        {"game": "kaissa", "seed": -1},
        {"game": "kaissa", "threads": -1},
    ],
)
def test_bad_arguments_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        VectorEnv(**kwargs)


def test_action_ids_and_texts_round_trip():
    for game, rules in [("kaissa", None), ("chaturaji", "sheet")]:
        state = GameState(game, rules)
        for action in range(state.num_actions):
            assert state.string_to_action(state.action_to_string(action)) == action
        with pytest.raises(ValueError):
            state.action_to_string(state.num_actions)
    assert GameState("kaissa").action_to_string(research.KAISSA_ACTIONS - 1) == "H@j10"
    assert GameState("chaturaji").action_to_string(research.CHATURAJI_ACTIONS - 1) == "pass"


def test_kaissa_takes_the_default_rules_name():
    assert GameState("kaissa", "sheet") == GameState("kaissa")
    assert GameState("kaissa", "sheet").rules is None
    with pytest.raises(ValueError, match="one ruleset"):
        GameState("kaissa", "opposite")


def test_bad_actions_raise_value_error():
    env = VectorEnv("kaissa", rules="sheet", num_envs=2)
    env.reset()
    for actions in ([1], [[1, 2]], [1.5, 2.0], ["a", "b"]):
        with pytest.raises(ValueError):
            env.step(np.array(actions))


def test_the_bench_example_runs():
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "examples" / "bench_vector.py"
    run = subprocess.run(
        [sys.executable, str(script), "--quick", "--envs", "8"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert sum(line.startswith("VectorEnv ") for line in lines) == 9
    run = subprocess.run(
        [sys.executable, str(script), "--quick", "--scaling", "--repeats", "2"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    ratios = [line for line in lines if "4096 / 256 games" in line]
    assert len(ratios) == 2 and all(line.endswith("x per game-step") for line in ratios)
    # Two turns per size: each median is printed with the range of its runs.
    medians = [line for line in lines if " games " in line and "ns per game-step" in line]
    assert len(medians) == 6 and all(") " in line and " to " in line for line in medians)
    assert all(line.endswith(" stores") for line in medians)


def test_game_states_pickle():
    import pickle

    state = GameState.from_text("chaturaji", GameState("chaturaji", "ludii").__str__(), "ludii", 3)
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.roll == 3
    kaissa = GameState("kaissa")
    kaissa.apply_action(kaissa.legal_actions()[5])
    assert pickle.loads(pickle.dumps(kaissa)) == kaissa


def test_too_many_threads_is_refused_with_the_bound():
    with pytest.raises(ValueError, match="1024"):
        VectorEnv("kaissa", num_envs=8, threads=100000)
    with pytest.raises(ValueError):
        VectorEnv("chaturaji", num_envs=8, threads=-1)
    many = VectorEnv("kaissa", num_envs=64, seed=3, threads=1024)
    one = VectorEnv("kaissa", num_envs=64, seed=3, threads=1)
    many.reset()
    one.reset()
    for _ in range(5):
        a = many.step(many.sample_actions())
        b = one.step(one.sample_actions())
    assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_vector_without_numpy_says_what_to_install():
    import subprocess

    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "try:\n    import kaissa_chaturaji.vector\n"
        "except ImportError as e:\n    print(e)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "pip install numpy" in run.stdout, run.stdout + run.stderr


def test_max_plies_ends_games_drawn():
    env = VectorEnv("kaissa", num_envs=4, seed=1, max_plies=5)
    env.reset()
    for ply in range(1, 11):
        obs, mask, player, rewards, done = env.step(env.sample_actions())
        assert done.all() == (ply % 5 == 0)
        assert not rewards.any()
    with pytest.raises(ValueError):
        VectorEnv("kaissa", num_envs=4, max_plies=0)


# Batches whose outputs pass 16 MiB, a little and by far, with a last
# group of games smaller than the others where the size allows.
LARGE = [
    ("kaissa", None, 3300),
    ("kaissa", None, 5000),
    ("chaturaji", "sheet", 4900),
    ("chaturaji", "ludii", 8100),
]


@pytest.mark.parametrize("game, rules, n", LARGE)
def test_large_batches_write_the_same_rows_as_small_ones(game, rules, n):
    # The first games of a batch have the same seeds as a small batch's,
    # so their rows agree however large the batch (past the caches too),
    # and a batch's rows do not depend on its threads.
    # The large batches write their output one each way (a batch this
    # large streams unless told otherwise), so both ways are seen to agree.
    big = VectorEnv(game, rules=rules, num_envs=n, seed=5, threads=2)
    alone = VectorEnv(game, rules=rules, num_envs=n, seed=5, threads=1)
    big._core.stores, alone._core.stores = "streamed", "plain"
    small = VectorEnv(game, rules=rules, num_envs=7, seed=5)
    a, b, c = big.reset(), small.reset(), alone.reset()
    for x, y, z in zip(a, b, c):
        assert np.array_equal(x[:7], y) and np.array_equal(x, z)
    for _ in range(6):
        actions = big.sample_actions()
        assert np.array_equal(actions, alone.sample_actions())
        a = big.step(actions)
        b = small.step(actions[:7])
        c = alone.step(actions)
        for x, y, z in zip(a, b, c):
            assert np.array_equal(x[:7], y) and np.array_equal(x, z)
        assert a[1][np.arange(n), a[1].argmax(axis=1)].all()  # a legal id in every row


def test_a_batch_writes_its_output_plain_or_streamed():
    # Outputs up to 4 MiB a step are written with plain stores, larger
    # ones streamed. Either can be forced, nothing else.
    assert VectorEnv("kaissa", num_envs=64)._core.stores == "plain"
    assert VectorEnv("chaturaji", num_envs=1024)._core.stores == "plain"  # 3.5 MB
    assert VectorEnv("kaissa", num_envs=1024)._core.stores == "streamed"  # 5.5 MB
    env = VectorEnv("chaturaji", num_envs=2048, seed=3)
    assert env._core.stores == "streamed"
    for way in ("plain", "streamed"):
        env._core.stores = way
        assert env._core.stores == way
    for bad in ("", "fast", "Plain", 1, None):
        with pytest.raises((ValueError, TypeError)):
            env._core.stores = bad
    assert env._core.stores == "streamed"


def test_sample_actions_takes_from_its_stream_only_when_called():
    # Each step draws the next sample ahead of time; a draw not taken (the
    # games started again, or stepped with other actions) leaves the
    # stream as it was, and two calls in a row are two draws. Kaissa has
    # no die, so starting again gives the same positions.
    def first_legal(env):
        return env.step(env.reset()[1].argmax(axis=1))

    once = VectorEnv("kaissa", num_envs=16, seed=4)
    first_legal(once)
    a, b = once.sample_actions(), once.sample_actions()
    again = VectorEnv("kaissa", num_envs=16, seed=4)
    for _ in range(3):
        again.reset()
    first_legal(again)
    assert np.array_equal(again.sample_actions(), a)
    first_legal(again)
    assert np.array_equal(again.sample_actions(), b)
    assert not np.array_equal(a, b)
