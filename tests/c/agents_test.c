/*
 * C99 test of the agents through the C ABI (include/kaissa_chaturaji.h,
 * a library built with the capi and agents features): making agents from
 * a kind and limits or from a spec, and the errors for bad ones (the
 * spec parser's bounds, one budget per agent, short error messages for
 * huge specs, names that read back into the same agent); choosing
 * Kaissa and Chaturaji moves that the rules accept (a short game of each,
 * the Ludii promotion decision without a roll); alpha-beta taking the Home
 * Stone; thinking within a limit (kc_agent_*_think: the limit honoured or
 * refused, the score, depth and nodes reported, outputs untouched on
 * failure); an agent made on one thread thinking on another. Built and run
 * by tests/capi/agents.rs with
 *   cc -std=c99 -Wall -Wextra -Wpedantic -Werror
 * against the static library. Prints "N passed, M failed" last and exits
 * 0 only when nothing failed.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kaissa_chaturaji.h"
#include "check.h"

static kc_agent *new_agent(uint8_t game, const char *spec, uint64_t seed) {
    kc_agent *agent = NULL;
    CHECK_STATUS(kc_agent_new_from_spec(game, spec, seed, &agent), KC_OK);
    return agent;
}

static kc_chaturaji_position *chaturaji_start(void) {
    kc_chaturaji_rules rules;
    kc_chaturaji_position *pos = NULL;
    memset(&rules, 0, sizeof rules);
    CHECK_STATUS(kc_chaturaji_rules_default(&rules), KC_OK);
    CHECK_STATUS(kc_chaturaji_position_new_start(&rules, &pos), KC_OK);
    return pos;
}

static void test_making_agents(void) {
    kc_agent *agent = NULL;
    kc_agent_limits limits;
    memset(&limits, 0, sizeof limits);

    /* Random and greedy take no limits; NULL limits are none. */
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_RANDOM, NULL, 1, &agent), KC_OK);
    kc_agent_free(agent);
    CHECK_STATUS(kc_agent_new(KC_GAME_CHATURAJI, KC_AGENT_GREEDY, &limits, 1, &agent),
                 KC_OK);
    kc_agent_free(agent);
    limits.iterations = 10;
    agent = NULL;
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_RANDOM, &limits, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK(agent == NULL);

    /* MCTS: iterations and/or time. */
    CHECK_STATUS(kc_agent_new(KC_GAME_CHATURAJI, KC_AGENT_MCTS, &limits, 1, &agent), KC_OK);
    {
        char name[32];
        size_t len = 0;
        CHECK_STATUS(kc_agent_name(agent, name, sizeof name, &len), KC_OK);
        CHECK(strcmp(name, "mcts:10") == 0 && len == 7);
        CHECK_STATUS(kc_agent_name(agent, NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
        CHECK(len == 8);
    }
    kc_agent_free(agent);
    memset(&limits, 0, sizeof limits);
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_MCTS, &limits, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    limits.depth = 3;
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_MCTS, &limits, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);

    /* Alpha-beta: Kaissa only, depth 1..95. */
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_ALPHABETA, &limits, 1, &agent),
                 KC_OK);
    kc_agent_free(agent);
    CHECK_STATUS(kc_agent_new(KC_GAME_CHATURAJI, KC_AGENT_ALPHABETA, &limits, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    limits.depth = 96;
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_ALPHABETA, &limits, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    limits.depth = 0;
    limits.time_ms = 5;
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_ALPHABETA, &limits, 1, &agent),
                 KC_OK);
    kc_agent_free(agent);

    /* Unknown game or kind, no output pointer. */
    CHECK_STATUS(kc_agent_new(2, KC_AGENT_RANDOM, NULL, 1, &agent), KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, 5, NULL, 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_agent_new(KC_GAME_KAISSA, KC_AGENT_RANDOM, NULL, 1, NULL),
                 KC_ERR_NULL_POINTER);

    /* Specs. */
    CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_KAISSA, "mcts:0", 1, &agent), KC_ERR_PARSE);
    CHECK(strstr(last_error(), "mcts:<iterations>") != NULL);
    CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_KAISSA, "minimax", 1, &agent), KC_ERR_PARSE);
    CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_CHATURAJI, "alphabeta:2", 1, &agent),
                 KC_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_KAISSA, NULL, 1, &agent),
                 KC_ERR_NULL_POINTER);
    kc_agent_free(NULL);
}

