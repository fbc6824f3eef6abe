#!/usr/bin/env python3
"""Checks that Fairy-Stockfish, loaded with scripts/fairy/kaissa.ini, lists
the same legal moves as our library, and counts the same perft to depth 2,
on positions reached from the openings.

Usage (from the repository root, after `cargo build --release -p
kaissa-chaturaji-engine`, `cargo build --release --example perft` and
building Fairy-Stockfish with largeboards=yes):

    python3 scripts/fairy/compare_moves.py --fsf /path/to/stockfish

Positions: every opening of scripts/fairy/openings.txt and the positions of
seeded random play from it (our engine's random agent, Seed = the opening's
line number), up to --plies plies each. Prints one line per disagreement,
then `positions <n> moves <m> disagreements <d>`; exits non-zero on a
disagreement.
"""

import argparse
import subprocess
import sys

from uci_driver import Engine


def fairy_fen(text):
    board, side, turn, hand = text.split(" ")
    if hand != "-":
        raise ValueError(f"a stone in hand: {text}")
    return f"{board} {'w' if side == 'y' else 'b'} - - 0 {turn}"


def our_divide(perft, text, depth):
    out = subprocess.run(
        [perft, "kaissa", "--divide", str(depth), text],
        check=True, capture_output=True, text=True,
    ).stdout.split("\n")
    lines = [l for l in out if l]
    moves = dict((l.split()[0], int(l.split()[1])) for l in lines[:-1])
    return moves, int(lines[-1])


def fsf_divide(fsf, text, depth):
    fsf.send(f"position fen {fairy_fen(text)}")
    fsf.send(f"go perft {depth}")
    lines = fsf.until("Nodes searched")
    moves = {}
    for line in lines[:-1]:
        if ": " in line:
            move, count = line.split(": ")
            moves[move.strip()] = int(count)
    return moves, int(lines[-1].split(":")[1])


def positions(engine_path, openings, plies):
    found = []
    for number, start in enumerate(openings):
        found.append(start)
        engine = Engine([engine_path])
        engine.handshake([("Agent", "random"), ("Seed", number)])
        engine.send(f"position fen {start}")
        moves = []
        for _ in range(plies):
            engine.send(f"position fen {start} moves {' '.join(moves)}")
            engine.send("go depth 1")
            best = engine.until("bestmove ")[-1].split()[1]
            if best == "(none)":
                break
            moves.append(best)
            engine.send(f"position fen {start} moves {' '.join(moves)}")
            engine.send("d")
            found.append(engine.until("info string position ")[-1][len("info string position "):])
        engine.close()
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fsf", required=True, help="the Fairy-Stockfish binary")
    parser.add_argument("--variant", default="scripts/fairy/kaissa.ini")
    parser.add_argument("--openings", default="scripts/fairy/openings.txt")
    parser.add_argument("--engine", default="target/release/kc-engine")
    parser.add_argument("--perft", default="target/release/examples/perft")
    parser.add_argument("--plies", type=int, default=8)
    args = parser.parse_args()
    openings = [l.strip() for l in open(args.openings) if l.strip() and not l.startswith("#")]
    texts = positions(args.engine, openings, args.plies)
    fsf = Engine([args.fsf])
    fsf.handshake([("VariantPath", args.variant), ("UCI_Variant", "kaissa")])
    bad = 0
    moves = 0
    for text in texts:
        ours, our_total = our_divide(args.perft, text, 2)
        theirs, their_total = fsf_divide(fsf, text, 2)
        moves += len(ours)
        if ours != theirs or our_total != their_total:
            bad += 1
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            print(f"{text}: ours {our_total} fsf {their_total}; only ours {only_ours}, only fsf {only_theirs}")
    fsf.close()
    print(f"positions {len(texts)} moves {moves} disagreements {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
