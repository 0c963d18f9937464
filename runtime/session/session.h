/*
** session.h — the game session every front end shares: a game with its setup (variant,
** rules, level, who plays which side), move input one landing point at a time, undo,
** hint, resign, PDN files, and the engine thinking on its own thread.
**
** Front-end plugins reach these functions through the 'dr_host' table that
** 'session_host' returns (see draughts/frontend.h for the contract of each one); the
** built-in line mode and the tests call them the same way.
*/
#ifndef DRAUGHTS_SESSION_H
#define DRAUGHTS_SESSION_H

#include <draughts/frontend.h>

#include "plugin.h"
#include "util.h"

typedef struct dr_session session;

#define SESSION_DEFAULT_LEVEL 3
#define SESSION_CLOCK_MAX (10 * 3600) /* seconds a side on a clock */
#define SESSION_INCREMENT_MAX 600

/* A session over the variants of 'reg' (which must outlive it), with no game yet. */
DRI_FUNC session *session_new(registry *reg);
DRI_FUNC void session_free(session *s);

/* The host table front ends receive. */
DRI_FUNC const dr_host *session_host(void);

/* Records what the command line asked for (checked, not started): the defaults a
** start menu offers.  A NULL variant leaves the choice to the menu. */
DRI_FUNC int session_prepare(session *s, const dr_setup *setup);

DRI_FUNC const char *session_error(session *s);
DRI_FUNC int session_variant_count(session *s);
DRI_FUNC int session_variant_info(session *s, int index, dr_variant_info *out);
DRI_FUNC int session_levels(session *s);

DRI_FUNC int session_new_game(session *s, const dr_setup *setup);
DRI_FUNC void session_setup(session *s, dr_setup *out);
DRI_FUNC int session_has_game(session *s);
DRI_FUNC const dr_geometry *session_geometry(session *s);
DRI_FUNC const char *session_help(session *s);
DRI_FUNC void session_position(session *s, dr_position *out);
DRI_FUNC void session_status(session *s, dr_status *out);
DRI_FUNC int session_legal_moves(session *s, const dr_move **out);
DRI_FUNC int session_move_at(session *s, int ply, dr_move *m, char *text, size_t len);
DRI_FUNC void session_move_text(session *s, const dr_move *m, char *text, size_t len);
DRI_FUNC int session_point_find(session *s, const char *name);

DRI_FUNC int session_input_point(session *s, int point);
DRI_FUNC void session_input(session *s, dr_input *out);
DRI_FUNC void session_input_clear(session *s);
DRI_FUNC int session_play(session *s, const dr_move *m);
DRI_FUNC int session_play_text(session *s, const char *text);

DRI_FUNC int session_undo(session *s);
DRI_FUNC int session_resign(session *s);
DRI_FUNC int session_hint(session *s);
DRI_FUNC int session_save_pdn(session *s, const char *path);
DRI_FUNC int session_load_pdn(session *s, const char *path);

DRI_FUNC int session_position_at(session *s, int ply, dr_position *out);
DRI_FUNC int session_redo(session *s);
DRI_FUNC int session_offer_draw(session *s);
DRI_FUNC int session_answer_draw(session *s, int accept);
DRI_FUNC int session_pause(session *s, int on);

/* A front-end setting the command line gave (theme, sound, numbers), for 'preference'. */
DRI_FUNC void session_prefer(session *s, const char *name, const char *value);
DRI_FUNC const char *session_preference(session *s, const char *name);

DRI_FUNC int session_poll(session *s, dr_engine *out);
DRI_FUNC void session_engine_stop(session *s);

/* ---- Profiles and scores (session_scores.c; host version 2). */

/* Opens the score store ('path', or the default: see 'profile_path') and chooses the
** player: 'nickname', else the one chosen last, else $USER.  Until it is called no
** game is saved.  On failure play goes on without scores; 'session_scoring' tells
** the player why (and also when a bad file was moved aside). */
DRI_FUNC int session_profiles_open(session *s, const char *path, const char *nickname);
/* A script drives the session (before 'session_profiles_open'): the player it names is
** not remembered as the next run's default. */
DRI_FUNC void session_profiles_scripted(session *s, int scripted);

DRI_FUNC int session_profile_select(session *s, const char *nickname);
DRI_FUNC int session_profile_list(session *s, int index, char *name, size_t len);
DRI_FUNC void session_scoring(session *s, dr_scoring *out);
DRI_FUNC int session_streak(session *s, const char *variant, dr_streak *out);
DRI_FUNC int session_score_marks(session *s, const char *variant, dr_score_marks *out);
DRI_FUNC int session_score_record(session *s, const char *variant, int level, dr_score *out);
DRI_FUNC int session_score_history(session *s, const char *variant, int index, dr_score *out);
DRI_FUNC int session_score_pdn(session *s, int64_t id, char *text, size_t len);

/* ---- Records per rules and friends (session_scores.c; host version 3). */
DRI_FUNC int session_rules_streak(session *s, const char *variant, const char *rules, dr_streak *out);
DRI_FUNC int session_rules_record(session *s, const char *variant, const char *rules, int level, dr_score *out);
DRI_FUNC int session_friend_at(session *s, int index, char *nick, size_t len);
DRI_FUNC int session_friend_record(session *s, const char *nick, const char *variant, const char *rules, int level,
                                   dr_score *out);
DRI_FUNC int session_friend_streak(session *s, const char *nick, const char *variant, const char *rules,
                                   dr_streak *out);

/* ---- Friends on a server, from a front end (session_friends.c; host version 5). */
DRI_FUNC int session_friends_set_server(session *s, const char *address);
DRI_FUNC int session_friends_invite(session *s);
DRI_FUNC int session_friends_accept(session *s, const char *code);
DRI_FUNC void session_friends(session *s, dr_friends *out);

#endif
