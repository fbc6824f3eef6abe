/*
 * draw_panel.c - the side panel beside the board: Kaissa's players and
 * Home Stone windows; Chaturaji's die, the four seats (command, captured
 * rajas, or the Ludii ruleset's scores and ranks), the rules option; and
 * the move list. It reads the game only through game.h.
 */
#include <stdio.h>
#include <string.h>

#include "draw_internal.h"

/* Where a seat row's text must end: before its buttons. */
#define SEAT_TEXT_LIMIT (SEAT_BUTTON_X - 8)

static void heading(App *a, const char *s, int y) {
    text(a, a->font_small, s, PANEL_X + 2, y, C_DIM, AL_LEFT, 0);
}

static void draw_history(App *a, int top, int bottom) {
    int len = game_history_len(a->game), rows = (bottom - top) / 19, first, i;
    int chaturaji = game_kind(a->game) == GAME_CHATURAJI;
    char line[96], mv[32];
    heading(a, chaturaji ? "MOVES  (roll:move)" : "MOVES", top - 20);
    card(a, (SDL_Rect){PANEL_X, top, PANEL_W, bottom - top});
    if (len == 0) {
        text(a, a->font_small, "No moves yet.", PANEL_X + 10, top + 8, C_DIM, AL_LEFT, 0);
        return;
    }
    if (chaturaji) {
        first = len > rows ? len - rows : 0;
        for (i = first; i < len; i++) {
            int mover = game_history_mover(a->game, i), y = top + 6 + (i - first) * 19;
            game_history_text(a->game, i, mv, sizeof mv);
            shape(a, SHAPE_DISC, PANEL_X + 58, y + 9, 12, CH_COLOUR[mover & 3]);
            snprintf(line, sizeof line, "%d.", i + 1);
            text(a, a->font_small, line, PANEL_X + 44, y, C_DIM, AL_RIGHT, 0);
            snprintf(line, sizeof line, "%s %s%s", game_owner_name(a->game, mover), mv,
                     game_history_was_pass(a->game, i) ? "  (forced)" : "");
            text(a, a->font_small, line, PANEL_X + 70, y, C_TEXT, AL_LEFT, 0);
        }
    } else {
        int pairs = (len + 1) / 2;
        first = pairs > rows ? pairs - rows : 0;
        for (i = first; i < pairs; i++) {
            int y = top + 6 + (i - first) * 19;
            snprintf(line, sizeof line, "%d.", i + 1);
            text(a, a->font_small, line, PANEL_X + 44, y, C_DIM, AL_RIGHT, 0);
            game_history_text(a->game, 2 * i, mv, sizeof mv);
            text(a, a->font_small, mv, PANEL_X + 56, y, C_TEXT, AL_LEFT, 0);
            if (2 * i + 1 < len) {
                game_history_text(a->game, 2 * i + 1, mv, sizeof mv);
                text(a, a->font_small, mv, PANEL_X + 150, y, C_TEXT, AL_LEFT, 0);
            }
        }
    }
}

/* Whether every square of a side's back rank is occupied (no room for its stone). */
static int back_rank_full(const App *a, int side) {
    int width = game_width(a->game), rank = side == 0 ? 0 : game_height(a->game) - 1, f;
    for (f = 0; f < width; f++) {
        GamePiece p;
        if (!game_piece(a->game, rank * width + f, &p)) {
            return 0;
        }
    }
    return 1;
}

