"""Merchant Kaissa from Python: the fixed interface, the rules cases of the
Rust tests, and the Python conventions (copy, pickle, equality)."""

import copy
import pickle

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.kaissa import START_TEXT, HomeStoneWindow, Move, Position

from conftest import kaissa_perft_cases

CASES = kaissa_perft_cases()


def test_start_has_forty_moves_and_known_perft():
    pos = Position()
    assert str(pos) == START_TEXT
    moves = pos.legal_moves()
    assert len(moves) == 40
    assert all(isinstance(mv, Move) for mv in moves)
    assert pos.count_legal_moves() == 40
    assert pos.perft(4) == 3116602


def test_perft_data_file_is_read():
    assert len(CASES) >= 40
    assert (4, 3116602, START_TEXT) in CASES


@pytest.mark.parametrize("depth,nodes,text", [c for c in CASES if c[0] <= 3])
def test_perft_equals_fairy_stockfish(depth, nodes, text):
    pos = Position(text)
    assert str(pos) == text
    assert pos.perft(depth) == nodes
    if depth == 1:
        assert sorted(str(m) for m in pos.legal_moves()) == sorted(
            str(m) for m, n in pos.perft_divide(1)
        )


def test_perft_threads_and_divide_agree():
    pos = Position(CASES[5][2])
    assert pos.perft(3, threads=2) == pos.perft(3) == sum(n for _, n in pos.perft_divide(3))
    assert pos.perft(0) == 1
    assert pos.perft_divide(0) == pos.perft_divide(1)  # as the Rust perft_divide


def test_push_pop_restore_the_position():
    pos = Position()
    before = str(pos)
    for mv in pos.legal_moves():
        pos.push(mv)
        assert pos.to_move == "red"
        assert pos.peek() == mv
        assert pos.pop() == mv
        assert str(pos) == before
    pos.push("e2e5")
    pos.push(Move("e9e6"))
    pos.push("d1f4")
    assert [str(m) for m in pos.move_stack] == ["e2e5", "e9e6", "d1f4"]
    assert pos.ply == 3 and pos.fullmove_number == 2 and pos.turn == "red"
    assert pos.root() == Position()
    for _ in range(3):
        pos.pop()
    assert str(pos) == before and pos.move_stack == []
    with pytest.raises(IndexError):
        pos.pop()
    with pytest.raises(IndexError):
        pos.peek()


@pytest.mark.parametrize("bad", ["e9e5", "e2e3", "H@a10", "a10a9"])
def test_illegal_push_raises_and_changes_nothing(bad):
    pos = Position()
    pos.push("e2e5")
    before = (str(pos), pos.move_stack)
    with pytest.raises(kc.IllegalMoveError) as info:
        pos.push(bad)
    assert isinstance(info.value, ValueError)
    assert info.value.move_text == bad
    assert info.value.reason
    assert (str(pos), pos.move_stack) == before
    assert not pos.is_legal(bad)


@pytest.mark.parametrize("bad", ["", "e2", "e2e2", "E2e4", "h@c1", "k1k2", "e2e5 ", "é2e4", "pass"])
def test_malformed_push_raises_and_changes_nothing(bad):
    pos = Position()
    with pytest.raises(kc.NotationError) as info:
        pos.push(bad)
    assert isinstance(info.value, ValueError)
    assert info.value.field == "move"
    assert str(pos) == START_TEXT and pos.move_stack == []
    with pytest.raises(ValueError):
        Move(bad)


def test_wrong_argument_types_raise_type_error():
    pos = Position()
    for bad in [None, 42, b"e2e5", kc.chaturaji.Move("h1f3")]:
        with pytest.raises(TypeError):
            pos.push(bad)
    assert str(pos) == START_TEXT


def test_garbage_text_raises_notation_error():
    for bad in ["garbage", "", START_TEXT + " ", START_TEXT.replace(" y ", " x ")]:
        with pytest.raises(kc.NotationError) as info:
            Position(bad)
        assert isinstance(info.value, ValueError)
        assert info.value.field
    err = pytest.raises(kc.NotationError, Position, START_TEXT.replace(" y ", " x ")).value
    assert (err.field, err.offset, err.kind) == ("side", 62, "unexpected-character")
    err = pytest.raises(kc.NotationError, Position, "10/10/10/10/10/10/10/10/10/10 y 0 Hh").value
    assert (err.field, err.kind) == ("turn", "out-of-range")


def test_moves_are_values():
    mv = Move("e2e5")
    assert mv == Move("e2e5") and hash(mv) == hash(Move("e2e5"))
    assert mv != Move("e2e6")
    assert {mv: 1}[Move("e2e5")] == 1
    assert (mv.from_square, mv.to_square, mv.is_placement) == ("e2", "e5", False)
    place = Move("H@c1")
    assert (place.from_square, place.to_square, place.is_placement) == (None, "c1", True)
    assert repr(place) == "Move('H@c1')" and str(Move("a10b9")) == "a10b9"
    assert pickle.loads(pickle.dumps(mv)) == mv
    assert Position().legal_moves()[0] is Position().legal_moves()[0]


def test_pieces_and_squares():
    pos = Position()
    assert pos.piece_at("e1") == "Q" and pos.piece_at("f10") == "u"
    assert pos.piece_at("e5") is None
    assert pos.piece_at(4) == "Q"  # index rank * 10 + file
    pieces = pos.piece_map()
    assert len(pieces) == 40 and pieces["a2"] == "A" and pieces["b9"] == "r"
    with pytest.raises(kc.NotationError):
        pos.piece_at("k1")
    with pytest.raises(ValueError):
        pos.piece_at(100)
    with pytest.raises(ValueError):
        pos.piece_at(-1)
    with pytest.raises(TypeError):
        pos.piece_at(None)


