/*
** web.c — the web front end (frontends/web, or 'serve --web DIR') served by
** libwebsockets' own file mounts, so no HTTP is written by hand: '/' is the page with
** its modules and style sheet, '/g/CODE' the same page (it reads the code from its
** address), '/games/ID.pdn' a game's PDN (net.c's callback).  Every answer carries
** one Content-Security-Policy: scripts, styles and connections from this origin only,
** no inline script, no other origin, no framing.  No file is served from outside the
** web root, whatever links inside it say.
*/
#include "server_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ws: and wss: to this host are 'self' for connect-src (CSP level 3). */
#define WEB_CSP                                                                                     \
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " \
  "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

static const struct lws_protocol_vhost_options web_headers[] = {
    {&web_headers[1], NULL, "content-security-policy:", WEB_CSP},
    {&web_headers[2], NULL, "x-content-type-options:", "nosniff"},
    {&web_headers[3], NULL, "referrer-policy:", "no-referrer"},
    {NULL, NULL, "x-frame-options:", "deny"},
};

/* JavaScript modules must come as JavaScript; lws's own list knows the rest. */
static const struct lws_protocol_vhost_options web_mime[] = {
    {&web_mime[1], NULL, ".js", "text/javascript; charset=utf-8"},
    {&web_mime[2], NULL, ".mjs", "text/javascript; charset=utf-8"},
    {NULL, NULL, ".webmanifest", "application/manifest+json"},
};

int web_check(const char *dir, err *e) {
  char index[PATH_MAX];
  snprintf(index, sizeof index, "%s/index.html", dir);
  if (access(index, R_OK) != 0) return err_set(e, "--web %s: no readable index.html in it", dir);
  return 0;
}

const struct lws_protocol_vhost_options *web_response_headers(void) { return web_headers; }

/* '/games' and '/g' go to the protocol's HTTP callback (net.c), the rest to the files. */
const struct lws_http_mount *web_mounts(server *srv) {
  struct lws_http_mount *m = srv->mounts;
  memset(srv->mounts, 0, sizeof srv->mounts);
  m[0].mountpoint = "/games";
  m[0].origin = PROTO_SUBPROTOCOL;
  m[0].origin_protocol = LWSMPRO_CALLBACK;
  m[0].mountpoint_len = 6;
  m[1].mountpoint = "/g";
  m[1].origin = PROTO_SUBPROTOCOL;
  m[1].origin_protocol = LWSMPRO_CALLBACK;
  m[1].mountpoint_len = 2;
  m[0].mount_next = &m[1];
  if (!srv->cfg.web) return &m[0];
  m[1].mount_next = &m[2];
  m[2].mountpoint = "/";
  m[2].origin = srv->cfg.web;
  m[2].def = "index.html";
  m[2].origin_protocol = LWSMPRO_FILE;
  m[2].mountpoint_len = 1;
  m[2].extra_mimetypes = web_mime;
  m[2].cache_max_age = 0;
  m[2].cache_revalidate = 1;
  return &m[0];
}

/* Whether 'path' is 'root' or inside it, both resolved: 1, 0 when not, -1 when 'path' is
** not there (lws then answers 404 as for any missing file). */
static int resolves_inside(const char *root, const char *path) {
  char real_root[PATH_MAX], real[PATH_MAX];
  if (!realpath(root, real_root) || !realpath(path, real)) return -1;
  size_t n = strlen(real_root);
  return strncmp(real, real_root, n) == 0 && (real[n] == '\0' || real[n] == '/' || n == 1);
}

/* lws's file mount follows a symlink wherever it leads: a file asked for whose real path
** is outside the web root is refused before the mount opens it. */
int web_refuses(server *srv, const char *uri) {
  char path[PATH_MAX];
  if (!srv->cfg.web || !uri || uri[0] != '/') return 0;
  size_t n = strlen(uri);
  int len = snprintf(path, sizeof path, "%s%s%s", srv->cfg.web, uri, uri[n - 1] == '/' ? "index.html" : "");
  if (len < 0 || (size_t)len >= sizeof path) return 1;
  return resolves_inside(srv->cfg.web, path) == 0;
}

/* '/g/CODE': the page itself, which finds the code in its address. */
int web_serve_page(server *srv, struct lws *wsi) {
  char index[PATH_MAX];
  snprintf(index, sizeof index, "%s/index.html", srv->cfg.web);
  int n = lws_serve_http_file(wsi, index, "text/html; charset=utf-8", NULL, 0);
  if (n < 0 || (n > 0 && lws_http_transaction_completed(wsi))) return -1;
  return 0;
}
