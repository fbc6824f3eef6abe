/*
 * C99 test of the game record, readable move and SVG parts of the C ABI
 * (include/kaissa_chaturaji.h). Built and run by tests/capi/record.rs with
 *   cc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * against the static library.
 *
 * Usage: record_test <records file> <expected record text>
 * For each record of the file it prints "position: <final position text>"
 * and "result: <result>" (the Rust side compares them with the Rust
 * API's); the second argument is the text the Rust API writes for the
 * Kaissa record this program builds. Prints "N passed, M failed" last and
 * exits 0 only when nothing failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

#define START_TEXT "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh"

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    char *text = NULL;
    long size;
    if (file == NULL) {
        return NULL;
    }
    if (fseek(file, 0, SEEK_END) == 0 && (size = ftell(file)) >= 0 &&
        fseek(file, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text != NULL) {
            size_t got = fread(text, 1, (size_t)size, file);
            text[got] = '\0';
        }
    }
    fclose(file);
    return text;
}

/* The text a text query writes, asked for in two steps: the size, then
   the text. The caller frees it. */
typedef kc_status (*record_query)(const kc_record *, char *, size_t, size_t *);

static char *query(record_query f, const kc_record *record) {
    size_t needed = 0;
    char *buf;
    if (f(record, NULL, 0, &needed) != KC_ERR_BUFFER_TOO_SMALL) {
        return NULL;
    }
    buf = malloc(needed);
    if (buf != NULL && f(record, buf, needed, &needed) != KC_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static kc_status svg_default(const kc_record *record, char *buf, size_t cap, size_t *out_len) {
    return kc_record_svg(record, 0, buf, cap, out_len);
}

/* Every record of the file: its final position and result. */
static void check_file(const char *text) {
    size_t count = 0;
    size_t i;
    kc_record_error_info where = {0, 0, 0};
    CHECK_STATUS(kc_record_count(text, &count, &where), KC_OK);
    CHECK(count > 0);
    for (i = 0; i < count; i++) {
        kc_record *record = NULL;
        size_t actions = 0;
        size_t len = 0;
        char position[KC_CHATURAJI_POSITION_TEXT_CAP];
        char result[KC_RECORD_RESULT_CAP];
        CHECK_STATUS(kc_record_read(text, i, &record, NULL), KC_OK);
        CHECK_STATUS(kc_record_action_count(record, &actions), KC_OK);
        CHECK_STATUS(kc_record_position_text(record, actions, position, sizeof position, &len), KC_OK);
        CHECK_STATUS(kc_record_result(record, result, sizeof result, &len), KC_OK);
        printf("position: %s\nresult: %s\n", position, result);
        kc_record_free(record);
    }
    {
        kc_record *record = NULL;
        CHECK_STATUS(kc_record_read(text, count, &record, NULL), KC_ERR_INVALID_ARGUMENT);
        CHECK(record == NULL);
    }
}

static void check_errors(void) {
    const char *bad = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n"
                      "1. e2e5 e9e6 2. e5e6 *\n";
    const char *claim = "[Game \"kaissa\"]\n[Result \"red-wins\"]\n"
                        "[Termination \"home-stone-captured\"]\n\n1. e2e5 red-wins\n";
    kc_record *record = NULL;
    kc_record_error_info where = {0, 0, 0};
    size_t count = 99;
    CHECK_STATUS(kc_record_read(bad, 0, &record, &where), KC_ERR_ILLEGAL_MOVE);
    CHECK(record == NULL);
    CHECK(where.line == 5 && where.column == 17 && where.ply == 3);
    CHECK(strncmp(last_error(), "kc_record_read: 5:17: ply 3: ", 29) == 0);
    CHECK_STATUS(kc_record_read(claim, 0, &record, &where), KC_ERR_PARSE);
    CHECK(where.line == 3 && where.column == 15 && where.ply == 1);
    CHECK_STATUS(kc_record_count(claim, &count, NULL), KC_ERR_PARSE);
    CHECK(count == 99);
    CHECK_STATUS(kc_record_read("[Game \"go\"]\n", 0, &record, &where), KC_ERR_PARSE);
    CHECK(where.line == 1 && where.column == 8 && where.ply == 0);
    CHECK_STATUS(kc_record_read(NULL, 0, &record, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_record_read(bad, 0, NULL, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_record_count("", &count, NULL), KC_OK);
    CHECK(count == 0);
    kc_record_free(NULL);
}

/* A text whose second record has a byte that is not UTF-8 (line 8,
   column 11), between two right records: the first reads, the bad one is
   reported at its line and column with KC_ERR_INVALID_UTF8, and a reader
   goes on to the third. */
static void check_bad_record_among_good(void) {
    const char *text = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n"
                       "1. e5 e6 2. Tf4 *\n\n"
                       "[Game \"kaissa\"]\n[Event \"ba\xff\"]\n[Result \"*\"]\n"
                       "[Termination \"unfinished\"]\n\n1. e2e5 *\n\n"
                       "[Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n"
                       "1. 2:rBh1-f3 *\n";
    kc_record *record = NULL;
    kc_record_reader *reader = NULL;
    kc_record_error_info where = {0, 0, 0};
    size_t count = 99;
    size_t len = 0;
    char action[KC_RECORD_ACTION_TEXT_CAP];
    /* The record before the bad byte reads, with its readable moves. */
    CHECK_STATUS(kc_record_read(text, 0, &record, &where), KC_OK);
    CHECK_STATUS(kc_record_action_text(record, 2, action, sizeof action, &len), KC_OK);
    CHECK(strcmp(action, "d1f4") == 0);
    kc_record_free(record);
    record = NULL;
    /* The bad one: its line and column, as the Rust reader gives them. */
    CHECK_STATUS(kc_record_read(text, 1, &record, &where), KC_ERR_INVALID_UTF8);
    CHECK(record == NULL);
    CHECK(where.line == 8 && where.column == 11 && where.ply == 0);
    CHECK(strncmp(last_error(), "kc_record_read: 8:11: ", 22) == 0);
    where.line = where.column = 0;
    CHECK_STATUS(kc_record_count(text, &count, &where), KC_ERR_INVALID_UTF8);
    CHECK(count == 99);
    CHECK(where.line == 8 && where.column == 11);
    /* A reader reads on past it. */
    CHECK_STATUS(kc_record_reader_new(text, 0, &reader), KC_OK);
    CHECK_STATUS(kc_record_reader_next(reader, &record, &where), KC_OK);
    CHECK(record != NULL);
    kc_record_free(record);
    where.line = where.column = 0;
    CHECK_STATUS(kc_record_reader_next(reader, &record, &where), KC_ERR_INVALID_UTF8);
    CHECK(record == NULL);
    CHECK(where.line == 8 && where.column == 11 && where.ply == 0);
    CHECK_STATUS(kc_record_reader_next(reader, &record, NULL), KC_OK);
    CHECK(record != NULL);
    if (record != NULL) {
        CHECK_STATUS(kc_record_action_text(record, 0, action, sizeof action, &len), KC_OK);
        CHECK(strcmp(action, "2:h1f3") == 0);
    }
    kc_record_free(record);
    CHECK_STATUS(kc_record_reader_next(reader, &record, NULL), KC_OK);
    CHECK(record == NULL);
    CHECK_STATUS(kc_record_reader_next(reader, &record, NULL), KC_OK);
    CHECK(record == NULL);
    CHECK_STATUS(kc_record_reader_next(NULL, &record, NULL), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_record_reader_next(reader, NULL, NULL), KC_ERR_NULL_POINTER);
    kc_record_reader_free(reader);
    kc_record_reader_free(NULL);
}

/* White space other than spaces and tabs, an illegal readable move, and
   lenient reading of a hand-written record. */
static void check_reading_rules(void) {
    const char *head = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n";
    const char *hand = "[Game \"kaissa\"]\n[Event \"by hand\"]\n\n1. e5 e6 2. Tf4\n";
    char text[256];
    char word[KC_RECORD_RESULT_CAP];
    size_t len = 0;
    kc_record *record = NULL;
    kc_record_reader *reader = NULL;
    kc_record_error_info where = {0, 0, 0};
    /* A no-break space (U+00A0) between two moves. */
    snprintf(text, sizeof text, "%s1. e2e5\xc2\xa0" "e9e6 *\n", head);
    CHECK_STATUS(kc_record_read(text, 0, &record, &where), KC_ERR_PARSE);
    CHECK(where.line == 5 && where.column == 8 && where.ply == 2);
    /* A form feed before a tag pair's value. */
    CHECK_STATUS(kc_record_read("[Game\f\"kaissa\"]\n", 0, &record, &where), KC_ERR_PARSE);
    CHECK(where.line == 1 && where.column == 6);
    /* A readable move that no piece can make is an illegal move. */
    snprintf(text, sizeof text, "%s1. e5 e6 2. Tf5 *\n", head);
    CHECK_STATUS(kc_record_read(text, 0, &record, &where), KC_ERR_ILLEGAL_MOVE);
    CHECK(where.line == 5 && where.column == 13 && where.ply == 3);
    CHECK(record == NULL);
    /* Lenient reading completes what a hand-written record lacks. */
    CHECK_STATUS(kc_record_reader_new(hand, 0, &reader), KC_OK);
    CHECK_STATUS(kc_record_reader_next(reader, &record, &where), KC_ERR_PARSE);
    kc_record_reader_free(reader);
    CHECK_STATUS(kc_record_reader_new(hand, KC_RECORD_READ_LENIENT, &reader), KC_OK);
    CHECK_STATUS(kc_record_reader_next(reader, &record, &where), KC_OK);
    CHECK(record != NULL);
    if (record != NULL) {
        CHECK_STATUS(kc_record_result(record, word, sizeof word, &len), KC_OK);
        CHECK(strcmp(word, "*") == 0);
        CHECK_STATUS(kc_record_termination(record, word, sizeof word, &len), KC_OK);
        CHECK(strcmp(word, "unfinished") == 0);
        CHECK_STATUS(kc_record_tag(record, "Event", word, sizeof word, &len), KC_OK);
        CHECK(strcmp(word, "by hand") == 0);
    }
    kc_record_free(record);
    kc_record_reader_free(reader);
    reader = NULL;
    CHECK_STATUS(kc_record_reader_new(hand, 2, &reader), KC_ERR_INVALID_ARGUMENT);
    CHECK(reader == NULL);
    CHECK_STATUS(kc_record_reader_new(NULL, 0, &reader), KC_ERR_NULL_POINTER);
    CHECK_STATUS(kc_record_reader_new(hand, 0, NULL), KC_ERR_NULL_POINTER);
}

static void check_kaissa_record(const char *expected) {
    kc_kaissa_position *start = NULL;
    kc_record *record = NULL;
    kc_record *back = NULL;
    uint8_t game = 9;
    size_t len = 0;
    size_t actions = 0;
    char text[KC_CHATURAJI_POSITION_TEXT_CAP];
    char *written;
    CHECK_STATUS(kc_kaissa_position_new_start(&start), KC_OK);
    CHECK_STATUS(kc_record_new_kaissa(start, &record), KC_OK);
    CHECK_STATUS(kc_record_game(record, &game), KC_OK);
    CHECK(game == KC_GAME_KAISSA);
    CHECK_STATUS(kc_record_set_tag(record, "Event", "C \"test\""), KC_OK);
    CHECK_STATUS(kc_record_set_tag(record, "Result", "*"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_tag(record, "Date", "soon"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_play(record, "e2e5"), KC_OK);
    CHECK_STATUS(kc_record_play(record, "e9e6"), KC_OK);
    CHECK_STATUS(kc_record_play(record, "e5e6"), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_record_play(record, "e5x6"), KC_ERR_PARSE);
    CHECK_STATUS(kc_record_play(record, "d1f4"), KC_OK);
    CHECK_STATUS(kc_record_add_comment(record, "Red {resigns}"), KC_OK);
    CHECK_STATUS(kc_record_add_comment(record, "bell\a"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_result(record, "yellow-wins", "home-stone-captured"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_result(record, "rg-wins", "resignation"), KC_ERR_PARSE);
    CHECK_STATUS(kc_record_set_result(record, "yellow-wins", "checkmate"), KC_ERR_PARSE);
    CHECK_STATUS(kc_record_set_result(record, "yellow-wins", "resignation"), KC_OK);
    CHECK_STATUS(kc_record_termination(record, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "resignation") == 0 && len == 11);
    CHECK_STATUS(kc_record_tag(record, "Event", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "C \"test\"") == 0);
    CHECK_STATUS(kc_record_tag(record, "Game", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "kaissa") == 0);
    CHECK_STATUS(kc_record_tag(record, "Site", text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_action_text(record, 2, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "d1f4") == 0);
    CHECK_STATUS(kc_record_action_text(record, 3, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_position_text(record, 0, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, START_TEXT) == 0);
    CHECK_STATUS(kc_record_position_text(record, 4, text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_write(record, text, 4, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == strlen(expected) + 1);
    written = query(kc_record_write, record);
    CHECK(written != NULL && strcmp(written, expected) == 0);
    if (written != NULL) {
        CHECK_STATUS(kc_record_read(written, 0, &back, NULL), KC_OK);
        CHECK_STATUS(kc_record_action_count(back, &actions), KC_OK);
        CHECK(actions == 3);
        free(written);
    }
    written = query(svg_default, record);
    CHECK(written != NULL && strncmp(written, "<svg", 4) == 0);
    free(written);
    kc_record_free(back);
    kc_record_free(record);
    kc_kaissa_position_free(start);
}

static void check_chaturaji_record(void) {
    kc_chaturaji_rules rules;
    kc_chaturaji_position *start = NULL;
    kc_record *record = NULL;
    uint8_t game = 9;
    size_t len = 0;
    char text[KC_RECORD_RESULT_CAP];
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &start), KC_OK);
    CHECK_STATUS(kc_record_new_chaturaji(start, &record), KC_OK);
    CHECK_STATUS(kc_record_game(record, &game), KC_OK);
    CHECK(game == KC_GAME_CHATURAJI);
    CHECK_STATUS(kc_record_play(record, "2:h1f3"), KC_OK);
    CHECK_STATUS(kc_record_play(record, "4:pass"), KC_OK);
    CHECK_STATUS(kc_record_play(record, "exchange:rh4,be8"), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_record_play(record, "7:pass"), KC_ERR_PARSE);
    CHECK_STATUS(kc_record_tag(record, "Rules", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "opposite") == 0);
    CHECK_STATUS(kc_record_set_result(record, "rg-wins", "resignation"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_result(record, "ry-wins", "resignation"), KC_OK);
    CHECK_STATUS(kc_record_result(record, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "ry-wins") == 0);
    kc_record_free(record);
    kc_chaturaji_position_free(start);
}

static void check_readable(void) {
    kc_kaissa_position *kaissa = NULL;
    kc_chaturaji_rules rules;
    kc_chaturaji_position *chaturaji = NULL;
    char text[KC_READABLE_MOVE_CAP];
    size_t len = 0;
    CHECK_STATUS(kc_kaissa_position_new_start(&kaissa), KC_OK);
    CHECK_STATUS(kc_kaissa_move_to_readable(kaissa, "d1f4", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "Tf4") == 0 && len == 3);
    CHECK_STATUS(kc_kaissa_move_to_readable(kaissa, "d1f4", text, 3, &len), KC_ERR_BUFFER_TOO_SMALL);
    CHECK(len == 4);
    CHECK_STATUS(kc_kaissa_move_to_readable(kaissa, "e2e6", text, sizeof text, &len), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_kaissa_move_to_readable(kaissa, "e2", text, sizeof text, &len), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_move_from_readable(kaissa, "e5", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "e2e5") == 0);
    CHECK_STATUS(kc_kaissa_move_from_readable(kaissa, "Zf4", text, sizeof text, &len), KC_ERR_PARSE);
    CHECK_STATUS(kc_kaissa_move_from_readable(kaissa, "Tf5", text, sizeof text, &len), KC_ERR_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "no Yellow Tarnsman can move to f5") != NULL);
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &chaturaji), KC_OK);
    CHECK_STATUS(kc_chaturaji_move_to_readable(chaturaji, 3, "h2f3", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "rH h2-f3") == 0);
    CHECK_STATUS(kc_chaturaji_move_to_readable(chaturaji, 2, "h2f3", text, sizeof text, &len), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_move_to_readable(chaturaji, 7, "h2f3", text, sizeof text, &len), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_chaturaji_move_from_readable(chaturaji, 3, "rHf3", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "h2f3") == 0);
    CHECK_STATUS(kc_chaturaji_move_from_readable(chaturaji, 4, "pass", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "pass") == 0);
    CHECK_STATUS(kc_chaturaji_move_from_readable(chaturaji, 3, "gE b1-c3", text, sizeof text, &len), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_chaturaji_move_from_readable(chaturaji, 3, "", text, sizeof text, &len), KC_ERR_PARSE);
    CHECK_STATUS(kc_chaturaji_move_from_readable(NULL, 3, "rHf3", text, sizeof text, &len), KC_ERR_NULL_POINTER);
    {
        size_t needed = 0;
        char *svg;
        CHECK_STATUS(kc_kaissa_svg(kaissa, "e2e5", 0, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
        svg = malloc(needed);
        CHECK(svg != NULL);
        if (svg != NULL) {
            CHECK_STATUS(kc_kaissa_svg(kaissa, "e2e5", 0, svg, needed, &len), KC_OK);
            CHECK(len + 1 == needed && strncmp(svg, "<svg", 4) == 0 && strstr(svg, "</svg>") != NULL);
            free(svg);
        }
        CHECK_STATUS(kc_kaissa_svg(kaissa, "e2", 0, NULL, 0, &needed), KC_ERR_PARSE);
        CHECK_STATUS(kc_chaturaji_svg(chaturaji, NULL, 20, NULL, 0, &needed), KC_ERR_BUFFER_TOO_SMALL);
        svg = malloc(needed);
        if (svg != NULL) {
            CHECK_STATUS(kc_chaturaji_svg(chaturaji, NULL, 20, svg, needed, &len), KC_OK);
            CHECK(strstr(svg, "width=\"180\"") != NULL);
            free(svg);
        }
    }
    kc_chaturaji_position_free(chaturaji);
    kc_kaissa_position_free(kaissa);
}

/* A record of the Ludii ruleset: decisions without a roll, the Scores
   tag, a colour's win. */
static void check_ludii_record(void) {
    kc_chaturaji_rules rules;
    kc_chaturaji_position *start = NULL;
    kc_record *record = NULL;
    size_t len = 0;
    char text[KC_RECORD_RESULT_CAP];
    CHECK_STATUS(kc_chaturaji_rules_ludii(&rules), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &start), KC_OK);
    CHECK_STATUS(kc_record_new_chaturaji(start, &record), KC_OK);
    CHECK_STATUS(kc_record_play(record, "=K"), KC_ERR_ILLEGAL_MOVE);
    CHECK_STATUS(kc_record_play(record, "5:=K"), KC_ERR_PARSE);
    CHECK_STATUS(kc_record_play(record, "3:b1c3"), KC_OK);
    CHECK_STATUS(kc_record_tag(record, "Rules", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "ludii") == 0);
    CHECK_STATUS(kc_record_tag(record, "Scores", text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "0,0,0,0") == 0);
    CHECK_STATUS(kc_record_set_result(record, "rg-wins", "resignation"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_result(record, "green-wins", "ranking"), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_record_set_result(record, "green-wins", "resignation"), KC_OK);
    CHECK_STATUS(kc_record_result(record, text, sizeof text, &len), KC_OK);
    CHECK(strcmp(text, "green-wins") == 0);
    kc_record_free(record);
    kc_chaturaji_position_free(start);
}

int main(int argc, char **argv) {
    char *file;
    if (argc != 3) {
        fprintf(stderr, "usage: record_test <records file> <expected record text>\n");
        return 2;
    }
    file = read_file(argv[1]);
    CHECK(file != NULL);
    if (file != NULL) {
        check_file(file);
        free(file);
    }
    check_errors();
    check_bad_record_among_good();
    check_reading_rules();
    check_kaissa_record(argv[2]);
    check_chaturaji_record();
    check_ludii_record();
    check_readable();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
