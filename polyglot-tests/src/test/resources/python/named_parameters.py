# Named parameters (:a, @a, $a) take their values from one Python dict, keyed by the name
# without its prefix.
import polyglot


def sql(text):
    return polyglot.eval(language="sql", string=text)


sql("create table kv(k text primary key, v)")
put = sql("insert into kv values (:key, $value)")
assert list(put.parameters) == [":key", "$value"], list(put.parameters)
assert put({"key": "a", "value": 1}) == 1
assert put({"value": 2.5, "key": "b"}) == 1  # order of the dict does not matter
assert put({"key": "c", "value": None}) == 1

get = sql("select k, v from kv where k = @key or v = :v order by k")
found = [(r.k, r.v) for r in get({"key": "a", "v": 2.5})]
assert found == [("a", 1), ("b", 2.5)], found

# A missing name is an error that names the parameter.
try:
    put({"key": "d"})
    raise AssertionError("a missing parameter value was not reported")
except polyglot.ForeignException as e:
    assert "$value" in str(e), str(e)

RESULT = "done: named_parameters.py"
