/*
** tty.c — the terminal front end: the plugin's descriptor and probe, opening the
** terminal and always restoring it (on quit, on Ctrl-C and other signals, on a
** crash), and the main loop.  The loop polls the session a few times a second, so the
** engine's progress shows while it thinks and the keys keep working meanwhile.
*/
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tty.h"

#define PANEL_MIN 40 /* columns the status panel needs beside the board: a larger board must leave them */
#define TICK_MS 100  /* how often the loop polls the session */

static volatile sig_atomic_t interrupted;
static volatile sig_atomic_t screen_open;

static int fail(char *why, size_t len, const char *msg) {
  snprintf(why, len, "%s", msg);
  return -1;
}

/* -------------------------------------------------------------- signals */

static void on_interrupt(int sig) {
  (void)sig;
  interrupted = 1;
}

/* A crash still gives the terminal back before the default action. */
static void on_fatal(int sig) {
  if (screen_open) endwin();
  signal(sig, SIG_DFL);
  raise(sig);
}

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
#define NQUIT (int)(sizeof quit_signals / sizeof *quit_signals)
#define NFATAL (int)(sizeof fatal_signals / sizeof *fatal_signals)

typedef struct saved_signals {
  struct sigaction quit[NQUIT], fatal[NFATAL];
} saved_signals;

static void catch_signals(saved_signals *old) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_interrupt; /* no SA_RESTART: the wait for a key ends at once */
  for (int i = 0; i < NQUIT; i++) sigaction(quit_signals[i], &sa, &old->quit[i]);
  sa.sa_handler = on_fatal;
  sa.sa_flags = SA_RESETHAND;
  for (int i = 0; i < NFATAL; i++) sigaction(fatal_signals[i], &sa, &old->fatal[i]);
}

static void restore_signals(const saved_signals *old) {
  for (int i = 0; i < NQUIT; i++) sigaction(quit_signals[i], &old->quit[i], NULL);
  for (int i = 0; i < NFATAL; i++) sigaction(fatal_signals[i], &old->fatal[i], NULL);
}

/* --------------------------------------------------------------- colour */

/* The palettes, pair by pair (foreground, background; -1 the terminal's own).  Titles
** and labels keep the terminal's own colour in bold, which reads on dark and light
** terminals alike.  The high-contrast one puts the pieces on white squares, White's as
** white letters on black, Black's as black letters on white. */
static const struct palette {
  const char *name;
  short pair[PAIR_COUNT][2];
} palettes[] = {
    {"default",
     {{0, 0}, {COLOR_BLACK, COLOR_YELLOW}, {COLOR_BLACK, COLOR_WHITE}, {COLOR_WHITE, COLOR_YELLOW},
      {COLOR_BLACK, COLOR_YELLOW}, {COLOR_BLUE, COLOR_YELLOW}, {COLOR_RED, COLOR_YELLOW}, {COLOR_BLACK, COLOR_CYAN},
      {COLOR_RED, -1}, {-1, -1}}},
    {"contrast",
     {{0, 0}, {COLOR_BLACK, COLOR_WHITE}, {-1, -1}, {COLOR_WHITE, COLOR_BLACK}, {COLOR_BLACK, COLOR_WHITE},
      {COLOR_BLUE, COLOR_WHITE}, {COLOR_RED, COLOR_WHITE}, {COLOR_WHITE, COLOR_BLUE}, {COLOR_RED, -1}, {-1, -1}}},
};
#define NPALETTES (int)(sizeof palettes / sizeof *palettes)

static void set_palette(ui *u) {
  for (int pair = 1; pair < PAIR_COUNT; pair++)
    init_pair((short)pair, palettes[u->palette].pair[pair][0], palettes[u->palette].pair[pair][1]);
}

static void init_colors(ui *u) {
  const char *no_color = getenv("NO_COLOR");
  u->color = !(no_color && *no_color) && has_colors();
  if (!u->color) return;
  start_color();
  use_default_colors();
  set_palette(u);
}

void tty_next_palette(ui *u) {
  u->palette = (u->palette + 1) % NPALETTES;
  if (u->color) set_palette(u);
  fe_say(&u->fe, 0, "%s colours.", u->palette ? "High-contrast" : "Default");
}

