/*
 * game.h - the GUI's view of the two games.
 *
 * game.c (and game_record.c, its game records part, sharing
 * game_internal.h) are the ONLY files of the GUI that call the
 * kaissa-chaturaji C ABI (the kc_ functions of kaissa_chaturaji.h): the rest
 * of the program (drawing, events, the script runner) sees only the Game
 * object below, so a renamed or reshaped kc_ function is a change in those
 * two files alone. Squares are numbered as in the library: rank_index *
 * width + file_index, a1 = 0.
 *
 * Chaturaji is played under one of three rules options (GameRules): the
 * sheet's alliances, partners opposite, or the Ludii ruleset (docs/rules.md
 * §2.13: free-for-all with scores and promotion decisions).
 *
 * Game records (docs/records.md): game_save_record / game_load_record,
 * bound to the keys S and L in main.c.
 */
#ifndef KC_GUI_GAME_H
#define KC_GUI_GAME_H

#include <stddef.h>
#include <stdint.h>

typedef enum GameKind { GAME_KAISSA = 0, GAME_CHATURAJI = 1 } GameKind;

/* Owners: Kaissa sides and Chaturaji colours (seats) as the library numbers them. */
enum { KAISSA_YELLOW = 0, KAISSA_RED = 1 };
enum { CH_RED = 0, CH_BLACK = 1, CH_YELLOW = 2, CH_GREEN = 3 };
/* Piece kinds that matter to the drawing code. */
enum { KAISSA_KIND_SPEARMAN = 6, KAISSA_KIND_HOME_STONE = 9 };
enum { CH_KIND_RAJA = 0, CH_KIND_ELEPHANT = 1, CH_KIND_HORSE = 2, CH_KIND_BOAT = 3, CH_KIND_PAWN = 4 };

#define GAME_MAX_SQUARES 100
#define GAME_TEXT_CAP 1280 /* holds any position text of either game */

typedef struct Game Game;

/* Chaturaji's rules option, chosen when a game starts. */
typedef enum GameRules {
    RULES_SHEET = 0,    /* the sheet's alliances: Red+Green v Black+Yellow */
    RULES_OPPOSITE = 1, /* partners opposite: Red+Yellow v Black+Green */
    RULES_LUDII = 2     /* Ludii's free-for-all with scores (docs/rules.md §2.13) */
} GameRules;

typedef struct GamePiece {
    int present;
    int owner;       /* Kaissa side (0 Yellow, 1 Red) or Chaturaji colour (0..3) */
    int kind;        /* the library's kind number */
    char letter;     /* the notation letter of the kind, upper case ('U', 'K', ...) */
    const char *name; /* "Ubar", "raja", ... */
} GamePiece;

/* One side's Home Stone window (Kaissa). */
typedef struct GameStoneWindow {
    int in_hand, open_now, last_chance;
    unsigned first_turn, last_turn, next_turn;
    int square_count;
    uint8_t squares[10];
    int on_board;   /* square of the placed stone, or -1 */
} GameStoneWindow;

/* One Chaturaji seat / colour. */
typedef struct GameSeat {
    int out;             /* no piece of this colour is left */
    int in_play;         /* the seat commands at least one piece */
    int commander;       /* the seat commanding this colour's army, -1 if none */
    int captured_rajas;  /* rajas of this colour held by the other alliance */
    int lost_pawn;       /* this colour has lost a pawn (its pawns may promote) */
    int ally;            /* this colour's ally (-1 under the Ludii ruleset) */
    int score;           /* Ludii ruleset: the colour's score (0 otherwise) */
    int rank;            /* the final rank (1 best, ties share), 0 while the game goes on */
} GameSeat;

/* A raja exchange possible now (sheet rules): the captured rajas of colours
 * `colour[0]` (Red's alliance) and `colour[1]` (the other) can both return,
 * each to one of its `squares` (its throne when free, else the free squares
 * next to it). */
typedef struct GameExchange {
    int colour[2];
    int square_count[2];
    uint8_t squares[2][8];
} GameExchange;
#define GAME_MAX_EXCHANGES 4

