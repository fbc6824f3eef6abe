/*
 * game.c - the adapter between the GUI and the kaissa-chaturaji C ABI.
 *
 * Every kc_ call of the GUI is in this file (see game.h). A failure that
 * cannot happen with correct arguments stops the program with the library's
 * message (must()); the expected refusals (an illegal move, a roll outside
 * 2..5) are reported to the caller instead.
 */
#include "game.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"

typedef struct HistEntry {
    union {
        kc_kaissa_undo_record k;
        kc_chaturaji_undo_record c;
    } undo;
    uint8_t roll;  /* Chaturaji: the roll the move was played for */
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

const char *game_last_error(void) {
    static char msg[512];
    size_t len = 0;
    if (kc_last_error_message(msg, sizeof msg, &len) != KC_OK) {
        return "(no message)";
    }
    return msg;
}

const char *game_library_version(void) { return kc_version(); }

static void must(kc_status status, const char *what) {
    if (status != KC_OK) {
        fprintf(stderr, "kc_gui: %s failed: %s (%s)\n", what, kc_status_message((int)status),
                game_last_error());
        abort();
    }
}

static void refresh_moves(Game *g) {
    g->move_count = 0;
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_legal_moves(g->k, g->moves.k, KC_KAISSA_MAX_MOVES, &g->move_count),
             "kc_kaissa_legal_moves");
    } else if (g->roll != 0) {
        must(kc_chaturaji_legal_moves(g->c, (uint8_t)g->roll, g->moves.c, KC_CHATURAJI_MAX_MOVES,
                                      &g->move_count),
             "kc_chaturaji_legal_moves");
    }
}

static Game *game_alloc(GameKind kind, uint64_t seed) {
    Game *g = calloc(1, sizeof *g);
    if (g == NULL) {
        fprintf(stderr, "kc_gui: out of memory\n");
        abort();
    }
    g->kind = kind;
    g->rng = seed;
    return g;
}

/* Keeps a copy of the start position (for game_save_record). */
static void keep_start(Game *g) {
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_position_clone(g->k, &g->k_start), "kc_kaissa_position_clone");
    } else {
        must(kc_chaturaji_position_clone(g->c, &g->c_start), "kc_chaturaji_position_clone");
    }
}

Game *game_new_kaissa(uint64_t seed) {
    Game *g = game_alloc(GAME_KAISSA, seed);
    must(kc_kaissa_position_new_start(&g->k), "kc_kaissa_position_new_start");
    keep_start(g);
    refresh_moves(g);
    return g;
}

Game *game_new_chaturaji(int opposite_alliances, uint64_t seed) {
    Game *g = game_alloc(GAME_CHATURAJI, seed);
    kc_chaturaji_rules rules;
    must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
    rules.alliances =
        opposite_alliances ? KC_CHATURAJI_ALLIANCES_OPPOSITE : KC_CHATURAJI_ALLIANCES_SHEET;
    must(kc_chaturaji_position_new_start(&rules, &g->c), "kc_chaturaji_position_new_start");
    keep_start(g);
    refresh_moves(g);
    return g;
}

Game *game_from_text(GameKind kind, int opposite_alliances, const char *text, uint64_t seed,
                     char *err, size_t cap) {
    Game *g = game_alloc(kind, seed);
    kc_status status;
    if (kind == GAME_KAISSA) {
        status = kc_kaissa_position_from_text(text, &g->k);
    } else {
        kc_chaturaji_rules rules;
        must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
        rules.alliances =
            opposite_alliances ? KC_CHATURAJI_ALLIANCES_OPPOSITE : KC_CHATURAJI_ALLIANCES_SHEET;
        status = kc_chaturaji_position_from_text(text, &rules, &g->c);
    }
    if (status != KC_OK) {
        if (cap > 0) {
            snprintf(err, cap, "%s", game_last_error());
        }
        free(g);
        return NULL;
    }
    keep_start(g);
    refresh_moves(g);
    return g;
}

void game_free(Game *g) {
    if (g == NULL) {
        return;
    }
    kc_kaissa_position_free(g->k);
    kc_chaturaji_position_free(g->c);
    kc_kaissa_position_free(g->k_start);
    kc_chaturaji_position_free(g->c_start);
    free(g->hist);
    free(g);
}

