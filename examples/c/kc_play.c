/*
 * kc_play - play Merchant Kaissa or Chaturaji in the terminal against random
 * movers, through the C ABI of kaissa-chaturaji (include/kaissa_chaturaji.h).
 *
 * Build (from the repository root):
 *   cargo build --release && cc -std=c99 -Wall -Iinclude examples/c/kc_play.c \
 *       target/release/libkaissa_chaturaji.a -lpthread -ldl -lm -o kc_play
 * or:  make -C examples/c
 *
 * Run:  ./kc_play [seed]
 * Kaissa: you play Yellow (upper case, moves first). Type moves in the text
 * notation (e2e5, a10b9, H@c1 to place the Home Stone), or: moves, undo,
 * help, quit.
 * Chaturaji: you play the Red seat (east); random movers play Black, Yellow
 * and Green. The library's seeded die (state in this program's memory) rolls
 * for everyone; type moves as h1f3, g7g8K (special promotion) or pass, or:
 * moves, help, quit.
 *
 * The program is organised per game: a menu, then play_kaissa or
 * play_chaturaji.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kaissa_chaturaji.h"

#define LINE_CAP 256
#define MAX_HISTORY 4096

/* Reads one line from stdin without its newline; returns 0 at end of input. */
static int read_line(char *line, size_t cap) {
    size_t len;
    if (fgets(line, (int)cap, stdin) == NULL) {
        return 0;
    }
    len = strlen(line);
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ')) {
        line[--len] = '\0';
    }
    return 1;
}

static const char *last_error(void) {
    static char msg[512];
    size_t len = 0;
    if (kc_last_error_message(msg, sizeof msg, &len) != KC_OK) {
        return "(no message)";
    }
    return msg;
}

/* The reason part of the last error message (after its last ": "). */
static const char *last_reason(void) {
    const char *msg = last_error();
    const char *colon = strrchr(msg, ':');
    return colon != NULL && colon[1] == ' ' ? colon + 2 : msg;
}

/* Stops the program on an error that should never happen. */
static void must(kc_status status, const char *what) {
    if (status != KC_OK) {
        fprintf(stderr, "%s failed: %s (%s)\n", what, kc_status_message((int)status), last_error());
        exit(1);
    }
}

/* ------------------------------------------------------------------ Kaissa */

static void kaissa_draw(const kc_kaissa_position *pos) {
    static const char letters[] = "UQTSBIPRAH";
    int rank, file;
    uint8_t side = 0;
    uint32_t turn = 0;
    kc_kaissa_home_stone_window_info windows[2];

    printf("\n     a b c d e f g h i j\n");
    for (rank = KC_KAISSA_HEIGHT - 1; rank >= 0; rank--) {
        printf("%3d ", rank + 1);
        for (file = 0; file < KC_KAISSA_WIDTH; file++) {
            kc_kaissa_piece piece;
            char c;
            must(kc_kaissa_piece_at(pos, (uint8_t)(rank * KC_KAISSA_WIDTH + file), &piece),
                 "kc_kaissa_piece_at");
            if (piece.present) {
                c = letters[piece.kind];
                if (piece.side == KC_KAISSA_RED) {
                    c = (char)(c - 'A' + 'a');
                }
            } else {
                c = ((file + rank) % 2 == 0) ? '.' : ' ';
            }
            printf(" %c", c);
        }
        printf("  %d\n", rank + 1);
    }
    printf("     a b c d e f g h i j\n");
    printf("Pieces: U Ubar, Q Ubara, T Tarnsman, S Scribe, B Builder, I Initiate,\n"
           "P Spearman, R Rider, A Assassin, H Home Stone (upper case Yellow, lower case Red)\n");
    must(kc_kaissa_to_move(pos, &side), "kc_kaissa_to_move");
    must(kc_kaissa_turn(pos, &turn), "kc_kaissa_turn");
    must(kc_kaissa_home_stone_window(pos, KC_KAISSA_YELLOW, &windows[0]), "window");
    must(kc_kaissa_home_stone_window(pos, KC_KAISSA_RED, &windows[1]), "window");
    printf("%s to move, turn %" PRIu32 ". Home Stones in hand: Yellow %s, Red %s.\n",
           side == KC_KAISSA_YELLOW ? "Yellow" : "Red", turn, windows[0].in_hand ? "yes" : "no",
           windows[1].in_hand ? "yes" : "no");
}

static void kaissa_print_move(kc_kaissa_move mv) {
    char text[KC_KAISSA_MOVE_TEXT_CAP];
    size_t len = 0;
    must(kc_kaissa_move_to_text(mv, text, sizeof text, &len), "kc_kaissa_move_to_text");
    printf("%s", text);
}

