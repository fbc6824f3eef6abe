"""Threads: perft and playouts release the interpreter, so Python threads
run meanwhile, and several threads may use one position at once."""

import threading
from concurrent.futures import ThreadPoolExecutor

import kaissa_chaturaji as kc
from kaissa_chaturaji import chaturaji, kaissa


def test_threads_calling_perft_together_agree():
    shared = kaissa.Position()
    also = chaturaji.Position(rules="ludii")
    with ThreadPoolExecutor(max_workers=6) as pool:
        kaissa_counts = list(pool.map(lambda _: shared.perft(3), range(6)))
        chaturaji_counts = list(pool.map(lambda _: also.perft(5), range(6)))
        own = list(pool.map(lambda d: kaissa.Position().perft(d), [1, 2, 3, 4]))
    assert kaissa_counts == [70656] * 6
    assert chaturaji_counts == [114900] * 6
    assert own == [40, 1600, 70656, 3116602]


def test_perft_releases_the_interpreter():
    pos = kaissa.Position()
    result = []
    worker = threading.Thread(target=lambda: result.append(pos.perft(5)))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
        # The position is free while perft runs on its own copy.
        pos.push("e2e5")
        pos.pop()
    worker.join()
    assert result == [150999258]
    assert ticks > 100, "the main thread should run while perft counts"


def test_playouts_release_the_interpreter():
    playouts = kc.Playouts(kaissa.Position(), seed=5)
    result = []
    worker = threading.Thread(target=lambda: result.append(playouts.until_plies(300_000)))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    assert result[0].plies >= 300_000
    assert ticks > 100