uint64_t game_rng_state(const Game *g) { return g->rng; }
void game_set_rng_state(Game *g, uint64_t state) { g->rng = state; }

GameKind game_kind(const Game *g) { return g->kind; }
int game_width(const Game *g) {
    return g->kind == GAME_KAISSA ? KC_KAISSA_WIDTH : KC_CHATURAJI_WIDTH;
}
int game_height(const Game *g) {
    return g->kind == GAME_KAISSA ? KC_KAISSA_HEIGHT : KC_CHATURAJI_HEIGHT;
}
static int square_count(const Game *g) { return game_width(g) * game_height(g); }

int game_piece(const Game *g, int square, GamePiece *out) {
    static const char kaissa_letters[] = "UQTSBIPRAH";
    static const char *const kaissa_names[] = {"Ubar",    "Ubara",     "Tarnsman",
                                               "Scribe",  "Builder",   "Initiate",
                                               "Spearman", "Rider of the High Tharlarion",
                                               "Assassin", "Home Stone"};
    static const char chaturaji_letters[] = "KEHBP";
    static const char *const chaturaji_names[] = {"raja", "elephant", "horse", "boat", "pawn"};
    memset(out, 0, sizeof *out);
    if (square < 0 || square >= square_count(g)) {
        return 0;
    }
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_piece p;
        must(kc_kaissa_piece_at(g->k, (uint8_t)square, &p), "kc_kaissa_piece_at");
        if (p.present && p.kind <= KC_KAISSA_HOME_STONE) {
            out->present = 1;
            out->owner = p.side;
            out->kind = p.kind;
            out->letter = kaissa_letters[p.kind];
            out->name = kaissa_names[p.kind];
        }
    } else {
        kc_chaturaji_piece p;
        must(kc_chaturaji_piece_at(g->c, (uint8_t)square, &p), "kc_chaturaji_piece_at");
        if (p.present && p.kind <= KC_CHATURAJI_PAWN) {
            out->present = 1;
            out->owner = p.colour;
            out->kind = p.kind;
            out->letter = chaturaji_letters[p.kind];
            out->name = chaturaji_names[p.kind];
        }
    }
    return out->present;
}

const char *game_owner_name(const Game *g, int owner) {
    static const char *const kaissa[] = {"Yellow", "Red"};
    static const char *const chaturaji[] = {"Red", "Black", "Yellow", "Green"};
    if (g->kind == GAME_KAISSA) {
        return owner >= 0 && owner < 2 ? kaissa[owner] : "?";
    }
    return owner >= 0 && owner < 4 ? chaturaji[owner] : "?";
}

void game_square_name(const Game *g, int square, char *buf, size_t cap) {
    size_t len = 0;
    kc_status status;
    if (cap == 0) {
        return;
    }
    buf[0] = '\0';
    if (square < 0 || square >= square_count(g)) {
        return;
    }
    status = g->kind == GAME_KAISSA
                 ? kc_kaissa_square_to_text((uint8_t)square, buf, cap, &len)
                 : kc_chaturaji_square_to_text((uint8_t)square, buf, cap, &len);
    if (status != KC_OK) {
        buf[0] = '\0';
    }
}

int game_square_from_name(const Game *g, const char *name) {
    uint8_t sq = 0;
    kc_status status = g->kind == GAME_KAISSA ? kc_kaissa_square_from_text(name, &sq)
                                              : kc_chaturaji_square_from_text(name, &sq);
    return status == KC_OK ? (int)sq : -1;
}

int game_is_marked(const Game *g, int square) {
    uint8_t marked[KC_CHATURAJI_MARKED_SQUARE_COUNT];
    size_t len = 0, i;
    if (g->kind != GAME_CHATURAJI) {
        return 0;
    }
    must(kc_chaturaji_marked_squares(marked, KC_CHATURAJI_MARKED_SQUARE_COUNT, &len),
         "kc_chaturaji_marked_squares");
    for (i = 0; i < len; i++) {
        if (marked[i] == square) {
            return 1;
        }
    }
    return 0;
}

