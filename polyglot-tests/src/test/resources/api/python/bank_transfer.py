# An ordinary sqlite3 program written for this test suite (not from a documentation): money
# moves between accounts in explicit transactions; a CHECK constraint stops an overdraft,
# the program catches the IntegrityError and rolls back. Its expected output is what CPython's
# sqlite3 prints. Changed for Graalite: the import line only.
import graalite.sqlite3 as sqlite3

con = sqlite3.connect(":memory:")
con.executescript("""
    CREATE TABLE account(
        id INTEGER PRIMARY KEY,
        owner TEXT NOT NULL UNIQUE,
        balance INTEGER NOT NULL CHECK (balance >= 0)
    );
    CREATE TABLE transfer(
        id INTEGER PRIMARY KEY,
        source INTEGER REFERENCES account(id),
        target INTEGER REFERENCES account(id),
        amount INTEGER NOT NULL
    );
""")
cur = con.cursor()
for owner, balance in [("alice", 100), ("bob", 50), ("carol", 0)]:
    cur.execute("INSERT INTO account(owner, balance) VALUES (?, ?)", (owner, balance))
    print("opened account", cur.lastrowid, "for", owner)
print("in transaction after inserts:", con.in_transaction)
con.commit()
print("in transaction after commit:", con.in_transaction)


def account_id(owner):
    row = con.execute("SELECT id FROM account WHERE owner = ?", (owner,)).fetchone()
    return row[0]


def transfer(source, target, amount):
    try:
        cur = con.cursor()
        cur.execute("UPDATE account SET balance = balance - ? WHERE owner = ?", (amount, source))
        cur.execute("UPDATE account SET balance = balance + ? WHERE owner = ?", (amount, target))
        cur.execute("INSERT INTO transfer(source, target, amount) VALUES (?, ?, ?)",
                    (account_id(source), account_id(target), amount))
        con.commit()
        print(f"moved {amount} from {source} to {target} (transfer {cur.lastrowid})")
    except sqlite3.IntegrityError as e:
        con.rollback()
        print(f"refused {amount} from {source} to {target}: {e}")


def balances():
    return {owner: balance for owner, balance in con.execute("SELECT owner, balance FROM account ORDER BY owner")}


transfer("alice", "bob", 30)
transfer("bob", "carol", 70)
transfer("carol", "alice", 100)
print(balances())

# Explicit transaction control: no implicit BEGIN with isolation_level None.
con.isolation_level = None
con.execute("BEGIN")
con.execute("UPDATE account SET balance = balance * 2")
print("doubled inside a transaction:", balances(), con.in_transaction)
con.execute("ROLLBACK")
print("after ROLLBACK:", balances(), con.in_transaction)

try:
    con.execute("INSERT INTO account(owner, balance) VALUES ('alice', 1)")
except sqlite3.IntegrityError as e:
    print("duplicate owner:", e, isinstance(e, sqlite3.DatabaseError), isinstance(e, sqlite3.Error))

cur = con.execute("UPDATE account SET balance = balance + 1 WHERE balance > 0")
print("rows updated:", cur.rowcount, "total changes:", con.total_changes)
print("transfers:", con.execute("SELECT count(*), sum(amount) FROM transfer").fetchone())
con.close()
try:
    con.execute("SELECT 1")
except sqlite3.ProgrammingError as e:
    print("after close:", e)
