/*
 * kc_gui - a board GUI for Merchant Kaissa and Chaturaji on the
 * kaissa-chaturaji C ABI, with SDL2 and SDL2_ttf.
 *
 *   kc_gui [--game kaissa|chaturaji] [--rules sheet|opposite|ludii]
 *          [--computer LETTERS] [--strength random|easy|strong] [--seed N]
 *          [--font FILE.ttf] [--position TEXT] [--script FILE [--script-delay MS]]
 *
 * Mouse: click a piece, its legal targets light up, click a target. Kaissa:
 * click a lit back-rank square to place the Home Stone when its window is
 * open. Chaturaji: roll the die first (button or Space; keys 2-5 enter the
 * throw of a physical die); under the Ludii ruleset a pawn on its far edge
 * waits for a promotion decision (buttons, or keys K E H B); under the
 * sheet's rules the Exchange button (key X) offers raja exchanges. Keys:
 * U undo, N new game, Esc cancel, F12 screenshot (kc_gui_screenshot.bmp),
 * Ctrl+Q quit.
 *
 * This file holds the game flow (what a click or key does); exchange.c the
 * raja exchange flow; draw.c and draw_panel.c draw,
 * script.c runs a scripted session, game.c and game_record.c talk to the
 * library, and game_agent.c runs the computer seats' agents on a worker
 * thread.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app.h"

#ifndef KC_GUI_DEFAULT_FONT
#define KC_GUI_DEFAULT_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif

/* ------------------------------------------------------------------ helpers */

void app_set_status(App *a, MsgKind kind, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(a->status, sizeof a->status, fmt, args);
    va_end(args);
    a->status_kind = kind;
}

int app_seat_is_computer(const App *a, int seat) {
    if (game_kind(a->game) == GAME_KAISSA) {
        return seat >= 0 && seat < 2 && a->cpu_kaissa[seat];
    }
    return seat >= 0 && seat < 4 && a->cpu_chaturaji[seat];
}

GameStrength app_seat_strength(const App *a, int seat) {
    if (game_kind(a->game) == GAME_KAISSA) {
        return seat >= 0 && seat < 2 ? (GameStrength)a->level_kaissa[seat] : STRENGTH_RANDOM;
    }
    return seat >= 0 && seat < 4 ? (GameStrength)a->level_chaturaji[seat] : STRENGTH_RANDOM;
}

int app_thinking(const App *a) {
    return a->thinker != NULL && thinker_busy(a->thinker) && !game_is_over(a->game) &&
           app_seat_is_computer(a, game_to_move(a->game));
}

static int any_human(const App *a) {
    int seats = game_kind(a->game) == GAME_KAISSA ? 2 : 4, s;
    for (s = 0; s < seats; s++) {
        if (!app_seat_is_computer(a, s)) {
            return 1;
        }
    }
    return 0;
}

void app_deselect(App *a) {
    a->selected = -1;
    a->target_count = 0;
    a->exch_open = 0;
    a->exch_stage = 0;
}

static const char *who(const App *a, int owner) { return game_owner_name(a->game, owner); }

static const char *kind_name(int kind) {
    static const char *const names[] = {"raja", "elephant", "horse", "boat", "pawn"};
    return kind >= 0 && kind <= CH_KIND_PAWN ? names[kind] : "?";
}

/* "Green chooses what its pawn on c8 becomes: elephant or horse (no
 * roll).", for the status line. */
static void decision_prompt(App *a, char *buf, size_t cap) {
    char name[8];
    int kinds[4], n = game_decision_choices(a->game, kinds, 4), i;
    size_t used;
    game_square_name(a->game, game_pending_decision(a->game), name, sizeof name);
    if (n == 0) {
        snprintf(buf, cap, "%s has every kind on the board: its pawn on %s stays a pawn (Pass, "
                 "key P).", who(a, game_to_move(a->game)), name);
        return;
    }
    snprintf(buf, cap, "%s chooses what its pawn on %s becomes: ", who(a, game_to_move(a->game)),
             name);
    for (i = 0; i < n; i++) {
        used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
                 kind_name(kinds[i]));
    }
    used = strlen(buf);
    snprintf(buf + used, cap - used, " (no roll).");
}

static const char *roll_kinds(int roll) {
    switch (roll) {
    case 2: return "a boat";
    case 3: return "a horse";
    case 4: return "an elephant";
    default: return "a pawn or a raja";
    }
}

/* Whether a Chaturaji roll names pieces of this kind (5 pawn or raja, 4
 * elephant, 3 horse, 2 boat). */
static int roll_moves_kind(int roll, int kind) {
    switch (roll) {
    case 2: return kind == CH_KIND_BOAT;
    case 3: return kind == CH_KIND_HORSE;
    case 4: return kind == CH_KIND_ELEPHANT;
    case 5: return kind == CH_KIND_PAWN || kind == CH_KIND_RAJA;
    default: return 0;
    }
}