static void test_kaissa(void) {
    kc_agent *yellow = new_agent(KC_GAME_KAISSA, "alphabeta:2", 1);
    kc_agent *red = new_agent(KC_GAME_KAISSA, "greedy", 2);
    kc_kaissa_position *pos = NULL;
    kc_kaissa_outcome_info outcome;
    int plies = 0;
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    for (; plies < 60; plies++) {
        kc_kaissa_move mv;
        kc_kaissa_undo_record undo;
        uint8_t side = 0;
        CHECK_STATUS(kc_kaissa_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_KAISSA_ONGOING) {
            break;
        }
        CHECK_STATUS(kc_kaissa_to_move(pos, &side), KC_OK);
        CHECK_STATUS(kc_agent_kaissa_choose(side == KC_KAISSA_YELLOW ? yellow : red, pos, &mv),
                     KC_OK);
        CHECK_STATUS(kc_kaissa_play(pos, mv, &undo), KC_OK);
    }
    CHECK(plies > 10);
    kc_kaissa_position_free(pos);

    /* The Builder on j1 takes Red's Home Stone rather than its Ubar. */
    pos = NULL;
    CHECK_STATUS(kc_kaissa_position_from_text("9h/1u8/10/10/10/10/10/10/10/1B2H4B y 20 -", &pos),
                 KC_OK);
    {
        kc_kaissa_move mv;
        char text[KC_KAISSA_MOVE_TEXT_CAP];
        size_t len = 0;
        CHECK_STATUS(kc_agent_kaissa_choose(yellow, pos, &mv), KC_OK);
        CHECK_STATUS(kc_kaissa_move_to_text(mv, text, sizeof text, &len), KC_OK);
        CHECK(strcmp(text, "j1j10") == 0);
    }
    kc_kaissa_position_free(pos);

    /* A finished game has no move; a Kaissa agent plays no Chaturaji. */
    pos = NULL;
    CHECK_STATUS(kc_kaissa_position_from_text("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -", &pos),
                 KC_OK);
    {
        kc_kaissa_move mv;
        kc_chaturaji_move cmv;
        kc_chaturaji_position *cpos = chaturaji_start();
        CHECK_STATUS(kc_agent_kaissa_choose(red, pos, &mv), KC_ERR_GAME_OVER);
        CHECK_STATUS(kc_agent_chaturaji_choose(red, cpos, 5, &cmv), KC_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(kc_agent_kaissa_choose(NULL, pos, &mv), KC_ERR_NULL_POINTER);
        CHECK_STATUS(kc_agent_kaissa_choose(red, NULL, &mv), KC_ERR_NULL_POINTER);
        CHECK_STATUS(kc_agent_kaissa_choose(red, pos, NULL), KC_ERR_NULL_POINTER);
        kc_chaturaji_position_free(cpos);
    }
    kc_kaissa_position_free(pos);
    CHECK_STATUS(kc_agent_reset(yellow), KC_OK);
    kc_agent_free(yellow);
    kc_agent_free(red);
}

static void test_chaturaji(void) {
    kc_agent *agent = new_agent(KC_GAME_CHATURAJI, "mcts:40", 3);
    kc_chaturaji_position *pos = chaturaji_start();
    uint64_t die = 11;
    int plies;
    for (plies = 0; plies < 40; plies++) {
        kc_chaturaji_outcome_info outcome;
        kc_chaturaji_move mv;
        kc_chaturaji_undo_record undo;
        uint8_t roll = 0;
        CHECK_STATUS(kc_chaturaji_outcome(pos, &outcome), KC_OK);
        if (outcome.result != KC_CHATURAJI_ONGOING) {
            break;
        }
        CHECK_STATUS(kc_chaturaji_roll(&die, &roll), KC_OK);
        CHECK_STATUS(kc_agent_chaturaji_choose(agent, pos, roll, &mv), KC_OK);
        CHECK_STATUS(kc_chaturaji_play(pos, roll, mv, &undo), KC_OK);
    }
    CHECK(plies == 40);
    {
        kc_chaturaji_move mv;
        CHECK_STATUS(kc_agent_chaturaji_choose(agent, pos, 7, &mv), KC_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(kc_agent_chaturaji_choose(agent, pos, 0, &mv), KC_ERR_INVALID_ARGUMENT);
    }
    kc_chaturaji_position_free(pos);

    /* Ludii: Green's pawn on b8 waits for its promotion; the decision is
       chosen without a roll. */
    {
        kc_chaturaji_rules rules;
        kc_chaturaji_move mv;
        kc_chaturaji_undo_record undo;
        memset(&rules, 0, sizeof rules);
        CHECK_STATUS(kc_chaturaji_rules_ludii(&rules), KC_OK);
        pos = NULL;
        CHECK_STATUS(kc_chaturaji_position_from_text(
                         "1,gP,6/8/8/8/8/8/8/3,gK,2,rK,1 g 0,0,0,0 b8 0", &rules, &pos),
                     KC_OK);
        CHECK_STATUS(kc_agent_chaturaji_choose(agent, pos, 0, &mv), KC_OK);
        CHECK(mv.kind == KC_CHATURAJI_MOVE_DECISION);
        CHECK_STATUS(kc_chaturaji_play(pos, 2, mv, &undo), KC_OK);
        kc_chaturaji_position_free(pos);
    }
    kc_agent_free(agent);
}

/* Thinking within a limit: the limit is honoured (depth, nodes) or
 * refused with a message (a depth for MCTS, fields out of range), the
 * thought reports score, depth and nodes, and nothing is written on
 * failure. */
static void test_think(void) {
    kc_agent *alphabeta = new_agent(KC_GAME_KAISSA, "alphabeta", 1);
    kc_agent *mcts = new_agent(KC_GAME_KAISSA, "mcts:30", 2);
    kc_kaissa_position *pos = NULL;
    kc_kaissa_undo_record undo;
    kc_agent_limits limits;
    kc_agent_thought thought;
    kc_kaissa_move mv;
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);

    memset(&limits, 0, sizeof limits);
    limits.depth = 3;
    CHECK_STATUS(kc_agent_kaissa_think(alphabeta, pos, &limits, &mv, &thought), KC_OK);
    CHECK(thought.depth >= 3 && thought.nodes > 0);
    CHECK(thought.score > -KC_AGENT_MATE && thought.score < KC_AGENT_MATE);
    CHECK_STATUS(kc_kaissa_play(pos, mv, &undo), KC_OK);
    CHECK_STATUS(kc_kaissa_undo(pos, &undo), KC_OK);

    /* A node budget and a time together: the first reached stops it. */
    memset(&limits, 0, sizeof limits);
    limits.nodes = 2000;
    limits.time_ms = 60000;
    CHECK_STATUS(kc_agent_kaissa_think(alphabeta, pos, &limits, &mv, &thought), KC_OK);
    CHECK(thought.nodes > 0 && thought.depth >= 1);

    /* MCTS: its own budget (NULL limits) or an iteration count; no depth. */
    CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, NULL, &mv, &thought), KC_OK);
    CHECK(thought.nodes == 30);
    memset(&limits, 0, sizeof limits);
    limits.iterations = 12;
    CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, &limits, &mv, &thought), KC_OK);
    CHECK(thought.nodes == 12);
    {
        kc_kaissa_move untouched = {9, 9, 9};
        kc_agent_thought none;
        memset(&none, 0x5a, sizeof none);
        limits.iterations = 0;
        limits.depth = 4;
        CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, &limits, &untouched, &none),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK(strstr(last_error(), "depth") != NULL);
        CHECK(untouched.kind == 9 && untouched.from == 9 && untouched.to == 9);
        CHECK(none.depth == 0x5a5a5a5au);
        /* Out of range, or two counts at once. */
        limits.depth = 96;
        CHECK_STATUS(kc_agent_kaissa_think(alphabeta, pos, &limits, &untouched, &none),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK(strstr(last_error(), "1..95") != NULL);
        memset(&limits, 0, sizeof limits);
        limits.iterations = 5;
        limits.nodes = 5;
        CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, &limits, &untouched, &none),
                     KC_ERR_INVALID_ARGUMENT);
        limits.nodes = 0;
        limits.time_ms = 3600001;
        CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, &limits, &untouched, &none),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, NULL, NULL, &none), KC_ERR_NULL_POINTER);
        CHECK_STATUS(kc_agent_kaissa_think(mcts, pos, NULL, &untouched, NULL),
                     KC_ERR_NULL_POINTER);
        CHECK(untouched.kind == 9 && none.depth == 0x5a5a5a5au);
    }
    kc_kaissa_position_free(pos);

    /* A won game a few plies ahead scores near KC_AGENT_MATE. */
    pos = NULL;
    CHECK_STATUS(kc_kaissa_position_from_text("9h/1u8/10/10/10/10/10/10/10/1B2H4B y 20 -", &pos),
                 KC_OK);
    memset(&limits, 0, sizeof limits);
    limits.depth = 2;
    CHECK_STATUS(kc_agent_kaissa_think(alphabeta, pos, &limits, &mv, &thought), KC_OK);
    CHECK(thought.score > KC_AGENT_MATE - 10);
    kc_kaissa_position_free(pos);

    /* Chaturaji: after a roll, within a time; a bad roll, the wrong game. */
    {
        kc_agent *agent = new_agent(KC_GAME_CHATURAJI, "expectimax", 5);
        kc_chaturaji_position *cpos = chaturaji_start();
        kc_chaturaji_move cmv;
        kc_chaturaji_undo_record cundo;
        memset(&limits, 0, sizeof limits);
        limits.depth = 2;
        /* A 5 moves a pawn or the raja: several moves to search. */
        CHECK_STATUS(kc_agent_chaturaji_think(agent, cpos, 5, &limits, &cmv, &thought), KC_OK);
        CHECK(thought.depth == 2 && thought.nodes > 0);
        CHECK_STATUS(kc_chaturaji_play(cpos, 5, cmv, &cundo), KC_OK);
        CHECK_STATUS(kc_agent_chaturaji_think(agent, cpos, 6, &limits, &cmv, &thought),
                     KC_ERR_INVALID_ARGUMENT);
        limits.depth = 9;
        CHECK_STATUS(kc_agent_chaturaji_think(agent, cpos, 3, &limits, &cmv, &thought),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK_STATUS(kc_agent_chaturaji_think(mcts, cpos, 3, NULL, &cmv, &thought),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK(strstr(last_error(), "other game") != NULL);
        kc_chaturaji_position_free(cpos);
        kc_agent_free(agent);
    }
    kc_agent_free(alphabeta);
    kc_agent_free(mcts);
}

/* What the worker thread of test_threads works on. */
struct job {
    kc_agent *agent;
    const kc_kaissa_position *pos;
    kc_kaissa_move mv;
    kc_status status;
};

static void *think(void *arg) {
    struct job *job = arg;
    job->status = kc_agent_kaissa_choose(job->agent, job->pos, &job->mv);
    return NULL;
}

static void test_threads(void) {
    struct job job;
    pthread_t worker;
    kc_kaissa_position *pos = NULL;
    kc_kaissa_undo_record undo;
    memset(&job, 0, sizeof job);
    CHECK_STATUS(kc_kaissa_position_new_start(&pos), KC_OK);
    job.agent = new_agent(KC_GAME_KAISSA, "mcts:200", 4);
    job.pos = pos;
    job.status = KC_ERR_PANIC;
    CHECK(pthread_create(&worker, NULL, think, &job) == 0);
    CHECK(pthread_join(worker, NULL) == 0);
    CHECK_STATUS(job.status, KC_OK);
    CHECK_STATUS(kc_kaissa_play(pos, job.mv, &undo), KC_OK);
    kc_agent_free(job.agent);
    kc_kaissa_position_free(pos);
}

/* The agent's name, in a static buffer. */
static const char *agent_name(const kc_agent *agent) {
    static char name[64];
    size_t len = 0;
    if (kc_agent_name(agent, name, sizeof name, &len) != KC_OK) {
        return "(kc_agent_name failed)";
    }
    return name;
}

/* kc_agent_new refuses what the spec parser refuses, and the name of
 * every agent it makes reads back into the same agent. */
static void test_limits_are_specs(void) {
    struct {
        uint8_t game, kind;
        uint64_t iterations, nodes;
        uint32_t depth, time_ms;
        const char *name; /* NULL: refused */
    } cases[] = {
        {KC_GAME_KAISSA, KC_AGENT_RANDOM, 0, 0, 0, 0, "random"},
        {KC_GAME_CHATURAJI, KC_AGENT_GREEDY, 0, 0, 0, 0, "greedy"},
        {KC_GAME_KAISSA, KC_AGENT_MCTS, 1, 0, 0, 0, "mcts:1"},
        {KC_GAME_CHATURAJI, KC_AGENT_MCTS, 1000000000, 0, 0, 0, "mcts:1000000000"},
        {KC_GAME_CHATURAJI, KC_AGENT_MCTS, 1000000001, 0, 0, 0, NULL},
        {KC_GAME_KAISSA, KC_AGENT_MCTS, UINT64_MAX, 0, 0, 0, NULL},
        {KC_GAME_KAISSA, KC_AGENT_MCTS, 0, 0, 0, 3600000, "mcts:3600000ms"},
        {KC_GAME_KAISSA, KC_AGENT_MCTS, 0, 0, 0, 4233600000u, NULL}, /* 49 days */
        {KC_GAME_KAISSA, KC_AGENT_MCTS, 500, 0, 0, 100, NULL},      /* two budgets */
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 0, 1, 0, "alphabeta:1"},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 0, 95, 0, "alphabeta:95"},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 1, 0, 0, "alphabeta:1nodes"},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 1000000000, 0, 0, "alphabeta:1000000000nodes"},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 1000000001, 0, 0, NULL},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 0, 0, 250, "alphabeta:250ms"},
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 0, 6, 1500, NULL}, /* two budgets */
        {KC_GAME_KAISSA, KC_AGENT_ALPHABETA, 0, 0, 0, UINT32_MAX, NULL},
        {KC_GAME_CHATURAJI, KC_AGENT_ALPHABETA, 0, 0, 3, 0, NULL},
        {KC_GAME_CHATURAJI, KC_AGENT_EXPECTIMAX, 0, 0, 2, 0, "expectimax:2"},
        {KC_GAME_CHATURAJI, KC_AGENT_EXPECTIMAX, 0, 0, 8, 0, "expectimax:8"},
        {KC_GAME_CHATURAJI, KC_AGENT_EXPECTIMAX, 0, 0, 9, 0, NULL},
        {KC_GAME_KAISSA, KC_AGENT_EXPECTIMAX, 0, 0, 3, 0, "expectimax:3"},
        {KC_GAME_KAISSA, KC_AGENT_EXPECTIMAX, 0, 0, 4, 0, NULL}, /* unbounded in Kaissa */
        {KC_GAME_KAISSA, KC_AGENT_EXPECTIMAX, 0, 0, 0, 100, "expectimax:100ms"},
        {KC_GAME_CHATURAJI, KC_AGENT_EXPECTIMAX, 0, 0, 2, 100, NULL}, /* two budgets */
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        kc_agent_limits limits;
        kc_agent *agent = NULL, *again = NULL;
        kc_status status;
        memset(&limits, 0, sizeof limits);
        limits.iterations = cases[i].iterations;
        limits.nodes = cases[i].nodes;
        limits.depth = cases[i].depth;
        limits.time_ms = cases[i].time_ms;
        status = kc_agent_new(cases[i].game, cases[i].kind, &limits, 7, &agent);
        if (cases[i].name == NULL) {
            CHECK_STATUS(status, KC_ERR_INVALID_ARGUMENT);
            CHECK(agent == NULL);
            continue;
        }
        CHECK_STATUS(status, KC_OK);
        if (agent == NULL) {
            continue;
        }
        CHECK(strcmp(agent_name(agent), cases[i].name) == 0);
        /* name -> spec -> the same agent, by name */
        CHECK_STATUS(kc_agent_new_from_spec(cases[i].game, cases[i].name, 7, &again), KC_OK);
        if (again != NULL) {
            CHECK(strcmp(agent_name(again), cases[i].name) == 0);
        }
        kc_agent_free(again);
        kc_agent_free(agent);
    }
    /* Expectimax by spec: bounded for Kaissa, deeper for Chaturaji. */
    {
        kc_agent *agent = NULL;
        CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_KAISSA, "expectimax:8", 1, &agent),
                     KC_ERR_INVALID_ARGUMENT);
        CHECK(strstr(last_error(), "depth 3") != NULL);
        CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_CHATURAJI, "expectimax:8", 1, &agent), KC_OK);
        kc_agent_free(agent);
    }
}

