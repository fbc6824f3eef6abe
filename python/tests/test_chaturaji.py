"""Chaturaji from Python: perft under the three rules options (the Rust
figures), moves per roll, command and thrones, raja exchanges, and the
Ludii ruleset's decisions and scores."""

import copy
import pickle

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.chaturaji import (
    LUDII_START_TEXT,
    RULES,
    START_TEXT,
    DiceRoller,
    Move,
    Position,
)

#: perft(start, 5) of the Rust library (`cargo run --release --example
#: perft -- chaturaji --rules R 5`); sheet and opposite agree with an
#: independent reference implementation.
PERFT_5 = {"sheet": 111900, "opposite": 113800, "ludii": 114900}
#: perft(start, 6), the same sources.
PERFT_6 = {"sheet": 1245799, "opposite": 1288720, "ludii": 1322648}


def moves(pos, roll):
    """The legal moves for ``roll`` as sorted texts."""
    return sorted(str(m) for m in pos.legal_moves(roll))


@pytest.mark.parametrize("rules", RULES)
def test_start_perft_is_ten_to_the_depth(rules):
    pos = Position(rules=rules)
    for depth in range(5):
        assert pos.perft(depth) == 10**depth


@pytest.mark.parametrize("rules", RULES)
def test_perft_five_and_six_equal_the_rust_figures(rules):
    pos = Position(rules=rules)
    assert pos.perft(5) == PERFT_5[rules]
    assert pos.perft(6, threads=2) == PERFT_6[rules]
    divide = pos.perft_divide(5, threads=2)
    assert sum(n for _, _, n in divide) == PERFT_5[rules]
    assert len(pos.perft_divide(1)) == 10


def test_start_moves_per_roll():
    pos = Position()
    assert str(pos) == START_TEXT and pos.to_move == "red"
    assert moves(pos, 2) == ["h1f3"]
    assert moves(pos, 3) == ["h2f1", "h2f3"]
    assert moves(pos, 4) == ["pass"]
    assert moves(pos, 5) == ["g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"]
    assert [pos.count_legal_moves(r) for r in (2, 3, 4, 5)] == [1, 2, 1, 6]
    for bad in (0, 1, 6, -3, 2**70):
        with pytest.raises((ValueError, OverflowError)):
            pos.legal_moves(bad)
    with pytest.raises(ValueError):
        pos.legal_moves()  # a roll is needed: no decision is pending
    with pytest.raises(TypeError):
        pos.legal_moves("5")


def test_push_pop_restore_and_raise():
    pos = Position()
    before = str(pos)
    for roll in (2, 3, 4, 5):
        for mv in pos.legal_moves(roll):
            pos.push(roll, mv)
            assert pos.pop() == (roll, mv)
            assert str(pos) == before
    pos.push(2, "h1f3")
    assert pos.to_move == "black" and pos.peek() == (2, Move("h1f3"))
    with pytest.raises(kc.IllegalMoveError) as info:
        pos.push(3, "h8f6")  # a boat's move for a horse's roll
    assert info.value.move_text == "3:h8f6"
    with pytest.raises(kc.IllegalMoveError):
        pos.push(4, "e7e6")
    with pytest.raises(kc.NotationError):
        pos.push(5, "e7e9")
    with pytest.raises(ValueError):
        pos.push(7, "e7e6")
    with pytest.raises(ValueError):
        pos.push(None, "e7e6")
    assert pos.move_stack == [(2, Move("h1f3"))]
    pos.push(5, Move("e7e6"))
    assert [str(m) for _, m in pos.move_stack] == ["h1f3", "e7e6"]
    assert pos.root() == Position()
    pos.pop(), pos.pop()
    assert str(pos) == before
    with pytest.raises(IndexError):
        pos.pop()


def test_garbage_and_rules_errors():
    for bad in ["garbage", "", START_TEXT + " "]:
        with pytest.raises(kc.NotationError):
            Position(bad)
    with pytest.raises(ValueError):
        Position(rules="chess")
    with pytest.raises(kc.NotationError):
        Position(START_TEXT, rules="ludii")  # the Ludii text has other fields
    assert str(Position(LUDII_START_TEXT, rules="ludii")) == LUDII_START_TEXT


