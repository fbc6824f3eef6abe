/*
 * draw.c - what the GUI puts on the screen: header, board, pieces,
 * highlights, buttons, status line, dialogs and choosers, and the
 * screenshot (the side panel is draw_panel.c). It reads the game only
 * through game.h.
 */
#include <stdio.h>
#include <string.h>

#include "draw_internal.h"

/* ------------------------------------------------------------------ colours */

SDL_Color owner_colour(const App *a, int owner) {
    if (game_kind(a->game) == GAME_KAISSA) {
        return K_SIDE[owner & 1];
    }
    return CH_COLOUR[owner & 3];
}

/* Dark letters on light discs, white on dark ones. */
SDL_Color ink_on(SDL_Color c) {
    int luma = (299 * c.r + 587 * c.g + 114 * c.b) / 1000;
    return luma > 150 ? C_OUTLINE : C_WHITE;
}

SDL_Color with_alpha(SDL_Color c, Uint8 alpha) {
    c.a = alpha;
    return c;
}

/* ------------------------------------------------------------------ primitives */

void fill(App *a, SDL_Rect r, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(a->ren, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->ren, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(a->ren, &r);
}

void outline(App *a, SDL_Rect r, SDL_Color c, int thickness) {
    int i;
    SDL_SetRenderDrawBlendMode(a->ren, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->ren, c.r, c.g, c.b, c.a);
    for (i = 0; i < thickness; i++) {
        SDL_Rect q = {r.x + i, r.y + i, r.w - 2 * i, r.h - 2 * i};
        if (q.w > 0 && q.h > 0) {
            SDL_RenderDrawRect(a->ren, &q);
        }
    }
}

/* Draws UTF-8 text; x is the left / centre / right edge per halign, y the top
 * (or the centre when vcenter). Returns the width drawn. */
int text(App *a, TTF_Font *font, const char *s, int x, int y, SDL_Color c, int halign,
                int vcenter) {
    SDL_Surface *surf;
    SDL_Texture *tex;
    SDL_Rect dst;
    int w;
    if (s == NULL || s[0] == '\0') {
        return 0;
    }
    surf = TTF_RenderUTF8_Blended(font, s, c);
    if (surf == NULL) {
        return 0;
    }
    tex = SDL_CreateTextureFromSurface(a->ren, surf);
    dst.w = surf->w;
    dst.h = surf->h;
    dst.x = halign == AL_LEFT ? x : halign == AL_CENTER ? x - surf->w / 2 : x - surf->w;
    dst.y = vcenter ? y - surf->h / 2 : y;
    w = surf->w;
    SDL_FreeSurface(surf);
    if (tex != NULL) {
        SDL_RenderCopy(a->ren, tex, NULL, &dst);
        SDL_DestroyTexture(tex);
    }
    return w;
}

int text_fit(App *a, TTF_Font *font, const char *s, int x, int y, SDL_Color c, int x_limit) {
    char cut[256];
    size_t len;
    int w = 0, h = 0;
    if (s == NULL || s[0] == '\0' || x >= x_limit) {
        return 0;
    }
    if (TTF_SizeUTF8(font, s, &w, &h) == 0 && x + w <= x_limit) {
        return text(a, font, s, x, y, c, AL_LEFT, 0);
    }
    len = strlen(s) < sizeof cut - 4 ? strlen(s) : sizeof cut - 4;
    while (len > 0) {
        /* Back to the start of a UTF-8 character, then add the ellipsis. */
        do {
            len--;
        } while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80);
        memcpy(cut, s, len);
        memcpy(cut + len, "\xe2\x80\xa6", 4);
        if (TTF_SizeUTF8(font, cut, &w, &h) == 0 && x + w <= x_limit) {
            return text(a, font, cut, x, y, c, AL_LEFT, 0);
        }
    }
    return 0;
}

const char *strength_label(int level) {
    switch (level) {
    case STRENGTH_EASY: return "Easy";
    case STRENGTH_STRONG: return "Strong";
    default: return "Random";
    }
}

/* Anti-aliased white shapes (disc, diamond, ring) of a given size, made once
 * and tinted when drawn. */
