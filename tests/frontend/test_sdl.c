/*
** test_sdl.c — the SDL front end as it really runs, headless: SDL's dummy video driver
** with its software renderer.  Each test writes a script of clicks, keys and
** screenshots (DRAUGHTS_SDL_SCRIPT, see frontends/sdl/script.c), runs 'draughts play
** --frontend sdl' on it, and reads the pixels back: the board of each variant, the
** rings on exactly the legal targets of a clicked piece (compared with 'draughts
** moves'), a multi-jump clicked point by point, undo, refused clicks, the computer's
** reply with animation on, flipping, resizing, save and load, the end of a game, the
** menu, the scores, friends on a loopback server (an invitation made and a code
** accepted on the scores screen), the errors without a display or without the plugin, and one run
** under a real X server.  Each screenshot comes with a text file giving where each
** point is drawn and the state of the game.
*/
#include <SDL.h>
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------------- running */

typedef struct run {
  char dir[64];  /* a fresh directory for the script and the shots */
  char err[4096];
  int status;
} run;

static void run_init(run *r) {
  snprintf(r->dir, sizeof r->dir, "/tmp/draughts_sdl_XXXXXX");
  cr_assert_not_null(mkdtemp(r->dir));
}

static void run_done(run *r) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", r->dir);
  cr_assert_eq(system(cmd), 0);
}

static void slurp(const char *path, char *out, size_t len) {
  FILE *f = fopen(path, "r");
  size_t n = f ? fread(out, 1, len - 1, f) : 0;
  out[n] = '\0';
  if (f) fclose(f);
}

#define HEADLESS "SDL_VIDEODRIVER=dummy SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy DRAUGHTS_SDL_ANIMATE=0"

/* Runs the front end on 'script' ('@' stands for the run's directory) with 'args'.
** 'env' (NULL: HEADLESS) says how: the video driver and so on, or '-u' options that
** take variables away; 'wrap' is a command to run it under ("xvfb-run -a").  The score
** store is the run's own (ctest's DRAUGHTS_PROFILE_DB is one for the whole binary, whose
** tests run two at a time: one's friends server would rewrite another's friends). */
static void play_under(run *r, const char *wrap, const char *env, const char *args, const char *script) {
  char path[128], cmd[2048];
  snprintf(path, sizeof path, "%s/script", r->dir);
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  for (const char *s = script; *s; s++)
    if (*s == '@') fputs(r->dir, f);
    else fputc(*s, f);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "cd '%s' && %s env -u DRAUGHTS_PLUGIN_PATH -u DRAUGHTS_PROFILE_DB %s XDG_DATA_HOME='%s' "
           "XDG_CONFIG_HOME='%s' HOME='%s' DRAUGHTS_SDL_SCRIPT='%s' '%s' play --frontend sdl %s </dev/null >/dev/null "
           "2>'%s/err'",
           r->dir, wrap, env ? env : HEADLESS, r->dir, r->dir, r->dir, path, DRAUGHTS_EXE, args, r->dir);
  r->status = system(cmd);
  snprintf(path, sizeof path, "%s/err", r->dir);
  slurp(path, r->err, sizeof r->err);
}

static void play(run *r, const char *env, const char *args, const char *script) {
  play_under(r, "", env, args, script);
}

static void play_ok(run *r, const char *env, const char *args, const char *script) {
  play(r, env, args, script);
  cr_assert(WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0, "draughts play %s failed: %s", args, r->err);
}

/* ---------------------------------------------------------------- shots */

#define MAX_POINTS 64

#define MAX_TEXTS 160
#define MAX_BUTTONS 48

typedef struct box {
  int x, y, w, h;
} box;

typedef struct shot {
  SDL_Surface *img;
  int w, h, cell, radius, plies, result, ask;
  char view[16], message[256], reason[128], title[160], last[64], last_sound[16];
  int theme, sound, sounds, numbers;
  int npoints;
  char name[MAX_POINTS][8];
  int x[MAX_POINTS], y[MAX_POINTS];
  box panel, card;
  int form[4];          /* the new-game form: game, rules, opponent, level */
  int nbuttons, button_key[MAX_BUTTONS];
  box button[MAX_BUTTONS];
  int ntexts;
  box text_box[MAX_TEXTS];
  char text[MAX_TEXTS][80];
} shot;

/* The layout lines of a state file: the panel, the card, the buttons, the texts. */
static int read_layout(shot *s, const char *line) {
  box *b = &s->panel;
  if (sscanf(line, "panel %d %d %d %d", &b->x, &b->y, &b->w, &b->h) == 4) return 1;
  b = &s->card;
  if (sscanf(line, "card %d %d %d %d", &b->x, &b->y, &b->w, &b->h) == 4) return 1;
  if (sscanf(line, "form %d %d %d %d", &s->form[0], &s->form[1], &s->form[2], &s->form[3]) == 4) return 1;
  b = &s->button[s->nbuttons];
  if (s->nbuttons < MAX_BUTTONS &&
      sscanf(line, "button %d %d %d %d %d", &s->button_key[s->nbuttons], &b->x, &b->y, &b->w, &b->h) == 5)
    return s->nbuttons++, 1;
  b = &s->text_box[s->ntexts];
  int at = 0;
  if (s->ntexts < MAX_TEXTS && sscanf(line, "text %d %d %d %d %n", &b->x, &b->y, &b->w, &b->h, &at) == 4 && at) {
    snprintf(s->text[s->ntexts++], sizeof s->text[0], "%s", line + at);
    return 1;
  }
  return 0;
}

static void read_state(shot *s, const char *path) {
  char line[512];
  FILE *f = fopen(path, "r");
  cr_assert_not_null(f, "no state file %s", path);
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (sscanf(line, "size %d %d", &s->w, &s->h) == 2) continue;
    if (sscanf(line, "cell %d", &s->cell) == 1 || sscanf(line, "radius %d", &s->radius) == 1) continue;
    if (sscanf(line, "plies %d", &s->plies) == 1 || sscanf(line, "result %d", &s->result) == 1) continue;
    if (sscanf(line, "ask %d", &s->ask) == 1 || sscanf(line, "view %15s", s->view) == 1) continue;
    if (strncmp(line, "message ", 8) == 0) snprintf(s->message, sizeof s->message, "%s", line + 8);
    if (strncmp(line, "reason ", 7) == 0) snprintf(s->reason, sizeof s->reason, "%s", line + 7);
    if (strncmp(line, "title ", 6) == 0) snprintf(s->title, sizeof s->title, "%s", line + 6);
    if (strncmp(line, "last ", 5) == 0) snprintf(s->last, sizeof s->last, "%s", line + 5);
    if (sscanf(line, "theme %d", &s->theme) == 1 || sscanf(line, "sound %d", &s->sound) == 1) continue;
    if (sscanf(line, "numbers %d", &s->numbers) == 1) continue;
    if (sscanf(line, "sounds %d %15s", &s->sounds, s->last_sound) >= 1) continue;
    if (read_layout(s, line)) continue;
    int k = s->npoints;
    if (k < MAX_POINTS && sscanf(line, "point %7s %d %d", s->name[k], &s->x[k], &s->y[k]) == 3) s->npoints++;
  }
  fclose(f);
}