static void kaissa_list_moves(const kc_kaissa_position *pos) {
    kc_kaissa_move moves[KC_KAISSA_MAX_MOVES];
    size_t len = 0, i;
    must(kc_kaissa_legal_moves(pos, moves, KC_KAISSA_MAX_MOVES, &len), "kc_kaissa_legal_moves");
    printf("%zu legal moves:", len);
    for (i = 0; i < len; i++) {
        printf(i % 12 == 0 ? "\n  " : " ");
        kaissa_print_move(moves[i]);
    }
    printf("\n");
}

static void kaissa_stone_hint(const kc_kaissa_position *pos) {
    kc_kaissa_home_stone_window_info window;
    int i;
    must(kc_kaissa_home_stone_window(pos, KC_KAISSA_YELLOW, &window), "window");
    if (!window.open_now) {
        return;
    }
    printf(window.last_chance ? "Turn 10: you MUST place your Home Stone now:"
                              : "You may place your Home Stone (turns 8-10):");
    for (i = 0; i < window.square_count; i++) {
        char name[4];
        size_t len = 0;
        must(kc_kaissa_square_to_text(window.squares[i], name, sizeof name, &len), "square");
        printf(" H@%s", name);
    }
    printf("\n");
}

/* Returns 1 when the game is over (and says how). */
static int kaissa_report_outcome(const kc_kaissa_position *pos) {
    kc_kaissa_outcome_info outcome;
    const char *why = "";
    must(kc_kaissa_outcome(pos, &outcome), "kc_kaissa_outcome");
    if (outcome.result == KC_KAISSA_ONGOING) {
        return 0;
    }
    switch (outcome.reason) {
    case KC_KAISSA_REASON_HOME_STONE_CAPTURED: why = "the Home Stone was captured"; break;
    case KC_KAISSA_REASON_DEFAULT_LOSS: why = "the Home Stone could not be placed by turn 10"; break;
    case KC_KAISSA_REASON_NO_LEGAL_MOVES: why = "the side to move has no legal move"; break;
    default: break;
    }
    printf("Game over: %s (%s).\n",
           outcome.result == KC_KAISSA_YELLOW_WINS ? "you win"
           : outcome.result == KC_KAISSA_RED_WINS  ? "the computer wins"
                                                   : "draw",
           why);
    return 1;
}

static void play_kaissa(uint64_t seed) {
    static kc_kaissa_undo_record history[MAX_HISTORY];
    size_t plies = 0;
    kc_kaissa_position *pos = NULL;
    uint64_t rng = seed;
    char line[LINE_CAP];
    int redraw = 1;

    must(kc_kaissa_position_new_start(&pos), "kc_kaissa_position_new_start");
    printf("Merchant Kaissa: you are Yellow (upper case). Capture the red Home Stone.\n"
           "Moves: e2e5, a10b9, H@c1. Commands: moves, undo, help, quit.\n");
    for (;;) {
        uint8_t side = 0;
        kc_kaissa_move mv;
        kc_status status;

        if (redraw) {
            kaissa_draw(pos);
            if (kaissa_report_outcome(pos)) {
                break;
            }
            redraw = 0;
        }
        must(kc_kaissa_to_move(pos, &side), "kc_kaissa_to_move");
        if (side == KC_KAISSA_RED) {
            must(kc_kaissa_choose_move(pos, &rng, &mv), "kc_kaissa_choose_move");
            must(kc_kaissa_play(pos, mv, &history[plies % MAX_HISTORY]), "kc_kaissa_play");
            plies++;
            printf("Computer plays ");
            kaissa_print_move(mv);
            printf("\n");
            redraw = 1;
            continue;
        }
        kaissa_stone_hint(pos);
        printf("Your move: ");
        fflush(stdout);
        if (!read_line(line, sizeof line)) {
            printf("\n");
            break;
        }
        if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
            break;
        }
        if (strcmp(line, "") == 0) {
            continue;
        }
        if (strcmp(line, "help") == 0) {
            printf("Type a move (from-square then to-square, e.g. e2e5; H@c1 places the Home\n"
                   "Stone on c1 on turns 8-10), 'moves' for the legal moves, 'undo' to take\n"
                   "back your last move and the reply, 'quit' to stop.\n");
            continue;
        }
        if (strcmp(line, "moves") == 0) {
            kaissa_list_moves(pos);
            continue;
        }
        if (strcmp(line, "undo") == 0) {
            if (plies < 2 || plies > MAX_HISTORY) {
                printf("Nothing to take back.\n");
                continue;
            }
            must(kc_kaissa_undo(pos, &history[--plies]), "kc_kaissa_undo");
            must(kc_kaissa_undo(pos, &history[--plies]), "kc_kaissa_undo");
            printf("Took back the last two moves.\n");
            redraw = 1;
            continue;
        }
        status = kc_kaissa_move_from_text(line, &mv);
        if (status != KC_OK) {
            printf("'%s' is not a move: %s. Type 'help' for the notation.\n", line, last_reason());
            continue;
        }
        status = kc_kaissa_play(pos, mv, &history[plies % MAX_HISTORY]);
        if (status == KC_ERR_ILLEGAL_MOVE) {
            printf("Illegal move %s: %s.\n", line, last_reason());
            continue;
        }
        must(status, "kc_kaissa_play");
        plies++;
        printf("You play %s\n", line);
        redraw = 1;
    }
    kc_kaissa_position_free(pos);
}

