#!/usr/bin/env python3
"""Generate independent Merchant Kaissa perft reference data with Fairy-Stockfish.

Usage (from the repository root):

    pip install pyffish
    python3 scripts/kaissa_perft_pyffish.py --out tests/data/kaissa.perft

The script
  1. loads a Fairy-Stockfish (pyffish) variant definition of Merchant Kaissa
     (rules: docs/rules.md §1; the Home Stone is not modelled, so every
     perft tree stays strictly before either side's turn 8);
  2. runs self-checks of the piece definitions on small hand-made positions
     (exact destination sets), of the FEN <-> position-text translation and of
     FSF's fullmove counting, and aborts if any check fails;
  3. builds a list of positions (start, seeded random games, capture-preferring
     random games, a scripted "Spearman reaches the last rank" game);
  4. computes perft with pyffish, cross-checks pyffish's move lists (and
     successor positions) at every node within 2 plies of each listed
     position against a small, separate pure-Python move generator written
     from docs/rules.md (and every perft count too), and writes the data file.

Everything is deterministic (fixed random seed, no timestamps written), so
rerunning the script with the same pyffish version reproduces the file byte for
byte. Run time: about 10 minutes on a 2-core machine.

Output format: '#' comment lines, then lines '<depth> <nodes> <position text>'
where the position text is in the project's notation (docs/rules.md §3):
'<board> <y|r> <turn> <hand>'.
"""

import argparse
import random
import re
import sys
import time

import pyffish as sf

VARIANT = "kaissa"

# Piece letters are chosen equal to the project's letters, so the board field
# of a FSF FEN and of our position text are the same string.
#   u Ubar      = queen (Betza Q)          q Ubara   = Q3 (queen, at most 3)
#   t Tarnsman  = Z (3,2) leaper           s Scribe  = B5 (bishop, at most 5)
#   b Builder   = rook (R)                 i Initiate = bishop (B)
#   p Spearman  = FSF pawn (fmWfceF) with double and triple step from its
#                 start rank, no en passant, no promotion
#   r Rider     = commoner (K, not royal)  a Assassin = Q2 (queen, at most 2)
# No king, no checks, no castling.
VARIANT_CONFIG = """\
[kaissa]
maxRank = 10
maxFile = 10
king = -
queen = u
customPiece1 = q:Q3
customPiece2 = t:Z
customPiece3 = s:B5
rook = b
bishop = i
pawn = p
commoner = r
customPiece4 = a:Q2
startFen = ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI w - - 0 1
checking = false
castling = false
doubleStep = true
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
tripleStepRegionWhite = *2
tripleStepRegionBlack = *9
enPassantRegion = -
promotionRegionWhite = -
promotionRegionBlack = -
promotionPieceTypes = -
mandatoryPawnPromotion = false
stalemateValue = draw
nMoveRule = 0
nFoldRule = 0
"""

START = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh"
SEED = 20240607
FILES = "abcdefghij"
PIECE_LETTERS = set("UQTSBIPRAuqtsbipra")
MOVE_RE = re.compile(r"^([a-j])(10|[1-9])([a-j])(10|[1-9])$")


# --------------------------------------------------------------------------
# Position text <-> FSF FEN
# --------------------------------------------------------------------------

def check_board_canonical(board):
    """Validate a board field in our canonical notation; return 10x10 grid
    grid[rank_index][file_index] (rank_index 0 = rank 1) of chars or None."""
    ranks = board.split("/")
    if len(ranks) != 10:
        raise ValueError("board must have 10 ranks: %r" % board)
    grid = [None] * 10
    for i, text in enumerate(ranks):
        row = []
        j = 0
        prev_count = False
        while j < len(text):
            c = text[j]
            if c.isdigit():
                if prev_count:
                    raise ValueError("two counts in a row in %r" % text)
                if c == "0":
                    raise ValueError("zero / leading zero in %r" % text)
                k = j
                while k < len(text) and text[k].isdigit():
                    k += 1
                n = int(text[j:k])
                row.extend([None] * n)
                j = k
                prev_count = True
            elif c in PIECE_LETTERS:
                row.append(c)
                j += 1
                prev_count = False
            else:
                raise ValueError("bad char %r in %r" % (c, text))
        if len(row) != 10:
            raise ValueError("rank %r does not cover 10 squares" % text)
        grid[9 - i] = row
    return grid


