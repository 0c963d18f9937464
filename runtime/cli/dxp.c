/*
** dxp.c — 'draughts dxp VARIANT --listen PORT | --connect HOST:PORT': the engine plays
** matches over the DamExchange protocol, the TCP protocol of engine matches between
** Kingsrow, Scan and Moby Dam.  The side that connects is the initiator: it asks for
** each game (GAMEREQ, first as White, then alternating colours) and the listener, the
** follower, accepts it (GAMEACC).  Then the two exchange MOVEs; the side to move in a
** finished position (or at the move limit of the request) says so with a GAMEEND,
** which the other answers with its own.  BACKREQ takes moves back, CHAT is shown.
**
** DXP was made for the 10x10 board: a position is the side to move ('W' the first
** player, 'Z' the second) and w z W Z e per square, in square order; squares are
** the variant's PDN numbers where its PDN is written in numbers (FMJD's 1 to 50) and
** else their place in the order a page is read, which is the order of the position.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dxp.h"
#include "game.h"
#include "notation.h"
#include "pdn.h"
#include "position.h"
#include "search.h"

#define DXP_NAME_OURS "draughts"
#define DXP_DEFAULT_GAMES 2
#define DXP_MINUTES 5 /* the thinking time a game request asks for, per side */
#define DXP_MOVES 75  /* and the moves it covers */

typedef struct dxp_match {
  const cli_args *a;
  ruleset rs;
  dxp_conn c;
  int initiator;
  int games, played;
  int squares;                 /* points of the board */
  int bit_of[DR_MAX_POINTS + 1]; /* a DXP square number's point */
  int number_of[DR_MAX_POINTS];  /* a point's DXP square number */
  int order[DR_MAX_POINTS];      /* the points in DXP's order */
  char other[DXP_NAME + 1];      /* the other side's name */
  game g;
  int live;                    /* 'g' holds a game */
  int me;                      /* our side */
  int moves;                   /* the request's move limit; 0 none */
  double clock;                /* our seconds left */
  int sent_end;                /* we said GAMEEND in this game */
  int stop;                    /* no next game */
  int score[3];                /* our wins, draws, losses */
} dxp_match;

static char colour_of(int side) { return side == DR_WHITE ? 'W' : 'Z'; }
static int side_of(char colour) { return colour == 'W' ? DR_WHITE : DR_BLACK; }

/* Square numbers: the PDN numbers where PDN writes numbers, else the reading order. */
static void number_squares(dxp_match *m) {
  const dr_geometry *g = m->rs.v->geometry;
  int numeric = pdn_notation(m->rs.v) == NOTATION_NUMERIC;
  m->squares = points_reading_order(g, m->order);
  memset(m->bit_of, -1, sizeof m->bit_of);
  for (int i = 0; i < m->squares; i++) {
    int bit = m->order[i], number = numeric ? g->point[bit].number : i + 1;
    m->number_of[bit] = number;
    if (number >= 1 && number <= DR_MAX_POINTS) m->bit_of[number] = bit;
  }
}

static int send_msg(dxp_match *m, const dxp_msg *msg, err *e) {
  char text[DXP_MAX_MESSAGE];
  dxp_encode(msg, text);
  return dxp_send(&m->c, text, e);
}

static void say_chat(const dxp_msg *msg) {
  char text[200];
  snprintf(text, sizeof text, "%s", msg->text);
  err_one_line(text);
  printf("chat: %s\n", text);
  fflush(stdout);
}

/* ------------------------------------------------------------- positions */

static void board_string(const dxp_match *m, const dr_position *p, char *out) {
  for (int i = 0; i < m->squares; i++) {
    dr_bits b = (dr_bits)1 << m->order[i];
    int king = (p->kings & b) != 0;
    out[i] = p->side[DR_WHITE] & b ? (king ? 'W' : 'w') : p->side[DR_BLACK] & b ? (king ? 'Z' : 'z') : 'e';
  }
  out[m->squares] = '\0';
}

static int read_board(const dxp_match *m, const dxp_msg *msg, dr_position *p, err *e) {
  memset(p, 0, sizeof *p);
  p->turn = (uint8_t)side_of(msg->turn);
  for (int i = 0; i < m->squares; i++) {
    dr_bits b = (dr_bits)1 << m->order[i];
    char c = msg->board[i];
    if (c == 'w' || c == 'W') p->side[DR_WHITE] |= b;
    if (c == 'z' || c == 'Z') p->side[DR_BLACK] |= b;
    if (c == 'W' || c == 'Z') p->kings |= b;
  }
  return position_validate(&m->rs, p, e) ? err_prefix(e, "dxp: the game request's position") : 0;
}

