Polyglot.eval("sql", "PRAGMA cache_size=-400000");
const NF = Java.type('org.graalite.nodes.NodeFactory');
const TMX = Java.type('java.lang.management.ManagementFactory').getThreadMXBean();
const tid = Java.type('java.lang.Thread').currentThread().threadId();
for (const f of arguments) {
  const q = java.nio.file.Files.readString(java.nio.file.Path.of(f));
  for (const flag of [true, false, true]) {
    NF.EXPERIMENT = flag;
    const text = q + '\n-- ' + flag + Math.random();
    const out = [];
    for (let i = 0; i < 40; i++) {
      const a0 = TMX.getThreadAllocatedBytes(tid);
      for (const row of Polyglot.eval('sql', text)) {}
      out.push(((TMX.getThreadAllocatedBytes(tid) - a0) / 1e6).toFixed(2));
    }
    console.log(f.replace(/.*\//, '') + ' buffer ' + flag + ': ' + out.slice(0, 3).join(' ') + ' ... ' + out.slice(-8).join(' '));
  }
}
