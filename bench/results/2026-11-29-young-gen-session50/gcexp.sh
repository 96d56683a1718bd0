#!/bin/bash
# usage: gcexp.sh WORKLOAD CFG...   CFG = name:YOUNGMODE:extra-flags
w=$1; shift
cd /work/main
for spec in "$@"; do
  name=${spec%%:*}; rest=${spec#*:}; Y=${rest%%:*}; X=${rest#*:}
  log=/tmp/s50/gc-$w-$name.log
  out=$(GRAALITE_YOUNG_GEN=$Y GRAALITE_NO_BUILD=1 JAVA_TOOL_OPTIONS="$X -Xlog:gc:file=$log" bin/graalite --sql.TruffleTierAfter=0 run bench/boundary/workloads.js --module graalite --db /dev/shm/tpch.db --workload $w --warmup 15 --measure 10 2>&1 | grep -v Picked)
  echo "$out" | python3 -c "
import json,sys,re
d=json.loads(sys.stdin.read()); r=d['runs']
ev=[(float(m.group(1)), float(m.group(2)), 'Full' in l) for l in open('$log') for m in [re.search(r'\[([0-9.]+)s\].*Pause.* ([0-9.]+)ms', l)] if m]
end=ev[-1][0] if ev else 0
tot=sum(x[1] for x in ev); late=sum(x[1] for x in ev if x[0]>end/2)
print('%-10s mean %.3f min %.3f n=%d  gc %d young %d full, %.0f ms total, %.0f ms in 2nd half' % ('$name', d['seconds'], min(r), len(r), sum(1 for x in ev if not x[2]), sum(1 for x in ev if x[2]), tot, late))
"
done