/* The palette the command line named; -1 and why when it is none of them. */
static int choose_palette(ui *u, char *why, size_t len) {
  const char *theme = fe_preference(&u->fe, "theme");
  for (int i = 0; i < NPALETTES; i++)
    if (!theme || strcmp(theme, palettes[i].name) == 0) return u->palette = i, 0;
  snprintf(why, len, "no theme '%s' in the terminal (themes: default, contrast)", theme);
  return -1;
}

/* The attributes of a colour pair, or their plain stand-ins under NO_COLOR. */
int tty_attr(const ui *u, int pair) {
  int bold = pair == PAIR_WHITE || pair == PAIR_RING || pair == PAIR_JUMPED || pair == PAIR_ERROR ||
             pair == PAIR_TITLE;
  if (u->color) return (int)COLOR_PAIR(pair) | (bold ? A_BOLD : 0);
  if (pair == PAIR_LAST) return A_UNDERLINE;
  return bold && pair != PAIR_WHITE ? A_BOLD : A_NORMAL;
}

/* Text at (y, x), cut to 'width' columns; the columns written. */
static int vput(int y, int x, int width, int attr, const char *fmt, va_list ap) {
  char line[512];
  vsnprintf(line, sizeof line, fmt, ap);
  if (width <= 0 || y < 0 || y >= LINES) return 0;
  attron(attr);
  mvaddnstr(y, x, line, width);
  attroff(attr);
  int n = (int)strlen(line);
  return n < width ? n : width;
}

void tty_put(int y, int x, int width, int attr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vput(y, x, width, attr, fmt, ap);
  va_end(ap);
}

int tty_put_w(int y, int x, int width, int attr, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vput(y, x, width, attr, fmt, ap);
  va_end(ap);
  return n;
}

int tty_line_len(const char *p, int width) {
  int n = (int)strcspn(p, "\n");
  if (n <= width) return n;
  int cut = width;
  while (cut > 0 && p[cut] != ' ') cut--;
  return cut > 0 ? cut : width;
}

int tty_para(int y, int x, int width, int max, int attr, const char *text) {
  while (*text && max-- > 0 && width > 0) {
    int n = tty_line_len(text, width);
    tty_put(y++, x, n, attr, "%s", text);
    text += n;
    if (*text == ' ' || *text == '\n') text++;
  }
  return y;
}

int tty_edit(char *text, size_t size, int ch, int spaces) {
  size_t n = strlen(text);
  if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) return n > 0 ? (text[n - 1] = '\0', 1) : 1;
  if (ch < (spaces ? 32 : 33) || ch >= 127) return 0;
  if (n + 1 < size) text[n] = (char)ch, text[n + 1] = '\0';
  return 1;
}

/* ------------------------------------------------------------- screen */

static int open_screen(ui *u, SCREEN **out, char *why, size_t len) {
  SCREEN *sp = newterm(NULL, stdout, stdin);
  if (!sp) return fail(why, len, "cannot open the terminal");
  *out = sp;
  screen_open = 1;
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  timeout(TICK_MS);
  mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
  mouseinterval(0);
  init_colors(u);
  return 0;
}

static void close_screen(SCREEN *sp) {
  endwin();
  screen_open = 0;
  delscreen(sp);
}

static void draw_too_small(ui *u) {
  char line[160];
  snprintf(line, sizeof line, "Terminal too small: the board needs %dx%d, this is %dx%d.", u->lay.need_w,
           u->lay.need_h, COLS, LINES);
  mvaddnstr(LINES / 2, 0, line, COLS);
  mvaddnstr(LINES / 2 + 1, 0, "Enlarge the window, or press q to quit.", COLS);
}

static void draw_game(ui *u) {
  board_layout(u, COLS - PANEL_MIN - 1, LINES - 2);
  int panel = u->lay.fits;
  if (!panel) board_layout(u, COLS, LINES - 2);
  if (!u->lay.fits) {
    draw_too_small(u);
    return;
  }
  board_draw(u);
  int left = u->lay.left + u->lay.width + 2;
  u->panel_shown = panel;
  if (panel) panel_draw(u, 0, left, COLS - left, LINES - 2);
  panel_bottom(u);
}

/* No game yet: an online request on its way. */
static void draw_waiting(ui *u) {
  char line[256];
  if (!fe_online_status(&u->fe, line, sizeof line)) snprintf(line, sizeof line, "%s", u->fe.msg);
  mvaddnstr(LINES / 2, 2, line, COLS - 3);
  mvaddnstr(LINES - 1, 0, "Esc: back to the menu   q: quit", COLS);
}

