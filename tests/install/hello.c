/* A C99 program that uses the *installed* kaissa_chaturaji library, built by
 * tests/packaging/install.rs outside the repository with pkg-config:
 *   cc -std=c99 hello.c $(pkg-config --cflags --libs kaissa_chaturaji)
 *   cc -std=c99 hello.c $(pkg-config --cflags --libs kaissa_chaturaji_static)
 * It prints the library version and perft counts of both games' start
 * positions, which the test compares with the Rust API's. */
#include <inttypes.h>
#include <stdio.h>

#include <kaissa_chaturaji.h>

int main(void) {
    kc_kaissa_position *kaissa = NULL;
    kc_chaturaji_position *chaturaji = NULL;
    kc_chaturaji_rules rules;
    uint64_t kaissa_nodes = 0;
    uint64_t chaturaji_nodes = 0;
    int failed = 0;

    if (kc_kaissa_position_new_start(&kaissa) != KC_OK ||
        kc_kaissa_perft(kaissa, 2, &kaissa_nodes) != KC_OK) {
        failed = 1;
    }
    if (kc_chaturaji_rules_default(&rules) != KC_OK ||
        kc_chaturaji_position_new_start(&rules, &chaturaji) != KC_OK ||
        kc_chaturaji_perft(chaturaji, 3, &chaturaji_nodes) != KC_OK) {
        failed = 1;
    }
    kc_kaissa_position_free(kaissa);
    kc_chaturaji_position_free(chaturaji);
    if (failed) {
        fprintf(stderr, "a kc_ call failed\n");
        return 1;
    }
    printf("version %s\n", kc_version());
    printf("kaissa perft 2 %" PRIu64 "\n", kaissa_nodes);
    printf("chaturaji perft 3 %" PRIu64 "\n", chaturaji_nodes);
    return 0;
}
