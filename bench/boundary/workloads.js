// The boundary workloads of the SQPyte paper (ECOOP 2016) as an ordinary better-sqlite3 program.
//
// The same file runs on Node.js with better-sqlite3 and on GraalJS with Graalite's module
// (`bin/graalite run`); only the module differs (--module). Each workload returns a checksum,
// which must be the same on every system (and the same as the JMH benchmark's and the Python
// version's), and is timed by runTimed: warm-up for --warmup seconds, then at least
// --iterations runs and --measure seconds. One JSON line per workload goes to standard output.
//
//   NODE_PATH=.../node_modules node workloads.js --module better-sqlite3 --db tpch-sf0.1-idx.db
//   bin/graalite run workloads.js --module graalite --db tpch-sf0.1-idx.db
'use strict';

const SELECT = 'SELECT l_quantity, l_extendedprice, l_discount FROM lineitem';
const INNERJOIN = 'SELECT o_orderkey, o_totalprice, c_name, n_name FROM orders, customer, nation ' +
  'WHERE o_custkey = c_custkey AND c_nationkey = n_nationkey';
const ORDERS = 'SELECT o_orderkey, o_custkey, o_totalprice FROM orders';
const CUSTOMER = 'SELECT c_name, c_nationkey FROM customer WHERE c_custkey = ?';
const NATION = 'SELECT n_name FROM nation WHERE n_nationkey = ?';
const PYFUNCTION = 'SELECT sum(myabs(l_extendedprice - 40000)) AS total FROM lineitem';
const PYAGGREGATE = 'SELECT mysum(l_extendedprice) AS total FROM lineitem';
const FILL_CREATE = 'CREATE TABLE fill (a BIGINT, b DOUBLE PRECISION, c VARCHAR(32))';
const FILL_INSERT = 'INSERT INTO fill VALUES (?, ?, ?)';
const FILL_READ = 'SELECT a, b, c FROM fill';

// A REAL as whole cents, rounded half up as Java's Math.round: exact, order-independent.
const cents = (x) => Math.floor(x * 100 + 0.5);

function joinChecksum(m) {
  let s = m.size;
  for (const [key, [price, customer, nation]] of m) {
    s += key + cents(price) + customer.length + nation.length;
  }
  return s;
}

const workloads = {
  select(Database, path) {
    const db = new Database(path);
    const st = db.prepare(SELECT);
    return () => {
      let s = 0;
      for (const row of st.iterate()) {
        s += cents(row.l_quantity) + cents(row.l_extendedprice) + cents(row.l_discount);
      }
      return s;
    };
  },

  innerjoin(Database, path) {
    const db = new Database(path);
    const st = db.prepare(INNERJOIN);
    return () => {
      const m = new Map();
      for (const row of st.iterate()) {
        m.set(row.o_orderkey, [row.o_totalprice, row.c_name, row.n_name]);
      }
      return joinChecksum(m);
    };
  },

  pythonjoin(Database, path) {
    const db = new Database(path);
    const orders = db.prepare(ORDERS);
    const customer = db.prepare(CUSTOMER);
    const nation = db.prepare(NATION);
    return () => {
      const m = new Map();
      for (const o of orders.iterate()) {
        const c = customer.get(o.o_custkey);
        if (c === undefined) continue;
        const n = nation.get(c.c_nationkey);
        if (n === undefined) continue;
        m.set(o.o_orderkey, [o.o_totalprice, c.c_name, n.n_name]);
      }
      return joinChecksum(m);
    };
  },

  pyfunction(Database, path) {
    const db = new Database(path);
    db.function('myabs', { deterministic: true }, (x) => (x >= 0 ? x : -x));
    const st = db.prepare(PYFUNCTION);
    return () => Math.round(st.get().total);
  },

  pyaggregate(Database, path) {
    const db = new Database(path);
    db.aggregate('mysum', { start: 0, step: (total, x) => total + x });
    const st = db.prepare(PYAGGREGATE);
    return () => Math.round(st.get().total);
  },

  filltable(Database, path, fillRows) {
    const db = new Database(':memory:');
    db.exec(FILL_CREATE);
    const clear = db.prepare('DELETE FROM fill');
    const insert = db.prepare(FILL_INSERT);
    const read = db.prepare(FILL_READ);
    const fill = db.transaction((n) => {
      clear.run();
      for (let i = 0; i < n; i++) insert.run(i, i * 0.25, 'row' + i);
    });
    return () => {
      fill(fillRows);
      let s = 0;
      for (const row of read.iterate()) s += row.a + cents(row.b) + row.c.length;
      return s;
    };
  },
};

const now = typeof performance !== 'undefined' ? () => performance.now() / 1000 : () => Date.now() / 1000;

// Warm-up lasts at least `warmup` seconds and 5 runs, and goes on (up to three times as long)
// while the last run is more than 1.3 times the fastest so far: a JIT compiler that is still
// at work (on a busy machine its threads wait) is not measured.
function runTimed(run, warmup, measure, iterations) {
  const checksum = run();
  let start = now();
  let runs = 0;
  let best = Infinity;
  for (;;) {
    const t0 = now();
    if (run() !== checksum) throw new Error('checksum changed during warm-up');
    const last = now() - t0;
    best = Math.min(best, last);
    runs++;
    const elapsed = now() - start;
    if (elapsed >= warmup && runs >= 5 && (last <= 1.3 * best || elapsed >= 3 * warmup)) break;
  }
  const times = [];
  start = now();
  while (times.length < iterations || now() - start < measure) {
    const t0 = now();
    const got = run();
    times.push(now() - t0);
    if (got !== checksum) throw new Error('checksum changed during measurement');
  }
  return { checksum, times };
}

function main(argv) {
  const args = { workload: Object.keys(workloads).join(','), 'fill-rows': '100000', warmup: '10', measure: '10', iterations: '3' };
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--') || i + 1 >= argv.length) throw new Error('usage: --module better-sqlite3|graalite --db PATH [--workload W,...] [--fill-rows N] [--warmup S] [--measure S] [--iterations N] [--system NAME]');
    args[argv[i].slice(2)] = argv[i + 1];
  }
  if (args.module !== 'better-sqlite3' && args.module !== 'graalite') throw new Error('--module must be better-sqlite3 or graalite');
  if (!args.db) throw new Error('--db is required');
  const Database = require(args.module);
  const system = args.system || (args.module === 'graalite' ? 'graalite-js' : 'node-better-sqlite3');
  for (const name of args.workload.split(',')) {
    const make = workloads[name];
    if (make === undefined) throw new Error('unknown workload ' + name);
    const run = make(Database, args.db, Number(args['fill-rows']));
    const { checksum, times } = runTimed(run, Number(args.warmup), Number(args.measure), Number(args.iterations));
    const seconds = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(JSON.stringify({ workload: name, system, checksum, seconds, runs: times }));
  }
}

main(typeof process !== 'undefined' && process.argv ? process.argv.slice(2) : Array.from(arguments));
