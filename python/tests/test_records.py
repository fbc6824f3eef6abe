"""Game records from Python: reading the Rust tests' sample records,
writing and reading back, streaming files, errors with their place, and
records made from positions."""

import io
import pickle

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa
from kaissa_chaturaji.record import Reader, Record, read, read_text

KAISSA_TEXT = '[Game "kaissa"]\n[Result "*"]\n[Termination "unfinished"]\n\n1. e2e5 e9e6 *\n'
CHATURAJI_TEXT = (
    '[Game "chaturaji"]\n[Result "*"]\n[Termination "unfinished"]\n\n1. 2:h1f3 5:e7e6 *\n'
)


def test_sample_records_round_trip(records_dir):
    for name, game in [("kaissa.txt", "kaissa"), ("chaturaji.txt", "chaturaji")]:
        text = (records_dir / name).read_text()
        record = Record(text)
        assert record.game == game and record.result == "*"
        assert record.termination == "abandoned"
        assert record.tags["Event"].startswith("random game")
        assert len(record) == len(record.actions) > 30
        assert record.comments and record.comments[0][0] == 0
        again = Record(str(record))
        assert again == record and str(again) == str(record)
        final = record.final_position()
        assert str(final) == str(record.positions()[-1])
        assert len(final.move_stack) == len(record)
        assert final.root() == record.start_position()
        assert Record.from_position(final).actions == record.actions
        assert pickle.loads(pickle.dumps(record)) == record


def test_chaturaji_record_rules(records_dir):
    record = Record((records_dir / "chaturaji.txt").read_text())
    assert record.rules == "sheet"
    assert record.actions[:2] == ["3:h2f1", "5:h7h6"]
    assert Record(KAISSA_TEXT).rules is None


def test_reader_streams_files_of_every_kind(tmp_path, records_dir):
    text = (records_dir / "kaissa.txt").read_text() + "\n" + (
        records_dir / "chaturaji.txt"
    ).read_text()
    path = tmp_path / "games.txt"
    path.write_text(text)
    expected = ["kaissa", "chaturaji"]
    assert [r.game for r in Reader(path)] == expected
    assert [r.game for r in Reader(str(path))] == expected
    with open(path) as handle:
        assert [r.game for r in read(handle)] == expected
    with open(path, "rb") as handle:
        assert [r.game for r in Reader(handle)] == expected
    assert [r.game for r in read_text(text)] == expected
    assert [r.game for r in Reader(io.StringIO(text))] == expected
    assert list(Reader.from_text("")) == []
    with pytest.raises(OSError):
        Reader(tmp_path / "missing.txt")
    with pytest.raises(TypeError):
        Reader(42)


def test_errors_name_their_place_and_reading_goes_on():
    bad = '[Game "kaissa"]\n[Result "*"]\n[Termination "unfinished"]\n\n1. e2e5 e2e4 *\n'
    reader = Reader.from_text(bad + "\n" + KAISSA_TEXT)
    with pytest.raises(kc.RecordError) as info:
        next(reader)
    err = info.value
    assert isinstance(err, ValueError)
    assert (err.line, err.ply) == (5, 2) and err.column > 1
    assert str(err).startswith("5:")
    assert len(next(reader)) == 2  # the next record reads
    with pytest.raises(StopIteration):
        next(reader)
    skipping = read_text(bad + "\n" + KAISSA_TEXT + "\n" + bad, skip_errors=True)
    assert [len(r) for r in skipping] == [2]
    assert len(skipping.errors) == 2 and all(isinstance(e, kc.RecordError) for e in skipping.errors)
    with pytest.raises(kc.RecordError):
        Record(bad)
    with pytest.raises(kc.RecordError):
        Record(KAISSA_TEXT + "\n" + KAISSA_TEXT)  # exactly one record


def test_file_object_errors_are_raised_as_they_are():
    class Broken(io.StringIO):
        def read(self, n=-1):
            raise KeyError("disk on fire")

    with pytest.raises(KeyError):
        next(Reader(Broken()))

    class Wrong:
        def read(self, n=-1):
            return 42

    with pytest.raises(TypeError):
        next(Reader(Wrong()))


def test_building_records():
    pos = kaissa.Position()
    for mv in ["e2e5", "e9e6", "d1f4"]:
        pos.push(mv)
    record = Record.from_position(pos)
    record.set_tag("Event", "Club night")
    record.add_comment("Red resigns")
    record.set_result("yellow-wins", "resignation")
    text = str(record)
    assert "1. e2e5 e9e6 2. d1f4 {Red resigns} yellow-wins" in text
    back = Record(text)
    assert back.result == "yellow-wins" and back.termination == "resignation"
    assert back.tags == {"Event": "Club night"}
    assert back.remove_tag("Event") == "Club night" and back.remove_tag("Event") is None
    record.play("c9c8")  # the rules' result comes back with a new move
    assert record.result == "*"
    with pytest.raises(kc.IllegalMoveError):
        record.play("e2e6")
    with pytest.raises(kc.NotationError):
        record.play("e2")
    with pytest.raises(kc.RecordError):
        record.set_tag("Result", "*")
    with pytest.raises(kc.RecordError):
        record.set_tag("Date", "June")
    with pytest.raises(kc.RecordError):
        record.add_comment("bell \x07")
    with pytest.raises(kc.RecordError):
        record.set_result("yellow-wins", "home-stone-captured")
    with pytest.raises(kc.RecordError):
        record.set_result("rg-wins", "resignation")
    with pytest.raises(kc.RecordError):
        record.set_result("yellow-wins", "sneezing")
    assert len(record) == 4
    with pytest.raises(TypeError):
        Record.from_position("e2e5")


def test_chaturaji_records_with_decisions_and_exchanges():
    pos = chaturaji.Position("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7", rules="ludii")
    pos.push(5, "c7c8")
    pos.push(None, "=H")
    record = Record.from_position(pos)
    assert record.actions == ["5:c7c8", "=H"] and record.rules == "ludii"
    back = Record(str(record))
    assert back.final_position() == pos
    assert back.final_position().move_stack == pos.move_stack

    record = Record.from_position(chaturaji.Position())
    record.play("2:h1f3")
    record.play((5, "e7e6"))
    record.play((5, chaturaji.Move("b8c8")))
    with pytest.raises(kc.IllegalMoveError):
        record.play("=K")  # no decision is pending
    with pytest.raises(TypeError):
        record.play(3.5)
    assert record.actions == ["2:h1f3", "5:e7e6", "5:b8c8"]

    text = "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9"
    start = chaturaji.Position(text)
    record = Record.from_position(start)
    record.play("exchange:be8,rh4")
    assert record.actions == ["exchange:be8,rh4"]
    final = Record(str(record)).final_position()
    assert final.captured_rajas("red") == 0 and final.move_stack == []


def test_pictures():
    record = Record(KAISSA_TEXT)
    assert record._repr_svg_().startswith("<svg")
    assert record.svg(size=16, coordinates=False).startswith("<svg")
    assert repr(record) == "<Record kaissa, 2 actions, result '*'>"
