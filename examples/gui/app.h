/*
 * app.h - the GUI's state, shared by main.c (events, game flow), exchange.c
 * (the raja exchange flow), draw.c and draw_panel.c (rendering) and
 * script.c (the scripted session). None of these files calls the library
 * directly: they go through game.h.
 */
#ifndef KC_GUI_APP_H
#define KC_GUI_APP_H

#include <SDL.h>
#include <SDL_ttf.h>

#include "game.h"

/* Window and layout (pixels). */
#define WIN_W 1040
#define WIN_H 760
#define HEADER_H 46
#define BOARD_X 58
#define BOARD_Y 64
#define BOARD_AREA 620 /* the board is centred in a BOARD_AREA square */
#define PANEL_X 708
#define PANEL_W 316
#define STATUS_Y 722

enum ButtonId {
    BTN_NONE = 0,
    BTN_UNDO,
    BTN_NEW,
    BTN_ROLL,
    BTN_CPU0, /* BTN_CPU0 + seat: human / computer toggle */
    BTN_CPU1,
    BTN_CPU2,
    BTN_CPU3,
    BTN_DLG_KAISSA,
    BTN_DLG_SHEET,
    BTN_DLG_OPPOSITE,
    BTN_DLG_CANCEL,
    BTN_PROMO0, /* BTN_PROMO0 + i: the i-th promotion choice */
    BTN_PROMO1,
    BTN_PROMO2,
    BTN_PROMO3,
    BTN_PROMO_CANCEL,
    BTN_DLG_LUDII,
    BTN_DECIDE0, /* BTN_DECIDE0 + i: the i-th choice of a Ludii promotion decision */
    BTN_DECIDE1,
    BTN_DECIDE2,
    BTN_DECIDE3,
    BTN_EXCHANGE, /* opens the raja exchange chooser */
    BTN_EXCH0,    /* BTN_EXCH0 + i: the i-th possible exchange */
    BTN_EXCH1,
    BTN_EXCH2,
    BTN_EXCH3,
    BTN_EXCH_CANCEL,
    BTN_LEVEL0, /* BTN_LEVEL0 + seat: a computer seat's strength (random, easy, strong) */
    BTN_LEVEL1,
    BTN_LEVEL2,
    BTN_LEVEL3
};

typedef struct Button {
    SDL_Rect r;
    int id;
    char label[80];
    int enabled;
    int active; /* drawn as pressed (a toggle that is on) */
} Button;

#define MAX_BUTTONS 32

typedef enum MsgKind { MSG_INFO = 0, MSG_GOOD, MSG_WARN } MsgKind;

typedef struct ShapeTex {
    int shape, size;
    SDL_Texture *tex;
} ShapeTex;

enum { SHAPE_DISC = 0, SHAPE_DIAMOND = 1, SHAPE_RING = 2 };
#define MAX_SHAPES 64

typedef struct App {
    SDL_Window *window;
    SDL_Renderer *ren;
    TTF_Font *font_small, *font, *font_bold, *font_title, *font_die;
    TTF_Font *font_piece; /* sized for the current board */
    int font_piece_px;
    char font_path[1024];
    ShapeTex shapes[MAX_SHAPES];
    int shape_count;

    Game *game;
    int cpu_kaissa[2], cpu_chaturaji[4];
    /* Each seat's strength when the computer plays it (a GameStrength). */
    int level_kaissa[2], level_chaturaji[4];
    GameThinker *thinker; /* the computer seats' search, on a worker thread */
    int selected;        /* selected square, -1 none */
    uint8_t targets[GAME_MAX_SQUARES];
    int target_count;
    int mouse_x, mouse_y; /* the pointer, -1 when it is not over the window */

    int dialog_open;     /* the New game dialog */
    int promo_open;      /* the special promotion chooser */
    int promo_from, promo_to, promo_kinds[4], promo_count;

    /* A raja exchange being made: the chooser of the pair (exch_open), then
     * (exch_stage 1 and 2) a click on the square each raja returns to when
     * it has a choice (the lit targets). */
    int exch_open;
    int exch_stage;
    GameExchange exch;
    int exch_square[2];

    char record_path[1024]; /* --record-file, default kc_game.txt (keys S and L) */

    char status[512];
    MsgKind status_kind;

    Uint32 computer_due; /* when the computer seat to move acts (interactive) */
    int running;
    int script_mode;
    int script_hold; /* script: computer seats wait (`hold on`) */
} App;

/* main.c: actions, shared with the script runner. */
void app_deselect(App *a); /* drops the selection (and a raja exchange being made) */
void app_mouse_down(App *a, int x, int y, int button);
void app_mouse_move(App *a, int x, int y);
void app_key(App *a, SDL_Keycode key);
void app_run_computers(App *a, int max_plies); /* synchronous, for the script */
/* Script: the easy or strong computer seat to move starts thinking (rolling
 * first if it must) without waiting; 0 when none can. */
int app_start_thinking(App *a);
int app_seat_is_computer(const App *a, int seat);
GameStrength app_seat_strength(const App *a, int seat);
/* Whether the computer is thinking about the move of the seat to move. */
int app_thinking(const App *a);
void app_set_status(App *a, MsgKind kind, const char *fmt, ...);
/* Replaces the game by a position from its text; 0 (and err) if refused. */
int app_setup(App *a, GameKind kind, GameRules rules, const char *text, char *err, size_t cap);

/* Saves the game to / loads a game from a record file (S and L use
 * record_path); 0 with the reason in the status line. */
int app_save_record(App *a, const char *path);
int app_load_record(App *a, const char *path);

/* exchange.c: a raja exchange made with the mouse (see there). */
void app_exchange_open(App *a);            /* the chooser, or why no exchange is possible */
void app_exchange_pick(App *a, int index); /* the index-th possible exchange */
void app_exchange_click(App *a, int sq);   /* the square a raja returns to */
void app_exchange_cancel(App *a);

/* draw.c (and draw_panel.c) */
int draw_init(App *a);
void draw_free(App *a);
void draw_frame(App *a);
int collect_buttons(const App *a, Button *out);
/* Whether a person is to make a pending Ludii promotion decision now, and
 * the kinds its buttons offer (0: only the pass, or no decision shown). */
int decision_shown(const App *a);
int decision_choices_shown(const App *a, int *kinds);
int board_square_size(const App *a);
SDL_Rect square_rect(const App *a, int square);
int square_at(const App *a, int x, int y); /* -1 outside the board */
int save_screenshot(App *a, const char *path);

/* script.c: returns the process exit code. */
int run_script(App *a, const char *path, int delay_ms);

#endif
