"""The computer players: every spec of the tournament chooses legal moves
in both games, leaves the position as it was, is deterministic for a seed
and a count budget, and refuses what it cannot do."""

import pickle
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.agents import Agent, Limit, LimitError, PlayResult

KAISSA_SPECS = [
    "random",
    "greedy",
    "mcts:60",
    "mcts:30ms",
    "alphabeta:2",
    "alphabeta:30ms",
    "expectimax:1",
]
CHATURAJI_SPECS = ["random", "greedy", "mcts:60", "mcts:30ms", "expectimax:1"]


def midgame_kaissa():
    pos = kc.kaissa.Position()
    pos.play_seeded_game(5, max_plies=30)
    return pos


@pytest.mark.parametrize("spec", KAISSA_SPECS)
def test_kaissa_agents_choose_legal_moves_and_leave_the_position(spec):
    agent = Agent(spec, seed=3)
    for pos in (kc.kaissa.Position(), midgame_kaissa()):
        before = pos.copy()
        move = agent.choose(pos)
        assert isinstance(move, kc.kaissa.Move)
        assert move in pos.legal_moves
        assert pos == before and pos.move_stack == before.move_stack


@pytest.mark.parametrize("rules", ["sheet", "opposite", "ludii"])
@pytest.mark.parametrize("spec", CHATURAJI_SPECS)
def test_chaturaji_agents_choose_legal_moves_and_leave_the_position(spec, rules):
    agent = Agent(spec, seed=4)
    pos = kc.chaturaji.Position(rules=rules)
    rng = kc.SplitMix64(9)
    for ply in range(12):
        if pos.is_game_over():
            break
        roll = None if pos.pending_promotion else 2 + rng.below(4)
        before = pos.copy()
        move = agent.choose(pos, roll)
        assert isinstance(move, kc.chaturaji.Move)
        assert move in pos.legal_moves(roll)
        assert pos == before
        pos.push(roll, move)


def test_play_returns_the_move_and_what_the_search_found():
    pos = kc.kaissa.Position()
    result = Agent("alphabeta").play(pos, Limit(depth=3))
    assert isinstance(result, PlayResult) and result.move in pos.legal_moves
    info = result.info
    assert info["depth"] == 3 and info["nodes"] > 0 and isinstance(info["score"], int)
    assert isinstance(info["time"], float) and info["time"] >= 0.0
    assert info["pv"][0] == result.move and len(info["pv"]) == 3
    assert "PlayResult(move=" in repr(result)
    # The pv is a line of legal moves.
    line = pos.copy()
    for move in info["pv"]:
        assert move in line.legal_moves
        line.push(move)
    assert pos == kc.kaissa.Position()


def test_analyse_gives_the_info_dict_of_each_kind():
    kaissa = kc.kaissa.Position()
    mcts = Agent("mcts", seed=1).analyse(kaissa, Limit(nodes=300))
    assert mcts["nodes"] == 300 and mcts["depth"] == len(mcts["pv"]) >= 1
    nodes = Agent("alphabeta").analyse(kaissa, Limit(nodes=5000))
    assert 5000 <= nodes["nodes"] < 8000 and nodes["depth"] >= 2
    chaturaji = kc.chaturaji.Position()
    expecti = Agent("expectimax", seed=2).analyse(chaturaji, Limit(depth=2), 5)
    assert expecti["depth"] == 2 and expecti["pv"][0] in chaturaji.legal_moves(5)
    plain = Agent("greedy").analyse(chaturaji, Limit(), 3)
    assert plain["depth"] == 0 and plain["score"] == 0 and len(plain["pv"]) == 1
    assert set(plain) == {"depth", "score", "nodes", "time", "pv"}


def test_a_time_limit_bounds_the_search():
    # Searches that would go on far longer: the time ends them (expectimax
    # in Chaturaji, where it may search 8 moves deep).
    kaissa, chaturaji = kc.kaissa.Position(), kc.chaturaji.Position()
    for spec, pos, roll in (("alphabeta", kaissa, None), ("mcts", kaissa, None),
                            ("expectimax", chaturaji, 5)):
        started = time.monotonic()
        info = Agent(spec).analyse(pos, Limit(time=0.15), roll)
        elapsed = time.monotonic() - started
        assert 0.05 < elapsed < 1.0, (spec, elapsed)
        assert info["time"] <= elapsed


def test_limit_overrides_the_spec_and_limit_nothing_keeps_it():
    pos = kc.kaissa.Position()
    agent = Agent("mcts:50", seed=3)
    assert agent.analyse(pos, Limit())["nodes"] == 50
    assert agent.analyse(pos, Limit(nodes=120))["nodes"] == 120
    assert Agent("alphabeta:2").analyse(pos, Limit(depth=4))["depth"] == 4


