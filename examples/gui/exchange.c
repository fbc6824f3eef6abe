/*
 * exchange.c - the raja exchange (docs/rules.md §2, sheet and opposite
 * rules) made with the mouse: the Exchange button (key X) opens a chooser
 * of the exchanges the library allows now; a raja whose throne is taken
 * then waits for a click on one of the lit free squares next to it; the
 * exchange is applied through game.h (game_exchange) and Undo takes it
 * back like a move.
 */
#include <string.h>

#include "app.h"

/* Why no exchange can be made now, or NULL when one can. */
static const char *no_exchange_reason(const App *a) {
    GameExchange ex[GAME_MAX_EXCHANGES];
    if (game_kind(a->game) != GAME_CHATURAJI) {
        return "Merchant Kaissa has no raja exchange.";
    }
    if (game_rules(a->game) == RULES_LUDII) {
        return "The Ludii ruleset has no raja exchange.";
    }
    if (game_is_over(a->game)) {
        return "The game is over: no exchange.";
    }
    if (app_seat_is_computer(a, game_to_move(a->game))) {
        return "Exchanges are agreed on a person's turn.";
    }
    if (game_exchanges(a->game, ex, GAME_MAX_EXCHANGES) == 0) {
        return "No raja exchange is possible: each alliance must hold a captured raja of the "
               "other, whose colour is still in the game and has room by its throne.";
    }
    return NULL;
}

void app_exchange_open(App *a) {
    const char *why = no_exchange_reason(a);
    if (why != NULL) {
        app_set_status(a, MSG_WARN, "%s", why);
        return;
    }
    app_deselect(a);
    a->exch_open = 1;
    app_set_status(a, MSG_INFO, "Raja exchange: choose the two rajas that return (Esc cancels).");
}

/* Lights the squares the raja of side (0, 1) of the chosen pair may return
 * to, or takes the only one; when both are known, makes the exchange. */
static void exchange_next(App *a) {
    while (a->exch_stage <= 2) {
        int side = a->exch_stage - 1;
        if (a->exch_stage == 0 || side > 1) {
            break;
        }
        if (a->exch.square_count[side] == 1) {
            a->exch_square[side] = a->exch.squares[side][0];
            a->exch_stage++;
            continue;
        }
        a->target_count = a->exch.square_count[side];
        memcpy(a->targets, a->exch.squares[side], (size_t)a->target_count);
        a->selected = -1;
        app_set_status(a, MSG_INFO,
                       "%s's throne is taken: click the lit square where its raja returns "
                       "(Esc cancels).",
                       game_owner_name(a->game, a->exch.colour[side]));
        return;
    }
    {
        GameExchange ex = a->exch;
        char sa[8], sb[8];
        int squares[2];
        squares[0] = a->exch_square[0];
        squares[1] = a->exch_square[1];
        app_deselect(a);
        if (game_exchange(a->game, ex.colour[0], squares[0], ex.colour[1], squares[1]) !=
            PLAY_OK) {
            app_set_status(a, MSG_WARN, "The library refused the exchange: %s", game_last_error());
            return;
        }
        game_square_name(a->game, squares[0], sa, sizeof sa);
        game_square_name(a->game, squares[1], sb, sizeof sb);
        app_set_status(a, MSG_GOOD,
                       "Rajas exchanged: %s's returns to %s, %s's to %s. %s still to %s.",
                       game_owner_name(a->game, ex.colour[0]), sa, game_owner_name(a->game, ex.colour[1]), sb,
                       game_owner_name(a->game, game_to_move(a->game)),
                       game_current_roll(a->game) ? "move" : "roll");
    }
}

void app_exchange_pick(App *a, int index) {
    GameExchange ex[GAME_MAX_EXCHANGES];
    int n = game_exchanges(a->game, ex, GAME_MAX_EXCHANGES);
    if (index < 0 || index >= n) {
        return;
    }
    a->exch_open = 0;
    a->exch = ex[index];
    a->exch_square[0] = a->exch_square[1] = -1;
    a->exch_stage = 1;
    exchange_next(a);
}

void app_exchange_cancel(App *a) {
    app_deselect(a);
    app_set_status(a, MSG_INFO, "Exchange cancelled. %s to %s.", game_owner_name(a->game, game_to_move(a->game)),
                   game_current_roll(a->game) ? "move" : "roll");
}

void app_exchange_click(App *a, int sq) {
    int side = a->exch_stage - 1, i;
    char name[8];
    if (side < 0 || side > 1) {
        return;
    }
    for (i = 0; i < a->exch.square_count[side]; i++) {
        if (a->exch.squares[side][i] == sq) {
            a->exch_square[side] = sq;
            a->exch_stage++;
            a->target_count = 0;
            exchange_next(a);
            return;
        }
    }
    game_square_name(a->game, sq, name, sizeof name);
    app_set_status(a, MSG_WARN,
                   "%s is no square for %s's raja: click a lit square (Esc cancels the exchange).",
                   name[0] ? name : "That", game_owner_name(a->game, a->exch.colour[side]));
}