/* Screenshot 'name' of run 'r' with its state. */
static void load_shot(const run *r, const char *name, shot *s) {
  char path[256];
  memset(s, 0, sizeof *s);
  snprintf(path, sizeof path, "%s/%s.bmp", r->dir, name);
  SDL_Surface *raw = SDL_LoadBMP(path);
  cr_assert_not_null(raw, "no screenshot %s: %s", path, SDL_GetError());
  s->img = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
  SDL_FreeSurface(raw);
  cr_assert_not_null(s->img);
  snprintf(path, sizeof path, "%s/%s.bmp.txt", r->dir, name);
  read_state(s, path);
  cr_assert_eq(s->img->w, s->w, "the screenshot is the window's size");
}

static void free_shot(shot *s) { SDL_FreeSurface(s->img); }

static int shows_text(const shot *s, const char *text) {
  for (int i = 0; i < s->ntexts; i++)
    if (strcmp(s->text[i], text) == 0) return 1;
  return 0;
}

/* Every text of the shot, one per line: for a failure's message. */
static const char *all_texts(const shot *s) {
  static char all[MAX_TEXTS * 82];
  size_t n = 0;
  all[0] = '\0';
  for (int i = 0; i < s->ntexts && n + 82 < sizeof all; i++)
    n += (size_t)snprintf(all + n, sizeof all - n, "\n  %s", s->text[i]);
  return all;
}

typedef struct rgb {
  int r, g, b;
} rgb;

static rgb pixel(const shot *s, int x, int y) {
  cr_assert(x >= 0 && y >= 0 && x < s->img->w && y < s->img->h, "pixel %d,%d is outside the window", x, y);
  Uint32 p = ((const Uint32 *)s->img->pixels)[y * (s->img->pitch / 4) + x];
  return (rgb){(int)(p >> 16 & 255), (int)(p >> 8 & 255), (int)(p & 255)};
}

static int point_index(const shot *s, const char *name) {
  for (int i = 0; i < s->npoints; i++)
    if (strcmp(s->name[i], name) == 0) return i;
  cr_assert_fail("no point %s in the screenshot's state", name);
  return -1;
}

/* ------------------------------------------------------------- colours */

static int is_ivory(rgb c) { return c.r > 200 && c.g > 188 && c.b > 165; }
static int is_ebony(rgb c) { return c.r < 90 && c.g < 80 && c.b < 80 && abs(c.r - c.b) < 30; }
static int is_gold(rgb c) { return c.r > 200 && c.g > 120 && c.b < 75 && c.r - c.b > 140; }
static int is_ring(rgb c) { return c.b > 170 && c.b > c.r + 80; }
static int is_red(rgb c) { return c.r > 170 && c.g < 90 && c.b < 90; }
static int is_orange(rgb c) { return c.r > 200 && c.g > 100 && c.g < 190 && c.b < 80; }
/* A dark square, maybe tinted yellow for the last move. */
static int is_dark_wood(rgb c) {
  return c.r >= 130 && c.r <= 225 && c.g >= 85 && c.g <= 175 && c.b >= 45 && c.b <= 115;
}
static int is_light_wood(rgb c) { return c.r > 205 && c.g > 180 && c.b > 140 && c.b < 215; }
static int is_plain_wood(rgb c) { return c.r > 190 && c.g > 150 && c.g < 215 && c.b > 100 && c.b < 170; }
/* A line or a point's dot, or a dot under the amber glow of the last move. */
static int is_line(rgb c) {
  return (c.r < 150 && c.r > c.b + 30 && c.g < 115) || (c.r > 170 && c.g > 100 && c.g < 175 && c.b < 70);
}

static const char *describe(rgb c) {
  static char buf[64];
  snprintf(buf, sizeof buf, "rgb(%d,%d,%d)", c.r, c.g, c.b);
  return buf;
}

/* What the centre of a point shows: 'W' 'B' men, 'K' 'Q' white and black kings (the
** crown, on a light or dark rim), 'e' empty, '?' anything else. */
static char content(const shot *s, int i, int empty_ok(rgb)) {
  rgb c = pixel(s, s->x[i], s->y[i]), rim = pixel(s, s->x[i] - s->radius * 6 / 10, s->y[i]);
  if (is_gold(c)) return is_ivory(rim) ? 'K' : is_ebony(rim) ? 'Q' : '?';
  if (is_ivory(c)) return 'W';
  if (is_ebony(c)) return 'B';
  return empty_ok(c) ? 'e' : '?';
}

static int ringed(const shot *s, int i) { return is_ring(pixel(s, s->x[i] + s->radius * 86 / 100, s->y[i])); }

/* The outline just outside a piece (jumped: red; must capture: orange). */
static rgb outline(const shot *s, int i) { return pixel(s, s->x[i] + s->radius + s->radius / 12 + 1, s->y[i]); }

/* ------------------------------------------------------------ positions */

/* The pieces of a FEN like "W:Wc3,Kh2:Bd4" as 'W', 'K', 'B', 'Q' per point name. */
static char fen_piece(const char *fen, const char *point) {
  char buf[512];
  snprintf(buf, sizeof buf, "%s", fen);
  for (char *side = strtok(buf, ":"); side; side = strtok(NULL, ":")) {
    if (*side != 'W' && *side != 'B') continue;
    int black = *side == 'B';
    for (char *p = side + 1, *end; *p; p = end + (*end != '\0')) {
      end = p + strcspn(p, ",");
      int king = *p == 'K';
      if (king) p++;
      if ((size_t)(end - p) == strlen(point) && strncmp(p, point, (size_t)(end - p)) == 0)
        return black ? (king ? 'Q' : 'B') : (king ? 'K' : 'W');
    }
  }
  return 'e';
}

/* Every point of the shot shows what 'fen' puts there. */
static void check_position(const shot *s, const char *fen, int empty_ok(rgb)) {
  for (int i = 0; i < s->npoints; i++) {
    char want = fen_piece(fen, s->name[i]), got = content(s, i, empty_ok);
    cr_expect_eq(got, want, "%s shows '%c' (%s), the position has '%c'", s->name[i], got,
                 describe(pixel(s, s->x[i], s->y[i])), want);
  }
}

/* 'draughts moves' for a position: each move's first two points, from and first landing. */
typedef struct moves {
  int n;
  char from[256][8], to[256][8];
} moves;

static void legal_moves(const char *variant, const char *fen, moves *m) {
  char cmd[1024], line[256];
  snprintf(cmd, sizeof cmd, "'%s' moves %s%s%s%s", DRAUGHTS_EXE, variant, fen ? " --fen '" : "", fen ? fen : "",
           fen ? "'" : "");
  FILE *p = popen(cmd, "r");
  cr_assert_not_null(p);
  m->n = 0;
  while (m->n < 256 && fgets(line, sizeof line, p)) {
    size_t a = strcspn(line, "-x"), b = strcspn(line + a + 1, "-x\n");
    snprintf(m->from[m->n], 8, "%.*s", (int)a, line);
    snprintf(m->to[m->n], 8, "%.*s", (int)b, line + a + 1);
    m->n++;
  }
  cr_assert_eq(pclose(p), 0);
  cr_assert_gt(m->n, 0, "no legal moves in %s", fen ? fen : "the start position");
}

