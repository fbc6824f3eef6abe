/*
 * C99 test of the playouts C ABI (include/kaissa_chaturaji.h): a Kaissa
 * batch of games and a Chaturaji batch up to a ply target, on one thread
 * and on three, and one game replayed alone. Built and run by
 * tests/capi/programs.rs with gcc -std=c99 -Wall -Wextra -Wpedantic -Werror.
 *
 * Usage: playouts_test <kaissa games> <kaissa plies> <kaissa yellow wins>
 *                      <chaturaji games> <chaturaji plies> <game 3 plies>
 * (the Rust API's numbers for the same batches: Kaissa seed 9, 12 games,
 * ply limit 3000; Chaturaji sheet rules, seed 9, until 5000 plies, ply
 * limit 3000). Prints "N passed, M failed" last; exits 0 only when
 * nothing failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

static uint64_t arg(char **argv, int i) {
    return strtoull(argv[i], NULL, 10);
}

int main(int argc, char **argv) {
    kc_kaissa_position *kaissa = NULL;
    kc_chaturaji_position *chaturaji = NULL;
    kc_playout_stats one, three;
    kc_playout_game game;
    kc_chaturaji_rules rules;
    uint64_t total = 0, wins = 0;
    uint32_t lo = 0, hi = 0;
    size_t b;
    if (argc != 7) {
        fprintf(stderr, "usage: %s <6 numbers>\n", argv[0]);
        return 2;
    }
    CHECK(kc_kaissa_position_new_start(&kaissa) == KC_OK);
    CHECK(kc_chaturaji_rules_default(&rules) == KC_OK);
    CHECK(kc_chaturaji_position_new_start(&rules, &chaturaji) == KC_OK);
    if (kaissa == NULL || chaturaji == NULL) {
        printf("%d passed, %d failed\n", passed, failed + 1);
        return 1;
    }

    memset(&one, 0, sizeof one);
    memset(&three, 0, sizeof three);
    CHECK(kc_kaissa_playouts(kaissa, 9, 3000, 1, 12, &one) == KC_OK);
    CHECK(kc_kaissa_playouts(kaissa, 9, 3000, 3, 12, &three) == KC_OK);
    CHECK(memcmp(&one, &three, sizeof one) == 0);
    CHECK(one.games == arg(argv, 1));
    CHECK(one.plies == arg(argv, 2));
    CHECK(one.wins[1] == arg(argv, 3));
    for (b = 0; b < KC_PLAYOUT_LENGTH_BUCKETS; b++) {
        total += one.length_histogram[b];
    }
    for (b = 0; b < 16; b++) {
        wins += one.wins[b];
    }
    CHECK(total == one.games);
    CHECK(wins + one.draws + one.unfinished == one.games);
    CHECK(one.min_length <= one.mean_length && one.mean_length <= one.max_length);

    CHECK(kc_chaturaji_playouts_until(chaturaji, 9, 3000, 1, 5000, &one) == KC_OK);
    CHECK(kc_chaturaji_playouts_until(chaturaji, 9, 3000, 3, 5000, &three) == KC_OK);
    CHECK(memcmp(&one, &three, sizeof one) == 0);
    CHECK(one.games == arg(argv, 4));
    CHECK(one.plies == arg(argv, 5));
    CHECK(one.plies >= 5000);

    CHECK(kc_chaturaji_playout_game(chaturaji, 9, 3000, 3, &game) == KC_OK);
    CHECK(game.index == 3 && game.seed == kc_playout_game_seed(9, 3));
    CHECK(game.plies == arg(argv, 6));
    CHECK(game.result == KC_PLAYOUT_DRAW || game.result == KC_PLAYOUT_WIN);

    CHECK(kc_playout_length_bucket_bounds(44, &lo, &hi) == KC_OK);
    CHECK(lo == 192 && hi == 207);
    CHECK(kc_playout_length_bucket_bounds(KC_PLAYOUT_LENGTH_BUCKETS, &lo, &hi) ==
          KC_ERR_INVALID_ARGUMENT);
    CHECK(kc_kaissa_playouts_until(kaissa, 9, 0, 1, 10, &one) == KC_ERR_INVALID_ARGUMENT);
    CHECK(kc_kaissa_playouts(NULL, 9, 10, 1, 1, &one) == KC_ERR_NULL_POINTER);

    kc_kaissa_position_free(kaissa);
    kc_chaturaji_position_free(chaturaji);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