/* A huge spec gives a short error message with its control characters
 * escaped. */
static void test_huge_spec(void) {
    size_t size = (size_t)1 << 20, len = 0;
    char *spec = malloc(size + 1);
    char message[1024];
    kc_agent *agent = NULL;
    size_t i;
    const char *prefixes[] = {"", "mcts:", "random:"};
    CHECK(spec != NULL);
    if (spec == NULL) {
        return;
    }
    for (i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t j, start = strlen(prefixes[i]);
        memcpy(spec, prefixes[i], start);
        for (j = start; j < size; j++) {
            spec[j] = (j % 7 == 0) ? '\x1b' : 'x';
        }
        spec[size] = '\0';
        CHECK_STATUS(kc_agent_new_from_spec(KC_GAME_KAISSA, spec, 1, &agent), KC_ERR_PARSE);
        CHECK(agent == NULL);
        CHECK_STATUS(kc_last_error_message(NULL, 0, &len), KC_ERR_BUFFER_TOO_SMALL);
        CHECK(len <= 400);
        CHECK_STATUS(kc_last_error_message(message, sizeof message, &len), KC_OK);
        CHECK(strchr(message, '\x1b') == NULL);
        CHECK(strstr(message, "\\u{1b}") != NULL);
    }
    free(spec);
}

int main(void) {
    test_making_agents();
    test_limits_are_specs();
    test_huge_spec();
    test_kaissa();
    test_chaturaji();
    test_think();
    test_threads();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
