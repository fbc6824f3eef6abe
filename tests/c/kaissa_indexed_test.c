/*
 * C99 test of the Merchant Kaissa moves by index (include/kaissa_chaturaji.h):
 * kc_kaissa_list, kc_kaissa_push_index, kc_kaissa_pop_push_index,
 * kc_kaissa_listed_move(s), with kc_kaissa_pop. Built and run by
 * tests/capi/programs.rs with
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * and linked against the static library.
 *
 * Usage: kaissa_indexed_test [<perft1> <perft2> <perft3> ...]
 * The optional arguments are the Rust API's perft numbers from the start
 * (the same arguments as kaissa_test). Prints "N passed, M failed" last;
 * exits 0 only when nothing failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"
#include "kaissa_helpers.h"

static int same_move(kc_kaissa_move a, kc_kaissa_move b) {
    return a.kind == b.kind && a.from == b.from && a.to == b.to;
}

/* Full perft by index: list once per node, push each index, pop. */
static uint64_t indexed_perft(kc_kaissa_position *pos, unsigned depth) {
    size_t count = 0, i;
    uint64_t nodes = 0;
    if (depth == 0) {
        return 1;
    }
    if (kc_kaissa_list(pos, &count) != KC_OK) {
        return 0;
    }
    for (i = 0; i < count; i++) {
        if (kc_kaissa_push_index(pos, i) != KC_OK) {
            return 0;
        }
        nodes += indexed_perft(pos, depth - 1);
        if (kc_kaissa_pop(pos) != KC_OK) {
            return 0;
        }
    }
    return nodes;
}

/* The same, going from sibling to sibling with kc_kaissa_pop_push_index. */
static uint64_t sibling_perft(kc_kaissa_position *pos, unsigned depth) {
    size_t count = 0, i;
    uint64_t nodes = 0;
    if (depth == 0) {
        return 1;
    }
    if (kc_kaissa_list(pos, &count) != KC_OK) {
        return 0;
    }
    for (i = 0; i < count; i++) {
        kc_status status =
            i == 0 ? kc_kaissa_push_index(pos, 0) : kc_kaissa_pop_push_index(pos, i);
        if (status != KC_OK) {
            return 0;
        }
        nodes += sibling_perft(pos, depth - 1);
    }
    if (count > 0 && kc_kaissa_pop(pos) != KC_OK) {
        return 0;
    }
    return nodes;
}

static void test_perft(const uint64_t expected[4]) {
    kc_kaissa_position *pos = NULL;
    unsigned depth;
    size_t count = 99;
    /* Fairy-Stockfish (pyffish), recorded in tests/data/kaissa.perft (as
     * in kaissa_test.c); tests/capi/programs.rs passes the Rust API's numbers,
     * checked against the same file. */
    const uint64_t reference[4] = {1, 40, 1600, 70656};

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    for (depth = 0; depth <= 3; depth++) {
        uint64_t by_index = indexed_perft(pos, depth);
        uint64_t by_sibling = sibling_perft(pos, depth);
        CHECK(by_index == reference[depth]);
        CHECK(by_index == expected[depth]);
        CHECK(by_sibling == reference[depth]);
        CHECK(text_is(pos, START_TEXT));
        CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
        CHECK(count == 0);
    }
    kc_kaissa_position_free(pos);
}