typedef enum GamePlayResult {
    PLAY_OK = 0,
    PLAY_ILLEGAL = 1,   /* not a legal move now; nothing changed */
    PLAY_NEEDS_ROLL = 2 /* Chaturaji: roll the die first */
} GamePlayResult;

/* ---- creating */
Game *game_new_kaissa(uint64_t seed);
Game *game_new_chaturaji(GameRules rules, uint64_t seed);
/* A position from its text (docs/rules.md §3; §3.5 under RULES_LUDII),
 * for setting up a study or a test; NULL with the library's message in err
 * when the text is refused. `rules` is ignored for Kaissa. */
Game *game_from_text(GameKind kind, GameRules rules, const char *text, uint64_t seed, char *err,
                     size_t cap);
void game_free(Game *g);
/* The random state (die and computer moves) carries over between games. */
uint64_t game_rng_state(const Game *g);
void game_set_rng_state(Game *g, uint64_t state);

/* ---- the board */
GameKind game_kind(const Game *g);
int game_width(const Game *g);
int game_height(const Game *g);
int game_piece(const Game *g, int square, GamePiece *out);
const char *game_owner_name(const Game *g, int owner); /* "Yellow", "Black", ... */
void game_square_name(const Game *g, int square, char *buf, size_t cap);
int game_square_from_name(const Game *g, const char *name); /* -1 if malformed */
int game_is_marked(const Game *g, int square);   /* Chaturaji marked square */
/* Chaturaji: the colour whose throne it is, else -1 (always under the Ludii ruleset). */
int game_throne_owner(const Game *g, int square);

/* ---- whose turn, how it stands */
int game_to_move(const Game *g);          /* Kaissa side or Chaturaji seat */
unsigned game_turn(const Game *g);        /* Kaissa: the side to move's turn number */
unsigned game_ply(const Game *g);
int game_is_over(const Game *g);
/* A one-line description of the outcome ("Red wins: ..."), or "" while ongoing. */
void game_outcome_text(const Game *g, char *buf, size_t cap);
/* The position in the library's text notation. */
void game_position_text(const Game *g, char *buf, size_t cap);

/* ---- moves */
/* The squares the piece on `from` may go to now (Chaturaji: for the current roll). */
int game_targets(const Game *g, int from, uint8_t *out, int cap);
/* Whether the piece on `square` has a legal move now. */
int game_can_move_from(const Game *g, int square);
/* Chaturaji special promotion: the kinds the pawn may become going from->to (0 if none). */
int game_promotion_choices(const Game *g, int from, int to, int *kinds, int cap);
/* Plays from->to (promotion: a kind for a special promotion, else -1). */
GamePlayResult game_play(Game *g, int from, int to, int promotion);
/* Takes back the last move. Returns 0 when there is none (or the library
 * refused the undo record: game_last_error). Chaturaji: the die shows again
 * the roll the move was played with. */
int game_undo(Game *g);
/* Number of actions played (moves, and Chaturaji raja exchanges), and the
 * text of action i as a game record writes it: "e2e5", "H@c1"; "2:h1f3",
 * "4:pass", a Ludii promotion decision "=K" (or "pass" when no kind is
 * free), an exchange "exchange:rh5,be8". */
int game_history_len(const Game *g);
void game_history_text(const Game *g, int i, char *buf, size_t cap);
int game_history_was_pass(const Game *g, int i);     /* a pass for the roll */
int game_history_was_exchange(const Game *g, int i); /* a raja exchange */
int game_history_roll(const Game *g, int i);  /* the roll (0: a decision or an exchange) */
int game_history_mover(const Game *g, int i);
/* The last action's squares (-1 when none, or a pass / placement has no
 * from; an exchange gives the two squares the rajas returned to). */
void game_last_move(const Game *g, int *from, int *to);

/* ---- Kaissa: the Home Stone */
void game_stone_window(const Game *g, int side, GameStoneWindow *out);
GamePlayResult game_place_stone(Game *g, int square);