/* The status after a move: the outcome, or who is to act next. */
static void announce_next(App *a, const char *played) {
    char outcome[160];
    int to_move = game_to_move(a->game);
    game_outcome_text(a->game, outcome, sizeof outcome);
    if (outcome[0] != '\0') {
        app_set_status(a, MSG_GOOD, "%s  %s.", played, outcome);
        return;
    }
    if (game_kind(a->game) == GAME_CHATURAJI && game_pending_decision(a->game) >= 0) {
        char prompt[256];
        if (app_seat_is_computer(a, to_move)) {
            app_set_status(a, MSG_INFO, "%s  %s (computer) decides its promotion.", played,
                           who(a, to_move));
        } else {
            decision_prompt(a, prompt, sizeof prompt);
            app_set_status(a, MSG_INFO, "%s  %s", played, prompt);
        }
    } else if (game_kind(a->game) == GAME_CHATURAJI) {
        app_set_status(a, MSG_INFO, "%s  %s to roll.", played, who(a, to_move));
    } else {
        GameStoneWindow w;
        game_stone_window(a->game, to_move, &w);
        if (w.open_now && w.last_chance) {
            app_set_status(a, MSG_WARN, "%s  %s must place its Home Stone now (turn 10).", played,
                           who(a, to_move));
        } else if (w.open_now) {
            app_set_status(a, MSG_INFO, "%s  %s to move; its Home Stone window is open.", played,
                           who(a, to_move));
        } else {
            app_set_status(a, MSG_INFO, "%s  %s to move.", played, who(a, to_move));
        }
    }
}

static void describe_last(App *a, const char *prefix, char *buf, size_t cap) {
    char mv[32];
    int last = game_history_len(a->game) - 1;
    game_history_text(a->game, last, mv, sizeof mv);
    snprintf(buf, cap, "%s%s played %s.", prefix, who(a, game_history_mover(a->game, last)), mv);
}

/* ------------------------------------------------------------------ actions */

static const char *rules_label(GameRules rules) {
    switch (rules) {
    case RULES_OPPOSITE: return "partners opposite";
    case RULES_LUDII: return "Ludii ruleset, free-for-all with scores";
    default: return "sheet alliances";
    }
}

static void new_game(App *a, GameKind kind, GameRules rules) {
    uint64_t rng = game_rng_state(a->game);
    game_free(a->game);
    a->game = kind == GAME_KAISSA ? game_new_kaissa(rng) : game_new_chaturaji(rules, rng);
    thinker_new_game(a->thinker);
    app_deselect(a);
    a->dialog_open = 0;
    a->promo_open = 0;
    a->computer_due = 0;
    if (kind == GAME_KAISSA) {
        app_set_status(a, MSG_INFO, "New game of Merchant Kaissa: Yellow moves first.");
    } else {
        app_set_status(a, MSG_INFO, "New game of Chaturaji (%s): %s rolls first.",
                       rules_label(rules), who(a, game_to_move(a->game)));
    }
}

int app_setup(App *a, GameKind kind, GameRules rules, const char *text, char *err, size_t cap) {
    uint64_t rng = a->game != NULL ? game_rng_state(a->game) : 1;
    Game *g = game_from_text(kind, rules, text, rng, err, cap);
    if (g == NULL) {
        return 0;
    }
    game_free(a->game);
    a->game = g;
    if (a->thinker != NULL) {
        thinker_new_game(a->thinker);
    }
    app_deselect(a);
    a->dialog_open = 0;
    a->promo_open = 0;
    a->computer_due = 0;
    if (game_pending_decision(g) >= 0) {
        char prompt[256];
        decision_prompt(a, prompt, sizeof prompt);
        app_set_status(a, MSG_INFO, "Position set up. %s", prompt);
    } else {
        app_set_status(a, MSG_INFO, "Position set up: %s to %s.", who(a, game_to_move(g)),
                       kind == GAME_CHATURAJI ? "roll" : "move");
    }
    return 1;
}

int app_save_record(App *a, const char *path) {
    char err[512];
    if (!game_save_record(a->game, path, err, sizeof err)) {
        app_set_status(a, MSG_WARN, "Not saved to %s: %s", path, err);
        return 0;
    }
    app_set_status(a, MSG_GOOD, "Saved %d move%s to %s (L loads it).", game_history_len(a->game),
                   game_history_len(a->game) == 1 ? "" : "s", path);
    return 1;
}

int app_load_record(App *a, const char *path) {
    char err[512];
    Game *g = game_load_record(path, game_rng_state(a->game), err, sizeof err);
    if (g == NULL) {
        app_set_status(a, MSG_WARN, "Not loaded from %s: %s", path, err);
        return 0;
    }
    game_free(a->game);
    a->game = g;
    thinker_new_game(a->thinker);
    app_deselect(a);
    a->dialog_open = 0;
    a->promo_open = 0;
    a->computer_due = 0;
    if (game_is_over(g)) {
        char over[256];
        game_outcome_text(g, over, sizeof over);
        app_set_status(a, MSG_GOOD, "Loaded %s (%d moves). %s", path, game_history_len(g), over);
    } else {
        app_set_status(a, MSG_GOOD, "Loaded %s (%d moves): %s to %s.", path, game_history_len(g),
                       who(a, game_to_move(g)),
                       game_kind(g) != GAME_CHATURAJI      ? "move"
                       : game_pending_decision(g) >= 0 ? "decide its promotion"
                                                       : "roll");
    }
    return 1;
}

/* Takes back moves until a human seat is to move again (Chaturaji: with the
 * roll it had), skipping forced passes; with no human seat, one move. */
