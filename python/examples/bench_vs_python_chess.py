"""Speed of the Python package against python-chess, and of perft from
Python against the same perft run by the Rust ``perft`` example.

Run from the repository root, with the package and python-chess installed
(``pip install ./python chess``)::

    cargo build --release --example perft
    python python/examples/bench_vs_python_chess.py

Every figure is the best of several rounds (the machine may be shared);
the comparisons are made in the same run, round after round. Measured:

* a push/pop pair at the start position (python-chess on its own chess
  board, this package on the Kaissa and Chaturaji boards), with a move
  object and with move text;
* a legal-move listing, at the start and in a middlegame, per call and per
  move (the boards have different numbers of moves);
* a perft written in Python with push, pop and the listing (nodes per
  second);
* ``Position.perft`` from Python against ``target/release/examples/perft
  --threads 1`` (CPU time of the calling thread against the child
  process's CPU time; both run the library's perft on one thread).
"""

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
import timeit

import chess

import kaissa_chaturaji as kc

KAISSA_MIDDLEGAME = "ibstqut1bi/arpppp2ra/10/10/3sI1pp2/10/7R2/10/ARPPPPPP1A/IBSTQUTSB1 y 4 Hh"
CHESS_MIDDLEGAME = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def best_ns(stmt, globs, rounds, budget=0.2):
    """The best time of ``stmt`` in nanoseconds per run, over ``rounds``
    rounds of about ``budget`` seconds each."""
    timer = timeit.Timer(stmt, globals=globs)
    number, _ = timer.autorange()
    number = max(1, int(number * budget / 0.2))
    return min(timer.repeat(repeat=rounds, number=number)) / number * 1e9


def python_perft_chess(board, depth):
    """Perft of python-chess written in Python: push, pop, listing."""
    if depth == 0:
        return 1
    nodes = 0
    for move in list(board.legal_moves):
        board.push(move)
        nodes += python_perft_chess(board, depth - 1)
        board.pop()
    return nodes


def python_perft_kaissa(pos, depth):
    """The same loop over this package's Kaissa position."""
    if depth == 0:
        return 1
    nodes = 0
    for move in pos.legal_moves():
        pos.push(move)
        nodes += python_perft_kaissa(pos, depth - 1)
        pos.pop()
    return nodes


def nodes_per_second(fn, board, depth, rounds):
    """Best nodes per second of a Python perft."""
    best = None
    nodes = 0
    for _ in range(rounds):
        start = time.perf_counter()
        nodes = fn(board, depth)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return nodes, nodes / best


