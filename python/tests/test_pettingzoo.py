"""The PettingZoo environments of ``kaissa_chaturaji.pettingzoo``: the
PettingZoo API and seed tests, the die, the masks, the rewards, the
pictures and illegal actions.

Without ``pettingzoo`` the tests are skipped, except under ``CI=true``,
where the missing package is an error.
"""

import doctest
import inspect
import os
import pickle
import warnings

import pytest

if os.environ.get("CI") == "true":
    import pettingzoo  # noqa: F401  (a failure here is the point)
else:
    pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

import kaissa_chaturaji
from kaissa_chaturaji import pettingzoo as kpz
from kaissa_chaturaji._native import research

GameState = research.GameState

#: (game, rules) of every environment.
SETUPS = [
    ("kaissa", None),
    ("chaturaji", "sheet"),
    ("chaturaji", "opposite"),
    ("chaturaji", "ludii"),
]
IDS = [f"{g}-{r or 'sheet'}" for g, r in SETUPS]

#: Where the observation shows the die (faces 2 to 5).
DIE = slice(1348, 1352)


def make_state(game, rules):
    """The native start the environment wraps."""
    return GameState("kaissa") if game == "kaissa" else GameState("chaturaji", rules)


def first_action_game(e, seed, plies):
    """Plays ``plies`` agent actions of ``e`` from ``reset(seed=seed)``,
    always the lowest legal id; returns the observations seen."""
    e.reset(seed=seed)
    seen = []
    for _ in range(plies):
        obs, _, terminated, truncated, _ = e.last()
        seen.append(obs["observation"].copy())
        if terminated or truncated:
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return seen


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_api(game, rules):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(kpz.env(game, rules=rules), num_cycles=40)


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_seed(game, rules):
    seed_test(lambda: kpz.env(game, rules=rules), num_cycles=40)


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_spaces_and_agents(game, rules):
    e = kpz.env(game, rules=rules)
    e.reset(seed=1)
    state = make_state(game, rules)
    assert e.possible_agents == kpz.AGENTS[game]
    assert e.agents == e.possible_agents
    for agent in e.possible_agents:
        space = e.observation_space(agent)
        assert space["observation"].shape == (state.observation_size,)
        assert space["observation"].dtype == np.uint8
        assert space["action_mask"].shape == (state.num_actions,)
        assert space["action_mask"].dtype == np.int8
        assert e.action_space(agent).n == state.num_actions
    meta = e.unwrapped.metadata
    assert meta["is_parallelizable"] is False
    assert "human" not in meta["render_modes"]
    assert set(meta["render_modes"]) == {"svg", "rgb_array"}


def test_start_agents():
    e = kpz.env("kaissa")
    e.reset()
    assert e.agent_selection == "yellow"
    for rules, first in [("sheet", "red"), ("opposite", "red"), ("ludii", "green")]:
        e = kpz.env("chaturaji", rules=rules)
        e.reset(seed=3)
        assert e.agent_selection == first


def test_rules_names():
    assert kpz.raw_env("kaissa", rules="sheet").rules == "sheet"
    assert kpz.raw_env("chaturaji").rules == "sheet"
    for bad in ["opposite", "ludii", "chess"]:
        with pytest.raises(ValueError, match="one ruleset"):
            kpz.env("kaissa", rules=bad)
    with pytest.raises(ValueError, match="'sheet', 'opposite' or 'ludii'"):
        kpz.env("chaturaji", rules="forbes")
    with pytest.raises(ValueError, match="games"):
        kpz.env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        kpz.env("kaissa", render_mode="human")
    with pytest.raises(ValueError, match="max_plies"):
        kpz.env("kaissa", max_plies=0)