/* ---- Chaturaji: die, seats, alliances */
int game_roll(Game *g);                 /* throws the library's seeded die; returns 2..5 */
int game_set_roll(Game *g, int face);   /* a roll from a physical die: 2..5, else 0 */
int game_current_roll(const Game *g);   /* 0 when the seat to move has not rolled yet */
/* The roll allows no move (or a Ludii decision has no free kind): the pass is forced. */
int game_only_pass(const Game *g);
GamePlayResult game_play_pass(Game *g);
void game_seat(const Game *g, int colour, GameSeat *out);
GameRules game_rules(const Game *g);
int game_opposite_alliances(const Game *g);

/* ---- Chaturaji, Ludii ruleset: the promotion decision */
/* The square of the pawn whose promotion the colour to move must decide
 * now (without rolling), or -1 when no decision is pending. */
int game_pending_decision(const Game *g);
/* The kinds (CH_KIND_RAJA..CH_KIND_BOAT) the pending decision may choose;
 * 0 when none is free (its one move is then the pass) or none is pending. */
int game_decision_choices(const Game *g, int *kinds, int cap);
/* Plays the decision: a kind of game_decision_choices, or -1 for the pass. */
GamePlayResult game_play_decision(Game *g, int kind);

/* ---- Chaturaji, sheet rules: raja exchanges (not moves: no roll, no turn) */
int game_exchanges(const Game *g, GameExchange *out, int cap);
/* Returns the captured rajas of colour_a and colour_b to the given squares;
 * PLAY_ILLEGAL (game_last_error says why) when the rules do not allow it.
 * Undo takes it back like a move. */
GamePlayResult game_exchange(Game *g, int colour_a, int square_a, int colour_b, int square_b);

/* ---- computer seats: one random legal move (Chaturaji: rolls first if
 * needed; a pending Ludii decision is chosen at random without a roll). */
GamePlayResult game_play_random(Game *g);

/* ---- computer seats with the library's agents (game_agent.c): a search
 * on a worker thread, so that the window stays responsive. */
typedef enum GameStrength {
    STRENGTH_RANDOM = 0, /* game_play_random: a seeded random legal move */
    STRENGTH_EASY = 1,   /* the greedy agent: the best immediate capture */
    STRENGTH_STRONG = 2  /* Kaissa alpha-beta, Chaturaji MCTS (at most 1.5 s a move) */
} GameStrength;
const char *game_strength_name(GameStrength strength); /* "random", "easy", "strong" */
typedef struct GameThinker GameThinker;
GameThinker *thinker_new(uint64_t seed);
void thinker_free(GameThinker *t); /* waits for a search under way */
/* Starts choosing the move of the seat to move (Chaturaji: after its roll,
 * or a pending Ludii decision) at `strength` (easy or strong) on the worker
 * thread; 0 when it cannot (a search is under way, the game is over, no
 * roll yet, or STRENGTH_RANDOM). */
int thinker_start(GameThinker *t, const Game *g, GameStrength strength);
int thinker_busy(const GameThinker *t); /* a search runs or waits to be collected */
/* -1 while the search runs (or none was started); once it has ended: plays
 * its move on g and returns the result, or drops it (PLAY_ILLEGAL) when g
 * is no longer where the search started or it was cancelled. */
int thinker_collect(GameThinker *t, Game *g);
void thinker_wait(GameThinker *t);   /* blocks until the search has ended */
void thinker_cancel(GameThinker *t); /* its move will be dropped */
/* A new game: cancels the search and makes the agents forget the last game. */
void thinker_new_game(GameThinker *t);

/* ---- game records (docs/records.md) */
/* Writes the game as a record file: its start position, every move played
 * (Chaturaji: with its roll), the result when it is over, else `*`. 0 with
 * the library's (or the system's) message in err when it cannot. */
int game_save_record(const Game *g, const char *path, char *err, size_t cap);
/* Reads the first record of a file and replays it move by move, so the
 * board, the move list and the undo history are as if played. NULL with
 * the library's message ("line:column: reason") in err for a bad record. */
Game *game_load_record(const char *path, uint64_t seed, char *err, size_t cap);

/* ---- diagnostics: the library's message for the last failed call. */
const char *game_last_error(void);
const char *game_library_version(void);

#endif
