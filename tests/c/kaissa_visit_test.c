/*
 * C99 test of kc_kaissa_visit (include/kaissa_chaturaji.h): the library
 * plays each listed move, calls a C visitor in the new position and takes
 * the move back. Built and run by tests/capi/programs.rs with
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * and linked against the static library.
 *
 * Usage: kaissa_visit_test [<perft1> <perft2> <perft3>]
 * The optional arguments are the Rust API's perft numbers from the start
 * (as for kaissa_indexed_test). Prints "N passed, M failed" last; exits 0
 * only when nothing failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"
#include "kaissa_helpers.h"

/* ---- perft by visiting ---- */

struct perft {
    unsigned depth; /* plies still to play below the visited move */
    uint64_t nodes;
    int errors;
};

static int32_t perft_visitor(void *context, kc_kaissa_position *pos, size_t index) {
    struct perft *p = (struct perft *)context;
    size_t count = 0;
    (void)index;
    if (p->depth == 1) {
        p->nodes++;
        return 0;
    }
    p->depth--;
    if (kc_kaissa_list(pos, &count) != KC_OK ||
        kc_kaissa_visit(pos, NULL, 0, perft_visitor, p, NULL) != KC_OK) {
        p->errors++;
    }
    p->depth++;
    return 0;
}

static uint64_t visit_perft(kc_kaissa_position *pos, unsigned depth, int *errors) {
    struct perft p;
    size_t count = 0;
    int32_t stop = -1;
    if (depth == 0) {
        return 1;
    }
    p.depth = depth;
    p.nodes = 0;
    p.errors = 0;
    if (kc_kaissa_list(pos, &count) != KC_OK ||
        kc_kaissa_visit(pos, NULL, 0, perft_visitor, &p, &stop) != KC_OK || stop != 0) {
        p.errors++;
    }
    *errors += p.errors;
    return p.nodes;
}

static void test_perft(const uint64_t expected[4]) {
    kc_kaissa_position *pos = NULL;
    unsigned depth;
    size_t count = 99;
    kc_kaissa_move first, listed;
    /* Fairy-Stockfish (pyffish), recorded in tests/data/kaissa.perft (as in
     * kaissa_test.c); tests/capi/programs.rs passes the Rust API's numbers, checked
     * against the same file. */
    const uint64_t reference[4] = {1, 40, 1600, 70656};

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    for (depth = 0; depth <= 3; depth++) {
        int errors = 0;
        uint64_t nodes = visit_perft(pos, depth, &errors);
        CHECK(errors == 0);
        CHECK(nodes == reference[depth]);
        CHECK(nodes == expected[depth]);
        CHECK(text_is(pos, START_TEXT));
        CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
        CHECK(count == 0);
    }
    /* The listing the visit played from is still usable afterwards. */
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &first), KC_OK);
    {
        int errors = 0;
        CHECK(visit_perft(pos, 2, &errors) == reference[2]);
        CHECK(errors == 0);
    }
    CHECK_STATUS(kc_kaissa_listed_move(pos, 0, &listed), KC_OK);
    CHECK(listed.kind == first.kind && listed.from == first.from && listed.to == first.to);
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    kc_kaissa_position_free(pos);
}

/* ---- order, stop value, what the visitor sees ---- */

struct seen {
    size_t indices[8];
    size_t depths[8];
    char texts[8][KC_KAISSA_POSITION_TEXT_CAP];
    size_t count;
    size_t stop_at; /* stop (return 7) at this call, counted from 0 */
};

static int32_t recording_visitor(void *context, kc_kaissa_position *pos, size_t index) {
    struct seen *s = (struct seen *)context;
    size_t len = 0;
    if (s->count < 8) {
        s->indices[s->count] = index;
        kc_kaissa_pushed_count(pos, &s->depths[s->count]);
        kc_kaissa_position_to_text(pos, s->texts[s->count], KC_KAISSA_POSITION_TEXT_CAP, &len);
    }
    s->count++;
    return s->count - 1 == s->stop_at ? 7 : 0;
}

/* The text of the position after playing listed move `index` by push. */
static void text_after_push(kc_kaissa_position *pos, size_t index, char *out) {
    size_t len = 0;
    CHECK_STATUS(kc_kaissa_push_index(pos, index), KC_OK);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, out, KC_KAISSA_POSITION_TEXT_CAP, &len),
                 KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
}