int game_throne_owner(const Game *g, int square) {
    uint8_t colour;
    if (g->kind != GAME_CHATURAJI) {
        return -1;
    }
    for (colour = 0; colour < 4; colour++) {
        uint8_t throne = 0;
        must(kc_chaturaji_throne(colour, &throne), "kc_chaturaji_throne");
        if (throne == square) {
            return colour;
        }
    }
    return -1;
}

int game_to_move(const Game *g) {
    uint8_t who = 0;
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_side_to_move(g->k, &who), "kc_kaissa_side_to_move");
    } else {
        must(kc_chaturaji_to_move(g->c, &who), "kc_chaturaji_to_move");
    }
    return who;
}

unsigned game_turn(const Game *g) {
    uint32_t turn = 0;
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_turn(g->k, &turn), "kc_kaissa_turn");
    }
    return turn;
}

unsigned game_ply(const Game *g) {
    if (g->kind == GAME_KAISSA) {
        uint64_t ply = 0;
        must(kc_kaissa_ply(g->k, &ply), "kc_kaissa_ply");
        return (unsigned)ply;
    } else {
        uint32_t ply = 0;
        must(kc_chaturaji_ply(g->c, &ply), "kc_chaturaji_ply");
        return ply;
    }
}

int game_is_over(const Game *g) {
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_outcome_info o;
        must(kc_kaissa_outcome(g->k, &o), "kc_kaissa_outcome");
        return o.result != KC_KAISSA_ONGOING;
    } else {
        kc_chaturaji_outcome_info o;
        must(kc_chaturaji_outcome(g->c, &o), "kc_chaturaji_outcome");
        return o.result != KC_CHATURAJI_ONGOING;
    }
}

void game_outcome_text(const Game *g, char *buf, size_t cap) {
    if (cap == 0) {
        return;
    }
    buf[0] = '\0';
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_outcome_info o;
        must(kc_kaissa_outcome(g->k, &o), "kc_kaissa_outcome");
        if (o.result == KC_KAISSA_ONGOING) {
            return;
        }
        if (o.result == KC_KAISSA_DRAW) {
            snprintf(buf, cap, "Drawn: %s",
                     o.reason == KC_KAISSA_REASON_TURN_LIMIT ? "the turn limit was reached"
                                                             : "the side to move has no legal move");
        } else {
            const char *winner = o.result == KC_KAISSA_YELLOW_WINS ? "Yellow" : "Red";
            const char *loser = o.result == KC_KAISSA_YELLOW_WINS ? "Red" : "Yellow";
            if (o.reason == KC_KAISSA_REASON_DEFAULT_LOSS) {
                snprintf(buf, cap, "%s wins: %s could not place its Home Stone on turn 10", winner,
                         loser);
            } else {
                snprintf(buf, cap, "%s wins: %s's Home Stone is captured", winner, loser);
            }
        }
    } else {
        kc_chaturaji_outcome_info o;
        must(kc_chaturaji_outcome(g->c, &o), "kc_chaturaji_outcome");
        if (o.result == KC_CHATURAJI_ALLIANCE_WINS) {
            snprintf(buf, cap, "%s and %s win: both opponents are out of the game",
                     game_owner_name(g, o.winners[0]), game_owner_name(g, o.winners[1]));
        } else if (o.result == KC_CHATURAJI_DRAW) {
            kc_chaturaji_rules rules;
            must(kc_chaturaji_position_rules(g->c, &rules), "kc_chaturaji_position_rules");
            snprintf(buf, cap, "Drawn: %u plies without a capture", (unsigned)rules.draw_limit);
        }
    }
}

void game_position_text(const Game *g, char *buf, size_t cap) {
    size_t len = 0;
    kc_status status = g->kind == GAME_KAISSA ? kc_kaissa_position_to_text(g->k, buf, cap, &len)
                                              : kc_chaturaji_position_to_text(g->c, buf, cap, &len);
    if (status != KC_OK && cap > 0) {
        buf[0] = '\0';
    }
}

/* ---------------------------------------------------------------- moves */