def test_rules_options_and_repr():
    pos = Position(rules="opposite")
    assert pos.rules == "opposite" and pos.draw_limit == 200
    assert repr(pos) == f"Position('{START_TEXT}', rules='opposite')"
    unlimited = Position(draw_limit=None)
    assert unlimited.draw_limit is None and unlimited != Position()
    assert eval(repr(unlimited), {"Position": Position}) == unlimited
    assert Position(rules="ludii").draw_limit is None
    assert Position(rules="ludii").to_move == "green"


def test_boat_triumph_and_alliance_win():
    pos = Position("8/8/2,yB,bB,yB,3/2,bB,1,yB,3/8/5,rB,2/8/gK,6,rK r rbyg - - 0 40")
    pos.push(2, "f3d5")
    assert str(pos) == "8/8/8/3,rB,4/8/8/8/gK,6,rK g rxxg - - 0 41"
    outcome = pos.outcome()
    assert (outcome.word, outcome.winners, outcome.reason) == (
        "rg-wins",
        ("red", "green"),
        "opponents-out",
    )
    assert pos.is_game_over()
    assert all(pos.legal_moves(r) == [] for r in (2, 3, 4, 5))
    assert pos.ranking == {"red": 1, "black": 3, "yellow": 3, "green": 1}


def test_throne_conquest():
    pos = Position("4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/4,rK,3/8 r rbyg - - 10 60")
    pos.push(5, "e2d1")
    assert str(pos) == "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 b rbyr - - 11 61"
    assert pos.commander("green") == "red" and not pos.seat_in_play("green")
    pos.push_action("4:pass")
    pos.push_action("4:pass")
    assert pos.to_move == "red"
    assert moves(pos, 5) == ["c3c4", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]


def test_raja_exchange():
    text = "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9"
    pos = Position(text)
    pos.push(4, "pass")
    pos.pop()
    assert pos.possible_exchanges() == [("red", "black")]
    assert pos.captured_rajas("red") == 1 and pos.captured_rajas("b") == 1
    assert pos.raja_return_squares("red") == ["h4"]
    with pytest.raises(kc.ExchangeError):
        pos.exchange("rg5", "be8")  # a free throne must be used
    assert str(pos) == text
    with pytest.raises(kc.NotationError):
        pos.exchange("xh4", "be8")
    pos.push(4, "pass")
    pos.exchange("be8", "rh4")
    assert pos.move_stack == []  # an exchange is not a move: the stack is emptied
    assert pos.possible_exchanges() == []
    assert pos.captured_rajas("red") == 0
    with pytest.raises(kc.ExchangeError):
        Position(rules="ludii").exchange("rh4", "be8")


def test_ludii_decisions_and_scores():
    pos = Position("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7", rules="ludii")
    pos.push(5, "c7c8")
    assert pos.pending_promotion == "c8" and pos.to_move == "green" and pos.ply == 8
    assert pos.promotion_choices() == ["K", "E", "H"]
    for roll in (None, 2, 5):
        assert moves(pos, roll) == ["=E", "=H", "=K"]
    assert [str(m) for m in pos.decision_moves()] == ["=K", "=E", "=H"]
    assert not pos.is_legal(None, "=B")
    pos.push(None, "=H")
    assert pos.piece_at("c8") == "gH" and pos.pending_promotion is None
    assert pos.peek() == (None, Move("=H")) and pos.to_move == "red"
    assert Move("=H").is_decision and Move("=H").promotion == "H"
    pos.pop()
    assert pos.pending_promotion == "c8"
    pos.push_action("=K")
    assert pos.piece_at("c8") == "gK"

    pos = Position("8/8/8/8/8/3,rK,4/2,gP,5/8 g 0,0,0,0 - 0", rules="ludii")
    assert pos.readable(5, "c2d3") == "gP c2xd3"
    pos.push(5, "c2d3")
    assert pos.score("green") == 5 and pos.scores["green"] == 5
    assert str(pos.outcome()) == "green-wins" and pos.outcome().reason == "ranking"
    assert pos.ranking == {"red": 2, "black": 2, "yellow": 2, "green": 1}
    tie = Position("8/8/8/8/8/8/8/3,gK,4 r 9,0,9,4 - 100", rules="ludii")
    assert tie.outcome().word == "draw" and tie.outcome().winners == ()
    assert tie.perft(3) == 0


