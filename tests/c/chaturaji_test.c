/*
 * C99 test of the Chaturaji C ABI (include/kaissa_chaturaji.h).
 * Built and run by tests/capi/programs.rs with
 *   gcc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * and linked against the static library.
 *
 * Usage: chaturaji_test [<perft1> <perft2> <perft3> <perft4> <perft5>
 *                        <perft5 opposite> <seed> <final text> <plies>]
 * The optional arguments are the Rust API's numbers for the same checks
 * (the seeded game: the Rust play_seeded_game with that seed and the
 * default rules). Prints "N passed, M failed" last; exits 0 only when
 * nothing failed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

#define START_TEXT                                                               \
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"   \
    "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0"
#define EXCHANGE_TEXT "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9"
#define EXCHANGED_TEXT "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9"
/* Red has one pawn (b1) and one boat (h8): the pawn may promote specially on a1. */
#define PROMOTION_TEXT "4,bK,2,rB/8/8/8/8/8/8/1,rP,6 r rbxx - - 0 0"

static kc_chaturaji_rules sheet_rules(void) {
    kc_chaturaji_rules rules = {KC_CHATURAJI_ALLIANCES_SHEET, KC_CHATURAJI_DEFAULT_DRAW_LIMIT,
                                KC_CHATURAJI_RULESET_SHEET};
    return rules;
}

static uint8_t sq(const char *name) {
    uint8_t out = 255;
    if (kc_chaturaji_square_from_text(name, &out) != KC_OK) {
        fprintf(stderr, "bad square in test: %s\n", name);
    }
    return out;
}

static int text_is(const kc_chaturaji_position *pos, const char *expected) {
    char buf[KC_CHATURAJI_POSITION_TEXT_CAP];
    size_t len = 0;
    if (kc_chaturaji_position_to_text(pos, buf, sizeof buf, &len) != KC_OK) {
        return 0;
    }
    if (len != strlen(expected) || strcmp(buf, expected) != 0) {
        fprintf(stderr, "    text is   %s\n    expected  %s\n", buf, expected);
        return 0;
    }
    return 1;
}

static kc_chaturaji_move mv_text(const char *text) {
    kc_chaturaji_move mv = {255, 255, 255, 255};
    if (kc_chaturaji_move_from_text(text, &mv) != KC_OK) {
        fprintf(stderr, "bad move text in test: %s\n", text);
    }
    return mv;
}

static int same_move(kc_chaturaji_move a, kc_chaturaji_move b) {
    return a.kind == b.kind && a.from == b.from && a.to == b.to && a.promotion == b.promotion;
}

static kc_chaturaji_position *from_text(const char *text) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL;
    if (kc_chaturaji_position_from_text(text, &rules, &pos) != KC_OK) {
        fprintf(stderr, "bad position text in test: %s (%s)\n", text, last_error());
        failed++;
    }
    return pos;
}

