// Where the time of the function and aggregate workloads goes: the same scan of lineitem with
// less and less work per row, timed in turns in one process (so that a machine whose speed
// drifts slows every variant alike), on Node.js with better-sqlite3 or on GraalJS with
// Graalite's module, as workloads.js:
//
//   NODE_PATH=.../node_modules node breakdown.js --module better-sqlite3 --db tpch-sf0.1-idx.db
//   bin/graalite --sql.TruffleTierAfter=0 run breakdown.js --module graalite --db tpch-sf0.1-idx.db
//
// floor: a scan that passes nothing on (the pages read, each row's record found and one field
// compared); sum: a built-in aggregate of one field; subtract: with the workload's arithmetic;
// abs: with a built-in function of one argument; function and aggregate: the boundary
// workloads themselves (a JavaScript abs, a JavaScript sum). Each line: the fastest and the
// median of the second half of the runs, in seconds.
'use strict';

const VARIANTS = {
  floor: 'SELECT count(*) AS total FROM lineitem WHERE l_extendedprice < 0',
  sum: 'SELECT sum(l_extendedprice) AS total FROM lineitem',
  subtract: 'SELECT sum(l_extendedprice - 40000) AS total FROM lineitem',
  abs: 'SELECT sum(abs(l_extendedprice - 40000)) AS total FROM lineitem',
  function: 'SELECT sum(myabs(l_extendedprice - 40000)) AS total FROM lineitem',
  aggregate: 'SELECT mysum(l_extendedprice) AS total FROM lineitem',
};

const now = typeof performance !== 'undefined' ? () => performance.now() / 1000 : () => Date.now() / 1000;

function main(argv) {
  const args = { rounds: '60' };
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || i + 1 >= argv.length) throw new Error('usage: --module better-sqlite3|graalite --db PATH [--rounds N]');
    args[argv[i].slice(2)] = argv[i + 1];
  }
  if (args.module !== 'better-sqlite3' && args.module !== 'graalite') throw new Error('--module must be better-sqlite3 or graalite');
  if (!args.db) throw new Error('--db is required');
  const Database = require(args.module);
  const db = new Database(args.db, { readonly: true });
  // The workloads' own definitions (workloads.js).
  db.function('myabs', { deterministic: true }, (x) => (x >= 0 ? x : -x));
  db.aggregate('mysum', { start: 0, step: (total, x) => total + x });
  const names = Object.keys(VARIANTS);
  const statements = names.map((name) => db.prepare(VARIANTS[name]));
  const times = names.map(() => []);
  const rounds = Number(args.rounds);
  for (let round = 0; round < rounds; round++) {
    for (let v = 0; v < names.length; v++) {
      const t0 = now();
      statements[v].get();
      times[v].push(now() - t0);
    }
  }
  const system = args.module === 'graalite' ? 'graalite-js' : 'node-better-sqlite3';
  for (let v = 0; v < names.length; v++) {
    const measured = times[v].slice(rounds >> 1).sort((a, b) => a - b);
    const fastest = measured[0];
    const median = measured[measured.length >> 1];
    console.log(JSON.stringify({ system, variant: names[v], fastest: +fastest.toFixed(4), median: +median.toFixed(4) }));
  }
}

main(typeof process !== 'undefined' && process.argv ? process.argv.slice(2) : Array.from(arguments));
