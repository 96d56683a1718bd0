#!/usr/bin/env bash
# Builds libgraalite.so: the project's shim compiled in one translation unit with
# SQLite's amalgamation (so the shim can read the Vdbe, Op, KeyInfo, ... structures).
# Usage: build-native.sh OUTPUT_DIR
# The built library is cached by the hash of everything that goes into it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1"
src="$("$here/fetch-amalgamation.sh")"
cflags="-O2 -fPIC -shared $("$here/sqlite-cflags.sh")"
cache="${GRAALITE_CACHE:-$HOME/.cache/graalite}"
key="$( (cat "$here"/*.c "$here"/*.h 2>/dev/null; echo "$cflags"; echo "$src"; gcc --version | head -1) | sha256sum | cut -c1-16)"
lib="$cache/native/$key/libgraalite.so"
if [ ! -f "$lib" ]; then
  command -v gcc >/dev/null || { echo "gcc is needed to build Graalite's native library" >&2; exit 1; }
  mkdir -p "$(dirname "$lib")"
  echo "[graalite] compiling SQLite 3.54.1 and the shim ($cflags)" >&2
  # shellcheck disable=SC2086
  gcc $cflags -I"$src" -o "$lib.tmp" "$here/graalite_shim.c" -lm -lpthread -ldl
  mv "$lib.tmp" "$lib"
fi
mkdir -p "$out"
cp "$lib" "$out/libgraalite.so"
sha256sum "$lib" | cut -d' ' -f1 > "$out/libgraalite.so.sha256"
