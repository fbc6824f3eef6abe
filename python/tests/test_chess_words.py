"""python-chess's words on the positions: a python-chess user's everyday
calls work on a Merchant Kaissa position, with the same meanings."""

import pickle

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.kaissa import LegalMoves, Move, Position


def test_legal_moves_is_a_sized_iterable_live_view():
    pos = Position()
    moves = pos.legal_moves
    assert isinstance(moves, LegalMoves)
    assert len(moves) == moves.count() == 40 == pos.count_legal_moves()
    assert bool(moves)
    listed = list(moves)
    assert listed == moves() == pos.legal_moves()
    assert len(set(listed)) == 40
    assert Move("e2e5") in moves and "e2e5" in moves
    assert "e2e6" not in moves and "zz" not in moves and 12 not in moves
    assert repr(moves).startswith("<LegalMoves (") and "e2e5" in repr(moves)
    pos.push("e2e5")  # the view follows the position
    assert "e2e5" not in moves and "e9e6" in moves
    assert len(moves) == pos.count_legal_moves()


#: Red to move with only its Home Stone, walled in: no legal move, a draw.
STALLED = "hR8/RR8/10/10/10/10/10/10/10/4H5 r 12 -"


def test_legal_moves_of_a_finished_game_is_empty_and_false():
    done = Position(STALLED)
    assert done.is_game_over()
    assert len(done.legal_moves) == 0 and not done.legal_moves and list(done.legal_moves) == []


def test_fen_and_set_fen():
    pos = Position()
    pos.push("e2e5")
    fen = pos.fen()
    assert fen == str(pos)
    other = Position()
    other.push("a2a3")
    other.set_fen(fen)
    assert other == pos and other.move_stack == []
    with pytest.raises(kc.NotationError):
        other.set_fen("not a position")
    assert other.fen() == fen


def test_san_parse_san_push_san():
    pos = Position()
    assert pos.san("d1f4") == pos.readable("d1f4") == "Tf4"
    assert pos.parse_san("Tf4") == Move("d1f4")
    assert pos.push_san("e5") == Move("e2e5")
    assert pos.peek() == Move("e2e5")
    with pytest.raises(kc.ReadableMoveError):
        pos.push_san("Zz9")
    assert len(pos.move_stack) == 1


def test_uci_words():
    pos = Position()
    assert Move.from_uci("e2e5") == Move("e2e5")
    assert Move.from_uci("H@c1").uci() == "H@c1"
    assert Move("e2e5").uci() == str(Move("e2e5"))
    assert pos.push_uci("e2e5") == Move("e2e5")
    with pytest.raises(kc.IllegalMoveError):
        pos.push_uci("e2e5")
    with pytest.raises(kc.NotationError):
        pos.push_uci("e2")
    with pytest.raises(kc.NotationError):
        Move.from_uci("x")
    assert pos.move_stack == [Move("e2e5")]


def test_turn_is_the_side_to_move_and_fullmove_number_the_turn():
    pos = Position()
    assert (pos.turn, pos.fullmove_number) == ("yellow", 1)
    pos.push("e2e5")
    assert (pos.turn, pos.fullmove_number, pos.to_move) == ("red", 1, "red")
    pos.push("e9e6")
    assert (pos.turn, pos.fullmove_number) == ("yellow", 2)


def test_result_and_outcome_winner():
    assert Position().result() == "*"
    assert Position().outcome().winner is None
    # Yellow's Ubar takes the Red Home Stone.
    pos = Position("4h5/10/10/10/10/10/10/10/10/U3H5 y 12 -")
    pos.push("a1a10")
    pos.push("e10f10")
    pos.push("a10f10")
    assert pos.result() == "1-0" and pos.outcome().winner == "yellow"
    drawn = Position(STALLED)
    assert drawn.result() == "1/2-1/2" and drawn.outcome().winner is None


def test_red_win_result():
    pos = Position("4h5/10/10/10/10/10/10/10/10/u3H5 r 12 -")
    pos.push("a1b1")
    pos.push("e1f1")
    pos.push("b1f1")
    assert pos.outcome().winners == ("red",)
    assert pos.result() == "0-1" and pos.outcome().winner == "red"


def test_attackers_and_is_attacked_by():
    pos = Position()
    assert pos.attackers("yellow", "e3") == ["d2", "f2"]
    assert pos.attackers("yellow", "f4") == ["d1"]
    assert pos.attackers("red", "e3") == []
    assert pos.is_attacked_by("yellow", "e3") and not pos.is_attacked_by("red", "e3")
    assert pos.attackers("y", 24) == pos.attackers("yellow", "e3")
    with pytest.raises(ValueError):
        pos.attackers("blue", "e3")
    with pytest.raises(ValueError):
        pos.is_attacked_by("red", "z11")


def test_unicode_draws_the_board():
    text = Position().unicode()
    rows = text.splitlines()
    assert len(rows) == 10
    assert rows[0] == "i b s t q u t s b i"
    assert rows[5] == " ".join(["\u00b7"] * 10)
    framed = Position().unicode(borders=True, empty_square=".")
    assert "a b c d e f g h i j" in framed and "10\u2502 i b s" in framed
    assert ". . . . ." in framed


def test_chaturaji_words_in_one_style():
    pos = kc.chaturaji.Position(rules="ludii")
    assert pos.ranking is None and isinstance(pos.scores, dict)
    assert isinstance(pos.legal_moves(2), list)  # the roll stays an argument
    assert pos.attackers("red", "f3") == kc.chaturaji.Position().attackers("red", "f3")
    assert "h1" in kc.chaturaji.Position().attackers("red", "f3")
    assert kc.chaturaji.Position().is_attacked_by("red", "f3")


def test_setstate_is_all_or_nothing():
    pos = Position()
    with pytest.raises(kc.IllegalMoveError):
        pos.__setstate__(["e2e5", "e9e6", "e5e6"])
    assert pos == Position() and pos.move_stack == []
    with pytest.raises(kc.NotationError):
        pos.__setstate__(["e2e5", "nonsense"])
    assert pos.move_stack == []
    pos.push("e2e5")
    assert pickle.loads(pickle.dumps(pos)).move_stack == [Move("e2e5")]
    cpos = kc.chaturaji.Position()
    with pytest.raises(ValueError):
        cpos.__setstate__(["2:h1f3", "2:h1f3"])
    assert cpos.move_stack == []