static int move_from(const Game *g, size_t i) {
    return g->kind == GAME_KAISSA ? g->moves.k[i].from : g->moves.c[i].from;
}
static int move_to(const Game *g, size_t i) {
    return g->kind == GAME_KAISSA ? g->moves.k[i].to : g->moves.c[i].to;
}
static int is_normal_move(const Game *g, size_t i) {
    return g->kind == GAME_KAISSA ? g->moves.k[i].kind == KC_KAISSA_MOVE_NORMAL
                                  : g->moves.c[i].kind != KC_CHATURAJI_MOVE_PASS;
}

int game_targets(const Game *g, int from, uint8_t *out, int cap) {
    int n = 0;
    size_t i;
    for (i = 0; i < g->move_count; i++) {
        if (is_normal_move(g, i) && move_from(g, i) == from) {
            int to = move_to(g, i), j, seen = 0;
            for (j = 0; j < n; j++) {
                seen |= out[j] == to; /* a special promotion appears four times */
            }
            if (!seen && n < cap) {
                out[n++] = (uint8_t)to;
            }
        }
    }
    return n;
}

int game_can_move_from(const Game *g, int square) {
    size_t i;
    for (i = 0; i < g->move_count; i++) {
        if (is_normal_move(g, i) && move_from(g, i) == square) {
            return 1;
        }
    }
    return 0;
}

int game_promotion_choices(const Game *g, int from, int to, int *kinds, int cap) {
    int n = 0;
    size_t i;
    if (g->kind != GAME_CHATURAJI) {
        return 0;
    }
    for (i = 0; i < g->move_count; i++) {
        const kc_chaturaji_move *m = &g->moves.c[i];
        if (m->kind == KC_CHATURAJI_MOVE_PROMOTION && m->from == from && m->to == to && n < cap) {
            kinds[n++] = m->promotion;
        }
    }
    return n;
}

static HistEntry *push_history(Game *g) {
    if (g->hist_len == g->hist_cap) {
        int cap = g->hist_cap ? g->hist_cap * 2 : 64;
        HistEntry *h = realloc(g->hist, (size_t)cap * sizeof *h);
        if (h == NULL) {
            fprintf(stderr, "kc_gui: out of memory\n");
            abort();
        }
        g->hist = h;
        g->hist_cap = cap;
    }
    memset(&g->hist[g->hist_len], 0, sizeof g->hist[0]);
    return &g->hist[g->hist_len++];
}

static GamePlayResult play_kaissa(Game *g, kc_kaissa_move mv) {
    HistEntry *h;
    uint8_t mover = (uint8_t)game_to_move(g);
    h = push_history(g);
    if (kc_kaissa_play(g->k, mv, &h->undo.k) != KC_OK) {
        g->hist_len--;
        return PLAY_ILLEGAL;
    }
    h->mover = mover;
    refresh_moves(g);
    return PLAY_OK;
}

static GamePlayResult play_chaturaji(Game *g, kc_chaturaji_move mv) {
    HistEntry *h;
    uint8_t mover = (uint8_t)game_to_move(g);
    if (g->roll == 0) {
        return PLAY_NEEDS_ROLL;
    }
    h = push_history(g);
    if (kc_chaturaji_play(g->c, (uint8_t)g->roll, mv, &h->undo.c) != KC_OK) {
        g->hist_len--;
        return PLAY_ILLEGAL;
    }
    h->roll = (uint8_t)g->roll;
    h->mover = mover;
    g->roll = 0;
    refresh_moves(g);
    return PLAY_OK;
}

GamePlayResult game_play(Game *g, int from, int to, int promotion) {
    size_t i;
    if (g->kind == GAME_CHATURAJI && g->roll == 0) {
        return PLAY_NEEDS_ROLL;
    }
    /* Only moves of the library's legal list are played. */
    for (i = 0; i < g->move_count; i++) {
        if (!is_normal_move(g, i) || move_from(g, i) != from || move_to(g, i) != to) {
            continue;
        }
        if (g->kind == GAME_KAISSA) {
            return play_kaissa(g, g->moves.k[i]);
        }
        if (g->moves.c[i].kind == KC_CHATURAJI_MOVE_PROMOTION &&
            g->moves.c[i].promotion != promotion) {
            continue;
        }
        if (g->moves.c[i].kind == KC_CHATURAJI_MOVE_NORMAL && promotion >= 0) {
            continue;
        }
        return play_chaturaji(g, g->moves.c[i]);
    }
    return PLAY_ILLEGAL;
}