/* --------------------------------------------------------------- Chaturaji */

static const char *const colour_names[4] = {"Red", "Black", "Yellow", "Green"};

static void chaturaji_draw(const kc_chaturaji_position *pos) {
    static const char colour_letters[] = "rbyg";
    static const char kind_letters[] = "KEHBP";
    uint8_t marked[KC_CHATURAJI_MARKED_SQUARE_COUNT];
    size_t marked_len = 0, i;
    int rank, file, c;
    uint8_t seat = 0;
    uint32_t ply = 0;

    must(kc_chaturaji_marked_squares(marked, KC_CHATURAJI_MARKED_SQUARE_COUNT, &marked_len),
         "kc_chaturaji_marked_squares");
    printf("\n");
    for (rank = KC_CHATURAJI_HEIGHT - 1; rank >= 0; rank--) {
        printf("%d ", rank + 1);
        for (file = 0; file < KC_CHATURAJI_WIDTH; file++) {
            uint8_t square = (uint8_t)(rank * KC_CHATURAJI_WIDTH + file);
            kc_chaturaji_piece piece;
            must(kc_chaturaji_piece_at(pos, square, &piece), "kc_chaturaji_piece_at");
            if (piece.present) {
                printf(" %c%c", colour_letters[piece.colour], kind_letters[piece.kind]);
            } else {
                int is_marked = 0;
                for (i = 0; i < marked_len; i++) {
                    is_marked |= marked[i] == square;
                }
                printf("  %c", is_marked ? '*' : '.');
            }
        }
        printf("\n");
    }
    printf("   a  b  c  d  e  f  g  h\n");
    printf("Pieces: colour r Red, b Black, y Yellow, g Green, then K raja, E elephant,\n"
           "H horse, B boat, P pawn; * a marked square (thrones d1 h4 a5 e8 among them)\n");
    must(kc_chaturaji_to_move(pos, &seat), "kc_chaturaji_to_move");
    must(kc_chaturaji_ply(pos, &ply), "kc_chaturaji_ply");
    printf("Ply %" PRIu32 ", %s to move. Command:", ply, colour_names[seat]);
    for (c = 0; c < 4; c++) {
        uint8_t commander = 0;
        must(kc_chaturaji_commander(pos, (uint8_t)c, &commander), "kc_chaturaji_commander");
        printf(" %s=%s", colour_names[c],
               commander == KC_CHATURAJI_NO_COLOUR ? "out" : colour_names[commander]);
    }
    printf("\n");
}

static void chaturaji_print_move(kc_chaturaji_move mv) {
    char text[KC_CHATURAJI_MOVE_TEXT_CAP];
    size_t len = 0;
    must(kc_chaturaji_move_to_text(mv, text, sizeof text, &len), "kc_chaturaji_move_to_text");
    printf("%s", text);
}

static void chaturaji_list_moves(const kc_chaturaji_position *pos, uint8_t roll) {
    kc_chaturaji_move moves[KC_CHATURAJI_MAX_MOVES];
    size_t len = 0, i;
    must(kc_chaturaji_legal_moves(pos, roll, moves, KC_CHATURAJI_MAX_MOVES, &len),
         "kc_chaturaji_legal_moves");
    printf("%zu legal moves for a %d:", len, (int)roll);
    for (i = 0; i < len; i++) {
        printf(i % 12 == 0 ? "\n  " : " ");
        chaturaji_print_move(moves[i]);
    }
    printf("\n");
}

/* Returns 1 when the game is over (and says how). */
static int chaturaji_report_outcome(const kc_chaturaji_position *pos) {
    kc_chaturaji_outcome_info outcome;
    must(kc_chaturaji_outcome(pos, &outcome), "kc_chaturaji_outcome");
    if (outcome.result == KC_CHATURAJI_ONGOING) {
        return 0;
    }
    if (outcome.result == KC_CHATURAJI_DRAW) {
        printf("Game over: drawn (no capture for too long).\n");
    } else {
        int yours = outcome.winners[0] == KC_CHATURAJI_RED || outcome.winners[1] == KC_CHATURAJI_RED;
        printf("Game over: %s and %s win - %s.\n", colour_names[outcome.winners[0]],
               colour_names[outcome.winners[1]], yours ? "your alliance wins" : "you lose");
    }
    return 1;
}

