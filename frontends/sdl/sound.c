/*
** sound.c — a click for a move, two notes for a capture, a chord for the end of the
** game: tones made here (no sound files), queued on SDL2's audio device.  Sound is on
** unless '--sound off' says otherwise; 'v' turns it off and on.  Where there is nothing
** to play on (no sound card, no sound server) the window stays silent without a word.
*/
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gui.h"

#define RATE 44100
#define MAX_SAMPLES (RATE * 2)

static const char *const sound_names[] = {"move", "capture", "end"};

/* The notes of each sound: frequency (Hz) and length (ms); a rest has no frequency. */
static const struct note {
  float hz;
  int ms;
} tunes[SOUND_COUNT][4] = {
    [SOUND_MOVE] = {{740, 45}},
    [SOUND_CAPTURE] = {{660, 60}, {0, 15}, {990, 80}},
    [SOUND_END] = {{523, 140}, {659, 140}, {784, 260}},
};

/* Somewhere to play: a driver asked for by name, a sound card, or a sound server.  Probing
** blindly makes some libraries write errors on the terminal. */
static int audio_present(void) {
  const char *driver = getenv("SDL_AUDIODRIVER"), *runtime = getenv("XDG_RUNTIME_DIR");
  char path[512];
  if (driver && *driver) return 1;
  if (access("/dev/snd", F_OK) == 0) return 1;
  snprintf(path, sizeof path, "%s/pulse/native", runtime ? runtime : "");
  return runtime && access(path, F_OK) == 0;
}

void sound_open(ui *u) {
  const char *pref = fe_preference(&u->fe, "sound");
  u->sound_on = !(pref && strcmp(pref, "off") == 0);
  if (!audio_present() || SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) return;
  SDL_AudioSpec want, have;
  memset(&want, 0, sizeof want);
  want.freq = RATE;
  want.format = AUDIO_S16SYS;
  want.channels = 1;
  want.samples = 1024;
  u->audio = SDL_OpenAudioDevice(NULL, 0, &want, &have, 0);
  if (u->audio) SDL_PauseAudioDevice(u->audio, 0);
}

void sound_close(ui *u) {
  if (u->audio) SDL_CloseAudioDevice(u->audio);
  u->audio = 0;
  if (SDL_WasInit(SDL_INIT_AUDIO)) SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

/* A note with a soft start and a fading end, so it does not click. */
static int tone(Sint16 *out, int at, float hz, int ms) {
  int n = RATE * ms / 1000;
  for (int i = 0; i < n && at + i < MAX_SAMPLES; i++) {
    float t = (float)i / RATE, attack = fminf(1.0f, (float)i / (RATE * 0.004f)), decay = expf(-5.0f * i / n);
    out[at + i] = hz > 0 ? (Sint16)(7000 * attack * decay * sinf(2 * (float)M_PI * hz * t)) : 0;
  }
  return at + n < MAX_SAMPLES ? at + n : MAX_SAMPLES;
}

void sound_play(ui *u, int kind) {
  static Sint16 buf[MAX_SAMPLES];
  if (!u->sound_on) return;
  u->sounds++;
  snprintf(u->last_sound, sizeof u->last_sound, "%s", sound_names[kind]);
  if (!u->audio) return;
  int n = 0;
  for (int i = 0; i < 4 && tunes[kind][i].ms; i++) n = tone(buf, n, tunes[kind][i].hz, tunes[kind][i].ms);
  SDL_QueueAudio(u->audio, buf, (Uint32)n * sizeof *buf);
}

void sound_toggle(ui *u) {
  u->sound_on = !u->sound_on;
  fe_say(&u->fe, 0, "Sound %s.", u->sound_on ? "on" : "off");
}

/* The game as it is now, heard: what changes from here on makes a sound. */
void sound_sync(ui *u) {
  dr_status st;
  fe_status(&u->fe, &st);
  u->sound_plies = st.plies;
  u->sound_result = st.result;
}

/* The game moved on by one move (a capture or not), or ended: the sound for it. */
void sound_watch(ui *u) {
  dr_status st;
  dr_move m;
  fe_status(&u->fe, &st);
  if (st.plies == u->sound_plies + 1 && u->fe.h->move_at(u->fe.s, st.plies - 1, &m, NULL, 0) == 0)
    sound_play(u, m.captured ? SOUND_CAPTURE : SOUND_MOVE);
  int one_step = st.plies == u->sound_plies || st.plies == u->sound_plies + 1; /* not a game loaded */
  if (st.result != DR_ONGOING && u->sound_result == DR_ONGOING && one_step) sound_play(u, SOUND_END);
  u->sound_plies = st.plies;
  u->sound_result = st.result;
}
