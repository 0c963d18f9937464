/*
** help.c — the help pager: the keys, then the variant's rules and tips as its plugin
** ships them, wrapped to the terminal's width.
*/
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tty.h"

static const char keys_text[] =
    "Keys\n"
    "Arrows move the cursor; Enter or Space taps the point under it (a mouse click does the "
    "same). Tap one of your pieces, then a ringed point to move it there. In a capture of "
    "several jumps, tap each landing point in turn; the pieces you are jumping are shown as "
    "{b}. Pieces that must capture are circled: (w). Esc drops the selection.\n"
    "u  undo: against the computer, your last move and its reply    e  redo what undo took back\n"
    "h  hint: the computer suggests a move; Enter plays it, every jump at once\n"
    ":  type a move or a point to tap\n"
    "n  new game    r  resign    d  offer a draw (two people)    f  flip the board\n"
    "g  make the computer move now    z  pause the computer (and the clocks)\n"
    "s  save the game as PDN    l  load a PDN game\n"
    ",  .  (or PgUp, PgDn) look back through the moves, Home and End to the start and the end;\n"
    "once the game is over Left and Right do it too, and a click on a move of the list\n"
    "p  scores: your records per rules and level, the marks to beat, your streak and recent games\n"
    "?  this help    q  quit\n"
    "\n";

typedef struct wrapped {
  int count;
  int start[2048], len[2048];
} wrapped;

/* Splits 'text' into lines of at most 'width' columns, breaking at spaces. */
static void wrap_text(const char *text, int width, wrapped *w) {
  w->count = 0;
  for (const char *p = text; *p && w->count < 2048;) {
    int n = tty_line_len(p, width);
    w->start[w->count] = (int)(p - text);
    w->len[w->count++] = n;
    p += n;
    if (*p == ' ' || *p == '\n') p++;
  }
}

static char *help_text(ui *u) {
  static char text[16384];
  snprintf(text, sizeof text, "%s%s", keys_text, u->fe.h->help(u->fe.s));
  return text;
}

void help_draw(ui *u) {
  static wrapped w;
  const char *text = help_text(u);
  int rows = LINES - 1;
  wrap_text(text, COLS > 2 ? COLS - 2 : 1, &w);
  if (u->fe.help_top > w.count - rows) u->fe.help_top = w.count - rows;
  if (u->fe.help_top < 0) u->fe.help_top = 0;
  for (int i = 0; i < rows && u->fe.help_top + i < w.count; i++)
    mvaddnstr(i, 1, text + w.start[u->fe.help_top + i], w.len[u->fe.help_top + i]);
  attron(tty_attr(u, PAIR_TITLE));
  mvaddnstr(LINES - 1, 0, "Up/Down, PgUp/PgDn: scroll   q, Esc or ?: back to the game", COLS);
  attroff(tty_attr(u, PAIR_TITLE));
}

void help_key(ui *u, int ch) {
  int page = LINES > 3 ? LINES - 2 : 1;
  switch (ch) {
  case KEY_UP: u->fe.help_top--; break;
  case KEY_DOWN: u->fe.help_top++; break;
  case KEY_PPAGE: u->fe.help_top -= page; break;
  case KEY_NPAGE: case ' ': u->fe.help_top += page; break;
  case KEY_HOME: u->fe.help_top = 0; break;
  case KEY_END: u->fe.help_top = 1 << 20; break;
  case 'q': case 'Q': case '?': case FE_KEY_ESC: case '\r': case '\n': u->fe.view = FE_VIEW_GAME; break;
  default: break;
  }
}