/* ----------------------------------------------------------------- games */

static int start_game(dxp_match *m, const dr_position *start, int me, int minutes, int moves, err *e) {
  if (m->live) game_free(&m->g);
  m->live = 0;
  if (game_init(&m->g, &m->rs, start, e) || search_clear_hash(e)) return -1;
  m->live = 1, m->me = me, m->moves = moves, m->sent_end = 0;
  m->clock = minutes > 0 ? minutes * 60.0 : DXP_MINUTES * 60.0;
  return 0;
}

/* The limits of our next search: --depth, --level or --time, else the game's clock. */
static void our_limits(const dxp_match *m, search_limits *l) {
  const cli_args *a = m->a;
  memset(l, 0, sizeof *l);
  if (a->level > 0) search_level_limits(a->level, l);
  if (a->depth) l->depth = a->depth;
  if (a->seconds > 0) l->seconds = a->seconds;
  if (a->level <= 0 && !a->depth && a->seconds <= 0) {
    int played = (m->g.count + 1) / 2, to_go = m->moves > played ? m->moves - played : 0;
    l->seconds = search_clock_seconds(m->clock > 0.05 ? m->clock : 0.05, 0, to_go);
  }
  l->threads = a->threads;
  l->seed = (uint64_t)m->g.count * 0x9e3779b97f4a7c15ull;
}

static int our_move(dxp_match *m, err *e) {
  search_limits l;
  dr_move best;
  search_info info;
  our_limits(m, &l);
  double t0 = now_seconds();
  int rc = search_best(&m->g, &l, NULL, NULL, NULL, &best, &info);
  if (rc == GUARD_REFUSED) return err_set(e, "%s", guard_refusal(m->rs.v));
  if (rc) return err_set(e, "dxp: the engine found no move");
  double spent = now_seconds() - t0;
  m->clock -= spent;
  dxp_msg msg = {.type = 'M', .seconds = (int)lround(spent), .from = m->number_of[best.from],
                 .to = m->number_of[best.to]};
  for (dr_bits c = best.captured; c; c &= c - 1) msg.captured[msg.ncaptured++] = m->number_of[__builtin_ctzll(c)];
  return send_msg(m, &msg, e) || game_play(&m->g, &best, e) ? -1 : 0;
}

/* The legal move a MOVE message names: its ends and the set of pieces it takes. */
static const dr_move *named_move(const dxp_match *m, const dxp_msg *msg) {
  int bad = msg->from < 1 || msg->from > DR_MAX_POINTS || msg->to < 1 || msg->to > DR_MAX_POINTS;
  dr_bits taken = 0;
  for (int i = 0; !bad && i < msg->ncaptured; i++) {
    int n = msg->captured[i];
    bad = n < 1 || n > DR_MAX_POINTS || m->bit_of[n] < 0;
    if (!bad) taken |= (dr_bits)1 << m->bit_of[n];
  }
  if (bad || m->bit_of[msg->from] < 0 || m->bit_of[msg->to] < 0) return NULL;
  for (int i = 0; i < m->g.legal.count; i++) {
    const dr_move *mv = &m->g.legal.moves[i];
    if (mv->from == m->bit_of[msg->from] && mv->to == m->bit_of[msg->to] && mv->captured == taken) return mv;
  }
  return NULL;
}

/* An illegal move ends the match: said to the other side, then to the user. */
static int their_move(dxp_match *m, const dxp_msg *msg, err *e) {
  const dr_move *mv = game_position(&m->g)->turn == m->me ? NULL : named_move(m, msg);
  if (mv && m->g.result == DR_ONGOING) return game_play(&m->g, mv, e);
  err_set(e, "dxp: %s played an illegal move (from %d to %d, %d taken) at ply %d", m->other, msg->from, msg->to,
          msg->ncaptured, m->g.count + 1);
  dxp_msg chat = {.type = 'C'}, end = {.type = 'E', .code = '0', .stop = '1'};
  snprintf(chat.text, sizeof chat.text, "error: %s", e->msg);
  err ignored;
  send_msg(m, &chat, &ignored), send_msg(m, &end, &ignored);
  return -1;
}

/* GAMEEND's reason from our side: '1' we lose, '2' a draw, '3' we win, '0' unknown. */
static char our_reason(const dxp_match *m) {
  int r = m->g.result;
  if (r == DR_DRAW) return '2';
  if (r == DR_ONGOING) return '0';
  return (r == DR_WHITE_WINS) == (m->me == DR_WHITE) ? '3' : '1';
}

static int limit_reached(const dxp_match *m) { return m->moves > 0 && m->g.count >= 2 * m->moves; }