static int has_target(const moves *m, const char *from, const char *to) {
  for (int i = 0; i < m->n; i++)
    if (strcmp(m->from[i], from) == 0 && strcmp(m->to[i], to) == 0) return 1;
  return 0;
}

TestSuite(sdl, .timeout = 240);

/* ---------------------------------------------------------------- boards */

static void check_board(const char *variant, const char *fen, int empty_ok(rgb), void extra(const shot *)) {
  run r;
  shot s;
  char args[256];
  run_init(&r);
  snprintf(args, sizeof args, "%s --two-players --fen '%s'", variant, fen);
  play_ok(&r, NULL, args, "size 640 480\nshot @/board.bmp\nquit\n");
  load_shot(&r, "board", &s);
  cr_expect_str_eq(s.view, "game");
  cr_expect_gt(s.npoints, 0);
  check_position(&s, fen, empty_ok);
  if (extra) extra(&s);
  free_shot(&s);
  run_done(&r);
}

/* On a checkered board the squares between the points are light. */
static void light_between(const shot *s) {
  int a = point_index(s, "a1");
  cr_expect(is_light_wood(pixel(s, s->x[a] + s->cell, s->y[a])), "b1 is not a light square: %s",
            describe(pixel(s, s->x[a] + s->cell, s->y[a])));
}

/* On a board of lines, the ground away from the lines is wood, and a line runs a1-b1. */
static void ground_and_lines(const shot *s) {
  int a = point_index(s, "a1");
  rgb off = pixel(s, s->x[a] + s->cell / 2, s->y[a] - s->cell / 5), on = pixel(s, s->x[a] + s->cell / 2, s->y[a]);
  cr_expect(is_plain_wood(off) || is_light_wood(off), "the ground is %s", describe(off));
  cr_expect(is_line(on), "no line between a1 and b1: %s", describe(on));
}

Test(sdl, checkered_board) { check_board("brazilian", "W:Wa1,c3,Kh2:Bb8,Kd6,f6", is_dark_wood, light_between); }
Test(sdl, square_board) { check_board("turkish", "W:Wa2,Kd4,h3:Bc6,Kh7,e7", is_plain_wood, NULL); }
Test(sdl, board_of_lines) { check_board("alquerque", "W:Wa1,c3,e2:Bb4,e5,c5", is_line, ground_and_lines); }

/* ---------------------------------------------------------------- targets */

/* Clicks every piece that can move, one after the other, and checks that exactly its
** legal first landings are ringed. */
static void check_targets(const char *variant, const char *fen) {
  run r;
  moves m;
  char args[256], script[8192] = "size 640 480\n", *from[64];
  int nfrom = 0;
  legal_moves(variant, fen, &m);
  for (int i = 0; i < m.n; i++) {
    int seen = 0;
    for (int k = 0; k < nfrom; k++) seen |= strcmp(from[k], m.from[i]) == 0;
    if (!seen && nfrom < 64) from[nfrom++] = m.from[i];
  }
  for (int k = 0; k < nfrom; k++) {
    size_t used = strlen(script);
    snprintf(script + used, sizeof script - used, "click %s\nshot @/%d.bmp\nkey Escape\n", from[k], k);
  }
  strcat(script, "quit\n");
  run_init(&r);
  snprintf(args, sizeof args, "%s --two-players%s%s%s", variant, fen ? " --fen '" : "", fen ? fen : "", fen ? "'" : "");
  play_ok(&r, NULL, args, script);
  for (int k = 0; k < nfrom; k++) {
    shot s;
    char name[16];
    snprintf(name, sizeof name, "%d", k);
    load_shot(&r, name, &s);
    for (int i = 0; i < s.npoints; i++)
      cr_expect_eq(ringed(&s, i), has_target(&m, from[k], s.name[i]), "%s %s: %s is %sringed", variant, from[k],
                   s.name[i], ringed(&s, i) ? "" : "not ");
    free_shot(&s);
  }
  run_done(&r);
}

Test(sdl, targets_checkered) {
  check_targets("brazilian", NULL);
  check_targets("brazilian", "W:WKd4,c1:Bf6,b6");
}
Test(sdl, targets_squares) {
  check_targets("turkish", NULL);
  check_targets("turkish", "W:Wc3,Kh1:Bc4,c6,Kd8");
}
Test(sdl, targets_lines) {
  check_targets("alquerque", NULL);
  check_targets("alquerque", "W:Wc1,e1:Bc2,c4,b4");
}

/* ------------------------------------------------------------ multi-jump */

Test(sdl, multi_jump_by_clicks_and_undo) {
  run r;
  shot s;
  const char *fen = "W:Wc3,Kh2:Bd4,d6,Kb8";
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --fen 'W:Wc3,Kh2:Bd4,d6,Kb8'",
          "size 640 480\nshot @/0.bmp\nclick c3\nclick e5\nshot @/1.bmp\nclick c7\nshot @/2.bmp\n"
          "key u\nshot @/3.bmp\nquit\n");
  load_shot(&r, "0", &s);
  cr_expect(is_orange(outline(&s, point_index(&s, "c3"))), "c3 must capture: %s",
            describe(outline(&s, point_index(&s, "c3"))));
  cr_expect(!is_orange(outline(&s, point_index(&s, "h2"))), "h2 cannot capture");
  free_shot(&s);

  load_shot(&r, "1", &s); /* c3 landed on e5, jumping d4; c7 next */
  cr_expect_eq(content(&s, point_index(&s, "e5"), is_dark_wood), 'W');
  cr_expect_eq(content(&s, point_index(&s, "c3"), is_dark_wood), 'e');
  cr_expect_eq(content(&s, point_index(&s, "d4"), is_dark_wood), 'B', "the jumped piece stays until the move ends");
  cr_expect(is_red(outline(&s, point_index(&s, "d4"))), "d4 is not outlined in red: %s",
            describe(outline(&s, point_index(&s, "d4"))));
  cr_expect(!is_red(outline(&s, point_index(&s, "d6"))), "d6 is not jumped yet");
  for (int i = 0; i < s.npoints; i++)
    cr_expect_eq(ringed(&s, i), strcmp(s.name[i], "c7") == 0, "%s ringed?", s.name[i]);
  cr_expect_str_eq(s.message, "The capture goes on: choose the next landing point.");
  free_shot(&s);

  load_shot(&r, "2", &s); /* the move is played */
  cr_expect_eq(s.plies, 1);
  check_position(&s, "W:Wc7,Kh2:BKb8", is_dark_wood);
  free_shot(&s);

  load_shot(&r, "3", &s); /* and taken back */
  cr_expect_eq(s.plies, 0);
  check_position(&s, fen, is_dark_wood);
  free_shot(&s);
  run_done(&r);
}