static void test_rules_and_board_data(void) {
    kc_chaturaji_rules rules, bad;
    kc_chaturaji_alliance_info alliance;
    uint8_t buf[KC_CHATURAJI_MARKED_SQUARE_COUNT];
    uint8_t out = 99;
    size_t len = 0;
    const uint8_t marked[16] = {0, 3, 4, 7, 24, 27, 28, 31, 32, 35, 36, 39, 56, 59, 60, 63};
    const uint8_t thrones[4] = {31, 60, 32, 3};
    int i;

    CHECK(KC_MAX_MOVES >= KC_CHATURAJI_MAX_MOVES);
    CHECK(KC_CHATURAJI_SQUARES == KC_CHATURAJI_WIDTH * KC_CHATURAJI_HEIGHT);
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    CHECK(rules.alliances == KC_CHATURAJI_ALLIANCES_SHEET && rules.draw_limit == 200);
    CHECK_STATUS(kc_chaturaji_rules_default(NULL), KC_ERR_NULL_POINTER);

    /* Sheet: Red-Green, Black-Yellow. Opposite: Red-Yellow, Black-Green. */
    CHECK_STATUS(kc_chaturaji_ally(&rules, KC_CHATURAJI_RED, &out), KC_OK);
    CHECK(out == KC_CHATURAJI_GREEN);
    CHECK_STATUS(kc_chaturaji_ally(&rules, KC_CHATURAJI_YELLOW, &out), KC_OK);
    CHECK(out == KC_CHATURAJI_BLACK);
    CHECK_STATUS(kc_chaturaji_alliance_of(&rules, KC_CHATURAJI_GREEN, &alliance), KC_OK);
    CHECK(alliance.colours[0] == KC_CHATURAJI_RED && alliance.colours[1] == KC_CHATURAJI_GREEN);
    rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    CHECK_STATUS(kc_chaturaji_ally(&rules, KC_CHATURAJI_RED, &out), KC_OK);
    CHECK(out == KC_CHATURAJI_YELLOW);
    CHECK_STATUS(kc_chaturaji_alliance_of(&rules, KC_CHATURAJI_GREEN, &alliance), KC_OK);
    CHECK(alliance.colours[0] == KC_CHATURAJI_BLACK && alliance.colours[1] == KC_CHATURAJI_GREEN);
    out = 99;
    CHECK_STATUS(kc_chaturaji_ally(&rules, 4, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_ally(&rules, 9, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK(out == 99);
    CHECK(strstr(last_error(), "colour 9") != NULL);
    bad = rules;
    bad.alliances = 5;
    CHECK_STATUS(kc_chaturaji_ally(&bad, 0, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "alliances 5") != NULL);
    CHECK_STATUS(kc_chaturaji_alliance_of(&bad, 0, &alliance), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_ally(NULL, 0, &out), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_ally(&rules, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_alliance_of(&rules, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_alliance_of(NULL, 0, &alliance), KC_ERR_NULL_POINTER);

    /* Marked squares: size query, too small, exact. */
    CHECK_STATUS(kc_chaturaji_marked_squares(NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == KC_CHATURAJI_MARKED_SQUARE_COUNT);
    CHECK_STATUS(kc_chaturaji_marked_squares(buf, 15, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 16);
    CHECK_STATUS(kc_chaturaji_marked_squares(buf, sizeof buf, &len), KC_OK);
    CHECK(len == 16 && memcmp(buf, marked, 16) == 0);
    CHECK_STATUS(kc_chaturaji_marked_squares(NULL, 5, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_marked_squares(buf, sizeof buf, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_special_promotion_squares(NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == KC_CHATURAJI_SPECIAL_PROMOTION_SQUARE_COUNT);
    CHECK_STATUS(kc_chaturaji_special_promotion_squares(buf, sizeof buf, &len), KC_OK);
    CHECK(len == 16 && buf[0] == sq("a1"));
    for (i = 0; i < 4; i++) {
        CHECK_STATUS(kc_chaturaji_throne((uint8_t)i, &out), KC_OK);
        CHECK(out == thrones[i]);
    }
    CHECK(thrones[0] == sq("h4") && thrones[1] == sq("e8") && thrones[2] == sq("a5") &&
          thrones[3] == sq("d1"));
    CHECK_STATUS(kc_chaturaji_throne(4, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_throne(0, NULL), KC_ERR_NULL_POINTER);
}

static void test_create_and_text(void) {
    kc_chaturaji_rules rules = sheet_rules(), got;
    kc_chaturaji_position *pos = NULL, *other = NULL;
    char buf[KC_CHATURAJI_POSITION_TEXT_CAP];
    char diagram[KC_CHATURAJI_DIAGRAM_CAP];
    char small[8];
    size_t len = 0, needed = 0;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK(pos != NULL);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_chaturaji_position_rules(pos, &got), KC_OK);
    CHECK(got.alliances == 0 && got.draw_limit == 200);
    CHECK_STATUS(kc_chaturaji_position_new_start(NULL, &other), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, NULL), KC_ERR_NULL_POINTER);
    rules.alliances = 5;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &other), KC_ERR_INVALID_ARGUMENT);
    CHECK(other == NULL);
    rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    rules.draw_limit = 0;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &other), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_rules(other, &got), KC_OK);
    CHECK(got.alliances == 1 && got.draw_limit == 0);
    CHECK_STATUS(kc_chaturaji_position_rules(NULL, &got), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_rules(other, NULL), KC_ERR_NULL_POINTER);
    kc_chaturaji_position_free(other);
    other = NULL;

    /* Text buffer conventions. */
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed == strlen(START_TEXT) + 1);
    memset(small, 'z', sizeof small);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, small, sizeof small, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == needed && small[0] == 'z');
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, buf, needed, &len), KC_OK);
    CHECK(len == needed - 1 && strcmp(buf, START_TEXT) == 0);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, buf, needed - 1, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, NULL, 10, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, buf, sizeof buf, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_to_text(NULL, buf, sizeof buf, &len), KC_ERR_NULL_POINTER);

    CHECK_STATUS(kc_chaturaji_position_diagram(pos, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(needed > 100 && needed <= KC_CHATURAJI_DIAGRAM_CAP);
    CHECK_STATUS(kc_chaturaji_position_diagram(pos, diagram, sizeof diagram, &len), KC_OK);
    CHECK(len == needed - 1 && strncmp(diagram, "8 yB yP  .  * bK bE bH bB", 25) == 0);
    CHECK(strstr(diagram, "to move: red") != NULL);
    CHECK_STATUS(kc_chaturaji_position_diagram(pos, small, sizeof small, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_chaturaji_position_diagram(NULL, diagram, sizeof diagram, &len), KC_ERR_NULL_POINTER);

    /* From text: round trip, and errors naming field, column and reason. */
    rules = sheet_rules();
    CHECK_STATUS(kc_chaturaji_position_from_text(START_TEXT, &rules, &other), KC_OK);
    CHECK(text_is(other, START_TEXT));
    kc_chaturaji_position_free(other);
    other = NULL;
    CHECK_STATUS(kc_chaturaji_position_from_text(
                     "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"
                     "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyy - - 0 0",
                     &rules, &other),
                 KC_ERR_PARSE);
    CHECK(other == NULL);
    CHECK(strstr(last_error(), "kc_chaturaji_position_from_text") != NULL);
    CHECK(strstr(last_error(), "command") != NULL);
    CHECK(strstr(last_error(), "offset") != NULL);
    CHECK_STATUS(kc_chaturaji_position_from_text("8/8/8 r", &rules, &other), KC_ERR_PARSE);
    CHECK(strstr(last_error(), "command (offset 7)") != NULL);
    CHECK_STATUS(kc_chaturaji_position_from_text("8/8/8/8/8/8/8/8 r rbyg - - 0 0", &rules, &other),
                 KC_ERR_PARSE);
    CHECK(strstr(last_error(), "board (offset 0): no piece on the board") != NULL);
    CHECK_STATUS(kc_chaturaji_position_from_text("", &rules, &other), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_position_from_text("\xff\xfe", &rules, &other), KC_ERR_INVALID_UTF8);
    CHECK_STATUS(kc_chaturaji_position_from_text(NULL, &rules, &other), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_from_text(START_TEXT, NULL, &other), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_from_text(START_TEXT, &rules, NULL), KC_ERR_NULL_POINTER);
    rules.alliances = 7;
    CHECK_STATUS(kc_chaturaji_position_from_text(START_TEXT, &rules, &other), KC_ERR_INVALID_ARGUMENT);
    CHECK(other == NULL);
    kc_chaturaji_position_free(NULL);
    kc_chaturaji_position_free(pos);
}

static void test_clone_copy(void) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *clone = NULL, *other = NULL;
    kc_chaturaji_rules got;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_play(pos, 2, mv_text("h1f3"), NULL), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_clone(pos, &clone), KC_OK);
    CHECK(clone != NULL && clone != pos);
    CHECK_STATUS(kc_chaturaji_play(clone, 5, mv_text("e8e7"), NULL), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_play(clone, 5, mv_text("e8f7"), NULL), KC_ERR_ILLEGAL_MOVE);
    CHECK(text_is(pos, "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,rB,rP,rE/"
                       "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 b rbyg - - 1 1"));
    CHECK_STATUS(kc_chaturaji_position_clone(NULL, &clone), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_clone(pos, NULL), KC_ERR_NULL_POINTER);

    rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &other), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_copy(pos, other), KC_OK);
    CHECK(text_is(other, "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,rB,rP,rE/"
                         "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 b rbyg - - 1 1"));
    CHECK_STATUS(kc_chaturaji_position_rules(other, &got), KC_OK);
    CHECK(got.alliances == KC_CHATURAJI_ALLIANCES_SHEET); /* the rules are copied too */
    CHECK_STATUS(kc_chaturaji_position_copy(pos, pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_copy(NULL, other), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_copy(pos, NULL), KC_ERR_NULL_POINTER);
    kc_chaturaji_position_free(other);
    kc_chaturaji_position_free(clone);
    kc_chaturaji_position_free(pos);
}

