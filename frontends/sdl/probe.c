/*
** probe.c — can the SDL front end start here?  It needs a display to open a window on
** and the DejaVu Sans font; either missing gives one line that says what to do.  The
** video is started here, the same way for the probe and for the game.
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

/* SDL's video on the display the environment names, and only there: left to itself SDL
** tries every driver it has, so an unreachable DISPLAY would end in its off-screen driver
** (a window nobody sees, polled for ever) after Wayland's warnings.  A driver named in
** SDL_VIDEODRIVER (the headless tests' 'dummy') is used as asked. */
int gui_video_start(char *why, size_t len) {
  char what[512];
  const char *asked = getenv("SDL_VIDEODRIVER");
  if (!set("DISPLAY") && !set("WAYLAND_DISPLAY") && !set("SDL_VIDEODRIVER"))
    return refuse(why, len, "no display: neither DISPLAY nor WAYLAND_DISPLAY is set");
  if (!(asked && *asked)) SDL_SetHint(SDL_HINT_VIDEODRIVER, set("WAYLAND_DISPLAY") ? "wayland,x11" : "x11");
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    const char *display = getenv(set("WAYLAND_DISPLAY") ? "WAYLAND_DISPLAY" : "DISPLAY");
    snprintf(what, sizeof what, "no display: SDL cannot open the display '%s' (%s)", display ? display : "",
             SDL_GetError());
    return refuse(why, len, what);
  }
  return 0;
}

/* A display to open, and the font. */
int gui_probe(char *why, size_t len) {
  if (access(FONT_PATH, R_OK) != 0) {
    snprintf(why, len, "the font %s is missing (install the Debian package %s)", FONT_PATH, FONT_PACKAGE);
    return -1;
  }
  if (gui_video_start(why, len)) return -1;
  SDL_Quit();
  return 0;
}
