/*
** status.c — the words and numbers a status panel shows, the same in every front end:
** who plays which side, the one line that says whose turn it is or how the game ended,
** and the move list in numbered pairs.
*/
#include <stdio.h>
#include <string.h>

#include "fe_common.h"

static const char *const side_title[2] = {"White", "Black"};

/* As the variant's players call the side (the first player may be called Black). */
const char *fe_side_title(fe_state *f, int side) {
  dr_status st;
  dr_variant_info info;
  fe_status(f, &st);
  fe_variant(f, fe_variant_index(f, st.variant), &info);
  int named = DR_HAS_FIELD(dr_variant_info, &info, side_name) && info.side_name[side & 1];
  return named ? info.side_name[side & 1] : side_title[side & 1];
}

/* "Black wins", "a draw". */
const char *fe_result_title(fe_state *f, int result, char *out, size_t len) {
  if (result == DR_DRAW) snprintf(out, len, "a draw");
  else snprintf(out, len, "%s wins", fe_side_title(f, result == DR_WHITE_WINS ? DR_WHITE : DR_BLACK));
  return out;
}

const char *fe_who(const dr_status *st, int side) {
  if (st->player[side] == DR_PLAYER_COMPUTER) return "computer";
  if (st->player[side] == DR_PLAYER_REMOTE) return "online";
  if (st->player[side ^ 1] != DR_PLAYER_HUMAN) return "you";
  return side ? "player 2" : "player 1";
}

/* Online, the nickname ("ana (you)", "(free)"); otherwise the words of 'fe_who'. */
/* A guest's seat is marked, for anyone may give any name: a profile's nickname too. */
const char *fe_guest_mark(const dr_online *o, int side) { return o->guest[side] ? " (guest)" : ""; }

void fe_player_name(fe_state *f, const dr_status *st, int side, char *out, size_t len) {
  dr_online o;
  fe_online(f, &o);
  if (!fe_online_on(f)) snprintf(out, len, "%s", fe_who(st, side));
  else snprintf(out, len, "%s%s%s", *o.name[side] ? o.name[side] : "(free)", fe_guest_mark(&o, side),
                o.side == side ? " (you)" : "");
}

int fe_computer_plays(const dr_status *st) {
  return st->player[0] == DR_PLAYER_COMPUTER || st->player[1] == DR_PLAYER_COMPUTER;
}

/* "White to move: your move", "Game over: Black wins (no legal move)". */
void fe_status_line(fe_state *f, char *out, size_t len) {
  dr_status st;
  fe_status(f, &st);
  if (fe_online_status(f, out, len)) return;
  if (st.result != DR_ONGOING) {
    char what[48];
    snprintf(out, len, "Game over: %s (%s)", fe_result_title(f, st.result, what, sizeof what), st.reason);
  } else if (st.player[st.turn] == DR_PLAYER_COMPUTER) {
    snprintf(out, len, "%s to move: the computer thinks", fe_side_title(f, st.turn));
  } else {
    snprintf(out, len, "%s to move%s", fe_side_title(f, st.turn), fe_computer_plays(&st) ? ": your move" : "");
  }
}

/* A game Black starts has its first row begin with "...". */
int fe_move_rows(const dr_status *st) { return (st->plies + st->start_turn + 1) / 2; }

void fe_move_row(fe_state *f, const dr_status *st, int row, char *a, char *b, size_t len) {
  int ply = row * 2 - st->start_turn;
  snprintf(a, len, "%s", "...");
  *b = '\0';
  if (ply >= 0) f->h->move_at(f->s, ply, NULL, a, len);
  f->h->move_at(f->s, ply + 1, NULL, b, len);
}

/* "Moves each without a capture or a man move: 3 of 20", as the rules count it; 0 when
** no count runs. */
int fe_draw_count(const dr_status *st, char *out, size_t len) {
  if (!st->draw_count || !*st->draw_count || len < 2) return 0;
  if (st->draw_limit > 0) snprintf(out, len, "%s: %d of %d", st->draw_count, st->draw_counted, st->draw_limit);
  else snprintf(out, len, "%s: %d", st->draw_count, st->draw_counted);
  if (*out >= 'a' && *out <= 'z') *out = (char)(*out - 'a' + 'A');
  return 1;
}

/* "Level 3 of 6", and where the streak chose it, "Level 2 of 6, from your streak". */
void fe_level_text(fe_state *f, const dr_status *st, char *out, size_t len) {
  dr_scoring sc;
  fe_scoring(f, &sc);
  snprintf(out, len, "Level %d of %d%s", st->level, f->h->levels(f->s), sc.streak_level ? ", from your streak" : "");
}

void fe_clock_text(int ms, char *out, size_t len) {
  if (ms < 0) ms = 0;
  if (ms < 10000) snprintf(out, len, "0:%02d.%d", ms / 1000, ms / 100 % 10);
  else if (ms < 3600000) snprintf(out, len, "%d:%02d", ms / 60000, ms / 1000 % 60);
  else snprintf(out, len, "%d:%02d:%02d", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60);
}