static void test_queries(void) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *won = NULL, *drawn = NULL;
    kc_chaturaji_piece piece;
    kc_chaturaji_outcome_info outcome;
    uint8_t out = 99;
    uint32_t n = 99;
    uint64_t hash = 0, hash2 = 0;
    bool flag = true;
    int c;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_to_move(pos, &out), KC_OK);
    CHECK(out == KC_CHATURAJI_RED);
    CHECK_STATUS(kc_chaturaji_ply(pos, &n), KC_OK);
    CHECK(n == 0);
    CHECK_STATUS(kc_chaturaji_quiet_plies(pos, &n), KC_OK);
    CHECK(n == 0);
    CHECK_STATUS(kc_chaturaji_hash(pos, &hash), KC_OK);
    CHECK(hash != 0);
    CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_ONGOING && outcome.winners[0] == KC_CHATURAJI_NO_COLOUR &&
          outcome.winners[1] == KC_CHATURAJI_NO_COLOUR);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("d1"), &piece), KC_OK);
    CHECK(piece.present == 1 && piece.colour == KC_CHATURAJI_GREEN && piece.kind == KC_CHATURAJI_RAJA);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("h1"), &piece), KC_OK);
    CHECK(piece.present == 1 && piece.colour == KC_CHATURAJI_RED && piece.kind == KC_CHATURAJI_BOAT);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("b8"), &piece), KC_OK);
    CHECK(piece.present == 1 && piece.colour == KC_CHATURAJI_YELLOW && piece.kind == KC_CHATURAJI_PAWN);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("f8"), &piece), KC_OK);
    CHECK(piece.colour == KC_CHATURAJI_BLACK && piece.kind == KC_CHATURAJI_ELEPHANT);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("g1"), &piece), KC_OK);
    CHECK(piece.colour == KC_CHATURAJI_RED && piece.kind == KC_CHATURAJI_PAWN);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("b1"), &piece), KC_OK);
    CHECK(piece.colour == KC_CHATURAJI_GREEN && piece.kind == KC_CHATURAJI_HORSE);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, sq("e4"), &piece), KC_OK);
    CHECK(piece.present == 0 && piece.colour == 0 && piece.kind == 0);
    piece.present = 7;
    CHECK_STATUS(kc_chaturaji_piece_at(pos, 64, &piece), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, 200, &piece), KC_ERR_INVALID_ARGUMENT);
    CHECK(piece.present == 7);
    CHECK(strstr(last_error(), "200") != NULL);
    for (c = 0; c < 4; c++) {
        CHECK_STATUS(kc_chaturaji_commander(pos, (uint8_t)c, &out), KC_OK);
        CHECK(out == c);
        CHECK_STATUS(kc_chaturaji_seat_in_play(pos, (uint8_t)c, &flag), KC_OK);
        CHECK(flag);
        CHECK_STATUS(kc_chaturaji_is_out(pos, (uint8_t)c, &flag), KC_OK);
        CHECK(!flag);
        CHECK_STATUS(kc_chaturaji_lost_pawn(pos, (uint8_t)c, &flag), KC_OK);
        CHECK(!flag);
        CHECK_STATUS(kc_chaturaji_captured_rajas(pos, (uint8_t)c, &out), KC_OK);
        CHECK(out == 0);
    }
    /* Out-of-range colours and NULL pointers. */
    CHECK_STATUS(kc_chaturaji_commander(pos, 4, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_seat_in_play(pos, 9, &flag), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_is_out(pos, 255, &flag), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_lost_pawn(pos, 4, &flag), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_captured_rajas(pos, 4, &out), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_to_move(NULL, &out), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_to_move(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_ply(NULL, &n), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_ply(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_quiet_plies(NULL, &n), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_quiet_plies(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_hash(NULL, &hash), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_hash(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_outcome(NULL, &outcome), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_outcome(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_piece_at(NULL, 0, &piece), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_piece_at(pos, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_commander(NULL, 0, &out), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_commander(pos, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_seat_in_play(pos, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_is_out(NULL, 0, &flag), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_lost_pawn(pos, 0, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_captured_rajas(NULL, 0, &out), KC_ERR_NULL_POINTER);

    /* A position with a conquered army, a lost pawn, captured rajas. */
    won = from_text("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9");
    if (won != NULL) {
        CHECK_STATUS(kc_chaturaji_commander(won, KC_CHATURAJI_YELLOW, &out), KC_OK);
        CHECK(out == KC_CHATURAJI_NO_COLOUR);
        CHECK_STATUS(kc_chaturaji_is_out(won, KC_CHATURAJI_YELLOW, &flag), KC_OK);
        CHECK(flag);
        CHECK_STATUS(kc_chaturaji_seat_in_play(won, KC_CHATURAJI_YELLOW, &flag), KC_OK);
        CHECK(!flag);
        CHECK_STATUS(kc_chaturaji_captured_rajas(won, KC_CHATURAJI_BLACK, &out), KC_OK);
        CHECK(out == 1);
        CHECK_STATUS(kc_chaturaji_hash(won, &hash2), KC_OK);
        CHECK(hash2 != hash);
        CHECK_STATUS(kc_chaturaji_ply(won, &n), KC_OK);
        CHECK(n == 9);
        kc_chaturaji_position_free(won);
    }
    /* Red and Green (sheet allies) have won: Black and Yellow are out. */
    won = from_text("8/8/8/8/6,rP,1/8/8/3,gK,4 g rxxg g - 5 9");
    if (won != NULL) {
        CHECK_STATUS(kc_chaturaji_outcome(won, &outcome), KC_OK);
        CHECK(outcome.result == KC_CHATURAJI_ALLIANCE_WINS &&
              outcome.winners[0] == KC_CHATURAJI_RED && outcome.winners[1] == KC_CHATURAJI_GREEN);
        kc_chaturaji_position_free(won);
    }
    drawn = from_text("4,bK,3/8/8/8/7,rK/8/8/8 r rbxx - - 200 300");
    if (drawn != NULL) {
        CHECK_STATUS(kc_chaturaji_outcome(drawn, &outcome), KC_OK);
        CHECK(outcome.result == KC_CHATURAJI_DRAW && outcome.winners[0] == KC_CHATURAJI_NO_COLOUR);
        kc_chaturaji_position_free(drawn);
    }
    kc_chaturaji_position_free(pos);
}

static void test_moves(void) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *promo = NULL;
    kc_chaturaji_move moves[KC_CHATURAJI_MAX_MOVES];
    kc_chaturaji_move mv, bad;
    char text[KC_CHATURAJI_MOVE_TEXT_CAP];
    size_t len = 0;
    bool legal = false;
    const size_t counts[4] = {1, 2, 1, 6}; /* rolls 2..5 from the start */
    uint8_t roll;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    for (roll = 2; roll <= 5; roll++) {
        CHECK_STATUS(kc_chaturaji_legal_moves(pos, roll, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
        CHECK(len == counts[roll - 2]);
        CHECK_STATUS(kc_chaturaji_legal_moves(pos, roll, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
        CHECK(len == counts[roll - 2]);
    }
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 4, moves, KC_MAX_MOVES, &len), KC_OK);
    CHECK(len == 1 && moves[0].kind == KC_CHATURAJI_MOVE_PASS && moves[0].from == KC_NO_SQUARE &&
          moves[0].to == KC_NO_SQUARE && moves[0].promotion == 0);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 2, moves, 1, &len), KC_OK);
    CHECK(len == 1 && same_move(moves[0], mv_text("h1f3")));
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 5, moves, 5, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 6);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 7, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "roll 7") != NULL);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 1, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 6, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_legal_moves(NULL, 2, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 2, moves, KC_CHATURAJI_MAX_MOVES, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 2, NULL, 3, &len), KC_ERR_NULL_POINTER);

    /* Legality depends on the roll. */
    mv = mv_text("h1f3");
    CHECK(mv.kind == KC_CHATURAJI_MOVE_NORMAL && mv.from == sq("h1") && mv.to == sq("f3") && mv.promotion == 0);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, mv, &legal), KC_OK);
    CHECK(legal);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 3, mv, &legal), KC_OK);
    CHECK(!legal);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 4, mv_text("pass"), &legal), KC_OK);
    CHECK(legal);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, mv_text("pass"), &legal), KC_OK);
    CHECK(!legal);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 7, mv, &legal), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_is_legal(NULL, 2, mv, &legal), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, mv, NULL), KC_ERR_NULL_POINTER);
    /* Malformed moves from C. */
    bad = mv; bad.to = 200;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "200") != NULL);
    bad = mv; bad.kind = 9;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad = mv; bad.to = bad.from;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad = mv; bad.promotion = 1;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad = mv; bad.kind = KC_CHATURAJI_MOVE_PROMOTION; bad.promotion = KC_CHATURAJI_PAWN;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad.promotion = 9;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    bad = mv_text("pass"); bad.from = 3;
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);

    /* Playing: illegal for the roll, then legal. */
    CHECK_STATUS(kc_chaturaji_play(pos, 3, mv, NULL), KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "the roll does not name this piece's kind") != NULL);
    CHECK_STATUS(kc_chaturaji_play(pos, 2, mv_text("a1c3"), NULL), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_play(pos, 9, mv, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_play(pos, 2, bad, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_play(NULL, 2, mv, NULL), KC_ERR_NULL_POINTER);
    CHECK(text_is(pos, START_TEXT));

    /* Move text. */
    CHECK_STATUS(kc_chaturaji_move_to_text(mv, text, sizeof text, &len), KC_OK);
    CHECK(len == 4 && strcmp(text, "h1f3") == 0);
    CHECK_STATUS(kc_chaturaji_move_to_text(mv, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 5);
    CHECK_STATUS(kc_chaturaji_move_to_text(mv, text, 4, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_chaturaji_move_to_text(mv_text("pass"), text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "pass") == 0);
    mv = mv_text("g7g8K");
    CHECK(mv.kind == KC_CHATURAJI_MOVE_PROMOTION && mv.promotion == KC_CHATURAJI_RAJA);
    CHECK_STATUS(kc_chaturaji_move_to_text(mv, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "g7g8K") == 0 && len == 5);
    mv = mv_text("b1a1B");
    CHECK(mv.promotion == KC_CHATURAJI_BOAT);
    CHECK_STATUS(kc_chaturaji_move_to_text(bad, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_move_to_text(mv, text, sizeof text, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_move_from_text("h1h1", &mv), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_move_from_text("g7g8P", &mv), KC_ERR_PARSE);
    CHECK(strstr(last_error(), "move") != NULL && strstr(last_error(), "offset") != NULL);
    CHECK_STATUS(kc_chaturaji_move_from_text("i1a1", &mv), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_move_from_text("", &mv), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_move_from_text("\xc3(", &mv), KC_ERR_INVALID_UTF8);
    CHECK_STATUS(kc_chaturaji_move_from_text(NULL, &mv), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_move_from_text("pass", NULL), KC_ERR_NULL_POINTER);

    /* Square text. */
    CHECK(sq("a1") == 0 && sq("h1") == 7 && sq("a8") == 56 && sq("h8") == 63);
    CHECK_STATUS(kc_chaturaji_square_to_text(31, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "h4") == 0 && len == 2);
    CHECK_STATUS(kc_chaturaji_square_to_text(64, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_square_to_text(0, text, 2, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_STATUS(kc_chaturaji_square_from_text("i9", &roll), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_square_from_text(NULL, &roll), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_square_from_text("a1", NULL), KC_ERR_NULL_POINTER);

    /* Special promotion: Red has one pawn and one boat. */
    promo = from_text(PROMOTION_TEXT);
    if (promo != NULL) {
        CHECK_STATUS(kc_chaturaji_legal_moves(promo, 5, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
        CHECK(len == 4 && moves[0].kind == KC_CHATURAJI_MOVE_PROMOTION && moves[0].from == sq("b1") &&
              moves[0].to == sq("a1") && moves[0].promotion == KC_CHATURAJI_RAJA &&
              moves[3].promotion == KC_CHATURAJI_BOAT);
        CHECK_STATUS(kc_chaturaji_play(promo, 5, mv_text("b1a1"), NULL), KC_ERR_ILLEGAL_MOVE);
        CHECK(strstr(last_error(), "must name the new piece") != NULL);
        CHECK_STATUS(kc_chaturaji_is_legal(promo, 5, mv_text("b1a1E"), &legal), KC_OK);
        CHECK(legal);
        CHECK_STATUS(kc_chaturaji_play(promo, 5, mv_text("b1a1E"), NULL), KC_OK);
        CHECK(text_is(promo, "4,bK,2,rB/8/8/8/8/8/8/rE,7 b rbxx - - 1 1"));
        kc_chaturaji_position_free(promo);
    }
    kc_chaturaji_position_free(pos);
}

static void test_play_undo(void) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *other = NULL;
    kc_chaturaji_undo_record undo, bogus;
    uint64_t hash = 0;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_hash(pos, &hash), KC_OK);
    CHECK_STATUS(kc_chaturaji_play(pos, 2, mv_text("h1f3"), &undo), KC_OK);
    CHECK(same_move(undo.mv, mv_text("h1f3")) && undo.hash_before == hash && undo.ply == 0);
    CHECK(undo.board[sq("h1")] == 1 + 5 * KC_CHATURAJI_RED + KC_CHATURAJI_BOAT);
    CHECK(undo.board[sq("e4")] == KC_CHATURAJI_UNDO_EMPTY);
    /* Forged or foreign records are rejected and change nothing. */
    bogus = undo; bogus.board[sq("e4")] = 1;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "does not describe the last move") != NULL);
    bogus = undo; bogus.board[sq("e4")] = 21;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.hash_before ^= 1;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.ply = 5;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.command[0] = 7;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.lost_pawn[2] = 2;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.to_move = 9;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.mv = mv_text("h1g2");
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    bogus = undo; bogus.mv.kind = 9;
    CHECK_STATUS(kc_chaturaji_undo(pos, &bogus), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_undo(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_undo(NULL, &undo), KC_ERR_NULL_POINTER);
    CHECK(text_is(pos, "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,rB,rP,rE/"
                       "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 b rbyg - - 1 1"));
    /* The same record on another position (the start) is rejected. */
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &other), KC_OK);
    CHECK_STATUS(kc_chaturaji_undo(other, &undo), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(other, START_TEXT));
    /* The genuine record works once. */
    CHECK_STATUS(kc_chaturaji_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_chaturaji_undo(pos, &undo), KC_ERR_INVALID_ARGUMENT);
    /* A pass is taken back too. */
    CHECK_STATUS(kc_chaturaji_play(pos, 4, mv_text("pass"), &undo), KC_OK);
    CHECK(text_is(pos, "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"
                       "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB b rbyg - - 1 1"));
    CHECK_STATUS(kc_chaturaji_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    kc_chaturaji_position_free(other);
    kc_chaturaji_position_free(pos);
}

static void test_exchanges(void) {
    kc_chaturaji_position *pos = from_text(EXCHANGE_TEXT);
    kc_chaturaji_position *start = NULL;
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_exchange_pair pairs[KC_CHATURAJI_MAX_EXCHANGES];
    uint8_t squares[KC_CHATURAJI_MAX_RETURN_SQUARES];
    size_t len = 0;

    if (pos == NULL) {
        return;
    }
    CHECK_STATUS(kc_chaturaji_possible_exchanges(pos, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 1);
    CHECK_STATUS(kc_chaturaji_possible_exchanges(pos, pairs, KC_CHATURAJI_MAX_EXCHANGES, &len), KC_OK);
    CHECK(len == 1 && pairs[0].first == KC_CHATURAJI_RED && pairs[0].second == KC_CHATURAJI_BLACK);
    CHECK_STATUS(kc_chaturaji_possible_exchanges(NULL, pairs, 4, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_possible_exchanges(pos, pairs, 4, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(pos, KC_CHATURAJI_RED, squares, 8, &len), KC_OK);
    CHECK(len == 1 && squares[0] == sq("h4"));
    CHECK_STATUS(kc_chaturaji_raja_return_squares(pos, 4, squares, 8, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(pos, 0, NULL, 8, &len), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(NULL, 0, squares, 8, &len), KC_ERR_NULL_POINTER);
    /* Not allowed: same alliance, bad square, no raja held, out of range. */
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, KC_CHATURAJI_RED, sq("h4"), KC_CHATURAJI_GREEN, sq("d1")),
                 KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "same alliance") != NULL);
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, KC_CHATURAJI_RED, sq("h5"), KC_CHATURAJI_BLACK, sq("e8")),
                 KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "cannot return to h5") != NULL);
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, KC_CHATURAJI_GREEN, sq("d1"), KC_CHATURAJI_BLACK, sq("e8")),
                 KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, 9, sq("h4"), KC_CHATURAJI_BLACK, sq("e8")),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, KC_CHATURAJI_RED, 200, KC_CHATURAJI_BLACK, sq("e8")),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_apply_exchange(NULL, 0, 31, 1, 60), KC_ERR_NULL_POINTER);
    CHECK(text_is(pos, EXCHANGE_TEXT));
    /* Either order works. */
    CHECK_STATUS(kc_chaturaji_apply_exchange(pos, KC_CHATURAJI_BLACK, sq("e8"), KC_CHATURAJI_RED, sq("h4")),
                 KC_OK);
    CHECK(text_is(pos, EXCHANGED_TEXT));
    CHECK_STATUS(kc_chaturaji_possible_exchanges(pos, pairs, 4, &len), KC_OK);
    CHECK(len == 0);

    /* At the start Red's throne is occupied: g5 and h5. */
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &start), KC_OK);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(start, KC_CHATURAJI_RED, NULL, 0, &len),
                 KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 2);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(start, KC_CHATURAJI_RED, squares, 1, &len),
                 KC_ERR_BUFFER_TOO_SMALL);
    CHECK_STATUS(kc_chaturaji_raja_return_squares(start, KC_CHATURAJI_RED, squares, 8, &len), KC_OK);
    CHECK(len == 2 && squares[0] == sq("g5") && squares[1] == sq("h5"));
    kc_chaturaji_position_free(start);
    kc_chaturaji_position_free(pos);
}

