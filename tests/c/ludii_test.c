/*
 * C99 test of the Ludii ruleset through the C ABI (include/kaissa_chaturaji.h):
 * the rules option, scores, ranking, turns, the pending promotion decision,
 * its choices and moves, undo across decisions, play_random without a roll
 * on decisions, and a replay of recorded Ludii games. Built and run by
 * tests/capi/ludii.rs with
 *   cc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * against the static library.
 *
 * Usage: ludii_test <sample.in> <sample.expected> <seed> <final text>
 * Replays every game of sample.in from the Ludii start with the C ABI
 * (legal moves for the die or the decision's moves, sorted, in Ludii's move
 * text; then the recorded move, played and once in a while undone and
 * played again) and compares each line with sample.expected; plays the
 * seeded game of the Rust play_seeded_game with kc_chaturaji_play_random
 * and compares its final position text with <final text>. Prints
 * "N passed, M failed" last and exits 0 only when nothing failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

#define LUDII_START                                                              \
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/"  \
    "gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB g 0,0,0,0 - 0"

static kc_chaturaji_rules ludii_rules(void) {
    kc_chaturaji_rules rules;
    memset(&rules, 0, sizeof rules);
    kc_chaturaji_rules_ludii(&rules);
    return rules;
}

static kc_chaturaji_position *from_text(const char *text) {
    kc_chaturaji_rules rules = ludii_rules();
    kc_chaturaji_position *pos = NULL;
    CHECK_STATUS(kc_chaturaji_position_from_text(text, &rules, &pos), KC_OK);
    return pos;
}

static int text_is(const kc_chaturaji_position *pos, const char *expected) {
    char text[KC_CHATURAJI_POSITION_TEXT_CAP];
    size_t len = 0;
    if (kc_chaturaji_position_to_text(pos, text, sizeof text, &len) != KC_OK) {
        return 0;
    }
    if (strcmp(text, expected) != 0) {
        fprintf(stderr, "    got      %s\n    expected %s\n", text, expected);
        return 0;
    }
    return 1;
}

static kc_chaturaji_move parse_move(const char *text) {
    kc_chaturaji_move mv;
    memset(&mv, 0, sizeof mv);
    CHECK_STATUS(kc_chaturaji_move_from_text(text, &mv), KC_OK);
    return mv;
}

static void test_rules_and_start(void) {
    kc_chaturaji_rules rules = ludii_rules(), got, bad;
    kc_chaturaji_position *pos = NULL;
    uint8_t to_move = 99, square = 0;
    uint32_t turns = 99, value = 0;
    kc_chaturaji_score_info scores;
    kc_chaturaji_ranking_info ranking;
    kc_chaturaji_outcome_info outcome;

    CHECK(rules.ruleset == KC_CHATURAJI_RULESET_LUDII);
    CHECK(rules.draw_limit == 0);
    CHECK_STATUS(kc_chaturaji_rules_ludii(NULL), KC_ERR_NULL_POINTER);
    bad = rules;
    bad.ruleset = 7;
    CHECK_STATUS(kc_chaturaji_position_new_start(&bad, &pos), KC_ERR_INVALID_ARGUMENT);
    CHECK(pos == NULL);

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    CHECK(text_is(pos, LUDII_START));
    CHECK_STATUS(kc_chaturaji_position_rules(pos, &got), KC_OK);
    CHECK(got.ruleset == KC_CHATURAJI_RULESET_LUDII);
    CHECK_STATUS(kc_chaturaji_to_move(pos, &to_move), KC_OK);
    CHECK(to_move == KC_CHATURAJI_GREEN);
    CHECK_STATUS(kc_chaturaji_turns(pos, &turns), KC_OK);
    CHECK(turns == 0);
    CHECK_STATUS(kc_chaturaji_scores(pos, &scores), KC_OK);
    CHECK(scores.scores[0] == 0 && scores.scores[3] == 0);
    CHECK_STATUS(kc_chaturaji_ranking(pos, &ranking), KC_OK);
    CHECK(ranking.finished == 0 && ranking.ranks[0] == 0);
    CHECK_STATUS(kc_chaturaji_pending_promotion(pos, &square), KC_OK);
    CHECK(square == KC_NO_SQUARE);
    CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_ONGOING);
    CHECK_STATUS(kc_chaturaji_scores(NULL, &scores), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_ranking(pos, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_chaturaji_piece_value(KC_CHATURAJI_RAJA, &value), KC_OK);
    CHECK(value == 5);
    CHECK_STATUS(kc_chaturaji_piece_value(KC_CHATURAJI_PAWN, &value), KC_OK);
    CHECK(value == 1);
    CHECK_STATUS(kc_chaturaji_piece_value(5, &value), KC_ERR_INVALID_ARGUMENT);
    kc_chaturaji_position_free(pos);

    /* An initializer of the first two fields keeps the sheet's rules. */
    {
        kc_chaturaji_rules sheet = {KC_CHATURAJI_ALLIANCES_SHEET, KC_CHATURAJI_DEFAULT_DRAW_LIMIT, 0};
        pos = NULL;
        CHECK_STATUS(kc_chaturaji_position_new_start(&sheet, &pos), KC_OK);
        CHECK_STATUS(kc_chaturaji_to_move(pos, &to_move), KC_OK);
        CHECK(to_move == KC_CHATURAJI_RED);
        kc_chaturaji_position_free(pos);
    }
    /* A Ludii text does not parse under the sheet's rules. */
    {
        kc_chaturaji_rules sheet;
        kc_chaturaji_rules_default(&sheet);
        pos = NULL;
        CHECK_STATUS(kc_chaturaji_position_from_text(LUDII_START, &sheet, &pos), KC_ERR_PARSE);
        CHECK(pos == NULL);
    }
}

