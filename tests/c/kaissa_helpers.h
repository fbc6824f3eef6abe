/*
 * What the Kaissa C99 test programs in tests/c share: the start position's
 * text, a position's text compared with an expected one, a move read from
 * its text, and the perft numbers to expect.
 */
#ifndef KC_TEST_KAISSA_HELPERS_H
#define KC_TEST_KAISSA_HELPERS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"

#define START_TEXT "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh"

/* Whether the text of `pos` is exactly `expected`. */
static inline int text_is(const kc_kaissa_position *pos, const char *expected) {
    char buf[KC_KAISSA_POSITION_TEXT_CAP];
    size_t len = 0;
    if (kc_kaissa_position_to_text(pos, buf, sizeof buf, &len) != KC_OK) {
        return 0;
    }
    return len == strlen(expected) && strcmp(buf, expected) == 0;
}

/* The move of `text` (a malformed one, 255/255/255, if it does not parse). */
static inline kc_kaissa_move mv_text(const char *text) {
    kc_kaissa_move mv = {255, 255, 255};
    if (kc_kaissa_move_from_text(text, &mv) != KC_OK) {
        fprintf(stderr, "bad move text in test: %s\n", text);
    }
    return mv;
}

/* The perft numbers from the start for depths 0 to 3: Fairy-Stockfish's
 * (pyffish, recorded in tests/data/kaissa.perft), replaced by the numbers
 * given as arguments 1 to 3 when there are (tests/capi/programs.rs passes the Rust
 * API's, checked against the same file). */
static inline void perft_arguments(int argc, char **argv, uint64_t expected[4]) {
    expected[0] = 1;
    expected[1] = 40;
    expected[2] = 1600;
    expected[3] = 70656;
    if (argc >= 4) {
        expected[1] = strtoull(argv[1], NULL, 10);
        expected[2] = strtoull(argv[2], NULL, 10);
        expected[3] = strtoull(argv[3], NULL, 10);
    }
}

#endif