static void test_perft(const uint64_t expected[6]) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *opposite = NULL;
    uint64_t nodes = 0;
    uint32_t depth;
    /* docs/rules.md, from an independent reference implementation. */
    const uint64_t reference[6] = {1, 10, 100, 1000, 10000, 111900};

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    for (depth = 0; depth <= 5; depth++) {
        CHECK_STATUS(kc_chaturaji_perft(pos, depth, &nodes), KC_OK);
        CHECK(nodes == reference[depth]);
        if (depth >= 1) {
            CHECK(nodes == expected[depth - 1]);
        }
    }
    rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &opposite), KC_OK);
    CHECK_STATUS(kc_chaturaji_perft(opposite, 5, &nodes), KC_OK);
    CHECK(nodes == 113800);
    CHECK(nodes == expected[5]);
    CHECK(text_is(pos, START_TEXT));
    nodes = 12345;
    CHECK_STATUS(kc_chaturaji_perft(pos, KC_CHATURAJI_MAX_PERFT_DEPTH + 1, &nodes), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_perft(pos, 4000000000u, &nodes), KC_ERR_INVALID_ARGUMENT);
    CHECK(nodes == 12345);
    CHECK_STATUS(kc_chaturaji_perft(NULL, 1, &nodes), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_perft(pos, 1, NULL), KC_ERR_NULL_POINTER);
    kc_chaturaji_position_free(opposite);
    kc_chaturaji_position_free(pos);
}