@pytest.mark.parametrize("rules", ["sheet", "opposite", "ludii"])
def test_die_in_observation_and_seeded(rules):
    e = kpz.env("chaturaji", rules=rules)
    raw = e.unwrapped
    e.reset(seed=11)
    for _ in range(60):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        die = obs["observation"][DIE]
        if raw.state.roll is None:
            # A Ludii promotion choice: no roll.
            assert rules == "ludii" and not die.any()
        else:
            assert die.sum() == 1
            assert int(np.flatnonzero(die)[0]) + 2 == raw.state.roll
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))

    games = {seed: first_action_game(e, seed, 40) for seed in (5, 5, 6, 7, 8)}
    again = first_action_game(e, 5, 40)
    assert len(again) == len(games[5])
    assert all(np.array_equal(a, b) for a, b in zip(again, games[5]))
    faces = {
        seed: tuple(tuple(o[DIE]) for o in seen) for seed, seen in games.items()
    }
    assert len(set(faces.values())) > 1, "the seed must change the rolls"


def test_reset_without_seed_keeps_generator():
    e = kpz.env("chaturaji")
    e.reset(seed=4)
    first = [e.unwrapped.state.roll]
    e.reset()
    first.append(e.unwrapped.state.roll)
    e.reset(seed=4)
    assert e.unwrapped.state.roll == first[0]


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_masks_match_gamestate(game, rules):
    e = kpz.env(game, rules=rules)
    raw = e.unwrapped
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(80):
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        assert raw.possible_agents[raw.state.current_player()] == agent
        legal = raw.state.legal_actions()
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        assert np.array_equal(
            obs["observation"], np.frombuffer(raw.state.observation(), np.uint8)
        )
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(legal)))


def play_random(e, seed):
    """Plays a whole game of random legal actions; returns the rewards
    collected by each agent and the final native state."""
    raw = e.unwrapped
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    final = None
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            final = final or raw.state.copy()
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, final


@pytest.mark.parametrize(
    "game,rules,seed",
    [
        ("kaissa", None, 1),
        ("chaturaji", "sheet", 1),  # the quiet-ply draw
        ("chaturaji", "sheet", 2),  # Red and Green win
        ("chaturaji", "opposite", 0),  # Black and Green win
        ("chaturaji", "ludii", 3),  # Yellow scores most
    ],
)
def test_full_random_game_rewards(game, rules, seed):
    e = kpz.env(game, rules=rules)
    totals, final = play_random(e, seed)
    assert final.is_terminal()
    assert e.agents == []
    returns = final.returns()
    assert [totals[a] for a in e.possible_agents] == returns


@pytest.mark.parametrize("rules,seed", [("sheet", 0), ("opposite", 2)])
def test_seats_out_of_play_are_skipped_but_kept(rules, seed):
    # docs/rules.md 2.7: a seat commanding no piece is skipped; the agent
    # stays until the game ends.
    e = kpz.env("chaturaji", rules=rules)
    raw = e.unwrapped
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    skipped_seen = set()
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        pos = raw.state.position()
        skipped = {c for c in e.possible_agents if not pos.seat_in_play(c)}
        assert agent not in skipped
        assert e.agents == e.possible_agents
        skipped_seen |= skipped
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert skipped_seen, "the game should put a seat out of play"
    assert raw.state.is_terminal() and e.agents == []


def test_ludii_every_colour_plays_every_turn():
    # docs/rules.md 2.13: Green, Red, Black, Yellow in turn; a colour plays
    # again only to choose a promotion (no roll then).
    e = kpz.env("chaturaji", rules="ludii")
    raw = e.unwrapped
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    cycle = ["green", "red", "black", "yellow"]
    previous = None
    choices = 0
    for _ in range(600):
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        if previous is not None:
            if raw.state.roll is None:
                assert agent == previous
                choices += 1
            else:
                assert agent == cycle[(cycle.index(previous) + 1) % 4]
        previous = agent
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert choices > 0, "the game should reach a promotion choice"


def test_illegal_action_ends_game():
    e = kpz.env("chaturaji")
    raw = e.unwrapped
    e.reset(seed=3)
    agent = e.agent_selection
    obs, *_ = e.last()
    before = raw.state.copy()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(illegal)
    assert raw.state == before, "the position is left as it was"
    assert all(e.terminations.values()) and all(e.truncations.values())
    assert e.rewards[agent] == -1
    assert all(e.rewards[a] == 0 for a in e.agents if a != agent)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for name in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        assert terminated and truncated
        totals[name] += reward
        e.step(None)
    assert totals[agent] == -1
    assert sum(totals.values()) == -1
    assert e.agents == []


