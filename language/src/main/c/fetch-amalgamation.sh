#!/usr/bin/env bash
# Prints the directory that holds sqlite3.c, sqlite3.h and sqlite3ext.h (for building
# loadable extensions, as the tests do) of the pinned amalgamation,
# fetching it with `npm pack` into the cache on first use (outside target/, so a clean
# build does not fetch again). Cache: $GRAALITE_CACHE or ~/.cache/graalite.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=amalgamation.env
source "$here/amalgamation.env"
cache="${GRAALITE_CACHE:-$HOME/.cache/graalite}"
dir="$cache/sqlite-$SQLITE_VERSION-$SQLITE_NPM_SHA256"
if [ ! -f "$dir/sqlite3.c" ] || [ ! -f "$dir/sqlite3ext.h" ]; then
  command -v npm >/dev/null || { echo "npm is needed to fetch SQLite's amalgamation ($SQLITE_NPM_PACKAGE)" >&2; exit 1; }
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.fetch.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$SQLITE_NPM_PACKAGE" >/dev/null)
  actual="$(sha256sum "$tmp/$SQLITE_NPM_TARBALL" | cut -d' ' -f1)"
  if [ "$actual" != "$SQLITE_NPM_SHA256" ]; then
    echo "SHA-256 mismatch for $SQLITE_NPM_TARBALL: expected $SQLITE_NPM_SHA256, got $actual" >&2
    exit 1
  fi
  tar xzf "$tmp/$SQLITE_NPM_TARBALL" -C "$tmp" package/deps/sqlite3/sqlite3.c package/deps/sqlite3/sqlite3.h package/deps/sqlite3/sqlite3ext.h
  grep -q "#define SQLITE_VERSION  *\"$SQLITE_VERSION\"" "$tmp/package/deps/sqlite3/sqlite3.h" \
    || { echo "the amalgamation in $SQLITE_NPM_TARBALL is not SQLite $SQLITE_VERSION" >&2; exit 1; }
  mkdir -p "$dir.partial"
  mv "$tmp/package/deps/sqlite3/sqlite3.c" "$tmp/package/deps/sqlite3/sqlite3.h" "$tmp/package/deps/sqlite3/sqlite3ext.h" "$dir.partial/"
  rm -rf "$dir" && mv "$dir.partial" "$dir"
fi
echo "$dir"
