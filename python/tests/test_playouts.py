"""Playouts and the seeded generators from Python: the same figures for
any number of threads, and every game replayable alone."""

import pickle

import pytest

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa


@pytest.mark.parametrize(
    "start",
    [kaissa.Position(), chaturaji.Position(), chaturaji.Position(rules="opposite"),
     chaturaji.Position(rules="ludii")],
    ids=["kaissa", "sheet", "opposite", "ludii"],
)
def test_playouts_do_not_depend_on_threads(start):
    one = kc.Playouts(start, seed=11).games(12)
    two = kc.Playouts(start, seed=11, threads=2).games(12)
    assert one == two
    assert one.games == 12
    assert one.unfinished + one.draws + sum(one.wins.values()) == 12
    assert one.min_length <= one.mean_length <= one.max_length
    assert one.quantile(0.5) is not None
    playouts = kc.Playouts(start, seed=11)
    assert sum(playouts.game(i)[0] for i in range(12)) == one.plies
    # Game 3 again, move by move, from its seed.
    plies, outcome = playouts.game(3)
    replay = start.copy()
    assert replay.play_seeded_game(playouts.game_seed(3), playouts.max_plies) == outcome
    assert len(replay.move_stack) == plies


def test_win_words():
    kaissa_wins = kc.Playouts(kaissa.Position(), seed=1).games(30).wins
    assert set(kaissa_wins) <= {"yellow-wins", "red-wins"}
    sheet = kc.Playouts(chaturaji.Position(), seed=1).games(30).wins
    assert set(sheet) <= {"rg-wins", "by-wins"} and sheet
    ludii = kc.Playouts(chaturaji.Position(rules="ludii"), seed=1).games(10).wins
    assert set(ludii) <= {"red-wins", "black-wins", "yellow-wins", "green-wins"}


def test_limits_and_errors():
    stats = kc.Playouts(kaissa.Position(), seed=2, max_plies=10).games(5)
    assert (stats.plies, stats.unfinished) == (50, 5)
    assert kc.Playouts(kaissa.Position()).until_plies(1000).plies >= 1000
    with pytest.raises(ValueError):
        kc.Playouts(kaissa.Position(), max_plies=0).until_plies(10)
    with pytest.raises(ValueError):
        stats.quantile(1.5)
    with pytest.raises(ValueError):
        kc.Playouts(kaissa.Position(), threads=-1)
    assert "PlayoutStats(games=5" in repr(stats)


def test_split_mix_is_the_library_generator():
    rng = kc.SplitMix64(42)
    first = [rng.next_u64() for _ in range(3)]
    assert first == [kc.Playouts(kaissa.Position(), seed=42).game_seed(i) for i in range(3)]
    again = kc.SplitMix64(42)
    assert again.below(0) == 0 and again.state == 42
    assert all(kc.SplitMix64(s).below(10) < 10 for s in range(100))
    copy = rng.copy()
    assert copy.next_u64() == rng.next_u64()
    assert eval(repr(rng), {"SplitMix64": kc.SplitMix64}).state == rng.state
    assert pickle.loads(pickle.dumps(rng)).state == rng.state
    rng.state = 42
    assert rng.next_u64() == first[0]
