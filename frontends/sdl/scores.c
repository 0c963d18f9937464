/*
** scores.c — the scores screen ('p') in the window: per game, the streak, the marks to
** beat, the records per level and the recent games; friends' bests beside one's own,
** and with a friends server an invitation to give a friend (the button, or 'i') and a
** friend's code to accept ('a').  What is said about scores, the player's lines in the
** panel and which game is shown are common to the front ends (frontends/common/scores.c,
** friends.c).  Everything comes from the host's version-2 slots; against an older
** runtime the screen says it keeps no scores.
*/
#include <stdio.h>

#include "gui.h"

#define KEY_LESS 0x20001 /* the arrows beside the game's name */
#define KEY_MORE 0x20002
#define KEY_INVITE 0x20003 /* the friends' buttons */
#define KEY_ACCEPT 0x20004

#define MAX_FRIENDS 4 /* friends' columns side by side */

typedef struct sheet {
  int x, y, w, h; /* left edge, next line, width, line height */
  dr_variant_info info;
  const char *rules;
  int nfriends;
  char friends[MAX_FRIENDS][64];
} sheet;

static void say(ui *u, sheet *s, int font, rgba col, const char *text) {
  char line[256];
  snprintf(line, sizeof line, "%s", text);
  text_cut(u, font, line, sizeof line, s->w);
  text_draw(u, font, col, s->x, s->y, line);
  s->y += text_height(u, font);
}

/* The game's name and rules between two arrows to click, as in the menu. */
static void draw_title(ui *u, sheet *s, const dr_scoring *sc) {
  char line[192];
  snprintf(line, sizeof line, "Scores of %s", sc->nickname);
  say(u, s, FONT_TITLE, COL_HEAD, line);
  int arrow = text_width(u, FONT_BOLD, "<") + s->h, x = s->x;
  text_draw(u, FONT_BOLD, COL_HEAD, x, s->y, "<");
  gui_button(u, (SDL_Rect){x - s->h / 2, s->y, arrow, s->h}, KEY_LESS);
  x += arrow;
  snprintf(line, sizeof line, "%s%s%s%s", s->info.title, *s->rules ? ", " : "", s->rules, *s->rules ? " rules" : "");
  x += text_draw(u, FONT_BOLD, COL_TEXT, x, s->y, line) + s->h / 2;
  text_draw(u, FONT_BOLD, COL_HEAD, x, s->y, ">");
  gui_button(u, (SDL_Rect){x - s->h / 2, s->y, arrow, s->h}, KEY_MORE);
  s->y += s->h * 3 / 2;
}