static void undo(App *a) {
    int n = 0;
    if (game_history_len(a->game) == 0) {
        app_set_status(a, MSG_WARN, "Nothing to take back.");
        return;
    }
    thinker_cancel(a->thinker);
    while (game_history_len(a->game) > 0) {
        if (!game_undo(a->game)) {
            app_set_status(a, MSG_WARN, "The library refused to take the move back: %s",
                           game_last_error());
            return;
        }
        n++;
        if (!any_human(a)) {
            break;
        }
        if (!app_seat_is_computer(a, game_to_move(a->game)) && !game_only_pass(a->game)) {
            break;
        }
    }
    app_deselect(a);
    a->promo_open = 0;
    a->computer_due = 0;
    if (game_kind(a->game) == GAME_CHATURAJI && game_pending_decision(a->game) >= 0) {
        char prompt[256];
        decision_prompt(a, prompt, sizeof prompt);
        app_set_status(a, MSG_INFO, "Took back %d move%s. %s", n, n == 1 ? "" : "s", prompt);
    } else if (game_kind(a->game) == GAME_CHATURAJI && game_current_roll(a->game) != 0) {
        app_set_status(a, MSG_INFO, "Took back %d move%s. %s has rolled %d: move %s.", n,
                       n == 1 ? "" : "s", who(a, game_to_move(a->game)),
                       game_current_roll(a->game), roll_kinds(game_current_roll(a->game)));
    } else {
        app_set_status(a, MSG_INFO, "Took back %d move%s. %s to move.", n, n == 1 ? "" : "s",
                       who(a, game_to_move(a->game)));
    }
}

/* Chaturaji: the seat to move rolls (face 0: the library's seeded die). */
static void roll(App *a, int face) {
    int seat, got;
    char played[160];
    if (game_kind(a->game) != GAME_CHATURAJI) {
        app_set_status(a, MSG_WARN, "Merchant Kaissa has no die.");
        return;
    }
    if (game_is_over(a->game)) {
        app_set_status(a, MSG_WARN, "The game is over: N starts a new one.");
        return;
    }
    seat = game_to_move(a->game);
    if (app_seat_is_computer(a, seat)) {
        app_set_status(a, MSG_WARN, "%s is played by the computer.", who(a, seat));
        return;
    }
    if (game_pending_decision(a->game) >= 0) {
        char prompt[256];
        decision_prompt(a, prompt, sizeof prompt);
        app_set_status(a, MSG_WARN, "No roll now. %s", prompt);
        return;
    }
    if (game_current_roll(a->game) != 0) {
        app_set_status(a, MSG_WARN, "%s has rolled %d already: move %s.", who(a, seat),
                       game_current_roll(a->game), roll_kinds(game_current_roll(a->game)));
        return;
    }
    got = face == 0 ? game_roll(a->game) : game_set_roll(a->game, face);
    if (got == 0) {
        return;
    }
    app_deselect(a);
    if (game_only_pass(a->game)) {
        game_play_pass(a->game);
        snprintf(played, sizeof played, "%s rolled %d: %s cannot move, the turn passes.",
                 who(a, seat), got, roll_kinds(got));
        announce_next(a, played);
        a->status_kind = MSG_WARN;
    } else {
        app_set_status(a, MSG_INFO, "%s rolled %d: move %s (pieces that can move are ringed).",
                       who(a, seat), got, roll_kinds(got));
    }
}

static void play(App *a, int from, int to, int promotion) {
    GamePiece taken;
    char played[200], what[80] = "";
    int mover = game_to_move(a->game);
    if (game_piece(a->game, to, &taken)) {
        snprintf(what, sizeof what, ", taking %s's %s", who(a, taken.owner), taken.name);
    }
    if (game_play(a->game, from, to, promotion) != PLAY_OK) {
        app_set_status(a, MSG_WARN, "That move is not legal: %s", game_last_error());
        return;
    }
    app_deselect(a);
    a->promo_open = 0;
    a->computer_due = 0;
    {
        char mv[32];
        game_history_text(a->game, game_history_len(a->game) - 1, mv, sizeof mv);
        snprintf(played, sizeof played, "%s played %s%s.", who(a, mover), mv, what);
    }
    /* Ludii: a pawn on its far edge whose colour has every kind on the
     * board has only the pass for its decision; it is played at once. */
    if (game_pending_decision(a->game) >= 0 && game_only_pass(a->game) &&
        !app_seat_is_computer(a, game_to_move(a->game))) {
        size_t used = strlen(played);
        game_play_pass(a->game);
        snprintf(played + used, sizeof played - used,
                 " Every kind is on the board: the pawn stays a pawn (pass).");
    }
    announce_next(a, played);
}

/* Ludii: the person to move decides the pending promotion (kind, or -1 pass). */
static void decide(App *a, int kind) {
    char played[200];
    int mover = game_to_move(a->game), sq = game_pending_decision(a->game);
    char name[8];
    game_square_name(a->game, sq, name, sizeof name);
    if (game_play_decision(a->game, kind) != PLAY_OK) {
        app_set_status(a, MSG_WARN, "That promotion is not possible now.");
        return;
    }
    app_deselect(a);
    a->computer_due = 0;
    if (kind < 0) {
        snprintf(played, sizeof played, "%s's pawn on %s stays a pawn (pass).", who(a, mover),
                 name);
    } else {
        snprintf(played, sizeof played, "%s's pawn on %s becomes a %s.", who(a, mover), name,
                 kind_name(kind));
    }
    announce_next(a, played);
}