def test_illegal_action_raw_env_raises():
    e = kpz.raw_env("kaissa")
    e.reset()
    before = e.state.copy()
    with pytest.raises(kaissa_chaturaji.IllegalMoveError):
        e.step(e.state.string_to_action("e2e6"))
    assert e.state == before
    with pytest.raises(AssertionError):
        wrapped = kpz.env("kaissa")
        wrapped.reset()
        wrapped.step(10**6)


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_max_plies_truncates(game, rules):
    e = kpz.env(game, rules=rules, max_plies=5)
    e.reset(seed=0)
    steps = 0
    while True:
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5
    assert all(e.truncations.values()) and not any(e.terminations.values())
    assert not any(e.rewards.values())
    for _ in e.agent_iter():
        e.step(None)
    assert e.agents == []


@pytest.mark.parametrize("game,rules", SETUPS, ids=IDS)
def test_render(game, rules):
    svg = kpz.env(game, rules=rules, render_mode="svg")
    svg.reset(seed=0)
    text = svg.render()
    assert isinstance(text, str) and text.startswith("<svg")

    e = kpz.env(game, rules=rules, render_mode="rgb_array", square_size=20)
    e.reset(seed=0)
    image = e.render()
    width = 10 if game == "kaissa" else 8
    assert image.dtype == np.uint8
    assert image.ndim == 3 and image.shape[2] == 3
    assert image.shape == ((width + 1) * 20, width * 20, 3)
    sides = kpz._SIDE_RGB[game]
    pixels = image.reshape(-1, 3)
    for rgb in sides:
        assert (pixels == rgb).all(axis=1).any(), f"no piece drawn in {rgb}"
    e.close()

    quiet = kpz.env(game, rules=rules)
    quiet.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None


def test_rgb_image_follows_moves():
    e = kpz.env("kaissa", render_mode="rgb_array", square_size=16)
    e.reset()
    start = e.render()
    e.step(e.unwrapped.state.string_to_action("e2e5"))
    after = e.render()
    assert not np.array_equal(start, after)


def test_pickle_and_copy():
    e = kpz.raw_env("chaturaji", rules="ludii", max_plies=9)
    again = pickle.loads(pickle.dumps(e))
    assert (again.game, again.rules, again.max_plies) == ("chaturaji", "ludii", 9)


def test_docstrings():
    for name in kpz.__all__:
        obj = getattr(kpz, name)
        if callable(obj):
            assert inspect.getdoc(obj), name
    for name, member in vars(kpz.raw_env).items():
        if callable(member) and not name.startswith("_"):
            assert inspect.getdoc(member), name
    assert kpz.__doc__
    failures, tried = doctest.testmod(kpz, optionflags=doctest.ELLIPSIS)[:2]
    assert tried > 0 and failures == 0


def test_raw_env_refuses_actions_that_are_not_integers():
    from kaissa_chaturaji.pettingzoo import raw_env

    e = raw_env("kaissa")
    e.reset(seed=1)
    before = str(e.state)
    for bad in (12.9, "12", 12.0, True, [12]):
        with pytest.raises((TypeError, ValueError)):
            e.step(bad)
        assert str(e.state) == before
    legal = e.state.legal_actions()[0]
    e.step(np.int64(legal))
    assert str(e.state) != before


def test_an_agent_policy_plays_legal_actions():
    from kaissa_chaturaji.agents import Agent
    from kaissa_chaturaji.pettingzoo import agent_policy, env

    for game, rules in (("kaissa", None), ("chaturaji", "ludii"), ("chaturaji", "sheet")):
        e = env(game, rules=rules, max_plies=30)
        e.reset(seed=3)
        policy = agent_policy(Agent("greedy", seed=2))
        for name in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            action = policy(e)
            assert observation["action_mask"][action] == 1
            e.step(action)
