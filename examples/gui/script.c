/*
 * script.c - the scripted session (--script FILE): one command a line, fed
 * to the GUI as the clicks and keys a person would make, with checks made
 * through the library. Used by tests/packaging/gui.rs under SDL's dummy video driver.
 *
 *   # a comment                   blank lines are skipped too
 *   new kaissa                    New game button, then the dialog's choice
 *   new chaturaji [sheet|opposite|ludii]
 *   setup kaissa TEXT             starts from a position text (a study, a test)
 *   setup chaturaji sheet|opposite|ludii TEXT
 *   click e2                      a left click on the centre of a square
 *   click-at X Y                  a left click on a pixel (buttons, margins)
 *   right-click                   deselects
 *   hover e1                      moves the mouse over a square
 *   key u                         a key, by SDL name (u, n, space, escape, 5)
 *   roll                          the Roll button (the library's seeded die)
 *   roll 4                        the throw of a physical die (key 4)
 *   undo                          the Undo button
 *   choose K|E|H|B|pass           a special promotion choice, or a Ludii
 *                                 promotion decision (its button)
 *   exchange RB                   the Exchange button, then the exchange of
 *                                 these two colours' rajas in its chooser (a
 *                                 raja with a choice of squares then waits
 *                                 for `click SQUARE`)
 *   computer LETTERS on|off       the seat toggles (y r | r b y g)
 *   strength LETTERS random|easy|strong
 *                                 a computer seat's strength button, clicked
 *                                 until it shows that strength
 *   hold on|off                   computer seats wait (on) or play on (off)
 *   think                         the easy or strong computer seat to move
 *                                 starts thinking, without waiting (with
 *                                 `hold on`: a screenshot shows it)
 *   seed N                        the state of the seeded die / computer moves
 *   wait MS                       pauses (to watch a session)
 *   screenshot FILE.bmp           saves what is on the screen
 *   save PATH                     saves the game as a record file (as the key S does)
 *   load PATH                     loads and replays a record file (as the key L does)
 *   try-load PATH                 the same, but a refused record is not a failure
 *                                 (check the message with expect-status)
 *   try-save PATH                 save, where a refusal is not a failure either
 *   expect-position TEXT          the library's position text
 *   expect-to-move NAME           e.g. Red
 *   expect-ply N
 *   expect-roll N                 0: not rolled yet
 *   expect-targets SQ...|none     the lit targets of the selected piece
 *   expect-status TEXT            the status line contains TEXT
 *   expect-over yes|no
 *   expect-scores R,B,Y,G         the four scores (Ludii ruleset)
 *   expect-ranks R,B,Y,G          the final ranks (0,0,0,0 while it goes on)
 *   expect-decision SQ|none       the pawn whose Ludii promotion is pending
 *
 * After every command the computer seats (if any) play until a person is
 * to act (unless `hold on`); an easy or strong seat's search is waited for. Output: each command, FAIL lines, and a closing count; the exit
 * code is 0 when every check passed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

static int click_button(App *a, int id) {
    Button buttons[MAX_BUTTONS];
    int n = collect_buttons(a, buttons), i;
    for (i = 0; i < n; i++) {
        if (buttons[i].id == id) {
            app_mouse_move(a, buttons[i].r.x + buttons[i].r.w / 2, buttons[i].r.y + buttons[i].r.h / 2);
            app_mouse_down(a, buttons[i].r.x + buttons[i].r.w / 2,
                           buttons[i].r.y + buttons[i].r.h / 2, SDL_BUTTON_LEFT);
            return 1;
        }
    }
    return 0;
}

static int square_centre(const App *a, const char *name, int *x, int *y) {
    int sq = game_square_from_name(a->game, name);
    SDL_Rect r;
    if (sq < 0) {
        return 0;
    }
    r = square_rect(a, sq);
    *x = r.x + r.w / 2;
    *y = r.y + r.h / 2;
    return 1;
}

static int seat_of_letter(const App *a, char c) {
    if (game_kind(a->game) == GAME_KAISSA) {
        return c == 'y' ? 0 : c == 'r' ? 1 : -1;
    }
    switch (c) {
    case 'r': return CH_RED;
    case 'b': return CH_BLACK;
    case 'y': return CH_YELLOW;
    case 'g': return CH_GREEN;
    default: return -1;
    }
}

static int cmp_u8(const void *x, const void *y) {
    return (int)*(const uint8_t *)x - (int)*(const uint8_t *)y;
}

/* Runs one command; returns 1 if it worked (or its check passed), else
 * writes why to err. *is_check is set for expect- commands. */