static SDL_Texture *shape_texture(App *a, int shape, int size) {
    SDL_Surface *surf;
    SDL_Texture *tex;
    int x, y, i;
    double r = size / 2.0, ring_in = r - (size / 10.0 < 3 ? 3 : size / 10.0);
    for (i = 0; i < a->shape_count; i++) {
        if (a->shapes[i].shape == shape && a->shapes[i].size == size) {
            return a->shapes[i].tex;
        }
    }
    if (a->shape_count == MAX_SHAPES) { /* never with this program's sizes; start over */
        for (i = 0; i < a->shape_count; i++) {
            SDL_DestroyTexture(a->shapes[i].tex);
        }
        a->shape_count = 0;
    }
    surf = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32);
    if (surf == NULL) {
        return NULL;
    }
    for (y = 0; y < size; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)surf->pixels + y * surf->pitch);
        for (x = 0; x < size; x++) {
            int hits = 0, sx, sy;
            for (sy = 0; sy < 4; sy++) {
                for (sx = 0; sx < 4; sx++) {
                    double px = x + (sx + 0.5) / 4.0 - r, py = y + (sy + 0.5) / 4.0 - r;
                    double d2 = px * px + py * py;
                    int in;
                    if (shape == SHAPE_DIAMOND) {
                        in = (px < 0 ? -px : px) + (py < 0 ? -py : py) <= r;
                    } else if (shape == SHAPE_RING) {
                        in = d2 <= r * r && d2 >= ring_in * ring_in;
                    } else {
                        in = d2 <= r * r;
                    }
                    hits += in;
                }
            }
            row[x] = SDL_MapRGBA(surf->format, 255, 255, 255, (Uint8)(hits * 255 / 16));
        }
    }
    tex = SDL_CreateTextureFromSurface(a->ren, surf);
    SDL_FreeSurface(surf);
    if (tex == NULL) {
        return NULL;
    }
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    a->shapes[a->shape_count].shape = shape;
    a->shapes[a->shape_count].size = size;
    a->shapes[a->shape_count].tex = tex;
    a->shape_count++;
    return tex;
}

