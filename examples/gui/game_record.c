/*
 * game_record.c - game records (docs/records.md) for the GUI: saving the
 * game played so far and loading a record by replaying it move by move
 * through the same functions as a click (see game.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_internal.h"

/* ---------------------------------------------------------------- game records */

/* The library's message for the last failed call, after `what`. */
static int record_fail(char *err, size_t cap, const char *what) {
    if (cap > 0) {
        snprintf(err, cap, "%s%s", what, game_last_error());
    }
    return 0;
}

int game_save_record(const Game *g, const char *path, char *err, size_t cap) {
    kc_record *rec = NULL;
    char action[48], what[96];
    char *text = NULL;
    size_t len = 0;
    int i, ok = 0;
    FILE *f;
    kc_status status = g->kind == GAME_KAISSA ? kc_record_new_kaissa(g->k_start, &rec)
                                              : kc_record_new_chaturaji(g->c_start, &rec);
    if (status != KC_OK) {
        return record_fail(err, cap, "");
    }
    /* Every move played so far; the record's result follows its final position
     * (the rules' result when the game is over, `*` otherwise). */
    for (i = 0; i < g->hist_len; i++) {
        game_history_text(g, i, action, sizeof action);
        if (kc_record_play(rec, action) != KC_OK) {
            snprintf(what, sizeof what, "move %d (%s): ", i + 1, action);
            record_fail(err, cap, what);
            goto out;
        }
    }
    status = kc_record_write(rec, NULL, 0, &len);
    if (status != KC_ERR_BUFFER_TOO_SMALL && status != KC_OK) {
        record_fail(err, cap, "");
        goto out;
    }
    text = malloc(len + 1);
    if (text == NULL) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    if (kc_record_write(rec, text, len + 1, &len) != KC_OK) {
        record_fail(err, cap, "");
        goto out;
    }
    f = fopen(path, "wb");
    if (f == NULL) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    if (fwrite(text, 1, len, f) != len) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        fclose(f);
        goto out;
    }
    if (fclose(f) != 0) {
        snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
        goto out;
    }
    ok = 1;
out:
    free(text);
    kc_record_free(rec);
    return ok;
}

/* The whole file as a NUL-terminated string (NULL and err if it cannot be read). */
static char *read_file(const char *path, char *err, size_t cap) {
    enum { MAX_RECORD_FILE = 16 * 1024 * 1024 };
    FILE *f = fopen(path, "rb");
    char *text;
    size_t len = 0, n;
    if (f == NULL) {
        snprintf(err, cap, "cannot read %s: %s", path, strerror(errno));
        return NULL;
    }
    text = malloc(MAX_RECORD_FILE + 1);
    if (text == NULL) {
        snprintf(err, cap, "out of memory");
        fclose(f);
        return NULL;
    }
    while ((n = fread(text + len, 1, MAX_RECORD_FILE - len, f)) > 0) {
        len += n;
        if (len == MAX_RECORD_FILE) {
            break;
        }
    }
    if (ferror(f) || (len == MAX_RECORD_FILE && fgetc(f) != EOF)) {
        snprintf(err, cap, ferror(f) ? "cannot read %s" : "%s is too large for a record file",
                 path);
        fclose(f);
        free(text);
        return NULL;
    }
    fclose(f);
    if (memchr(text, '\0', len) != NULL) {
        snprintf(err, cap, "%s is not a text file", path);
        free(text);
        return NULL;
    }
    text[len] = '\0';
    return text;
}

/* Reads `<colour><square>` (`rh4`) at *p, advancing it; 0 if malformed. */
static int parse_colour_square(const Game *g, const char **p, int *colour, int *square) {
    static const char letters[] = "rbyg";
    const char *c = **p ? strchr(letters, **p) : NULL;
    char name[4] = "";
    int n = 0;
    if (c == NULL) {
        return 0;
    }
    (*p)++;
    while (n < 3 && (*p)[n] != '\0' && (*p)[n] != ',') {
        name[n] = (*p)[n];
        n++;
    }
    name[n] = '\0';
    *p += n;
    *colour = (int)(c - letters);
    *square = game_square_from_name(g, name);
    return *square >= 0;
}

/* Plays one action of a record (`e2e5`, `H@c1`; `5:g7g8K`, `4:pass`, a Ludii
 * decision `=K` or `pass`, `exchange:rh4,be8`) through the same path as a
 * click: the move must be in the library's legal list. */
