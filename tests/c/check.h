/*
 * The checks the C99 test programs in tests/c share: pass and fail
 * counters, CHECK(cond), and CHECK_STATUS(expr, expected), which also
 * prints the status's message and the library's last error message when
 * it fails. Each program prints "N passed, M failed" last and exits 0
 * only when nothing failed.
 */
#ifndef KC_TEST_CHECK_H
#define KC_TEST_CHECK_H

#include <stdio.h>

#include "kaissa_chaturaji.h"

static int passed = 0;
static int failed = 0;

/* The calling thread's last error message, in a static buffer. */
static inline const char *last_error(void) {
    static char msg[1024];
    size_t len = 0;
    if (kc_last_error_message(msg, sizeof msg, &len) != KC_OK) {
        return "(kc_last_error_message failed)";
    }
    return msg;
}

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) {                                                              \
            passed++;                                                            \
        } else {                                                                 \
            failed++;                                                            \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__,     \
                    #cond);                                                      \
        }                                                                        \
    } while (0)

#define CHECK_STATUS(expr, expected)                                             \
    do {                                                                         \
        kc_status s_ = (expr);                                                   \
        if (s_ == (expected)) {                                                  \
            passed++;                                                            \
        } else {                                                                 \
            failed++;                                                            \
            fprintf(stderr, "%s:%d: %s gave %d (%s), expected %d\n", __FILE__,   \
                    __LINE__, #expr, (int)s_, kc_status_message((int)s_),        \
                    (int)(expected));                                            \
            fprintf(stderr, "    last error: %s\n", last_error());               \
        }                                                                        \
    } while (0)

#endif
