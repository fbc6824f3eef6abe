"""The Python names the project's design fixes, checked as a user would
call them (independent checks call exactly these)."""

import pytest

import kaissa_chaturaji as kc

#: perft(start, 5) of the Rust library under each rules option
#: (`cargo run --release --example perft -- chaturaji --rules R 5`).
RUST_PERFT_5 = {"sheet": 111900, "opposite": 113800, "ludii": 114900}


def test_kaissa_position():
    pos = kc.kaissa.Position()
    text = str(pos)
    assert kc.kaissa.Position(text) == pos and str(kc.kaissa.Position(text)) == text
    moves = pos.legal_moves()
    assert isinstance(moves, list) and len(moves) == 40
    assert "e2e5" in [str(m) for m in moves]
    assert pos.perft(4) == 3116602
    pos.push(moves[0])
    pos.push("e9e6")
    pos.pop()
    pos.pop()
    assert str(pos) == text
    for bad in ["e2e6", "zz", "", "H@a1"]:
        with pytest.raises(ValueError):
            pos.push(bad)
        assert str(pos) == text and pos.move_stack == []
    with pytest.raises(ValueError):
        kc.kaissa.Position("garbage")
    svg = pos._repr_svg_()
    assert svg.startswith("<svg") and "</svg>" in svg


@pytest.mark.parametrize("rules", ["sheet", "opposite", "ludii"])
def test_chaturaji_position(rules):
    pos = kc.chaturaji.Position(rules=rules)
    text = str(pos)
    assert str(kc.chaturaji.Position(text, rules=rules)) == text
    for roll in (2, 3, 4, 5):
        moves = pos.legal_moves(roll)
        assert moves and all(isinstance(m, kc.chaturaji.Move) for m in moves)
        pos.push(roll, moves[0])
        pos.pop()
        pos.push(roll, str(moves[-1]))
        pos.pop()
    assert str(pos) == text
    with pytest.raises(ValueError):
        pos.push(2, "h1h8")
    with pytest.raises(ValueError):
        pos.push(2, "garbage")
    assert str(pos) == text
    assert pos.perft(5) == RUST_PERFT_5[rules]
    assert pos._repr_svg_().startswith("<svg")


def test_errors_are_value_errors_with_the_rust_message():
    for cls in (kc.NotationError, kc.IllegalMoveError, kc.ReadableMoveError,
                kc.ExchangeError, kc.RecordError):
        assert issubclass(cls, kc.Error) and issubclass(cls, ValueError)
    with pytest.raises(kc.NotationError, match="offset"):
        kc.kaissa.Position("garbage")
