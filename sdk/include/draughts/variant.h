/*
** draughts/variant.h — the contract between the runtime and a variant plugin.
**
** A variant plugin is a shared object exporting one function, 'dr_variant_entry',
** that returns a 'dr_variant' descriptor.  The descriptor names the game, describes
** its board (geometry), declares its rule options and presets, and fills the slots
** the runtime calls: initial position, move generation, end-of-game judgement.
**
** The plugin knows its rules and nothing else: it does no I/O and never sees the
** runtime's internals.  Moves are applied by the runtime with bit operations, so a
** plugin only ever generates them.
**
** ABI: 'abi_version' and 'size' come first.  Slots are only ever appended (each
** group under a comment naming the version that added it); the loader refuses a
** plugin built for a newer ABI and treats slots beyond the plugin's 'size' as NULL.
*/
#ifndef DRAUGHTS_VARIANT_H
#define DRAUGHTS_VARIANT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DR_ABI_VERSION 2 /* 2: dr_history.plies_with_king */

#define DR_MAX_POINTS 64   /* a position is a set of 64-bit bitboards */
#define DR_MAX_JUMPS 32    /* landing points in one capture */
#define DR_MAX_MOVES 4096  /* legal moves in one position, every landing path counted */
#define DR_MAX_OPTIONS 16
#define DR_MAX_PRESETS 8

#if defined(_WIN32)
#define DR_EXPORT __declspec(dllexport)
#else
#define DR_EXPORT __attribute__((visibility("default")))
#endif

typedef uint64_t dr_bits;

/* Sides.  White is the first player, whatever the variant calls it (its
** 'conventions' give the names its players use: English checkers calls the first
** player Black). */
enum { DR_WHITE = 0, DR_BLACK = 1 };

/* Status codes returned by slots.  0 is success. */
enum {
  DR_OK = 0,
  DR_ERR_OVERFLOW = -1, /* more moves than a 'dr_movelist' holds */
  DR_ERR_INVALID = -2   /* the position breaks the variant's rules */
};

/*
** A position: whose pieces stand where, which are kings, who moves.  Bit i is the
** point the geometry describes at index i; the plugin chooses the layout, and may
** leave "ghost" bits that are not points to make shift-based generation cheap.
*/
typedef struct dr_position {
  dr_bits side[2]; /* pieces of each side */
  dr_bits kings;   /* subset of side[0] | side[1] */
  uint8_t turn;    /* DR_WHITE or DR_BLACK */
  uint8_t reserved[7];
} dr_position;

/*
** A move.  'path' holds every landing point in order (path[njumps-1] == to) and
** 'jumped' the point of the piece taken on each leg, so front ends can replay a
** capture one landing at a time.  A plain move has njumps == 0.  The runtime
** applies a move as: remove 'captured' from the opponent, move the piece from
** 'from' to 'to' (they may be equal), crown it if 'promotes'.
*/
typedef struct dr_move {
  dr_bits captured;
  uint8_t from;
  uint8_t to;
  uint8_t promotes; /* 1: a man that ends the move as a king */
  uint8_t njumps;
  uint8_t path[DR_MAX_JUMPS];
  uint8_t jumped[DR_MAX_JUMPS];
} dr_move;

/* Move lists are fixed-size arrays owned by the caller. */
typedef struct dr_movelist {
  int count;
  dr_move moves[DR_MAX_MOVES];
} dr_movelist;

/* The next free slot of 'list', or NULL when it is full. */
static inline dr_move *dr_movelist_push(dr_movelist *list) {
  return list->count < DR_MAX_MOVES ? &list->moves[list->count++] : NULL;
}

/* ---------------------------------------------------------------- geometry */

/* How a front end draws the board. */
enum {
  DR_DRAW_CHECKERED = 1, /* squares of two colours; the points are some of them */
  DR_DRAW_SQUARES = 2,   /* squares of one colour; every square is a point */
  DR_DRAW_LINES = 3      /* points joined by the lines in 'lines' */
};

typedef struct dr_point {
  const char *name; /* algebraic name ("c3"); NULL for a ghost bit */
  uint8_t number;   /* PDN numeric name, 0 if the variant has none */
  uint8_t file;     /* column on the drawing grid, 0 at the first player's left */
  uint8_t rank;     /* row on the drawing grid, 0 at the first player's side */
  uint8_t reserved;
} dr_point;

typedef struct dr_geometry {
  int npoints;       /* number of real points: at most DR_MAX_POINTS, one per bit of 'points' */
  int files, ranks;  /* drawing grid */
  int draw;          /* DR_DRAW_* */
  dr_bits points;    /* bits that are real points */
  dr_bits promotion[2]; /* points where each side's men are crowned */
  const dr_point *point; /* DR_MAX_POINTS entries, indexed by bit */
  int nlines;            /* for DR_DRAW_LINES: segments between two points */
  const uint8_t (*lines)[2];
} dr_geometry;

/* ------------------------------------------------------- options, presets */

enum { DR_OPTION_BOOL = 1, DR_OPTION_INT = 2 };

