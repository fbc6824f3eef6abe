/*
 * C99 test of the Merchant Kaissa C ABI (include/kaissa_chaturaji.h).
 * Built and run by tests/capi/programs.rs with
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * and linked against the static library.
 *
 * Usage: kaissa_test [<perft1> <perft2> <perft3> <seed> <final text> <plies>]
 * The optional arguments are the Rust API's numbers for the same checks.
 * Prints "N passed, M failed" last; exits 0 only when nothing failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"
#include "kaissa_helpers.h"

static kc_kaissa_position *from_text(const char *text) {
    kc_kaissa_position *pos = NULL;
    if (kc_kaissa_position_from_text(text, &pos) != KC_OK) {
        fprintf(stderr, "bad position text in test: %s (%s)\n", text, last_error());
        failed++;
    }
    return pos;
}

static void test_library(void) {
    const char *version = kc_version();
    int code;
    CHECK(version != NULL && strlen(version) >= 5 && strchr(version, '.') != NULL);
    for (code = 0; code <= 8; code++) {
        const char *msg = kc_status_message(code);
        CHECK(msg != NULL && strlen(msg) > 0 && strcmp(msg, "unknown status") != 0);
    }
    CHECK(strcmp(kc_status_message(KC_OK), "ok") == 0);
    CHECK(strcmp(kc_status_message(-1), "unknown status") == 0);
    CHECK(strcmp(kc_status_message(9), "unknown status") == 0);
    CHECK(strcmp(kc_status_message(100000), "unknown status") == 0);
    CHECK(strcmp(kc_status_message(KC_ERR_PARSE), kc_status_message(KC_ERR_ILLEGAL_MOVE)) != 0);
}

static void test_last_error(void) {
    char buf[256];
    size_t len = 99;
    size_t needed = 0;
    kc_kaissa_position *pos = NULL;

    /* Nothing has failed on this thread yet. */
    CHECK_STATUS(kc_last_error_message(buf, sizeof buf, &len), KC_OK);
    CHECK(len == 0 && buf[0] == '\0');

    CHECK_STATUS(kc_kaissa_position_new_start(NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_last_error_message(buf, sizeof buf, &len), KC_OK);
    CHECK(strstr(buf, "kc_kaissa_position_new_start") != NULL);
    CHECK(strstr(buf, "NULL") != NULL);
    CHECK(len == strlen(buf));

    /* Size query, too small, exact fit; the message itself never changes. */
    CHECK_STATUS(kc_last_error_message(NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == len + 1);
    memset(buf, 'x', sizeof buf);
    CHECK_STATUS(kc_last_error_message(buf, 4, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == len + 1 && buf[0] == 'x' && buf[3] == 'x');
    CHECK_STATUS(kc_last_error_message(buf, needed, &len), KC_OK);
    CHECK(len + 1 == needed && buf[len] == '\0');
    CHECK_STATUS(kc_last_error_message(buf, needed - 1, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_last_error_message(NULL, 10, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_last_error_message(buf, sizeof buf, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_last_error_message(buf, sizeof buf, &len), KC_OK);
    CHECK(strstr(buf, "kc_kaissa_position_new_start") != NULL);

    /* A success leaves the message alone. */
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK(strstr(last_error(), "kc_kaissa_position_new_start") != NULL);
    kc_kaissa_position_free(pos);
}

static void test_create_and_text(void) {
    kc_kaissa_position *pos = NULL;
    kc_kaissa_position *other = (kc_kaissa_position *)&passed; /* sentinel */
    kc_kaissa_position *sentinel = other;
    char buf[KC_KAISSA_POSITION_TEXT_CAP];
    char small[8];
    size_t len = 0;
    size_t needed = 0;
    const char *bad_side = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI x 1 Hh";

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK(pos != NULL);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, buf, sizeof buf, &len), KC_OK);
    CHECK(strcmp(buf, START_TEXT) == 0 && len == strlen(START_TEXT));

    /* Size query and too-small buffers: nothing written, size reported. */
    CHECK_STATUS(kc_kaissa_position_to_text(pos, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(START_TEXT) + 1);
    memset(small, 'z', sizeof small);
    needed = 0;
    CHECK_STATUS(kc_kaissa_position_to_text(pos, small, sizeof small, &needed),
                 KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(START_TEXT) + 1 && small[0] == 'z' && small[7] == 'z');
    CHECK(strstr(last_error(), "holds 8") != NULL);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, buf, strlen(START_TEXT), &len),
                 KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, buf, strlen(START_TEXT) + 1, &len), KC_OK);
    CHECK(strcmp(buf, START_TEXT) == 0);
    CHECK_STATUS(kc_kaissa_position_to_text(NULL, buf, sizeof buf, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, buf, sizeof buf, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, NULL, 5, &len), KC_ERR_NULL_POINTER);

    /* Parsing. */
    CHECK_STATUS(kc_kaissa_position_from_text(START_TEXT, &other), KC_OK);
    CHECK(other != sentinel && text_is(other, START_TEXT));
    kc_kaissa_position_free(other);
    other = sentinel;
    CHECK_STATUS(kc_kaissa_position_from_text(bad_side, &other), KC_ERR_PARSE);
    CHECK(other == sentinel);
    CHECK(strstr(last_error(), "side") != NULL);
    CHECK(strstr(last_error(), "offset 62") != NULL);
    CHECK_STATUS(kc_kaissa_position_from_text("", &other), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_position_from_text("10/10/10 y 1 Hh", &other), KC_ERR_PARSE);
    CHECK(strstr(last_error(), "board") != NULL);
    CHECK_STATUS(kc_kaissa_position_from_text(
                     "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 0 Hh", &other),
                 KC_ERR_PARSE);
    CHECK(strstr(last_error(), "turn") != NULL);
    CHECK_STATUS(kc_kaissa_position_from_text(
                     "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh ", &other),
                 KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_position_from_text("ibstqutsbi/\xff\xfe", &other), KC_ERR_INVALID_UTF8);
    CHECK(strstr(last_error(), "UTF-8") != NULL);
    CHECK_STATUS(kc_kaissa_position_from_text(NULL, &other), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_from_text(START_TEXT, NULL), KC_ERR_NULL_POINTER);
    CHECK(other == sentinel);

    /* Free: NULL is a no-op. */
    kc_kaissa_position_free(NULL);
    kc_kaissa_position_free(pos);
}

static void test_clone_copy(void) {
    kc_kaissa_position *a = NULL;
    kc_kaissa_position *b = NULL;
    kc_kaissa_position *c = NULL;
    uint64_t ha = 0, hb = 0;

    CHECK_STATUS(kc_kaissa_position_new_start(&a), KC_OK);
    CHECK_STATUS(kc_kaissa_position_clone(a, &b), KC_OK);
    CHECK(a != b && text_is(b, START_TEXT));
    CHECK_STATUS(kc_kaissa_play(b, mv_text("e2e5"), NULL), KC_OK);
    CHECK(text_is(a, START_TEXT));
    CHECK(text_is(b, "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"));
    CHECK_STATUS(kc_kaissa_hash(a, &ha), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(b, &hb), KC_OK);
    CHECK(ha != hb);

    /* Copy into an existing position, and onto itself. */
    CHECK_STATUS(kc_kaissa_position_copy(b, a), KC_OK);
    CHECK(text_is(a, "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"));
    CHECK_STATUS(kc_kaissa_hash(a, &ha), KC_OK);
    CHECK(ha == hb);
    CHECK_STATUS(kc_kaissa_position_copy(a, a), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(a, &ha), KC_OK);
    CHECK(ha == hb);

    CHECK_STATUS(kc_kaissa_position_clone(NULL, &c), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_clone(a, NULL), KC_ERR_NULL_POINTER);
    CHECK(c == NULL);
    CHECK_STATUS(kc_kaissa_position_copy(NULL, a), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_copy(a, NULL), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(a);
    kc_kaissa_position_free(b);
}

static void test_queries(void) {
    kc_kaissa_position *pos = NULL;
    kc_kaissa_position *later = NULL;
    uint8_t side = 9;
    uint32_t turn = 0;
    uint32_t ply = 99;
    uint64_t hash = 0, hash2 = 0;
    kc_kaissa_outcome_info outcome = {9, 9};
    kc_kaissa_piece piece = {9, 9, 9};
    kc_kaissa_home_stone_window_info window;
    char diagram[KC_KAISSA_DIAGRAM_CAP];
    size_t len = 0, needed = 0;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_to_move(pos, &side), KC_OK);
    CHECK(side == KC_KAISSA_YELLOW);
    CHECK_STATUS(kc_kaissa_turn(pos, &turn), KC_OK);
    CHECK(turn == 1);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply), KC_OK);
    CHECK(ply == 0);
    CHECK_STATUS(kc_kaissa_hash(pos, &hash), KC_OK);
    CHECK(hash != 0);
    CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_ONGOING && outcome.reason == KC_KAISSA_REASON_NONE);

    CHECK_STATUS(kc_kaissa_to_move(NULL, &side), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_to_move(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_turn(NULL, &turn), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_turn(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_ply(NULL, &ply), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_ply(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_hash(NULL, &hash), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_hash(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_outcome(NULL, &outcome), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_outcome(pos, NULL), KC_ERR_NULL_POINTER);

    /* After one Yellow and one Red move: Yellow, turn 2, ply 2. */
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e2e5"), NULL), KC_OK);
    CHECK_STATUS(kc_kaissa_to_move(pos, &side), KC_OK);
    CHECK(side == KC_KAISSA_RED);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply), KC_OK);
    CHECK(ply == 1);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e9e6"), NULL), KC_OK);
    CHECK_STATUS(kc_kaissa_turn(pos, &turn), KC_OK);
    CHECK(turn == 2);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply), KC_OK);
    CHECK(ply == 2);
    /* Equal positions have equal hashes. */
    later = from_text("ibstqutsbi/arpp1pppra/10/10/4p5/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh");
    CHECK_STATUS(kc_kaissa_hash(pos, &hash), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(later, &hash2), KC_OK);
    CHECK(hash == hash2);
    kc_kaissa_position_free(later);
    kc_kaissa_position_free(pos);

    /* Pieces: a1 Yellow Initiate, f1 Yellow Ubar, e10 Red Ubara, e5 empty. */
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 0, &piece), KC_OK);
    CHECK(piece.present == 1 && piece.side == KC_KAISSA_YELLOW && piece.kind == KC_KAISSA_INITIATE);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 5, &piece), KC_OK);
    CHECK(piece.present == 1 && piece.side == KC_KAISSA_YELLOW && piece.kind == KC_KAISSA_UBAR);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 94, &piece), KC_OK);
    CHECK(piece.present == 1 && piece.side == KC_KAISSA_RED && piece.kind == KC_KAISSA_UBARA);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 10, &piece), KC_OK);
    CHECK(piece.present == 1 && piece.kind == KC_KAISSA_ASSASSIN);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 11, &piece), KC_OK);
    CHECK(piece.present == 1 && piece.kind == KC_KAISSA_RIDER);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 44, &piece), KC_OK);
    CHECK(piece.present == 0 && piece.side == 0 && piece.kind == 0);
    piece.present = 7;
    CHECK_STATUS(kc_kaissa_piece_at(pos, 200, &piece), KC_ERR_INVALID_ARGUMENT);
    CHECK(piece.present == 7);
    CHECK(strstr(last_error(), "200") != NULL);
    CHECK_STATUS(kc_kaissa_piece_at(pos, KC_KAISSA_SQUARES, &piece), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_piece_at(pos, 99, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_piece_at(NULL, 99, &piece), KC_ERR_NULL_POINTER);

    /* Home Stone window. */
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, KC_KAISSA_YELLOW, &window), KC_OK);
    CHECK(window.side == KC_KAISSA_YELLOW && window.first_turn == 8 && window.last_turn == 10);
    CHECK(window.next_turn == 1 && window.in_hand && !window.open_now && !window.last_chance);
    CHECK(window.square_count == 0);
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, 7, &window), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "side 7") != NULL);
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, KC_KAISSA_RED, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_home_stone_window(NULL, KC_KAISSA_RED, &window), KC_ERR_NULL_POINTER);

    /* Diagram. */
    CHECK_STATUS(kc_kaissa_position_diagram(pos, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed > 100 && needed <= KC_KAISSA_DIAGRAM_CAP);
    CHECK_STATUS(kc_kaissa_position_diagram(pos, diagram, sizeof diagram, &len), KC_OK);
    CHECK(len + 1 == needed && strncmp(diagram, "10 | i b s t q u t s b i", 24) == 0);
    CHECK_STATUS(kc_kaissa_position_diagram(pos, diagram, 10, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_kaissa_position_diagram(NULL, diagram, sizeof diagram, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_position_diagram(pos, diagram, sizeof diagram, NULL), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(pos);

    /* Window open at turn 8 with only a1 free; Red's next turn is 7. */
    pos = from_text("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh");
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, KC_KAISSA_YELLOW, &window), KC_OK);
    CHECK(window.open_now && !window.last_chance && window.next_turn == 8);
    CHECK(window.square_count == 1 && window.squares[0] == 0);
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, KC_KAISSA_RED, &window), KC_OK);
    CHECK(window.side == KC_KAISSA_RED && !window.open_now && window.next_turn == 8);
    kc_kaissa_position_free(pos);

    /* Last chance at turn 10. */
    pos = from_text("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BS1QU1SBI y 10 Hh");
    CHECK_STATUS(kc_kaissa_home_stone_window(pos, KC_KAISSA_YELLOW, &window), KC_OK);
    CHECK(window.open_now && window.last_chance && window.square_count == 3);
    CHECK(window.squares[0] == 0 && window.squares[1] == 3 && window.squares[2] == 6);
    kc_kaissa_position_free(pos);

    /* Outcomes. */
    pos = from_text("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -");
    CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_RED_WINS &&
          outcome.reason == KC_KAISSA_REASON_HOME_STONE_CAPTURED);
    kc_kaissa_position_free(pos);
    pos = from_text(START_TEXT);
    kc_kaissa_position_free(pos);
    pos = from_text("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh");
    CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_RED_WINS && outcome.reason == KC_KAISSA_REASON_DEFAULT_LOSS);
    kc_kaissa_position_free(pos);
    pos = from_text("P8h/10/10/10/10/10/10/10/rr8/Hr8 y 12 -");
    CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_KAISSA_DRAW && outcome.reason == KC_KAISSA_REASON_NO_LEGAL_MOVES);
    kc_kaissa_position_free(pos);
}

