"""The computer players: every spec of the tournament chooses legal moves
in both games, leaves the position as it was, is deterministic for a seed
and a count budget, and refuses what it cannot do."""

import signal
import threading
import time

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.agents import Agent, SearchReport

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


def test_reports_say_what_the_search_did():
    agent = Agent("mcts:50", seed=1)
    assert agent.report is None
    agent.choose(kc.kaissa.Position())
    report = agent.report
    assert isinstance(report, SearchReport)
    assert report.iterations == 50 and 0.0 <= report.value <= 1.0 and report.nodes > 0
    assert report.depth is None and report.score is None
    searcher = Agent("alphabeta:2")
    searcher.choose(kc.kaissa.Position())
    assert searcher.report.depth == 2 and searcher.report.nodes > 0
    assert isinstance(searcher.report.score, int) and searcher.report.iterations is None
    plain = Agent("greedy")
    plain.choose(kc.kaissa.Position())
    assert plain.report.iterations is None and "SearchReport(" in repr(plain.report)


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


@pytest.mark.parametrize("spec", ["", "minimax:3", "mcts", "mcts:0", "random:2", "alphabeta:x"])
def test_unknown_specs_raise_value_error(spec):
    with pytest.raises(ValueError):
        Agent(spec)


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
    assert pos == kc.chaturaji.Position()


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
    # The next call waits for the abandoned search, then chooses.
    assert agent.choose(kc.kaissa.Position()) in kc.kaissa.Position().legal_moves


def test_ctrl_c_stops_the_abandoned_search(ctrl_c_raises):
    # A count budget that would take many minutes: after Ctrl-C the search
    # is told to stop, so waiting for it (reset) is quick.
    agent = Agent("mcts:100000000", seed=1)
    timer = threading.Timer(0.2, signal.raise_signal, (signal.SIGINT,))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        agent.choose(kc.kaissa.Position())
    started = time.monotonic()
    agent.reset()
    assert time.monotonic() - started < 5.0


def test_reset_keeps_the_agent_usable():
    agent = Agent("mcts:30", seed=5)
    pos = kc.kaissa.Position()
    agent.choose(pos)
    agent.reset()
    assert agent.choose(pos) in pos.legal_moves
    assert repr(agent) == "Agent('mcts:30', seed=5)" and agent.spec == "mcts:30"