static void draw(ui *u) {
  erase();
  if (u->fe.view == FE_VIEW_MENU) menu_draw(u);
  else if (u->fe.view == FE_VIEW_HELP) help_draw(u);
  else if (u->fe.view == FE_VIEW_SCORES) scores_draw(u);
  else if (u->fe.view == FE_VIEW_ONLINE) online_draw(u);
  else if (u->fe.view == FE_VIEW_WATCH) watch_draw(u);
  else if (!u->fe.h->has_game(u->fe.s)) draw_waiting(u);
  else draw_game(u);
  refresh();
}

/* ---------------------------------------------------------------- loop */

/* The engine's news: a move played, a hint ready, a failure. */
static void tick(ui *u) {
  int events = fe_poll(&u->fe);
  if (!u->fe.h->has_game(u->fe.s)) return;
  if (events & DR_EVENT_HINT) keys_follow_hint(u);
  fe_caught_up(&u->fe);
  fe_scores_watch(&u->fe);
  fe_draw_watch(&u->fe);
}

static void key(ui *u, int ch) {
  if (ch == KEY_RESIZE) return; /* the next draw lays the screen out again */
  if (u->fe.view == FE_VIEW_MENU) menu_key(u, ch);
  else if (u->fe.view == FE_VIEW_HELP) help_key(u, ch);
  else if (u->fe.view == FE_VIEW_SCORES) scores_key(u, ch);
  else if (u->fe.view == FE_VIEW_ONLINE) online_key(u, ch);
  else if (u->fe.view == FE_VIEW_WATCH) watch_key(u, ch);
  else if (u->fe.h->has_game(u->fe.s)) keys_game(u, ch);
  else if (ch == 'q') u->fe.quit = 1;
  else if (ch == FE_KEY_ESC && fe_online_kept(&u->fe)) u->fe.h->online_leave(u->fe.s), fe_menu_open(&u->fe);
}

static void loop(ui *u) {
  while (!u->fe.quit && !interrupted) {
    draw(u); /* first: keys and ticks find the board laid out */
    timeout(u->fe.eng.thinking ? TICK_MS / 5 : TICK_MS); /* the computer moves as soon as it is done */
    int ch = getch();
    tick(u); /* before the key: the cursor is placed */
    if (ch != ERR) key(u, ch);
  }
}

static ui *new_ui(const dr_host *host, dr_session *s) {
  ui *u = calloc(1, sizeof *u);
  if (!u) return NULL;
  fe_init(&u->fe, host, s);
  u->fe.points = (fe_points){.x = u->lay.x, .y = u->lay.y, .aspect = 2, .pull = 1}; /* a cell: twice as tall as wide */
  fe_default_file(&u->fe, u->fe.last_file, sizeof u->fe.last_file);
  return u;
}

static int tty_run(const dr_host *host, dr_session *s, char *why, size_t len) {
  SCREEN *sp;
  saved_signals old;
  if (fe_host_usable(host, why, len)) return -1;
  ui *u = new_ui(host, s);
  if (!u) return fail(why, len, "out of memory");
  if (choose_palette(u, why, len)) {
    free(u);
    return -1;
  }
  char *ctype = fe_locale_ctype(0); /* line drawing in a UTF-8 terminal */
  u->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  interrupted = 0;
  int rc = open_screen(u, &sp, why, len);
  if (rc == 0) {
    catch_signals(&old);
    if (!host->has_game(s) && !fe_online_connecting(&u->fe)) fe_menu_open(&u->fe);
    fe_scores_watch(&u->fe); /* a notice from opening the score store */
    loop(u);
    close_screen(sp);
    restore_signals(&old);
  }
  fe_locale_restore(ctype);
  free(u);
  return rc;
}

static const dr_frontend frontend = {
    .abi_version = DR_FRONTEND_ABI_VERSION,
    .size = sizeof(dr_frontend),
    .name = "tty",
    .title = "full-screen terminal (ncurses): arrows, Enter, mouse (the default)",
    /* probe */ .probe = tty_probe,
    /* run   */ .run = tty_run,
};

DR_EXPORT const dr_frontend *dr_frontend_entry(void) { return &frontend; }
