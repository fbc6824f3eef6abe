/*
 * game_agent.c - the computer seats' players: the library's agents
 * (kc_agent_*) thinking on a worker thread, so the window stays responsive.
 *
 * With game.c and game_record.c (sharing game_internal.h), one of the files
 * that call the C ABI. A search works on a copy of the position (a cloned
 * handle) and never touches the Game; its move is played on the Game by the
 * main thread (thinker_collect), and only if the Game is still where the
 * search started.
 *
 * Strengths: random (the library's seeded random move, played at once by
 * game_play_random, not here), easy (the greedy agent: the best immediate
 * capture), strong (Kaissa: alpha-beta, Chaturaji: MCTS, both thinking
 * for STRONG_MS milliseconds: the specs alphabeta:1500ms and mcts:1500ms).
 */
#include <stdlib.h>
#include <string.h>

#include <SDL.h>

#include "game_internal.h"

/* The most a strong agent thinks per move. */
#define STRONG_MS 1500

struct GameThinker {
    /* One agent per game, seat and strength (easy, strong), made when
     * first needed and kept, so a search tree carries over between moves. */
    kc_agent *agents[2][4][2];
    int reset_due[2][4][2]; /* forget the last game before the next search */
    uint64_t seed;

    /* The search under way (or finished and not collected yet). */
    SDL_Thread *thread;
    SDL_atomic_t done;
    int busy, cancelled;
    GameKind kind;
    kc_agent *agent;
    kc_kaissa_position *k;
    kc_chaturaji_position *c;
    uint8_t roll;
    kc_status status;
    kc_kaissa_move k_move;
    kc_chaturaji_move c_move;
    /* Where the search started: the Game, its move count and its position
     * text; its move is played only there. */
    const Game *game;
    int history_len;
    char text[GAME_TEXT_CAP];
};

const char *game_strength_name(GameStrength strength) {
    switch (strength) {
    case STRENGTH_EASY: return "easy";
    case STRENGTH_STRONG: return "strong";
    default: return "random";
    }
}

GameThinker *thinker_new(uint64_t seed) {
    GameThinker *t = calloc(1, sizeof *t);
    if (t == NULL) {
        abort();
    }
    t->seed = seed;
    return t;
}

/* Waits for the worker and releases the search's position copy. */
static void finish(GameThinker *t) {
    if (t->thread != NULL) {
        SDL_WaitThread(t->thread, NULL);
        t->thread = NULL;
    }
    kc_kaissa_position_free(t->k);
    kc_chaturaji_position_free(t->c);
    t->k = NULL;
    t->c = NULL;
    t->busy = 0;
}

void thinker_free(GameThinker *t) {
    int g, s, l;
    if (t == NULL) {
        return;
    }
    finish(t);
    for (g = 0; g < 2; g++) {
        for (s = 0; s < 4; s++) {
            for (l = 0; l < 2; l++) {
                kc_agent_free(t->agents[g][s][l]);
            }
        }
    }
    free(t);
}

void thinker_new_game(GameThinker *t) {
    int g, s, l;
    t->cancelled = t->busy;
    for (g = 0; g < 2; g++) {
        for (s = 0; s < 4; s++) {
            for (l = 0; l < 2; l++) {
                t->reset_due[g][s][l] = t->agents[g][s][l] != NULL;
            }
        }
    }
}

void thinker_cancel(GameThinker *t) { t->cancelled = t->busy; }

int thinker_busy(const GameThinker *t) { return t->busy; }

