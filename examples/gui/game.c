/*
 * game.c - the adapter between the GUI and the kaissa-chaturaji C ABI.
 *
 * Every kc_ call of the GUI is in this file or in game_record.c (game
 * records), which share game_internal.h (see game.h). A failure that cannot
 * happen with correct arguments stops the program with the library's
 * message (must()); the expected refusals (an illegal move, a roll outside
 * 2..5) are reported to the caller instead.
 */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

const char *game_last_error(void) {
    static char msg[512];
    size_t len = 0;
    if (kc_last_error_message(msg, sizeof msg, &len) != KC_OK) {
        return "(no message)";
    }
    return msg;
}

const char *game_library_version(void) { return kc_version(); }

void must(kc_status status, const char *what) {
    if (status != KC_OK) {
        fprintf(stderr, "kc_gui: %s failed: %s (%s)\n", what, kc_status_message((int)status),
                game_last_error());
        abort();
    }
}

int game_pending_decision(const Game *g) {
    uint8_t sq = KC_NO_SQUARE;
    if (g->kind != GAME_CHATURAJI) {
        return -1;
    }
    must(kc_chaturaji_pending_promotion(g->c, &sq), "kc_chaturaji_pending_promotion");
    return sq == KC_NO_SQUARE ? -1 : sq;
}

void refresh_moves(Game *g) {
    g->move_count = 0;
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_legal_moves(g->k, g->moves.k, KC_KAISSA_MAX_MOVES, &g->move_count),
             "kc_kaissa_legal_moves");
    } else if (game_pending_decision(g) >= 0) {
        /* Ludii: the decision is made without a roll. */
        g->roll = 0;
        must(kc_chaturaji_decision_moves(g->c, g->moves.c, KC_CHATURAJI_MAX_MOVES,
                                         &g->move_count),
             "kc_chaturaji_decision_moves");
    } else if (g->roll != 0) {
        must(kc_chaturaji_legal_moves(g->c, (uint8_t)g->roll, g->moves.c, KC_CHATURAJI_MAX_MOVES,
                                      &g->move_count),
             "kc_chaturaji_legal_moves");
    }
}