def test_a_limit_the_agent_cannot_honour_raises():
    pos = kc.kaissa.Position()
    with pytest.raises(LimitError, match="depth") as raised:
        Agent("mcts:100").play(pos, Limit(depth=3))
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, kc.Error)
    assert raised.value.agent == "mcts:100" and "depth" in raised.value.reason
    with pytest.raises(LimitError):
        Agent("mcts").analyse(kc.chaturaji.Position(), Limit(depth=2, time=0.1), 4)
    with pytest.raises(LimitError, match="depth"):
        Agent("expectimax").analyse(pos, Limit(depth=4))
    with pytest.raises(LimitError, match="8"):
        Agent("expectimax").analyse(kc.chaturaji.Position(), Limit(depth=9), 2)


@pytest.mark.parametrize(
    "bounds",
    [{"time": 0}, {"time": -1.0}, {"time": float("nan")}, {"time": float("inf")},
     {"depth": 0}, {"depth": -3}, {"nodes": 0}, {"depth": 2**40}],
)
def test_bad_limits_raise_value_error(bounds):
    with pytest.raises(ValueError):
        Limit(**bounds)


def test_limit_reads_back():
    limit = Limit(time=1, depth=3, nodes=100)
    assert (limit.time, limit.depth, limit.nodes) == (1.0, 3, 100)
    assert repr(limit) == "Limit(time=1.0, depth=3, nodes=100)"
    assert Limit() == Limit() and Limit(depth=2) != Limit(depth=3)
    assert repr(Limit()) == "Limit()" and Limit().time is None
    assert pickle.loads(pickle.dumps(limit)) == limit


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:80", "alphabeta:2", "expectimax:1"])
def test_a_seed_and_a_count_budget_give_the_same_game(spec):
    def game(seed):
        agent = Agent(spec, seed=seed)
        pos = kc.kaissa.Position()
        for _ in range(8):
            pos.push(agent.choose(pos))
        return [str(m) for m in pos.move_stack]

    assert game(11) == game(11)


def test_chaturaji_games_replay_for_a_seed():
    def game():
        agent, rng = Agent("mcts:40", seed=2), kc.SplitMix64(1)
        pos = kc.chaturaji.Position()
        for _ in range(10):
            roll = 2 + rng.below(4)
            pos.push(roll, agent.choose(pos, roll))
        return str(pos)

    assert game() == game()


@pytest.mark.parametrize("spec", ["", "minimax:3", "mcts:", "mcts:0", "random:2", "alphabeta:x"])
def test_unknown_specs_raise_value_error(spec):
    with pytest.raises(ValueError):
        Agent(spec)


@pytest.mark.parametrize("spec", ["mcts", "alphabeta", "expectimax", "alphabeta:5000nodes"])
def test_bare_kinds_and_node_budgets_are_specs(spec):
    agent = Agent(spec)
    assert agent.spec == spec
    assert agent.choose(midgame_kaissa()) in midgame_kaissa().legal_moves


def test_bad_calls_raise_and_change_nothing():
    agent = Agent("alphabeta:1")
    pos = kc.chaturaji.Position()
    with pytest.raises(ValueError, match="Kaissa"):
        agent.choose(pos, 2)
    with pytest.raises(ValueError, match="roll"):
        Agent("random").choose(pos)
    with pytest.raises(ValueError):
        Agent("random").choose(pos, 6)
    with pytest.raises(TypeError):
        Agent("random").choose(kc.kaissa.Position(), 3)
    with pytest.raises(TypeError):
        Agent("random").choose("e2e5")
    done = kc.kaissa.Position("hR8/RR8/10/10/10/10/10/10/10/4H5 r 12 -")
    with pytest.raises(ValueError, match="over"):
        Agent("mcts:10").choose(done)
    with pytest.raises(ValueError, match="over"):
        Agent("mcts:10").analyse(done, Limit(nodes=5))
    with pytest.raises(TypeError):
        Agent("mcts:10").play(kc.kaissa.Position(), 5)
    with pytest.raises(ValueError, match="Kaissa"):
        Agent("expectimax:8").choose(kc.kaissa.Position())
    assert pos == kc.chaturaji.Position()


def test_one_agent_plays_either_game():
    agent = Agent("mcts:40", seed=6)
    kaissa, chaturaji = kc.kaissa.Position(), kc.chaturaji.Position()
    assert agent.choose(kaissa) in kaissa.legal_moves
    assert agent.choose(chaturaji, 4) in chaturaji.legal_moves(4)
    assert agent.choose(kaissa) in kaissa.legal_moves