static void test_order_and_stop(void) {
    kc_kaissa_position *pos = NULL;
    struct seen s;
    size_t count = 0;
    size_t order[3] = {5, 0, 39};
    size_t bad_order[2] = {1, 40};
    int32_t stop = -1;
    char want[KC_KAISSA_POSITION_TEXT_CAP];
    size_t i;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK(count == 40);

    /* In the given order, one push deeper, each position as push_index makes it. */
    memset(&s, 0, sizeof s);
    s.stop_at = 99;
    CHECK_STATUS(kc_kaissa_visit(pos, order, 3, recording_visitor, &s, &stop), KC_OK);
    CHECK(stop == 0);
    CHECK(s.count == 3);
    for (i = 0; i < 3 && i < s.count; i++) {
        CHECK(s.indices[i] == order[i]);
        CHECK(s.depths[i] == 1);
        text_after_push(pos, order[i], want);
        CHECK(strcmp(s.texts[i], want) == 0);
    }
    CHECK(text_is(pos, START_TEXT));

    /* Stopped by the visitor at the second move: its value is reported. */
    memset(&s, 0, sizeof s);
    s.stop_at = 1;
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, recording_visitor, &s, &stop), KC_OK);
    CHECK(stop == 7);
    CHECK(s.count == 2);
    CHECK(s.indices[0] == 0 && s.indices[1] == 1);
    CHECK(text_is(pos, START_TEXT));
    /* out_stop may be NULL. */
    memset(&s, 0, sizeof s);
    s.stop_at = 0;
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, recording_visitor, &s, NULL), KC_OK);
    CHECK(s.count == 1);
    /* An empty order visits nothing. */
    memset(&s, 0, sizeof s);
    s.stop_at = 99;
    CHECK_STATUS(kc_kaissa_visit(pos, order, 0, recording_visitor, &s, &stop), KC_OK);
    CHECK(s.count == 0 && stop == 0);

    /* Refused before anything is played. */
    memset(&s, 0, sizeof s);
    s.stop_at = 99;
    CHECK_STATUS(kc_kaissa_visit(pos, bad_order, 2, recording_visitor, &s, &stop),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(s.count == 0);
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, NULL, &s, &stop), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_visit(NULL, NULL, 0, recording_visitor, &s, &stop),
                 KC_ERR_NULL_POINTER);
    /* No listing at the current depth (a push entered depth 1 unlisted). */
    CHECK_STATUS(kc_kaissa_push_index(pos, 0), KC_OK);
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, recording_visitor, &s, &stop),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(s.count == 0);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    kc_kaissa_position_free(pos);
}

/* ---- a visitor that tries to break the rules ---- */

struct meddler {
    kc_kaissa_position *other;
    int failures; /* calls that did not give the expected status */
    int leave_pushed;
};

#define EXPECT(expr, want)                                                       \
    do {                                                                         \
        if ((expr) != (want)) {                                                  \
            fprintf(stderr, "meddler: %s did not give %s: %s\n", #expr, #want,   \
                    last_error());                                               \
            m->failures++;                                                       \
        }                                                                        \
    } while (0)