static void test_dice(void) {
    kc_chaturaji_rules rules = sheet_rules();
    kc_chaturaji_position *pos = NULL, *won = NULL;
    kc_chaturaji_move m1, m2;
    uint64_t state = 1, a, b;
    uint8_t roll = 0;
    int counts[6] = {0, 0, 0, 0, 0, 0};
    int i;

    for (i = 0; i < 4000; i++) {
        CHECK_STATUS(kc_chaturaji_roll(&state, &roll), KC_OK);
        if (roll >= 2 && roll <= 5) {
            counts[roll]++;
        }
    }
    CHECK(counts[2] + counts[3] + counts[4] + counts[5] == 4000);
    CHECK(counts[2] > 800 && counts[3] > 800 && counts[4] > 800 && counts[5] > 800);
    CHECK_STATUS(kc_chaturaji_roll(NULL, &roll), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_roll(&state, NULL), KC_ERR_NULL_POINTER);

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    /* The Rust doc example: seed 3, roll 4 at the start gives the pass. */
    a = 3;
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 4, &a, &m1), KC_OK);
    CHECK(m1.kind == KC_CHATURAJI_MOVE_PASS);
    a = 42; b = 42;
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, &a, &m1), KC_OK);
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, &b, &m2), KC_OK);
    CHECK(a == b && a != 42 && same_move(m1, m2));
    a = 42;
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 7, &a, &m1), KC_ERR_INVALID_ARGUMENT);
    CHECK(a == 42);
    CHECK_STATUS(kc_chaturaji_choose_move(NULL, 5, &a, &m1), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, NULL, &m1), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, &a, NULL), KC_ERR_NULL_POINTER);
    won = from_text("8/8/8/8/6,rP,1/8/8/3,gK,4 g rxxg g - 5 9");
    if (won != NULL) {
        a = 7;
        CHECK_STATUS(kc_chaturaji_choose_move(won, 5, &a, &m1), KC_ERR_GAME_OVER);
        CHECK(a == 7);
        CHECK_STATUS(kc_chaturaji_play(won, 5, mv_text("pass"), NULL), KC_ERR_ILLEGAL_MOVE);
        kc_chaturaji_position_free(won);
    }
    kc_chaturaji_position_free(pos);
}

