/*
** script.c — a test driver, for running the real front end headless.  When the
** environment names a script (DRAUGHTS_SDL_SCRIPT=file), its lines are played one at a
** time, each once the game has settled (nothing moving, the computer not thinking, no
** request to the friends server on its way),
** as events pushed into SDL's queue: the clicks and keys take the same path as a
** person's.  A 'shot' writes the window as a BMP with a text file beside it giving
** where each point is drawn and the state of the game, for tests to check pixels.
**   size W H      the window's size            click NAME    a click on a point
**   clickat X Y   a click at an output pixel   key NAME      a key ("u", "Escape", "shift+/")
**   text STRING   typed text                   wait MS       let time pass (animations run)
**   shot PATH     the window to PATH (BMP) and PATH.txt      quit
**   look PATH     the same, as last shown (not drawn again)  wheel STEPS Y   the wheel over the panel
**   clickkey KEY  a click on the middle of a button, by its key (as the state file lists them)
**   await PATH    wait until the file PATH exists (another program's step)
** A command after 'now ' does not wait for the game to settle ('now shot' catches a
** move sliding).  Lines starting with '#' are comments.  Any step that waits more than a minute for
** the game to settle, or that cannot be done, ends the run with an error.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gui.h"

#define SETTLE_LIMIT_MS 60000

struct script {
  char *text;       /* the whole file; lines are cut in place */
  char *next;       /* the next line */
  int line;
  Uint32 wait_until; /* a 'wait' under way */
  char awaited[512]; /* an 'await' under way: the file it waits for */
  Uint32 since;      /* when the last step was taken */
};

script *script_open(const char *path, char *why, size_t len) {
  FILE *f = fopen(path, "rb");
  script *sc = calloc(1, sizeof *sc);
  long size = -1;
  if (f && fseek(f, 0, SEEK_END) == 0) size = ftell(f);
  if (!f || !sc || size < 0 || fseek(f, 0, SEEK_SET) != 0 || !(sc->text = calloc(1, (size_t)size + 1)) ||
      fread(sc->text, 1, (size_t)size, f) != (size_t)size) {
    snprintf(why, len, "cannot read the script %s", path);
    if (f) fclose(f);
    script_close(sc);
    return NULL;
  }
  fclose(f);
  sc->next = sc->text;
  sc->since = SDL_GetTicks();
  return sc;
}

void script_close(script *sc) {
  if (!sc) return;
  free(sc->text);
  free(sc);
}

/* --------------------------------------------------------------- events */

static void push_click(ui *u, int x, int y) {
  SDL_Event ev;
  memset(&ev, 0, sizeof ev);
  ev.button.type = SDL_MOUSEBUTTONDOWN;
  ev.button.windowID = SDL_GetWindowID(u->win);
  ev.button.button = SDL_BUTTON_LEFT;
  ev.button.state = SDL_PRESSED;
  ev.button.clicks = 1;
  ev.button.x = (int)(x / u->scale); /* events come in window coordinates */
  ev.button.y = (int)(y / u->scale);
  SDL_PushEvent(&ev);
  ev.button.type = SDL_MOUSEBUTTONUP;
  ev.button.state = SDL_RELEASED;
  SDL_PushEvent(&ev);
}

/* The wheel turned 'steps' (up is positive) with the pointer at output pixel row 'y'
** of the panel's middle. */
static void push_wheel(ui *u, int steps, int y) {
  SDL_Event ev;
  int x = u->lay.panel.x + u->lay.panel.w / 2;
  SDL_WarpMouseInWindow(u->win, (int)(x / u->scale), (int)(y / u->scale));
  memset(&ev, 0, sizeof ev);
  ev.wheel.type = SDL_MOUSEWHEEL;
  ev.wheel.windowID = SDL_GetWindowID(u->win);
  ev.wheel.y = steps;
  ev.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
  SDL_PushEvent(&ev);
}

static int push_key(ui *u, const char *name) {
  SDL_Event ev;
  memset(&ev, 0, sizeof ev);
  if (strncmp(name, "shift+", 6) == 0) ev.key.keysym.mod = KMOD_LSHIFT, name += 6;
  if (strncmp(name, "ctrl+", 5) == 0) ev.key.keysym.mod = KMOD_LCTRL, name += 5;
  ev.key.keysym.sym = SDL_GetKeyFromName(name);
  if (ev.key.keysym.sym == SDLK_UNKNOWN) return -1;
  ev.key.keysym.scancode = SDL_GetScancodeFromKey(ev.key.keysym.sym);
  ev.key.type = SDL_KEYDOWN;
  ev.key.windowID = SDL_GetWindowID(u->win);
  ev.key.state = SDL_PRESSED;
  SDL_PushEvent(&ev);
  ev.key.type = SDL_KEYUP;
  ev.key.state = SDL_RELEASED;
  SDL_PushEvent(&ev);
  return 0;
}