static int replay_action(Game *g, const char *action, char *err, size_t cap) {
    if (g->kind == GAME_KAISSA) {
        kc_kaissa_move mv;
        if (kc_kaissa_move_from_text(action, &mv) != KC_OK) {
            return record_fail(err, cap, "");
        }
        if (mv.kind == KC_KAISSA_MOVE_PLACE) {
            if (game_place_stone(g, mv.to) != PLAY_OK) {
                snprintf(err, cap, "not a legal placement here");
                return 0;
            }
        } else if (game_play(g, mv.from, mv.to, -1) != PLAY_OK) {
            snprintf(err, cap, "not a legal move here");
            return 0;
        }
        return 1;
    } else {
        kc_chaturaji_move mv;
        GamePlayResult r;
        if (strncmp(action, "exchange:", 9) == 0) {
            const char *p = action + 9;
            int ca, sa, cb, sb;
            if (!parse_colour_square(g, &p, &ca, &sa) || *p++ != ',' ||
                !parse_colour_square(g, &p, &cb, &sb) || *p != '\0') {
                snprintf(err, cap, "expected exchange:<colour><square>,<colour><square>");
                return 0;
            }
            if (game_exchange(g, ca, sa, cb, sb) != PLAY_OK) {
                return record_fail(err, cap, "");
            }
            return 1;
        }
        if (game_pending_decision(g) >= 0) {
            /* A Ludii promotion decision, made without a roll. */
            if (kc_chaturaji_move_from_text(action, &mv) != KC_OK) {
                return record_fail(err, cap, "");
            }
            if (game_play_decision(g, mv.kind == KC_CHATURAJI_MOVE_DECISION ? (int)mv.promotion
                                                                            : -1) != PLAY_OK) {
                snprintf(err, cap, "not a legal promotion decision here");
                return 0;
            }
            return 1;
        }
        if (action[0] < '2' || action[0] > '5' || action[1] != ':') {
            snprintf(err, cap, "expected ROLL:MOVE");
            return 0;
        }
        if (kc_chaturaji_move_from_text(action + 2, &mv) != KC_OK) {
            return record_fail(err, cap, "");
        }
        g->roll = 0;
        if (!game_set_roll(g, action[0] - '0')) {
            snprintf(err, cap, "no roll is possible here");
            return 0;
        }
        if (mv.kind == KC_CHATURAJI_MOVE_PASS) {
            r = game_play_pass(g);
        } else {
            r = game_play(g, mv.from, mv.to,
                          mv.kind == KC_CHATURAJI_MOVE_PROMOTION ? (int)mv.promotion : -1);
        }
        if (r != PLAY_OK) {
            snprintf(err, cap, "not a legal move for this roll here");
            return 0;
        }
        return 1;
    }
}

Game *game_load_record(const char *path, uint64_t seed, char *err, size_t cap) {
    kc_record *rec = NULL;
    kc_record_error_info where;
    char *text = read_file(path, err, cap);
    char buf[GAME_TEXT_CAP], action[KC_RECORD_ACTION_TEXT_CAP + 8], what[96];
    size_t len = 0, count = 0, i;
    uint8_t kind = 0;
    Game *g = NULL;
    if (text == NULL) {
        return NULL;
    }
    memset(&where, 0, sizeof where);
    /* A bad record: the library's message ("line:column: reason"). */
    if (kc_record_read(text, 0, &rec, &where) != KC_OK) {
        record_fail(err, cap, "");
        free(text);
        return NULL;
    }
    free(text);
    if (kc_record_game(rec, &kind) != KC_OK ||
        kc_record_position_text(rec, 0, buf, sizeof buf, &len) != KC_OK ||
        kc_record_action_count(rec, &count) != KC_OK) {
        record_fail(err, cap, "");
        goto fail;
    }
    if (kind == KC_GAME_KAISSA) {
        g = game_alloc(GAME_KAISSA, seed);
        if (kc_kaissa_position_from_text(buf, &g->k) != KC_OK) {
            record_fail(err, cap, "start position: ");
            goto fail;
        }
    } else {
        kc_chaturaji_rules rules;
        char tag[32];
        must(kc_chaturaji_rules_default(&rules), "kc_chaturaji_rules_default");
        if (kc_record_tag(rec, "Rules", tag, sizeof tag, &len) == KC_OK) {
            if (strcmp(tag, "opposite") == 0) {
                rules.alliances = KC_CHATURAJI_ALLIANCES_OPPOSITE;
            } else if (strcmp(tag, "ludii") == 0) {
                rules = rules_of(RULES_LUDII);
            } else if (strcmp(tag, "sheet") != 0) {
                snprintf(err, cap, "this GUI does not play the rules \"%s\"", tag);
                goto fail;
            }
        }
        if (kc_record_tag(rec, "DrawLimit", tag, sizeof tag, &len) == KC_OK) {
            rules.draw_limit = strcmp(tag, "none") == 0 ? 0 : (uint16_t)strtoul(tag, NULL, 10);
        }
        g = game_alloc(GAME_CHATURAJI, seed);
        if (kc_chaturaji_position_from_text(buf, &rules, &g->c) != KC_OK) {
            record_fail(err, cap, "start position: ");
            goto fail;
        }
    }
    keep_start(g);
    refresh_moves(g);
    for (i = 0; i < count; i++) {
        char why[400];
        if (kc_record_action_text(rec, i, action, sizeof action, &len) != KC_OK) {
            record_fail(err, cap, "");
            goto fail;
        }
        if (!replay_action(g, action, why, sizeof why)) {
            snprintf(what, sizeof what, "action %u (%s): ", (unsigned)(i + 1), action);
            snprintf(err, cap, "%s%s", what, why);
            goto fail;
        }
    }
    kc_record_free(rec);
    return g;
fail:
    game_free(g);
    kc_record_free(rec);
    return NULL;
}
