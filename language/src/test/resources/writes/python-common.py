# Shared by the Python scripts of PythonInteropTest: a canonical, byte-exact rendering of
# SQLite values that the Java side produces too (PythonInteropTest.canon).
import sqlite3, struct, sys

class Text(bytes):
    pass

def connect(path):
    con = sqlite3.connect(path, isolation_level=None)
    # TEXT arrives as its exact bytes, so text that is not UTF-8 would show too
    con.text_factory = Text
    return con

def canon(v):
    if v is None:
        return 'n'
    if isinstance(v, Text):
        return 't:' + bytes(v).hex()
    if isinstance(v, bytes):
        return 'b:' + v.hex()
    if isinstance(v, bool):
        raise TypeError('bool')
    if isinstance(v, int):
        return 'i:%d' % v
    if isinstance(v, float):
        return 'r:' + struct.pack('>d', v).hex()
    raise TypeError(repr(v))

def dump(con, query):
    print('> ' + query)
    for row in con.execute(query):
        print(' | '.join(canon(v) for v in row))