#define MAX_PLIES 20000

/* Plays a seeded game exactly as the Rust play_seeded_game (one generator:
 * roll, then choose), checking each move, then takes every move back. */
static void test_seeded_game(uint8_t alliances, uint64_t seed, const char *expected_final,
                             long expected_plies) {
    static kc_chaturaji_undo_record history[MAX_PLIES];
    kc_chaturaji_rules rules = {0, KC_CHATURAJI_DEFAULT_DRAW_LIMIT, KC_CHATURAJI_RULESET_SHEET};
    kc_chaturaji_position *pos = NULL, *scratch = NULL, *reparsed = NULL;
    kc_chaturaji_outcome_info outcome;
    kc_chaturaji_move mv;
    uint64_t rng = seed, hash = 0, hash2 = 0, start_hash = 0;
    uint32_t ply = 0;
    uint8_t roll = 0;
    char text[KC_CHATURAJI_POSITION_TEXT_CAP];
    size_t len = 0;
    long plies = 0, bad_moves = 0, bad_hashes = 0, bad_undos = 0;
    bool legal = false;

    rules.alliances = alliances;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &scratch), KC_OK);
    CHECK_STATUS(kc_chaturaji_hash(pos, &start_hash), KC_OK);
    while (plies < MAX_PLIES) {
        CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        if (kc_chaturaji_roll(&rng, &roll) != KC_OK ||
            kc_chaturaji_choose_move(pos, roll, &rng, &mv) != KC_OK ||
            kc_chaturaji_is_legal(pos, roll, mv, &legal) != KC_OK || !legal ||
            kc_chaturaji_play(pos, roll, mv, &history[plies]) != KC_OK) {
            bad_moves++;
            break;
        }
        plies++;
        if (kc_chaturaji_position_to_text(pos, text, sizeof text, &len) != KC_OK ||
            kc_chaturaji_position_from_text(text, &rules, &reparsed) != KC_OK ||
            kc_chaturaji_hash(pos, &hash) != KC_OK || kc_chaturaji_hash(reparsed, &hash2) != KC_OK ||
            hash != hash2) {
            bad_hashes++;
        }
        kc_chaturaji_position_free(reparsed);
        reparsed = NULL;
        if (plies >= 2 && plies % 17 == 0) {
            kc_chaturaji_position_copy(pos, scratch);
            if (kc_chaturaji_undo(scratch, &history[plies - 2]) != KC_ERR_INVALID_ARGUMENT) {
                bad_undos++;
            }
        }
    }
    CHECK(bad_moves == 0);
    CHECK(bad_hashes == 0);
    CHECK(bad_undos == 0);
    CHECK(plies > 0 && plies < MAX_PLIES);
    CHECK(outcome.result != KC_CHATURAJI_ONGOING);
    CHECK_STATUS(kc_chaturaji_ply(pos, &ply), KC_OK);
    CHECK(ply == (uint32_t)plies);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, text, sizeof text, &len), KC_OK);
    printf("seeded game (alliances %d, seed %" PRIu64 "): %ld plies, result %d (%d %d), final %s\n",
           (int)alliances, seed, plies, (int)outcome.result, (int)outcome.winners[0],
           (int)outcome.winners[1], text);
    if (expected_final != NULL) {
        CHECK(strcmp(text, expected_final) == 0);
        CHECK(plies == expected_plies);
    }
    rng = 1;
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, &rng, &mv), KC_ERR_GAME_OVER);

    while (plies > 0) {
        plies--;
        if (kc_chaturaji_undo(pos, &history[plies]) != KC_OK) {
            fprintf(stderr, "undo of ply %ld failed: %s\n", plies, last_error());
            bad_undos++;
            break;
        }
    }
    CHECK(bad_undos == 0);
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_chaturaji_hash(pos, &hash), KC_OK);
    CHECK(hash == start_hash);
    kc_chaturaji_position_free(scratch);
    kc_chaturaji_position_free(pos);
}

