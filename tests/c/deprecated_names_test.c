/*
 * C99 test of the names of version 0.2 that version 0.3 renamed: each
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
    uint32_t ply = 99, ply_new = 98;
    uint64_t state = 7, state_new = 7;
    kc_kaissa_move mv, mv_new;
    kc_kaissa_undo_record undo;

    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);

    /* kc_kaissa_ply32 -> kc_kaissa_ply (both uint32_t) */
    CHECK_STATUS(kc_kaissa_move_from_text("d1f4", &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_play(pos, mv, &undo), KC_OK);
    CHECK_STATUS(kc_kaissa_ply32(pos, &ply), KC_OK);
    CHECK_STATUS(kc_kaissa_ply(pos, &ply_new), KC_OK);
    CHECK(ply == 1 && ply_new == 1);
    CHECK_STATUS(kc_kaissa_ply32(pos, NULL), KC_ERR_NULL_POINTER);

    /* kc_kaissa_random_move -> kc_kaissa_choose_move: the same move and
     * the same state afterwards */
    CHECK_STATUS(kc_kaissa_random_move(pos, &state, &mv), KC_OK);
    CHECK_STATUS(kc_kaissa_choose_move(pos, &state_new, &mv_new), KC_OK);
    CHECK(state == state_new && state != 7);
    CHECK(mv.kind == mv_new.kind && mv.from == mv_new.from && mv.to == mv_new.to);
    CHECK_STATUS(kc_kaissa_random_move(NULL, &state, &mv), KC_ERR_NULL_POINTER);

    kc_kaissa_position_free(pos);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