Game *game_alloc(GameKind kind, uint64_t seed) {
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
void keep_start(Game *g) {
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

kc_chaturaji_rules rules_of(GameRules option) {
    kc_chaturaji_rules rules;
    if (option == RULES_LUDII) {
        must(kc_chaturaji_rules_ludii(&rules), "kc_chaturaji_rules_ludii");
    } else {
        must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
        rules.alliances = option == RULES_OPPOSITE ? KC_CHATURAJI_ALLIANCES_OPPOSITE
                                                   : KC_CHATURAJI_ALLIANCES_SHEET;
    }
    return rules;
}

Game *game_new_chaturaji(GameRules option, uint64_t seed) {
    Game *g = game_alloc(GAME_CHATURAJI, seed);
    kc_chaturaji_rules rules = rules_of(option);
    must(kc_chaturaji_position_new_start(&rules, &g->c), "kc_chaturaji_position_new_start");
    keep_start(g);
    refresh_moves(g);
    return g;
}

Game *game_from_text(GameKind kind, GameRules option, const char *text, uint64_t seed,
                     char *err, size_t cap) {
    Game *g = game_alloc(kind, seed);
    kc_status status;
    if (kind == GAME_KAISSA) {
        status = kc_kaissa_position_from_text(text, &g->k);
    } else {
        kc_chaturaji_rules rules = rules_of(option);
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
    int i;
    if (g == NULL) {
        return;
    }
    for (i = 0; i < g->hist_len; i++) {
        kc_chaturaji_position_free(g->hist[i].before);
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
    if (g->kind != GAME_CHATURAJI || game_rules(g) == RULES_LUDII) {
        return -1; /* the Ludii ruleset has no thrones */
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
        must(kc_kaissa_to_move(g->k, &who), "kc_kaissa_to_move");
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
        uint32_t ply = 0;
        must(kc_kaissa_ply(g->k, &ply), "kc_kaissa_ply");
        return ply;
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
        kc_chaturaji_score_info sc;
        must(kc_chaturaji_scores(g->c, &sc), "kc_chaturaji_scores");
        if (o.result == KC_CHATURAJI_ALLIANCE_WINS) {
            snprintf(buf, cap, "%s and %s win: both opponents are out of the game",
                     game_owner_name(g, o.winners[0]), game_owner_name(g, o.winners[1]));
        } else if (o.result == KC_CHATURAJI_DRAW) {
            if (game_rules(g) == RULES_LUDII) {
                snprintf(buf, cap, "Drawn for all: the limit of %u rolled plies",
                         (unsigned)KC_CHATURAJI_LUDII_TURN_LIMIT);
            } else {
                kc_chaturaji_rules rules;
                must(kc_chaturaji_position_rules(g->c, &rules), "kc_chaturaji_position_rules");
                snprintf(buf, cap, "Drawn: %u plies without a capture", (unsigned)rules.draw_limit);
            }
        } else if (o.result == KC_CHATURAJI_COLOUR_WINS && o.winners[0] < 4) {
            snprintf(buf, cap, "%s wins with the highest score (%u)",
                     game_owner_name(g, o.winners[0]), (unsigned)sc.scores[o.winners[0]]);
        } else if (o.result == KC_CHATURAJI_TOP_SCORE_TIE) {
            /* The colours ranked first share the highest score. */
            kc_chaturaji_ranking_info r;
            char names[64] = "";
            int c, n = 0;
            unsigned top = 0;
            must(kc_chaturaji_ranking(g->c, &r), "kc_chaturaji_ranking");
            for (c = 0; c < 4; c++) {
                if (r.ranks[c] == 1) {
                    size_t used = strlen(names);
                    snprintf(names + used, sizeof names - used, "%s%s", n ? " and " : "",
                             game_owner_name(g, c));
                    top = sc.scores[c];
                    n++;
                }
            }
            snprintf(buf, cap, "Drawn: %s share the highest score (%u)", names, top);
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
                                  : g->moves.c[i].kind == KC_CHATURAJI_MOVE_NORMAL ||
                                        g->moves.c[i].kind == KC_CHATURAJI_MOVE_PROMOTION;
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
    /* A Ludii promotion decision is made without a roll; the library takes
     * the decision's moves for any roll, so any face does for the call. */
    int decision = game_pending_decision(g) >= 0;
    if (g->roll == 0 && !decision) {
        return PLAY_NEEDS_ROLL;
    }
    h = push_history(g);
    if (kc_chaturaji_play(g->c, (uint8_t)(decision ? 5 : g->roll), mv, &h->undo.c) != KC_OK) {
        g->hist_len--;
        return PLAY_ILLEGAL;
    }
    h->roll = (uint8_t)(decision ? 0 : g->roll);
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
    } else if (h->before != NULL) {
        /* A raja exchange: back to the copy made before it. */
        if (kc_chaturaji_position_copy(h->before, g->c) != KC_OK) {
            return 0;
        }
        kc_chaturaji_position_free(h->before);
        h->before = NULL;
        g->roll = h->roll;
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
    } else if (g->hist[i].before != NULL) {
        static const char letters[] = "rbyg";
        const uint8_t *e = g->hist[i].exchange;
        char sa[4], sb[4];
        game_square_name(g, e[1], sa, sizeof sa);
        game_square_name(g, e[3], sb, sizeof sb);
        snprintf(buf, cap, "exchange:%c%s,%c%s", letters[e[0] & 3], sa, letters[e[2] & 3], sb);
    } else {
        must(kc_chaturaji_move_to_text(g->hist[i].undo.c.mv, mv, sizeof mv, &len),
             "kc_chaturaji_move_to_text");
        if (g->hist[i].roll == 0) {
            snprintf(buf, cap, "%s", mv); /* a Ludii decision: "=K", or "pass" */
        } else {
            snprintf(buf, cap, "%d:%s", g->hist[i].roll, mv);
        }
    }
}

int game_history_was_pass(const Game *g, int i) {
    return g->kind == GAME_CHATURAJI && i >= 0 && i < g->hist_len &&
           g->hist[i].before == NULL && g->hist[i].undo.c.mv.kind == KC_CHATURAJI_MOVE_PASS;
}

int game_history_was_exchange(const Game *g, int i) {
    return g->kind == GAME_CHATURAJI && i >= 0 && i < g->hist_len && g->hist[i].before != NULL;
}

int game_history_roll(const Game *g, int i) {
    return g->kind == GAME_CHATURAJI && i >= 0 && i < g->hist_len ? g->hist[i].roll : 0;
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
    } else if (g->hist[g->hist_len - 1].before != NULL) {
        *from = g->hist[g->hist_len - 1].exchange[1];
        *to = g->hist[g->hist_len - 1].exchange[3];
    } else {
        const kc_chaturaji_move *m = &g->hist[g->hist_len - 1].undo.c.mv;
        if (m->kind == KC_CHATURAJI_MOVE_NORMAL || m->kind == KC_CHATURAJI_MOVE_PROMOTION) {
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
    if (g->kind != GAME_CHATURAJI || g->roll != 0 || game_is_over(g) ||
        game_pending_decision(g) >= 0) {
        return 0;
    }
    must(kc_chaturaji_roll(&g->rng, &roll), "kc_chaturaji_roll");
    g->roll = roll;
    refresh_moves(g);
    return roll;
}

int game_set_roll(Game *g, int face) {
    if (g->kind != GAME_CHATURAJI || g->roll != 0 || face < 2 || face > 5 || game_is_over(g) ||
        game_pending_decision(g) >= 0) {
        return 0;
    }
    g->roll = face;
    refresh_moves(g);
    return face;
}

int game_current_roll(const Game *g) { return g->kind == GAME_CHATURAJI ? g->roll : 0; }

int game_only_pass(const Game *g) {
    return g->kind == GAME_CHATURAJI && (g->roll != 0 || game_pending_decision(g) >= 0) &&
           g->move_count == 1 && g->moves.c[0].kind == KC_CHATURAJI_MOVE_PASS;
}

GamePlayResult game_play_pass(Game *g) {
    size_t i;
    if (g->kind != GAME_CHATURAJI) {
        return PLAY_ILLEGAL;
    }
    if (g->roll == 0 && game_pending_decision(g) < 0) {
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
    if (rules.ruleset == KC_CHATURAJI_RULESET_LUDII) {
        kc_chaturaji_score_info sc;
        must(kc_chaturaji_scores(g->c, &sc), "kc_chaturaji_scores");
        out->score = (int)sc.scores[colour];
    } else {
        must(kc_chaturaji_ally(&rules, (uint8_t)colour, &value), "kc_chaturaji_ally");
        out->ally = value;
    }
    {
        kc_chaturaji_ranking_info r;
        must(kc_chaturaji_ranking(g->c, &r), "kc_chaturaji_ranking");
        out->rank = r.finished ? r.ranks[colour] : 0;
    }
}

GameRules game_rules(const Game *g) {
    kc_chaturaji_rules rules;
    if (g->kind != GAME_CHATURAJI) {
        return RULES_SHEET;
    }
    must(kc_chaturaji_position_rules(g->c, &rules), "kc_chaturaji_position_rules");
    if (rules.ruleset == KC_CHATURAJI_RULESET_LUDII) {
        return RULES_LUDII;
    }
    return rules.alliances == KC_CHATURAJI_ALLIANCES_OPPOSITE ? RULES_OPPOSITE : RULES_SHEET;
}

int game_opposite_alliances(const Game *g) { return game_rules(g) == RULES_OPPOSITE; }

/* ---------------------------------------------------------------- Ludii: decisions */

int game_decision_choices(const Game *g, int *kinds, int cap) {
    int n = 0;
    size_t i;
    if (g->kind != GAME_CHATURAJI || game_pending_decision(g) < 0) {
        return 0;
    }
    /* The decision's moves are in the legal list (refresh_moves). */
    for (i = 0; i < g->move_count; i++) {
        if (g->moves.c[i].kind == KC_CHATURAJI_MOVE_DECISION && n < cap) {
            kinds[n++] = g->moves.c[i].promotion;
        }
    }
    return n;
}

GamePlayResult game_play_decision(Game *g, int kind) {
    size_t i;
    if (g->kind != GAME_CHATURAJI || game_pending_decision(g) < 0) {
        return PLAY_ILLEGAL;
    }
    for (i = 0; i < g->move_count; i++) {
        const kc_chaturaji_move *m = &g->moves.c[i];
        if ((kind < 0 && m->kind == KC_CHATURAJI_MOVE_PASS) ||
            (kind >= 0 && m->kind == KC_CHATURAJI_MOVE_DECISION && m->promotion == kind)) {
            return play_chaturaji(g, *m);
        }
    }
    return PLAY_ILLEGAL;
}

/* ---------------------------------------------------------------- sheet: raja exchanges */

int game_exchanges(const Game *g, GameExchange *out, int cap) {
    kc_chaturaji_exchange_pair pairs[KC_CHATURAJI_MAX_EXCHANGES];
    size_t len = 0, i;
    int n = 0, side;
    if (g->kind != GAME_CHATURAJI || game_rules(g) == RULES_LUDII) {
        return 0;
    }
    must(kc_chaturaji_possible_exchanges(g->c, pairs, KC_CHATURAJI_MAX_EXCHANGES, &len),
         "kc_chaturaji_possible_exchanges");
    for (i = 0; i < len && n < cap; i++) {
        GameExchange *e = &out[n];
        memset(e, 0, sizeof *e);
        e->colour[0] = pairs[i].first;
        e->colour[1] = pairs[i].second;
        for (side = 0; side < 2; side++) {
            uint8_t squares[KC_CHATURAJI_MAX_RETURN_SQUARES];
            size_t count = 0, j;
            must(kc_chaturaji_raja_return_squares(g->c, (uint8_t)e->colour[side], squares,
                                                  KC_CHATURAJI_MAX_RETURN_SQUARES, &count),
                 "kc_chaturaji_raja_return_squares");
            for (j = 0; j < count && j < 8; j++) {
                e->squares[side][j] = squares[j];
            }
            e->square_count[side] = (int)j;
        }
        if (e->square_count[0] > 0 && e->square_count[1] > 0) {
            n++;
        }
    }
    return n;
}

GamePlayResult game_exchange(Game *g, int colour_a, int square_a, int colour_b, int square_b) {
    kc_chaturaji_position *before = NULL;
    HistEntry *h;
    if (g->kind != GAME_CHATURAJI || colour_a < 0 || colour_a > 3 || colour_b < 0 ||
        colour_b > 3 || square_a < 0 || square_a > 63 || square_b < 0 || square_b > 63) {
        return PLAY_ILLEGAL;
    }
    must(kc_chaturaji_position_clone(g->c, &before), "kc_chaturaji_position_clone");
    if (kc_chaturaji_apply_exchange(g->c, (uint8_t)colour_a, (uint8_t)square_a,
                                    (uint8_t)colour_b, (uint8_t)square_b) != KC_OK) {
        kc_chaturaji_position_free(before);
        return PLAY_ILLEGAL;
    }
    h = push_history(g);
    h->before = before;
    h->exchange[0] = (uint8_t)colour_a;
    h->exchange[1] = (uint8_t)square_a;
    h->exchange[2] = (uint8_t)colour_b;
    h->exchange[3] = (uint8_t)square_b;
    h->roll = (uint8_t)g->roll; /* an exchange leaves the roll as it was */
    h->mover = (uint8_t)game_to_move(g);
    refresh_moves(g);
    return PLAY_OK;
}

/* ---------------------------------------------------------------- computer seats */

GamePlayResult game_play_random(Game *g) {
    if (game_is_over(g)) {
        return PLAY_ILLEGAL;
    }
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_move mv;
        if (kc_kaissa_choose_move(g->k, &g->rng, &mv) != KC_OK) {
            return PLAY_ILLEGAL;
        }
        return play_kaissa(g, mv);
    } else {
        kc_chaturaji_move mv;
        int decision = game_pending_decision(g) >= 0;
        if (g->roll == 0 && !decision) {
            game_roll(g);
        }
        /* A pending decision: one of its moves at random, for any face. */
        if (kc_chaturaji_choose_move(g->c, (uint8_t)(decision ? 5 : g->roll), &g->rng, &mv) !=
            KC_OK) {
            return PLAY_ILLEGAL;
        }
        return play_chaturaji(g, mv);
    }
}