static void push_text(ui *u, const char *s) {
  SDL_Event ev;
  for (size_t n = strlen(s); n > 0;) { /* the event holds a few bytes: send whole characters */
    size_t take = n < 8 ? n : 8;
    while (take < n && take > 1 && ((Uint8)s[take] & 0xc0) == 0x80) take--;
    memset(&ev, 0, sizeof ev);
    ev.text.type = SDL_TEXTINPUT;
    ev.text.windowID = SDL_GetWindowID(u->win);
    memcpy(ev.text.text, s, take);
    SDL_PushEvent(&ev);
    s += take, n -= take;
  }
}

/* ----------------------------------------------------------------- shots */

/* What the test reads besides pixels: the window's title, what can be clicked and
** where every text went, the panel and the card over the board. */
static void write_layout(ui *u, FILE *f) {
  const SDL_Rect *p = &u->lay.panel, *c = &u->card;
  fprintf(f, "title %s\n", SDL_GetWindowTitle(u->win));
  fprintf(f, "panel %d %d %d %d\ncard %d %d %d %d\n", p->x, p->y, p->w, p->h, c->x, c->y, c->w, c->h);
  fprintf(f, "form %d %d %d %d\n", u->fe.form.variant, u->fe.form.preset, u->fe.form.opponent, u->fe.form.level);
  for (int i = 0; i < u->nbuttons; i++) {
    const SDL_Rect *b = &u->button[i];
    fprintf(f, "button %d %d %d %d %d\n", u->button_key[i], b->x, b->y, b->w, b->h);
  }
  for (int i = 0; i < u->ntexts; i++) {
    const SDL_Rect *b = &u->text[i].box;
    fprintf(f, "text %d %d %d %d %s\n", b->x, b->y, b->w, b->h, u->text[i].s);
  }
}

static void write_state(ui *u, FILE *f) {
  dr_status st;
  const layout *l = &u->lay;
  fe_status(&u->fe, &st);
  fprintf(f, "size %d %d\ncell %d\nradius %d\nflip %d\nanimate %d\n", l->out_w, l->out_h, l->cell, l->radius,
          u->fe.flip, u->animate);
  fprintf(f, "theme %d\nsound %d\nsounds %d %s\nnumbers %d\n", u->theme, u->sound_on, u->sounds, u->last_sound,
          u->fe.numbers);
  static const char *const views[] = {"game", "menu", "help", "scores"};
  fprintf(f, "view %s\nask %d\n", views[u->fe.view], u->fe.ask);
  fprintf(f, "plies %d\nturn %d\nresult %d\nreason %s\n", st.plies, st.turn, st.result, st.reason ? st.reason : "");
  fprintf(f, "message %s\n", u->fe.msg);
  char last[64];
  if (u->fe.h->has_game(u->fe.s) && u->fe.h->move_at(u->fe.s, st.plies - 1, NULL, last, sizeof last) == 0)
    fprintf(f, "last %s\n", last);
  for (int p = 0; l->g && p < DR_MAX_POINTS; p++)
    if (l->g->points >> p & 1) fprintf(f, "point %s %d %d\n", l->g->point[p].name, l->x[p], l->y[p]);
  write_layout(u, f);
}

/* The window to 'path': drawn afresh ('shot'), or as it was last shown ('look'), which
** catches a window that was not drawn again when it should have been. */
static int shot(ui *u, const char *path, int fresh, char *why, size_t len) {
  char txt[1024];
  if (fresh) gui_draw(u);
  SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, u->lay.out_w, u->lay.out_h, 32, SDL_PIXELFORMAT_ARGB8888);
  int rc = !surf || SDL_RenderReadPixels(u->ren, NULL, SDL_PIXELFORMAT_ARGB8888, surf->pixels, surf->pitch) ||
           SDL_SaveBMP(surf, path);
  if (surf) SDL_FreeSurface(surf);
  snprintf(txt, sizeof txt, "%s.txt", path);
  FILE *f = rc ? NULL : fopen(txt, "w");
  if (!f) return snprintf(why, len, "script: cannot write the shot %s: %s", path, SDL_GetError()), -1;
  write_state(u, f);
  fclose(f);
  return 0;
}

/* -------------------------------------------------------------- the steps */

