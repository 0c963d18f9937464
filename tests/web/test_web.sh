#!/bin/sh
# test_web.sh DRAUGHTS SOURCE_DIR [SCRIPT] — the web front end in a real browser: SCRIPT
# (tests/web/test_web.mjs by default) drives Debian's chromium with puppeteer-core
# (tests/web/package-lock.json, installed by scripts/setup with 'npm ci'). Skipped,
# saying why, only where chromium, node or the driver is truly absent.
# DRAUGHTS_SCREENSHOTS=DIR also keeps the screenshots there.
set -u
draughts=$1
src=$2
script=${3:-test_web.mjs}
if [ ! -x /usr/bin/chromium ] || ! command -v node >/dev/null; then
  echo "SKIP: no /usr/bin/chromium or no node (scripts/setup installs them)"
  exit 77
fi
if [ ! -d "$src/tests/web/node_modules/puppeteer-core" ]; then
  echo "SKIP: puppeteer-core is not installed (scripts/setup runs 'npm ci' in tests/web)"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$src/tests/web" || exit 1
node "$script" "$draughts" "$work" ${DRAUGHTS_SCREENSHOTS:+"$DRAUGHTS_SCREENSHOTS"}