void shape(App *a, int kind, int cx, int cy, int size, SDL_Color c) {
    SDL_Texture *tex = shape_texture(a, kind, size);
    SDL_Rect dst = {cx - size / 2, cy - size / 2, size, size};
    if (tex == NULL) {
        return;
    }
    SDL_SetTextureColorMod(tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(tex, c.a);
    SDL_RenderCopy(a->ren, tex, NULL, &dst);
}

/* ------------------------------------------------------------------ geometry */

int board_square_size(const App *a) { return game_kind(a->game) == GAME_KAISSA ? 62 : 76; }

static void board_origin(const App *a, int *ox, int *oy, int *w, int *h) {
    int sq = board_square_size(a);
    *w = game_width(a->game) * sq;
    *h = game_height(a->game) * sq;
    *ox = BOARD_X + (BOARD_AREA - *w) / 2;
    *oy = BOARD_Y + (BOARD_AREA - *h) / 2;
}

SDL_Rect square_rect(const App *a, int square) {
    int ox, oy, w, h, sq = board_square_size(a), width = game_width(a->game);
    SDL_Rect r;
    board_origin(a, &ox, &oy, &w, &h);
    r.x = ox + (square % width) * sq;
    r.y = oy + (game_height(a->game) - 1 - square / width) * sq;
    r.w = sq;
    r.h = sq;
    return r;
}

int square_at(const App *a, int x, int y) {
    int ox, oy, w, h, sq = board_square_size(a), file, rank;
    board_origin(a, &ox, &oy, &w, &h);
    if (x < ox || y < oy || x >= ox + w || y >= oy + h) {
        return -1;
    }
    file = (x - ox) / sq;
    rank = game_height(a->game) - 1 - (y - oy) / sq;
    return rank * game_width(a->game) + file;
}

/* ------------------------------------------------------------------ buttons */

static void add_button(Button *out, int *n, int id, int x, int y, int w, int h,
                       const char *label, int enabled, int active) {
    Button *b = &out[(*n)++];
    b->r.x = x;
    b->r.y = y;
    b->r.w = w;
    b->r.h = h;
    b->id = id;
    snprintf(b->label, sizeof b->label, "%s", label);
    b->enabled = enabled;
    b->active = active;
}

int decision_shown(const App *a) {
    return !a->dialog_open && game_kind(a->game) == GAME_CHATURAJI && !game_is_over(a->game) &&
           game_pending_decision(a->game) >= 0 && !app_seat_is_computer(a, game_to_move(a->game));
}

int decision_choices_shown(const App *a, int *kinds) {
    return decision_shown(a) ? game_decision_choices(a->game, kinds, 4) : 0;
}

/* The box over the board that holds a chooser (special promotion, Ludii
 * promotion decision, raja exchange). */
static SDL_Rect chooser_box(int rows) {
    SDL_Rect box = {BOARD_X + BOARD_AREA / 2 - 240, BOARD_Y + BOARD_AREA / 2 - 70, 480, 164};
    if (rows > 1) {
        box.y -= (rows - 1) * 24;
        box.h += (rows - 1) * 48;
    }
    return box;
}

int collect_buttons(const App *a, Button *out) {
    int n = 0, i;
    int chaturaji = game_kind(a->game) == GAME_CHATURAJI;
    if (a->dialog_open) {
        int x = WIN_W / 2 - 260, y = WIN_H / 2 - 120;
        add_button(out, &n, BTN_DLG_KAISSA, x, y, 520, 44,
                   "Merchant Kaissa  (10\xc3\x97" "10, two players)   [K]", 1, 0);
        add_button(out, &n, BTN_DLG_SHEET, x, y + 56, 520, 44,
                   "Chaturaji, sheet: Red+Green v Black+Yellow   [S]", 1, 0);
        add_button(out, &n, BTN_DLG_OPPOSITE, x, y + 112, 520, 44,
                   "Chaturaji, opposite: Red+Yellow v Black+Green   [O]", 1, 0);
        add_button(out, &n, BTN_DLG_LUDII, x, y + 168, 520, 44,
                   "Chaturaji, Ludii: free-for-all with scores   [L]", 1, 0);
        add_button(out, &n, BTN_DLG_CANCEL, x + 370, y + 230, 150, 38, "Cancel  [Esc]", 1, 0);
        return n;
    }
    if (a->exch_open) {
        GameExchange ex[GAME_MAX_EXCHANGES];
        int count = game_exchanges(a->game, ex, GAME_MAX_EXCHANGES);
        SDL_Rect box = chooser_box(count);
        for (i = 0; i < count; i++) {
            char label[80];
            snprintf(label, sizeof label, "%s's raja  \xe2\x87\x84  %s's raja   [%d]",
                     game_owner_name(a->game, ex[i].colour[0]),
                     game_owner_name(a->game, ex[i].colour[1]), i + 1);
            add_button(out, &n, BTN_EXCH0 + i, box.x + 20, box.y + 62 + i * 48, 440, 40, label, 1,
                       0);
        }
        add_button(out, &n, BTN_EXCH_CANCEL, box.x + box.w - 140, box.y + box.h - 44, 120, 32,
                   "Cancel", 1, 0);
        return n;
    }
    if (a->promo_open) {
        static const char *const names[] = {"Raja (K)", "Elephant (E)", "Horse (H)", "Boat (B)"};
        int x = BOARD_X + BOARD_AREA / 2 - 230, y = BOARD_Y + BOARD_AREA / 2 - 10;
        for (i = 0; i < a->promo_count && i < 4; i++) {
            int kind = a->promo_kinds[i];
            add_button(out, &n, BTN_PROMO0 + i, x + 10 + i * 112, y, 104, 40,
                       kind >= 0 && kind < 4 ? names[kind] : "?", 1, 0);
        }
        add_button(out, &n, BTN_PROMO_CANCEL, x + 330, y + 52, 120, 32, "Cancel", 1, 0);
        return n;
    }
    add_button(out, &n, BTN_UNDO, PANEL_X, STATUS_Y - 56, 150, 44, "Undo  [U]",
               game_history_len(a->game) > 0, 0);
    add_button(out, &n, BTN_NEW, PANEL_X + PANEL_W - 150, STATUS_Y - 56, 150, 44,
               "New game  [N]", 1, 0);
    if (chaturaji) {
        int seat, kinds[4], choices = decision_choices_shown(a, kinds);
        /* No roll while a Ludii promotion decision is pending. */
        int can_roll = !game_is_over(a->game) && game_current_roll(a->game) == 0 &&
                       game_pending_decision(a->game) < 0 &&
                       !app_seat_is_computer(a, game_to_move(a->game));
        add_button(out, &n, BTN_ROLL, PANEL_X + 92, BOARD_Y + 12, PANEL_W - 104, 36,
                   "Roll the die  [Space]", can_roll, 0);
        if (choices > 0) {
            static const char *const names[] = {"Raja  [K]", "Elephant  [E]", "Horse  [H]",
                                                "Boat  [B]"};
            SDL_Rect box = chooser_box(1);
            for (i = 0; i < choices; i++) {
                add_button(out, &n, BTN_DECIDE0 + i, box.x + 22 + i * 112, box.y + 70, 104, 40,
                           kinds[i] >= 0 && kinds[i] < 4 ? names[kinds[i]] : "?", 1, 0);
            }
        } else if (decision_shown(a)) {
            /* Every kind is on the board: the decision is the pass (normally
             * played at once; a set-up or loaded position may wait here). */
            SDL_Rect box = chooser_box(1);
            add_button(out, &n, BTN_DECIDE0, box.x + 22, box.y + 70, 216, 40,
                       "Pass: stays a pawn  [P]", 1, 0);
        }
        if (game_rules(a->game) != RULES_LUDII) {
            GameExchange ex[GAME_MAX_EXCHANGES];
            int can = !game_is_over(a->game) && !app_seat_is_computer(a, game_to_move(a->game)) &&
                      game_exchanges(a->game, ex, GAME_MAX_EXCHANGES) > 0;
            add_button(out, &n, BTN_EXCHANGE, PANEL_X + PANEL_W - 124, 422, 124, 26,
                       "Exchange  [X]", can, a->exch_stage != 0);
        }
        for (seat = 0; seat < 4; seat++) {
            int cpu = a->cpu_chaturaji[seat], y = 204 + seat * 50;
            if (cpu) {
                /* A computer seat: the toggle above, its strength below. */
                add_button(out, &n, BTN_CPU0 + seat, SEAT_BUTTON_X, y + 3, SEAT_BUTTON_W, 20,
                           "Computer", 1, 1);
                add_button(out, &n, BTN_LEVEL0 + seat, SEAT_BUTTON_X, y + 24, SEAT_BUTTON_W, 20,
                           strength_label(a->level_chaturaji[seat]), 1, 0);
            } else {
                add_button(out, &n, BTN_CPU0 + seat, SEAT_BUTTON_X, y + 9, SEAT_BUTTON_W, 28,
                           "Human", 1, 0);
            }
        }
    } else {
        int side;
        for (side = 0; side < 2; side++) {
            int cpu = a->cpu_kaissa[side], y = KAISSA_ROW_Y + side * KAISSA_ROW_H;
            if (cpu) {
                add_button(out, &n, BTN_CPU0 + side, SEAT_BUTTON_X, y, SEAT_BUTTON_W, 20,
                           "Computer", 1, 1);
                add_button(out, &n, BTN_LEVEL0 + side, SEAT_BUTTON_X, y + 21, SEAT_BUTTON_W, 20,
                           strength_label(a->level_kaissa[side]), 1, 0);
            } else {
                add_button(out, &n, BTN_CPU0 + side, SEAT_BUTTON_X, y + 6, SEAT_BUTTON_W, 28,
                           "Human", 1, 0);
            }
        }
    }
    return n;
}

static void draw_buttons(App *a) {
    Button buttons[MAX_BUTTONS];
    int n = collect_buttons(a, buttons), i;
    for (i = 0; i < n; i++) {
        const Button *b = &buttons[i];
        int hot = b->enabled && SDL_PointInRect(&(SDL_Point){a->mouse_x, a->mouse_y}, &b->r);
        SDL_Color face = b->active ? C_BAR : hot ? (SDL_Color){232, 240, 252, 255} : C_WHITE;
        SDL_Color ink = !b->enabled ? (SDL_Color){170, 164, 156, 255}
                        : b->active ? C_BAR_TEXT
                                    : C_TEXT;
        fill(a, b->r, face);
        outline(a, b->r, b->enabled ? (SDL_Color){150, 140, 126, 255} : C_CARD_EDGE, 1);
        text(a, a->font, b->label, b->r.x + b->r.w / 2, b->r.y + b->r.h / 2, ink, AL_CENTER, 1);
    }
}

/* ------------------------------------------------------------------ board */

static int is_target(const App *a, int square) {
    int i;
    for (i = 0; i < a->target_count; i++) {
        if (a->targets[i] == square) {
            return 1;
        }
    }
    return 0;
}

static void draw_piece(App *a, const GamePiece *p, SDL_Rect r) {
    int sq = r.w, cx = r.x + r.w / 2, cy = r.y + r.h / 2;
    int small = (game_kind(a->game) == GAME_KAISSA && p->kind == KAISSA_KIND_SPEARMAN) ||
                (game_kind(a->game) == GAME_CHATURAJI && p->kind == CH_KIND_PAWN);
    int size = small ? sq * 64 / 100 : sq * 80 / 100;
    int stone = game_kind(a->game) == GAME_KAISSA && p->kind == KAISSA_KIND_HOME_STONE;
    SDL_Color c = owner_colour(a, p->owner);
    char letter[2] = {p->letter, '\0'};
    if (stone) {
        size = sq * 88 / 100;
        shape(a, SHAPE_DIAMOND, cx, cy + 2, size, (SDL_Color){0, 0, 0, 60});
        shape(a, SHAPE_DIAMOND, cx, cy, size, C_OUTLINE);
        shape(a, SHAPE_DIAMOND, cx, cy, size - 6, c);
    } else {
        shape(a, SHAPE_DISC, cx, cy + 2, size, (SDL_Color){0, 0, 0, 60});
        shape(a, SHAPE_DISC, cx, cy, size, C_OUTLINE);
        shape(a, SHAPE_DISC, cx, cy, size - 5, c);
    }
    text(a, a->font_piece, letter, cx, cy + 1, ink_on(c), AL_CENTER, 1);
}

static void draw_marked(App *a, SDL_Rect r, SDL_Color c) {
    int i;
    SDL_SetRenderDrawBlendMode(a->ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->ren, c.r, c.g, c.b, c.a);
    for (i = -1; i <= 1; i++) {
        SDL_RenderDrawLine(a->ren, r.x + 3 + i, r.y + 3, r.x + r.w - 4 + i, r.y + r.h - 4);
        SDL_RenderDrawLine(a->ren, r.x + r.w - 4 + i, r.y + 3, r.x + 3 + i, r.y + r.h - 4);
    }
}

/* The coloured strips beside the board: each seat's side of the table; the
 * seat to move gets a thick bright strip. */
static void draw_seat_strips(App *a, int ox, int oy, int w, int h) {
    int to_move = game_to_move(a->game), over = game_is_over(a->game);
    if (game_kind(a->game) == GAME_KAISSA) {
        int side;
        for (side = 0; side < 2; side++) {
            int now = side == to_move && !over;
            int t = now ? 9 : 4;
            SDL_Rect r = {ox - 4, side == 0 ? oy + h + 5 : oy - 5 - t, w + 8, t};
            fill(a, r, now ? K_SIDE[side] : with_alpha(K_SIDE[side], 150));
            if (now) {
                outline(a, r, C_OUTLINE, 1);
            }
        }
    } else {
        int seat;
        for (seat = 0; seat < 4; seat++) {
            GameSeat s;
            int now, t;
            SDL_Rect r;
            SDL_Color c = CH_COLOUR[seat];
            game_seat(a->game, seat, &s);
            now = seat == to_move && !over;
            t = now ? 9 : 4;
            if (!s.in_play) {
                c = (SDL_Color){190, 184, 176, 255};
            }
            switch (seat) {
            case CH_RED: /* east */
                r = (SDL_Rect){ox + w + 5, oy - 4, t, h + 8};
                break;
            case CH_BLACK: /* north */
                r = (SDL_Rect){ox - 4, oy - 5 - t, w + 8, t};
                break;
            case CH_YELLOW: /* west */
                r = (SDL_Rect){ox - 5 - t, oy - 4, t, h + 8};
                break;
            default: /* Green, south */
                r = (SDL_Rect){ox - 4, oy + h + 5, w + 8, t};
                break;
            }
            fill(a, r, c);
            if (now) {
                outline(a, r, C_OUTLINE, 1);
            }
        }
    }
}

static void draw_board(App *a) {
    int ox, oy, w, h, sq = board_square_size(a), width = game_width(a->game);
    int height = game_height(a->game), square, n = width * height, i, hover;
    int chaturaji = game_kind(a->game) == GAME_CHATURAJI;
    int last_from, last_to, to_move = game_to_move(a->game), over = game_is_over(a->game);
    int human = !app_seat_is_computer(a, to_move) && !over;
    int roll = game_current_roll(a->game);
    GameStoneWindow window;
    SDL_Rect frame;

    board_origin(a, &ox, &oy, &w, &h);
    frame = (SDL_Rect){ox - 4, oy - 4, w + 8, h + 8};
    fill(a, frame, C_FRAME);
    draw_seat_strips(a, ox, oy, w, h);

    game_last_move(a->game, &last_from, &last_to);
    game_stone_window(a->game, to_move, &window);

    for (square = 0; square < n; square++) {
        SDL_Rect r = square_rect(a, square);
        int file = square % width, rank = square / width;
        int light = (file + rank) % 2 == 0;
        SDL_Color base = chaturaji ? (light ? C_SQ_DARK : C_SQ_LIGHT)
                                   : (light ? K_SQ_YELLOW : K_SQ_RED);
        fill(a, r, base);
        if (chaturaji) {
            int throne = game_throne_owner(a->game, square);
            if (throne >= 0) {
                fill(a, r, with_alpha(CH_COLOUR[throne], 95));
            }
            if (game_is_marked(a->game, square)) {
                draw_marked(a, r, with_alpha(throne >= 0 ? C_OUTLINE : C_MARK, 150));
            }
        }
        if (square == last_from || square == last_to) {
            fill(a, r, (SDL_Color){150, 210, 60, 90});
            outline(a, r, (SDL_Color){60, 150, 40, 230}, 3);
        }
        if (square == a->selected) {
            fill(a, r, (SDL_Color){40, 120, 230, 120});
        }
        if (chaturaji && square == game_pending_decision(a->game)) {
            fill(a, r, (SDL_Color){250, 200, 40, 120});
            outline(a, r, C_ACCENT, 3);
        }
    }

    /* The Home Stone window: ghost stones where the side to move may place. */
    if (!chaturaji && window.open_now && human) {
        for (i = 0; i < window.square_count; i++) {
            SDL_Rect r = square_rect(a, window.squares[i]);
            SDL_Color c = with_alpha(K_SIDE[to_move], 150);
            outline(a, r, window.last_chance ? C_WARN : C_ACCENT, 3);
            shape(a, SHAPE_DIAMOND, r.x + sq / 2, r.y + sq / 2, sq * 70 / 100, c);
            text(a, a->font_piece, "H", r.x + sq / 2, r.y + sq / 2 + 1,
                 with_alpha(ink_on(K_SIDE[to_move]), 150), AL_CENTER, 1);
        }
    }

    for (square = 0; square < n; square++) {
        GamePiece p;
        SDL_Rect r = square_rect(a, square);
        if (!game_piece(a->game, square, &p)) {
            continue;
        }
        /* Chaturaji, after the roll: a ring round every piece that may move. */
        if (chaturaji && roll != 0 && human && a->selected < 0 && a->exch_stage == 0 &&
            game_can_move_from(a->game, square)) {
            shape(a, SHAPE_RING, r.x + sq / 2, r.y + sq / 2, sq * 94 / 100, C_ACCENT);
        }
        draw_piece(a, &p, r);
    }

    for (i = 0; i < a->target_count; i++) {
        GamePiece p;
        SDL_Rect r = square_rect(a, a->targets[i]);
        SDL_Color c = {24, 96, 214, 190};
        if (game_piece(a->game, a->targets[i], &p)) {
            shape(a, SHAPE_RING, r.x + sq / 2, r.y + sq / 2, sq - 4, c);
        } else {
            shape(a, SHAPE_DISC, r.x + sq / 2, r.y + sq / 2, sq / 3, c);
        }
    }

    hover = square_at(a, a->mouse_x, a->mouse_y);
    if (hover >= 0 && !a->dialog_open && !a->promo_open &&
        (is_target(a, hover) || game_can_move_from(a->game, hover))) {
        outline(a, square_rect(a, hover), (SDL_Color){255, 255, 255, 220}, 3);
    }

    /* Coordinates. */
    for (i = 0; i < width; i++) {
        char label[4] = {(char)('a' + i), '\0'};
        text(a, a->font_small, label, ox + i * sq + sq / 2, oy + h + 26, C_DIM, AL_CENTER, 1);
    }
    for (i = 0; i < height; i++) {
        char label[12];
        snprintf(label, sizeof label, "%d", i + 1);
        text(a, a->font_small, label, ox - 28, oy + (height - 1 - i) * sq + sq / 2, C_DIM,
             AL_CENTER, 1);
    }

    if (over) {
        char outcome[160];
        SDL_Rect band = {ox, oy + h / 2 - 46, w, 92};
        game_outcome_text(a->game, outcome, sizeof outcome);
        fill(a, band, (SDL_Color){20, 22, 34, 215});
        text(a, a->font_title, "Game over", ox + w / 2, band.y + 28, C_WHITE, AL_CENTER, 1);
        text(a, a->font, outcome, ox + w / 2, band.y + 62, C_BAR_TEXT, AL_CENTER, 1);
    }
}

/* ------------------------------------------------------------------ frame */

void card(App *a, SDL_Rect r) {
    fill(a, r, C_CARD);
    outline(a, r, C_CARD_EDGE, 1);
}



static const char *rule_of(const App *a, char letter) {
    if (game_kind(a->game) == GAME_KAISSA) {
        switch (letter) {
        case 'U': return "slides any distance, 8 directions";
        case 'Q': return "slides up to 3 squares, 8 directions";
        case 'T': return "leaps 3 and 2, jumping";
        case 'S': return "slides diagonally up to 5 squares";
        case 'B': return "slides orthogonally any distance";
        case 'I': return "slides diagonally any distance";
        case 'P': return "steps forward (first move up to 3), takes diagonally forward";
        case 'R': return "one square, 8 directions";
        case 'A': return "slides up to 2 squares, 8 directions";
        case 'H': return "one square to an empty square; capture it to win";
        default: return "";
        }
    }
    switch (letter) {
    case 'K': return "moves on a 5: one square, 8 directions";
    case 'E': return "moves on a 4: slides orthogonally";
    case 'H': return "moves on a 3: knight's leap";
    case 'B': return "moves on a 2: jumps two squares diagonally";
    case 'P': return "moves on a 5: one step forward, takes diagonally";
    default: return "";
    }
}

static void draw_header(App *a) {
    int chaturaji = game_kind(a->game) == GAME_CHATURAJI;
    int to_move = game_to_move(a->game);
    char line[128];
    fill(a, (SDL_Rect){0, 0, WIN_W, HEADER_H}, C_BAR);
    text(a, a->font_title, chaturaji ? "Chaturaji" : "Merchant Kaissa", 18, HEADER_H / 2,
         C_BAR_TEXT, AL_LEFT, 1);
    text(a, a->font_small,
         !chaturaji                             ? "10\xc3\x97" "10, Yellow against Red"
         : game_rules(a->game) == RULES_LUDII ? "four seats, a stick die, free-for-all (Ludii)"
                                               : "four seats, a stick die, two alliances",
         chaturaji ? 150 : 218, HEADER_H / 2 + 2, C_BAR_DIM, AL_LEFT, 1);
    if (game_is_over(a->game)) {
        text(a, a->font_bold, "Game over", WIN_W - 18, HEADER_H / 2, C_BAR_TEXT, AL_RIGHT, 1);
    } else {
        int w;
        snprintf(line, sizeof line, "%s to move", game_owner_name(a->game, to_move));
        w = text(a, a->font_bold, line, WIN_W - 18, HEADER_H / 2, C_BAR_TEXT, AL_RIGHT, 1);
        shape(a, SHAPE_DISC, WIN_W - 32 - w, HEADER_H / 2, 22, C_BAR_TEXT);
        shape(a, SHAPE_DISC, WIN_W - 32 - w, HEADER_H / 2, 18, owner_colour(a, to_move));
    }
}

static void draw_status(App *a) {
    SDL_Color c = a->status_kind == MSG_WARN   ? (SDL_Color){255, 170, 150, 255}
                  : a->status_kind == MSG_GOOD ? (SDL_Color){160, 230, 160, 255}
                                               : C_BAR_TEXT;
    int used, hover = square_at(a, a->mouse_x, a->mouse_y);
    fill(a, (SDL_Rect){0, STATUS_Y, WIN_W, WIN_H - STATUS_Y}, C_BAR);
    used = text(a, a->font, a->status, 16, STATUS_Y + (WIN_H - STATUS_Y) / 2, c, AL_LEFT, 1);
    if (hover >= 0 && !a->dialog_open) {
        GamePiece p;
        char name[8], line[160];
        game_square_name(a->game, hover, name, sizeof name);
        if (game_piece(a->game, hover, &p)) {
            snprintf(line, sizeof line, "%s: %s %s \xe2\x80\x94 %s", name,
                     game_owner_name(a->game, p.owner), p.name, rule_of(a, p.letter));
        } else {
            snprintf(line, sizeof line, "%s%s", name,
                     game_is_marked(a->game, hover)
                         ? (game_throne_owner(a->game, hover) >= 0 ? ": throne" : ": marked square")
                         : "");
        }
        /* On the right, if it fits beside the message; else just the square's content. */
        {
            int w = 0, h = 0;
            TTF_SizeUTF8(a->font_small, line, &w, &h);
            if (16 + used + 30 + w > WIN_W - 14) {
                char *dash = strstr(line, " \xe2\x80\x94 ");
                if (dash != NULL) {
                    *dash = '\0';
                }
                TTF_SizeUTF8(a->font_small, line, &w, &h);
            }
            if (16 + used + 30 + w <= WIN_W - 14) {
                text(a, a->font_small, line, WIN_W - 14, STATUS_Y + (WIN_H - STATUS_Y) / 2,
                     C_BAR_DIM, AL_RIGHT, 1);
            }
        }
    }
}

static void draw_dialogs(App *a) {
    if (a->dialog_open) {
        SDL_Rect box = {WIN_W / 2 - 290, WIN_H / 2 - 200, 580, 414};
        fill(a, (SDL_Rect){0, 0, WIN_W, WIN_H}, (SDL_Color){10, 12, 20, 150});
        card(a, box);
        outline(a, box, C_OUTLINE, 2);
        text(a, a->font_title, "New game", box.x + 30, box.y + 20, C_TEXT, AL_LEFT, 0);
        text(a, a->font_small,
             "Chaturaji's rules option: the sheet's alliances, partners opposite, or Ludii's.",
             box.x + 30, box.y + 56, C_DIM, AL_LEFT, 0);
        text(a, a->font_small, "Seats can be handed to the computer in the side panel at any time.",
             box.x + 30, box.y + 384, C_DIM, AL_LEFT, 0);
    }
    if (a->promo_open) {
        SDL_Rect box = chooser_box(1);
        fill(a, box, C_CARD);
        outline(a, box, C_OUTLINE, 2);
        text(a, a->font_bold, "Raising of pawns: the pawn becomes", box.x + 20, box.y + 18, C_TEXT,
             AL_LEFT, 0);
    }
    if (!a->dialog_open && !a->promo_open && !a->exch_open) {
        int kinds[4];
        if (decision_shown(a)) {
            SDL_Rect box = chooser_box(1);
            char line[128], name[8];
            game_square_name(a->game, game_pending_decision(a->game), name, sizeof name);
            fill(a, box, C_CARD);
            outline(a, box, C_OUTLINE, 2);
            fill(a, (SDL_Rect){box.x, box.y, 8, box.h}, CH_COLOUR[game_to_move(a->game) & 3]);
            snprintf(line, sizeof line, "Promotion: %s's pawn on %s becomes",
                     game_owner_name(a->game, game_to_move(a->game)), name);
            text(a, a->font_bold, line, box.x + 22, box.y + 18, C_TEXT, AL_LEFT, 0);
            text(a, a->font_small,
                 decision_choices_shown(a, kinds) > 0
                     ? "One of the kinds it has no piece of on the board; no roll."
                     : "It has a piece of every kind on the board: it stays a pawn.",
                 box.x + 22, box.y + 44, C_DIM, AL_LEFT, 0);
            text(a, a->font_small, "Undo takes the pawn's move back.", box.x + 22, box.y + 126,
                 C_DIM, AL_LEFT, 0);
        }
    }
    if (a->exch_open) {
        GameExchange ex[GAME_MAX_EXCHANGES];
        SDL_Rect box = chooser_box(game_exchanges(a->game, ex, GAME_MAX_EXCHANGES));
        fill(a, (SDL_Rect){0, 0, WIN_W, WIN_H}, (SDL_Color){10, 12, 20, 90});
        fill(a, box, C_CARD);
        outline(a, box, C_OUTLINE, 2);
        text(a, a->font_bold, "Raja exchange: both rajas return to the board", box.x + 20,
             box.y + 14, C_TEXT, AL_LEFT, 0);
        text(a, a->font_small,
             "Each to its throne, or, when that is taken, to a free square next to it.",
             box.x + 20, box.y + 38, C_DIM, AL_LEFT, 0);
    }
    draw_buttons(a);
}

void draw_frame(App *a) {
    SDL_SetRenderDrawColor(a->ren, C_BG.r, C_BG.g, C_BG.b, 255);
    SDL_RenderClear(a->ren);
    draw_header(a);
    draw_board(a);
    if (game_kind(a->game) == GAME_KAISSA) {
        draw_kaissa_panel(a);
    } else {
        draw_chaturaji_panel(a);
    }
    draw_status(a);
    draw_dialogs(a);
}

/* ------------------------------------------------------------------ setup */

static TTF_Font *open_font(const char *path, int size, int style) {
    TTF_Font *f = TTF_OpenFont(path, size);
    if (f != NULL) {
        TTF_SetFontStyle(f, style);
    }
    return f;
}

int draw_init(App *a) {
    a->font_small = open_font(a->font_path, 13, TTF_STYLE_NORMAL);
    a->font = open_font(a->font_path, 15, TTF_STYLE_NORMAL);
    a->font_bold = open_font(a->font_path, 15, TTF_STYLE_BOLD);
    a->font_title = open_font(a->font_path, 21, TTF_STYLE_BOLD);
    a->font_die = open_font(a->font_path, 40, TTF_STYLE_BOLD);
    a->font_piece = open_font(a->font_path, 24, TTF_STYLE_BOLD);
    if (!a->font_small || !a->font || !a->font_bold || !a->font_title || !a->font_die ||
        !a->font_piece) {
        fprintf(stderr, "kc_gui: cannot open the font %s: %s\n", a->font_path, TTF_GetError());
        return 0;
    }
    return 1;
}

void draw_free(App *a) {
    int i;
    TTF_Font **fonts[] = {&a->font_small, &a->font,     &a->font_bold,
                          &a->font_title, &a->font_die, &a->font_piece};
    for (i = 0; i < (int)(sizeof fonts / sizeof fonts[0]); i++) {
        if (*fonts[i] != NULL) {
            TTF_CloseFont(*fonts[i]);
            *fonts[i] = NULL;
        }
    }
    for (i = 0; i < a->shape_count; i++) {
        SDL_DestroyTexture(a->shapes[i].tex);
    }
    a->shape_count = 0;
}

/* Reads back what was drawn (call before SDL_RenderPresent) and writes a BMP. */
int save_screenshot(App *a, const char *path) {
    int w = 0, h = 0, ok;
    SDL_Surface *surf;
    if (SDL_GetRendererOutputSize(a->ren, &w, &h) != 0) {
        return 0;
    }
    surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 24, SDL_PIXELFORMAT_RGB24);
    if (surf == NULL) {
        return 0;
    }
    ok = SDL_RenderReadPixels(a->ren, NULL, SDL_PIXELFORMAT_RGB24, surf->pixels, surf->pitch) == 0 &&
         SDL_SaveBMP(surf, path) == 0;
    SDL_FreeSurface(surf);
    return ok;
}