Test(sdl, multi_jump_on_lines) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "alquerque --two-players --fen 'W:Wc1:Bc2,c4,b4,e5'",
          "size 640 480\nclick c1\nclick c3\nshot @/1.bmp\nclick c5\nshot @/2.bmp\nclick a3\nshot @/3.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect(is_red(outline(&s, point_index(&s, "c2"))), "c2 is jumped");
  for (int i = 0; i < s.npoints; i++)
    cr_expect_eq(ringed(&s, i), strcmp(s.name[i], "a5") == 0 || strcmp(s.name[i], "c5") == 0, "%s ringed?",
                 s.name[i]);
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect(is_red(outline(&s, point_index(&s, "c2"))) && is_red(outline(&s, point_index(&s, "c4"))));
  cr_expect_eq(content(&s, point_index(&s, "c5"), is_line), 'W');
  free_shot(&s);
  load_shot(&r, "3", &s);
  cr_expect_eq(s.plies, 1);
  check_position(&s, "W:Wa3:Be5", is_line);
  free_shot(&s);
  run_done(&r);
}

/* ------------------------------------------------------------- refusals */

Test(sdl, refused_clicks) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players",
          "size 640 480\nclick d4\nshot @/1.bmp\nclick b6\nshot @/2.bmp\nclick c3\nclick c5\nshot @/3.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect(strstr(s.message, "no piece there") != NULL, "message: %s", s.message);
  for (int i = 0; i < s.npoints; i++) cr_expect(!ringed(&s, i), "%s is ringed", s.name[i]);
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect(strstr(s.message, "black piece") != NULL, "message: %s", s.message);
  free_shot(&s);
  load_shot(&r, "3", &s);
  cr_expect(strstr(s.message, "cannot go to") != NULL, "message: %s", s.message);
  cr_expect_eq(s.plies, 0);
  free_shot(&s);
  run_done(&r);
}

/* ------------------------------------------------------ against the engine */

Test(sdl, computer_replies_with_animation) {
  run r;
  shot s;
  int white = 0, black = 0;
  run_init(&r);
  play_ok(&r, "SDL_VIDEODRIVER=dummy SDL_RENDER_DRIVER=software DRAUGHTS_SDL_ANIMATE=1", "brazilian --level 1",
          "size 640 480\nclick c3\nclick d4\nnow shot @/1.bmp\nshot @/2.bmp\nquit\n");
  load_shot(&r, "2", &s);
  cr_expect_eq(s.plies, 2, "the computer has replied");
  cr_expect(strncmp(s.message, "The computer played", 19) == 0, "message: %s", s.message);
  for (int i = 0; i < s.npoints; i++) {
    char c = content(&s, i, is_dark_wood);
    white += c == 'W', black += c == 'B';
  }
  cr_expect(white == 12 && black == 12, "%d white and %d black men", white, black);
  cr_expect_eq(content(&s, point_index(&s, "d4"), is_dark_wood), 'W');
  free_shot(&s);
  load_shot(&r, "1", &s); /* taken while c3-d4 slid: neither square holds the piece yet */
  cr_expect_eq(s.plies, 1);
  free_shot(&s);
  run_done(&r);
}

Test(sdl, scores_after_a_game) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --level 1 --profile ana",
          "click c3\nclick d4\nkey r\nshot @/1.bmp\nkey y\nshot @/2.bmp\nkey p\nshot @/3.bmp\n"
          "key Escape\nshot @/4.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_eq(s.ask, 5, "resign? is asked");
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect_eq(s.result, 2, "black wins");
  cr_expect(strncmp(s.message, "You lose", 8) == 0, "message: %s", s.message);
  free_shot(&s);
  load_shot(&r, "3", &s);
  cr_expect_str_eq(s.view, "scores");
  free_shot(&s);
  load_shot(&r, "4", &s);
  cr_expect_str_eq(s.view, "game");
  free_shot(&s);
  run_done(&r);
}