def grid_to_board(grid):
    out = []
    for r in range(9, -1, -1):
        s = ""
        n = 0
        for f in range(10):
            c = grid[r][f]
            if c is None:
                n += 1
            else:
                if n:
                    s += str(n)
                    n = 0
                s += c
        if n:
            s += str(n)
        out.append(s)
    return "/".join(out)


def ours_to_fsf(pos):
    board, side, turn, hand = pos.split(" ")
    check_board_canonical(board)
    assert side in ("y", "r"), pos
    assert int(turn) >= 1 and str(int(turn)) == turn, pos
    assert hand == "Hh", "Home Stones cannot be modelled: %r" % pos
    return "%s %s - - 0 %s" % (board, "w" if side == "y" else "b", turn)


def fsf_to_ours(fen):
    parts = fen.split(" ")
    assert len(parts) == 6, fen
    board, side, castling, ep, _half, full = parts
    assert castling == "-" and ep == "-", fen
    assert side in ("w", "b"), fen
    grid = check_board_canonical(board)
    assert grid_to_board(grid) == board, fen
    turn = int(full)
    # The data is only valid while neither side has reached its turn 8.
    assert 1 <= turn <= 8, fen
    return "%s %s %d Hh" % (board, "y" if side == "w" else "r", turn)


def sq(name):
    return (int(name[1:]) - 1, FILES.index(name[0]))


def sqname(r, f):
    return "%s%d" % (FILES[f], r + 1)


def make_pos(pieces, side="y", turn=1):
    """pieces: dict square-name -> letter. Returns position text (ours)."""
    grid = [[None] * 10 for _ in range(10)]
    for name, c in pieces.items():
        r, f = sq(name)
        grid[r][f] = c
    return "%s %s %d Hh" % (grid_to_board(grid), side, turn)


# --------------------------------------------------------------------------
# pyffish helpers
# --------------------------------------------------------------------------

def fsf_moves(fen):
    moves = sf.legal_moves(VARIANT, fen, [])
    for m in moves:
        if not MOVE_RE.match(m):
            raise AssertionError("unexpected FSF move string %r in %s" % (m, fen))
    return moves


def perft(fen, depth, path=None):
    """Leaf count of the move tree of the position reached from `fen` by the
    moves in `path` (pyffish replays them; one pyffish call per node)."""
    path = path or []
    if depth == 0:
        return 1
    moves = sf.legal_moves(VARIANT, fen, path)
    if depth == 1:
        return len(moves)
    return sum(perft(fen, depth - 1, path + [m]) for m in moves)


# --------------------------------------------------------------------------
# Separate pure-Python move generator written from docs/rules.md (cross-check)
# --------------------------------------------------------------------------

ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTH + DIAG
TARN = [(3, 2), (3, -2), (-3, 2), (-3, -2), (2, 3), (2, -3), (-2, 3), (-2, -3)]
SLIDERS = {  # letter -> (directions, max distance)
    "U": (ALL8, 9), "Q": (ALL8, 3), "S": (DIAG, 5), "B": (ORTH, 9),
    "I": (DIAG, 9), "A": (ALL8, 2), "R": (ALL8, 1),
}


def py_moves(pos):
    """Set of moves 'e2e4' for the side to move of our position text."""
    board, side, _turn, _hand = pos.split(" ")
    grid = check_board_canonical(board)
    yellow = side == "y"

    def own(c):
        return c is not None and (c.isupper() == yellow)

    def enemy(c):
        return c is not None and (c.isupper() != yellow)

    out = set()
    for r in range(10):
        for f in range(10):
            c = grid[r][f]
            if not own(c):
                continue
            k = c.upper()
            frm = sqname(r, f)
            if k in SLIDERS:
                dirs, maxd = SLIDERS[k]
                for dr, df in dirs:
                    for d in range(1, maxd + 1):
                        rr, ff = r + dr * d, f + df * d
                        if not (0 <= rr < 10 and 0 <= ff < 10):
                            break
                        t = grid[rr][ff]
                        if t is None:
                            out.add(frm + sqname(rr, ff))
                            continue
                        if enemy(t):
                            out.add(frm + sqname(rr, ff))
                        break
            elif k == "T":
                for dr, df in TARN:
                    rr, ff = r + dr, f + df
                    if 0 <= rr < 10 and 0 <= ff < 10 and not own(grid[rr][ff]):
                        out.add(frm + sqname(rr, ff))
            elif k == "P":
                fwd = 1 if yellow else -1
                start = 1 if yellow else 8
                steps = 3 if r == start else 1
                for d in range(1, steps + 1):
                    rr = r + fwd * d
                    if not (0 <= rr < 10) or grid[rr][f] is not None:
                        break
                    out.add(frm + sqname(rr, f))
                rr = r + fwd
                if 0 <= rr < 10:
                    for ff in (f - 1, f + 1):
                        if 0 <= ff < 10 and enemy(grid[rr][ff]):
                            out.add(frm + sqname(rr, ff))
            else:
                raise AssertionError("unknown piece %r" % c)
    return out