void draw_kaissa_panel(App *a) {
    int to_move = game_to_move(a->game), over = game_is_over(a->game), side, y;
    char line[160];
    SDL_Rect r = {PANEL_X, BOARD_Y, PANEL_W, 66};

    card(a, r);
    shape(a, SHAPE_DISC, r.x + 34, r.y + 33, 40, C_OUTLINE);
    shape(a, SHAPE_DISC, r.x + 34, r.y + 33, 35,
          over ? (SDL_Color){200, 196, 190, 255} : K_SIDE[to_move]);
    if (over) {
        text(a, a->font_title, "Game over", r.x + 66, r.y + 8, C_TEXT, AL_LEFT, 0);
        text(a, a->font_small, "U takes back a move \xc2\xb7 N new game", r.x + 66, r.y + 42,
             C_DIM, AL_LEFT, 0);
    } else {
        snprintf(line, sizeof line, "%s to move", game_owner_name(a->game, to_move));
        text(a, a->font_title, line, r.x + 66, r.y + 8, C_TEXT, AL_LEFT, 0);
        snprintf(line, sizeof line, "turn %u  \xc2\xb7  ply %u%s", game_turn(a->game),
                 game_ply(a->game),
                 !app_seat_is_computer(a, to_move) ? ""
                 : app_thinking(a)                 ? "  \xc2\xb7  computer, thinking..."
                                                   : "  \xc2\xb7  computer");
        text(a, a->font_small, line, r.x + 66, r.y + 42, C_DIM, AL_LEFT, 0);
    }

    heading(a, "PLAYERS", 146);
    for (side = 0; side < 2; side++) {
        y = KAISSA_ROW_Y + side * KAISSA_ROW_H;
        shape(a, SHAPE_DISC, PANEL_X + 14, y + 20, 20, C_OUTLINE);
        shape(a, SHAPE_DISC, PANEL_X + 14, y + 20, 16, K_SIDE[side]);
        text(a, a->font_bold, side == 0 ? "Yellow" : "Red", PANEL_X + 32, y + 20, C_TEXT, AL_LEFT,
             1);
        /* Left of the side's buttons: that it is thinking, or its ranks. */
        if (side == to_move && app_thinking(a)) {
            static const char *const dots[] = {"thinking", "thinking.", "thinking..",
                                               "thinking..."};
            text_fit(a, a->font_small, dots[(SDL_GetTicks() / 300) % 4], PANEL_X + 100, y + 12,
                     C_ACCENT, SEAT_BUTTON_X - 6);
        } else {
            text_fit(a, a->font_small,
                     side == 0 ? "ranks 1\xe2\x80\x93" "2" : "ranks 9\xe2\x80\x93" "10",
                     PANEL_X + 100, y + 12, C_DIM, SEAT_BUTTON_X - 6);
        }
    }

    heading(a, "HOME STONE  (placed on turns 8\xe2\x80\x93" "10, back rank)", 252);
    r = (SDL_Rect){PANEL_X, 272, PANEL_W, 104};
    card(a, r);
    for (side = 0; side < 2; side++) {
        GameStoneWindow w;
        char where[8];
        SDL_Color c = C_DIM;
        y = r.y + 8 + side * 48;
        game_stone_window(a->game, side, &w);
        shape(a, SHAPE_DIAMOND, PANEL_X + 16, y + 10, 20, C_OUTLINE);
        shape(a, SHAPE_DIAMOND, PANEL_X + 16, y + 10, 15, K_SIDE[side]);
        if (w.on_board >= 0) {
            game_square_name(a->game, w.on_board, where, sizeof where);
            snprintf(line, sizeof line, "%s: on %s", side == 0 ? "Yellow" : "Red", where);
        } else if (w.in_hand) {
            snprintf(line, sizeof line, "%s: in hand", side == 0 ? "Yellow" : "Red");
        } else {
            snprintf(line, sizeof line, "%s: captured", side == 0 ? "Yellow" : "Red");
        }
        text(a, a->font_bold, line, PANEL_X + 32, y + 1, C_TEXT, AL_LEFT, 0);
        line[0] = '\0';
        if (w.in_hand && w.open_now && w.last_chance) {
            snprintf(line, sizeof line, "LAST CHANCE: must place now (%d square%s)",
                     w.square_count, w.square_count == 1 ? "" : "s");
            c = C_WARN;
        } else if (w.in_hand && w.open_now) {
            snprintf(line, sizeof line, "OPEN now: click a lit square on rank %d",
                     side == 0 ? 1 : 10);
            c = C_GOOD;
        } else if (w.in_hand && !over && w.next_turn < w.first_turn) {
            snprintf(line, sizeof line, "window opens on its turn %u (next turn: %u)",
                     w.first_turn, w.next_turn);
        } else if (w.in_hand && !over && w.next_turn <= w.last_turn) {
            if (back_rank_full(a, side)) {
                snprintf(line, sizeof line, "back rank full: free a square by turn %u",
                         w.last_turn);
                c = C_WARN;
            } else {
                snprintf(line, sizeof line, "may place on its turns %u\xe2\x80\x93%u (next: %u)",
                         w.first_turn, w.last_turn, w.next_turn);
                c = C_GOOD;
            }
        } else if (w.on_board >= 0) {
            snprintf(line, sizeof line, "capture it to win");
        }
        text(a, a->font_small, line, PANEL_X + 32, y + 23, c, AL_LEFT, 0);
    }

    text(a, a->font_small, "U Ubar \xc2\xb7 Q Ubara \xc2\xb7 T Tarnsman \xc2\xb7 S Scribe",
         PANEL_X + 2, 384, C_DIM, AL_LEFT, 0);
    text(a, a->font_small, "B Builder \xc2\xb7 I Initiate \xc2\xb7 P Spearman \xc2\xb7 R Rider",
         PANEL_X + 2, 401, C_DIM, AL_LEFT, 0);
    text(a, a->font_small, "A Assassin \xc2\xb7 H Home Stone",
         PANEL_X + 2, 418, C_DIM, AL_LEFT, 0);

    draw_history(a, 470, STATUS_Y - 68);
}