/* A friend's records beside one's own on the scores screen, and the mark a record beats. */
Test(sdl, the_scores_screen_shows_friends_and_marks) {
  run r;
  shot s;
  char cmd[1024];
  run_init(&r);
  snprintf(cmd, sizeof cmd,
           "cd '%s' && printf 'draughts-scores 2\\nnickname bob\\nrecord brazilian official 1 999 2 1 0\\nend\\n' "
           ">bob.scores && env -u DRAUGHTS_PLUGIN_PATH -u DRAUGHTS_PROFILE_DB HOME='%s' XDG_DATA_HOME='%s' '%s' scores "
           "--import bob.scores >/dev/null",
           r.dir, r.dir, r.dir, DRAUGHTS_EXE);
  cr_assert_eq(system(cmd), 0);
  play_ok(&r, NULL, "brazilian --level 1 --profile ana", "size 1080 720\nkey p\nshot @/1.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_str_eq(s.view, "scores");
  cr_expect(shows_text(&s, "bob") && shows_text(&s, "999"), "no friend's column:%s", all_texts(&s));
  cr_expect(shows_text(&s, "Brazilian draughts, official rules"), "the rules are not named");
  cr_expect(shows_text(&s, "Beats"), "no mark column");
  free_shot(&s);
  run_done(&r);
}

/* ------------------------------------------------------------- friends */

static int served; /* the server's pid, stopped after the test whatever became of it */

static void stop_server(void) {
  if (served > 0) kill(served, SIGTERM);
}

/* 'draughts serve' on a free loopback port, its store in the run's directory, with its
** port in '*port' once it says it serves. */
static void serve(const run *r, int *port) {
  char cmd[1024], path[128], out[512];
  snprintf(cmd, sizeof cmd,
           "cd '%s' && '%s' serve --listen 127.0.0.1:0 --store server.db >serve.out 2>serve.err & "
           "echo $! >'%s/serve.pid'",
           r->dir, DRAUGHTS_EXE, r->dir);
  cr_assert_eq(system(cmd), 0);
  snprintf(path, sizeof path, "%s/serve.pid", r->dir);
  slurp(path, out, sizeof out);
  served = atoi(out);
  snprintf(path, sizeof path, "%s/serve.out", r->dir);
  for (int i = 0; i < 200; i++, usleep(50000)) { /* a wait for the banner, not a timing */
    const char *at;
    slurp(path, out, sizeof out);
    if ((at = strstr(out, "serving on ws://127.0.0.1:")) && sscanf(at, "serving on ws://127.0.0.1:%d", port) == 1)
      return;
  }
  cr_assert_fail("the server did not start: %s", out);
}

/* A command line of 'draughts' as 'nick', with a store and a device key of their own, the
** 'sprint' test variant at hand; its output in 'out'.  Its exit status. */
static int as_player(const run *r, const char *nick, const char *args, char *out, size_t len) {
  char cmd[2048], path[128];
  snprintf(cmd, sizeof cmd,
           "cd '%s' && env HOME='%s' XDG_CONFIG_HOME='%s/%s' DRAUGHTS_PROFILE_DB='%s/%s.db' "
           "DRAUGHTS_PLUGIN_PATH='%s/scores:%s' %s --profile %s >'%s/%s.out' 2>&1",
           r->dir, r->dir, r->dir, nick, r->dir, nick, TEST_PLUGIN_DIR, PLUGIN_DIR, args, nick, r->dir, nick);
  int status = system(cmd);
  snprintf(path, sizeof path, "%s/%s.out", r->dir, nick);
  slurp(path, out, len);
  return status;
}

/* Friends on a real server on loopback: bob wins a game and invites; in the window ana
** sets the server on the menu's Friends line, accepts bob's code on the scores screen,
** sees his best beside hers, and makes an invitation of her own, which carl accepts. */
Test(sdl, the_scores_screen_invites_and_accepts_friends, .fini = stop_server) {
  run r;
  shot s;
  char out[4096], cmd[1024], script[1024], env[512], code[32] = "", mine[32] = "";
  int port = 0;
  run_init(&r);
  serve(&r, &port);
  snprintf(cmd, sizeof cmd, "'%s' friends --server 127.0.0.1:%d", DRAUGHTS_EXE, port);
  cr_assert_eq(as_player(&r, "bob", cmd, out, sizeof out), 0, "bob on the server: %s", out);
  snprintf(out, sizeof out, "%s/moves", r.dir);
  FILE *moves = fopen(out, "w");
  cr_assert_not_null(moves);
  fputs("a7-b8\nquit\n", moves); /* the one winning move of 'sprint' */
  fclose(moves);
  snprintf(cmd, sizeof cmd, "'%s' play sprint --level 1 --frontend line <moves", DRAUGHTS_EXE);
  as_player(&r, "bob", cmd, out, sizeof out);
  cr_assert(strstr(out, "you win: 790 points") != NULL, "bob's game: %s", out);
  snprintf(cmd, sizeof cmd, "'%s' friends invite", DRAUGHTS_EXE);
  cr_assert_eq(as_player(&r, "bob", cmd, out, sizeof out), 0, "bob's invitation: %s", out);
  cr_assert_eq(sscanf(out, "invitation code: %31s", code), 1, "no code: %s", out);
  snprintf(env, sizeof env, HEADLESS " DRAUGHTS_PLUGIN_PATH='%s/scores:%s'", TEST_PLUGIN_DIR, PLUGIN_DIR);
  snprintf(script, sizeof script,
           "size 1080 720\nkey n\nkey Down\nkey Down\nkey Down\nkey Down\nkey Down\nkey Down\ntext 127.0.0.1:%d\n"
           "key Return\nshot @/1.bmp\nkey Escape\nkey p\nkey a\ntext %s\nkey Return\nshot @/2.bmp\nkey i\n"
           "shot @/3.bmp\nquit\n", port, code);
  play_ok(&r, env, "sprint --level 1 --profile ana", script);
  load_shot(&r, "1", &s);
  cr_expect(shows_text(&s, "Friends"), "no Friends line on the menu");
  cr_expect(shows_text(&s, "Up/Down: line   Left/Right: change   Enter: start   Esc: back   q: quit"),
            "the menu with its Friends line pushes its keys line out of the window");
  cr_expect(strstr(s.message, "Friends are on 127.0.0.1:") != NULL, "message: %s", s.message);
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect_str_eq(s.view, "scores");
  cr_expect(shows_text(&s, "bob and you are friends: you see each other's bests"), "the code was not accepted:%s",
            all_texts(&s));
  cr_expect(shows_text(&s, "bob") && shows_text(&s, "790"), "no column with bob's best:%s", all_texts(&s));
  free_shot(&s);
  load_shot(&r, "3", &s);
  for (int i = 0; i < s.ntexts && !*mine; i++) sscanf(s.text[i], "Invitation code: %31[a-z0-9]", mine);
  cr_expect(*mine, "no invitation code on the scores screen:%s", all_texts(&s));
  free_shot(&s);
  snprintf(cmd, sizeof cmd, "'%s' friends accept '%s' --server 127.0.0.1:%d", DRAUGHTS_EXE, mine, port);
  cr_expect_eq(as_player(&r, "carl", cmd, out, sizeof out), 0, "carl cannot accept ana's code: %s", out);
  cr_expect(strstr(out, "ana and you are friends") != NULL, "carl: %s", out);
  run_done(&r);
}

/* A click on a move of the list shows the game after it; End goes back to the game.  The
** list's buttons are KEY_MOVE(ply) of frontends/sdl/gui.h: 262144 is the first move's. */
Test(sdl, a_click_on_a_move_looks_back_at_the_game) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players",
          "size 1080 720\nclick c3\nclick d4\nclick f6\nclick e5\nclickkey 262144\nshot @/1.bmp\nkey End\n"
          "shot @/2.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  cr_expect_eq(content(&a, point_index(&a, "d4"), is_dark_wood), 'W', "after c3-d4");
  cr_expect_eq(content(&a, point_index(&a, "f6"), is_dark_wood), 'B', "f6-e5 is not played yet there");
  cr_expect_eq(a.plies, 2, "the game itself stays where it is");
  cr_expect_eq(content(&b, point_index(&b, "e5"), is_dark_wood), 'B', "back to the game");
  free_shot(&a), free_shot(&b);
  run_done(&r);
}

Test(sdl, a_draw_offer_and_a_clock_between_two_people) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --clock 5+3",
          "size 1080 720\nshot @/1.bmp\nkey d\nshot @/2.bmp\nkey y\nshot @/3.bmp\nquit\n");
  load_shot(&r, "1", &a);
  int clocks = 0, m, sec;
  for (int i = 0; i < a.ntexts; i++) clocks += sscanf(a.text[i], "%d:%d", &m, &sec) == 2 && (m == 5 || m == 4);
  cr_expect_eq(clocks, 2, "each side's time beside its name");
  free_shot(&a);
  load_shot(&r, "2", &a);
  cr_expect_eq(a.ask, 6, "the draw is put to the other player");
  cr_expect(shows_text(&a, "White offers a draw. Black, do you accept?"), "the question");
  load_shot(&r, "3", &b);
  cr_expect_eq(b.result, 3, "a draw agreed");
  cr_expect_str_eq(b.reason, "a draw agreed");
  free_shot(&a), free_shot(&b);
  run_done(&r);
}

/* ------------------------------------------------- themes, sounds, numbers */

Test(sdl, a_light_and_a_dark_board) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --theme dark", "size 640 480\nshot @/1.bmp\nkey t\nshot @/2.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  int i = point_index(&a, "d4"), j = point_index(&a, "a1");
  rgb dark = pixel(&a, a.x[i], a.y[i]), light_sq = pixel(&a, a.x[j] + a.cell, a.y[j]);
  cr_expect(dark.r < 110 && dark.g < 130, "the dark board's squares: %s", describe(dark));
  cr_expect(light_sq.r < 190, "the dark board's light squares: %s", describe(light_sq));
  cr_expect_eq(b.theme, 0, "t goes on to the next board (wood)");
  cr_expect(is_dark_wood(pixel(&b, b.x[i], b.y[i])), "the wooden board again");
  free_shot(&a), free_shot(&b);
  play_ok(&r, NULL, "brazilian --two-players --theme light", "size 640 480\nshot @/3.bmp\nquit\n");
  load_shot(&r, "3", &a);
  rgb lit = pixel(&a, a.x[j] + a.cell, a.y[j]);
  cr_expect(lit.r > 245 && lit.g > 235, "the light board's light squares: %s", describe(lit));
  free_shot(&a);
  play(&r, NULL, "brazilian --theme nosuch", "quit\n");
  cr_expect(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 1, "an unknown theme must fail");
  cr_expect(strstr(r.err, "no theme 'nosuch' in the window (themes: wood, light, dark)"), "the error: %s", r.err);
  run_done(&r);
}

