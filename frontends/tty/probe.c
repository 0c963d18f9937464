/*
** probe.c — can the terminal front end start here?  Apart from the rest because
** <term.h> defines macros ('lines', 'columns') that clash with the SDK's names.
*/
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <unistd.h>

int tty_probe(char *why, size_t len);

static int refuse(char *why, size_t len, const char *fmt, const char *arg) {
  snprintf(why, len, fmt, arg);
  return -1;
}

/* Both ends a terminal, and a TERM that ncurses has a description of. */
int tty_probe(char *why, size_t len) {
  const char *term = getenv("TERM");
  int status = 0;
  if (!isatty(STDIN_FILENO)) return refuse(why, len, "%s", "standard input is not a terminal");
  if (!isatty(STDOUT_FILENO)) return refuse(why, len, "%s", "standard output is not a terminal");
  if (!term || !*term) return refuse(why, len, "%s", "TERM is not set");
  if (strcmp(term, "dumb") == 0)
    return refuse(why, len, "%s", "TERM is 'dumb': this terminal cannot place the cursor");
  if (setupterm(term, STDOUT_FILENO, &status) != OK)
    return refuse(why, len, "no terminal description (terminfo) for TERM '%s'", term);
  del_curterm(cur_term);
  return 0;
}
