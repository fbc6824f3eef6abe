/*
 * draw_internal.h - what draw.c (board, buttons, dialogs, frame) and
 * draw_panel.c (the side panel) share: colours and drawing primitives.
 */
#ifndef KC_GUI_DRAW_INTERNAL_H
#define KC_GUI_DRAW_INTERNAL_H

#include "app.h"

/* ------------------------------------------------------------------ colours */

static const SDL_Color C_BG = {246, 242, 234, 255};
static const SDL_Color C_BAR = {42, 46, 64, 255};
static const SDL_Color C_BAR_TEXT = {240, 240, 246, 255};
static const SDL_Color C_BAR_DIM = {170, 174, 196, 255};
static const SDL_Color C_TEXT = {34, 32, 30, 255};
static const SDL_Color C_DIM = {112, 106, 98, 255};
static const SDL_Color C_CARD = {255, 253, 248, 255};
static const SDL_Color C_CARD_EDGE = {214, 205, 190, 255};
static const SDL_Color C_FRAME = {88, 62, 42, 255};
static const SDL_Color C_OUTLINE = {28, 24, 20, 255};
static const SDL_Color C_WHITE = {255, 255, 255, 255};
static const SDL_Color C_GOOD = {30, 128, 60, 255};
static const SDL_Color C_WARN = {190, 50, 30, 255};
static const SDL_Color C_ACCENT = {28, 100, 210, 255};

/* Kaissa: yellow and red squares (a1 is yellow), Yellow and Red pieces. */
static const SDL_Color K_SQ_YELLOW = {241, 220, 150, 255};
static const SDL_Color K_SQ_RED = {204, 128, 104, 255};
static const SDL_Color K_SIDE[2] = {{250, 212, 58, 255}, {150, 22, 38, 255}};

/* Chaturaji: board and the four colours (Red, Black, Yellow, Green). */
static const SDL_Color C_SQ_LIGHT = {238, 228, 204, 255};
static const SDL_Color C_SQ_DARK = {212, 194, 158, 255};
static const SDL_Color C_MARK = {110, 80, 52, 255};
static const SDL_Color CH_COLOUR[4] = {
    {204, 44, 40, 255}, {38, 38, 44, 255}, {242, 196, 24, 255}, {36, 138, 66, 255}};

enum { AL_LEFT = 0, AL_CENTER = 1, AL_RIGHT = 2 };

SDL_Color owner_colour(const App *a, int owner);
/* Dark letters on light discs, white on dark ones. */
SDL_Color ink_on(SDL_Color c);
SDL_Color with_alpha(SDL_Color c, Uint8 alpha);
void fill(App *a, SDL_Rect r, SDL_Color c);
void outline(App *a, SDL_Rect r, SDL_Color c, int thickness);
/* Draws UTF-8 text; x is the left / centre / right edge per halign, y the
 * top (or the centre when vcenter). Returns the width drawn. */
int text(App *a, TTF_Font *font, const char *s, int x, int y, SDL_Color c, int halign,
         int vcenter);
/* An anti-aliased SHAPE_DISC, SHAPE_DIAMOND or SHAPE_RING, tinted c. */
void shape(App *a, int kind, int cx, int cy, int size, SDL_Color c);
/* A panel card: a light box with a thin edge. */
void card(App *a, SDL_Rect r);

/* The seat rows of the side panel: the Human / Computer toggle at the right
 * edge, and under it a computer seat's strength button. A row's text stays
 * left of the buttons. Kaissa's two rows start at KAISSA_ROW_Y, one every
 * KAISSA_ROW_H pixels. */
#define SEAT_BUTTON_W 88
#define SEAT_BUTTON_X (PANEL_X + PANEL_W - 96)
#define KAISSA_ROW_Y 166
#define KAISSA_ROW_H 42
/* The label of a strength button: "Random", "Easy" or "Strong". */
const char *strength_label(int level);
/* Draws text like text() (left-aligned, top at y) but cut, with an
 * ellipsis, so that it ends before x_limit; returns the width drawn. */
int text_fit(App *a, TTF_Font *font, const char *s, int x, int y, SDL_Color c, int x_limit);

/* draw_panel.c */
void draw_kaissa_panel(App *a);
void draw_chaturaji_panel(App *a);

#endif
