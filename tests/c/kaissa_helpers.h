/*
 * What the Kaissa C99 test programs in tests/c share: the start position's
 * text, a position's text compared with an expected one, and a move read
 * from its text.
 */
#ifndef KC_TEST_KAISSA_HELPERS_H
#define KC_TEST_KAISSA_HELPERS_H

#include <stdio.h>
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

#endif