/* The agent of a game, seat and strength (easy or strong), made if needed. */
static kc_agent *agent_for(GameThinker *t, GameKind kind, int seat, GameStrength strength) {
    int level = strength == STRENGTH_STRONG;
    kc_agent **slot = &t->agents[kind][seat & 3][level];
    if (*slot == NULL) {
        kc_agent_limits limits;
        uint8_t agent_kind = KC_AGENT_GREEDY;
        memset(&limits, 0, sizeof limits);
        if (level) {
            limits.time_ms = STRONG_MS;
            agent_kind = kind == GAME_KAISSA ? KC_AGENT_ALPHABETA : KC_AGENT_MCTS;
        }
        must(kc_agent_new(kind == GAME_KAISSA ? KC_GAME_KAISSA : KC_GAME_CHATURAJI,
                          agent_kind, &limits, t->seed + (uint64_t)(seat * 2 + level), slot),
             "kc_agent_new");
    } else if (t->reset_due[kind][seat & 3][level]) {
        must(kc_agent_reset(*slot), "kc_agent_reset");
    }
    t->reset_due[kind][seat & 3][level] = 0;
    return *slot;
}

/* The worker: one search. */
static int think(void *arg) {
    GameThinker *t = arg;
    if (t->kind == GAME_KAISSA) {
        t->status = kc_agent_kaissa_choose(t->agent, t->k, &t->k_move);
    } else {
        t->status = kc_agent_chaturaji_choose(t->agent, t->c, t->roll, &t->c_move);
    }
    SDL_AtomicSet(&t->done, 1);
    return 0;
}

int thinker_start(GameThinker *t, const Game *g, GameStrength strength) {
    int seat = game_to_move(g);
    if (t->busy || strength == STRENGTH_RANDOM || game_is_over(g)) {
        return 0;
    }
    if (g->kind == GAME_CHATURAJI && g->roll == 0 && game_pending_decision(g) < 0) {
        return 0; /* roll first */
    }
    t->kind = g->kind;
    t->agent = agent_for(t, g->kind, seat, strength);
    if (g->kind == GAME_KAISSA) {
        must(kc_kaissa_position_clone(g->k, &t->k), "kc_kaissa_position_clone");
    } else {
        must(kc_chaturaji_position_clone(g->c, &t->c), "kc_chaturaji_position_clone");
    }
    t->roll = (uint8_t)g->roll;
    t->game = g;
    t->history_len = game_history_len(g);
    game_position_text(g, t->text, sizeof t->text);
    t->cancelled = 0;
    t->busy = 1;
    SDL_AtomicSet(&t->done, 0);
    t->thread = SDL_CreateThread(think, "kc_gui_agent", t);
    if (t->thread == NULL) {
        think(t); /* no thread: think here */
    }
    return 1;
}

void thinker_wait(GameThinker *t) {
    if (t->busy && t->thread != NULL) {
        SDL_WaitThread(t->thread, NULL);
        t->thread = NULL;
    }
}

/* Whether g is still where the search started. */
static int unchanged(const GameThinker *t, const Game *g) {
    char text[GAME_TEXT_CAP];
    if (g != t->game || g->kind != t->kind || game_history_len(g) != t->history_len ||
        g->roll != t->roll) {
        return 0;
    }
    game_position_text(g, text, sizeof text);
    return strcmp(text, t->text) == 0;
}

int thinker_collect(GameThinker *t, Game *g) {
    GamePlayResult result = PLAY_ILLEGAL;
    if (!t->busy || !SDL_AtomicGet(&t->done)) {
        return -1;
    }
    finish(t);
    if (t->cancelled || t->status != KC_OK || !unchanged(t, g)) {
        t->cancelled = 0;
        return PLAY_ILLEGAL;
    }
    if (g->kind == GAME_KAISSA) {
        const kc_kaissa_move *m = &t->k_move;
        result = m->kind == KC_KAISSA_MOVE_PLACE ? game_place_stone(g, m->to)
                                                 : game_play(g, m->from, m->to, -1);
    } else {
        const kc_chaturaji_move *m = &t->c_move;
        switch (m->kind) {
        case KC_CHATURAJI_MOVE_PASS: result = game_play_pass(g); break;
        case KC_CHATURAJI_MOVE_DECISION: result = game_play_decision(g, m->promotion); break;
        case KC_CHATURAJI_MOVE_PROMOTION: result = game_play(g, m->from, m->to, m->promotion); break;
        default: result = game_play(g, m->from, m->to, -1); break;
        }
    }
    return result;
}
