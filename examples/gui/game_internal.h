/*
 * game_internal.h - what game.c and game_record.c (the only files of the
 * GUI that call the kaissa-chaturaji C ABI) share: the Game object and a
 * few helpers. The rest of the GUI sees only game.h.
 */
#ifndef KC_GUI_GAME_INTERNAL_H
#define KC_GUI_GAME_INTERNAL_H

#include "game.h"

#include "kaissa_chaturaji.h"

typedef struct HistEntry {
    union {
        kc_kaissa_undo_record k;
        kc_chaturaji_undo_record c;
    } undo;
    /* Chaturaji raja exchange (not a move, so the library has no undo
     * record for it): the position before it, and colour, square, colour,
     * square. NULL for a move. */
    kc_chaturaji_position *before;
    uint8_t exchange[4];
    uint8_t roll;  /* Chaturaji: the roll the move was played for (0: decision) */
    uint8_t mover; /* the side / seat that moved */
} HistEntry;

struct Game {
    GameKind kind;
    kc_kaissa_position *k;
    kc_chaturaji_position *c;
    /* The position the game started from (a copy), for its record. */
    kc_kaissa_position *k_start;
    kc_chaturaji_position *c_start;
    uint64_t rng;
    int roll; /* Chaturaji: the current roll, 0 before the seat to move rolls */
    /* The legal moves now (Kaissa), or for the current roll (Chaturaji). */
    size_t move_count;
    union {
        kc_kaissa_move k[KC_KAISSA_MAX_MOVES];
        kc_chaturaji_move c[KC_CHATURAJI_MAX_MOVES];
    } moves;
    HistEntry *hist;
    int hist_len, hist_cap;
};

/* Stops the program with the library's message when `status` is not KC_OK
 * (for calls that cannot fail with correct arguments). */
void must(kc_status status, const char *what);
/* A new Game of `kind` with no position yet. */
Game *game_alloc(GameKind kind, uint64_t seed);
/* Keeps a copy of the start position (for game_save_record). */
void keep_start(Game *g);
/* Recomputes the legal moves: Kaissa's, a pending Ludii decision's, or
 * those of the current roll. */
void refresh_moves(Game *g);
/* The library's rules options for a GUI rules option. */
kc_chaturaji_rules rules_of(GameRules option);

#endif