static void click_square(App *a, int sq) {
    GamePiece p;
    int to_move, i, chaturaji = game_kind(a->game) == GAME_CHATURAJI;
    char name[8];
    if (sq < 0) {
        app_deselect(a);
        return;
    }
    game_square_name(a->game, sq, name, sizeof name);
    if (game_is_over(a->game)) {
        char outcome[160];
        game_outcome_text(a->game, outcome, sizeof outcome);
        app_set_status(a, MSG_WARN, "%s.  U takes back a move, N starts a new game.", outcome);
        return;
    }
    to_move = game_to_move(a->game);
    if (app_seat_is_computer(a, to_move)) {
        app_set_status(a, MSG_WARN, "Wait: the computer plays %s.", who(a, to_move));
        return;
    }
    /* A raja exchange waiting for the square a raja returns to. */
    if (a->exch_stage != 0) {
        app_exchange_click(a, sq);
        return;
    }
    if (chaturaji && game_pending_decision(a->game) >= 0) {
        char prompt[256];
        decision_prompt(a, prompt, sizeof prompt);
        app_set_status(a, MSG_WARN, "%s", prompt);
        return;
    }
    if (chaturaji && game_current_roll(a->game) == 0) {
        app_set_status(a, MSG_WARN, "%s: roll the die first (Space or the Roll button).",
                       who(a, to_move));
        return;
    }
    /* A lit target of the selected piece: move there. */
    if (a->selected >= 0) {
        for (i = 0; i < a->target_count; i++) {
            if (a->targets[i] == sq) {
                int kinds[4], n = game_promotion_choices(a->game, a->selected, sq, kinds, 4);
                if (n > 0) {
                    a->promo_open = 1;
                    a->promo_from = a->selected;
                    a->promo_to = sq;
                    a->promo_count = n;
                    memcpy(a->promo_kinds, kinds, sizeof kinds);
                    app_set_status(a, MSG_INFO, "Raising of pawns: choose what the pawn becomes.");
                } else {
                    play(a, a->selected, sq, -1);
                }
                return;
            }
        }
    }
    /* Kaissa: a lit back-rank square while the Home Stone window is open. */
    if (!chaturaji) {
        GameStoneWindow w;
        game_stone_window(a->game, to_move, &w);
        for (i = 0; w.open_now && i < w.square_count; i++) {
            if (w.squares[i] == sq) {
                if (game_place_stone(a->game, sq) == PLAY_OK) {
                    char played[96];
                    app_deselect(a);
                    snprintf(played, sizeof played, "%s placed its Home Stone on %s.",
                             who(a, to_move), name);
                    announce_next(a, played);
                }
                return;
            }
        }
        if (w.open_now && w.last_chance) {
            app_deselect(a);
            app_set_status(a, MSG_WARN, "%s must place its Home Stone now: click a lit square.",
                           who(a, to_move));
            return;
        }
    }
    if (sq == a->selected) {
        app_deselect(a);
        app_set_status(a, MSG_INFO, "%s to move.", who(a, to_move));
        return;
    }
    if (game_can_move_from(a->game, sq)) {
        game_piece(a->game, sq, &p);
        a->selected = sq;
        a->target_count = game_targets(a->game, sq, a->targets, GAME_MAX_SQUARES);
        app_set_status(a, MSG_INFO, "%s %s on %s: %d legal target%s lit.", who(a, p.owner), p.name,
                       name, a->target_count, a->target_count == 1 ? "" : "s");
        return;
    }
    app_deselect(a);
    if (!game_piece(a->game, sq, &p)) {
        app_set_status(a, MSG_INFO, "%s to move: click one of its pieces.", who(a, to_move));
        return;
    }
    if (chaturaji) {
        GameSeat s;
        game_seat(a->game, p.owner, &s);
        if (s.commander != to_move) {
            app_set_status(a, MSG_WARN, "The %s on %s is %s's; %s is to move.", p.name, name,
                           who(a, p.owner), who(a, to_move));
        } else if (roll_moves_kind(game_current_roll(a->game), p.kind)) {
            app_set_status(a, MSG_WARN, "The %s on %s has no legal move.", p.name, name);
        } else {
            app_set_status(a, MSG_WARN, "The %s on %s cannot move on a %d (a %d moves %s).",
                           p.name, name, game_current_roll(a->game), game_current_roll(a->game),
                           roll_kinds(game_current_roll(a->game)));
        }
    } else if (p.owner != to_move) {
        app_set_status(a, MSG_WARN, "The %s on %s is %s's; %s is to move.", p.name, name,
                       who(a, p.owner), who(a, to_move));
    } else {
        app_set_status(a, MSG_WARN, "The %s on %s has no legal move.", p.name, name);
    }
}

/* What a strength means, for the status line. */
static const char *strength_text(GameStrength strength) {
    switch (strength) {
    case STRENGTH_EASY: return "easy: the best capture it sees at once";
    case STRENGTH_STRONG:
        return "strong: it searches (alpha-beta in Kaissa, MCTS in Chaturaji) up to 1.5 s";
    default: return "random legal moves";
    }
}

