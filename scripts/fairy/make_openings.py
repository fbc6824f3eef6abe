#!/usr/bin/env python3
"""Kaissa openings after turn 10, both Home Stones placed, from seeded play
with our own engine (kc-engine).

Usage (from the repository root, after `cargo build --release -p kaissa-chaturaji-engine`):

    python3 scripts/fairy/make_openings.py --count 32 > scripts/fairy/openings.txt

Opening k: the engine's seeded random agent (Seed = seed * 1000 + k) plays
the first 6 plies, then alpha-beta to depth 2 plays until Yellow's turn 11
(so each side has played 10 turns and, by the rules, placed its stone on
its back rank). An opening is kept when both stones are on the board, the
game goes on, and a depth-4 search scores it within 150 centipawns;
duplicates are dropped. Deterministic for a seed.
"""

import argparse
import sys

from uci_driver import Engine

RANDOM_PLIES = 6
TURN_PLIES = 20


def position(engine):
    engine.send("d")
    line = engine.until("info string position ")[-1]
    return line[len("info string position "):]


def best(engine, go):
    engine.send(go)
    lines = engine.until("bestmove ")
    info = [l for l in lines if l.startswith("info depth ")]
    score = int(info[-1].split()[5]) if info else 0
    return lines[-1].split()[1], score


def opening(path, seed):
    engine = Engine([path])
    try:
        engine.handshake([("Seed", seed), ("Agent", "random")])
        moves = []
        for ply in range(TURN_PLIES):
            if ply == RANDOM_PLIES:
                engine.send("setoption name Agent value alphabeta")
            engine.send("position startpos moves " + " ".join(moves))
            move, _ = best(engine, "go depth 2")
            if move == "(none)":
                return None
            moves.append(move)
        engine.send("position startpos moves " + " ".join(moves))
        text = position(engine)
        _, score = best(engine, "go depth 4")
    finally:
        engine.close()
    board, side, turn, hand = text.split(" ")
    if side != "y" or turn != "11" or hand != "-" or "H" not in board or "h" not in board:
        return None
    if abs(score) > 150:
        return None
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/kc-engine")
    parser.add_argument("--count", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = []
    k = 0
    while len(found) < args.count and k < args.count * 10:
        text = opening(args.engine, args.seed * 1000 + k)
        k += 1
        if text and text not in found:
            found.append(text)
            print(f"{len(found)}/{args.count}", file=sys.stderr)
    print(f"# {len(found)} Kaissa openings after turn 10, both Home Stones placed:")
    print(f"# scripts/fairy/make_openings.py --count {args.count} --seed {args.seed}")
    for text in found:
        print(text)


if __name__ == "__main__":
    main()