int game_undo(Game *g) {
    HistEntry *h;
    if (g->hist_len == 0) {
        return 0;
    }
    h = &g->hist[g->hist_len - 1];
    /* A refused record leaves the position as it was (game_last_error says why). */
    if (g->kind == GAME_KAISSA) {
        if (kc_kaissa_undo(g->k, &h->undo.k) != KC_OK) {
            return 0;
        }
    } else {
        if (kc_chaturaji_undo(g->c, &h->undo.c) != KC_OK) {
            return 0;
        }
        g->roll = h->roll;
    }
    g->hist_len--;
    refresh_moves(g);
    return 1;
}

int game_history_len(const Game *g) { return g->hist_len; }

void game_history_text(const Game *g, int i, char *buf, size_t cap) {
    char mv[16];
    size_t len = 0;
    if (cap == 0) {
        return;
    }
    buf[0] = '\0';
    if (i < 0 || i >= g->hist_len) {
        return;
    }
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_move_to_text(g->hist[i].undo.k.mv, mv, sizeof mv, &len),
             "kc_kaissa_move_to_text");
        snprintf(buf, cap, "%s", mv);
    } else {
        must(kc_chaturaji_move_to_text(g->hist[i].undo.c.mv, mv, sizeof mv, &len),
             "kc_chaturaji_move_to_text");
        snprintf(buf, cap, "%d:%s", g->hist[i].roll, mv);
    }
}

int game_history_was_pass(const Game *g, int i) {
    return g->kind == GAME_CHATURAJI && i >= 0 && i < g->hist_len &&
           g->hist[i].undo.c.mv.kind == KC_CHATURAJI_MOVE_PASS;
}

int game_history_mover(const Game *g, int i) {
    return i >= 0 && i < g->hist_len ? g->hist[i].mover : -1;
}

void game_last_move(const Game *g, int *from, int *to) {
    *from = -1;
    *to = -1;
    if (g->hist_len == 0) {
        return;
    }
    if (g->kind == GAME_KAISSA) {
        const kc_kaissa_move *m = &g->hist[g->hist_len - 1].undo.k.mv;
        *from = m->kind == KC_KAISSA_MOVE_NORMAL ? m->from : -1;
        *to = m->to;
    } else {
        const kc_chaturaji_move *m = &g->hist[g->hist_len - 1].undo.c.mv;
        if (m->kind != KC_CHATURAJI_MOVE_PASS) {
            *from = m->from;
            *to = m->to;
        }
    }
}

/* ---------------------------------------------------------------- Kaissa: Home Stone */

void game_stone_window(const Game *g, int side, GameStoneWindow *out) {
    kc_kaissa_home_stone_window_info w;
    int sq, i;
    memset(out, 0, sizeof *out);
    out->on_board = -1;
    if (g->kind != GAME_KAISSA || side < 0 || side > 1) {
        return;
    }
    must(kc_kaissa_home_stone_window(g->k, (uint8_t)side, &w), "kc_kaissa_home_stone_window");
    out->in_hand = w.in_hand;
    out->open_now = w.open_now;
    out->last_chance = w.last_chance;
    out->first_turn = w.first_turn;
    out->last_turn = w.last_turn;
    out->next_turn = w.next_turn;
    out->square_count = w.square_count <= 10 ? w.square_count : 10;
    for (i = 0; i < out->square_count; i++) {
        out->squares[i] = w.squares[i];
    }
    for (sq = 0; sq < KC_KAISSA_SQUARES; sq++) {
        kc_kaissa_piece p;
        must(kc_kaissa_piece_at(g->k, (uint8_t)sq, &p), "kc_kaissa_piece_at");
        if (p.present && p.kind == KC_KAISSA_HOME_STONE && p.side == side) {
            out->on_board = sq;
        }
    }
}