typedef struct dr_option {
  const char *name; /* [a-z0-9_]+ */
  int type;         /* DR_OPTION_* */
  int32_t def, min, max;
  const char *doc;  /* one line */
} dr_option;

/* Values of the declared options, in declaration order. */
typedef struct dr_rules {
  int32_t opt[DR_MAX_OPTIONS];
} dr_rules;

/*
** A preset is a Lua script that sets options ('options.name = value'); its first
** comment line is its one-line doc.  Preset 0 is the default and must leave every
** option at its declared default.  The SDK's CMake function 'draughts_add_variant'
** embeds .lua presets and the perft data into the plugin as 'dr_embedded_presets'
** and 'dr_embedded_perft' (see draughts/embed.h).
*/
typedef struct dr_preset {
  const char *name;
  const char *script;
} dr_preset;

/* An opening book shipped with the plugin: the text of the book of one preset. */
typedef struct dr_book {
  const char *preset;
  const char *text;
} dr_book;

/* ------------------------------------------------------------- judgement */

/* What the runtime knows of the game's history when it asks for a verdict. */
typedef struct dr_history {
  int nmoves;               /* legal moves of the side to move */
  int plies;                /* plies played since the start position */
  int plies_since_capture;
  int plies_since_man_move; /* since the last capture or move of a man */
  int plies_since_material; /* since the last capture or promotion */
  int repetitions;          /* times this position, same side to move, has occurred */
  /* ABI 2 and later.  For each side, how long it has held a king without a break,
  ** counted from the last capture at the most: 0 for a side with no king, and right
  ** after the capture or the crowning that made it so.  An endgame count that starts
  ** when both sides have a king (FMJD: a lone king against three pieces with a king)
  ** counts the smaller of the two, so a later crowning of the strong side does not
  ** start it again; 'plies_since_material' is for counts that do. */
  int plies_with_king[2];
} dr_history;

enum {
  DR_ONGOING = 0,
  DR_WHITE_WINS = 1,
  DR_BLACK_WINS = 2,
  DR_DRAW = 3
};

/* ---------------------------------------------------------------- helpers */

/*
** A C function a plugin offers to house-rule scripts, bound into Lua by libffi with
** no glue code.  'signature' is the return type, ':', then the argument types:
**   'i' int32_t   'b' dr_bits   'p' const dr_position *   'v' void (return only)
**   'r' const dr_rules * — the rules in force, supplied by the runtime, not the script.
** Example: "b:rpi" is  dr_bits f(const dr_rules *, const dr_position *, int32_t).
*/
typedef struct dr_helper {
  const char *name; /* [a-z0-9_]+, as the script calls it: helpers.name(...) */
  const char *signature;
  void (*fn)(void);
  const char *doc;
} dr_helper;

/* ------------------------------------------------------------ conventions */

/*
** How the variant's own world names its sides and writes its games, where that
** differs from the runtime's defaults.  A plugin without it (or with a NULL slot)
** gets the defaults: White and Black, FEN letters W and B, PDN moves in numbers
** where the points have them, captures written with 'x', results 1-0, 0-1, 1/2-1/2.
** Like the descriptor it starts with its size, and fields are only ever appended:
** the runtime reads a field beyond the plugin's 'size' as its default.
**
** The PDN standard's GameType table (github.com/wiegerw/pdn, doc/gametype.rst) gives
** each game type its notation, its capture separator and its result type; a plugin
** whose 'pdn_gametype' is the table's full form ("25,W,8,8,A0,0") must agree with it
** here (the loader checks the start colour and the notation letter).
*/
enum { DR_PDN_NUMERIC = 1, DR_PDN_ALGEBRAIC = 2 };
enum { DR_PDN_RESULTS_DEFAULT = 0,    /* 1-0, 0-1, 1/2-1/2 */
       DR_PDN_RESULTS_TWO_POINTS = 1, /* 2-0, 0-2, 1-1: a win counts two points */
       DR_PDN_RESULTS_INTERNATIONAL = DR_PDN_RESULTS_TWO_POINTS /* the same, by the name ABI 2 gave it */ };

typedef struct dr_conventions {
  uint32_t size;            /* sizeof(dr_conventions) when the plugin was built */
  const char *side_name[2]; /* the first player's, then the second's: English "Black", "White" */
  char fen_letter[2];       /* their letters in FEN (English 'B', 'W'); not K, F or H */
  uint8_t pdn_notation;     /* DR_PDN_*; 0: numbers where the points have them */
  char pdn_capture;         /* between the squares of a capture in PDN: 'x' or ':'; 0: 'x' */
  uint8_t pdn_results;      /* DR_PDN_RESULTS_* */
  /* The variant's name in the Hub protocol, where GUIs name it otherwise; Hub's
  ** default variant is "normal" (International draughts, in Scan's protocol). */
  const char *hub_name;
} dr_conventions;

/* ------------------------------------------------------------ descriptor */