def crosscheck_tree(pos, depth, stats):
    """Compare FSF's and the Python generator's move sets at every interior
    node (depth >= 1) of the tree, and FSF's successor FEN with the Python
    make-move. Returns nothing; raises on mismatch."""
    fen = ours_to_fsf(pos)
    fm = fsf_moves(fen)
    if len(fm) != len(set(fm)):
        raise AssertionError("duplicate FSF moves at %s" % pos)
    pm = py_moves(pos)
    if set(fm) != pm:
        raise AssertionError("move mismatch at %s\n FSF only: %s\n py only: %s"
                             % (pos, sorted(set(fm) - pm), sorted(pm - set(fm))))
    stats["nodes"] += 1
    if depth <= 1:
        return
    for m in fm:
        child = fsf_to_ours(sf.get_fen(VARIANT, fen, [m]))
        expect = py_make(pos, m)
        if child != expect:
            raise AssertionError("make-move mismatch %s %s: %s vs %s" % (pos, m, child, expect))
        crosscheck_tree(child, depth - 1, stats)


def py_perft(pos, depth):
    if depth == 0:
        return 1
    moves = py_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(py_perft(py_make(pos, m), depth - 1) for m in moves)


def py_make(pos, move):
    board, side, turn, hand = pos.split(" ")
    grid = check_board_canonical(board)
    mm = MOVE_RE.match(move)
    fr, ff = int(mm.group(2)) - 1, FILES.index(mm.group(1))
    tr, tf = int(mm.group(4)) - 1, FILES.index(mm.group(3))
    grid[tr][tf] = grid[fr][ff]
    grid[fr][ff] = None
    if side == "y":
        return "%s r %s %s" % (grid_to_board(grid), turn, hand)
    return "%s y %d %s" % (grid_to_board(grid), int(turn) + 1, hand)


# --------------------------------------------------------------------------
# Self-checks of the variant definition
# --------------------------------------------------------------------------

def dests_from(pos, frm):
    moves = fsf_moves(ours_to_fsf(pos))
    return sorted(m[len(frm):] for m in moves if MOVE_RE.match(m).group(1) + MOVE_RE.match(m).group(2) == frm)


def expect(label, got, want, log):
    want = sorted(want)
    if got != want:
        raise AssertionError("self-check %s failed:\n got  %s\n want %s" % (label, got, want))
    log.append("%s: %d moves OK" % (label, len(got)))