static void draw_streak_and_marks(ui *u, sheet *s) {
  dr_streak streak;
  dr_score_marks marks;
  char line[256], best[16];
  DR_INIT(marks);
  if (fe_streak(&u->fe, NULL, s->info.name, s->rules, &streak) == 0) {
    fe_best_text(streak.best, best, sizeof best);
    snprintf(line, sizeof line, "Streak %d   Best %s   (the streak level makes the computer play level %d)",
             streak.current, best, streak.level);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  for (int i = 0; i < s->nfriends; i++)
    if (fe_streak(&u->fe, s->friends[i], s->info.name, s->rules, &streak) == 0 && (streak.current || streak.best)) {
      fe_best_text(streak.best, best, sizeof best);
      snprintf(line, sizeof line, "%s: streak %d, best %s", s->friends[i], streak.current, best);
      say(u, s, FONT_TEXT, COL_DIM, line);
    }
  if (u->fe.h->score_marks(u->fe.s, s->info.name, &marks) == 0) {
    snprintf(line, sizeof line, "Marks to beat:   Pro %d   Expert %d   Júnior %d", marks.pro, marks.expert,
             marks.junior);
    say(u, s, FONT_TEXT, COL_TEXT, line);
  }
  s->y += s->h / 2;
}

/* The friends' buttons, and their word: an invitation, a code typed, an answer. */
static void draw_friends(ui *u, sheet *s) {
  static const char *const label[2] = {"Invite a friend", "Accept a friend's code"};
  char lines[FE_FRIENDS_LINES][256];
  int x = s->x, n = fe_friends_lines(&u->fe, lines, FE_FRIENDS_LINES);
  if (!fe_friends_kept(&u->fe)) return;
  for (int i = 0; i < 2; i++) {
    int w = text_width(u, FONT_BOLD, label[i]) + 2 * s->h;
    menu_button(u, (SDL_Rect){x, s->y, w, s->h * 3 / 2}, 0, label[i], i ? KEY_ACCEPT : KEY_INVITE);
    x += w + s->h;
  }
  s->y += s->h * 2;
  for (int i = 0; i < n; i++) say(u, s, FONT_TEXT, i == 0 ? COL_HEAD : COL_TEXT, lines[i]);
  s->y += s->h / 2;
}

/* Cells of a table row at fixed columns: 'at' holds each column's left edge. */
static void row(ui *u, sheet *s, int font, rgba col, const int *at, int n, char cells[][64]) {
  for (int i = 0; i < n; i++) text_draw(u, font, col, s->x + at[i], s->y, cells[i]);
  s->y += text_height(u, font);
}

static void friends_cells(ui *u, const sheet *s, int level, char cells[][64]) {
  for (int i = 0; i < s->nfriends; i++) {
    dr_score r;
    if (fe_record(&u->fe, s->friends[i], s->info.name, s->rules, level, &r) == 1)
      snprintf(cells[i], 64, "%d", r.points);
    else
      snprintf(cells[i], 64, "-");
  }
}

static void draw_records(ui *u, sheet *s) {
  int em = text_width(u, FONT_TEXT, "0"), at[6 + MAX_FRIENDS] = {0, 7 * em, 15 * em, 24 * em, 32 * em, 40 * em};
  char cells[6 + MAX_FRIENDS][64] = {"Level", "Record", "Beats", "Pieces", "Moves", "Date"};
  int n = 6 + s->nfriends;
  for (int i = 0; i < s->nfriends; i++) at[6 + i] = (56 + 12 * i) * em, snprintf(cells[6 + i], 64, "%s", s->friends[i]);
  say(u, s, FONT_BOLD, COL_HEAD, "Records");
  row(u, s, FONT_BOLD, COL_DIM, at, n, cells);
  for (int level = 1; level <= u->fe.h->levels(u->fe.s); level++) {
    dr_score r;
    int found = fe_record(&u->fe, NULL, s->info.name, s->rules, level, &r) == 1;
    snprintf(cells[0], 64, "%d", level);
    snprintf(cells[1], 64, "%s", "-");
    for (int i = 2; i < 6; i++) cells[i][0] = '\0';
    if (found) {
      snprintf(cells[1], 64, "%d", r.points);
      snprintf(cells[2], 64, "%s", *r.mark ? r.mark : "-");
      snprintf(cells[3], 64, "%d", r.pieces);
      snprintf(cells[4], 64, "%d", r.moves);
      fe_date_text(r.when, cells[5], 64);
    }
    friends_cells(u, s, level, cells + 6);
    row(u, s, FONT_TEXT, found ? COL_TEXT : COL_DIM, at, n, cells);
  }
  s->y += s->h / 2;
}

/* One game of the history; its reason wraps in its column, never cut. */
static void draw_game(ui *u, sheet *s, const dr_score *g, int bottom) {
  int em = text_width(u, FONT_TEXT, "0"), at[6] = {0, 18 * em, 28 * em, 37 * em, 43 * em, 49 * em};
  char cells[6][64], note[96];
  fe_date_text(g->when, cells[0], 64);
  snprintf(cells[1], 64, "%.40s", g->rules);
  snprintf(cells[2], 64, "level %d%s", g->level, g->streak_level ? "s" : "");
  snprintf(cells[3], 64, "%s", fe_outcome_word(g->outcome));
  snprintf(cells[4], 64, "%d", g->points);
  snprintf(cells[5], 64, "%s", g->mark);
  text_cut(u, FONT_TEXT, cells[1], 64, at[2] - at[1] - em);
  rgba col = g->outcome == DR_SCORE_WIN ? COL_TEXT : COL_DIM;
  int top = s->y, start[4], len[4], x = s->x + 57 * em;
  int lines = text_wrap(u, FONT_TEXT, g->note, s->x + s->w - x, start, len, 4);
  row(u, s, FONT_TEXT, col, at, 6, cells);
  for (int i = 0; i < lines && top + (i + 1) * s->h <= bottom; i++) {
    snprintf(note, sizeof note, "%.*s", len[i], g->note + start[i]);
    text_draw(u, FONT_TEXT, col, x, top + i * s->h, note);
  }
  if (lines > 1) s->y = top + lines * s->h;
}

/* The recent games of the variant, from the top one shown, as far as the window goes. */
static void draw_history(ui *u, sheet *s, int bottom) {
  int top = u->fe.scores.top, shown = 0;
  say(u, s, FONT_BOLD, COL_HEAD, "Recent games (level 2s: the streak chose level 2)");
  for (int i = top; s->y + s->h <= bottom && i < FE_HISTORY_ROWS; i++, shown++) {
    dr_score g;
    DR_INIT(g);
    if (u->fe.h->score_history(u->fe.s, s->info.name, i, &g) != 1) break;
    draw_game(u, s, &g, bottom);
  }
  if (shown == 0) say(u, s, FONT_TEXT, COL_DIM, top ? "(no more)" : "(none yet)");
}

void scores_draw(ui *u) {
  dr_scoring sc;
  int W = u->lay.out_w, H = u->lay.out_h, h = text_height(u, FONT_TEXT);
  sheet s = {.x = 2 * h, .y = 2 * h, .w = W - 4 * h, .h = h};
  char keys[192];
  snprintf(keys, sizeof keys, "%sLeft/Right: other rules or game    Up/Down, wheel: scroll    Esc, Q or P: back",
           fe_friends_keys(&u->fe));
  text_cut(u, FONT_SMALL, keys, sizeof keys, W - 2 * h);
  text_draw(u, FONT_SMALL, COL_DIM, (W - text_width(u, FONT_SMALL, keys)) / 2, H - 3 * h / 2, keys);
  fe_scoring(&u->fe, &sc);
  if (!fe_scores_kept(&u->fe) || !*sc.nickname) {
    say(u, &s, FONT_TITLE, COL_HEAD, "Scores");
    say(u, &s, FONT_TEXT, COL_TEXT, *sc.notice ? sc.notice : "This runtime keeps no scores.");
    return;
  }
  fe_variant(&u->fe, u->fe.scores.variant, &s.info);
  s.rules = fe_scores_rules(&u->fe, &s.info);
  s.nfriends = fe_friends(&u->fe, s.friends, MAX_FRIENDS);
  draw_title(u, &s, &sc);
  draw_streak_and_marks(u, &s);
  draw_friends(u, &s);
  draw_records(u, &s);
  draw_history(u, &s, H - 2 * h);
}

static void key(fe_state *f, SDL_Keycode sym) {
  switch (sym) {
  case SDLK_LEFT: fe_scores_turn(f, -1); break;
  case SDLK_RIGHT: fe_scores_turn(f, 1); break;
  case SDLK_UP: fe_scores_scroll(f, -1); break;
  case SDLK_DOWN: fe_scores_scroll(f, 1); break;
  case SDLK_i: fe_friends_invite(f); break;
  case SDLK_a: fe_friends_code_open(f); break;
  case SDLK_ESCAPE: case SDLK_q: case SDLK_p: case SDLK_RETURN: fe_scores_close(f); break;
  default: break;
  }
}

/* Typing a friend's code: 1 if the event was for it. */
static int edit_code(ui *u, const SDL_Event *ev) {
  size_t size;
  char *code = fe_friends_code_field(&u->fe, &size);
  SDL_Keycode sym = ev->type == SDL_KEYDOWN ? ev->key.keysym.sym : 0;
  if (!code) return 0;
  if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) fe_friends_code_send(&u->fe);
  else if (sym == SDLK_ESCAPE) fe_friends_code_close(&u->fe);
  else return gui_edit(code, size, ev, 0);
  return 1;
}

static void click(ui *u, int k) {
  if (k == KEY_LESS || k == KEY_MORE) fe_scores_turn(&u->fe, k == KEY_LESS ? -1 : 1);
  else if (k == KEY_INVITE) fe_friends_invite(&u->fe);
  else if (k == KEY_ACCEPT) fe_friends_code_open(&u->fe);
}

void scores_event(ui *u, const SDL_Event *ev) {
  size_t size;
  int typing = edit_code(u, ev);
  gui_typing(fe_friends_code_field(&u->fe, &size) != NULL);
  if (typing) return;
  if (ev->type == SDL_KEYDOWN) {
    key(&u->fe, ev->key.keysym.sym);
  } else if (ev->type == SDL_MOUSEWHEEL) {
    fe_scores_scroll(&u->fe, -3 * ev->wheel.y);
  } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT) {
    click(u, gui_button_at(u, (int)(ev->button.x * u->scale), (int)(ev->button.y * u->scale)));
  }
  gui_typing(fe_friends_code_field(&u->fe, &size) != NULL);
}