/* Chosen moves: kc_chaturaji_choose picks what kc_chaturaji_choose_move picks,
 * with a token for this exact position and roll; kc_chaturaji_play_chosen plays
 * it without a second legality check, once. Stale, foreign and forged tokens are
 * refused and change nothing. Then the seeded game again through the token path
 * (roll, choose, play_chosen, outcome): the same game as the Rust one. */
static void test_chosen_moves(uint64_t seed, const char *expected_final, long expected_plies) {
    kc_chaturaji_rules rules = sheet_rules(), opposite = sheet_rules();
    kc_chaturaji_position *pos = NULL, *other = NULL;
    kc_chaturaji_chosen_move chosen, forged, stale;
    kc_chaturaji_move mv;
    kc_chaturaji_undo_record undo;
    kc_chaturaji_outcome_info outcome;
    uint64_t rng = 11, rng2 = 11, hash = 0;
    uint32_t ply = 0;
    uint8_t roll = 0;
    char text[KC_CHATURAJI_POSITION_TEXT_CAP];
    size_t len = 0;
    long plies = 0, bad = 0;

    opposite.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_new_start(&opposite, &other), KC_OK);
    /* The same choice as kc_chaturaji_choose_move, the same generator use. */
    CHECK_STATUS(kc_chaturaji_choose(pos, 5, &rng, &chosen), KC_OK);
    CHECK_STATUS(kc_chaturaji_choose_move(pos, 5, &rng2, &mv), KC_OK);
    CHECK(rng == rng2 && same_move(chosen.mv, mv) && chosen.roll == 5);
    CHECK_STATUS(kc_chaturaji_hash(pos, &hash), KC_OK);
    CHECK(chosen.hash == hash && chosen.ply == 0 && chosen.quiet == 0);
    CHECK(chosen.reserved[0] == 0 && chosen.reserved[1] == 0 && chosen.reserved[2] == 0);
    /* Forged tokens: each field edited. */
    forged = chosen; forged.mv.to ^= 1;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "not chosen in this position") != NULL);
    forged = chosen; forged.mv = mv_text("h1f3");
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.roll = 2;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.check ^= 1;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.hash ^= 1;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.ply = 1;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.quiet = 3;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    forged = chosen; forged.reserved[2] = 1;
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    memset(&forged, 0, sizeof forged);
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &forged, NULL), KC_ERR_INVALID_ARGUMENT);
    /* Foreign: the same board and hash under the other alliances. */
    CHECK_STATUS(kc_chaturaji_play_chosen(other, &chosen, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(other, START_TEXT));
    CHECK(text_is(pos, START_TEXT));
    CHECK_STATUS(kc_chaturaji_play_chosen(NULL, &chosen, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, NULL, NULL), KC_ERR_NULL_POINTER);
    /* The genuine token plays once, with a record that takes it back. */
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &chosen, &undo), KC_OK);
    CHECK_STATUS(kc_chaturaji_ply(pos, &ply), KC_OK);
    CHECK(ply == 1);
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &chosen, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_undo(pos, &undo), KC_OK);
    CHECK(text_is(pos, START_TEXT));
    /* Stale: chosen, then another move was played: refused. Once that move
     * is taken back the position is exactly the one of the token again, so
     * the token plays. */
    stale = chosen;
    CHECK_STATUS(kc_chaturaji_play(pos, 4, mv_text("pass"), &undo), KC_OK);
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &stale, NULL), KC_ERR_INVALID_ARGUMENT);
    CHECK(text_is(pos, "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"
                       "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB b rbyg - - 1 1"));
    CHECK_STATUS(kc_chaturaji_undo(pos, &undo), KC_OK);
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &stale, NULL), KC_OK);
    CHECK_STATUS(kc_chaturaji_choose(pos, 9, &rng, &chosen), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_choose(pos, 2, NULL, &chosen), KC_ERR_NULL_POINTER);
    kc_chaturaji_position_free(other);
    kc_chaturaji_position_free(pos);

    /* The seeded game through the token path. */
    rng = seed;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    while (plies < MAX_PLIES) {
        CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        if (kc_chaturaji_roll(&rng, &roll) != KC_OK ||
            kc_chaturaji_choose(pos, roll, &rng, &chosen) != KC_OK ||
            kc_chaturaji_play_chosen(pos, &chosen, NULL) != KC_OK) {
            bad++;
            break;
        }
        plies++;
    }
    CHECK(bad == 0);
    CHECK(outcome.result != KC_CHATURAJI_ONGOING);
    CHECK_STATUS(kc_chaturaji_choose(pos, 5, &rng, &chosen), KC_ERR_GAME_OVER);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, text, sizeof text, &len), KC_OK);
    if (expected_final != NULL) {
        CHECK(strcmp(text, expected_final) == 0);
        CHECK(plies == expected_plies);
    }
    kc_chaturaji_position_free(pos);

    /* And through kc_chaturaji_play_random: one call per ply, the same game. */
    rng = seed;
    plies = 0;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    while (plies < MAX_PLIES) {
        CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        if (kc_chaturaji_play_random(pos, &rng, &roll, plies % 2 ? &mv : NULL) != KC_OK ||
            roll < 2 || roll > 5) {
            bad++;
            break;
        }
        plies++;
    }
    CHECK(bad == 0);
    rng2 = rng;
    CHECK_STATUS(kc_chaturaji_play_random(pos, &rng, NULL, NULL), KC_ERR_GAME_OVER);
    CHECK(rng == rng2);
    CHECK_STATUS(kc_chaturaji_play_random(NULL, &rng, NULL, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_play_random(pos, NULL, NULL, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, text, sizeof text, &len), KC_OK);
    if (expected_final != NULL) {
        CHECK(strcmp(text, expected_final) == 0);
        CHECK(plies == expected_plies);
    }
    kc_chaturaji_position_free(pos);

    /* And through kc_chaturaji_roll_and_choose + kc_chaturaji_play_chosen:
     * the die and the choice in one call, the same game again. */
    rng = seed;
    plies = 0;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    /* The same draws and token as kc_chaturaji_roll then kc_chaturaji_choose. */
    rng2 = seed;
    CHECK_STATUS(kc_chaturaji_roll(&rng2, &roll), KC_OK);
    CHECK_STATUS(kc_chaturaji_choose(pos, roll, &rng2, &stale), KC_OK);
    CHECK_STATUS(kc_chaturaji_roll_and_choose(pos, &rng, &chosen), KC_OK);
    CHECK(rng == rng2 && memcmp(&chosen, &stale, sizeof chosen) == 0 && chosen.roll == roll);
    rng = seed;
    while (plies < MAX_PLIES) {
        CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        if (kc_chaturaji_roll_and_choose(pos, &rng, &chosen) != KC_OK ||
            chosen.roll < 2 || chosen.roll > 5 ||
            kc_chaturaji_play_chosen(pos, &chosen, NULL) != KC_OK) {
            bad++;
            break;
        }
        plies++;
    }
    CHECK(bad == 0);
    /* Played already: the token is stale. */
    CHECK_STATUS(kc_chaturaji_play_chosen(pos, &chosen, NULL), KC_ERR_INVALID_ARGUMENT);
    rng2 = rng;
    CHECK_STATUS(kc_chaturaji_roll_and_choose(pos, &rng, &chosen), KC_ERR_GAME_OVER);
    CHECK(rng == rng2);
    CHECK_STATUS(kc_chaturaji_roll_and_choose(NULL, &rng, &chosen), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_roll_and_choose(pos, NULL, &chosen), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_roll_and_choose(pos, &rng, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_position_to_text(pos, text, sizeof text, &len), KC_OK);
    if (expected_final != NULL) {
        CHECK(strcmp(text, expected_final) == 0);
        CHECK(plies == expected_plies);
    }
    kc_chaturaji_position_free(pos);
}

int main(int argc, char **argv) {
    uint64_t expected[6] = {10, 100, 1000, 10000, 111900, 113800};
    uint64_t seed = 20240601;
    const char *final_text = NULL;
    long plies = 0;
    int i;

    if (argc == 10) {
        for (i = 0; i < 6; i++) {
            expected[i] = strtoull(argv[1 + i], NULL, 10);
        }
        seed = strtoull(argv[7], NULL, 10);
        final_text = argv[8];
        plies = strtol(argv[9], NULL, 10);
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [<perft1..5> <perft5 opposite> <seed> <final text> <plies>]\n",
                argv[0]);
        return 2;
    }
    test_rules_and_board_data();
    test_create_and_text();
    test_clone_copy();
    test_queries();
    test_moves();
    test_play_undo();
    test_exchanges();
    test_perft(expected);
    test_dice();
    test_seeded_game(KC_CHATURAJI_ALLIANCES_SHEET, seed, final_text, plies);
    test_seeded_game(KC_CHATURAJI_ALLIANCES_OPPOSITE, seed + 1, NULL, 0);
    test_chosen_moves(seed, final_text, plies);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