static int32_t meddling_visitor(void *context, kc_kaissa_position *pos, size_t index) {
    struct meddler *m = (struct meddler *)context;
    kc_kaissa_undo_record record;
    kc_kaissa_move moves[KC_KAISSA_MAX_MOVES];
    size_t count = 0, len = 0;
    (void)index;
    memset(&record, 0, sizeof record);
    /* Taking back the visited move, or changing the position another way, is refused. */
    EXPECT(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    EXPECT(kc_kaissa_pop_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
    EXPECT(kc_kaissa_legal_moves(pos, moves, KC_KAISSA_MAX_MOVES, &len), KC_OK);
    EXPECT(kc_kaissa_play(pos, moves[0], &record), KC_ERR_INVALID_ARGUMENT);
    EXPECT(kc_kaissa_undo(pos, &record), KC_ERR_INVALID_ARGUMENT);
    EXPECT(kc_kaissa_position_copy(m->other, pos), KC_ERR_INVALID_ARGUMENT);
    /* Pushes above the visited move, and their pops, are fine. */
    EXPECT(kc_kaissa_push(pos, moves[0]), KC_OK);
    EXPECT(kc_kaissa_pop(pos), KC_OK);
    EXPECT(kc_kaissa_list(pos, &count), KC_OK);
    EXPECT(kc_kaissa_push_index(pos, count - 1), KC_OK);
    EXPECT(kc_kaissa_pop_push_index(pos, 0), KC_OK);
    EXPECT(kc_kaissa_pop(pos), KC_OK);
    /* Reading it, cloning it and copying from it are fine. */
    EXPECT(kc_kaissa_position_copy(pos, m->other), KC_OK);
    if (m->leave_pushed) {
        EXPECT(kc_kaissa_push_index(pos, 0), KC_OK);
        return 0;
    }
    return 0;
}

static void test_meddling_visitor(void) {
    kc_kaissa_position *pos = NULL, *other = NULL;
    struct meddler m;
    size_t count = 0;
    int32_t stop = -1;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_position_new_start(&other), KC_OK);
    m.other = other;
    m.failures = 0;
    m.leave_pushed = 0;
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, meddling_visitor, &m, &stop), KC_OK);
    CHECK(m.failures == 0);
    CHECK(stop == 0);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 0);
    /* After the visit, everything is allowed again. */
    {
        kc_kaissa_undo_record record;
        CHECK_STATUS(kc_kaissa_play(pos, mv_text("a2a3"), &record), KC_OK);
        CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_OK);
        CHECK(text_is(pos, START_TEXT));
    }

    /* A visitor that leaves a move of its own pushed stops the visit, with
     * both moves still pushed and poppable. */
    m.leave_pushed = 1;
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK_STATUS(kc_kaissa_visit(pos, NULL, 0, meddling_visitor, &m, &stop),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(m.failures == 0);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 2);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    kc_kaissa_position_free(other);
    kc_kaissa_position_free(pos);
}

/* ---- a visitor that changes the order it is visited in ---- */

struct reorder {
    size_t *order;      /* the order the visit was given */
    size_t at, value;   /* at the first call: order[at] = value */
    size_t seen[4];     /* the indices visited */
    size_t calls;
};

static int32_t reordering_visitor(void *context, kc_kaissa_position *pos, size_t index) {
    struct reorder *r = (struct reorder *)context;
    (void)pos;
    if (r->calls < 4) {
        r->seen[r->calls] = index;
    }
    if (r->calls == 0) {
        r->order[r->at] = r->value;
    }
    r->calls++;
    return 0;
}

static void test_order_changed_by_visitor(void) {
    kc_kaissa_position *pos = NULL;
    size_t order[3] = {0, 1, 2};
    struct reorder r;
    size_t count = 0;
    int32_t stop = -1;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_list(pos, &count), KC_OK);
    CHECK(count == 40);

    /* order[1] made far too large while the first move is visited: the
     * visit reads it when it gets there and stops with a status (no
     * crash), the position as before, out_stop not written. */
    memset(&r, 0, sizeof r);
    r.order = order;
    r.at = 1;
    r.value = 100000;
    CHECK_STATUS(kc_kaissa_visit(pos, order, 3, reordering_visitor, &r, &stop),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(r.calls == 1 && r.seen[0] == 0);
    CHECK(stop == -1);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 0);

    /* The listing is still usable; a change within range is followed. */
    order[1] = 1;
    memset(&r, 0, sizeof r);
    r.order = order;
    r.at = 2;
    r.value = 39;
    CHECK_STATUS(kc_kaissa_visit(pos, order, 3, reordering_visitor, &r, &stop), KC_OK);
    CHECK(r.calls == 3 && stop == 0);
    CHECK(r.seen[0] == 0 && r.seen[1] == 1 && r.seen[2] == 39);
    CHECK(text_is(pos, START_TEXT));
    kc_kaissa_position_free(pos);
}

int main(int argc, char **argv) {
    uint64_t expected[4];
    perft_arguments(argc, argv, expected);
    printf("kaissa_chaturaji %s (C99, visiting moves)\n", kc_version());
    test_perft(expected);
    test_order_and_stop();
    test_meddling_visitor();
    test_order_changed_by_visitor();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
