#!/bin/sh
# make.sh [BUILD_DIR] — remakes the SDL front end's screenshots in this directory: each
# kind of board in a real X server (Xvfb), the front end driven by a script of clicks
# (DRAUGHTS_SDL_SCRIPT, see frontends/sdl/script.c) that ends with a screenshot.  The
# positions are set up with --fen and two players, so every run gives the same pictures.
# Needs xvfb-run and python3 (bmp2png.py turns SDL's BMP into PNG); the tests need neither.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$here
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shot NAME SCRIPT ARGS...: plays SCRIPT (which ends with 'shot @') and keeps NAME.png.
shot() {
  name=$1 script=$2
  shift 2
  printf '%s\nshot %s/%s.bmp\nquit\n' "$script" "$work" "$name" >"$work/$name.script"
  XDG_DATA_HOME=$work DRAUGHTS_SDL_ANIMATE=0 DRAUGHTS_SDL_SCRIPT=$work/$name.script \
    xvfb-run -a -s "-screen 0 1280x800x24" "$build/draughts" play --frontend sdl --two-players "$@"
  python3 "$here/bmp2png.py" "$work/$name.bmp" "$out/$name.png"
  echo "$out/$name.png"
}

# A checkered board: Black has just played c5-b4; White's a3 captures three, two landings in.
shot checkered "size 820 560
click c5
click b4
click a3
click c5
click e7" brazilian --fen "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,e3,g3,d4,Kh6:Bb8,Kd8,f8,a7,c7,g7,b6,d6,f6,c5"

# A board of squares: Black has played c5-c4; White's c3 is taking c4 and c6 on its way to a7.
shot squares "size 820 560
click c5
click c4
click c3
click c5
click c7" turkish --fen "B:Wa2,b2,d2,e3,f2,g2,h3,c3,Kh1:Ba6,b7,c5,c6,e6,f7,g6,h6,Ka8"

# The dark board with its numbers, looking back at a loaded game: after White's 19th move
# (21-17), picked in the move list.
cat >"$work/game.pdn" <<'EOF'
[GameType "26"]
[Rules "official"]

1. 22-18 11-16 2. 25-22 9-14 3. 18x9 5x14 4. 23-19 16x23 5. 27x9 6x13 6. 21-17 10-14 7. 17x10 7x14
8. 31-27 12-16 9. 29-25 8-12 10. 24-19 16x23 11. 27x9 13x6 12. 22-17 4-8 13. 26-22 8-11 14. 22-18 1-5
15. 25-21 6-10 16. 17-13 2-6 17. 28-24 12-16 18. 30-25 5-9 19. 21-17 16-20 20. 24-19 3-7 1-0
EOF
shot dark "size 820 560
clickkey $((0x40000 + 36))" --load "$work/game.pdn" --theme dark --numbers

# A board of lines: after d2-c3 b4xd2 White must capture (e1 or b2); e1 is picked up.
shot lines "size 820 560
click d2
click c3
click b4
click d2
click e1" alquerque
