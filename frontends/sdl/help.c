/*
** help.c — the help screen: how to play in this window, the keys, then the variant's
** rules and tips as its plugin ships them, wrapped to the window and scrolled with the
** wheel or the keys.
*/
#include <stdio.h>
#include <string.h>

#include "gui.h"

#define MAX_LINES 2048

static const char keys_text[] =
    "Playing\n"
    "Click one of your pieces: the points it may go to are ringed in blue. Click a ringed point "
    "to move there. In a capture of several jumps, click each landing point in turn; the pieces "
    "you are jumping are outlined in red. When a capture is compulsory, the pieces that must "
    "capture are outlined in orange. Click the piece again, press Esc or click the right button "
    "to put it down. The arrow keys move a white frame over the board and Enter or Space clicks "
    "where it is.\n"
    "\n"
    "Keys (the buttons under the status do the same)\n"
    "U  undo: against the computer, your last move and its reply        E  redo what undo took back\n"
    "H  hint: the computer picks up the piece it suggests and rings the landing in green; "
    "Enter plays it, every jump at once\n"
    "N  new game: game, rules, opponent, level, clock and player\n"
    "R  resign        D  offer a draw (two people)        F  flip the board\n"
    "G  make the computer move now        Z  pause the computer (and the clocks)\n"
    "S  save the game as PDN        L  load a PDN game\n"
    ",  .  (or PgUp, PgDn) look back through the moves, Home and End to the start and the end; "
    "once the game is over Left and Right do it too, and a click on a move of the list\n"
    "P  scores: your records per rules and level, the marks to beat, your streak and recent games\n"
    ":  type a move or a point to click\n"
    "A  animation on or off        ?  or F1  this help        Q  quit\n"
    "\n";

/* A heading: a short line of its own, after a blank line, not a sentence. */
static int heading(const char *text, int start, int len) {
  const char *s = text + start;
  int alone = (start == 0 || (start > 1 && s[-1] == '\n' && s[-2] == '\n')) && (s[len] == '\n' || !s[len]);
  return alone && len > 0 && len < 60 && s[len - 1] != '.';
}

void help_draw(ui *u) {
  static int start[MAX_LINES], len[MAX_LINES];
  static char text[32768];
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT), margin = 2 * h;
  int width = W - 2 * margin > h * 40 ? h * 40 : W - 2 * margin, x = (W - width) / 2;
  snprintf(text, sizeof text, "%s%s", keys_text, u->fe.h->has_game(u->fe.s) ? u->fe.h->help(u->fe.s) : "");
  int n = text_wrap(u, FONT_TEXT, text, width, start, len, MAX_LINES);
  int top = margin + text_height(u, FONT_TITLE) + h, rows = (H - top - 2 * h) / h;
  if (u->fe.help_top > n - rows) u->fe.help_top = n - rows;
  if (u->fe.help_top < 0) u->fe.help_top = 0;
  text_draw(u, FONT_TITLE, COL_HEAD, x, margin, "How to play");
  for (int i = 0; i < rows && u->fe.help_top + i < n; i++) {
    char buf[1024];
    int k = u->fe.help_top + i, bold = heading(text, start[k], len[k]);
    snprintf(buf, sizeof buf, "%.*s", len[k], text + start[k]);
    text_draw(u, bold ? FONT_BOLD : FONT_TEXT, bold ? COL_HEAD : COL_TEXT, x, top + i * h, buf);
  }
  const char *keys = "Wheel, Up/Down, PgUp/PgDn: scroll    Esc, Q or ?: back to the game";
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 3 * h / 2, keys);
}

static void key(ui *u, const SDL_Keysym *k) {
  int page = u->lay.out_h / (text_height(u, FONT_TEXT) + 1) - 6;
  switch (k->sym) {
  case SDLK_UP: u->fe.help_top--; break;
  case SDLK_DOWN: u->fe.help_top++; break;
  case SDLK_PAGEUP: u->fe.help_top -= page; break;
  case SDLK_PAGEDOWN: case SDLK_SPACE: u->fe.help_top += page; break;
  case SDLK_HOME: u->fe.help_top = 0; break;
  case SDLK_END: u->fe.help_top = MAX_LINES; break;
  case SDLK_ESCAPE: case SDLK_q: case SDLK_RETURN: case SDLK_F1: case SDLK_QUESTION: u->fe.view = FE_VIEW_GAME; break;
  case SDLK_SLASH: if (k->mod & KMOD_SHIFT) u->fe.view = FE_VIEW_GAME; break;
  default: break;
  }
}

void help_event(ui *u, const SDL_Event *ev) {
  if (ev->type == SDL_KEYDOWN) key(u, &ev->key.keysym);
  else if (ev->type == SDL_MOUSEWHEEL) u->fe.help_top -= 3 * ev->wheel.y;
}
