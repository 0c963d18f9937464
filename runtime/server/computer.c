/*
** computer.c — the computer as a player at a table: its seat (named "computer", kept
** in the store as a token hash no token can have, which also carries its level, so a
** restarted server knows it again), asking the engine pool for its move when it is to
** move, playing what the pool found, answering offers (it declines draws, accepts
** rematches), and the level that follows a winning streak across rematches.
*/
#include "server_internal.h"

#include <stdio.h>
#include <string.h>

#include "guard.h"
#include "position.h"
#include "search.h"

/* The seat's stored "hash": a prefix no SHA-256 of a token is expected to start with. */
static const uint8_t marker[12] = {0xc0, 0x3d, 'c', 'o', 'm', 'p', 'u', 't', 'e', 'r', 0x00, 0xff};

static void encode(table *t, int side) {
  uint8_t *h = t->row.token[side];
  memset(h, 0, GAMEDB_HASH);
  memcpy(h, marker, sizeof marker);
  h[12] = (uint8_t)t->computer[side];
  h[13] = t->streak >= 0;
  h[14] = (uint8_t)(t->streak > 0 ? t->streak & 0xff : 0);
  h[15] = (uint8_t)(t->streak > 0 ? t->streak >> 8 & 0xff : 0);
}

void computer_restore(table *t) {
  t->streak = -1;
  for (int side = 0; side < 2; side++) {
    const uint8_t *h = t->row.token[side];
    if (!t->row.seated[side] || memcmp(h, marker, sizeof marker) != 0) continue;
    t->computer[side] = h[12] >= 1 && h[12] <= SEARCH_LEVELS ? h[12] : 1;
    if (h[13]) t->streak = h[14] | h[15] << 8;
  }
}

int computer_level_of(const char *text, int *streak) {
  *streak = -1;
  if (strcmp(text, "streak") == 0) return *streak = 0, search_level_for_streak(0);
  return text[0] >= '1' && text[0] <= '0' + SEARCH_LEVELS && !text[1] ? text[0] - '0' : 0;
}

void computer_seat(table *t, int side, int level, int streak) {
  t->computer[side] = streak >= 0 ? search_level_for_streak(streak) : level;
  t->streak = streak;
  t->row.seated[side] = 1;
  snprintf(t->row.name[side], sizeof t->row.name[side], "computer");
  encode(t, side);
}

/* The streak a rematch carries: one more when the person won, else none. */
int computer_next_streak(const table *t) {
  if (t->streak < 0) return -1;
  int person = t->computer[DR_WHITE] ? DR_BLACK : DR_WHITE;
  int won = t->row.result == (person == DR_WHITE ? DR_WHITE_WINS : DR_BLACK_WINS);
  return won ? t->streak + 1 : 0;
}

json_t *computer_wire(const table *t, int side) {
  if (!t->computer[side]) return NULL;
  json_t *c = json_pack("{s:i}", "level", t->computer[side]);
  if (t->streak >= 0) json_object_set_new(c, "streak", json_integer(t->streak));
  return c;
}

static void tell_busy(table *t) {
  int threads, waiting;
  if (t->told_busy) return;
  t->told_busy = 1;
  pool_load(t->srv->pool, &threads, &waiting);
  char text[160];
  snprintf(text, sizeof text, "the server is busy: its %d engine thread%s are taken and %d moves wait; the computer moves in its turn",
           threads, threads == 1 ? "" : "s", waiting);
  table_broadcast(t, wire_error(-1, "busy", text), 1, 0);
}

/* Asks for the computer's move if it is to move: it waits its turn in the pool's queue,
** and the players hear when that queue is longer than it should be. */
void computer_turn(table *t) {
  if (t->row.status != GAMEDB_PLAYING || t->thinking || !t->computer[table_side_to_move(t)]) return;
  t->thinking = 1;
  if (pool_ask(t->srv->pool, t)) tell_busy(t);
  else t->told_busy = 0;
}

void computer_stop(table *t) {
  if (!t->thinking) return;
  t->thinking = 0; /* what the search still hands back is for no one */
  pool_cancel(t->srv->pool, t->row.id);
}

void table_computer_moved(table *t, int rc, const dr_move *best) {
  DR_ASSERT(t->thinking && t->computer[table_side_to_move(t)]);
  t->thinking = 0;
  if (t->row.status != GAMEDB_PLAYING) return;
  for (int i = 0; rc == 0 && i < t->g.legal.count; i++)
    if (move_same_path(&t->g.legal.moves[i], best)) return table_play(t, &t->g.legal.moves[i], wall_ms());
  char why[96];
  snprintf(why, sizeof why, "aborted: the computer could not move (%s)",
           rc == GUARD_REFUSED ? "the variant's moves were refused" : "the engine found no move");
  table_finish(t, DR_ONGOING, why, wall_ms());
}