static char *next_line(script *sc) {
  while (*sc->next) {
    char *s = sc->next, *end = s + strcspn(s, "\n");
    sc->next = *end ? end + 1 : end;
    *end = '\0';
    if (end > s && end[-1] == '\r') end[-1] = '\0';
    sc->line++;
    s += strspn(s, " \t");
    if (*s && *s != '#') return s;
  }
  return NULL;
}

static int bad(script *sc, char *why, size_t len, const char *what, const char *arg) {
  snprintf(why, len, "script line %d: %s '%s'", sc->line, what, arg);
  return -1;
}

static int click_point(ui *u, const char *name) {
  int p = u->fe.h->has_game(u->fe.s) ? u->fe.h->point_find(u->fe.s, name) : -1;
  if (p < 0 || !u->lay.g) return -1;
  push_click(u, u->lay.x[p], u->lay.y[p]);
  return 0;
}

/* A click in the middle of the first button with 'key' as last drawn: what a click there
** does is for the front end's own hit test to find. */
static int click_button(ui *u, int key) {
  for (int i = 0; i < u->nbuttons; i++)
    if (u->button_key[i] == key) {
      const SDL_Rect *b = &u->button[i];
      push_click(u, b->x + b->w / 2, b->y + b->h / 2);
      return 0;
    }
  return -1;
}

/* Does one command; -1 on error, 1 for 'quit'. */
static int command(ui *u, script *sc, char *cmd, char *why, size_t len) {
  char *arg = cmd + strcspn(cmd, " \t");
  int a = 0, b = 0;
  if (*arg) *arg++ = '\0';
  arg += strspn(arg, " \t");
  board_layout(u); /* clicks need the board where it will be drawn */
  if (strcmp(cmd, "quit") == 0) return 1;
  if (strcmp(cmd, "click") == 0) return click_point(u, arg) ? bad(sc, why, len, "no such point", arg) : 0;
  if (strcmp(cmd, "key") == 0) return push_key(u, arg) ? bad(sc, why, len, "no such key", arg) : 0;
  if (strcmp(cmd, "text") == 0) return push_text(u, arg), 0;
  if (strcmp(cmd, "shot") == 0 || strcmp(cmd, "look") == 0) return shot(u, arg, cmd[0] == 's', why, len);
  if (strcmp(cmd, "wait") == 0) return sc->wait_until = SDL_GetTicks() + (Uint32)atoi(arg), 0;
  if (strcmp(cmd, "await") == 0) return snprintf(sc->awaited, sizeof sc->awaited, "%s", arg), 0;
  if (strcmp(cmd, "clickkey") == 0) return click_button(u, atoi(arg)) ? bad(sc, why, len, "no such button", arg) : 0;
  if (sscanf(arg, "%d %d", &a, &b) != 2) return bad(sc, why, len, "unknown command or missing numbers", cmd);
  if (strcmp(cmd, "clickat") == 0) return push_click(u, a, b), 0;
  if (strcmp(cmd, "wheel") == 0) return push_wheel(u, a, b), 0;
  if (strcmp(cmd, "size") == 0) return SDL_SetWindowSize(u->win, a, b), 0;
  return bad(sc, why, len, "unknown command", cmd);
}

/* Whether the next command is one that does not wait ('now ...'). */
static int next_is_now(script *sc) {
  const char *s = sc->next;
  for (;;) {
    s += strspn(s, " \t\r\n");
    if (*s != '#') break;
    s += strcspn(s, "\n");
  }
  return strncmp(s, "now ", 4) == 0;
}

int script_step(ui *u, char *why, size_t len) {
  script *sc = u->sc;
  Uint32 now = SDL_GetTicks();
  if (sc->wait_until && (Sint32)(now - sc->wait_until) < 0) return 0;
  sc->wait_until = 0;
  if (*sc->awaited && access(sc->awaited, F_OK) != 0) {
    if (now - sc->since < SETTLE_LIMIT_MS) return 0;
    snprintf(why, len, "script line %d: %s did not appear within a minute", sc->line, sc->awaited);
    return -1;
  }
  *sc->awaited = '\0';
  if (!gui_settled(u) && !next_is_now(sc)) {
    if (now - sc->since < SETTLE_LIMIT_MS) return 0;
    snprintf(why, len, "script line %d: the game did not settle within a minute", sc->line);
    return -1;
  }
  char *cmd = next_line(sc);
  sc->since = now;
  if (cmd && strncmp(cmd, "now ", 4) == 0) cmd += 4 + strspn(cmd + 4, " \t");
  if (!cmd) return SCRIPT_ENDED;
  int rc = command(u, sc, cmd, why, len);
  return rc < 0 ? -1 : rc > 0 ? SCRIPT_ENDED : SCRIPT_STEPPED;
}