GamePlayResult game_place_stone(Game *g, int square) {
    size_t i;
    if (g->kind != GAME_KAISSA) {
        return PLAY_ILLEGAL;
    }
    for (i = 0; i < g->move_count; i++) {
        if (g->moves.k[i].kind == KC_KAISSA_MOVE_PLACE && g->moves.k[i].to == square) {
            return play_kaissa(g, g->moves.k[i]);
        }
    }
    return PLAY_ILLEGAL;
}

/* ---------------------------------------------------------------- Chaturaji */

int game_roll(Game *g) {
    uint8_t roll = 0;
    if (g->kind != GAME_CHATURAJI || g->roll != 0 || game_is_over(g)) {
        return 0;
    }
    must(kc_chaturaji_roll(&g->rng, &roll), "kc_chaturaji_roll");
    g->roll = roll;
    refresh_moves(g);
    return roll;
}

int game_set_roll(Game *g, int face) {
    if (g->kind != GAME_CHATURAJI || g->roll != 0 || face < 2 || face > 5 || game_is_over(g)) {
        return 0;
    }
    g->roll = face;
    refresh_moves(g);
    return face;
}

int game_current_roll(const Game *g) { return g->kind == GAME_CHATURAJI ? g->roll : 0; }

int game_only_pass(const Game *g) {
    return g->kind == GAME_CHATURAJI && g->roll != 0 && g->move_count == 1 &&
           g->moves.c[0].kind == KC_CHATURAJI_MOVE_PASS;
}

GamePlayResult game_play_pass(Game *g) {
    size_t i;
    if (g->kind != GAME_CHATURAJI) {
        return PLAY_ILLEGAL;
    }
    if (g->roll == 0) {
        return PLAY_NEEDS_ROLL;
    }
    for (i = 0; i < g->move_count; i++) {
        if (g->moves.c[i].kind == KC_CHATURAJI_MOVE_PASS) {
            return play_chaturaji(g, g->moves.c[i]);
        }
    }
    return PLAY_ILLEGAL;
}

void game_seat(const Game *g, int colour, GameSeat *out) {
    bool flag = false;
    uint8_t value = 0;
    kc_chaturaji_rules rules;
    memset(out, 0, sizeof *out);
    out->commander = -1;
    out->ally = -1;
    if (g->kind != GAME_CHATURAJI || colour < 0 || colour > 3) {
        return;
    }
    must(kc_chaturaji_is_out(g->c, (uint8_t)colour, &flag), "kc_chaturaji_is_out");
    out->out = flag;
    must(kc_chaturaji_seat_in_play(g->c, (uint8_t)colour, &flag), "kc_chaturaji_seat_in_play");
    out->in_play = flag;
    must(kc_chaturaji_commander(g->c, (uint8_t)colour, &value), "kc_chaturaji_commander");
    out->commander = value == KC_CHATURAJI_NO_COLOUR ? -1 : value;
    must(kc_chaturaji_captured_rajas(g->c, (uint8_t)colour, &value), "kc_chaturaji_captured_rajas");
    out->captured_rajas = value;
    must(kc_chaturaji_lost_pawn(g->c, (uint8_t)colour, &flag), "kc_chaturaji_lost_pawn");
    out->lost_pawn = flag;
    must(kc_chaturaji_position_rules(g->c, &rules), "kc_chaturaji_position_rules");
    must(kc_chaturaji_ally(&rules, (uint8_t)colour, &value), "kc_chaturaji_ally");
    out->ally = value;
}

int game_opposite_alliances(const Game *g) {
    kc_chaturaji_rules rules;
    if (g->kind != GAME_CHATURAJI) {
        return 0;
    }
    must(kc_chaturaji_position_rules(g->c, &rules), "kc_chaturaji_position_rules");
    return rules.alliances == KC_CHATURAJI_ALLIANCES_OPPOSITE;
}

/* ---------------------------------------------------------------- computer seats */

