/*
 * C99 test of the names of version 0.1 that version 0.2 renamed: each
 * still compiles, links and answers as the name that replaced it. Built
 * and run by tests/capi/programs.rs with
 *   cc -std=c99 -Wall -Wextra -Wpedantic -Werror -Wno-deprecated-declarations
 * (and compiled once more with the deprecation warnings on, to see that the
 * header marks every renamed function). Prints "N passed, M failed" last
 * and exits 0 only when nothing failed.
 */
#include <stdint.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

int main(void) {
    kc_kaissa_position *pos = NULL;
    kc_record *record = NULL;
    kc_agent *agent = NULL;
    uint8_t side = 9, side_new = 8, game = 9;
    uint64_t ply = 99;
    uint32_t ply_new = 98;
    char text[KC_READABLE_MOVE_CAP], text_new[KC_READABLE_MOVE_CAP];
    size_t len = 0, len_new = 0;
    kc_kaissa_move mv;
    kc_kaissa_undo_record undo;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);

    /* kc_kaissa_side_to_move -> kc_kaissa_to_move */
    CHECK_STATUS(kc_kaissa_side_to_move(pos, &side), KC_OK);
    CHECK_STATUS(kc_kaissa_to_move(pos, &side_new), KC_OK);
    CHECK(side == side_new && side == KC_KAISSA_YELLOW);
    CHECK_STATUS(kc_kaissa_side_to_move(NULL, &side), KC_ERR_NULL_POINTER);

    /* kc_kaissa_move_to_san / _from_san -> kc_kaissa_move_to_readable /
     * _from_readable */
    CHECK_STATUS(kc_kaissa_move_to_san(pos, "d1f4", text, sizeof text, &len), KC_OK);
    CHECK_STATUS(kc_kaissa_move_to_readable(pos, "d1f4", text_new, sizeof text_new, &len_new),
                 KC_OK);
    CHECK(len == len_new && strcmp(text, text_new) == 0 && strcmp(text, "Tf4") == 0);
    CHECK_STATUS(kc_kaissa_move_from_san(pos, "Tf4", text_new, sizeof text_new, &len_new), KC_OK);
    CHECK(strcmp(text_new, "d1f4") == 0);
    CHECK_STATUS(kc_kaissa_move_from_san(pos, "Zf4", text_new, sizeof text_new, &len_new),
                 KC_ERR_PARSE);

    /* kc_kaissa_ply (uint64_t) -> kc_kaissa_ply32 (uint32_t) */
    CHECK_STATUS(kc_kaissa_move_from_text("d1f4", &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_play(pos, mv, &undo), KC_OK);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply), KC_OK);
    CHECK_STATUS(kc_kaissa_ply32(pos, &ply_new), KC_OK);
    CHECK(ply == 1 && ply_new == 1);
    CHECK_STATUS(kc_kaissa_ply(pos, NULL), KC_ERR_NULL_POINTER);

    /* KC_RECORD_KAISSA, KC_RECORD_CHATURAJI -> KC_GAME_KAISSA, KC_GAME_CHATURAJI */
    CHECK(KC_RECORD_KAISSA == KC_GAME_KAISSA && KC_RECORD_CHATURAJI == KC_GAME_CHATURAJI);
    CHECK_STATUS(kc_record_new_kaissa(pos, &record), KC_OK);
    CHECK_STATUS(kc_record_game(record, &game), KC_OK);
    CHECK(game == KC_RECORD_KAISSA);
    kc_record_free(record);

    /* KC_AGENT_GAME_KAISSA, KC_AGENT_GAME_CHATURAJI -> the same two */
    CHECK(KC_AGENT_GAME_KAISSA == KC_GAME_KAISSA && KC_AGENT_GAME_CHATURAJI == KC_GAME_CHATURAJI);
    CHECK_STATUS(kc_agent_new(KC_AGENT_GAME_CHATURAJI, KC_AGENT_RANDOM, NULL, 1, &agent), KC_OK);
    kc_agent_free(agent);

    kc_kaissa_position_free(pos);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