def child_cpu():
    """The CPU time (user + system) of the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def perft_python_vs_rust(binary, game, depth, rules, rounds):
    """Best CPU seconds of ``Position.perft(depth)`` from Python and of the
    Rust example on one thread; their node counts must agree."""
    if game == "kaissa":
        pos = kc.kaissa.Position()
        args = [binary, "kaissa", "--threads", "1", str(depth)]
    else:
        pos = kc.chaturaji.Position(rules=rules)
        args = [binary, "chaturaji", "--rules", rules, "--threads", "1", str(depth)]
    py_best = rust_best = None
    nodes = None
    for _ in range(rounds):
        start = time.thread_time()
        nodes = pos.perft(depth)
        py_time = time.thread_time() - start
        before = child_cpu()
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        rust_time = child_cpu() - before
        rust_nodes = int(out.strip().splitlines()[-1])
        if rust_nodes != nodes:
            raise SystemExit(f"perft disagrees: Python {nodes}, Rust {rust_nodes}")
        py_best = py_time if py_best is None else min(py_best, py_time)
        rust_best = rust_time if rust_best is None else min(rust_best, rust_time)
    return nodes, py_best, rust_best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds per figure (best kept)")
    parser.add_argument(
        "--perft-binary",
        default=os.path.join("target", "release", "examples", "perft"),
        help="the Rust perft example (cargo build --release --example perft)",
    )
    parser.add_argument("--kaissa-depth", type=int, default=5)
    parser.add_argument("--chaturaji-depth", type=int, default=8)
    args = parser.parse_args()
    rounds = args.rounds

    print(
        f"Python {platform.python_version()}, python-chess {chess.__version__}, "
        f"kaissa_chaturaji {kc.__version__}; best of {rounds} rounds"
    )

    board = chess.Board()
    chess_move = chess.Move.from_uci("e2e4")
    kpos = kc.kaissa.Position()
    kmove = kc.kaissa.Move("e2e5")
    cpos = kc.chaturaji.Position()
    cmove = kc.chaturaji.Move("h1f3")
    globs = dict(board=board, m=chess_move, kpos=kpos, km=kmove, cpos=cpos, cm=cmove)

    print("\n== push then pop, start position (ns per pair; ratio: python-chess / this)")
    chess_pair = best_ns("board.push(m); board.pop()", globs, rounds)
    rows = [
        ("python-chess (chess, Move)", chess_pair),
        ("kaissa (Move)", best_ns("kpos.push(km); kpos.pop()", globs, rounds)),
        ("kaissa (text 'e2e5')", best_ns("kpos.push('e2e5'); kpos.pop()", globs, rounds)),
        ("chaturaji (roll 2, Move)", best_ns("cpos.push(2, cm); cpos.pop()", globs, rounds)),
    ]
    for name, ns in rows:
        print(f"  {name:30} {ns:9.0f} ns   x{chess_pair / ns:6.1f}")

    print("\n== legal-move listing (ns per call, ns per move; ratios per call and per move)")
    cases = [
        ("python-chess start", "list(board.legal_moves)", chess.Board()),
        ("python-chess middlegame", "list(board.legal_moves)", chess.Board(CHESS_MIDDLEGAME)),
        ("kaissa start", "board.legal_moves()", kc.kaissa.Position()),
        ("kaissa middlegame", "board.legal_moves()", kc.kaissa.Position(KAISSA_MIDDLEGAME)),
        ("chaturaji start, roll 5", "board.legal_moves(5)", kc.chaturaji.Position()),
    ]
    listing = {}
    for name, stmt, where in cases:
        count = len(eval(stmt, {"board": where}))
        ns = best_ns(stmt, {"board": where}, rounds)
        listing[name] = (ns, count)
    for name, (ns, count) in listing.items():
        ref_name = "python-chess middlegame" if "middlegame" in name else "python-chess start"
        ref_ns, ref_count = listing[ref_name]
        print(
            f"  {name:26} {count:3} moves {ns:9.0f} ns  {ns / count:6.0f} ns/move"
            f"   x{ref_ns / ns:5.1f} per call, x{(ref_ns / ref_count) / (ns / count):5.1f} per move"
        )

    print("\n== a perft written in Python (push, pop, listing)")
    chess_nodes, chess_rate = nodes_per_second(python_perft_chess, chess.Board(), 3, max(1, rounds // 3))
    kaissa_nodes, kaissa_rate = nodes_per_second(
        python_perft_kaissa, kc.kaissa.Position(), 3, max(1, rounds // 3)
    )
    print(f"  python-chess perft(3) = {chess_nodes:8}   {chess_rate:12,.0f} nodes/s")
    print(
        f"  kaissa perft(3)       = {kaissa_nodes:8}   {kaissa_rate:12,.0f} nodes/s"
        f"   x{kaissa_rate / chess_rate:.1f}"
    )

    print("\n== Position.perft from Python against the Rust perft example, one thread")
    if not os.path.exists(args.perft_binary):
        print(f"  skipped: {args.perft_binary} not found (cargo build --release --example perft)")
        return 0
    for game, depth, rules in [
        ("kaissa", args.kaissa_depth, None),
        ("chaturaji", args.chaturaji_depth, "sheet"),
        ("chaturaji", args.chaturaji_depth, "ludii"),
    ]:
        nodes, py_time, rust_time = perft_python_vs_rust(args.perft_binary, game, depth, rules, rounds)
        label = game if rules is None else f"{game} ({rules})"
        print(
            f"  {label:20} perft({depth}) = {nodes:11}   Python {py_time:7.3f} s   "
            f"Rust {rust_time:7.3f} s   Python/Rust {py_time / rust_time:5.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