static void test_moves(void) {
    kc_kaissa_position *pos = NULL;
    kc_kaissa_position *over = NULL;
    kc_kaissa_move moves[KC_MAX_MOVES];
    kc_kaissa_move few[10];
    kc_kaissa_move mv;
    kc_kaissa_move bad;
    size_t len = 0, i;
    bool legal = false;
    char text[KC_KAISSA_MOVE_TEXT_CAP];
    uint8_t square = 0;
    int found = 0;

    CHECK(KC_KAISSA_MAX_MOVES <= KC_MAX_MOVES);
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_legal_moves(pos, moves, KC_MAX_MOVES, &len), KC_OK);
    CHECK(len == 40);
    for (i = 0; i < len; i++) {
        CHECK_STATUS(kc_kaissa_is_legal(pos, moves[i], &legal), KC_OK);
        if (!legal) {
            failed++;
        }
        if (moves[i].kind == KC_KAISSA_MOVE_NORMAL && moves[i].from == 14 && moves[i].to == 44) {
            found = 1;
        }
    }
    CHECK(found);
    /* Count query and too-small buffer. */
    len = 0;
    CHECK_STATUS(kc_kaissa_legal_moves(pos, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 40);
    memset(few, 0xAB, sizeof few);
    len = 0;
    CHECK_STATUS(kc_kaissa_legal_moves(pos, few, 10, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 40 && few[0].kind == 0xAB && few[9].to == 0xAB);
    CHECK_STATUS(kc_kaissa_legal_moves(pos, moves, 40, &len), KC_OK);
    CHECK(len == 40);
    CHECK_STATUS(kc_kaissa_legal_moves(NULL, moves, KC_MAX_MOVES, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_legal_moves(pos, moves, KC_MAX_MOVES, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_legal_moves(pos, NULL, 5, &len), KC_ERR_NULL_POINTER);
    /* A finished game has no moves: a NULL buffer is fine. */
    over = from_text("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -");
    len = 7;
    CHECK_STATUS(kc_kaissa_legal_moves(over, NULL, 0, &len), KC_OK);
    CHECK(len == 0);

    /* Move text. */
    CHECK_STATUS(kc_kaissa_move_from_text("e2e5", &mv), KC_OK);
    CHECK(mv.kind == KC_KAISSA_MOVE_NORMAL && mv.from == 14 && mv.to == 44);
    CHECK_STATUS(kc_kaissa_move_from_text("a10b9", &mv), KC_OK);
    CHECK(mv.kind == KC_KAISSA_MOVE_NORMAL && mv.from == 90 && mv.to == 81);
    CHECK_STATUS(kc_kaissa_move_from_text("H@c1", &mv), KC_OK);
    CHECK(mv.kind == KC_KAISSA_MOVE_PLACE && mv.from == KC_NO_SQUARE && mv.to == 2);
    CHECK_STATUS(kc_kaissa_move_to_text(mv, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "H@c1") == 0 && len == 4);
    mv.kind = 7;
    CHECK_STATUS(kc_kaissa_move_from_text("h@c1", &mv), KC_ERR_PARSE);
    CHECK(mv.kind == 7);
    CHECK_STATUS(kc_kaissa_move_from_text("", &mv), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_move_from_text("e2k5", &mv), KC_ERR_PARSE);
    CHECK(strstr(last_error(), "offset 2") != NULL);
    CHECK_STATUS(kc_kaissa_move_from_text("e2\xc3", &mv), KC_ERR_INVALID_UTF8);
    CHECK_STATUS(kc_kaissa_move_from_text(NULL, &mv), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_move_from_text("e2e5", NULL), KC_ERR_NULL_POINTER);
    mv = mv_text("a10b10");
    CHECK_STATUS(kc_kaissa_move_to_text(mv, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "a10b10") == 0 && len == 6);
    CHECK_STATUS(kc_kaissa_move_to_text(mv, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 7);
    CHECK_STATUS(kc_kaissa_move_to_text(mv, text, 6, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_kaissa_move_to_text(mv, text, sizeof text, NULL), KC_ERR_NULL_POINTER);
    bad.kind = 9; bad.from = 14; bad.to = 44;
    CHECK_STATUS(kc_kaissa_move_to_text(bad, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "kind 9") != NULL);

    /* Squares. */
    CHECK_STATUS(kc_kaissa_square_from_text("j10", &square), KC_OK);
    CHECK(square == 99);
    CHECK_STATUS(kc_kaissa_square_from_text("k1", &square), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_square_from_text("a0", &square), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_square_from_text(NULL, &square), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_square_from_text("a1", NULL), KC_ERR_NULL_POINTER);
    CHECK(square == 99);
    CHECK_STATUS(kc_kaissa_square_to_text(94, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "e10") == 0 && len == 3);
    CHECK_STATUS(kc_kaissa_square_to_text(100, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_square_to_text(0, text, 2, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_STATUS(kc_kaissa_square_to_text(0, text, sizeof text, NULL), KC_ERR_NULL_POINTER);

    /* Legality checks with malformed moves from C. */
    CHECK_STATUS(kc_kaissa_is_legal(pos, mv_text("e2e5"), &legal), KC_OK);
    CHECK(legal);
    CHECK_STATUS(kc_kaissa_is_legal(pos, mv_text("e2e6"), &legal), KC_OK);
    CHECK(!legal);
    CHECK_STATUS(kc_kaissa_is_legal(pos, mv_text("H@e1"), &legal), KC_OK);
    CHECK(!legal);
    legal = true;
    bad.kind = KC_KAISSA_MOVE_NORMAL; bad.from = 14; bad.to = 200;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    CHECK(legal);
    bad.from = 200; bad.to = 14;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad.from = 14; bad.to = 14;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad.kind = 9; bad.from = 14; bad.to = 44;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad.kind = KC_KAISSA_MOVE_PLACE; bad.from = 0; bad.to = 4;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad.from = KC_NO_SQUARE; bad.to = 100;
    CHECK_STATUS(kc_kaissa_is_legal(pos, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_is_legal(NULL, mv_text("e2e5"), &legal), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_is_legal(pos, mv_text("e2e5"), NULL), KC_ERR_NULL_POINTER);

    kc_kaissa_position_free(over);
    kc_kaissa_position_free(pos);
}

static void test_play_undo(void) {
    kc_kaissa_position *pos = NULL;
    kc_kaissa_position *other = NULL;
    kc_kaissa_undo_record undo, undo2, bogus, untouched;
    kc_kaissa_move bad = {9, 14, 44};
    uint64_t start_hash = 0, hash = 0;
    const char *after_e2e5 = "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh";

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(pos, &start_hash), KC_OK);

    /* Illegal and malformed moves leave everything untouched. */
    memset(&undo, 0x5A, sizeof undo);
    untouched = undo;
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e2e6"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "illegal move e2e6") != NULL);
    CHECK(memcmp(&undo, &untouched, sizeof undo) == 0 && text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e9e8"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "no piece the player to move may move") != NULL);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("H@e1"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_kaissa_play(pos, bad, &undo), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_play(NULL, mv_text("e2e5"), &undo), KC_ERR_NULL_POINTER);
    CHECK(memcmp(&undo, &untouched, sizeof undo) == 0 && text_is(pos, START_TEXT));

    /* Play and take back. */
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e2e5"), &undo), KC_OK);
    CHECK(text_is(pos, after_e2e5));
    CHECK(undo.mv.kind == KC_KAISSA_MOVE_NORMAL && undo.mv.from == 14 && undo.mv.to == 44);
    CHECK(undo.captured.present == 0 && undo.hash_before == start_hash);
    CHECK(undo.moved.present == 1 && undo.moved.side == KC_KAISSA_YELLOW &&
          undo.moved.kind == KC_KAISSA_SPEARMAN);
    CHECK(undo.turn_after == 1 && undo.reserved[0] == 0 && undo.reserved[1] == 0 &&
          undo.reserved[2] == 0);
    CHECK_STATUS(kc_kaissa_hash(pos, &hash), KC_OK);
    CHECK(undo.hash_after == hash && undo.hash_after != start_hash);
    CHECK_STATUS(kc_kaissa_undo(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_undo(NULL, &undo), KC_ERR_NULL_POINTER);

    /* Bogus records are rejected and change nothing. */
    bogus = undo;
    bogus.hash_before ^= 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "undo record") != NULL);
    bogus = undo;
    bogus.mv.kind = 9;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.mv.to = 200;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.mv.from = 15; /* f2 is occupied */
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.mv.to = 45; /* nothing on f5 */
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.mv.from = 24; /* e3e5 would be a Spearman jump from rank 3: illegal */
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.captured.present = 2;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.captured.present = 1; bogus.captured.side = 7; bogus.captured.kind = 0;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus.captured.side = KC_KAISSA_RED; bogus.captured.kind = 10;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus.captured.kind = KC_KAISSA_RIDER; /* a capture that did not happen */
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.captured.present = 0; bogus.captured.side = 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.mv.kind = KC_KAISSA_MOVE_PLACE; bogus.mv.from = KC_NO_SQUARE;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    /* The fields the position itself is compared with, and the check. */
    bogus = undo;
    bogus.moved.kind = KC_KAISSA_UBAR;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.turn_after += 2;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.hash_after ^= 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.check ^= 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "edited or corrupted") != NULL);
    bogus = undo;
    bogus.reserved[1] = 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    memset(&bogus, 0, sizeof bogus);
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, after_e2e5));
    /* A record from another position. */
    CHECK_STATUS(kc_kaissa_position_new_start(&other), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(other, &undo), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(other, START_TEXT));
    CHECK_STATUS(kc_kaissa_play(other, mv_text("d2d5"), &undo2), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &undo2), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, after_e2e5));

    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_hash(pos, &hash), KC_OK);
    CHECK(hash == start_hash);
    /* The same record again: the move is no longer the last one. */
    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));
    kc_kaissa_position_free(other);
    kc_kaissa_position_free(pos);

    /* A capture, and a Home Stone placement, taken back. */
    pos = from_text("ibstqutsbi/arpp1pppra/10/10/4p5/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh");
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("d2e3"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e1e4"), &undo), KC_OK); /* Ubara slides 3 */
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e6e5"), &undo2), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, "ibstqutsbi/arpp1pppra/10/10/4p5/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI y 2 Hh"));
    kc_kaissa_position_free(pos);

    pos = from_text("ibstqutsbi/arppppppra/10/10/10/4q5/10/10/ARPPPPPPRA/IBST1UTSBI r 3 Hh");
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e5e2"), &undo), KC_OK); /* captures e2 */
    CHECK(undo.captured.present == 1 && undo.captured.side == KC_KAISSA_YELLOW &&
          undo.captured.kind == KC_KAISSA_SPEARMAN);
    bogus = undo;
    bogus.captured.present = 0; bogus.captured.side = 0; bogus.captured.kind = 0;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo;
    bogus.captured.kind = KC_KAISSA_RIDER;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, "ibstqutsbi/arppppppra/10/10/10/4q5/10/10/ARPPPPPPRA/IBST1UTSBI r 3 Hh"));
    kc_kaissa_position_free(pos);

    pos = from_text("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh");
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("H@b1"), &undo), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("H@a1"), &undo), KC_OK);
    CHECK(undo.mv.kind == KC_KAISSA_MOVE_PLACE && undo.mv.from == KC_NO_SQUARE && undo.mv.to == 0);
    CHECK(text_is(pos, "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/HBSTQUTSBI r 8 h"));
    bogus = undo;
    bogus.mv.kind = KC_KAISSA_MOVE_NORMAL; bogus.mv.from = 1;
    CHECK_STATUS(kc_kaissa_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh"));
    kc_kaissa_position_free(pos);
}

