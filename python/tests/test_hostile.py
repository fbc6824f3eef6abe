"""Hostile input: random bytes, mangled texts and huge strings raise
exceptions (``ValueError`` subclasses for bad values, ``TypeError`` for
wrong types) and never crash the interpreter or change a position.

A Rust panic would surface as ``pyo3_runtime.PanicException``, which is
not an ``Exception``: the ``except Exception`` clauses below would let it
through and fail the test."""

import io
import random

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa
from kaissa_chaturaji.record import Reader, Record

SEED = 20240607
ROUNDS = 400

#: Texts the mangling starts from.
KAISSA_TEXTS = [
    kaissa.START_TEXT,
    "ibstqutsbh/arppppppr1/9i/7T2/10/10/10/I9/ARPPPPPPRA/1BS1QUTSBI y 9 H",
    "4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -",
]
CHATURAJI_TEXTS = [
    (chaturaji.START_TEXT, "sheet"),
    ("4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/4,rK,3/8 r rbyg - - 10 60", "opposite"),
    (chaturaji.LUDII_START_TEXT, "ludii"),
    ("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8", "ludii"),
]
ALPHABET = "abcdefghijkUQTSBIPRAHuqtsbiprahKEHBPrbygx0123456789/,- =@:\t\n\x00é"


def mangle(rng, text):
    """``text`` with a few random characters replaced, inserted or removed."""
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars) + 1)
        op = rng.random()
        if op < 0.4 and at < len(chars):
            chars[at] = rng.choice(ALPHABET)
        elif op < 0.7:
            chars.insert(at, rng.choice(ALPHABET))
        elif at < len(chars):
            del chars[at]
    return "".join(chars)


def random_text(rng):
    """Random bytes as a string (lone surrogates included)."""
    raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 80)))
    return raw.decode("utf-8", errors=rng.choice(["surrogateescape", "replace", "ignore"]))


def test_kaissa_texts_parse_exactly_or_raise():
    rng = random.Random(SEED)
    parsed = 0
    for _ in range(ROUNDS):
        text = mangle(rng, rng.choice(KAISSA_TEXTS)) if rng.random() < 0.8 else random_text(rng)
        try:
            pos = kaissa.Position(text)
        except (ValueError, UnicodeError):
            continue
        parsed += 1
        assert str(pos) == text  # only the canonical form parses
        pos.legal_moves()
        pos.outcome()
        pos.perft(1)
    assert parsed > 0


def test_chaturaji_texts_parse_exactly_or_raise():
    rng = random.Random(SEED + 1)
    for _ in range(ROUNDS):
        base, rules = rng.choice(CHATURAJI_TEXTS)
        text = mangle(rng, base) if rng.random() < 0.8 else random_text(rng)
        try:
            pos = chaturaji.Position(text, rules=rng.choice([rules, "sheet", "ludii"]))
        except (ValueError, UnicodeError):
            continue
        assert str(pos) == text
        for roll in (2, 3, 4, 5):
            pos.legal_moves(roll)
        pos.perft(1)


def test_moves_and_actions_never_change_a_position_when_refused():
    rng = random.Random(SEED + 2)
    k = kaissa.Position()
    k.push("e2e5")
    c = chaturaji.Position("2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8", rules="ludii")
    before = (str(k), k.move_stack, str(c), c.move_stack)
    for _ in range(ROUNDS):
        text = mangle(rng, rng.choice(["e9e6", "H@c1", "h1f3", "=K", "g7g8K", "pass"]))
        if rng.random() < 0.3:
            text = random_text(rng)
        calls = [
            lambda: k.push(text),
            lambda: k.push_readable(text),
            lambda: k.is_legal(text),
            lambda: c.push(rng.choice([None, 2, 5, 9]), text),
            lambda: c.push_action(text),
            lambda: c.push_readable(5, text),
            lambda: c.exchange(text, text),
        ]
        for call in calls:
            try:
                call()
            except (ValueError, UnicodeError):
                pass
            else:
                # A few random texts are legal moves; take them back.
                if (str(k), str(c)) != (before[0], before[2]):
                    while len(k.move_stack) > 1:
                        k.pop()
                    while c.move_stack:
                        c.pop()
    assert before == (str(k), k.move_stack, str(c), c.move_stack)


@pytest.mark.parametrize(
    "huge",
    [
        "a" * 10_000_000,
        "1" * 1_000_000,
        kaissa.START_TEXT * 10_000,
        "/" * 1_000_000 + " y 1 Hh",
        "\x1b[2J" * 100_000,
    ],
)
def test_huge_strings_raise_short_messages(huge):
    for call in [
        lambda: kaissa.Position(huge),
        lambda: chaturaji.Position(huge),
        lambda: chaturaji.Position(huge, rules="ludii"),
        lambda: kaissa.Move(huge),
        lambda: chaturaji.Move(huge),
        lambda: kaissa.Position().push(huge),
        lambda: kaissa.Position().parse_readable(huge),
        lambda: chaturaji.Position().push_action(huge),
        lambda: chaturaji.Position().parse_readable(5, huge),
        lambda: kaissa.Position().piece_at(huge),
    ]:
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 400
        assert "\x1b" not in str(info.value)


def test_records_of_random_bytes_raise_record_errors():
    rng = random.Random(SEED + 3)
    sample = (
        '[Game "chaturaji"]\n[Rules "ludii"]\n[Result "*"]\n[Termination "unfinished"]\n\n'
        "1. 3:b1c3 2:h1f3 *\n"
    )
    for _ in range(ROUNDS // 2):
        text = mangle(rng, sample) if rng.random() < 0.7 else random_text(rng)
        try:
            record = Record(text)
        except (ValueError, UnicodeError):
            pass
        else:
            assert Record(str(record)) == record
        try:
            for record in Reader.from_text(text, skip_errors=True):
                str(record)
        except UnicodeError:  # a lone surrogate is not text a file holds
            pass
    raw = bytes(rng.randrange(256) for _ in range(100_000))
    reader = Reader(io.BytesIO(raw), skip_errors=True)
    assert all(isinstance(record, Record) for record in reader)
    assert all(isinstance(err, kc.RecordError) for err in reader.errors)
    with pytest.raises(kc.RecordError):
        Record("[" * 3_000_000)
    with pytest.raises(kc.RecordError):
        Record('[Game "kaissa"]\n\n1. ' + "e2e5 " * 500_000)


def test_wrong_types_raise_type_errors():
    for call in [
        lambda: kaissa.Position(42),
        lambda: kaissa.Position(b"bytes"),
        lambda: chaturaji.Position(rules=None),
        lambda: chaturaji.Position().push("5", "g1f1"),
        lambda: chaturaji.Position().legal_moves(2.0),
        lambda: kaissa.Position().perft(None),
        lambda: Record(None),
        lambda: kc.Playouts("kaissa"),
        lambda: kc.SplitMix64(-1),
        lambda: kaissa.Position().play_seeded_game(-1),
    ]:
        with pytest.raises((TypeError, OverflowError)):
            call()