static void play_chaturaji(uint64_t seed) {
    kc_chaturaji_rules rules;
    kc_chaturaji_position *pos = NULL;
    uint64_t rng = seed; /* the die and the random movers share this state */
    char line[LINE_CAP];
    int redraw = 1;

    must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
    must(kc_chaturaji_position_new_start(&rules, &pos), "kc_chaturaji_position_new_start");
    printf("Chaturaji: you are the Red seat (east, pieces 'rX'), allied with Green.\n"
           "Moves: h1f3, g7g8K (special promotion), pass. Commands: moves, help, quit.\n");
    for (;;) {
        uint8_t seat = 0, roll = 0;
        kc_chaturaji_move mv;
        kc_status status;
        int done = 0;

        if (redraw) {
            chaturaji_draw(pos);
            redraw = 0;
        }
        if (chaturaji_report_outcome(pos)) {
            break;
        }
        must(kc_chaturaji_to_move(pos, &seat), "kc_chaturaji_to_move");
        must(kc_chaturaji_roll(&rng, &roll), "kc_chaturaji_roll");
        if (seat != KC_CHATURAJI_RED) {
            must(kc_chaturaji_choose_move(pos, roll, &rng, &mv), "kc_chaturaji_choose_move");
            must(kc_chaturaji_play(pos, roll, mv, NULL), "kc_chaturaji_play");
            printf("%s rolls %d and plays ", colour_names[seat], (int)roll);
            chaturaji_print_move(mv);
            printf("\n");
            redraw = mv.kind != KC_CHATURAJI_MOVE_PASS;
            continue;
        }
        printf("You rolled a %d (%s).\n", (int)roll,
               roll == 2 ? "boat" : roll == 3 ? "horse" : roll == 4 ? "elephant" : "raja or pawn");
        while (!done) {
            printf("Your move: ");
            fflush(stdout);
            if (!read_line(line, sizeof line)) {
                printf("\n");
                kc_chaturaji_position_free(pos);
                return;
            }
            if (strcmp(line, "quit") == 0 || strcmp(line, "q") == 0) {
                kc_chaturaji_position_free(pos);
                return;
            }
            if (strcmp(line, "") == 0) {
                continue;
            }
            if (strcmp(line, "help") == 0) {
                printf("Type a move as from-square then to-square (h1f3), add K, E, H or B for a\n"
                       "special promotion (g7g8K), 'pass' when the roll allows no move, 'moves'\n"
                       "for the legal moves with your roll, 'quit' to stop. 2 moves a boat,\n"
                       "3 a horse, 4 an elephant, 5 the raja or a pawn.\n");
                continue;
            }
            if (strcmp(line, "moves") == 0) {
                chaturaji_list_moves(pos, roll);
                continue;
            }
            status = kc_chaturaji_move_from_text(line, &mv);
            if (status != KC_OK) {
                printf("'%s' is not a move: %s. Type 'help' for the notation.\n", line, last_reason());
                continue;
            }
            status = kc_chaturaji_play(pos, roll, mv, NULL);
            if (status == KC_ERR_ILLEGAL_MOVE) {
                printf("Illegal move %s with a %d: %s.\n", line, (int)roll, last_reason());
                continue;
            }
            must(status, "kc_chaturaji_play");
            printf("You play %s\n", line);
            done = 1;
            redraw = 1;
        }
    }
    kc_chaturaji_position_free(pos);
}

/* -------------------------------------------------------------------- menu */

int main(int argc, char **argv) {
    uint64_t seed = (uint64_t)time(NULL);
    char line[LINE_CAP];

    if (argc > 1) {
        seed = strtoull(argv[1], NULL, 10);
    }
    printf("kaissa-chaturaji %s - seed %" PRIu64 "\n", kc_version(), seed);
    for (;;) {
        printf("Choose a game: 1) Merchant Kaissa  2) Chaturaji  q) quit\n> ");
        fflush(stdout);
        if (!read_line(line, sizeof line) || strcmp(line, "q") == 0 || strcmp(line, "quit") == 0) {
            break;
        }
        if (strcmp(line, "1") == 0) {
            play_kaissa(seed);
            break;
        }
        if (strcmp(line, "2") == 0) {
            play_chaturaji(seed);
            break;
        }
        printf("Please type 1, 2 or q.\n");
    }
    printf("Bye.\n");
    return 0;
}
