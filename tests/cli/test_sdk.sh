#!/bin/sh
# test_sdk.sh SOURCE_DIR BUILD_DIR DRAUGHTS — install the SDK to a temporary prefix,
# build the template out of tree with find_package and with pkg-config, and load it.
set -eu
src=$1 build=$2 draughts=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
cp -r "$src/sdk/template" "$tmp/template"

# 1. CMake: find_package(Draughts) + draughts_add_variant.
cmake -S "$tmp/template" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/build" >/dev/null
DRAUGHTS_PLUGIN_PATH="$tmp/build" "$draughts" list | grep -q "^template — Template"
"$draughts" conform "$tmp/build/template.so" | tail -n 1

# 2. pkg-config: a plain compiler line (presets and perft data given by hand here).
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig:$tmp/prefix/lib/x86_64-linux-gnu/pkgconfig"
cat >"$tmp/embedded.c" <<'C'
#include <draughts/embed.h>
__attribute__((visibility("hidden"))) const dr_preset dr_embedded_presets[] = {{"standard", "-- standard\n"}, {0, 0}};
__attribute__((visibility("hidden"))) const char dr_embedded_perft[] = "perft standard start 7 49 302\n";
__attribute__((visibility("hidden"))) const char dr_embedded_eval[] = "";
C
cc -shared -Wall -Wextra -Werror $(pkg-config --cflags draughts-plugin) -o "$tmp/pc_template.so" \
  "$tmp/template/template.c" "$tmp/embedded.c"
"$draughts" conform "$tmp/pc_template.so" | tail -n 1
echo "1 passed, 0 failed"