Test(sdl, moves_captures_and_the_end_sound) {
  run r;
  shot a, b, c;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --fen W:Wc3,h2:Bf6,h8",
          "size 640 480\nclick c3\nclick d4\nshot @/1.bmp\nclick f6\nclick e5\nclick d4\nclick f6\nshot @/2.bmp\n"
          "key v\nshot @/3.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  load_shot(&r, "3", &c);
  cr_expect(a.sounds == 1 && strcmp(a.last_sound, "move") == 0, "%d sounds, last %s", a.sounds, a.last_sound);
  cr_expect(b.sounds == 3 && strcmp(b.last_sound, "capture") == 0, "%d sounds, last %s", b.sounds, b.last_sound);
  cr_expect_eq(c.sound, 0, "v turns the sound off");
  free_shot(&a), free_shot(&b), free_shot(&c);
  play_ok(&r, NULL, "brazilian --two-players --fen W:Wc3:Bd4 --sound off",
          "size 640 480\nclick c3\nclick e5\nshot @/4.bmp\nquit\n");
  load_shot(&r, "4", &a);
  cr_expect(a.sound == 0 && a.sounds == 0, "--sound off: %d sounds", a.sounds);
  free_shot(&a);
  play_ok(&r, NULL, "brazilian --two-players --fen W:Wc3:Bd4",
          "size 640 480\nclick c3\nclick e5\nshot @/5.bmp\nquit\n");
  load_shot(&r, "5", &a);
  cr_expect(a.sounds == 2 && strcmp(a.last_sound, "end") == 0, "the end of the game: %d, %s", a.sounds, a.last_sound);
  free_shot(&a);
  run_done(&r);
}

/* Numbers on request, where the board has them: 1 = b8 ... 32 = g1 in Brazilian draughts. */
Test(sdl, the_board_shows_its_numbers_on_request) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --numbers", "size 640 480\nshot @/1.bmp\nkey b\nshot @/2.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  int i = point_index(&a, "b8"), found = 0;
  for (int k = 0; k < a.ntexts; k++)
    found |= strcmp(a.text[k], "1") == 0 && abs(a.text_box[k].x - (a.x[i] - a.cell / 2)) < a.cell / 4 &&
             abs(a.text_box[k].y - (a.y[i] - a.cell / 2)) < a.cell / 4;
  cr_expect(found, "no 1 in the corner of b8");
  cr_expect_eq(a.numbers, 1);
  cr_expect_eq(b.numbers, 0, "b turns them off");
  free_shot(&a), free_shot(&b);
  run_done(&r);
}

/* ----------------------------------------------------------- the window */

Test(sdl, flip_and_resize) {
  run r;
  shot a, b, c;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --fen 'W:Wc3:Bf6'",
          "size 640 480\nshot @/1.bmp\nkey f\nshot @/2.bmp\nkey f\nsize 420 640\nshot @/3.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  load_shot(&r, "3", &c);
  int i = point_index(&a, "c3"), j = point_index(&a, "f6");
  cr_expect(b.x[i] == a.x[j] && b.y[i] == a.y[j], "flipped, c3 is where f6 was");
  check_position(&b, "W:Wc3:Bf6", is_dark_wood);
  cr_expect(c.w == 420 && c.h == 640, "the window was resized to %dx%d", c.w, c.h);
  cr_expect(c.y[point_index(&c, "c3")] < c.h * 3 / 4, "a tall window puts the board at the top");
  check_position(&c, "W:Wc3:Bf6", is_dark_wood);
  free_shot(&a), free_shot(&b), free_shot(&c);
  run_done(&r);
}

Test(sdl, save_and_load) {
  run r;
  shot s;
  char path[128], pdn[4096];
  run_init(&r);
  play_ok(&r, NULL, "turkish --two-players",
          "click c3\nclick c4\nkey s\ntext @/game.pdn\nkey Return\nshot @/1.bmp\nkey u\n"
          "key l\nkey Return\nshot @/2.bmp\nquit\n");
  snprintf(path, sizeof path, "%s/game.pdn", r.dir);
  slurp(path, pdn, sizeof pdn);
  cr_expect(strstr(pdn, "c3-c4") != NULL, "the saved game: %s", pdn);
  load_shot(&r, "1", &s);
  cr_expect(strncmp(s.message, "Saved to", 8) == 0, "message: %s", s.message);
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect_eq(s.plies, 1, "loaded back");
  cr_expect(strncmp(s.message, "Loaded", 6) == 0, "message: %s", s.message);
  cr_expect_eq(content(&s, point_index(&s, "c4"), is_plain_wood), 'W');
  free_shot(&s);
  run_done(&r);
}

Test(sdl, game_over_help_and_menu) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --two-players --fen 'W:Wc3:Bd4'",
          "click c3\nclick e5\nshot @/1.bmp\nkey shift+/\nshot @/2.bmp\nkey Escape\nkey n\nshot @/3.bmp\n"
          "key Return\nshot @/4.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_eq(s.result, 1, "white wins");
  cr_expect(strlen(s.reason) > 0);
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect_str_eq(s.view, "help");
  free_shot(&s);
  load_shot(&r, "3", &s);
  cr_expect_str_eq(s.view, "menu");
  free_shot(&s);
  load_shot(&r, "4", &s);
  cr_expect_str_eq(s.view, "game");
  cr_expect_eq(s.plies, 0, "a new game");
  free_shot(&s);
  run_done(&r);
}

Test(sdl, menu_without_a_variant) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "", "shot @/1.bmp\nkey Down\nkey Down\nkey Right\nkey Right\nkey Return\nshot @/2.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_str_eq(s.view, "menu");
  free_shot(&s);
  load_shot(&r, "2", &s);
  cr_expect_str_eq(s.view, "game");
  cr_expect_gt(s.npoints, 0);
  free_shot(&s);
  run_done(&r);
}

/* ---------------------------------------------------------------- layout */

static int overlap(box a, box b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }
static int inside(box a, box in) {
  return a.x >= in.x && a.y >= in.y && a.x + a.w <= in.x + in.w && a.y + a.h <= in.y + in.h;
}

/* No text is drawn over another. */
static void no_text_overlaps(const shot *s) {
  for (int i = 0; i < s->ntexts; i++)
    for (int j = i + 1; j < s->ntexts; j++)
      cr_expect(!overlap(s->text_box[i], s->text_box[j]), "'%s' is drawn over '%s'", s->text[i], s->text[j]);
}

/* Every text of the panel stays in it, so none is cut by its edge. */
static void panel_texts_fit(const shot *s) {
  for (int i = 0; i < s->ntexts; i++)
    if (overlap(s->text_box[i], s->panel))
      cr_expect(inside(s->text_box[i], s->panel), "'%s' leaves the panel (%d+%d > %d)", s->text[i], s->text_box[i].x,
                s->text_box[i].w, s->panel.x + s->panel.w);
}

/* The button with 'key' drawn last, on top of any other (the card's over the panel's). */
static int button_of(const shot *s, int key) {
  for (int i = s->nbuttons - 1; i >= 0; i--)
    if (s->button_key[i] == key) return i;
  cr_assert_fail("no button %d", key);
  return -1;
}

