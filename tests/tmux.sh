# tmux.sh — sourced by the tmux tests (test_tty.sh, test_tty_online.sh): a fresh
# terminal per case running a command, keys and mouse clicks sent in with send-keys,
# the screen read back with capture-pane.  Every wait polls the screen with a timeout;
# nothing sleeps for a fixed time.  The script sets $work (a directory) first; it
# kills the tmux server on exit ('T kill-server').
runs=0 sock=""
passed=0 failed=0 name=""
T() { tmux -L "$sock" -f /dev/null "$@"; }
fail() { echo "FAIL: $name: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }

# start COLS ROWS COMMAND: a fresh terminal running COMMAND.  When draughts ends, the
# pane shows its exit status and whether the terminal is back in its normal mode.
start() {
  T kill-server 2>/dev/null
  runs=$((runs + 1)) sock=draughts_tty_$$_$runs  # a new server each time: no race with the old one
  cols=$1 rows=$2; shift 2
  cat >"$work/run.sh" <<EOF
trap : INT  # Ctrl-C reaches draughts; this shell lives on to report
cd "$work"
$*
echo "exit status \$?"
stty -a | tr ' ;' '\n\n' | grep -x -e '-*icanon' -e '-*echo' | tr '\n' ' '; echo
sleep 600
EOF
  T new-session -d -x "$cols" -y "$rows" -s t "sh $work/run.sh"
}

screen() { T capture-pane -p -t t 2>/dev/null; }
keys() { T send-keys -t t "$@"; }
type_text() { T send-keys -t t -l "$1"; }

# wait_for TEXT [SECONDS]: polls the screen until TEXT shows; false on timeout.
wait_for() {
  limit=$(( ${2:-10} * 20 )) i=0
  while [ $i -lt "$limit" ]; do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
    i=$((i + 1))
  done
  return 1
}

# wait_any SECONDS TEXT...: polls until one of the texts shows; prints its number
# (1, 2, ...), or 0 on timeout.
wait_any() {
  limit=$(( $1 * 20 )) i=0
  shift
  while [ $i -lt "$limit" ]; do
    shot=$(screen) k=0
    for text in "$@"; do
      k=$((k + 1))
      case $shot in *"$text"*) echo $k; return ;; esac
    done
    sleep 0.05
    i=$((i + 1))
  done
  echo 0
}

# expect TEXT [SECONDS]: as wait_for, counting a pass or a failure (with the screen).
expect() {
  if wait_for "$@"; then pass; else fail "no '$1' on the screen:"; screen | sed 's/^/  | /'; fi
}

# expect_match PATTERN: as expect, for an extended regular expression.
expect_match() {
  i=0
  while [ $i -lt 200 ]; do
    screen | grep -qE -- "$1" && { pass; return; }
    sleep 0.05
    i=$((i + 1))
  done
  fail "nothing matches '$1' on the screen:"; screen | sed 's/^/  | /'
}

# expect_gone TEXT: the screen does not show TEXT.
expect_gone() {
  if screen | grep -qF -- "$1"; then fail "'$1' is still on the screen"; else pass; fi
}

# click COLUMN ROW: a left click, press and release (X10 mouse reports; 0-based
# screen coordinates).
click() {
  oct() { printf "\\$(printf %03o "$1")"; }
  at="$(oct $(($1 + 33)))$(oct $(($2 + 33)))"
  type_text "$(printf '\033[M ')$at$(printf '\033[M#')$at"
}

