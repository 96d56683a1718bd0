#!/usr/bin/env bash
# Builds the loadable SQLite extensions the tests load, half.c and invalues.c, into
# OUTPUT_DIR/half.so and OUTPUT_DIR/invalues.so against the pinned amalgamation's sqlite3ext.h;
# prints half.so's path (invalues.so is next to it).
# Usage: build-test-extension.sh OUTPUT_DIR
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1"
src="$("$here/../../main/c/fetch-amalgamation.sh")"
mkdir -p "$out"
for name in half invalues; do
  if [ ! -f "$out/$name.so" ] || [ "$here/$name.c" -nt "$out/$name.so" ]; then
    gcc -O2 -Wall -fPIC -shared -I"$src" -o "$out/$name.so.tmp" "$here/$name.c"
    mv "$out/$name.so.tmp" "$out/$name.so"
  fi
done
echo "$out/half.so"