GamePlayResult game_play_random(Game *g) {
    if (game_is_over(g)) {
        return PLAY_ILLEGAL;
    }
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_move mv;
        if (kc_kaissa_random_move(g->k, &g->rng, &mv) != KC_OK) {
            return PLAY_ILLEGAL;
        }
        return play_kaissa(g, mv);
    } else {
        kc_chaturaji_move mv;
        if (g->roll == 0) {
            game_roll(g);
        }
        if (kc_chaturaji_choose_move(g->c, (uint8_t)g->roll, &g->rng, &mv) != KC_OK) {
            return PLAY_ILLEGAL;
        }
        return play_chaturaji(g, mv);
    }
}

/* ---------------------------------------------------------------- game records */

/* The library's message for the last failed call, after `what`. */
static int record_fail(char *err, size_t cap, const char *what) {
    if (cap > 0) {
        snprintf(err, cap, "%s%s", what, game_last_error());
    }
    return 0;
}

int game_save_record(const Game *g, const char *path, char *err, size_t cap) {
    kc_record *rec = NULL;
    char action[48], what[96];
    char *text = NULL;
    size_t len = 0;
    int i, ok = 0;
    FILE *f;
    kc_status status = g->kind == GAME_KAISSA ? kc_record_new_kaissa(g->k_start, &rec)
                                              : kc_record_new_chaturaji(g->c_start, &rec);
    if (status != KC_OK) {
        return record_fail(err, cap, "");
    }
    /* Every move played so far; the record's result follows its final position
     * (the rules' result when the game is over, `*` otherwise). */
    for (i = 0; i < g->hist_len; i++) {
        game_history_text(g, i, action, sizeof action);
        if (kc_record_play(rec, action) != KC_OK) {
            snprintf(what, sizeof what, "move %d (%s): ", i + 1, action);
            record_fail(err, cap, what);
            goto out;
        }
    }
    status = kc_record_write(rec, NULL, 0, &len);
    if (status != KC_ERR_BUFFER_TOO_SMALL && status != KC_OK) {
        record_fail(err, cap, "");
        goto out;
    }
    text = malloc(len + 1);
    if (text == NULL) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    if (kc_record_write(rec, text, len + 1, &len) != KC_OK) {
        record_fail(err, cap, "");
        goto out;
    }
    f = fopen(path, "wb");
    if (f == NULL) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    if (fwrite(text, 1, len, f) != len) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        fclose(f);
        goto out;
    }
    if (fclose(f) != 0) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    ok = 1;
out:
    free(text);
    kc_record_free(rec);
    return ok;
}

