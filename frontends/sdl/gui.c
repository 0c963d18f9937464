/*
** gui.c — the SDL2 front end: the plugin's descriptor, the window, and the main loop.
** The loop waits for events with a timeout, so the session is polled several times a
** second whatever happens (the engine thinks on its own thread; its progress shows and
** the window answers meanwhile), and it only draws when something changed, so an idle
** game costs no processor time.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gui.h"

#define IDLE_MS 100  /* how often an idle window polls the session */
#define FRAME_MS 16  /* while something moves */
#define THINK_MS 50  /* while the engine thinks: its bar fills, its move is played at once */

static int fail(char *why, size_t len, const char *what, const char *detail) {
  snprintf(why, len, "%s%s%s", what, detail ? ": " : "", detail ? detail : "");
  return -1;
}

void gui_replaced(ui *u) {
  anim_reset(u);
  sound_sync(u);
  u->fe.caught_plies = -1;
}

void gui_button(ui *u, SDL_Rect r, int key) {
  if (u->nbuttons >= (int)(sizeof u->button / sizeof *u->button)) return;
  u->button[u->nbuttons] = r;
  u->button_key[u->nbuttons++] = key;
}

/* The last drawn is on top. */
int gui_button_at(const ui *u, int x, int y) {
  SDL_Point p = {x, y};
  for (int i = u->nbuttons - 1; i >= 0; i--)
    if (SDL_PointInRect(&p, &u->button[i])) return u->button_key[i];
  return 0;
}

int gui_settled(ui *u) {
  dr_status st;
  if (u->an.kind != ANIM_NONE || u->fe.eng.thinking || fe_friends_busy(&u->fe)) return 0;
  fe_status(&u->fe, &st);
  return !u->fe.h->has_game(u->fe.s) || st.result != DR_ONGOING || st.player[st.turn] != DR_PLAYER_COMPUTER;
}

/* ------------------------------------------------------------------ draw */

static void set_title(ui *u) {
  static char shown[160];
  char title[160];
  dr_status st;
  fe_status(&u->fe, &st);
  if (u->fe.h->has_game(u->fe.s)) snprintf(title, sizeof title, "%s — draughts", st.title);
  else snprintf(title, sizeof title, "draughts");
  if (strcmp(title, shown) == 0) return;
  snprintf(shown, sizeof shown, "%s", title);
  SDL_SetWindowTitle(u->win, title);
}

void gui_draw(ui *u) {
  board_layout(u);
  set_title(u);
  u->nbuttons = 0;
  u->ntexts = 0;
  u->card = (SDL_Rect){0, 0, 0, 0};
  SDL_SetRenderDrawColor(u->ren, COL_BG.r, COL_BG.g, COL_BG.b, 255);
  SDL_RenderClear(u->ren);
  if (u->fe.view == FE_VIEW_MENU) menu_draw(u);
  else if (u->fe.view == FE_VIEW_HELP) help_draw(u);
  else if (u->fe.view == FE_VIEW_SCORES) scores_draw(u);
  else if (u->fe.view == FE_VIEW_ONLINE) online_draw(u);
  else if (u->fe.view == FE_VIEW_WATCH) watch_draw(u);
  else if (u->fe.h->has_game(u->fe.s)) board_draw(u), panel_draw(u), over_draw(u);
  else waiting_draw(u);
}

/* ------------------------------------------------------------------ loop */

/* The engine's news: a move played, a hint ready, a failure.  While a move is being
** shown the session is left alone, so the next one waits for it. */
static int tick(ui *u) {
  int moving = anim_step(u);
  if (u->an.kind == ANIM_MOVE) return moving;
  int events = fe_poll(&u->fe);
  if (u->fe.seen.replaced) u->fe.seen.replaced = 0, gui_replaced(u); /* a new online game */
  if (!u->fe.h->has_game(u->fe.s)) return moving || events;
  if (events & DR_EVENT_HINT) keys_follow_hint(u);
  anim_catch_up(u);
  if (fe_caught_up(&u->fe)) u->over_hidden = 0, u->moves_back = 0; /* the card back, the latest moves shown */
  fe_scores_watch(&u->fe);
  fe_draw_watch(&u->fe);
  sound_watch(u);
  dr_status st;
  fe_status(&u->fe, &st);
  return moving || events || u->fe.eng.thinking || u->an.kind != ANIM_NONE || st.clock_running; /* a clock ticks */
}