def test_the_interpreter_is_released_while_it_thinks():
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    try:
        Agent("mcts:400ms").choose(kc.kaissa.Position())
    finally:
        stop.set()
        thread.join()
    assert len(ticks) > 20


@pytest.fixture
def ctrl_c_raises():
    # Python leaves SIGINT ignored when it starts with it ignored (a
    # background job of a shell without job control): these tests need
    # its usual handler, which raises KeyboardInterrupt.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_interrupts_a_search(ctrl_c_raises):
    agent = Agent("mcts:1500ms")
    timer = threading.Timer(0.2, signal.raise_signal, (signal.SIGINT,))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        agent.choose(kc.kaissa.Position())
    assert time.monotonic() - started < 1.0
    # The search stopped: the next call starts at once.
    started = time.monotonic()
    info = agent.analyse(kc.kaissa.Position(), Limit(nodes=50))
    assert info["nodes"] == 50 and time.monotonic() - started < 1.0


@pytest.mark.parametrize(
    "spec,limit",
    [("mcts:100000000", None), ("alphabeta:95", None), ("alphabeta", Limit(depth=95))],
)
def test_ctrl_c_stops_a_long_kaissa_search(ctrl_c_raises, spec, limit):
    # Budgets that would take many minutes: Ctrl-C stops the search, and
    # the agent is free again at once.
    agent = Agent(spec, seed=1)
    timer = threading.Timer(0.2, signal.raise_signal, (signal.SIGINT,))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        if limit is None:
            agent.choose(kc.kaissa.Position())
        else:
            agent.play(kc.kaissa.Position(), limit)
    assert time.monotonic() - started < 2.0
    started = time.monotonic()
    agent.reset()
    assert agent.play(kc.kaissa.Position(), Limit(nodes=100)).move is not None
    assert time.monotonic() - started < 2.0


def test_ctrl_c_stops_a_deep_expectimax_search(ctrl_c_raises):
    # Depth 8 takes most of a minute a Chaturaji move: Ctrl-C ends it.
    agent = Agent("expectimax:8", seed=1)
    pos = kc.chaturaji.Position()
    timer = threading.Timer(0.3, signal.raise_signal, (signal.SIGINT,))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        agent.choose(pos, 5)
    assert time.monotonic() - started < 2.0
    # The same agent, and a small one, answer quickly after it.
    started = time.monotonic()
    assert agent.play(pos, Limit(depth=1), 5).move in pos.legal_moves(5)
    assert Agent("expectimax:1").choose(pos, 5) in pos.legal_moves(5)
    assert time.monotonic() - started < 2.0


def test_agents_in_four_threads_agree_with_one():
    def game(index):
        agent = Agent(["mcts:60", "alphabeta:2", "expectimax:1", "greedy"][index], seed=index)
        kaissa, chaturaji, rng = kc.kaissa.Position(), kc.chaturaji.Position(), kc.SplitMix64(index)
        for _ in range(6):
            kaissa.push(agent.play(kaissa, Limit()).move)
        chaturaji_agent = Agent(["mcts:60", "random", "expectimax:2", "greedy"][index], seed=index)
        for _ in range(6):
            if chaturaji.is_game_over():
                break
            roll = None if chaturaji.pending_promotion else 2 + rng.below(4)
            chaturaji.push(roll, chaturaji_agent.choose(chaturaji, roll))
        return [str(m) for m in kaissa.move_stack], str(chaturaji)

    alone = [game(i) for i in range(4)]
    for _ in range(3):
        with ThreadPoolExecutor(max_workers=4) as pool:
            assert list(pool.map(game, range(4))) == alone


def test_an_agent_busy_in_one_thread_refuses_another():
    agent = Agent("mcts:400ms")
    pos = kc.kaissa.Position()
    worker = threading.Thread(target=agent.choose, args=(pos,))
    worker.start()
    time.sleep(0.1)
    try:
        with pytest.raises(RuntimeError, match="busy"):
            agent.choose(pos)
    finally:
        worker.join()
    assert agent.choose(pos) in pos.legal_moves


def test_reset_keeps_the_agent_usable():
    agent = Agent("mcts:30", seed=5)
    pos = kc.kaissa.Position()
    agent.choose(pos)
    agent.reset()
    assert agent.choose(pos) in pos.legal_moves
    assert repr(agent) == "Agent('mcts:30', seed=5)" and agent.spec == "mcts:30"