def test_perft_at_a_decision_is_not_a_chance_node():
    pos = Position("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8", rules="ludii")
    divide = pos.perft_divide(1)
    assert sorted(str(m) for r, m, n in divide) == ["=E", "=H", "=K"]
    assert all(r is None for r, _, _ in divide)
    assert pos.perft(1) == 3


def test_readable_notation():
    pos = Position()
    assert pos.readable(2, "h1f3") == "rB h1-f3"
    assert pos.parse_readable(2, "rB h1-f3") == Move("h1f3")
    assert pos.push_readable(3, "rH h2-f1") == Move("h2f1")
    with pytest.raises(kc.ReadableMoveError):
        pos.parse_readable(2, "zz")
    with pytest.raises(kc.IllegalMoveError):
        pos.readable(2, "h2f1")


def test_moves_are_values():
    assert Move("g7g8K").promotion == "K" and Move("h1f3").promotion is None
    assert Move("pass").is_pass and Move("pass").from_square is None
    assert {Move("h1f3"), Move("h1f3"), Move("pass")} == {Move("h1f3"), Move("pass")}
    assert pickle.loads(pickle.dumps(Move("g7g8E"))) == Move("g7g8E")
    with pytest.raises(kc.NotationError):
        Move("=P")
    with pytest.raises(kc.NotationError):
        Move("h1i3")


def test_copy_pickle_equality():
    pos = Position(rules="opposite", draw_limit=50)
    pos.push(2, "h1f3")
    for clone in (copy.copy(pos), copy.deepcopy(pos), pickle.loads(pickle.dumps(pos)), pos.copy()):
        assert clone == pos and clone.move_stack == pos.move_stack
        assert clone.rules == "opposite" and clone.draw_limit == 50
    with pytest.raises(TypeError):
        hash(pos)
    ludii = Position(rules="ludii")
    ludii.push(3, "b1c3")
    assert pickle.loads(pickle.dumps(ludii)) == ludii


def test_dice_and_seeded_games():
    die = DiceRoller(7)
    rolls = [die.roll() for _ in range(100)]
    assert set(rolls) == {2, 3, 4, 5}
    assert [DiceRoller(7).roll() for _ in range(1)] == rolls[:1]
    state = die.state
    again = DiceRoller(state)
    assert [die.roll() for _ in range(5)] == [again.roll() for _ in range(5)]
    for rules in RULES:
        a, b = Position(rules=rules), Position(rules=rules)
        assert a.play_seeded_game(9, 300) == b.play_seeded_game(9, 300)
        assert a == b and a.move_stack == b.move_stack
    pos = Position()
    choice = pos.choose_move(5, DiceRoller(1))
    assert choice in pos.legal_moves(5)
    assert pos.choose_move(5, kc.SplitMix64(1)) == choice


def test_pieces_and_flags():
    pos = Position()
    assert pos.piece_at("d1") == "gK" and pos.piece_at(3) == "gK"
    assert len(pos.piece_map()) == 32
    assert not pos.lost_pawn("red") and not pos.is_out("yellow")
    assert pos.quiet_plies == 0 and pos.ply == 0
    assert pos.scores == {"red": 0, "black": 0, "yellow": 0, "green": 0}
    with pytest.raises(ValueError):
        pos.commander("purple")
    with pytest.raises(ValueError):
        pos.piece_at(64)
    assert pos._repr_svg_().startswith("<svg")
    assert "gK" in pos.diagram()