static int run_command(App *a, const char *cmd, const char *arg, char *err, size_t cap,
                       int *is_check) {
    char buf[GAME_TEXT_CAP];
    *is_check = strncmp(cmd, "expect-", 7) == 0;
    if (strcmp(cmd, "new") == 0) {
        int id = strcmp(arg, "kaissa") == 0                  ? BTN_DLG_KAISSA
                 : strcmp(arg, "chaturaji opposite") == 0    ? BTN_DLG_OPPOSITE
                 : strcmp(arg, "chaturaji ludii") == 0       ? BTN_DLG_LUDII
                 : strcmp(arg, "chaturaji") == 0 ||
                         strcmp(arg, "chaturaji sheet") == 0 ? BTN_DLG_SHEET
                                                             : BTN_NONE;
        if (id == BTN_NONE) {
            snprintf(err, cap, "new: expected kaissa or chaturaji [sheet|opposite|ludii]");
            return 0;
        }
        if (!click_button(a, BTN_NEW) || !click_button(a, id)) {
            snprintf(err, cap, "new: the New game button or dialog is not there");
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "setup") == 0) {
        if (strncmp(arg, "kaissa ", 7) == 0) {
            return app_setup(a, GAME_KAISSA, 0, arg + 7, err, cap);
        }
        if (strncmp(arg, "chaturaji sheet ", 16) == 0) {
            return app_setup(a, GAME_CHATURAJI, RULES_SHEET, arg + 16, err, cap);
        }
        if (strncmp(arg, "chaturaji opposite ", 19) == 0) {
            return app_setup(a, GAME_CHATURAJI, RULES_OPPOSITE, arg + 19, err, cap);
        }
        if (strncmp(arg, "chaturaji ludii ", 16) == 0) {
            return app_setup(a, GAME_CHATURAJI, RULES_LUDII, arg + 16, err, cap);
        }
        snprintf(err, cap, "setup: expected kaissa TEXT or chaturaji sheet|opposite|ludii TEXT");
        return 0;
    }
    if (strcmp(cmd, "click") == 0 || strcmp(cmd, "hover") == 0) {
        int x, y;
        if (!square_centre(a, arg, &x, &y)) {
            snprintf(err, cap, "%s: '%s' is not a square of this board", cmd, arg);
            return 0;
        }
        app_mouse_move(a, x, y);
        if (cmd[0] == 'c') {
            app_mouse_down(a, x, y, SDL_BUTTON_LEFT);
        }
        return 1;
    }
    if (strcmp(cmd, "click-at") == 0) {
        int x, y;
        if (sscanf(arg, "%d %d", &x, &y) != 2) {
            snprintf(err, cap, "click-at: expected X Y");
            return 0;
        }
        app_mouse_move(a, x, y);
        app_mouse_down(a, x, y, SDL_BUTTON_LEFT);
        return 1;
    }
    if (strcmp(cmd, "right-click") == 0) {
        app_mouse_down(a, a->mouse_x, a->mouse_y, SDL_BUTTON_RIGHT);
        return 1;
    }
    if (strcmp(cmd, "key") == 0) {
        SDL_Keycode key = SDL_GetKeyFromName(arg);
        if (key == SDLK_UNKNOWN) {
            snprintf(err, cap, "key: unknown key name '%s'", arg);
            return 0;
        }
        app_key(a, key);
        return 1;
    }
    if (strcmp(cmd, "roll") == 0) {
        if (arg[0] == '\0') {
            if (!click_button(a, BTN_ROLL)) {
                snprintf(err, cap, "roll: there is no Roll button (not Chaturaji?)");
                return 0;
            }
            return 1;
        }
        if (arg[1] != '\0' || arg[0] < '2' || arg[0] > '5') {
            snprintf(err, cap, "roll: a face is 2, 3, 4 or 5");
            return 0;
        }
        app_key(a, (SDL_Keycode)(SDLK_0 + (arg[0] - '0')));
        return 1;
    }
    if (strcmp(cmd, "undo") == 0) {
        return click_button(a, BTN_UNDO) || (snprintf(err, cap, "undo: no Undo button"), 0);
    }
    if (strcmp(cmd, "choose") == 0) {
        const char *letters = "KEHB";
        const char *p = arg[0] && arg[1] == '\0' ? strchr(letters, arg[0]) : NULL;
        int i, kinds[4], n = decision_choices_shown(a, kinds);
        if (strcmp(arg, "pass") == 0) {
            if (n == 0 && decision_shown(a)) {
                return click_button(a, BTN_DECIDE0);
            }
            snprintf(err, cap, "choose: no decision whose only choice is the pass");
            return 0;
        }
        if (p != NULL && !a->promo_open && n > 0) {
            for (i = 0; i < n; i++) {
                if (kinds[i] == (int)(p - letters)) {
                    return click_button(a, BTN_DECIDE0 + i);
                }
            }
            snprintf(err, cap, "choose: the decision does not offer %c", arg[0]);
            return 0;
        }
        if (!a->promo_open || p == NULL) {
            snprintf(err, cap, "choose: no promotion choice is open, or not K/E/H/B");
            return 0;
        }
        for (i = 0; i < a->promo_count; i++) {
            if (a->promo_kinds[i] == (int)(p - letters)) {
                return click_button(a, BTN_PROMO0 + i);
            }
        }
        snprintf(err, cap, "choose: %c is not offered", arg[0]);
        return 0;
    }
    if (strcmp(cmd, "exchange") == 0) {
        GameExchange ex[GAME_MAX_EXCHANGES];
        int n, i, c0, c1;
        if (strlen(arg) != 2 || (c0 = seat_of_letter(a, arg[0])) < 0 ||
            (c1 = seat_of_letter(a, arg[1])) < 0 || game_kind(a->game) != GAME_CHATURAJI) {
            snprintf(err, cap, "exchange: expected two colour letters (rb)");
            return 0;
        }
        if (!click_button(a, BTN_EXCHANGE) || !a->exch_open) {
            snprintf(err, cap, "exchange: the Exchange button did not open: %s", a->status);
            return 0;
        }
        n = game_exchanges(a->game, ex, GAME_MAX_EXCHANGES);
        for (i = 0; i < n; i++) {
            if ((ex[i].colour[0] == c0 && ex[i].colour[1] == c1) ||
                (ex[i].colour[0] == c1 && ex[i].colour[1] == c0)) {
                return click_button(a, BTN_EXCH0 + i);
            }
        }
        snprintf(err, cap, "exchange: %s is not offered", arg);
        return 0;
    }
    if (strcmp(cmd, "computer") == 0) {
        char letters[8] = "", state[8] = "";
        int i;
        if (sscanf(arg, "%7s %7s", letters, state) != 2 ||
            (strcmp(state, "on") != 0 && strcmp(state, "off") != 0)) {
            snprintf(err, cap, "computer: expected LETTERS on|off");
            return 0;
        }
        for (i = 0; letters[i]; i++) {
            int seat = seat_of_letter(a, letters[i]);
            int want = strcmp(state, "on") == 0;
            if (seat < 0) {
                snprintf(err, cap, "computer: '%c' is no seat of this game", letters[i]);
                return 0;
            }
            if (app_seat_is_computer(a, seat) != want && !click_button(a, BTN_CPU0 + seat)) {
                snprintf(err, cap, "computer: no toggle for seat %c", letters[i]);
                return 0;
            }
        }
        return 1;
    }
    if (strcmp(cmd, "strength") == 0) {
        char letters[8] = "", level[8] = "";
        int i, want;
        if (sscanf(arg, "%7s %7s", letters, level) != 2) {
            snprintf(err, cap, "strength: expected LETTERS random|easy|strong");
            return 0;
        }
        want = strcmp(level, "random") == 0 ? STRENGTH_RANDOM
               : strcmp(level, "easy") == 0 ? STRENGTH_EASY
               : strcmp(level, "strong") == 0 ? STRENGTH_STRONG
                                              : -1;
        if (want < 0) {
            snprintf(err, cap, "strength: '%s' is not random, easy or strong", level);
            return 0;
        }
        for (i = 0; letters[i]; i++) {
            int seat = seat_of_letter(a, letters[i]), clicks = 0;
            if (seat < 0) {
                snprintf(err, cap, "strength: '%c' is no seat of this game", letters[i]);
                return 0;
            }
            while (app_seat_strength(a, seat) != (GameStrength)want) {
                if (clicks++ == 3 || !click_button(a, BTN_LEVEL0 + seat)) {
                    snprintf(err, cap, "strength: no strength button for seat %c (a computer "
                             "seat?)", letters[i]);
                    return 0;
                }
            }
        }
        return 1;
    }
    if (strcmp(cmd, "hold") == 0) {
        if (strcmp(arg, "on") != 0 && strcmp(arg, "off") != 0) {
            snprintf(err, cap, "hold: expected on or off");
            return 0;
        }
        a->script_hold = strcmp(arg, "on") == 0;
        return 1;
    }
    if (strcmp(cmd, "think") == 0) {
        if (!app_start_thinking(a)) {
            snprintf(err, cap, "think: no easy or strong computer seat is to move");
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "seed") == 0) {
        game_set_rng_state(a->game, strtoull(arg, NULL, 10));
        return 1;
    }
    if (strcmp(cmd, "wait") == 0) {
        SDL_Delay((Uint32)atoi(arg));
        return 1;
    }
    if (strcmp(cmd, "screenshot") == 0) {
        size_t len = strlen(arg);
        if (len < 5 || strcmp(arg + len - 4, ".bmp") != 0) {
            snprintf(err, cap, "screenshot: the file name must end in .bmp");
            return 0;
        }
        draw_frame(a);
        if (!save_screenshot(a, arg)) {
            snprintf(err, cap, "screenshot: cannot save %s: %s", arg, SDL_GetError());
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "save") == 0 || strcmp(cmd, "load") == 0 || strcmp(cmd, "try-load") == 0 ||
        strcmp(cmd, "try-save") == 0) {
        int ok;
        if (arg[0] == '\0') {
            snprintf(err, cap, "%s: expected a file path", cmd);
            return 0;
        }
        ok = strstr(cmd, "save") != NULL ? app_save_record(a, arg) : app_load_record(a, arg);
        if (!ok && cmd[0] != 't') {
            snprintf(err, cap, "%s", a->status);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-position") == 0) {
        game_position_text(a->game, buf, sizeof buf);
        if (strcmp(buf, arg) != 0) {
            snprintf(err, cap, "position is\n    %s\n  expected\n    %s", buf, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-to-move") == 0) {
        const char *name = game_owner_name(a->game, game_to_move(a->game));
        if (SDL_strcasecmp(name, arg) != 0) {
            snprintf(err, cap, "%s is to move, expected %s", name, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-ply") == 0) {
        unsigned ply = game_ply(a->game);
        if (ply != (unsigned)strtoul(arg, NULL, 10)) {
            snprintf(err, cap, "ply is %u, expected %s", ply, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-roll") == 0) {
        int roll = game_current_roll(a->game);
        if (roll != atoi(arg)) {
            snprintf(err, cap, "the roll is %d, expected %s", roll, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-over") == 0) {
        int over = game_is_over(a->game);
        if (over != (strcmp(arg, "yes") == 0)) {
            snprintf(err, cap, "the game is %s", over ? "over" : "not over");
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-scores") == 0 || strcmp(cmd, "expect-ranks") == 0) {
        char got[64];
        int c;
        GameSeat s[4];
        for (c = 0; c < 4; c++) {
            game_seat(a->game, c, &s[c]);
        }
        if (cmd[7] == 's') {
            snprintf(got, sizeof got, "%d,%d,%d,%d", s[0].score, s[1].score, s[2].score,
                     s[3].score);
        } else {
            snprintf(got, sizeof got, "%d,%d,%d,%d", s[0].rank, s[1].rank, s[2].rank, s[3].rank);
        }
        if (strcmp(got, arg) != 0) {
            snprintf(err, cap, "%s are %s, expected %s", cmd + 7, got, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-decision") == 0) {
        char name[8] = "none";
        if (game_pending_decision(a->game) >= 0) {
            game_square_name(a->game, game_pending_decision(a->game), name, sizeof name);
        }
        if (strcmp(name, arg) != 0) {
            snprintf(err, cap, "the pending decision is %s, expected %s", name, arg);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-status") == 0) {
        if (strstr(a->status, arg) == NULL) {
            snprintf(err, cap, "the status line is \"%s\"", a->status);
            return 0;
        }
        return 1;
    }
    if (strcmp(cmd, "expect-targets") == 0) {
        uint8_t want[GAME_MAX_SQUARES], have[GAME_MAX_SQUARES];
        int nwant = 0, nhave = a->target_count, i;
        char copy[512], *tok, got[512] = "";
        snprintf(copy, sizeof copy, "%s", arg);
        for (tok = strtok(copy, " "); tok != NULL; tok = strtok(NULL, " ")) {
            int sq;
            if (strcmp(tok, "none") == 0) {
                continue;
            }
            sq = game_square_from_name(a->game, tok);
            if (sq < 0 || nwant == GAME_MAX_SQUARES) {
                snprintf(err, cap, "expect-targets: bad square '%s'", tok);
                return 0;
            }
            want[nwant++] = (uint8_t)sq;
        }
        memcpy(have, a->targets, (size_t)nhave);
        qsort(want, (size_t)nwant, 1, cmp_u8);
        qsort(have, (size_t)nhave, 1, cmp_u8);
        for (i = 0; i < nhave; i++) {
            char name[8];
            game_square_name(a->game, have[i], name, sizeof name);
            strncat(got, " ", sizeof got - strlen(got) - 1);
            strncat(got, name, sizeof got - strlen(got) - 1);
        }
        if (nwant != nhave || memcmp(want, have, (size_t)nwant) != 0) {
            snprintf(err, cap, "the lit targets are:%s", nhave ? got : " none");
            return 0;
        }
        return 1;
    }
    snprintf(err, cap, "unknown command '%s'", cmd);
    return 0;
}

int run_script(App *a, const char *path, int delay_ms) {
    FILE *f = fopen(path, "r");
    char line[2048], err[2048];
    int lineno = 0, commands = 0, checks = 0, failures = 0;
    if (f == NULL) {
        fprintf(stderr, "kc_gui: cannot open the script %s\n", path);
        return 2;
    }
    printf("script: %s (library %s)\n", path, game_library_version());
    draw_frame(a);
    SDL_RenderPresent(a->ren);
    while (fgets(line, sizeof line, f) != NULL) {
        char *s = line, *cmd, *arg, *end;
        int ok, is_check;
        SDL_Event ev;
        lineno++;
        end = s + strlen(s);
        while (end > s && isspace((unsigned char)end[-1])) {
            *--end = '\0';
        }
        while (isspace((unsigned char)*s)) {
            s++;
        }
        if (*s == '\0' || *s == '#') {
            continue;
        }
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_QUIT) {
                fclose(f);
                printf("script: stopped (window closed)\n");
                return 1;
            }
        }
        cmd = s;
        arg = s;
        while (*arg && !isspace((unsigned char)*arg)) {
            arg++;
        }
        if (*arg) {
            *arg++ = '\0';
            while (isspace((unsigned char)*arg)) {
                arg++;
            }
        }
        commands++;
        err[0] = '\0';
        ok = run_command(a, cmd, arg, err, sizeof err, &is_check);
        if (ok && !a->script_hold) {
            app_run_computers(a, 4000);
        }
        checks += is_check && ok;
        if (!ok) {
            failures++;
            printf("script:%d: FAIL %s %s\n  %s\n", lineno, cmd, arg, err);
        } else {
            printf("script:%d: ok   %s %s\n", lineno, cmd, arg);
        }
        draw_frame(a);
        SDL_RenderPresent(a->ren);
        if (delay_ms > 0) {
            SDL_Delay((Uint32)delay_ms);
        }
    }
    fclose(f);
    printf("script: %d commands, %d checks passed, %d failed\n", commands, checks, failures);
    return failures == 0 ? 0 : 1;
}
