// // ab2.js WARM ROUNDS LABEL FILES...: two programs of each query, one built with EXPERIMENT_X on (text + a comment), one off; alternated in one process
Polyglot.eval("sql", "PRAGMA cache_size=-400000");
const RC = Java.type('org.graalite.nodes.NodeFactory'); const TMX = Java.type('java.lang.management.ManagementFactory').getThreadMXBean(); const tid = Java.type('java.lang.Thread').currentThread().threadId();
const warm = Number(arguments[0]), rounds = Number(arguments[1]), label = arguments[2];
function st(a) { const h = a.slice().sort((x, y) => x - y); return h[0] + '/' + h[h.length >> 2] + '/' + h[h.length >> 1]; }
for (const f of arguments.slice(3)) {
  const q = java.nio.file.Files.readString(java.nio.file.Path.of(f));
  const qOn = q + '\n-- experiment on', qOff = q + '\n-- experiment off';
  RC.EXPERIMENT = true; for (const row of Polyglot.eval('sql', qOn)) {}
  RC.EXPERIMENT = false; for (const row of Polyglot.eval('sql', qOff)) {}
  const on = [], off = [], aon = [], aoff = [];
  for (let i = 0; i < warm; i++) { for (const row of Polyglot.eval('sql', (i & 1) ? qOff : qOn)) {} }
  for (let i = 0; i < rounds; i++) { const x = (i & 1) == 0; const a0 = TMX.getThreadAllocatedBytes(tid); const t0 = Date.now(); for (const row of Polyglot.eval('sql', x ? qOn : qOff)) {} (x ? on : off).push(Date.now() - t0); (x ? aon : aoff).push(Math.round((TMX.getThreadAllocatedBytes(tid) - a0) / 1e4) / 100); }
  console.log(f.replace(/.*\//, '') + ' ' + label + ' on: ' + st(on) + ' | off: ' + st(off) + '  (fastest/q1/median ms) MB on ' + st(aon) + ' off ' + st(aoff));
}