def self_checks():
    log = []
    S = lambda s: s.split()

    # Ubara (Q3) alone on e5: 3 squares in each of 8 directions.
    expect("Ubara Q3 on e5", dests_from(make_pos({"e5": "Q"}), "e5"),
           S("e6 e7 e8 e4 e3 e2 d5 c5 b5 f5 g5 h5 f6 g7 h8 d6 c7 b8 f4 g3 h2 d4 c3 b2"), log)
    expect("Ubara Q3 on a1", dests_from(make_pos({"a1": "Q"}), "a1"),
           S("a2 a3 a4 b1 c1 d1 b2 c3 d4"), log)
    # Ubara blocked: own piece on e7, enemy on g7 (capturable), enemy on c3.
    expect("Ubara Q3 blocked", dests_from(make_pos({"e5": "Q", "e7": "P", "g7": "p", "c3": "b"}), "e5"),
           S("e6 e4 e3 e2 d5 c5 b5 f5 g5 h5 f6 g7 d6 c7 b8 f4 g3 h2 d4 c3"), log)
    # Ubar: unlimited queen.
    expect("Ubar on e5", dests_from(make_pos({"e5": "U"}), "e5"),
           S("e6 e7 e8 e9 e10 e4 e3 e2 e1 a5 b5 c5 d5 f5 g5 h5 i5 j5 "
             "f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1"), log)
    # Scribe (B5): from a1 the long diagonal stops at f6.
    expect("Scribe B5 on a1", dests_from(make_pos({"a1": "S"}), "a1"), S("b2 c3 d4 e5 f6"), log)
    expect("Scribe B5 on e5", dests_from(make_pos({"e5": "S"}), "e5"),
           S("f6 g7 h8 i9 j10 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1"), log)
    expect("Scribe B5 on e5 with blockers",
           dests_from(make_pos({"e5": "S", "h8": "r", "c3": "R"}), "e5"),
           S("f6 g7 h8 d6 c7 b8 a9 f4 g3 h2 i1 d4"), log)
    # Initiate: unlimited bishop.
    expect("Initiate on a1", dests_from(make_pos({"a1": "I"}), "a1"),
           S("b2 c3 d4 e5 f6 g7 h8 i9 j10"), log)
    # Builder: rook.
    expect("Builder on a1", dests_from(make_pos({"a1": "B", "a5": "p", "d1": "P"}), "a1"),
           S("a2 a3 a4 a5 b1 c1"), log)
    # Assassin (Q2).
    expect("Assassin Q2 on e5", dests_from(make_pos({"e5": "A"}), "e5"),
           S("e6 e7 e4 e3 d5 c5 f5 g5 f6 g7 d6 c7 f4 g3 d4 c3"), log)
    expect("Assassin Q2 blocked", dests_from(make_pos({"e5": "A", "e6": "p", "f4": "P"}), "e5"),
           S("e6 e4 e3 d5 c5 f5 g5 f6 g7 d6 c7 d4 c3"), log)
    # Tarnsman (3,2) leaper: 8 targets, jumps over pieces, no own captures.
    expect("Tarnsman on e5", dests_from(make_pos({"e5": "T"}), "e5"),
           S("h7 h3 b7 b3 g8 c8 g2 c2"), log)
    expect("Tarnsman on e5 surrounded", dests_from(make_pos(
        {"e5": "T", "d4": "P", "d5": "P", "d6": "P", "e4": "P", "e6": "P", "f4": "P",
         "f5": "P", "f6": "P", "h7": "R", "c2": "r"}), "e5"),
           S("h3 b7 b3 g8 c8 g2 c2"), log)
    expect("Tarnsman on a1", dests_from(make_pos({"a1": "T"}), "a1"), S("d3 c4"), log)
    # Rider: one step.
    expect("Rider on e5", dests_from(make_pos({"e5": "R"}), "e5"),
           S("e6 e4 d5 f5 d6 f6 d4 f4"), log)
    # Spearman.
    expect("Yellow Spearman e2 free", dests_from(make_pos({"e2": "P"}), "e2"), S("e3 e4 e5"), log)
    expect("Yellow Spearman e2 e5 blocked", dests_from(make_pos({"e2": "P", "e5": "p"}), "e2"),
           S("e3 e4"), log)
    expect("Yellow Spearman e2 e4 blocked", dests_from(make_pos({"e2": "P", "e4": "P"}), "e2"),
           S("e3"), log)
    expect("Yellow Spearman e2 e3 blocked", dests_from(make_pos({"e2": "P", "e3": "p"}), "e2"),
           [], log)
    expect("Yellow Spearman e3 (not start)", dests_from(make_pos({"e3": "P"}), "e3"), S("e4"), log)
    expect("Yellow Spearman captures", dests_from(make_pos(
        {"e5": "P", "e6": "p", "d6": "p", "f6": "P", "d4": "p", "f4": "p"}), "e5"), S("d6"), log)
    expect("Yellow Spearman captures from start", dests_from(make_pos(
        {"e2": "P", "d3": "b", "f3": "r", "e4": "q"}), "e2"), S("e3 d3 f3"), log)
    expect("Yellow Spearman e9 (no promotion)", dests_from(make_pos({"e9": "P"}), "e9"), S("e10"), log)
    expect("Yellow Spearman e9 capture to last rank", dests_from(make_pos(
        {"e9": "P", "e10": "u", "d10": "i", "f10": "B"}), "e9"), S("d10"), log)
    expect("Yellow Spearman on rank 10", dests_from(make_pos({"e10": "P", "d9": "P"}), "e10"), [], log)
    expect("Red Spearman e9 free", dests_from(make_pos({"e9": "p"}, "r"), "e9"), S("e8 e7 e6"), log)
    expect("Red Spearman e9 e6 blocked", dests_from(make_pos({"e9": "p", "e6": "T"}, "r"), "e9"),
           S("e8 e7"), log)
    expect("Red Spearman e8 (not start)", dests_from(make_pos({"e8": "p"}, "r"), "e8"), S("e7"), log)
    expect("Red Spearman e2 (not start)", dests_from(make_pos({"e2": "p"}, "r"), "e2"), S("e1"), log)
    expect("Red Spearman captures", dests_from(make_pos(
        {"e5": "p", "d4": "P", "f4": "Q", "e4": "U", "d6": "P"}, "r"), "e5"), S("d4 f4"), log)
    expect("Red Spearman on rank 1", dests_from(make_pos({"e1": "p", "d2": "P", "f2": "P"}, "r"), "e1"),
           [], log)

    # No promotion anywhere: a lone Spearman on any rank below its last has exactly
    # one plain step (three from the start rank), and nothing on the last rank.
    for rank in range(1, 11):
        for side, letter, last, start in (("y", "P", 10, 2), ("r", "p", 1, 9)):
            if rank == (1 if side == "y" else 10):
                continue  # a Spearman never stands on its own back rank
            fwd = 1 if side == "y" else -1
            if rank == last:
                want = []
            elif rank == start:
                want = ["e%d" % (rank + fwd * k) for k in (1, 2, 3)]
            else:
                want = ["e%d" % (rank + fwd)]
            got = dests_from(make_pos({"e%d" % rank: letter}, side), "e%d" % rank)
            if got != sorted(want):
                raise AssertionError("Spearman %s on e%d: got %s want %s" % (letter, rank, got, want))
    log.append("lone Spearmen on every rank, both sides: no promotion, steps OK")

    # Side to move only; red pieces mirror.
    expect("Red Ubara Q3 on a10", dests_from(make_pos({"a10": "q", "e5": "Q"}, "r"), "a10"),
           S("a9 a8 a7 b10 c10 d10 b9 c8 d7"), log)
    expect("Red cannot move Yellow piece", dests_from(make_pos({"a10": "q", "e5": "Q"}, "r"), "e5"),
           [], log)

    # No en passant: after e2e4, a Red Spearman on d4 has only d3 (and no e3).
    p = make_pos({"e2": "P", "d4": "p", "j10": "b"})
    fen = sf.get_fen(VARIANT, ours_to_fsf(p), ["e2e4"])
    assert fen.split(" ")[3] == "-", fen
    expect("No en passant (double step)", dests_from(fsf_to_ours(fen), "d4"), S("d3"), log)
    fen = sf.get_fen(VARIANT, ours_to_fsf(make_pos({"e2": "P", "d5": "p"})), ["e2e5"])
    expect("No en passant (triple step)", dests_from(fsf_to_ours(fen), "d5"), S("d4"), log)

    # No check / royalty: every piece move of a lone Ubar next to enemy Ubar is legal,
    # and the Ubar may be captured.
    expect("Ubar capturable, no check", dests_from(make_pos({"e5": "U", "e6": "u", "a1": "B"}), "e5"),
           S("e6 e4 e3 e2 e1 a5 b5 c5 d5 f5 g5 h5 i5 j5 f6 g7 h8 i9 j10 d6 c7 b8 a9 "
             "f4 g3 h2 i1 d4 c3 b2"), log)

    # Side without pieces / no moves is fine (no game end handling in move gen).
    assert fsf_moves(ours_to_fsf(make_pos({"e10": "P"}))) == []
    log.append("Lone yellow Spearman on e10: 0 legal moves OK")

    # Fullmove counting and side letters, and exact text round trip.
    f0 = ours_to_fsf(START)
    assert fsf_to_ours(sf.get_fen(VARIANT, f0, [])) == START
    assert fsf_to_ours(sf.start_fen(VARIANT)) == START
    a = fsf_to_ours(sf.get_fen(VARIANT, f0, ["e2e5"]))
    assert a == "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh", a
    b = fsf_to_ours(sf.get_fen(VARIANT, f0, ["e2e5", "d9d6"]))
    assert b == "ibstqutsbi/arp1ppppra/10/10/3p6/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh", b
    c = fsf_to_ours(sf.get_fen(VARIANT, f0, ["e2e5", "d9d6", "e5d6"]))
    assert c == "ibstqutsbi/arp1ppppra/10/10/3P6/10/10/10/ARPP1PPPRA/IBSTQUTSBI r 2 Hh", c
    log.append("FEN translation, side letters and fullmove (= our turn number) OK")

    # Start position move list, compared with the Python generator.
    assert set(fsf_moves(f0)) == py_moves(START)
    log.append("start position: %d moves, same set as Python generator" % len(fsf_moves(f0)))
    return log