/* The menu's buttons: MENU_KEY(row, part) in frontends/sdl/menu.c. */
#define MENU_MORE(row) (0x10000 + (row) * 4 + 2)
enum { ROW_GAME, ROW_RULES, ROW_OPPONENT, ROW_LEVEL };

Test(sdl, the_menus_arrows_change_the_value) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "--level 2",
          "size 1080 720\nshot @/0.bmp\nclickkey 65550\nclickkey 65538\nshot @/1.bmp\nquit\n");
  load_shot(&r, "0", &a);
  load_shot(&r, "1", &b);
  cr_expect_eq(button_of(&a, MENU_MORE(ROW_GAME)) >= 0, 1);
  cr_expect_neq(b.form[ROW_GAME], a.form[ROW_GAME], "'>' on the game's row did not change the game");
  cr_expect_eq(b.form[ROW_LEVEL], 3, "'>' on the level's row: level %d", b.form[ROW_LEVEL]);
  free_shot(&a), free_shot(&b);
  run_done(&r);
}

/* Once the computer's move has slid home, the window shows it at rest with its
** markers, without waiting for the mouse to move ('look' takes the window as shown). */
Test(sdl, the_last_move_shows_once_the_slide_ends) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, "SDL_VIDEODRIVER=dummy SDL_RENDER_DRIVER=software DRAUGHTS_SDL_ANIMATE=1", "brazilian --level 1",
          "size 640 480\nclick c3\nclick d4\nlook @/1.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_assert_eq(s.plies, 2, "the computer replied: %s", s.last);
  char from[8];
  snprintf(from, sizeof from, "%.*s", (int)strcspn(s.last, "-x"), s.last);
  int i = point_index(&s, from), plain = point_index(&s, "h4"); /* black's first move never reaches rank 4 */
  rgb c = pixel(&s, s.x[i], s.y[i]), d = pixel(&s, s.x[plain], s.y[plain]);
  cr_expect(c.g > d.g + 15, "the computer's move %s is not tinted: %s at %s against %d at h4", s.last, describe(c),
            from, d.g);
  free_shot(&s);
  run_done(&r);
}

Test(sdl, a_new_game_warning_keeps_off_the_keys_line) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "brazilian --level 1", "size 1080 720\nclick c3\nclick d4\nkey n\nshot @/1.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_str_eq(s.view, "menu");
  cr_expect(shows_text(&s, "Starting a new game now counts as resigning the one on the board."));
  no_text_overlaps(&s);
  free_shot(&s);
  run_done(&r);
}

Test(sdl, a_tall_window_keeps_texts_and_buttons_in_their_places) {
  run r;
  shot a, b;
  run_init(&r);
  play_ok(&r, NULL, "turkish --level 1", "size 620 880\nshot @/1.bmp\nquit\n");
  load_shot(&r, "1", &a);
  panel_texts_fit(&a);
  cr_expect(shows_text(&a, "Turkish draughts (dama)") || strstr(a.title, "Turkish"), "the title");
  free_shot(&a);
  play_ok(&r, NULL, "turkish --two-players --fen W:Wc3,h2:Bc4",
          "size 620 880\nclick c3\nclick c5\nshot @/2.bmp\nquit\n");
  load_shot(&r, "2", &b);
  cr_assert_eq(b.result, 1, "white wins");
  cr_expect_gt(b.card.w, 0, "no game-over card");
  static const int keys[] = {'n', 'u', 27};
  for (int k = 0; k < 3; k++) {
    int i = button_of(&b, keys[k]);
    cr_expect(inside(b.button[i], b.card), "button %d sticks out of the card", keys[k]);
  }
  free_shot(&b);
  run_done(&r);
}

/* A long game (29 moves, the computer against itself at level 1): the move list fills the
** panel, and the wheel scrolls back to move 1. */
static const char long_game[] =
    "[GameType \"26\"]\n[Rules \"official\"]\n\n"
    "1. 22-18 11-16 2. 25-22 9-14 3. 18x9 5x14 4. 23-19 16x23 5. 27x9 6x13 6. 21-17 10-14 7. 17x10 7x14 "
    "8. 31-27 12-16 9. 29-25 8-12 10. 24-19 16x23 11. 27x9 13x6 12. 22-17 4-8 13. 26-22 8-11 14. 22-18 1-5 "
    "15. 25-21 6-10 16. 17-13 2-6 17. 28-24 12-16 18. 30-25 5-9 19. 21-17 16-20 20. 24-19 3-7 21. 19-16 10-15 "
    "22. 25-22 20-24 23. 32-28 11x20 24. 28x1 20-24 25. 1x28 7-11 26. 13x6 11-16 27. 6-2 16-20 28. 28-6 20-24 "
    "29. 6x28 1-0\n";

Test(sdl, the_move_list_fills_the_panel_and_scrolls) {
  run r;
  shot a, b;
  char cmd[256];
  run_init(&r);
  snprintf(cmd, sizeof cmd, "%s/long.pdn", r.dir);
  FILE *f = fopen(cmd, "w");
  cr_assert_not_null(f);
  fputs(long_game, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "--load '%s/long.pdn'", r.dir);
  play_ok(&r, NULL, cmd, "size 1270 890\nshot @/1.bmp\nwheel 200 600\nshot @/2.bmp\nquit\n");
  load_shot(&r, "1", &a);
  load_shot(&r, "2", &b);
  int rows = 0;
  for (int i = 0; i < a.ntexts; i++) {
    int n;
    char dot;
    rows += sscanf(a.text[i], "%d%c", &n, &dot) == 2 && dot == '.' && a.text_box[i].x > a.panel.x;
  }
  cr_expect_geq(rows, 5, "%d rows of moves in a 1270x890 window", rows);
  cr_expect(!shows_text(&a, "1."), "the latest moves are shown first");
  cr_expect(shows_text(&b, "1."), "the wheel did not scroll back to the first move");
  panel_texts_fit(&a);
  free_shot(&a), free_shot(&b);
  run_done(&r);
}

/* ------------------------------------------------------- capture part-way */

Test(sdl, turkish_jumped_pieces_leave_as_they_are_jumped) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "turkish --two-players --fen W:Wc3:Bc4,c6,Ka8",
          "size 640 480\nclick c3\nclick c5\nshot @/1.bmp\nquit\n");
  load_shot(&r, "1", &s);
  int c4 = point_index(&s, "c4");
  cr_expect_eq(content(&s, c4, is_plain_wood), 'e', "c4 still shows a piece once jumped");
  cr_expect(!is_red(outline(&s, c4)), "c4 is outlined although it left the board");
  cr_expect_eq(content(&s, point_index(&s, "c6"), is_plain_wood), 'B', "c6 is not jumped yet");
  free_shot(&s);
  run_done(&r);
}

Test(sdl, a_man_crowned_mid_capture_wears_its_crown) {
  run r;
  shot s;
  run_init(&r);
  play_ok(&r, NULL, "turkish --rules wikipedia --two-players --fen W:Wc6,h2:Bc7,e8,Ka1",
          "size 640 480\nclick c6\nclick c8\nshot @/1.bmp\nquit\n");
  load_shot(&r, "1", &s);
  cr_expect_eq(content(&s, point_index(&s, "c8"), is_plain_wood), 'K', "the man crowned on c8 shows no crown");
  free_shot(&s);
  run_done(&r);
}