/* The whole file as a NUL-terminated string (NULL and err if it cannot be read). */
static char *read_file(const char *path, char *err, size_t cap) {
    enum { MAX_RECORD_FILE = 16 * 1024 * 1024 };
    FILE *f = fopen(path, "rb");
    char *text;
    size_t len = 0, n;
    if (f == NULL) {
        snprintf(err, cap, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    text = malloc(MAX_RECORD_FILE + 1);
    if (text == NULL) {
        snprintf(err, cap, "out of memory");
        fclose(f);
        return NULL;
    }
    while ((n = fread(text + len, 1, MAX_RECORD_FILE - len, f)) > 0) {
        len += n;
        if (len == MAX_RECORD_FILE) {
            break;
        }
    }
    if (ferror(f) || (len == MAX_RECORD_FILE && fgetc(f) != EOF)) {
        snprintf(err, cap, ferror(f) ? "cannot read %s" : "%s is too large for a record file",
                 path);
        fclose(f);
        free(text);
        return NULL;
    }
    fclose(f);
    if (memchr(text, '\0', len) != NULL) {
        snprintf(err, cap, "%s is not a text file", path);
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* Plays one action of a record (`e2e5`, `H@c1`; `5:g7g8K`, `4:pass`) through
 * the same path as a click: the move must be in the library's legal list. */
static int replay_action(Game *g, const char *action, char *err, size_t cap) {
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_move mv;
        if (kc_kaissa_move_from_text(action, &mv) != KC_OK) {
            return record_fail(err, cap, "");
        }
        if (mv.kind == KC_KAISSA_MOVE_PLACE) {
            if (game_place_stone(g, mv.to) != PLAY_OK) {
                snprintf(err, cap, "not a legal placement here");
                return 0;
            }
        } else if (game_play(g, mv.from, mv.to, -1) != PLAY_OK) {
            snprintf(err, cap, "not a legal move here");
            return 0;
        }
        return 1;
    } else {
        kc_chaturaji_move mv;
        GamePlayResult r;
        if (strncmp(action, "exchange:", 9) == 0) {
            snprintf(err, cap, "this GUI does not replay exchanges of prisoners");
            return 0;
        }
        if (action[0] < '2' || action[0] > '5' || action[1] != ':') {
            snprintf(err, cap, "expected ROLL:MOVE");
            return 0;
        }
        if (kc_chaturaji_move_from_text(action + 2, &mv) != KC_OK) {
            return record_fail(err, cap, "");
        }
        g->roll = 0;
        if (!game_set_roll(g, action[0] - '0')) {
            snprintf(err, cap, "no roll is possible here");
            return 0;
        }
        if (mv.kind == KC_CHATURAJI_MOVE_PASS) {
            r = game_play_pass(g);
        } else {
            r = game_play(g, mv.from, mv.to,
                          mv.kind == KC_CHATURAJI_MOVE_PROMOTION ? (int)mv.promotion : -1);
        }
        if (r != PLAY_OK) {
            snprintf(err, cap, "not a legal move for this roll here");
            return 0;
        }
        return 1;
    }
}

Game *game_load_record(const char *path, uint64_t seed, char *err, size_t cap) {
    kc_record *rec = NULL;
    kc_record_error_info where;
    char *text = read_file(path, err, cap);
    char buf[GAME_TEXT_CAP], action[KC_RECORD_ACTION_TEXT_CAP + 8], what[96];
    size_t len = 0, count = 0, i;
    uint8_t kind = 0;
    Game *g = NULL;
    if (text == NULL) {
        return NULL;
    }
    memset(&where, 0, sizeof where);
    /* A bad record: the library's message ("line:column: reason"). */
    if (kc_record_read(text, 0, &rec, &where) != KC_OK) {
        record_fail(err, cap, "");
        free(text);
        return NULL;
    }
    free(text);
    if (kc_record_game(rec, &kind) != KC_OK ||
        kc_record_position_text(rec, 0, buf, sizeof buf, &len) != KC_OK ||
        kc_record_action_count(rec, &count) != KC_OK) {
        record_fail(err, cap, "");
        goto fail;
    }
    if (kind == KC_RECORD_KAISSA) {
        g = game_alloc(GAME_KAISSA, seed);
        if (kc_kaissa_position_from_text(buf, &g->k) != KC_OK) {
            record_fail(err, cap, "start position: ");
            goto fail;
        }
    } else {
        kc_chaturaji_rules rules;
        char tag[32];
        must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
        if (kc_record_tag(rec, "Rules", tag, sizeof tag, &len) == KC_OK) {
            if (strcmp(tag, "opposite") == 0) {
                rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
            } else if (strcmp(tag, "sheet") != 0) {
                snprintf(err, cap, "this GUI does not play the rules \"%s\"", tag);
                goto fail;
            }
        }
        if (kc_record_tag(rec, "DrawLimit", tag, sizeof tag, &len) == KC_OK) {
            rules.draw_limit = strcmp(tag, "none") == 0 ? 0 : (uint16_t)strtoul(tag, NULL, 10);
        }
        g = game_alloc(GAME_CHATURAJI, seed);
        if (kc_chaturaji_position_from_text(buf, &rules, &g->c) != KC_OK) {
            record_fail(err, cap, "start position: ");
            goto fail;
        }
    }
    keep_start(g);
    refresh_moves(g);
    for (i = 0; i < count; i++) {
        char why[400];
        if (kc_record_action_text(rec, i, action, sizeof action, &len) != KC_OK) {
            record_fail(err, cap, "");
            goto fail;
        }
        if (!replay_action(g, action, why, sizeof why)) {
            snprintf(what, sizeof what, "action %u (%s): ", (unsigned)(i + 1), action);
            snprintf(err, cap, "%s%s", what, why);
            goto fail;
        }
    }
    kc_record_free(rec);
    return g;
fail:
    game_free(g);
    kc_record_free(rec);
    return NULL;
}