# --------------------------------------------------------------------------
# Position selection
# --------------------------------------------------------------------------

def max_depth(pos, cap=3):
    """Largest d <= cap such that no move in a perft tree of depth d is made
    on a side's turn >= 8."""
    _b, side, turn, _h = pos.split(" ")
    t = int(turn)
    best = 0
    for d in range(1, cap + 1):
        if side == "y":
            last_y = t + (d + 1) // 2 - 1
            last_r = t + d // 2 - 1
        else:
            last_r = t + (d + 1) // 2 - 1
            last_y = t + d // 2
        if max(last_y, last_r) <= 7:
            best = d
    return best


def is_capture(fen, move):
    return sf.is_capture(VARIANT, fen, [], move)


def play_game(rng, plies, capture_pref):
    """Random game of `plies` plies. capture_pref: probability to pick a
    capture when one exists (0 = uniform random move)."""
    fen = ours_to_fsf(START)
    captures = 0
    moves_played = []
    for _ in range(plies):
        moves = sorted(sf.legal_moves(VARIANT, fen, []))
        if not moves:
            return None
        caps = [m for m in moves if is_capture(fen, m)]
        if caps and rng.random() < capture_pref:
            m = rng.choice(caps)
        else:
            m = rng.choice(moves)
        if is_capture(fen, m):
            captures += 1
        moves_played.append(m)
        fen = sf.get_fen(VARIANT, fen, [m])
    return fen, captures, moves_played


