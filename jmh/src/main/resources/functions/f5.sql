-- instr per row (integer result), summed.
SELECT sum(instr(o_comment, 'the')) FROM orders