static const char *roll_meaning(int roll) {
    switch (roll) {
    case 2: return "a boat";
    case 3: return "a horse";
    case 4: return "an elephant";
    case 5: return "a pawn or the raja";
    default: return "";
    }
}

static void draw_die(App *a, int x, int y, int size, int face, int faded) {
    SDL_Rect r = {x, y, size, size};
    char label[12];
    fill(a, (SDL_Rect){x + 3, y + 4, size, size}, (SDL_Color){0, 0, 0, 50});
    fill(a, r, faded ? (SDL_Color){236, 232, 224, 255} : C_WHITE);
    outline(a, r, faded ? C_CARD_EDGE : C_OUTLINE, 2);
    snprintf(label, sizeof label, "?");
    if (face >= 2 && face <= 5) {
        snprintf(label, sizeof label, "%d", face);
    }
    text(a, a->font_die, label, x + size / 2, y + size / 2 + 1, faded ? C_DIM : C_TEXT, AL_CENTER,
         1);
}

void draw_chaturaji_panel(App *a) {
    static const char *const where[] = {"east", "north", "west", "south"};
    int to_move = game_to_move(a->game), over = game_is_over(a->game);
    int roll = game_current_roll(a->game), seat, len = game_history_len(a->game);
    int ludii = game_rules(a->game) == RULES_LUDII, ranked_first = 0;
    char line[192];
    SDL_Rect r = {PANEL_X, BOARD_Y, PANEL_W, 112};

    card(a, r);
    if (game_pending_decision(a->game) >= 0 && !over) {
        char name[8];
        draw_die(a, r.x + 12, r.y + 12, 66, 0, 1);
        game_square_name(a->game, game_pending_decision(a->game), name, sizeof name);
        snprintf(line, sizeof line, "Promotion of the pawn on %s: no roll.", name);
    } else if (roll != 0) {
        draw_die(a, r.x + 12, r.y + 12, 66, roll, 0);
        snprintf(line, sizeof line, "%s rolled %d: move %s.", game_owner_name(a->game, to_move),
                 roll, roll_meaning(roll));
    } else if (len > 0) {
        char mv[32];
        int last = len - 1, mover = game_history_mover(a->game, last);
        game_history_text(a->game, last, mv, sizeof mv);
        draw_die(a, r.x + 12, r.y + 12, 66, game_history_roll(a->game, last), 1);
        if (game_history_was_exchange(a->game, last)) {
            snprintf(line, sizeof line, "Rajas exchanged: %s", mv + 9);
        } else if (game_history_was_pass(a->game, last) && game_history_roll(a->game, last)) {
            snprintf(line, sizeof line, "%s rolled %d: no move, so it passed.",
                     game_owner_name(a->game, mover), game_history_roll(a->game, last));
        } else if (game_history_roll(a->game, last) == 0) {
            snprintf(line, sizeof line, "%s decided its promotion: %s",
                     game_owner_name(a->game, mover), mv);
        } else {
            snprintf(line, sizeof line, "%s played %s", game_owner_name(a->game, mover), mv);
        }
    } else {
        draw_die(a, r.x + 12, r.y + 12, 66, 0, 1);
        snprintf(line, sizeof line, "5 pawn or raja \xc2\xb7 4 elephant \xc2\xb7 3 horse \xc2\xb7 2 boat");
    }
    text(a, a->font_small, line, r.x + 12, r.y + 88, roll ? C_TEXT : C_DIM, AL_LEFT, 0);
    if (!over) {
        snprintf(line, sizeof line, "%s %s", game_owner_name(a->game, to_move),
                 game_pending_decision(a->game) >= 0 ? "decides"
                 : roll                              ? "chooses a move"
                 : app_seat_is_computer(a, to_move)  ? "(computer) rolls next"
                                                     : "to roll");
        text(a, a->font_bold, line, r.x + 92, r.y + 56, C_TEXT, AL_LEFT, 0);
    } else {
        text(a, a->font_bold, "Game over", r.x + 92, r.y + 56, C_WARN, AL_LEFT, 0);
    }

    heading(a, ludii ? "SEATS  (turn order Green, Red, Black, Yellow)" : "SEATS", 184);
    if (ludii) {
        ranked_first = 0;
        for (seat = 0; seat < 4; seat++) {
            GameSeat s;
            game_seat(a->game, seat, &s);
            ranked_first += s.rank == 1;
        }
    }
    for (seat = 0; seat < 4; seat++) {
        GameSeat s;
        int y = 204 + seat * 50, commanded = 0, c;
        SDL_Rect row = {PANEL_X, y, PANEL_W, 46};
        game_seat(a->game, seat, &s);
        card(a, row);
        if (seat == to_move && !over) {
            fill(a, (SDL_Rect){row.x, row.y, 5, row.h}, CH_COLOUR[seat]);
            outline(a, row, C_OUTLINE, 1);
        }
        shape(a, SHAPE_DISC, PANEL_X + 24, y + 23, 26, C_OUTLINE);
        shape(a, SHAPE_DISC, PANEL_X + 24, y + 23, 22,
              s.out ? (SDL_Color){200, 196, 190, 255} : CH_COLOUR[seat]);
        {
            /* The name, then (the first that applies) that the computer is
             * thinking, a captured raja, or where the seat sits; all of it
             * left of the seat's buttons. */
            int x = PANEL_X + 44;
            x += text(a, a->font_bold, game_owner_name(a->game, seat), x, y + 4,
                      s.in_play ? C_TEXT : C_DIM, AL_LEFT, 0);
            if (seat == to_move && app_thinking(a)) {
                static const char *const dots[] = {"thinking", "thinking.", "thinking..",
                                                   "thinking..."};
                text_fit(a, a->font_small, dots[(SDL_GetTicks() / 300) % 4], x + 8, y + 6,
                         C_ACCENT, SEAT_TEXT_LIMIT);
            } else if (s.captured_rajas > 0) {
                snprintf(line, sizeof line, "raja captured%s",
                         s.captured_rajas > 1 ? " \xc3\x97" "2" : "");
                text_fit(a, a->font_small, line, x + 8, y + 6, C_WARN, SEAT_TEXT_LIMIT);
            } else {
                text_fit(a, a->font_small, where[seat], x + 6, y + 6, C_DIM, SEAT_TEXT_LIMIT);
            }
        }
        if (ludii) {
            /* The Ludii ruleset: the score, and the rank once the game is over. */
            snprintf(line, sizeof line, "%d", s.score);
            text(a, a->font_title, line, PANEL_X + PANEL_W - 108, y + 23, C_TEXT, AL_RIGHT, 1);
            if (s.rank > 0) {
                snprintf(line, sizeof line, "rank %d%s \xc2\xb7 score %d", s.rank,
                         s.rank == 1 ? (ranked_first > 1 ? " (shared)" : ", wins") : "",
                         s.score);
            } else {
                snprintf(line, sizeof line, "score %d%s", s.score,
                         s.out ? " \xc2\xb7 no pieces left" : "");
            }
            text_fit(a, a->font_small, line, PANEL_X + 44, y + 25, s.rank == 1 ? C_GOOD : C_DIM,
                     SEAT_TEXT_LIMIT);
            continue;
        }
        /* What this seat commands. */
        line[0] = '\0';
        for (c = 0; c < 4; c++) {
            GameSeat other;
            game_seat(a->game, c, &other);
            if (other.commander == seat) {
                size_t used = strlen(line);
                snprintf(line + used, sizeof line - used, "%s%s", commanded ? " + " : "commands ",
                         game_owner_name(a->game, c));
                commanded++;
            }
        }
        if (s.out) {
            snprintf(line, sizeof line, "out of the game");
        } else if (s.commander != seat && s.commander >= 0) {
            snprintf(line, sizeof line, "conquered by %s",
                     game_owner_name(a->game, s.commander));
        }
        text_fit(a, a->font_small, line, PANEL_X + 44, y + 25, C_DIM, SEAT_TEXT_LIMIT);
    }

    if (ludii) {
        text(a, a->font_small, "Ludii ruleset: free-for-all; a capture scores",
             PANEL_X + 2, 408, C_TEXT, AL_LEFT, 0);
        text(a, a->font_small, "pawn 1 \xc2\xb7 boat 2 \xc2\xb7 horse 3 \xc2\xb7 elephant 4 \xc2\xb7 raja 5",
             PANEL_X + 2, 426, C_DIM, AL_LEFT, 0);
    } else {
        int opposite = game_opposite_alliances(a->game);
        text(a, a->font_small,
             opposite ? "Partners opposite: Red + Yellow  v  Black + Green"
                      : "Sheet alliances: Red + Green  v  Black + Yellow",
             PANEL_X + 2, 408, C_TEXT, AL_LEFT, 0);
        /* Captured rajas are kept by the alliance that took them. */
        char held[96] = "";
        int c, any = 0;
        for (c = 0; c < 4; c++) {
            GameSeat s;
            game_seat(a->game, c, &s);
            if (s.captured_rajas > 0) {
                size_t used = strlen(held);
                snprintf(held + used, sizeof held - used, "%s%s", any ? ", " : "",
                         game_owner_name(a->game, c));
                any++;
            }
        }
        snprintf(line, sizeof line, "Captured rajas: %s", any ? held : "none");
        text(a, a->font_small, line, PANEL_X + 2, 428, any ? C_WARN : C_DIM, AL_LEFT, 0);
    }

    draw_history(a, 470, STATUS_Y - 68);
}
