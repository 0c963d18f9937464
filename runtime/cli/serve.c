/*
** serve.c — 'draughts serve': the game server on an address and a store, until
** SIGINT or SIGTERM.  It says where it listens (the port too, when the system chose
** it: '--listen 127.0.0.1:0'), so scripts and tests can find it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "server.h"

/* "ADDR:PORT", "[ADDR]:PORT" or ":PORT"; 'host' gets the address. */
static int parse_listen(const char *text, char *host, size_t len, int *port) {
  const char *colon = strrchr(text, ':');
  char *end;
  if (!colon) return cli_error("--listen takes ADDR:PORT, not '%s'", text), -1;
  long n = strtol(colon + 1, &end, 10);
  if (!colon[1] || *end || n < 0 || n > 65535) return cli_error("--listen: '%s' is not a port", colon + 1), -1;
  const char *start = text;
  size_t hl = (size_t)(colon - text);
  if (hl >= 2 && text[0] == '[' && colon[-1] == ']') start++, hl -= 2;
  if (hl == 0) start = "0.0.0.0", hl = strlen(start);
  if (hl >= len) return cli_error("--listen: the address is too long"), -1;
  snprintf(host, len, "%.*s", (int)hl, start);
  *port = (int)n;
  return 0;
}

static int parse_positive(const char *flag, const char *text, double max, double *out) {
  char *end;
  double v = strtod(text, &end);
  if (!*text || *end || !(v > 0 && v <= max)) return cli_error("%s takes a number above 0, up to %g, not '%s'", flag, max, text), -1;
  *out = v;
  return 0;
}

/* The web front end: --web DIR, else the copy beside the executable (the build tree)
** or the installed one; none found, and the server serves no page. */
static int web_dir(const cli_args *a, char *out, size_t len, const char **dir) {
  char exe[4096];
  err e;
  *dir = NULL;
  if (a->web) {
    if (web_check(a->web, &e)) return cli_error("%s", e.msg), -1;
    return *dir = a->web, 0;
  }
  exe_dir(exe, sizeof exe);
  const char *const tries[] = {"%s/web", "%s/../" DRAUGHTS_WEB_SUBDIR};
  for (size_t i = 0; i < sizeof tries / sizeof *tries; i++) {
    snprintf(out, len, tries[i], exe);
    if (web_check(out, &e) == 0) return *dir = out, 0;
  }
  return 0;
}

/* Seconds an invitation lasts: 0 (expired at once, for tests) up to a year. */
static int parse_ttl(const char *text, int *out) {
  char *end;
  long n = strtol(text, &end, 10);
  if (!*text || *end || n < 0 || n > 366L * 86400)
    return cli_error("--invite-ttl takes seconds from 0 to %ld, not '%s'", 366L * 86400, text), -1;
  *out = (int)n;
  return 0;
}

static int configure(const cli_args *a, server_config *c, char *host, size_t len) {
  double v;
  server_defaults(c);
  if (a->listen && parse_listen(a->listen, host, len, &c->port)) return -1;
  if (a->listen) c->host = host;
  c->store = a->store;
  c->cert = a->cert;
  c->key = a->key;
  if (a->seat_timeout) c->seat_timeout_ms = a->seat_timeout * 1000;
  if (a->max_connections) c->max_connections = a->max_connections;
  if (a->max_games) c->max_games = a->max_games;
  if (a->max_clients) c->max_clients = a->max_clients;
  if (a->output_budget) c->output_mb = a->output_budget;
  if (a->idle) c->idle_s = a->idle;
  c->origins = a->origin;
  if (a->rate && parse_positive("--rate", a->rate, 100000, &v)) return -1;
  if (a->rate) c->rate = v;
  if (a->lag && parse_positive("--lag", a->lag, 60000, &v)) return -1;
  if (a->lag) c->lag_ms = (int)v;
  if (a->threads) c->engine_threads = a->threads;
  if (a->queue) c->engine_queue = a->queue;
  if (a->seconds > 0) c->engine_seconds = a->seconds;
  return a->invite_ttl ? parse_ttl(a->invite_ttl, &c->invite_ttl_s) : 0;
}

int cmd_serve(registry *reg, const cli_args *a) {
  server_config cfg;
  char host[256];
  err e;
  if (a->nargs) return cli_error("serve takes no arguments, only options"), CLI_USAGE;
  char web[4096 + 64];
  if (configure(a, &cfg, host, sizeof host) || web_dir(a, web, sizeof web, &cfg.web)) return CLI_USAGE;
  if (reg->count == 0) return cli_error("no variant plugins found: a server needs at least one"), CLI_FAILED;
  server *srv = server_open(reg, &cfg, &e);
  if (!srv) return cli_error("%s", e.msg), CLI_FAILED;
  int v6 = strchr(cfg.host, ':') != NULL;
  printf("draughts: serving on %s://%s%s%s:%d (store %s", cfg.cert ? "wss" : "ws", v6 ? "[" : "", cfg.host, v6 ? "]" : "",
         server_port(srv), server_store(srv));
  if (server_restored(srv)) printf(", %d live game%s restored", server_restored(srv), server_restored(srv) == 1 ? "" : "s");
  if (cfg.web) printf(", web page from %s", cfg.web);
  printf(")\n");
  fflush(stdout);
  int rc = server_run(srv, &e);
  server_close(srv);
  if (rc) return cli_error("%s", e.msg), CLI_FAILED;
  printf("draughts: stopped\n");
  return CLI_OK;
}