static void on_button(App *a, int id) {
    switch (id) {
    case BTN_UNDO:
        undo(a);
        break;
    case BTN_NEW:
        a->dialog_open = 1;
        app_deselect(a);
        app_set_status(a, MSG_INFO, "Choose a game (and for Chaturaji, the alliances).");
        break;
    case BTN_ROLL:
        roll(a, 0);
        break;
    case BTN_CPU0:
    case BTN_CPU1:
    case BTN_CPU2:
    case BTN_CPU3: {
        int seat = id - BTN_CPU0, *flag;
        flag = game_kind(a->game) == GAME_KAISSA ? &a->cpu_kaissa[seat & 1]
                                                 : &a->cpu_chaturaji[seat & 3];
        *flag = !*flag;
        a->computer_due = 0;
        thinker_cancel(a->thinker);
        if (*flag && seat == game_to_move(a->game)) {
            app_deselect(a);
        }
        if (*flag) {
            app_set_status(a, MSG_INFO, "%s is now played by the computer (%s).", who(a, seat),
                           strength_text(app_seat_strength(a, seat)));
        } else {
            app_set_status(a, MSG_INFO, "%s is now played by a person.", who(a, seat));
        }
        break;
    }
    case BTN_LEVEL0:
    case BTN_LEVEL1:
    case BTN_LEVEL2:
    case BTN_LEVEL3: {
        int seat = id - BTN_LEVEL0, *level;
        level = game_kind(a->game) == GAME_KAISSA ? &a->level_kaissa[seat & 1]
                                                  : &a->level_chaturaji[seat & 3];
        *level = (*level + 1) % 3;
        a->computer_due = 0;
        thinker_cancel(a->thinker);
        app_set_status(a, MSG_INFO, "%s: the computer now plays %s.", who(a, seat),
                       strength_text((GameStrength)*level));
        break;
    }
    case BTN_DLG_KAISSA:
        new_game(a, GAME_KAISSA, 0);
        break;
    case BTN_DLG_SHEET:
        new_game(a, GAME_CHATURAJI, RULES_SHEET);
        break;
    case BTN_DLG_OPPOSITE:
        new_game(a, GAME_CHATURAJI, RULES_OPPOSITE);
        break;
    case BTN_DLG_LUDII:
        new_game(a, GAME_CHATURAJI, RULES_LUDII);
        break;
    case BTN_DECIDE0:
    case BTN_DECIDE1:
    case BTN_DECIDE2:
    case BTN_DECIDE3: {
        int kinds[4], n = decision_choices_shown(a, kinds);
        if (id - BTN_DECIDE0 < n) {
            decide(a, kinds[id - BTN_DECIDE0]);
        } else if (n == 0 && id == BTN_DECIDE0 && decision_shown(a)) {
            decide(a, -1); /* the pass: every kind is on the board */
        }
        break;
    }
    case BTN_EXCHANGE:
        app_exchange_open(a);
        break;
    case BTN_EXCH0:
    case BTN_EXCH1:
    case BTN_EXCH2:
    case BTN_EXCH3:
        app_exchange_pick(a, id - BTN_EXCH0);
        break;
    case BTN_EXCH_CANCEL:
        app_exchange_cancel(a);
        break;
    case BTN_DLG_CANCEL:
        a->dialog_open = 0;
        app_set_status(a, MSG_INFO, "%s to move.", who(a, game_to_move(a->game)));
        break;
    case BTN_PROMO0:
    case BTN_PROMO1:
    case BTN_PROMO2:
    case BTN_PROMO3:
        if (id - BTN_PROMO0 < a->promo_count) {
            play(a, a->promo_from, a->promo_to, a->promo_kinds[id - BTN_PROMO0]);
        }
        break;
    case BTN_PROMO_CANCEL:
        a->promo_open = 0;
        app_set_status(a, MSG_INFO, "Promotion cancelled; the pawn is still selected.");
        break;
    default:
        break;
    }
}

void app_mouse_down(App *a, int x, int y, int button) {
    Button buttons[MAX_BUTTONS];
    SDL_Point pt = {x, y};
    int n = collect_buttons(a, buttons), i;
    a->mouse_x = x;
    a->mouse_y = y;
    if (button == SDL_BUTTON_RIGHT) {
        if (a->exch_open || a->exch_stage) {
            app_exchange_cancel(a);
        }
        app_deselect(a);
        a->promo_open = 0;
        return;
    }
    if (button != SDL_BUTTON_LEFT) {
        return;
    }
    for (i = 0; i < n; i++) {
        if (SDL_PointInRect(&pt, &buttons[i].r)) {
            if (buttons[i].enabled) {
                on_button(a, buttons[i].id);
            } else if (buttons[i].id == BTN_ROLL) {
                roll(a, 0); /* says why it cannot roll now */
            } else if (buttons[i].id == BTN_UNDO) {
                undo(a);
            } else if (buttons[i].id == BTN_EXCHANGE) {
                app_exchange_open(a); /* says why no exchange is possible */
            }
            return;
        }
    }
    if (a->dialog_open || a->promo_open || a->exch_open) {
        return; /* modal: a click beside the buttons does nothing */
    }
    click_square(a, square_at(a, x, y));
}

void app_mouse_move(App *a, int x, int y) {
    a->mouse_x = x;
    a->mouse_y = y;
}

