#!/bin/sh
# test_layers.sh SOURCE_DIR — the runtime's subsystems depend on each other one way
# only (cli -> server, session -> engine, store, online -> core -> sdk;
# the server uses the engine, store and online too;
# sdk/docs/architecture.md).
# The build already refuses an include it cannot find, but a quoted include that a
# subsystem may not use can still compile when a system header has the same name
# (<search.h> is POSIX): so every quoted include of every runtime, front-end and
# variant file is checked here against the layer it belongs to.
set -u
root=$1
. "$(dirname "$0")/../lib.sh"

# The subsystems a file of subsystem $1 may include, itself first.
uses() {
  case $1 in
    core) echo core ;;
    engine) echo engine core ;;
    store) echo store core ;;
    online) echo online core ;;
    session) echo session engine store online core ;;
    server) echo server engine online store core ;;
    cli) echo cli server session engine store online core ;;
  esac
}

# The runtime subsystem that owns header $1, or nothing.
owner() {
  for sub in core engine store online session server cli; do
    [ -f "$root/runtime/$sub/$1" ] && { echo "$sub"; return; }
  done
}

check_file() { # file layer allowed...
  file=$1 layer=$2
  shift 2
  grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$file" | while IFS= read -r line; do
    header=$(echo "$line" | sed 's/.*include[[:space:]]*"\([^"]*\)".*/\1/')
    [ -f "$(dirname "$file")/$header" ] && [ "$layer" != outside ] && continue
    from=$(owner "$header")
    [ -z "$from" ] && continue
    ok=no
    for a in "$@"; do [ "$a" = "$from" ] && ok=yes; done
    [ $ok = yes ] || echo "${file#"$root"/}:${line%%:*}: $layer includes $from's \"$header\""
  done
}

problems=$(
  for sub in core engine store online session server cli; do
    for f in "$root/runtime/$sub"/*.[ch]; do
      # shellcheck disable=SC2046
      check_file "$f" "$sub" $(uses "$sub")
    done
  done
  for f in $(find "$root/frontends" "$root/variants" "$root/sdk" -name '*.[ch]'); do
    check_file "$f" outside
  done
)
if [ -n "$problems" ]; then
  echo "$problems"
  fail "includes against the direction of the layers"
else
  pass "every quoted include follows the layers"
fi

# The check itself must catch a wrong-way include: core naming the engine's search.h
# (which also exists as a system header, so the compiler alone would not notice).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/runtime/core" "$tmp/runtime/engine"
printf '#include "search.h"\n' > "$tmp/runtime/core/rules.c"
: > "$tmp/runtime/engine/search.h"
saved=$root
root=$tmp
out=$(check_file "$tmp/runtime/core/rules.c" core core)
root=$saved
case $out in
  *'runtime/core/rules.c:1: core includes engine'"'"'s "search.h"'*) pass ;;
  *) fail "a wrong-way include went unnoticed: '$out'" ;;
esac

# ...and one of the online layers: the server naming the session, which it never uses.
mkdir -p "$tmp/runtime/server" "$tmp/runtime/session"
printf '#include "session.h"\n' > "$tmp/runtime/server/net.c"
: > "$tmp/runtime/session/session.h"
root=$tmp
# shellcheck disable=SC2046
out=$(check_file "$tmp/runtime/server/net.c" server $(uses server))
root=$saved
case $out in
  *'runtime/server/net.c:1: server includes session'"'"'s "session.h"'*) pass ;;
  *) fail "the server including the session went unnoticed: '$out'" ;;
esac

echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