def pick_game(rng, plies, capture_pref, candidates):
    """Among `candidates` seeded random games keep the one with most captures,
    ties broken by most legal moves (open lines)."""
    best = None
    for _ in range(candidates):
        g = play_game(rng, plies, capture_pref)
        if g is None:
            continue
        fen, caps, mv = g
        key = (caps, len(sf.legal_moves(VARIANT, fen, [])))
        if best is None or key > best[0]:
            best = (key, fen, mv)
    return best


def scripted(moves):
    fen = ours_to_fsf(START)
    for m in moves:
        legal = sf.legal_moves(VARIANT, fen, [])
        assert m in legal, "scripted move %s not legal in %s" % (m, fen)
        fen = sf.get_fen(VARIANT, fen, [m])
    return fen


def check_turn(fen, plies):
    """Independent turn bookkeeping: after n plies from the start, side to
    move is Yellow iff n even, and its turn number is n//2 + 1."""
    pos = fsf_to_ours(fen)
    _b, side, turn, _h = pos.split(" ")
    assert side == ("y" if plies % 2 == 0 else "r"), (pos, plies)
    assert int(turn) == plies // 2 + 1, (pos, plies)
    return pos


def build_positions(rng):
    """Returns list of (label, position text, moves list)."""
    out = []
    # Uniform random play, best of several candidates (captures preferred).
    for plies in (4, 5, 6, 7):
        key, fen, mv = pick_game(rng, plies, 0.0, 25)
        out.append(("random %d plies, %d captures" % (plies, key[0]),
                    check_turn(fen, plies), mv))
    # Random play that takes a capture half of the time one is available.
    for plies in (8, 9, 10, 11, 12):
        key, fen, mv = pick_game(rng, plies, 0.5, 25)
        out.append(("random (captures 50%%) %d plies, %d captures" % (plies, key[0]),
                    check_turn(fen, plies), mv))
    # Capture-preferring random play: open lines, missing pieces.
    for plies, pref in ((9, 0.9), (10, 0.9), (11, 1.0), (12, 1.0)):
        key, fen, mv = pick_game(rng, plies, pref, 10)
        out.append(("capture-preferring %d plies, %d captures" % (plies, key[0]),
                    check_turn(fen, plies), mv))
    # Scripted: a Yellow Spearman walks e2-e5-e6-e7-e8, takes d9 and c10
    # (rank 10) while a Red Spearman walks f9-f6-f5-f4-f3, takes g2 and h1
    # (rank 1): neither promotes, and on the last rank neither has a move.
    script = ["e2e5", "f9f6", "e5e6", "f6f5", "e6e7", "f5f4", "e7e8", "f4f3",
              "e8d9", "f3g2", "d9c10"]
    out.append(("scripted: Yellow Spearman reached c10 (no promotion)",
                check_turn(scripted(script), len(script)), script))
    script = script + ["g2h1"]
    out.append(("scripted: Spearmen on c10 and h1 (no promotion)",
                check_turn(scripted(script), len(script)), script))
    return out