void app_key(App *a, SDL_Keycode key) {
    if (a->dialog_open) {
        switch (key) {
        case SDLK_k: on_button(a, BTN_DLG_KAISSA); break;
        case SDLK_s: on_button(a, BTN_DLG_SHEET); break;
        case SDLK_o: on_button(a, BTN_DLG_OPPOSITE); break;
        case SDLK_l: on_button(a, BTN_DLG_LUDII); break;
        case SDLK_ESCAPE: on_button(a, BTN_DLG_CANCEL); break;
        default: break;
        }
        return;
    }
    if (a->promo_open) {
        static const SDL_Keycode keys[4] = {SDLK_k, SDLK_e, SDLK_h, SDLK_b};
        int i;
        for (i = 0; i < a->promo_count; i++) {
            if (a->promo_kinds[i] >= 0 && a->promo_kinds[i] < 4 && keys[a->promo_kinds[i]] == key) {
                on_button(a, BTN_PROMO0 + i);
                return;
            }
        }
        if (key == SDLK_ESCAPE) {
            on_button(a, BTN_PROMO_CANCEL);
        }
        return;
    }
    if (a->exch_open) {
        if (key >= SDLK_1 && key <= SDLK_4) {
            on_button(a, BTN_EXCH0 + (int)(key - SDLK_1));
        } else if (key == SDLK_ESCAPE) {
            app_exchange_cancel(a);
        }
        return;
    }
    if (a->exch_stage != 0 && key == SDLK_ESCAPE) {
        app_exchange_cancel(a);
        return;
    }
    {
        /* Ludii: the keys K E H B make the pending promotion decision. */
        static const SDL_Keycode keys[4] = {SDLK_k, SDLK_e, SDLK_h, SDLK_b};
        int kinds[4], n = decision_choices_shown(a, kinds), i;
        for (i = 0; i < n; i++) {
            if (kinds[i] >= 0 && kinds[i] < 4 && keys[kinds[i]] == key) {
                on_button(a, BTN_DECIDE0 + i);
                return;
            }
        }
        if (n == 0 && key == SDLK_p && decision_shown(a)) {
            on_button(a, BTN_DECIDE0);
            return;
        }
    }
    switch (key) {
    case SDLK_u:
    case SDLK_BACKSPACE:
        undo(a);
        break;
    case SDLK_n:
        on_button(a, BTN_NEW);
        break;
    case SDLK_SPACE:
    case SDLK_r:
        roll(a, 0);
        break;
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
        roll(a, (int)(key - SDLK_0));
        break;
    case SDLK_ESCAPE:
        app_deselect(a);
        break;
    case SDLK_s:
        app_save_record(a, a->record_path);
        break;
    case SDLK_l:
        app_load_record(a, a->record_path);
        break;
    case SDLK_x:
        app_exchange_open(a);
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------ computer seats */

/* The status after a computer seat's move. */
static void computer_played(App *a, int seat) {
    char played[160];
    int last = game_history_len(a->game) - 1;
    app_deselect(a);
    if (game_history_was_pass(a->game, last) && game_history_roll(a->game, last) != 0) {
        snprintf(played, sizeof played, "%s (computer) rolled %d: no move, passes.", who(a, seat),
                 game_history_roll(a->game, last));
    } else if (game_kind(a->game) == GAME_CHATURAJI && game_history_roll(a->game, last) == 0) {
        char mv[32];
        game_history_text(a->game, last, mv, sizeof mv);
        snprintf(played, sizeof played, "%s (computer) decided its promotion: %s.", who(a, seat),
                 mv);
    } else {
        describe_last(a, "", played, sizeof played);
    }
    announce_next(a, played);
}

/* One step of a computer seat: Kaissa, a move; Chaturaji, the roll and then
 * (next step) the move, so a person sees the die first. A random seat moves
 * at once; an easy or strong one starts thinking on the worker thread (its
 * move is played by collect_thought). */
static void computer_step(App *a) {
    int seat = game_to_move(a->game);
    GameStrength strength = app_seat_strength(a, seat);
    if (game_kind(a->game) == GAME_CHATURAJI && game_current_roll(a->game) == 0 &&
        game_pending_decision(a->game) < 0) {
        int got = game_roll(a->game);
        app_set_status(a, MSG_INFO, "%s (computer) rolled %d.", who(a, seat), got);
        return;
    }
    if (strength != STRENGTH_RANDOM && !game_only_pass(a->game)) {
        if (!thinker_busy(a->thinker) && thinker_start(a->thinker, a->game, strength)) {
            app_set_status(a, MSG_INFO, "%s (computer, %s) is thinking...", who(a, seat),
                           game_strength_name(strength));
        }
        return;
    }
    if (game_play_random(a->game) != PLAY_OK) {
        return;
    }
    computer_played(a, seat);
}

/* Plays the move the worker thread found, once it has one; 1 when the
 * search ended (its move played, or dropped because the game moved on). */
static int collect_thought(App *a) {
    int seat = game_to_move(a->game);
    int result = thinker_collect(a->thinker, a->game);
    if (result < 0) {
        return 0;
    }
    if (result == PLAY_OK) {
        computer_played(a, seat);
    }
    return 1;
}

static int computer_to_act(const App *a) {
    return !a->dialog_open && !a->promo_open && !a->exch_open && !game_is_over(a->game) &&
           app_seat_is_computer(a, game_to_move(a->game));
}

void app_run_computers(App *a, int max_steps) {
    int steps = 0;
    while (computer_to_act(a) && steps++ < max_steps) {
        computer_step(a);
        if (thinker_busy(a->thinker)) {
            thinker_wait(a->thinker);
            collect_thought(a);
        }
    }
}

int app_start_thinking(App *a) {
    int steps = 0;
    while (computer_to_act(a) && !thinker_busy(a->thinker) && steps++ < 8) {
        if (app_seat_strength(a, game_to_move(a->game)) == STRENGTH_RANDOM) {
            return 0;
        }
        computer_step(a);
    }
    return thinker_busy(a->thinker);
}

/* Lets a computer seat act after a pause a person can follow; returns 1 when
 * the screen needs drawing (something happened, or the thinking indicator
 * moves on). */
static int tick_computers(App *a) {
    Uint32 now = SDL_GetTicks();
    if (thinker_busy(a->thinker)) {
        static Uint32 last_frame;
        if (collect_thought(a)) {
            a->computer_due = 0;
            return 1;
        }
        if (now - last_frame >= 250) {
            last_frame = now;
            return 1;
        }
        return 0;
    }
    if (!computer_to_act(a)) {
        a->computer_due = 0;
        return 0;
    }
    if (a->computer_due == 0) {
        a->computer_due = now + 600;
        return 0;
    }
    if ((Sint32)(now - a->computer_due) >= 0) {
        computer_step(a);
        a->computer_due = 0;
        return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ main */

static void usage(FILE *out) {
    fputs("usage: kc_gui [--game kaissa|chaturaji] [--rules sheet|opposite|ludii]\n"
          "              [--computer LETTERS] [--strength random|easy|strong]\n"
          "              [--seed N] [--font FILE.ttf] [--position TEXT] [--record-file PATH]\n"
          "              [--script FILE [--script-delay MS]]\n"
          "  --rules     Chaturaji's rules option: the sheet's alliances (default), partners\n"
          "              opposite, or the Ludii ruleset (free-for-all with scores);\n"
          "              --alliances sheet|opposite is the older spelling\n"
          "  --computer  seats played by the computer: y r (Kaissa), r b y g (Chaturaji)\n"
          "  --strength  how the computer plays: random (default), easy (the best capture\n"
          "              it sees at once) or strong (a search of up to 1.5 s a move)\n"
          "  --position  start from this position text (of the --game, under --rules)\n"
          "  --record-file  the game record S saves to and L loads (default kc_game.txt)\n"
          "  --font      a TrueType font (default: $KC_GUI_FONT, else " KC_GUI_DEFAULT_FONT ")\n"
          "  --script    run a scripted session (see examples/gui/README.md) and exit;\n"
          "              headless with SDL_VIDEODRIVER=dummy (or offscreen)\n",
          out);
}

static void set_computers(App *a, const char *letters) {
    const char *p;
    for (p = letters; *p; p++) {
        switch (*p) {
        case 'y': a->cpu_kaissa[0] = 1; a->cpu_chaturaji[CH_YELLOW] = 1; break;
        case 'r': a->cpu_kaissa[1] = 1; a->cpu_chaturaji[CH_RED] = 1; break;
        case 'b': a->cpu_chaturaji[CH_BLACK] = 1; break;
        case 'g': a->cpu_chaturaji[CH_GREEN] = 1; break;
        default: break;
        }
    }
}

int main(int argc, char **argv) {
    App app;
    App *a = &app;
    const char *script = NULL, *font = NULL, *game_name = NULL, *position = NULL;
    GameRules rules = RULES_SHEET;
    int delay_ms = 0, exit_code = 0, dirty = 1, i;
    uint64_t seed = (uint64_t)time(NULL);
    Uint32 renderer_flags = 0;

    memset(a, 0, sizeof *a);
    snprintf(a->record_path, sizeof a->record_path, "kc_game.txt");
    a->selected = -1;
    a->mouse_x = -1; /* the pointer is not over the window */
    a->mouse_y = -1;
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (val == NULL) {
            fprintf(stderr, "kc_gui: %s needs a value\n", arg);
            usage(stderr);
            return 2;
        }
        if (strcmp(arg, "--game") == 0) {
            game_name = val;
        } else if (strcmp(arg, "--alliances") == 0 || strcmp(arg, "--rules") == 0) {
            if (strcmp(val, "sheet") == 0) {
                rules = RULES_SHEET;
            } else if (strcmp(val, "opposite") == 0) {
                rules = RULES_OPPOSITE;
            } else if (strcmp(val, "ludii") == 0 && arg[2] == 'r') {
                rules = RULES_LUDII;
            } else {
                fprintf(stderr, "kc_gui: %s: unknown rules option '%s'\n", arg, val);
                usage(stderr);
                return 2;
            }
        } else if (strcmp(arg, "--computer") == 0) {
            set_computers(a, val);
        } else if (strcmp(arg, "--strength") == 0) {
            int level = strcmp(val, "random") == 0 ? STRENGTH_RANDOM
                        : strcmp(val, "easy") == 0 ? STRENGTH_EASY
                        : strcmp(val, "strong") == 0 ? STRENGTH_STRONG
                                                     : -1, s;
            if (level < 0) {
                fprintf(stderr, "kc_gui: --strength: '%s' is not random, easy or strong\n", val);
                usage(stderr);
                return 2;
            }
            for (s = 0; s < 4; s++) {
                a->level_chaturaji[s] = level;
                a->level_kaissa[s & 1] = level;
            }
        } else if (strcmp(arg, "--seed") == 0) {
            seed = strtoull(val, NULL, 10);
        } else if (strcmp(arg, "--font") == 0) {
            font = val;
        } else if (strcmp(arg, "--position") == 0) {
            position = val;
        } else if (strcmp(arg, "--script") == 0) {
            script = val;
        } else if (strcmp(arg, "--record-file") == 0) {
            snprintf(a->record_path, sizeof a->record_path, "%s", val);
        } else if (strcmp(arg, "--script-delay") == 0) {
            delay_ms = atoi(val);
        } else {
            fprintf(stderr, "kc_gui: unknown option %s\n", arg);
            usage(stderr);
            return 2;
        }
        i++;
    }
    if (font == NULL) {
        font = getenv("KC_GUI_FONT");
    }
    if (font == NULL || font[0] == '\0') {
        font = KC_GUI_DEFAULT_FONT;
    }
    snprintf(a->font_path, sizeof a->font_path, "%s", font);
    a->script_mode = script != NULL;
    if (script != NULL) {
        seed = 1; /* a script seeds explicitly (`seed N`); this only makes runs repeatable */
        renderer_flags = SDL_RENDERER_SOFTWARE; /* the same pixels everywhere */
    }

    a->thinker = thinker_new(seed);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "kc_gui: SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "kc_gui: TTF_Init failed: %s\n", TTF_GetError());
        SDL_Quit();
        return 1;
    }
    /* A person may enlarge the window: the picture is scaled (SDL maps the
     * mouse back). A script keeps the exact size for its screenshots. */
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    a->window = SDL_CreateWindow("kaissa-chaturaji", SDL_WINDOWPOS_CENTERED,
                                 SDL_WINDOWPOS_CENTERED, WIN_W, WIN_H,
                                 script != NULL ? 0 : SDL_WINDOW_RESIZABLE);
    if (a->window != NULL) {
        a->ren = SDL_CreateRenderer(a->window, -1, renderer_flags);
        if (a->ren == NULL && renderer_flags == 0) {
            a->ren = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
        }
    }
    if (a->ren != NULL) {
        SDL_RenderSetLogicalSize(a->ren, WIN_W, WIN_H);
    }
    if (a->window == NULL || a->ren == NULL || !draw_init(a)) {
        fprintf(stderr, "kc_gui: cannot open the window: %s\n", SDL_GetError());
        exit_code = 1;
        goto done;
    }

    if (game_name != NULL && strcmp(game_name, "chaturaji") == 0) {
        a->game = game_new_chaturaji(rules, seed);
        app_set_status(a, MSG_INFO, "Chaturaji (%s): %s rolls first (Space or the Roll button).",
                       rules_label(rules), who(a, game_to_move(a->game)));
    } else {
        a->game = game_new_kaissa(seed);
        app_set_status(a, MSG_INFO,
                       "Click a piece, then a lit square.  U undo \xc2\xb7 N new game \xc2\xb7 "
                       "S/L save/load %s.",
                       a->record_path);
        /* Without --game, a person chooses the game (and Chaturaji's alliances) first. */
        a->dialog_open = game_name == NULL && script == NULL;
    }

    if (position != NULL) {
        char err[512];
        GameKind kind = game_name != NULL && strcmp(game_name, "chaturaji") == 0 ? GAME_CHATURAJI
                                                                                 : GAME_KAISSA;
        if (!app_setup(a, kind, rules, position, err, sizeof err)) {
            fprintf(stderr, "kc_gui: --position: %s\n", err);
            exit_code = 2;
            goto done;
        }
    }

    if (script != NULL) {
        exit_code = run_script(a, script, delay_ms);
        goto done;
    }

    a->running = 1;
    while (a->running) {
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, 40)) {
            dirty = 1;
            do {
                switch (ev.type) {
                case SDL_QUIT:
                    a->running = 0;
                    break;
                case SDL_MOUSEBUTTONDOWN:
                    app_mouse_down(a, ev.button.x, ev.button.y, ev.button.button);
                    break;
                case SDL_MOUSEMOTION:
                    app_mouse_move(a, ev.motion.x, ev.motion.y);
                    break;
                case SDL_WINDOWEVENT:
                    if (ev.window.event == SDL_WINDOWEVENT_LEAVE) {
                        app_mouse_move(a, -1, -1);
                    }
                    break;
                case SDL_KEYDOWN:
                    if (ev.key.keysym.sym == SDLK_q && (ev.key.keysym.mod & KMOD_CTRL)) {
                        a->running = 0;
                    } else if (ev.key.keysym.sym == SDLK_F12) {
                        draw_frame(a);
                        if (save_screenshot(a, "kc_gui_screenshot.bmp")) {
                            app_set_status(a, MSG_GOOD, "Saved kc_gui_screenshot.bmp.");
                        }
                    } else {
                        app_key(a, ev.key.keysym.sym);
                    }
                    break;
                default:
                    break;
                }
            } while (SDL_PollEvent(&ev));
        }
        dirty |= tick_computers(a);
        if (dirty) {
            draw_frame(a);
            SDL_RenderPresent(a->ren);
            dirty = 0;
        }
    }

done:
    thinker_free(a->thinker); /* waits for a search under way */
    game_free(a->game);
    draw_free(a);
    if (a->ren != NULL) {
        SDL_DestroyRenderer(a->ren);
    }
    if (a->window != NULL) {
        SDL_DestroyWindow(a->window);
    }
    TTF_Quit();
    SDL_Quit();
    return exit_code;
}