static void test_listing(void) {
    static kc_kaissa_move by_list[KC_KAISSA_MAX_MOVES];
    static kc_kaissa_move by_index[KC_KAISSA_MAX_MOVES];
    kc_kaissa_position *pos = NULL;
    kc_kaissa_move mv = {0, 0, 0}, small[4];
    size_t count = 0, len = 0, i;
    int all_same = 1;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    /* No listing yet. */
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "no listing") != NULL);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_listed_moves(pos, by_index, KC_KAISSA_MAX_MOVES, &len),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));

    /* The listing is the legal moves, in the order of kc_kaissa_legal_moves. */
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK(count == 40);
    CHECK_STATUS(kc_kaissa_legal_moves(pos, by_list, KC_KAISSA_MAX_MOVES, &len), KC_OK);
    CHECK(len == count);
    for (i = 0; i < count; i++) {
        if (kc_kaissa_listed_move(pos, i, &mv) != KC_OK || !same_move(mv, by_list[i])) {
            all_same = 0;
        }
    }
    CHECK(all_same);
    CHECK_STATUS(kc_kaissa_listed_moves(pos, by_index, KC_KAISSA_MAX_MOVES, &len), KC_OK);
    CHECK(len == count);
    CHECK(memcmp(by_index, by_list, count * sizeof by_list[0]) == 0);
    len = 0;
    CHECK_STATUS(kc_kaissa_listed_moves(pos, small, 4, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 40);
    CHECK_STATUS(kc_kaissa_listed_moves(pos, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);

    /* Out of range: refused, nothing changes. */
    CHECK_STATUS(kc_kaissa_push_index(pos, 40), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "out of range") != NULL);
    CHECK_STATUS(kc_kaissa_push_index(pos, (size_t)-1), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 40, &mv), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));

    /* Push index 5: the new depth has no listing; pop makes depth 0's
     * listing usable again. */
    CHECK_STATUS(kc_kaissa_push_index(pos, 5), KC_OK);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &len), KC_OK);
    CHECK(len == 1);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK(count > 0);
    CHECK_STATUS(kc_kaissa_push_index(pos, count - 1), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    /* Depth 1's listing is usable again after the pop from depth 2. */
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_listed_move(pos, 5, &mv), KC_OK);
    CHECK(same_move(mv, by_list[5]));

    /* A sibling replaces the top move; the depth below keeps its listing. */
    CHECK_STATUS(kc_kaissa_pop_push_index(pos, 1), KC_ERR_INVALID_ARGUMENT); /* nothing pushed */
    CHECK(strstr(last_error(), "no pushed move") != NULL);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_OK);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_pop_push_index(pos, 40), KC_ERR_INVALID_ARGUMENT); /* out of range */
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &len), KC_OK);
    CHECK(len == 1); /* untouched */
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_OK); /* depth 1 still listed */
    CHECK_STATUS(kc_kaissa_pop_push_index(pos, 39), KC_OK);
    /* The position of depth 1 changed: its listing is gone. */
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    kc_kaissa_position_free(pos);
}

/* Every other change of the position discards the listings it affects. */
static void test_stale_listings(void) {
    kc_kaissa_position *pos = NULL, *other = NULL;
    kc_kaissa_undo_record record;
    kc_kaissa_move mv;
    size_t count = 0, len = 0;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_position_new_start(&other), KC_OK);

    /* kc_kaissa_play and kc_kaissa_undo. */
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e2e5"), &record), KC_OK);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_OK);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));

    /* kc_kaissa_position_copy into the position. */
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_play(other, mv_text("e2e5"), NULL), KC_OK);
    CHECK_STATUS(kc_kaissa_position_copy(other, pos), KC_OK);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_ERR_INVALID_ARGUMENT);

    /* A push of a move enters the next depth: a listing made there
     * earlier (for another position) is discarded. */
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e9e6")), KC_OK);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 1, &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv), KC_OK);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    /* ... while depth 0 kept its listing through the push and the pop. */
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);

    /* A clone has no listing. */
    kc_kaissa_position_free(other);
    other = NULL;
    CHECK_STATUS(kc_kaissa_position_clone(pos, &other), KC_OK);
    CHECK_STATUS(kc_kaissa_push_index(other, 0), KC_ERR_INVALID_ARGUMENT);

    /* A mixed stack: kc_kaissa_pop takes back a push_index and a push. */
    CHECK_STATUS(kc_kaissa_push_index(pos, 3), KC_OK);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv), KC_OK);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &len), KC_OK);
    CHECK(len == 2);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(other, "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"));

    /* Bad pointers. */
    CHECK_STATUS(kc_kaissa_list(NULL, &count), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_list(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_push_index(NULL, 0), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_pop_push_index(NULL, 0), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_listed_move(NULL, 0, &mv), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_listed_moves(NULL, &mv, 1, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_listed_moves(pos, &mv, 1, NULL), KC_ERR_NULL_POINTER);

    kc_kaissa_position_free(other);
    kc_kaissa_position_free(pos);
}

int main(int argc, char **argv) {
    uint64_t expected[4];
    perft_arguments(argc, argv, expected);
    printf("kaissa_chaturaji %s (C99, moves by index)\n", kc_version());
    test_perft(expected);
    test_listing();
    test_stale_listings();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
