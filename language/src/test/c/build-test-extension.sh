#!/usr/bin/env bash
# Builds half.c, a loadable SQLite extension the tests load, into OUTPUT_DIR/half.so against
# the pinned amalgamation's sqlite3ext.h; prints the library's path.
# Usage: build-test-extension.sh OUTPUT_DIR
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1"
src="$("$here/../../main/c/fetch-amalgamation.sh")"
mkdir -p "$out"
if [ ! -f "$out/half.so" ] || [ "$here/half.c" -nt "$out/half.so" ]; then
  gcc -O2 -fPIC -shared -I"$src" -o "$out/half.so.tmp" "$here/half.c"
  mv "$out/half.so.tmp" "$out/half.so"
fi
echo "$out/half.so"
