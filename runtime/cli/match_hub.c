/*
** match_hub.c — the other side of 'draughts match --b hub:COMMAND': another engine
** run as a child process and spoken to in the Hub protocol (hub_text.h), so users
** can measure the engine against Scan, Kingsrow or their own program.
**
** Each move sends the current position alone ('pos pos=BOARD'), the time for the
** move (or the depth: match --depth) and 'go move', and waits for 'done move=...' (a legal move in Hub's form or
** ours).  An engine that answers with an illegal move, an error or nothing at all
** within twenty times its time and thirty seconds loses that game, and is started
** afresh for the next: a late answer would otherwise be read as the next move's.
*/
#include "match_hub.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hub_text.h"
#include "notation.h"

#define HUB_START_SECONDS 30.0 /* for the engine to load (books, databases) */

/* One line from the engine, without its newline: 0, or -1 at its end or past 'deadline'. */
static int read_reply(hub_engine *h, char *line, size_t cap, double deadline) {
  for (;;) {
    char *nl = memchr(h->buf, '\n', h->used);
    if (nl) {
      size_t n = (size_t)(nl - h->buf), keep = n < cap - 1 ? n : cap - 1;
      memcpy(line, h->buf, keep);
      line[keep] = '\0';
      if (keep && line[keep - 1] == '\r') line[keep - 1] = '\0';
      memmove(h->buf, nl + 1, h->used - n - 1);
      h->used -= n + 1;
      return 0;
    }
    if (h->used == sizeof h->buf) h->used = 0; /* a line longer than any reply: dropped */
    double left = deadline - now_seconds();
    struct pollfd p = {h->from, POLLIN, 0};
    if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) <= 0) return -1;
    ssize_t got = read(h->from, h->buf + h->used, sizeof h->buf - h->used);
    if (got <= 0 && errno != EINTR) return -1;
    if (got > 0) h->used += (size_t)got;
  }
}

static int send_line(hub_engine *h, const char *text) {
  size_t n = strlen(text);
  return write(h->to, text, n) == (ssize_t)n && write(h->to, "\n", 1) == 1 ? 0 : -1;
}

/* Reads until a line starting with 'command'; its parsed form in 'l' (over 'line').
** An 'error' line first fails with the engine's message. */
static int await(hub_engine *h, const char *command, char *line, size_t cap, hub_line *l, double deadline,
                 char *why, size_t len) {
  for (;;) {
    if (read_reply(h, line, cap, deadline)) {
      snprintf(why, len, "%s did not answer '%s' in time", h->name, command);
      return -1;
    }
    if (hub_parse_line(line, l)) continue;
    if (strcmp(l->command, "error") == 0) {
      const char *m = hub_arg_of(l, "message");
      snprintf(why, len, "%s: %s", h->name, m ? m : "error");
      return -1;
    }
    if (strcmp(l->command, command) == 0) return 0;
  }
}

static int spawn(hub_engine *h, const char *command, err *e) {
  int in[2], out[2];
  if (pipe(in)) return err_set(e, "hub engine '%s': %s", command, strerror(errno));
  if (pipe(out)) {
    close(in[0]), close(in[1]);
    return err_set(e, "hub engine '%s': %s", command, strerror(errno));
  }
  h->pid = fork();
  if (h->pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
  }
  close(in[0]), close(out[1]);
  h->to = in[1], h->from = out[0];
  if (h->pid < 0) {
    close(h->to), close(h->from);
    return err_set(e, "hub engine '%s': %s", command, strerror(errno));
  }
  fcntl(h->to, F_SETFD, FD_CLOEXEC);
  fcntl(h->from, F_SETFD, FD_CLOEXEC);
  return 0;
}

int hub_engine_start(hub_engine *h, const char *command, err *e) {
  char line[HUB_LINE / 16], why[ERR_LEN];
  hub_line l;
  int depth = h->depth, forfeits = h->forfeits; /* a restart keeps the match's settings and counts */
  memset(h, 0, sizeof *h);
  h->depth = depth, h->forfeits = forfeits;
  h->pid = -1;
  snprintf(h->name, sizeof h->name, "%s", command);
  snprintf(h->command, sizeof h->command, "%s", command);
  signal(SIGPIPE, SIG_IGN); /* an engine that exits is a failed write, not our end */
  if (spawn(h, command, e)) return -1;
  double deadline = now_seconds() + HUB_START_SECONDS;
  if (send_line(h, "hub") || await(h, "wait", line, sizeof line, &l, deadline, why, sizeof why) ||
      send_line(h, "init") || await(h, "ready", line, sizeof line, &l, deadline, why, sizeof why)) {
    hub_engine_stop(h);
    return err_set(e, "hub engine '%s' did not start: %s", command, why);
  }
  return 0;
}

/* 'quit', then a second to go before it is killed. */
void hub_engine_stop(hub_engine *h) {
  if (h->pid <= 0) return;
  send_line(h, "quit");
  close(h->to), close(h->from);
  int status;
  for (int i = 0; i < 100 && waitpid(h->pid, &status, WNOHANG) == 0; i++) usleep(20000);
  if (waitpid(h->pid, &status, WNOHANG) == 0) {
    kill(h->pid, SIGKILL);
    waitpid(h->pid, &status, 0);
  }
  h->pid = -1;
}

/* One move asked of a running engine. */
static int ask(hub_engine *h, const game *g, double seconds, dr_move *out, char *why, size_t len) {
  const dr_geometry *geo = g->rs->v->geometry;
  char board[DR_MAX_POINTS + 2], line[HUB_LINE / 16], cmd[256];
  hub_line l;
  err e;
  hub_board_write(geo, game_position(g), board, sizeof board);
  snprintf(cmd, sizeof cmd, "pos pos=%s", board);
  if (send_line(h, cmd)) return snprintf(why, len, "%s has gone", h->name), -1;
  if (h->depth > 0) snprintf(cmd, sizeof cmd, "level depth=%d", h->depth);
  else snprintf(cmd, sizeof cmd, "level move-time=%.3f", seconds);
  if (send_line(h, cmd) || send_line(h, "go move")) return snprintf(why, len, "%s has gone", h->name), -1;
  double wait = h->depth > 0 ? 600 : seconds * 20 + 30; /* engines on CPU time run long on a busy machine */
  if (await(h, "done", line, sizeof line, &l, now_seconds() + wait, why, len)) return -1;
  const char *text = hub_arg_of(&l, "move");
  const dr_move *m = text ? hub_move_parse(geo, &g->legal, text) : NULL;
  if (!m && text) m = move_parse(geo, &g->legal, text, &e);
  if (!m) return snprintf(why, len, "%s played '%s', not a legal move", h->name, text ? text : ""), -1;
  *out = *m;
  return 0;
}

/* After a failure the engine is stopped; the next move starts it afresh. */
static int start_again(hub_engine *h, err *e) {
  char command[sizeof h->command]; /* hub_engine_start clears h, its own command with it */
  snprintf(command, sizeof command, "%s", h->command);
  return hub_engine_start(h, command, e);
}

int hub_engine_choose(void *ud, const game *g, double seconds, dr_move *out, char *why, size_t len) {
  hub_engine *h = ud;
  err e;
  if (h->pid <= 0 && start_again(h, &e)) {
    snprintf(why, len, "%s", e.msg);
  } else {
    if (ask(h, g, seconds, out, why, len) == 0) return 0;
    hub_engine_stop(h);
  }
  h->forfeits++;
  return -1;
}
