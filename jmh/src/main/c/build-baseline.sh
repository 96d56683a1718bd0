#!/usr/bin/env bash
# Builds libgraalite_bench.so, the native C baseline of the benchmarks: native_baseline.c
# compiled in one translation unit with SQLite's amalgamation, with exactly the compile
# options of Graalite's own native library (language/src/main/c: the same amalgamation from
# fetch-amalgamation.sh, the same SQLite options from sqlite-cflags.sh, and the same
# "-O2 -fPIC -shared" as build-native.sh).
# Usage: build-baseline.sh LANGUAGE_C_DIR OUTPUT_DIR
# The built library is cached by the hash of everything that goes into it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
lang="$(cd "$1" && pwd)"
out="$2"
src="$("$lang/fetch-amalgamation.sh")"
# Keep "-O2 -fPIC -shared" equal to build-native.sh's (it does not export them separately).
cflags="-O2 -fPIC -shared $("$lang/sqlite-cflags.sh")"
cache="${GRAALITE_CACHE:-$HOME/.cache/graalite}"
key="$( (cat "$here"/*.c; echo "$cflags"; echo "$src"; gcc --version | head -1) | sha256sum | cut -c1-16)"
lib="$cache/bench/$key/libgraalite_bench.so"
if [ ! -f "$lib" ]; then
  command -v gcc >/dev/null || { echo "gcc is needed to build the native C baseline" >&2; exit 1; }
  mkdir -p "$(dirname "$lib")"
  echo "[graalite] compiling the native C baseline with SQLite 3.54.1 ($cflags)" >&2
  # shellcheck disable=SC2086
  gcc $cflags -I"$src" -o "$lib.tmp" "$here/native_baseline.c" -lm -lpthread -ldl
  mv "$lib.tmp" "$lib"
fi
mkdir -p "$out"
cp "$lib" "$out/libgraalite_bench.so"
echo "$cflags" > "$out/libgraalite_bench.cflags"