def test_home_stone_window():
    text = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh"
    pos = Position(text)
    window = pos.home_stone_window()
    assert isinstance(window, HomeStoneWindow)
    assert (window.side, window.first_turn, window.last_turn) == ("yellow", 8, 10)
    assert window.open_now and not window.last_chance and window.in_hand
    assert window.squares == ["a1"]
    assert not pos.home_stone_window("red").open_now
    assert pos.is_legal("H@a1") and pos.stone_in_hand("yellow")
    pos.push("H@a1")
    assert pos.stone_square("yellow") == "a1" and not pos.stone_in_hand("y")
    assert "HomeStoneWindow(side='yellow'" in repr(window)
    with pytest.raises(ValueError):
        pos.home_stone_window("blue")


def test_turn_ten_forces_the_placement():
    pos = Position("ibstqutsbi/arppppppra/10/10/10/10/10/I8I/ARPPPPPPRA/1BSTQUTSB1 y 10 Hh")
    assert sorted(str(m) for m in pos.legal_moves()) == ["H@a1", "H@j1"]
    assert pos.home_stone_window().last_chance
    pos = Position("ibs1qutsb1/arppppppra/3t5i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h")
    assert sorted(str(m) for m in pos.legal_moves()) == ["H@d10", "H@j10"]
    pos.push("H@d10")
    assert str(pos) == "ibshqutsb1/arppppppra/3t5i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 11 -"


def test_default_loss_and_home_stone_capture():
    pos = Position("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh")
    outcome = pos.outcome()
    assert (outcome.word, outcome.winners, outcome.reason) == ("red-wins", ("red",), "default-loss")
    assert pos.is_game_over() and pos.legal_moves() == []
    pos = Position("ibstqutsbh/arppppppr1/9i/7T2/10/10/10/I9/ARPPPPPPRA/1BS1QUTSBI y 9 H")
    assert pos.readable("h7j10") == "Txj10#"
    pos.push("h7j10")
    outcome = pos.outcome()
    assert str(outcome) == "yellow-wins" and outcome.reason == "home-stone-captured"
    assert outcome.is_over and pos.is_game_over()
    assert outcome == kc.kaissa.Position(str(pos)).outcome()
    assert repr(outcome) == "Outcome('yellow-wins', reason='home-stone-captured')"
    start = Position().outcome()
    assert (start.word, start.winners, start.reason, start.is_over) == ("ongoing", (), None, False)


def test_readable_notation():
    pos = Position()
    assert pos.readable("e2e5") == "e5"
    assert pos.readable(Move("d1f4")) == "Tf4"
    assert pos.parse_readable("Tf4") == Move("d1f4")
    assert pos.push_readable("e5") == Move("e2e5")
    assert str(pos.peek()) == "e2e5"
    with pytest.raises(kc.IllegalMoveError):
        pos.readable("e2e6")
    with pytest.raises(kc.ReadableMoveError) as info:
        pos.parse_readable("Zf4")
    assert info.value.kind == "malformed" and info.value.offset == 0
    ambiguous = Position("4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -")
    with pytest.raises(kc.ReadableMoveError) as info:
        ambiguous.parse_readable("Td3")
    assert info.value.kind == "ambiguous"
    assert sorted(info.value.candidates) == ["Tad3", "Tgd3"]


def test_equality_copy_pickle():
    pos = Position()
    pos.push("e2e5")
    assert pos == Position("ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh")
    assert pos != Position()
    assert (pos == "not a position") is False
    with pytest.raises(TypeError):
        hash(pos)
    for clone in (pos.copy(), copy.copy(pos), copy.deepcopy(pos), pickle.loads(pickle.dumps(pos))):
        assert clone == pos and clone is not pos
        assert clone.move_stack == [Move("e2e5")]
        clone.pop()
        assert clone == Position() and pos != Position()
    assert pos.copy(stack=False).move_stack == []
    assert eval(repr(pos), {"Position": Position}) == pos
    assert pos.zobrist_hash() == Position(str(pos)).zobrist_hash() != Position().zobrist_hash()


def test_seeded_games_and_choice():
    a, b = Position(), Position()
    assert a.play_seeded_game(7, 50) == b.play_seeded_game(7, 50)
    assert a.move_stack == b.move_stack and len(a.move_stack) == 50
    rng = kc.SplitMix64(3)
    chosen = Position().choose_move(rng)
    assert chosen in Position().legal_moves()
    assert Position().choose_move(kc.SplitMix64(3)) == chosen
    assert rng.state != 3
    with pytest.raises(TypeError):
        Position().choose_move(3)
    finished = Position("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh")
    assert finished.choose_move(rng) is None


def test_pictures_and_diagram():
    pos = Position()
    pos.push("e2e5")
    picture = pos._repr_svg_()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert pos.svg(size=20, coordinates=False, last_move=False) != picture
    assert pos.svg(size=10**9).startswith("<svg") and pos.svg(size=-5).startswith("<svg")
    assert "Home Stone" in pos.diagram() and "red to move" in pos.diagram()


def test_bad_depth_and_threads():
    with pytest.raises(ValueError):
        Position().perft(-1)
    with pytest.raises(ValueError):
        Position().perft(2, threads=-1)
    with pytest.raises(TypeError):
        Position().perft("2")
    assert Position().perft(2, threads=0) == 1600