/* A stale record: the position hash ignores turn numbers from
 * turn 11 on, so a record of a move made two turns earlier, on a board that
 * has come back to the same pieces, must still be refused. */
static void test_stale_record(void) {
    const char *start = "9h/9r/10/10/10/10/10/10/R9/H9 y 12 -";
    const char *later = "9h/9r/10/10/10/10/10/R9/10/H9 r 14 -";
    const char *replies[] = {"j9i9", "a3b3", "i9j9", "b3a3"};
    kc_kaissa_position *pos = from_text(start);
    kc_kaissa_undo_record first, record;
    uint64_t hash_first = 0, hash_later = 0;
    size_t i;

    CHECK_STATUS(kc_kaissa_play(pos, mv_text("a2a3"), &first), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(pos, &hash_first), KC_OK);
    for (i = 0; i < sizeof replies / sizeof replies[0]; i++) {
        CHECK_STATUS(kc_kaissa_play(pos, mv_text(replies[i]), &record), KC_OK);
    }
    CHECK(text_is(pos, later));
    CHECK_STATUS(kc_kaissa_hash(pos, &hash_later), KC_OK);
    CHECK(hash_later == hash_first); /* the same hash, two turns later */
    CHECK_STATUS(kc_kaissa_undo(pos, &first), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "stale") != NULL);
    CHECK(text_is(pos, later));
    /* The record of the last move still works, and then the stale one
     * still does not. */
    CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &first), KC_ERR_INVALID_ARGUMENT);
    kc_kaissa_position_free(pos);
}