int gui_edit(char *text, size_t size, const SDL_Event *ev, int spaces) {
  size_t n = strlen(text);
  if (ev->type == SDL_TEXTINPUT) {
    size_t add = strlen(ev->text.text);
    if (n + add < size && (spaces || !strchr(ev->text.text, ' '))) memcpy(text + n, ev->text.text, add + 1);
    return 1;
  }
  if (ev->type != SDL_KEYDOWN) return 0;
  SDL_Keycode sym = ev->key.keysym.sym;
  if (sym == SDLK_BACKSPACE && n > 0) text[n - 1] = '\0';
  return sym == SDLK_BACKSPACE || (sym >= ' ' && sym < 127);
}

int gui_typing(int typing) {
  if (typing && !SDL_IsTextInputActive()) return SDL_StartTextInput(), 1;
  if (!typing && SDL_IsTextInputActive()) SDL_StopTextInput();
  return 0;
}

static void window_event(ui *u, const SDL_WindowEvent *w) {
  int ww, wh, ow, oh;
  if (w->event != SDL_WINDOWEVENT_SIZE_CHANGED && w->event != SDL_WINDOWEVENT_RESIZED) return;
  SDL_GetWindowSize(u->win, &ww, &wh);
  SDL_GetRendererOutputSize(u->ren, &ow, &oh);
  u->scale = ww > 0 ? (float)ow / (float)ww : 1.0f;
}

static void dispatch(ui *u, const SDL_Event *ev) {
  int input = ev->type == SDL_KEYDOWN || ev->type == SDL_MOUSEBUTTONDOWN || ev->type == SDL_TEXTINPUT;
  if (ev->type == SDL_QUIT) u->fe.quit = 1;
  else if (ev->type == SDL_WINDOWEVENT) window_event(u, &ev->window);
  if (input) anim_finish(u); /* a click or a key does not wait for a piece to arrive */
  if (u->fe.view == FE_VIEW_MENU) menu_event(u, ev);
  else if (u->fe.view == FE_VIEW_HELP) help_event(u, ev);
  else if (u->fe.view == FE_VIEW_SCORES) scores_event(u, ev);
  else if (u->fe.view == FE_VIEW_ONLINE) online_event(u, ev);
  else if (u->fe.view == FE_VIEW_WATCH) watch_event(u, ev);
  else if (u->fe.h->has_game(u->fe.s)) keys_event(u, ev);
  else waiting_event(u, ev);
}

/* One turn of the loop: events, the session, a frame if needed, then a script step:
** after the frame, so that the script sees the window as a person would. */
static int turn(ui *u, char *why, size_t len) {
  SDL_Event ev;
  int wait = u->an.kind != ANIM_NONE ? FRAME_MS : u->fe.eng.thinking ? THINK_MS : IDLE_MS;
  int changed = u->redraw;
  u->redraw = 0;
  if (SDL_WaitEventTimeout(&ev, wait)) {
    changed = 1;
    dispatch(u, &ev);
    while (!u->fe.quit && SDL_PollEvent(&ev)) dispatch(u, &ev);
  }
  changed |= tick(u);
  if (changed || u->lay.out_w == 0) {
    gui_draw(u);
    SDL_RenderPresent(u->ren);
  }
  if (u->sc && !u->fe.quit) {
    int rc = script_step(u, why, len);
    if (rc < 0) return -1;
    if (rc == SCRIPT_ENDED) u->fe.quit = 1;
    u->redraw = rc == SCRIPT_STEPPED; /* a step changes what is shown; waiting does not */
  }
  return 0;
}

/* ---------------------------------------------------------------- window */

/* A window about two thirds of the screen, at the board's proportions with the panel. */
static void window_size(int *w, int *h) {
  SDL_Rect b = {0, 0, 1280, 800};
  SDL_GetDisplayUsableBounds(0, &b);
  *h = b.h * 4 / 5 < 1440 ? b.h * 4 / 5 : 1440;
  *w = *h * 3 / 2 < b.w * 9 / 10 ? *h * 3 / 2 : b.w * 9 / 10;
  if (*w < 480) *w = 480;
  if (*h < 360) *h = 360;
}

/* A king of the ivory side as the window's icon. */
static void set_icon(ui *u) {
  canvas c;
  if (paint_new(&c, 64, 64)) return;
  paint_piece(&c, 31, 30, 27, DR_WHITE);
  paint_crown(&c, 31, 29, 27);
  SDL_Surface *icon = SDL_CreateRGBSurfaceWithFormatFrom(c.px, c.w, c.h, 32, c.w * 4, SDL_PIXELFORMAT_ARGB8888);
  if (icon) SDL_SetWindowIcon(u->win, icon), SDL_FreeSurface(icon);
  paint_free(&c);
}

