# Sourced by bin/graalite (programs) and bin/jmh: the young generation of the parallel collector.
#
# Fixed, not resized by the collector's adaptive policy: that policy moved eden's bounds at every
# collection, and the kernel faulted in and zeroed each page it got back again (clear_page_erms,
# 12-15% of the CPU profiles of TPC-H q16 and the JavaScript aggregate on the Truffle tier,
# session 49; alternating JMH runs of q16: 34.2 and 41.1 ms adaptive, 28.2 and 25.5 fixed).
#
# Its size is a third of the default maximum heap (a twelfth of the machine's memory), the share
# the collector's own split (NewRatio=2) gives the young generation at full size. Session 49 fixed
# it at 512 MB: programs that keep what they read for a while (a map of 150,000 joined rows)
# then had most of it copied between the survivor spaces and promoted early, and spent 5.3 to
# 5.5 s of a 45 s run in young collections of 100 to 400 ms each (the JavaScript inner join and
# lookup join of bench/boundary, -Xlog:gc); with 2 GB 0.5 and 0.9 s, and filltable and the
# aggregate collected about a quarter as often (see README, "Writes").
#
# Sets young_flags (an array); empty when GRAALITE_YOUNG_GEN=adaptive, or on a machine so small
# that the size would be under 64 MB.
graalite_young_generation_flags() {
  young_flags=()
  [ "${GRAALITE_YOUNG_GEN:-fixed}" = adaptive ] && return 0
  local memory_mb young_mb
  memory_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo 2>/dev/null || true)
  [ -n "$memory_mb" ] || return 0
  young_mb=$((memory_mb / 12))
  if [ "$young_mb" -ge 64 ]; then
    young_flags=(-XX:-UseAdaptiveSizePolicy "-Xmn${young_mb}m")
  fi
}