# --------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="tests/data/kaissa.perft")
    ap.add_argument("--start-depth", type=int, default=4, help="max perft depth for the start position")
    ap.add_argument("--no-crosscheck", action="store_true",
                    help="skip comparing FSF move lists with the Python generator")
    args = ap.parse_args()

    t0 = time.time()
    sf.load_variant_config(VARIANT_CONFIG)
    assert VARIANT in sf.variants(), "variant config did not load"
    version = ".".join(str(x) for x in sf.version())

    for line in self_checks():
        print("check:", line)

    rng = random.Random(SEED)
    positions = [("start", START, [])] + build_positions(rng)

    lines = []
    stats = {"nodes": 0}
    for label, pos, mv in positions:
        fen = ours_to_fsf(pos)
        assert fsf_to_ours(sf.get_fen(VARIANT, fen, [])) == pos, "round trip failed for %s" % pos
        cap = args.start_depth if label == "start" else 3
        dmax = max_depth(pos, cap)
        if not args.no_crosscheck:
            crosscheck_tree(pos, min(dmax, 3), stats)
        lines.append("# %s%s" % (label, (": " + " ".join(mv)) if mv else ""))
        for d in range(1, dmax + 1):
            t1 = time.time()
            n = perft(fen, d)
            print("%-55s d=%d %12d  (%.1fs)" % (label, d, n, time.time() - t1))
            if not args.no_crosscheck:
                pn = py_perft(pos, d)
                if pn != n:
                    raise AssertionError("perft mismatch at %s depth %d: pyffish %d, Python %d"
                                         % (pos, d, n, pn))
            sys.stdout.flush()
            lines.append("%d %d %s" % (d, n, pos))

    header = [
        "# Merchant Kaissa perft reference data (independent: Fairy-Stockfish / pyffish).",
        "# Generated by scripts/kaissa_perft_pyffish.py with pyffish version %s (random seed %d)." % (version, SEED),
        "# Command: pip install pyffish==%s && python3 scripts/kaissa_perft_pyffish.py --out tests/data/kaissa.perft" % version,
        "# Format: '<depth> <nodes> <position text>' (position text = everything after the second space).",
        "# perft(pos, 0) = 1; every pseudo-legal move is legal (no check). The Home Stone is not",
        "# modelled: no move in any tree below is made on a side's turn 8 or later.",
    ] + ([
        "# Cross-check: at every node within 2 plies of each listed position, pyffish's move list and",
        "# successor positions equal those of a separate Python generator (%d nodes), and so do" % stats["nodes"],
        "# all the perft counts below.",
    ] if not args.no_crosscheck else [
        "# (no cross-check with the Python move generator in this run)",
    ]) + [
        "# Variant config given to pyffish.load_variant_config:",
    ] + ["#   " + l if l else "#" for l in VARIANT_CONFIG.rstrip("\n").split("\n")]
    with open(args.out, "w") as fh:
        fh.write("\n".join(header + lines) + "\n")
    print("wrote %s (%d perft lines) in %.1fs" % (args.out, sum(1 for l in lines if not l.startswith("#")),
                                                 time.time() - t0))


if __name__ == "__main__":
    main()