static void test_decision(void) {
    /* Green's pawn c7 reaches c8; Green has a boat. */
    kc_chaturaji_position *pos = from_text("8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7");
    kc_chaturaji_move moves[KC_CHATURAJI_MAX_MOVES];
    kc_chaturaji_undo_record step, choice;
    uint8_t kinds[KC_CHATURAJI_MAX_PROMOTION_CHOICES];
    uint8_t square = 0, to_move = 0;
    size_t len = 0;
    uint32_t turns = 0;
    bool legal = false;
    char text[KC_CHATURAJI_MOVE_TEXT_CAP];
    int roll;

    CHECK_STATUS(kc_chaturaji_decision_moves(pos, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
    CHECK(len == 0);
    CHECK_STATUS(kc_chaturaji_play(pos, 5, parse_move("c7c8"), &step), KC_OK);
    CHECK(text_is(pos, "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8"));
    CHECK_STATUS(kc_chaturaji_pending_promotion(pos, &square), KC_OK);
    CHECK(square == 58); /* c8 */
    CHECK_STATUS(kc_chaturaji_to_move(pos, &to_move), KC_OK);
    CHECK(to_move == KC_CHATURAJI_GREEN);
    CHECK_STATUS(kc_chaturaji_promotion_choices(pos, kinds, sizeof kinds, &len), KC_OK);
    CHECK(len == 3 && kinds[0] == KC_CHATURAJI_RAJA && kinds[1] == KC_CHATURAJI_ELEPHANT
          && kinds[2] == KC_CHATURAJI_HORSE);
    CHECK_STATUS(kc_chaturaji_promotion_choices(pos, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    CHECK_STATUS(kc_chaturaji_decision_moves(pos, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
    CHECK(len == 3 && moves[0].kind == KC_CHATURAJI_MOVE_DECISION
          && moves[0].from == KC_NO_SQUARE && moves[0].promotion == KC_CHATURAJI_RAJA);
    CHECK_STATUS(kc_chaturaji_move_to_text(moves[2], text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "=H") == 0);
    /* Every roll gives the same decision moves. */
    for (roll = 2; roll <= 5; roll++) {
        CHECK_STATUS(kc_chaturaji_legal_moves(pos, (uint8_t)roll, moves, KC_CHATURAJI_MAX_MOVES, &len),
                     KC_OK);
        CHECK(len == 3 && moves[1].kind == KC_CHATURAJI_MOVE_DECISION);
    }
    CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, parse_move("=B"), &legal), KC_OK);
    CHECK(!legal);
    CHECK_STATUS(kc_chaturaji_play(pos, 2, parse_move("=B"), NULL), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_play(pos, 3, parse_move("=E"), &choice), KC_OK);
    CHECK(text_is(pos, "2,gE,5/8/8/8/8/8/8/gB,6,rK r 0,0,0,0 - 8"));
    CHECK_STATUS(kc_chaturaji_turns(pos, &turns), KC_OK);
    CHECK(turns == 8);
    /* Undo: the stale record first is refused, then both in order. */
    CHECK_STATUS(kc_chaturaji_undo(pos, &step), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_undo(pos, &choice), KC_OK);
    CHECK(text_is(pos, "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8"));
    CHECK_STATUS(kc_chaturaji_undo(pos, &step), KC_OK);
    CHECK(text_is(pos, "8/2,gP,5/8/8/8/8/8/gB,6,rK g 0,0,0,0 - 7"));
    /* A malformed decision move. */
    {
        kc_chaturaji_move bad = {KC_CHATURAJI_MOVE_DECISION, 3, KC_NO_SQUARE, KC_CHATURAJI_RAJA};
        CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
        bad.from = KC_NO_SQUARE;
        bad.promotion = KC_CHATURAJI_PAWN;
        CHECK_STATUS(kc_chaturaji_is_legal(pos, 2, bad, &legal), KC_ERR_INVALID_ARGUMENT);
    }
    /* perft: the decision below c7c8 counts its three choices once. */
    {
        uint64_t nodes = 0;
        CHECK_STATUS(kc_chaturaji_perft(pos, 1, &nodes), KC_OK);
        CHECK(nodes == 4); /* c7c8 and three passes */
    }
    kc_chaturaji_position_free(pos);

    /* With every kind on the board, the decision is the pass. */
    pos = from_text("2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK g 0,0,0,0 c8 8");
    CHECK_STATUS(kc_chaturaji_promotion_choices(pos, kinds, sizeof kinds, &len), KC_OK);
    CHECK(len == 0);
    CHECK_STATUS(kc_chaturaji_decision_moves(pos, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
    CHECK(len == 1 && moves[0].kind == KC_CHATURAJI_MOVE_PASS);
    CHECK_STATUS(kc_chaturaji_play(pos, 4, moves[0], NULL), KC_OK);
    CHECK(text_is(pos, "2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK r 0,0,0,0 - 8"));
    kc_chaturaji_position_free(pos);
}

static void test_end_and_ranking(void) {
    kc_chaturaji_position *pos = from_text("8/8/8/8/8/3,rK,4/2,gP,5/8 g 0,0,0,0 - 0");
    kc_chaturaji_outcome_info outcome;
    kc_chaturaji_ranking_info ranking;
    kc_chaturaji_score_info scores;
    kc_chaturaji_move moves[KC_CHATURAJI_MAX_MOVES];
    size_t len = 0;

    CHECK_STATUS(kc_chaturaji_play(pos, 5, parse_move("c2d3"), NULL), KC_OK);
    CHECK_STATUS(kc_chaturaji_scores(pos, &scores), KC_OK);
    CHECK(scores.scores[KC_CHATURAJI_GREEN] == 5 && scores.scores[KC_CHATURAJI_RED] == 0);
    CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_COLOUR_WINS && outcome.winners[0] == KC_CHATURAJI_GREEN
          && outcome.winners[1] == KC_CHATURAJI_NO_COLOUR);
    CHECK_STATUS(kc_chaturaji_ranking(pos, &ranking), KC_OK);
    CHECK(ranking.finished == 1 && ranking.ranks[KC_CHATURAJI_GREEN] == 1
          && ranking.ranks[KC_CHATURAJI_RED] == 2);
    CHECK_STATUS(kc_chaturaji_legal_moves(pos, 5, moves, KC_CHATURAJI_MAX_MOVES, &len), KC_OK);
    CHECK(len == 0);
    kc_chaturaji_position_free(pos);

    /* A tie for the highest score: no winner. */
    pos = from_text("8/8/8/8/8/8/8/3,gK,4 r 9,0,9,4 - 100");
    CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_TOP_SCORE_TIE);
    CHECK_STATUS(kc_chaturaji_ranking(pos, &ranking), KC_OK);
    CHECK(ranking.ranks[0] == 1 && ranking.ranks[1] == 4 && ranking.ranks[2] == 1
          && ranking.ranks[3] == 3);
    kc_chaturaji_position_free(pos);

    /* The turn limit. */
    pos = from_text("8/8/8/8/8/8/8/3,gK,3,bK g 0,0,0,7 - 4999");
    CHECK_STATUS(kc_chaturaji_play(pos, 4, parse_move("pass"), NULL), KC_OK);
    CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
    CHECK(outcome.result == KC_CHATURAJI_DRAW);
    CHECK_STATUS(kc_chaturaji_ranking(pos, &ranking), KC_OK);
    CHECK(ranking.ranks[0] == 1 && ranking.ranks[3] == 1);
    kc_chaturaji_position_free(pos);
}

/* Seeded random plies with kc_chaturaji_play_random: a decision throws no
 * die (roll 0); the final text must be the Rust play_seeded_game's. */
static void test_play_random(uint64_t seed, const char *expected) {
    kc_chaturaji_rules rules = ludii_rules();
    kc_chaturaji_position *pos = NULL;
    kc_chaturaji_outcome_info outcome;
    uint64_t rng = seed;
    uint8_t roll = 0;
    kc_chaturaji_move mv;
    int plies = 0, decisions = 0;

    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    for (;;) {
        kc_chaturaji_outcome(pos, &outcome);
        if (outcome.result != KC_CHATURAJI_ONGOING || plies >= 20000) {
            break;
        }
        if (kc_chaturaji_play_random(pos, &rng, &roll, &mv) != KC_OK) {
            failed++;
            fprintf(stderr, "play_random failed: %s\n", last_error());
            break;
        }
        if (mv.kind == KC_CHATURAJI_MOVE_DECISION) {
            decisions++;
            CHECK(roll == 0);
        } else if (roll < 2 || roll > 5) {
            failed++;
            fprintf(stderr, "play_random rolled %d\n", roll);
        }
        plies++;
    }
    CHECK(text_is(pos, expected));
    CHECK_STATUS(kc_chaturaji_play_random(pos, &rng, &roll, &mv), KC_ERR_GAME_OVER);
    printf("play_random: %d plies, %d decisions\n", plies, decisions);
    kc_chaturaji_position_free(pos);
}

static int compare_text(const void *a, const void *b) {
    return strcmp((const char *)a, (const char *)b);
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text;
    long size;
    if (file == NULL) {
        return NULL;
    }
    fseek(file, 0, SEEK_END);
    size = ftell(file);
    fseek(file, 0, SEEK_SET);
    text = malloc((size_t)size + 1);
    if (text != NULL && fread(text, 1, (size_t)size, file) != (size_t)size) {
        free(text);
        text = NULL;
    }
    if (text != NULL) {
        text[size] = '\0';
    }
    fclose(file);
    return text;
}

static const char *colour_name(uint8_t colour) {
    static const char *names[4] = {"red", "black", "yellow", "green"};
    return colour < 4 ? names[colour] : "?";
}

/* The legal moves of the ply, Ludii's move text, sorted, into `out`. */
static void legal_line(kc_chaturaji_position *pos, int die, char *out, size_t cap) {
    static kc_chaturaji_move moves[KC_CHATURAJI_MAX_MOVES];
    static char texts[KC_CHATURAJI_MAX_MOVES][16];
    size_t len = 0, i, used = 0;
    if (die == 0) {
        kc_chaturaji_decision_moves(pos, moves, KC_CHATURAJI_MAX_MOVES, &len);
    } else {
        kc_chaturaji_legal_moves(pos, (uint8_t)die, moves, KC_CHATURAJI_MAX_MOVES, &len);
    }
    for (i = 0; i < len; i++) {
        size_t n = 0;
        if (moves[i].kind == KC_CHATURAJI_MOVE_DECISION) {
            static const char letters[4] = {'K', 'E', 'H', 'B'};
            sprintf(texts[i], "promote:%c", letters[moves[i].promotion & 3]);
        } else {
            kc_chaturaji_move_to_text(moves[i], texts[i], sizeof texts[i], &n);
        }
    }
    qsort(texts, len, sizeof texts[0], compare_text);
    out[0] = '\0';
    for (i = 0; i < len && used + 20 < cap; i++) {
        used += (size_t)sprintf(out + used, "%s%s", i ? " " : "", texts[i]);
    }
}

static void end_line(kc_chaturaji_position *pos, int game, char *out) {
    kc_chaturaji_outcome_info outcome;
    kc_chaturaji_score_info scores;
    const char *status = "ongoing", *winner = "none";
    kc_chaturaji_outcome(pos, &outcome);
    kc_chaturaji_scores(pos, &scores);
    if (outcome.result == KC_CHATURAJI_COLOUR_WINS) {
        status = "one-colour-left";
        winner = colour_name(outcome.winners[0]);
    } else if (outcome.result == KC_CHATURAJI_TOP_SCORE_TIE) {
        status = "one-colour-left";
    } else if (outcome.result == KC_CHATURAJI_DRAW) {
        status = "turn-limit";
    }
    sprintf(out, "%d end %s %s green=%u red=%u black=%u yellow=%u", game, status, winner,
            (unsigned)scores.scores[KC_CHATURAJI_GREEN], (unsigned)scores.scores[KC_CHATURAJI_RED],
            (unsigned)scores.scores[KC_CHATURAJI_BLACK],
            (unsigned)scores.scores[KC_CHATURAJI_YELLOW]);
}

/* Compares `got` with the next line of the expected file. */
static void expect_line(char **cursor, const char *got, int *mismatches) {
    char *line = *cursor, *end = strchr(line, '\n');
    size_t n = end ? (size_t)(end - line) : strlen(line);
    if (strlen(got) != n || strncmp(line, got, n) != 0) {
        if ((*mismatches)++ < 5) {
            fprintf(stderr, "replay: got      %s\n        expected %.*s\n", got, (int)n, line);
        }
    }
    *cursor = end ? end + 1 : line + n;
}

static void test_replay(const char *in_path, const char *expected_path) {
    char *input = read_file(in_path), *expected = read_file(expected_path);
    char *line, *cursor;
    kc_chaturaji_rules rules = ludii_rules();
    kc_chaturaji_position *pos = NULL;
    static char got[8192];
    int game = -1, mismatches = 0, plies = 0;

    if (input == NULL || expected == NULL) {
        failed++;
        fprintf(stderr, "cannot read %s or %s\n", in_path, expected_path);
        free(input);
        free(expected);
        return;
    }
    cursor = expected;
    for (line = strtok(input, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        int number = 0, ply = 0, die = 0;
        char mover[16], die_text[4], chosen[32], text[32];
        uint8_t to_move = 0;
        kc_chaturaji_move mv;
        kc_chaturaji_undo_record undo;
        if (sscanf(line, "%d %d %15s %3s %31s", &number, &ply, mover, die_text, chosen) != 5) {
            failed++;
            fprintf(stderr, "bad line %s\n", line);
            break;
        }
        if (number != game) {
            if (pos != NULL) {
                end_line(pos, game, got);
                expect_line(&cursor, got, &mismatches);
                kc_chaturaji_position_free(pos);
            }
            game = number;
            pos = NULL;
            kc_chaturaji_position_new_start(&rules, &pos);
        }
        kc_chaturaji_to_move(pos, &to_move);
        if (strcmp(mover, colour_name(to_move)) != 0) {
            mismatches++;
            fprintf(stderr, "game %d ply %d: %s recorded, %s to move\n", number, ply, mover,
                    colour_name(to_move));
        }
        die = die_text[0] == '-' ? 0 : atoi(die_text);
        {
            char *at = got + sprintf(got, "%d %d ", number, ply);
            legal_line(pos, die, at, sizeof got - (size_t)(at - got));
        }
        expect_line(&cursor, got, &mismatches);
        if (strncmp(chosen, "promote:", 8) == 0) {
            sprintf(text, "=%s", chosen + 8);
        } else {
            strcpy(text, chosen);
        }
        if (kc_chaturaji_move_from_text(text, &mv) != KC_OK
            || kc_chaturaji_play(pos, (uint8_t)(die ? die : 2), mv, &undo) != KC_OK) {
            mismatches++;
            fprintf(stderr, "game %d ply %d: %s: %s\n", number, ply, chosen, last_error());
            continue;
        }
        /* Every seventh ply: take it back and play it again. */
        if (plies++ % 7 == 0) {
            if (kc_chaturaji_undo(pos, &undo) != KC_OK
                || kc_chaturaji_play(pos, (uint8_t)(die ? die : 2), mv, NULL) != KC_OK) {
                mismatches++;
                fprintf(stderr, "game %d ply %d: undo and replay failed: %s\n", number, ply,
                        last_error());
            }
        }
    }
    if (pos != NULL) {
        end_line(pos, game, got);
        expect_line(&cursor, got, &mismatches);
        kc_chaturaji_position_free(pos);
    }
    CHECK(mismatches == 0);
    CHECK(*cursor == '\0');
    printf("replay: %d plies, %d mismatches\n", plies, mismatches);
    free(input);
    free(expected);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s <sample.in> <sample.expected> <seed> <final text>\n", argv[0]);
        return 2;
    }
    test_rules_and_start();
    test_decision();
    test_end_and_ranking();
    test_play_random(strtoull(argv[3], NULL, 10), argv[4]);
    test_replay(argv[1], argv[2]);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
