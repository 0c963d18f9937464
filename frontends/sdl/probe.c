/*
** probe.c — can the SDL front end start here?  It needs a display to open a window on
** and the DejaVu Sans font; either missing gives one line that says what to do.
*/
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gui.h"

static int refuse(char *why, size_t len, const char *what) {
  snprintf(why, len, "%s; play in the terminal with --frontend tty", what);
  return -1;
}

static int set(const char *name) {
  const char *v = getenv(name);
  return v && *v;
}

/* A display to open: an X or Wayland one, or a video driver asked for by name (which
** is how tests run it headless); and SDL's video must start on it. */
int gui_probe(char *why, size_t len) {
  char what[512];
  if (!set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("SDL_VIDEODRIVER"))
    return refuse(why, len, "no display: neither DISPLAY nor WAYLAND_DISPLAY is set");
  if (access(FONT_PATH, R_OK) != 0) {
    snprintf(what, sizeof what, "the font %s is missing (install the Debian package %s)", FONT_PATH, FONT_PACKAGE);
    snprintf(why, len, "%s", what);
    return -1;
  }
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    snprintf(what, sizeof what, "no display: SDL cannot start its video (%s)", SDL_GetError());
    return refuse(why, len, what);
  }
  SDL_Quit();
  return 0;
}