/* Perft by kc_kaissa_push + kc_kaissa_pop, one move buffer per ply. */
static uint64_t push_perft(kc_kaissa_position *pos, unsigned depth, kc_kaissa_move *buffers) {
    kc_kaissa_move *moves = buffers;
    size_t len = 0, i;
    uint64_t nodes = 0;
    if (depth == 0) {
        return 1;
    }
    if (kc_kaissa_legal_moves(pos, moves, KC_KAISSA_MAX_MOVES, &len) != KC_OK) {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (kc_kaissa_push(pos, moves[i]) != KC_OK) {
            return 0;
        }
        nodes += push_perft(pos, depth - 1, buffers + KC_KAISSA_MAX_MOVES);
        if (kc_kaissa_pop(pos) != KC_OK) {
            return 0;
        }
    }
    return nodes;
}

/* Make and unmake inside the position: kc_kaissa_push / kc_kaissa_pop. */
static void test_push_pop(void) {
    static kc_kaissa_move buffers[3 * KC_KAISSA_MAX_MOVES];
    kc_kaissa_position *pos = NULL, *other = NULL;
    kc_kaissa_undo_record record;
    kc_kaissa_move bad;
    size_t count = 99;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 0);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT); /* nothing pushed */
    CHECK(strstr(last_error(), "no pushed move") != NULL);
    CHECK(text_is(pos, START_TEXT));
    CHECK(push_perft(pos, 3, buffers) == 70656);
    CHECK(text_is(pos, START_TEXT));

    /* Moves that were never listed are checked directly. */
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e2e5")), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e9e6")), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e4e5")), KC_ERR_ILLEGAL_MOVE); /* e4 is empty */
    bad.kind = 7; bad.from = 0; bad.to = 1;
    CHECK_STATUS(kc_kaissa_push(pos, bad), KC_ERR_INVALID_ARGUMENT);
    bad.kind = KC_KAISSA_MOVE_NORMAL; bad.from = 200; bad.to = 1;
    CHECK_STATUS(kc_kaissa_push(pos, bad), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 2);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));

    /* Any other change forgets the pushed moves. */
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e2e5")), KC_OK);
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e9e6"), &record), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"));
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e9e6")), KC_OK);
    CHECK_STATUS(kc_kaissa_position_new_start(&other), KC_OK);
    CHECK_STATUS(kc_kaissa_position_copy(other, pos), KC_OK);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, &count), KC_OK);
    CHECK(count == 0);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, START_TEXT));

    /* A record made before a push is stale after it. */
    CHECK_STATUS(kc_kaissa_play(pos, mv_text("e2e5"), &record), KC_OK);
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e9e6")), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &record), KC_OK);
    CHECK(text_is(pos, START_TEXT));

    /* A clone has no pushed moves. */
    CHECK_STATUS(kc_kaissa_push(pos, mv_text("e2e5")), KC_OK);
    kc_kaissa_position_free(other);
    CHECK_STATUS(kc_kaissa_position_clone(pos, &other), KC_OK);
    CHECK_STATUS(kc_kaissa_pop(other), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_pop(pos), KC_OK);

    CHECK_STATUS(kc_kaissa_push(NULL, mv_text("e2e5")), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_pop(NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_pushed_count(NULL, &count), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_pushed_count(pos, NULL), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(other);
    kc_kaissa_position_free(pos);
}

static void test_perft(const uint64_t expected[4]) {
    kc_kaissa_position *pos = NULL;
    uint64_t nodes = 0;
    uint32_t depth;
    /* Fairy-Stockfish (pyffish), recorded in tests/data/kaissa.perft. */
    const uint64_t reference[4] = {1, 40, 1600, 70656};

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    for (depth = 0; depth <= 3; depth++) {
        CHECK_STATUS(kc_kaissa_perft(pos, depth, &nodes), KC_OK);
        CHECK(nodes == reference[depth]);
        CHECK(nodes == expected[depth]);
    }
    CHECK(text_is(pos, START_TEXT));
    nodes = 12345;
    CHECK_STATUS(kc_kaissa_perft(pos, KC_KAISSA_MAX_PERFT_DEPTH + 1, &nodes), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_kaissa_perft(pos, 4000000000u, &nodes), KC_ERR_INVALID_ARGUMENT);
    CHECK(nodes == 12345);
    CHECK_STATUS(kc_kaissa_perft(NULL, 1, &nodes), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_perft(pos, 1, NULL), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(pos);
}

static void test_random(void) {
    uint64_t state = 0, value = 0, a = 0, b = 0;
    kc_kaissa_position *pos = NULL;
    kc_kaissa_move m1, m2;
    int i;

    /* SplitMix64 seeded with 0: the published first output. */
    CHECK_STATUS(kc_random_next(&state, &value), KC_OK);
    CHECK(value == UINT64_C(0xE220A8397B1DCDAF));
    CHECK(state == UINT64_C(0x9E3779B97F4A7C15));
    CHECK_STATUS(kc_random_next(NULL, &value), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_random_next(&state, NULL), KC_ERR_NULL_POINTER);
    for (i = 0; i < 100; i++) {
        CHECK_STATUS(kc_random_below(&state, 6, &value), KC_OK);
        CHECK(value < 6);
    }
    a = state;
    CHECK_STATUS(kc_random_below(&state, 0, &value), KC_ERR_INVALID_ARGUMENT);
    CHECK(state == a);
    CHECK_STATUS(kc_random_below(NULL, 6, &value), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_random_below(&state, 6, NULL), KC_ERR_NULL_POINTER);

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    a = 42; b = 42;
    CHECK_STATUS(kc_kaissa_choose_move(pos, &a, &m1), KC_OK);
    CHECK_STATUS(kc_kaissa_choose_move(pos, &b, &m2), KC_OK);
    CHECK(a == b && a != 42 && m1.kind == m2.kind && m1.from == m2.from && m1.to == m2.to);
    CHECK_STATUS(kc_kaissa_choose_move(NULL, &a, &m1), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_choose_move(pos, NULL, &m1), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_kaissa_choose_move(pos, &a, NULL), KC_ERR_NULL_POINTER);
    kc_kaissa_position_free(pos);
    pos = from_text("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -");
    a = 7;
    CHECK_STATUS(kc_kaissa_choose_move(pos, &a, &m1), KC_ERR_GAME_OVER);
    CHECK(a == 7);
    kc_kaissa_position_free(pos);
}

#define MAX_PLIES 3000

/* Plays a seeded random game to its end (or MAX_PLIES), checking each move
 * and the hash, then takes every move back. */
static void test_random_game(uint64_t seed, const char *expected_final, long expected_plies) {
    static kc_kaissa_undo_record history[MAX_PLIES];
    kc_kaissa_position *pos = NULL;
    kc_kaissa_position *scratch = NULL;
    kc_kaissa_position *reparsed = NULL;
    kc_kaissa_outcome_info outcome;
    kc_kaissa_move mv;
    uint64_t rng = seed, hash = 0, hash2 = 0, start_hash = 0;
    uint32_t ply = 0;
    char text[KC_KAISSA_POSITION_TEXT_CAP];
    size_t len = 0;
    long plies = 0, bad_moves = 0, bad_hashes = 0, bad_undos = 0;
    bool legal = false;
    kc_status status;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    CHECK_STATUS(kc_kaissa_position_new_start(&scratch), KC_OK);
    CHECK_STATUS(kc_kaissa_hash(pos, &start_hash), KC_OK);
    while (plies < MAX_PLIES) {
        CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
        status = kc_kaissa_choose_move(pos, &rng, &mv);
        if (outcome.result != KC_KAISSA_ONGOING) {
            CHECK(status == KC_ERR_GAME_OVER);
            break;
        }
        if (status != KC_OK || kc_kaissa_is_legal(pos, mv, &legal) != KC_OK || !legal) {
            bad_moves++;
            break;
        }
        if (kc_kaissa_play(pos, mv, &history[plies]) != KC_OK) {
            bad_moves++;
            break;
        }
        plies++;
        /* The incremental hash equals the hash of the re-parsed text. */
        if (kc_kaissa_position_to_text(pos, text, sizeof text, &len) != KC_OK ||
            kc_kaissa_position_from_text(text, &reparsed) != KC_OK ||
            kc_kaissa_hash(pos, &hash) != KC_OK || kc_kaissa_hash(reparsed, &hash2) != KC_OK ||
            hash != hash2) {
            bad_hashes++;
        }
        kc_kaissa_position_free(reparsed);
        reparsed = NULL;
        /* An older record is not the last move: rejected, nothing changes. */
        if (plies >= 2) {
            kc_kaissa_position_copy(pos, scratch);
            if (kc_kaissa_undo(scratch, &history[plies - 2]) != KC_ERR_INVALID_ARGUMENT) {
                bad_undos++;
            }
        }
    }
    CHECK(bad_moves == 0);
    CHECK(bad_hashes == 0);
    CHECK(bad_undos == 0);
    CHECK(plies > 0);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply), KC_OK);
    CHECK(ply == (uint32_t)plies);
    CHECK_STATUS(kc_kaissa_position_to_text(pos, text, sizeof text, &len), KC_OK);
    printf("seeded game (seed %" PRIu64 "): %ld plies, result %d reason %d, final %s\n", seed,
           plies, (int)outcome.result, (int)outcome.reason, text);
    if (expected_final != NULL) {
        CHECK(strcmp(text, expected_final) == 0);
        CHECK(plies == expected_plies);
    }
    if (plies < MAX_PLIES) {
        CHECK(outcome.result != KC_KAISSA_ONGOING);
    }

    /* Take everything back. */
    while (plies > 0) {
        plies--;
        if (kc_kaissa_undo(pos, &history[plies]) != KC_OK) {
            bad_undos++;
            break;
        }
    }
    CHECK(bad_undos == 0);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_kaissa_hash(pos, &hash), KC_OK);
    CHECK(hash == start_hash);
    kc_kaissa_position_free(scratch);
    kc_kaissa_position_free(pos);
}

int main(int argc, char **argv) {
    uint64_t expected[4] = {1, 40, 1600, 70656};
    uint64_t seed = 20240601;
    const char *final_text = NULL;
    long plies = -1;

    if (argc == 7) {
        expected[1] = strtoull(argv[1], NULL, 10);
        expected[2] = strtoull(argv[2], NULL, 10);
        expected[3] = strtoull(argv[3], NULL, 10);
        seed = strtoull(argv[4], NULL, 10);
        final_text = argv[5];
        plies = strtol(argv[6], NULL, 10);
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [<perft1> <perft2> <perft3> <seed> <final text> <plies>]\n",
                argv[0]);
        return 2;
    }

    printf("kaissa_chaturaji %s (C99)\n", kc_version());
    test_last_error();
    test_library();
    test_create_and_text();
    test_clone_copy();
    test_queries();
    test_moves();
    test_play_undo();
    test_stale_record();
    test_push_pop();
    test_perft(expected);
    test_random();
    test_random_game(seed, final_text, plies);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