static int say_end(dxp_match *m, err *e) {
  int last = m->initiator && m->played + 1 >= m->games;
  dxp_msg end = {.type = 'E', .code = our_reason(m), .stop = last ? '1' : '0'};
  m->sent_end = 1;
  return send_msg(m, &end, e);
}

/* The game's end as a line: both names, the result, the reason. */
static void report_game(dxp_match *m, char reason) {
  const char *names[2];
  names[m->me] = DXP_NAME_OURS, names[m->me ^ 1] = *m->other ? m->other : "the other side";
  int ours = reason == '3' ? 0 : reason == '2' ? 1 : reason == '1' ? 2 : -1;
  int result = ours == 1 ? DR_DRAW : ours < 0 ? DR_ONGOING : (ours == 0) == (m->me == DR_WHITE) ? DR_WHITE_WINS
                                                                                                : DR_BLACK_WINS;
  if (ours >= 0) m->score[ours]++;
  printf("game %d: %s - %s %s (%s, %d plies)\n", m->played + 1, names[DR_WHITE], names[DR_BLACK],
         pdn_result_text(m->rs.v, result), m->g.result != DR_ONGOING ? m->g.why
         : limit_reached(m) ? "the move limit"
                            : "ended by the other side",
         m->g.count);
  fflush(stdout);
  m->played++;
}

/* BACKREQ: back to the move with 'colour' to move, if the game has been there. */
static int take_back(dxp_match *m, const dxp_msg *msg, err *e) {
  int first = m->g.ply[0].pos.turn;
  int ply = (msg->move_number - 1) * 2 + (side_of(msg->colour) != DR_WHITE) - (first != DR_WHITE);
  dxp_msg answer = {.type = 'K', .code = ply >= 0 && ply <= m->g.count ? '0' : '2'};
  if (answer.code == '0')
    while (m->g.count > ply) game_undo(&m->g);
  m->sent_end = 0;
  return send_msg(m, &answer, e);
}

/* One game, from its start to both GAMEENDs (or the connection's end). */
static int play_game(dxp_match *m, err *e) {
  char text[DXP_MAX_MESSAGE];
  dxp_msg msg;
  for (;;) {
    if (game_position(&m->g)->turn == m->me && !m->sent_end) {
      int over = m->g.result != DR_ONGOING || limit_reached(m);
      if (over ? say_end(m, e) : our_move(m, e)) return -1;
      continue;
    }
    int got = dxp_recv(&m->c, text, e);
    if (got <= 0) return got < 0 ? -1 : err_set(e, "dxp: %s closed the connection during game %d", m->other, m->played + 1);
    if (dxp_decode(text, m->squares, &msg, e)) return -1;
    if (msg.type == 'C') say_chat(&msg);
    else if (msg.type == 'M' && their_move(m, &msg, e)) return -1;
    else if (msg.type == 'B' && take_back(m, &msg, e)) return -1;
    else if (msg.type == 'E') {
      m->stop |= msg.stop == '1';
      char reason = m->sent_end ? our_reason(m) : msg.code == '1' ? '3' : msg.code == '3' ? '1' : msg.code;
      if (!m->sent_end && say_end(m, e) && !m->stop) return -1; /* the answer; a peer that stops may be gone */
      report_game(m, reason);
      return 0;
    } else if (msg.type == 'R' || msg.type == 'A') {
      return err_set(e, "dxp: a game request in the middle of game %d", m->played + 1);
    }
  }
}

/* ------------------------------------------------------------ the roles */

/* The next message other than a CHAT; 0 when the connection closed. */
static int next_message(dxp_match *m, dxp_msg *msg, err *e) {
  char text[DXP_MAX_MESSAGE];
  for (;;) {
    int got = dxp_recv(&m->c, text, e);
    if (got <= 0 || dxp_decode(text, m->squares, msg, e)) return got <= 0 ? got : -1;
    if (msg->type != 'C') return 1;
    say_chat(msg);
  }
}

