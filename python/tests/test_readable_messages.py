"""A readable (SAN-like) Kaissa move that cannot be read gives a short,
escaped message, however long the text: ``parse_san``, ``push_san`` and
``parse_readable`` quote a bounded excerpt of it, never the whole text,
and no raw control character."""

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji.kaissa import Position

#: 16 MiB.
HUGE = 16 << 20
#: ESC, NUL and a line end, repeated.
CONTROLS = "\x1b\x00\n" * (HUGE // 3)

#: Texts that reach each place the parser explains a fault: a bad
#: from-file and rank, a target square with too many digits, a
#: disambiguation of ``x``, an unknown piece letter, no target square, a
#: bad placement square.
TEXTS = [
    "T" + CONTROLS + "f4",
    "f" + "1" * HUGE,
    "x" * HUGE + "f4",
    "e" + CONTROLS + "e5",
    "Z" + CONTROLS,
    CONTROLS,
    "H@" + CONTROLS,
]


def assert_short_and_escaped(message):
    assert len(message.encode()) < 200, len(message)
    assert not any(ord(c) < 0x20 or ord(c) == 0x7F for c in message), repr(message)


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_huge_readable_moves_give_short_escaped_messages(index):
    text = TEXTS[index]
    pos = Position()
    for call in (pos.parse_san, pos.parse_readable, pos.push_san):
        with pytest.raises(kc.ReadableMoveError) as caught:
            call(text)
        assert_short_and_escaped(str(caught.value))
    assert pos.move_stack == []


def test_a_short_faulty_text_is_quoted_escaped():
    with pytest.raises(kc.ReadableMoveError) as caught:
        Position().parse_san("T\x1b2f4")
    message = str(caught.value)
    assert "\\u{1b}2" in message, message
    assert_short_and_escaped(message)
