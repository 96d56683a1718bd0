// The geopoly virtual table and functions (better-sqlite3 builds SQLite with SQLITE_ENABLE_GEOPOLY):
// shapes written and read, searched by overlap and containment, each query run 60 times so
// that it becomes hot. Written for this test suite; its expected output is what better-sqlite3
// prints on Node.js. Changed: the require line.
const Database = require('graalite');
const db = new Database(':memory:');
for (const sql of [
  "CREATE VIRTUAL TABLE shapes USING geopoly(name)",
  "INSERT INTO shapes(_shape, name) VALUES ('[[0,0],[4,0],[4,3],[0,3],[0,0]]', 'box'), ('[[5,5],[6,5],[5.5,6],[5,5]]', 'tri'), (geopoly_regular(10, 10, 2, 6), 'hex')",
  "SELECT name, geopoly_area(_shape), geopoly_json(_shape) FROM shapes ORDER BY rowid",
  "SELECT name FROM shapes WHERE geopoly_overlap(_shape, '[[3,2],[5.5,2],[5.5,5.5],[3,5.5],[3,2]]') ORDER BY name",
  "SELECT name FROM shapes WHERE geopoly_within(_shape, '[[-1,-1],[7,-1],[7,7],[-1,7],[-1,-1]]') ORDER BY name",
  "SELECT geopoly_contains_point(_shape, 1, 1), geopoly_svg(_shape), geopoly_bbox(_shape) IS NOT NULL FROM shapes WHERE name = 'box'",
  "SELECT geopoly_json(geopoly_xform('[[0,0],[1,0],[0,1],[0,0]]', 2, 0, 0, 2, 1, 1)), geopoly_ccw('[[0,0],[0,1],[1,0],[0,0]]') IS NOT NULL",
  "UPDATE shapes SET _shape = '[[0,0],[1,0],[1,1],[0,0]]' WHERE name = 'box'",
  "SELECT name, geopoly_area(_shape) FROM shapes ORDER BY rowid",
]) {
  try { const st = db.prepare(sql); let r; for (let i = 0; i < (st.reader ? 60 : 1); i++) r = st.reader ? st.all() : st.run(); console.log(JSON.stringify(r)); }
  catch (e) { console.log(sql, '->', e.name, e.code, e.message); }
}
