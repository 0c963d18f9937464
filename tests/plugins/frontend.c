/*
** frontend.c — front-end plugins for the tests.  TESTFE_good prints what the host
** tells it (so the loader, 'play --frontend' and the host table are tested without a
** terminal); TESTFE_nostart cannot start; the others must be refused by the loader.
*/
#include <stdio.h>

#include <draughts/frontend.h>

static int probe(char *why, size_t len) {
#ifdef TESTFE_nostart
  snprintf(why, len, "no display: DISPLAY is not set");
  return -1;
#else
  (void)why, (void)len;
  return 0;
#endif
}

/* Plays the first legal move for White, then prints the game as the host sees it. */
static int run(const dr_host *h, dr_session *s, char *why, size_t len) {
  dr_status st;
  const dr_move *moves;
  char text[128];
  if (!h->has_game(s)) return snprintf(why, len, "no game to show"), -1;
  int n = h->legal_moves(s, &moves);
  if (n > 0 && h->play(s, &moves[0])) return snprintf(why, len, "%s", h->error(s)), -1;
  DR_INIT(st);
  h->status(s, &st);
  h->move_at(s, 0, NULL, text, sizeof text);
  printf("testfe: %s, %d legal moves, played %s, %s to move\n", st.variant, n, text,
         st.turn == DR_WHITE ? "white" : "black");
  return 0;
}

static dr_frontend descriptor = {
    DR_FRONTEND_ABI_VERSION, sizeof(dr_frontend),
#ifdef TESTFE_nostart
    "nostart",
#else
    "testfe",
#endif
    "a front end for the tests", probe, run,
};

DR_EXPORT const dr_frontend *dr_frontend_entry(void) {
#if defined(TESTFE_newer_abi)
  descriptor.abi_version = DR_FRONTEND_ABI_VERSION + 1;
#elif defined(TESTFE_no_run)
  descriptor.run = NULL;
#endif
  return &descriptor;
}