/* ------------------------------------------------------------- refusals */

/* The environment of a run on SDL's X11 driver, with 'extra' settings.  That driver leaves
** a few bytes in libX11, libdbus and the X extension libraries it unloads at exit, where
** LeakSanitizer cannot name them: leaks are checked with the dummy driver, not here. */
static void x11_env(char *env, size_t len, const char *extra) {
  const char *opts = getenv("ASAN_OPTIONS");
  snprintf(env, len, "-u SDL_VIDEODRIVER -u SDL_RENDER_DRIVER -u WAYLAND_DISPLAY %s "
                     "ASAN_OPTIONS='%s%sdetect_leaks=0'", extra, opts ? opts : "", opts && *opts ? ":" : "");
}

/* A DISPLAY nobody answers: one line and an exit, not a window nobody sees. */
Test(sdl, an_unreachable_display_is_a_one_line_error) {
  run r;
  char env[512];
  run_init(&r);
  x11_env(env, sizeof env, "DISPLAY=:55");
  play_under(&r, "timeout 30", env, "brazilian", "quit\n");
  cr_expect(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 1, "exit %d: %s", WEXITSTATUS(r.status), r.err);
  cr_expect(strstr(r.err, "no display") && strstr(r.err, ":55"), "the error: %s", r.err);
  cr_expect_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1, "one line: %s", r.err);
  run_done(&r);
}

Test(sdl, no_display) {
  run r;
  run_init(&r);
  play(&r, "-u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER", "brazilian", "quit\n");
  cr_expect(WIFEXITED(r.status) && WEXITSTATUS(r.status) != 0, "it must fail");
  cr_expect(strstr(r.err, "no display") && strstr(r.err, "--frontend tty"), "the error: %s", r.err);
  cr_expect_eq(strchr(r.err, '\n'), r.err + strlen(r.err) - 1, "one line: %s", r.err);
  run_done(&r);
}

/* xvfb-run from its own display number up: two at once from the same number (the tests
** below, run side by side with --jobs 2) both find it free, and the second X server fails. */
#define XVFB_RUN(first_display) "xvfb-run -a -n " #first_display " -s '-screen 0 1280x800x24'"

/* The real thing under X (Xvfb; xvfb-run needs xauth): the X11 video driver and whatever
** renderer it picks (see 'x11_env'). */
Test(sdl, under_x) {
  run r;
  shot s;
  if (system("command -v xvfb-run >/dev/null && command -v xauth >/dev/null") != 0)
    cr_skip_test("xvfb-run or xauth is not installed");
  run_init(&r);
  char env[512];
  x11_env(env, sizeof env, "");
  play_under(&r, XVFB_RUN(100), env, "brazilian --two-players",
             "click c3\nshot @/1.bmp\nquit\n");
  cr_assert(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0, "under Xvfb: %s", r.err);
  load_shot(&r, "1", &s);
  for (int i = 0; i < s.npoints; i++) {
    int target = strcmp(s.name[i], "b4") == 0 || strcmp(s.name[i], "d4") == 0;
    cr_expect_eq(ringed(&s, i), target, "%s ringed?", s.name[i]);
  }
  cr_expect_eq(content(&s, point_index(&s, "c3"), is_dark_wood), 'W');
  cr_expect_eq(content(&s, point_index(&s, "f6"), is_dark_wood), 'B');
  free_shot(&s);
  run_done(&r);
}

/* Under X the window's title names the game: what a window manager shows is the UTF-8
** _NET_WM_NAME, which needs text in a UTF-8 character set.  A watcher reads it with xprop
** (polling until the window is there), then lets the script end. */
Test(sdl, the_window_title_names_the_game_under_x) {
  run r;
  char watch[256], wrap[512], title[256];
  if (system("command -v xvfb-run >/dev/null && command -v xauth >/dev/null && command -v xprop >/dev/null") != 0)
    cr_skip_test("xvfb-run, xauth or xprop is not installed");
  run_init(&r);
  snprintf(watch, sizeof watch, "%s/watch.sh", r.dir);
  FILE *f = fopen(watch, "w");
  cr_assert_not_null(f);
  fprintf(f, "\"$@\" & pid=$!\nfor i in $(seq 300); do\n"
             "  for id in $(xwininfo -root -tree |\n"
             "      sed -n 's/^ *\\(0x[0-9a-f]*\\) .*(\"draughts\" \"draughts\").*/\\1/p'); do\n"
             "    t=$(xprop -id $id _NET_WM_NAME); case $t in *Brazilian*) echo \"$t\" >%s/title; break 2 ;; esac\n"
             "  done; sleep 0.1\ndone\ntouch %s/done\nwait $pid\n", r.dir, r.dir);
  fclose(f);
  char env[512];
  x11_env(env, sizeof env, "-u LC_ALL -u LC_CTYPE LANG=C");
  snprintf(wrap, sizeof wrap, XVFB_RUN(200) " sh '%s'", watch);
  play_under(&r, wrap, env, "brazilian --two-players", "await @/done\nquit\n");
  cr_assert(WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0, "under Xvfb: %s", r.err);
  snprintf(watch, sizeof watch, "%s/title", r.dir);
  slurp(watch, title, sizeof title);
  cr_expect(strstr(title, "Brazilian draughts") != NULL, "the window's _NET_WM_NAME: '%s'", title);
  run_done(&r);
}

/* Without sdl.so (SDL not installed when it was built), the usual error, and the
** rest still plays: a copy of draughts beside a plugin directory with a variant only. */
Test(sdl, without_the_plugin) {
  run r;
  char cmd[1024];
  const char *env = "env -u DRAUGHTS_PLUGIN_PATH HOME=. XDG_DATA_HOME=.";
  run_init(&r);
  snprintf(cmd, sizeof cmd, "cd '%s' && mkdir plugins && cp '%s' . && cp '%s/brazilian.so' plugins/", r.dir,
           DRAUGHTS_EXE, PLUGIN_DIR);
  cr_assert_eq(system(cmd), 0);
  snprintf(cmd, sizeof cmd, "cd '%s' && %s ./draughts play brazilian --frontend sdl 2>err", r.dir, env);
  int status = system(cmd);
  cr_expect(WIFEXITED(status) && WEXITSTATUS(status) != 0, "it must fail");
  snprintf(cmd, sizeof cmd, "%s/err", r.dir);
  slurp(cmd, r.err, sizeof r.err);
  cr_expect(strstr(r.err, "front end 'sdl' not found") != NULL, "the error: %s", r.err);
  snprintf(cmd, sizeof cmd, "cd '%s' && printf 'c3-d4\\nquit\\n' | %s ./draughts play brazilian >out 2>&1 && "
           "grep -q 'last move: c3-d4' out", r.dir, env);
  cr_expect_eq(system(cmd), 0, "line mode still plays");
  run_done(&r);
}

Test(sdl, bad_script) {
  run r;
  run_init(&r);
  play(&r, NULL, "brazilian", "click z9\n");
  cr_expect(WIFEXITED(r.status) && WEXITSTATUS(r.status) != 0);
  cr_expect(strstr(r.err, "script line 1") != NULL, "the error: %s", r.err);
  run_done(&r);
}