static int initiate(dxp_match *m, const dr_position *start, err *e) {
  dr_position initial;
  m->rs.initial(&m->rs.rules, &initial);
  int from_start = memcmp(&initial, start, sizeof initial) == 0;
  for (; m->played < m->games && !m->stop;) {
    int me = m->played % 2 == 0 ? DR_WHITE : DR_BLACK;
    dxp_msg req = {.type = 'R', .version = 1, .colour = colour_of(me ^ 1), .minutes = DXP_MINUTES,
                   .moves = DXP_MOVES, .start = from_start ? 'A' : 'B', .turn = colour_of(start->turn)};
    snprintf(req.name, sizeof req.name, "%s", DXP_NAME_OURS);
    board_string(m, start, req.board);
    dxp_msg acc;
    if (send_msg(m, &req, e)) return -1;
    int got = next_message(m, &acc, e);
    if (got <= 0) return got < 0 ? -1 : err_set(e, "dxp: the other side closed the connection");
    if (acc.type != 'A') return err_set(e, "dxp: a '%c' message where the answer to the game request was due", acc.type);
    if (acc.code != '0') return err_set(e, "dxp: %s refused the game (code %c)", acc.name, acc.code);
    snprintf(m->other, sizeof m->other, "%s", acc.name);
    if (start_game(m, start, me, DXP_MINUTES, DXP_MOVES, e) || play_game(m, e)) return -1;
  }
  return 0;
}

static int accept_request(dxp_match *m, const dxp_msg *req, err *e) {
  dxp_msg acc = {.type = 'A', .code = req->version > 1 ? '1' : '0'};
  dr_position start;
  snprintf(acc.name, sizeof acc.name, "%s", DXP_NAME_OURS);
  snprintf(m->other, sizeof m->other, "%s", req->name);
  if (acc.code == '0' && req->start == 'B' && read_board(m, req, &start, e)) acc.code = '1';
  if (acc.code == '0' && req->start == 'A' && fen_read(&m->rs, "start", &start, e)) return -1;
  if (send_msg(m, &acc, e)) return -1;
  if (acc.code != '0') return 0; /* refused: the initiator may ask again */
  return start_game(m, &start, side_of(req->colour), req->minutes, req->moves, e) || play_game(m, e);
}

static int follow(dxp_match *m, err *e) {
  dxp_msg msg;
  while (m->played < m->games && !m->stop) {
    int got = next_message(m, &msg, e);
    if (got <= 0) return got; /* the initiator has gone: the match is over */
    if (msg.type == 'R' && accept_request(m, &msg, e)) return -1;
    if (msg.type == 'E') m->stop |= msg.stop == '1';
    if (msg.type == 'M') return err_set(e, "dxp: a move outside a game");
  }
  return 0;
}

/* ------------------------------------------------------------- command */

static int parse_port(const char *text, int *port) {
  char *end;
  long n = strtol(text, &end, 10);
  if (!*text || *end || n < 1 || n > 65535) return cli_error("--listen takes a port from 1 to 65535, not '%s'", text), -1;
  *port = (int)n;
  return 0;
}

static int run_match(dxp_match *m, const dr_position *start, err *e) {
  int port = 0;
  if (!m->a->listen == !m->a->connect) return err_set(e, "dxp needs --listen PORT or --connect HOST:PORT (one of them)");
  if (m->a->listen && parse_port(m->a->listen, &port)) return 1;
  if (search_prepare(&m->rs, e)) return -1;
  if (m->a->listen) {
    int listener = dxp_listen(port, e);
    if (listener < 0) return -1;
    printf("dxp: listening on port %d\n", port); /* the other side may call now */
    fflush(stdout);
    if (dxp_accept(listener, &m->c, e)) return -1;
  } else if (dxp_connect(m->a->connect, &m->c, e)) {
    return -1;
  }
  printf("dxp: connected, %s, as the %s\n", m->rs.v->name, m->initiator ? "initiator" : "follower");
  fflush(stdout);
  int rc = m->initiator ? initiate(m, start, e) : follow(m, e);
  printf("dxp: %d game%s: +%d =%d -%d\n", m->played, m->played == 1 ? "" : "s", m->score[0], m->score[1],
         m->score[2]);
  dxp_close(&m->c);
  return rc;
}

int cmd_dxp(registry *reg, const cli_args *a) {
  err e = {""};
  dr_position start;
  if (a->nargs < 1) {
    cli_error("dxp needs a variant: draughts dxp VARIANT --listen PORT | --connect HOST:PORT");
    return CLI_USAGE;
  }
  dxp_match *m = xmalloc(sizeof *m);
  memset(m, 0, sizeof *m);
  m->a = a, m->initiator = a->connect != NULL, m->c.fd = -1;
  m->games = a->games ? a->games : m->initiator ? DXP_DEFAULT_GAMES : 1 << 30;
  if (!cli_variant(reg, a, a->args[0], &m->rs)) {
    free(m);
    return CLI_FAILED;
  }
  number_squares(m);
  int rc = cli_position(a, &m->rs, &start) ? 1 : run_match(m, &start, &e);
  if (rc < 0) cli_error("%s", e.msg);
  if (m->live) game_free(&m->g);
  rc = cli_finish(&m->rs, rc ? CLI_FAILED : CLI_OK);
  free(m);
  return rc;
}
