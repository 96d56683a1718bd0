#!/usr/bin/env bash
# Prints the compile options of sqlite-options.txt on one line (comments dropped).
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
grep -v '^\s*#' "$here/sqlite-options.txt" | grep -v '^\s*$' | tr '\n' ' '