static int open_window(ui *u, char *why, size_t len) {
  int w, h, ow, oh;
  window_size(&w, &h);
  u->win = SDL_CreateWindow("draughts", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                            SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!u->win) return fail(why, len, "cannot open a window", SDL_GetError());
  set_icon(u);
  SDL_SetWindowMinimumSize(u->win, 400, 300);
  u->ren = SDL_CreateRenderer(u->win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
  if (!u->ren) u->ren = SDL_CreateRenderer(u->win, -1, SDL_RENDERER_SOFTWARE);
  if (!u->ren) return fail(why, len, "cannot draw in the window", SDL_GetError());
  SDL_GetWindowSize(u->win, &w, &h);
  SDL_GetRendererOutputSize(u->ren, &ow, &oh);
  u->scale = w > 0 ? (float)ow / (float)w : 1.0f;
  SDL_StopTextInput(); /* on only while a question wants text: keys are commands */
  sound_open(u);
  return text_open(u, 16, why, len);
}

static void close_window(ui *u) {
  sound_close(u);
  text_close(u);
  board_release(u);
  if (u->ren) SDL_DestroyRenderer(u->ren);
  if (u->win) SDL_DestroyWindow(u->win);
}

static int animation_wanted(void) {
  const char *v = getenv("DRAUGHTS_SDL_ANIMATE");
  return !(v && (strcmp(v, "0") == 0 || strcmp(v, "off") == 0 || strcmp(v, "no") == 0));
}

static ui *new_ui(const dr_host *host, dr_session *s) {
  ui *u = calloc(1, sizeof *u);
  if (!u) return NULL;
  fe_init(&u->fe, host, s);
  u->fe.points = (fe_points){.x = u->lay.x, .y = u->lay.y, .aspect = 1};
  u->seen_plies = -1;
  u->scale = 1.0f;
  u->animate = animation_wanted();
  return u;
}

static int play(ui *u, char *why, size_t len) {
  const char *script = getenv("DRAUGHTS_SDL_SCRIPT");
  dr_status st;
  if (script && *script && !(u->sc = script_open(script, why, len))) return -1;
  fe_status(&u->fe, &st);
  u->fe.flip = fe_flip_for(st.player);
  if (!u->fe.h->has_game(u->fe.s) && !fe_online_connecting(&u->fe)) fe_menu_open(&u->fe);
  gui_replaced(u);
  fe_scores_watch(&u->fe); /* a notice from opening the score store */
  int rc = 0;
  while (!u->fe.quit && rc == 0) rc = turn(u, why, len);
  script_close(u->sc);
  return rc;
}

/* The board's theme the command line named; -1 and why when there is none of that name. */
static int choose_theme(ui *u, char *why, size_t len) {
  const char *name = fe_preference(&u->fe, "theme");
  u->theme = name ? board_theme(name) : 0;
  if (u->theme >= 0) return 0;
  snprintf(why, len, "no theme '%s' in the window (themes: %s)", name, board_theme_names());
  return -1;
}

static int gui_run(const dr_host *host, dr_session *s, char *why, size_t len) {
  if (fe_host_usable(host, why, len)) return -1;
  ui *u = new_ui(host, s);
  if (!u) return fail(why, len, "out of memory", NULL);
  if (choose_theme(u, why, len)) {
    free(u);
    return -1;
  }
  int rc = -1;
  char *ctype = fe_locale_ctype(1); /* X reads the window's title as text of the character set */
  /* A board game, not a game that takes over the screen: the screensaver may run and
  ** the desktop's compositor stays on. */
  SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
  SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
  if (gui_video_start(why, len) != 0) {
    rc = -1;
  } else if (TTF_Init() != 0) {
    rc = fail(why, len, "SDL_ttf cannot start", TTF_GetError());
    SDL_Quit();
  } else {
    if (open_window(u, why, len) == 0) rc = play(u, why, len);
    close_window(u);
    TTF_Quit();
    SDL_Quit();
  }
  fe_locale_restore(ctype);
  free(u);
  return rc;
}

static const dr_frontend frontend = {
    .abi_version = DR_FRONTEND_ABI_VERSION,
    .size = sizeof(dr_frontend),
    .name = "sdl",
    .title = "a window (SDL2): click to move, animated, any board",
    /* probe */ .probe = gui_probe,
    /* run   */ .run = gui_run,
};

DR_EXPORT const dr_frontend *dr_frontend_entry(void) { return &frontend; }