typedef struct dr_variant {
  uint32_t abi_version; /* DR_ABI_VERSION when the plugin was built */
  uint32_t size;        /* sizeof(dr_variant) when the plugin was built */

  const char *name;  /* command-line name, [a-z0-9_]+ */
  const char *title; /* for people; like every text a plugin declares, with no control characters */
  const char *pdn_gametype; /* PDN GameType tag value ("20", or in full "20,W,10,10,N2,0"), NULL if none */
  const dr_geometry *geometry;
  int noptions;
  const dr_option *options;
  const dr_preset *presets; /* ends with an entry whose name is NULL */
  const char *perft;        /* reference perft figures, see sdk/docs/conformance.md */

  /* Required.  Fill 'out' with the start position. */
  int (*initial)(const dr_rules *rules, dr_position *out);
  /* Required.  Append every legal move (every landing path) to 'out'. */
  int (*generate)(const dr_rules *rules, const dr_position *pos, dr_movelist *out);
  /* Required.  DR_ONGOING or the result, with a short reason in '*why': a string in the
  ** plugin's own memory (a literal or a static array; the runtime reads a reason from
  ** nowhere else, and refuses the plugin for one on the heap or a stack), at most 200
  ** characters, no control characters.  The reason of DR_ONGOING is never read. */
  int (*judge)(const dr_rules *rules, const dr_position *pos, const dr_history *h,
               const char **why);

  /* Optional.  Extra checks of a position read from text; DR_OK or DR_ERR_INVALID
  ** with a reason (in the plugin's own memory, as the judge's).  The runtime already
  ** checks points, overlaps and men on their own promotion row. */
  int (*validate)(const dr_rules *rules, const dr_position *pos, const char **why);
  /* Optional.  The rules and playing tips, as plain text for a help screen. */
  const char *help;
  /* Optional.  The engine's evaluation weights for this variant: a Lua table (see
  ** sdk/docs/eval.md), compiled in by 'draughts_add_variant(... EVAL eval.lua)'. */
  const char *eval;
  /* Optional.  A variant-specific evaluation term added to the generic one, in the
  ** same units (a man is worth 100), from the side to move's point of view. */
  int (*eval_term)(const dr_rules *rules, const dr_position *pos);
  /* Optional.  C functions for house-rule scripts; ends with an entry whose name is NULL. */
  const dr_helper *helpers;
  /* Optional, for speed.  When the side to move has no capture: the number of its
  ** legal moves (plain moves, so each is its own effect), found without building a
  ** move list; -1 when it has a capture (the caller then generates).  Perft counts
  ** its last ply with it and the engine judges quiet leaves with it.  It must agree
  ** with 'generate' exactly: the conformance suite checks it in every position it
  ** visits.  Appended to ABI 1: a plugin built before it simply lacks it. */
  int (*quiet_count)(const dr_rules *rules, const dr_position *pos);

  /* ---- Optional, appended to ABI 1 for the front ends (a plugin built before them
  ** simply lacks them; the runtime then shows less, never anything wrong). */

  /* The count a draw rule of the judge keeps in 'pos', for the players to watch: '*counted'
  ** of the '*limit' after which the judge ends the game, in the unit the text it returns
  ** names ("moves each without a capture or a man move"), in the plugin's own memory as the
  ** judge's reasons; NULL when no such count runs. */
  const char *(*draw_count)(const dr_rules *rules, const dr_position *pos, const dr_history *h, int *counted,
                            int *limit);
  /* A capture part-way, for front ends that enter it one landing at a time: after the
  ** first 'legs' legs of 'm' from 'pos', the jumped pieces that are already off the board
  ** ('*removed': where pieces leave one by one as they are jumped; without this slot they
  ** all leave when the move ends) and whether the moving man is already a king
  ** ('*crowned': crowned on the way, going on as a king). */
  void (*capture_midway)(const dr_rules *rules, const dr_position *pos, const dr_move *m, int legs,
                         dr_bits *removed, int *crowned);
  /* The computer's level a game starts at when nobody asks for one: 1 and up, or
  ** DR_DEFAULT_LEVEL_STREAK for the level the player's winning streak gives (an opponent
  ** that reads deeper and blunders less as the streak grows); 0 leaves it to the runtime. */
  int default_level;

  /* Optional.  How the variant's world names its sides and writes its games (see
  ** 'dr_conventions').  Appended to ABI 1: NULL, or missing from a plugin built
  ** before it, gives the defaults. */
  const dr_conventions *conventions;

  /* Optional.  Opening books shipped with the plugin, one per preset that has one, in
  ** the text format 'draughts book build' writes (the rules in its header must be the
  ** preset's own, or the book is not used); compiled in by 'draughts_add_variant(...
  ** BOOKS book/PRESET.book)'.  A book the user builds for the same rules replaces it.
  ** Ends with an entry whose preset is NULL.  Appended to ABI 1. */
  const dr_book *books;
} dr_variant;

#define DR_DEFAULT_LEVEL_STREAK (-1) /* 'default_level': the streak chooses (DR_LEVEL_STREAK) */

/* The one symbol a variant plugin exports. */
#define DR_VARIANT_ENTRY "dr_variant_entry"
typedef const dr_variant *(*dr_variant_entry_fn)(void);

#ifdef __cplusplus
}
#endif
#endif
