/*
 * The SQL functions that sqlite-jdbc adds to every connection (its JDBC_EXTENSIONS build: Liam
 * Healy's public-domain "extension-functions"), so that SQL written for sqlite-jdbc runs on
 * Graalite's JDBC driver unchanged: atn2, cot, coth, square, difference, charindex, leftstr,
 * rightstr, replicate, reverse, proper, padl, padr, padc, strfilter, and the aggregates stdev,
 * variance, mode, lower_quartile and upper_quartile. SQLite's own functions of the same names
 * (log, floor, sign, median...) stay SQLite's, as they do in sqlite-jdbc.
 *
 * Written here from the behaviour of sqlite-jdbc 3.54.1.0, which the JDBC differential
 * scenario extension-functions.jdbc compares value by value, types and errors included. Where
 * that behaviour is a quirk it is kept and said so: an integer mode or quartile is its low 32
 * bits, rightstr with a negative count fails with SQLITE_NOMEM, soundex codes for difference
 * include the first letter and do not merge repeated codes. What sqlite-jdbc does by undefined
 * behaviour (reading past a string's end) is not copied; the results agree on valid UTF-8.
 *
 * Included by graalite_shim.c (same translation unit as the amalgamation: sqlite3Utf8CharLen).
 */

/* ---- UTF-8 as the functions walk it ---- */

/*
 * The code point at z (0 at the terminator): a lead byte and its continuation bytes; a stray
 * continuation byte, an overlong form, a surrogate or U+FFFE/U+FFFF read as U+FFFD, so that
 * any two invalid sequences compare equal, as in sqlite-jdbc. Bytes past a terminator inside a
 * truncated sequence count as 0 and are not read.
 */
static int ext_char_at(const unsigned char *z) {
  int c = z[0];
  int extra;
  if (c < 0x80) return c;
  if (c < 0xc0) return 0xfffd;
  extra = c < 0xe0 ? 1 : c < 0xf0 ? 2 : c < 0xf8 ? 3 : 4;
  if (extra == 4) return 0xfffd;
  {
    static const int lead_bits[] = {0, 0xc0 << 6, 0xe0 << 12, 0xf0 << 18};
    static const int overlong_mask[] = {0, (int)0xffffff80, (int)0xfffff800, (int)0xffff0000};
    int i, ended = 0;
    for (i = 1; i <= extra; i++) {
      int b = ended ? 0 : z[i];
      if (b == 0) ended = 1;
      c = (c << 6) + b;
    }
    /* Each continuation byte brought its 0x80 marker bit along: take it back with the lead's bits. */
    c -= lead_bits[extra] + (extra >= 1 ? 0x80 : 0) + (extra >= 2 ? 0x80 << 6 : 0) + (extra >= 3 ? 0x80 << 12 : 0);
    if ((overlong_mask[extra] & c) == 0 || (c & 0xfffff800) == 0xd800 || (c & 0xfffffffe) == 0xfffe) c = 0xfffd;
    return c;
  }
}

/* The byte after the character at z: past its continuation bytes (never past a terminator). */
static const unsigned char *ext_next_char(const unsigned char *z) {
  if (*z == 0) return z;
  z++;
  while ((*z & 0xc0) == 0x80) z++;
  return z;
}

static void ext_result_text(sqlite3_context *ctx, const char *z) {
  sqlite3_result_text(ctx, z, -1, SQLITE_TRANSIENT);
}

/*
 * Whether a result of `bytes` bytes may be made; if not, sets the error sqlite-jdbc's would
 * end in: SQLITE_NOMEM past what its int-sized allocation can ask for, SQLITE_TOOBIG past
 * the connection's length limit.
 */
static int ext_result_fits(sqlite3_context *ctx, sqlite3_uint64 bytes) {
  if (bytes + 1 > 0x7fffffff) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  if (bytes > (sqlite3_uint64)sqlite3_limit(sqlite3_context_db_handle(ctx), SQLITE_LIMIT_LENGTH, -1)) {
    sqlite3_result_error_toobig(ctx);
    return 0;
  }
  return 1;
}

static int ext_any_null(int argc, sqlite3_value **argv) {
  int i;
  for (i = 0; i < argc; i++) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return 1;
  }
  return 0;
}

/* ---- Numbers ---- */

/* atn2(y, x): the arc tangent of y/x in the quadrant of (x, y). */
static void ext_atn2(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_double(ctx, atan2(sqlite3_value_double(argv[0]), sqlite3_value_double(argv[1])));
}

/* cot(x) and coth(x): 1/tan(x), 1/tanh(x) (an infinity at 0; NaN, which SQLite makes NULL, at an infinity). */
static void ext_cot(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_double(ctx, 1.0 / tan(sqlite3_value_double(argv[0])));
}

static void ext_coth(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_double(ctx, 1.0 / tanh(sqlite3_value_double(argv[0])));
}

/* square(x): an integer's square as an integer (wrapping on overflow, as sqlite-jdbc's), anything else's as a real. */
static void ext_square(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  switch (sqlite3_value_type(argv[0])) {
    case SQLITE_NULL:
      sqlite3_result_null(ctx);
      break;
    case SQLITE_INTEGER: {
      sqlite3_uint64 i = (sqlite3_uint64)sqlite3_value_int64(argv[0]);
      sqlite3_result_int64(ctx, (sqlite3_int64)(i * i));
      break;
    }
    default: {
      double r = sqlite3_value_double(argv[0]);
      sqlite3_result_double(ctx, r * r);
    }
  }
}

/* ---- Text ---- */

/*
 * The four-character code difference() compares: the first ASCII letter, upper-cased, then
 * the codes of the letters from that one on (itself included, repeats kept, bytes of 0x80 and
 * more by their low seven bits), padded with '0'; "?000" without a letter.
 */
static void ext_soundex_code(const unsigned char *z, char out[5]) {
  static const unsigned char codes[128] = {
      ['B'] = 1, ['F'] = 1, ['P'] = 1, ['V'] = 1,
      ['C'] = 2, ['G'] = 2, ['J'] = 2, ['K'] = 2, ['Q'] = 2, ['S'] = 2, ['X'] = 2, ['Z'] = 2,
      ['D'] = 3, ['T'] = 3, ['L'] = 4, ['M'] = 5, ['N'] = 5, ['R'] = 6,
      ['b'] = 1, ['f'] = 1, ['p'] = 1, ['v'] = 1,
      ['c'] = 2, ['g'] = 2, ['j'] = 2, ['k'] = 2, ['q'] = 2, ['s'] = 2, ['x'] = 2, ['z'] = 2,
      ['d'] = 3, ['t'] = 3, ['l'] = 4, ['m'] = 5, ['n'] = 5, ['r'] = 6,
  };
  int i = 0, j;
  while (z[i] && !((z[i] >= 'a' && z[i] <= 'z') || (z[i] >= 'A' && z[i] <= 'Z'))) i++;
  if (!z[i]) {
    memcpy(out, "?000", 5);
    return;
  }
  out[0] = (char)(z[i] >= 'a' ? z[i] - 'a' + 'A' : z[i]);
  for (j = 1; j < 4 && z[i]; i++) {
    int code = codes[z[i] & 0x7f];
    if (code > 0) out[j++] = (char)('0' + code);
  }
  while (j < 4) out[j++] = '0';
  out[4] = 0;
}

/* difference(a, b): how many of the four characters of the two soundex codes agree (0 to 4). */
static void ext_difference(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  char a[5], b[5];
  int i, same = 0;
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  ext_soundex_code(sqlite3_value_text(argv[0]), a);
  ext_soundex_code(sqlite3_value_text(argv[1]), b);
  for (i = 0; i < 4; i++) same += a[i] == b[i];
  sqlite3_result_int(ctx, same);
}

/*
 * charindex(needle, haystack[, start]): the 1-based character position of the first needle
 * in haystack at or after character start (1 when absent or below 1); 0 when there is none or
 * the needle is empty.
 */
static void ext_charindex(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *needle, *at;
  int skip = 0, position;
  if (ext_any_null(2, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  needle = sqlite3_value_text(argv[0]);
  if (needle == 0) return;
  at = sqlite3_value_text(argv[1]);
  if (argc == 3) {
    skip = sqlite3_value_int(argv[2]) - 1;
    if (skip < 0) skip = 0;
  }
  if (*needle == 0 || at == 0) {
    sqlite3_result_int(ctx, 0);
    return;
  }
  for (position = 0; position < skip && ext_char_at(at) != 0; position++) at = ext_next_char(at);
  for (; ext_char_at(at) != 0; position++, at = ext_next_char(at)) {
    const unsigned char *n = needle, *h = at;
    int cn, ch;
    do {
      cn = ext_char_at(n);
      ch = ext_char_at(h);
      n = ext_next_char(n);
      h = ext_next_char(h);
    } while (cn == ch && cn != 0);
    if (cn == 0) {
      sqlite3_result_int(ctx, position + 1);
      return;
    }
  }
  sqlite3_result_int(ctx, 0);
}

/* For leftstr and rightstr: their text and count; 0 when the result is NULL (a NULL argument) or no memory. */
static int ext_text_and_count(sqlite3_context *ctx, int argc, sqlite3_value **argv, const unsigned char **text, int *count) {
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return 0;
  }
  *text = sqlite3_value_text(argv[0]);
  *count = sqlite3_value_int(argv[1]);
  return *text != 0;
}

/* leftstr(text, n): the first n characters (all of them when fewer, none for n below 1). */
static void ext_leftstr(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *z, *end;
  int n, count = 0;
  if (!ext_text_and_count(ctx, argc, argv, &z, &n)) return;
  for (end = z; ext_char_at(end) != 0 && count++ < n;) end = ext_next_char(end);
  sqlite3_result_text(ctx, (const char *)z, (int)(end - z), SQLITE_TRANSIENT);
}

/* rightstr(text, n): the last n characters (all of them when fewer); a negative n fails with SQLITE_NOMEM, as in sqlite-jdbc. */
static void ext_rightstr(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *z, *start;
  int n, chars = 0, skip;
  if (!ext_text_and_count(ctx, argc, argv, &z, &n)) return;
  if (n < 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (start = z; ext_char_at(start) != 0; start = ext_next_char(start)) chars++;
  skip = chars > n ? chars - n : 0;
  for (start = z; skip > 0; skip--) start = ext_next_char(start);
  ext_result_text(ctx, (const char *)start);
}

/* replicate(text, n): text n times; n below 0 is a "domain error". */
static void ext_replicate(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const char *z;
  sqlite3_int64 count;
  size_t length;
  char *out;
  sqlite3_int64 i;
  (void)argc;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return;
  count = sqlite3_value_int64(argv[1]);
  if (count < 0) {
    sqlite3_result_error(ctx, "domain error", -1);
    return;
  }
  z = (const char *)sqlite3_value_text(argv[0]);
  if (z == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  /* The text ends at its first NUL: a text holding one is repeated up to there, once. */
  length = strlen(z);
  if ((sqlite3_int64)length < sqlite3_value_bytes(argv[0]) && count > 1) count = 1;
  if (length > 0 && (sqlite3_uint64)count > 0x7fffffffu / length) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (!ext_result_fits(ctx, length * (sqlite3_uint64)count)) return;
  out = sqlite3_malloc64(length * (sqlite3_uint64)count + 1);
  if (out == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for (i = 0; i < count; i++) memcpy(out + i * length, z, length);
  out[length * count] = 0;
  sqlite3_result_text64(ctx, out, length * count, sqlite3_free, SQLITE_UTF8);
}

/*
 * For reverse and proper: the text of their argument and a buffer for a result of its length
 * (plus the terminator), which the caller hands to SQLite; NULL when there is nothing more to
 * do (a NULL argument, whose result is NULL, or no memory, an error).
 */
static char *ext_text_and_buffer(sqlite3_context *ctx, sqlite3_value *arg, const unsigned char **text, size_t *length) {
  char *out;
  if (sqlite3_value_type(arg) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return 0;
  }
  *text = sqlite3_value_text(arg);
  if (*text == 0) return 0;
  *length = strlen((const char *)*text);
  out = sqlite3_malloc64(*length + 1);
  if (out == 0) sqlite3_result_error_nomem(ctx);
  return out;
}

/* reverse(text): the characters in reverse order (a character's bytes stay in order). */
static void ext_reverse(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *z, *c;
  size_t length;
  char *out, *to;
  (void)argc;
  out = ext_text_and_buffer(ctx, argv[0], &z, &length);
  if (out == 0) return;
  to = out + length;
  *to = 0;
  for (c = z; *c;) {
    const unsigned char *next = ext_next_char(c);
    to -= next - c;
    memcpy(to, c, (size_t)(next - c));
    c = next;
  }
  sqlite3_result_text64(ctx, out, length, sqlite3_free, SQLITE_UTF8);
}

/* proper(text): each word's first byte upper-cased and its other bytes lower-cased (ASCII letters; words end at spaces and tabs). */
static void ext_proper(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *z;
  char *out;
  size_t i, length;
  int wordStart = 1;
  (void)argc;
  out = ext_text_and_buffer(ctx, argv[0], &z, &length);
  if (out == 0) return;
  for (i = 0; i < length; i++) {
    unsigned char b = z[i];
    if (b == ' ' || b == '\t') {
      wordStart = 1;
    } else {
      if (wordStart && b >= 'a' && b <= 'z') b = (unsigned char)(b - 'a' + 'A');
      else if (!wordStart && b >= 'A' && b <= 'Z') b = (unsigned char)(b - 'A' + 'a');
      wordStart = 0;
    }
    out[i] = (char)b;
  }
  out[length] = 0;
  sqlite3_result_text64(ctx, out, length, sqlite3_free, SQLITE_UTF8);
}

/*
 * padl, padr and padc(text, n): spaces before, after, or around text (the odd one after)
 * until it is n characters long; text itself when it is that long already; n below 0 is a
 * "domain error".
 */
static void ext_pad(sqlite3_context *ctx, sqlite3_value **argv, int where) {
  const char *z;
  sqlite3_int64 width, chars, before, after;
  size_t length;
  char *out;
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  z = (const char *)sqlite3_value_text(argv[0]);
  width = sqlite3_value_int64(argv[1]);
  if (width < 0) {
    sqlite3_result_error(ctx, "domain error", -1);
    return;
  }
  if (z == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  chars = sqlite3Utf8CharLen(z, -1);
  if (chars >= width) {
    ext_result_text(ctx, z);
    return;
  }
  if (!ext_result_fits(ctx, strlen(z) + (sqlite3_uint64)(width - chars))) return;
  before = where < 0 ? width - chars : where == 0 ? (width - chars) / 2 : 0;
  after = width - chars - before;
  length = strlen(z);
  out = sqlite3_malloc64(length + (sqlite3_uint64)(width - chars) + 1);
  if (out == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  memset(out, ' ', (size_t)before);
  memcpy(out + before, z, length);
  memset(out + before + length, ' ', (size_t)after);
  out[before + length + after] = 0;
  sqlite3_result_text64(ctx, out, before + length + after, sqlite3_free, SQLITE_UTF8);
}

static void ext_padl(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ext_pad(ctx, argv, -1);
}

static void ext_padr(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ext_pad(ctx, argv, 1);
}

static void ext_padc(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  ext_pad(ctx, argv, 0);
}

/* strfilter(text, allowed): the characters of text that occur in allowed, in text's order (as allowed spells them). */
static void ext_strfilter(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  const unsigned char *z, *allowed, *c;
  char *out, *to;
  if (ext_any_null(argc, argv)) {
    sqlite3_result_null(ctx);
    return;
  }
  z = sqlite3_value_text(argv[0]);
  allowed = sqlite3_value_text(argv[1]);
  if (z == 0 || allowed == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  out = sqlite3_malloc64(strlen((const char *)z) + 1);
  if (out == 0) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  to = out;
  for (c = z; ext_char_at(c) != 0; c = ext_next_char(c)) {
    int wanted = ext_char_at(c);
    const unsigned char *a = allowed;
    while (ext_char_at(a) != 0 && ext_char_at(a) != wanted) a = ext_next_char(a);
    if (ext_char_at(a) != 0) {
      const unsigned char *end = ext_next_char(a);
      /* An allowed character may be longer than the one it matched (both invalid): never past the buffer. */
      size_t n = (size_t)(end - a);
      if ((size_t)(to - out) + n > strlen((const char *)z)) break;
      memcpy(to, a, n);
      to += n;
    }
  }
  *to = 0;
  sqlite3_result_text64(ctx, out, (sqlite3_uint64)(to - out), sqlite3_free, SQLITE_UTF8);
}

/* ---- Aggregates ---- */

/* stdev and variance: Welford's running mean and sum of squared deviations. */
typedef struct ExtVariance {
  double mean;
  double squares;
  sqlite3_int64 count;
} ExtVariance;

/* Every value that is not NULL counts, as a number (text that is no number counts as 0.0). */
static void ext_variance_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  ExtVariance *p = sqlite3_aggregate_context(ctx, sizeof(*p));
  (void)argc;
  if (p == 0) return;
  if (sqlite3_value_numeric_type(argv[0]) != SQLITE_NULL) {
    double x = sqlite3_value_double(argv[0]);
    double delta = x - p->mean;
    p->count++;
    p->mean += delta / p->count;
    p->squares += delta * (x - p->mean);
  }
}

/* The sample variance; 0.0 for fewer than two values. */
static double ext_sample_variance(sqlite3_context *ctx) {
  ExtVariance *p = sqlite3_aggregate_context(ctx, 0);
  return p != 0 && p->count > 1 ? p->squares / (p->count - 1) : -1.0;
}

static void ext_variance_final(sqlite3_context *ctx) {
  double v = ext_sample_variance(ctx);
  sqlite3_result_double(ctx, v < 0 ? 0.0 : v);
}

static void ext_stdev_final(sqlite3_context *ctx) {
  double v = ext_sample_variance(ctx);
  sqlite3_result_double(ctx, v < 0 ? 0.0 : sqrt(v));
}

/*
 * mode, lower_quartile and upper_quartile collect their values: integers when the first value
 * that is not NULL is an integer (later reals then count by their integer part, text that is no
 * number as 0), else reals. The values are sorted when the group ends, and equal values make one
 * entry with their count, as sqlite-jdbc's tree of distinct values does (whose entries answer
 * with the first value inserted, and with only the low 32 bits of an integer).
 */
typedef struct ExtValue {
  union {
    sqlite3_int64 i;
    double r;
  } v;
  sqlite3_int64 order; /* insertion order: among equal values the first one answers */
} ExtValue;

typedef struct ExtValues {
  ExtValue *values;
  sqlite3_int64 count;
  sqlite3_int64 capacity;
  int reals;
  int started;
} ExtValues;

static void ext_values_step(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int type = sqlite3_value_numeric_type(argv[0]);
  ExtValues *p;
  (void)argc;
  if (type == SQLITE_NULL) return;
  p = sqlite3_aggregate_context(ctx, sizeof(*p));
  if (p == 0) return;
  if (!p->started) {
    p->started = 1;
    p->reals = type != SQLITE_INTEGER;
  }
  if (p->count == p->capacity) {
    sqlite3_int64 grown = p->capacity ? 2 * p->capacity : 16;
    ExtValue *v = sqlite3_realloc64(p->values, (sqlite3_uint64)grown * sizeof(ExtValue));
    if (v == 0) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    p->values = v;
    p->capacity = grown;
  }
  if (p->reals) {
    p->values[p->count].v.r = sqlite3_value_double(argv[0]);
  } else {
    p->values[p->count].v.i = sqlite3_value_int64(argv[0]);
  }
  p->values[p->count].order = p->count;
  p->count++;
}

static int ext_compare_integers(const void *a, const void *b) {
  const ExtValue *x = a, *y = b;
  if (x->v.i != y->v.i) return x->v.i < y->v.i ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

static int ext_compare_reals(const void *a, const void *b) {
  const ExtValue *x = a, *y = b;
  if (x->v.r != y->v.r) return x->v.r < y->v.r ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The group's values sorted (NULL when it had none); the caller frees them with ext_values_free. */
static ExtValues *ext_values_sorted(sqlite3_context *ctx) {
  ExtValues *p = sqlite3_aggregate_context(ctx, 0);
  if (p == 0 || p->count == 0) return 0;
  qsort(p->values, (size_t)p->count, sizeof(ExtValue), p->reals ? ext_compare_reals : ext_compare_integers);
  return p;
}

static void ext_values_free(ExtValues *p) {
  sqlite3_free(p->values);
  p->values = 0;
  p->count = p->capacity = 0;
}

/* The length of the run of values equal to values[from]. */
static sqlite3_int64 ext_run_length(ExtValues *p, sqlite3_int64 from) {
  sqlite3_int64 to = from + 1;
  if (p->reals) {
    while (to < p->count && p->values[to].v.r == p->values[from].v.r) to++;
  } else {
    while (to < p->count && p->values[to].v.i == p->values[from].v.i) to++;
  }
  return to - from;
}

/* An integer entry answers with its low 32 bits (see ExtValue). */
static sqlite3_int64 ext_entry_integer(ExtValues *p, sqlite3_int64 at) {
  return (sqlite3_int64)(int)(sqlite3_uint64)p->values[at].v.i;
}

/* mode(x): the value that occurs most often; NULL when several do. */
static void ext_mode_final(sqlite3_context *ctx) {
  ExtValues *p = ext_values_sorted(ctx);
  sqlite3_int64 at, run, most = 0, ties = 0, best = 0;
  if (p == 0) return;
  for (at = 0; at < p->count; at += run) {
    run = ext_run_length(p, at);
    if (run == most) {
      ties++;
    } else if (run > most) {
      most = run;
      best = at;
      ties = 1;
    }
  }
  if (ties == 1) {
    if (p->reals) sqlite3_result_double(ctx, p->values[best].v.r);
    else sqlite3_result_int64(ctx, ext_entry_integer(p, best));
  }
  ext_values_free(p);
}

/*
 * The quartile at rank `below` (of count values): the mean of the distinct values whose run
 * straddles it, by sqlite-jdbc's walk over the distinct values in order. An integer answer
 * stays an integer when one value is taken.
 */
static void ext_quartile_final(sqlite3_context *ctx, int quarters) {
  ExtValues *p = ext_values_sorted(ctx);
  sqlite3_int64 at, run, seen = 0, taken = 0, integerSum = 0;
  double below, above, realSum = 0.0;
  if (p == 0) return;
  below = quarters == 1 ? p->count / 4.0 : (p->count * 3) / 4.0;
  above = p->count - below;
  for (at = 0; at < p->count; at += run) {
    run = ext_run_length(p, at);
    if ((int)(seen + run) >= below) {
      if ((int)(p->count - seen) >= above) {
        taken++;
        if (p->reals) realSum += p->values[at].v.r;
        else integerSum += ext_entry_integer(p, at);
      } else {
        break;
      }
    }
    seen += run;
  }
  if (p->reals) sqlite3_result_double(ctx, realSum / taken);
  else if (taken == 1) sqlite3_result_int64(ctx, integerSum);
  else sqlite3_result_double(ctx, integerSum * 1.0 / taken);
  ext_values_free(p);
}

static void ext_lower_quartile_final(sqlite3_context *ctx) {
  ext_quartile_final(ctx, 1);
}

static void ext_upper_quartile_final(sqlite3_context *ctx) {
  ext_quartile_final(ctx, 3);
}

/* ---- Registration ---- */

/*
 * Adds the functions to connection db, with sqlite-jdbc's flags (UTF-8, neither deterministic
 * nor innocuous), so that pragma_function_list lists them alike. SQLITE_OK or the first error.
 */
GRAALITE_EXPORT int graalite_add_extension_functions(sqlite3 *db) {
  static const struct {
    const char *name;
    signed char args;
    void (*scalar)(sqlite3_context *, int, sqlite3_value **);
    void (*step)(sqlite3_context *, int, sqlite3_value **);
    void (*final)(sqlite3_context *);
  } functions[] = {
      {"atn2", 2, ext_atn2, 0, 0},
      {"cot", 1, ext_cot, 0, 0},
      {"coth", 1, ext_coth, 0, 0},
      {"square", 1, ext_square, 0, 0},
      {"difference", 2, ext_difference, 0, 0},
      {"charindex", 2, ext_charindex, 0, 0},
      {"charindex", 3, ext_charindex, 0, 0},
      {"leftstr", 2, ext_leftstr, 0, 0},
      {"rightstr", 2, ext_rightstr, 0, 0},
      {"replicate", 2, ext_replicate, 0, 0},
      {"reverse", 1, ext_reverse, 0, 0},
      {"proper", 1, ext_proper, 0, 0},
      {"padl", 2, ext_padl, 0, 0},
      {"padr", 2, ext_padr, 0, 0},
      {"padc", 2, ext_padc, 0, 0},
      {"strfilter", 2, ext_strfilter, 0, 0},
      {"stdev", 1, 0, ext_variance_step, ext_stdev_final},
      {"variance", 1, 0, ext_variance_step, ext_variance_final},
      {"mode", 1, 0, ext_values_step, ext_mode_final},
      {"lower_quartile", 1, 0, ext_values_step, ext_lower_quartile_final},
      {"upper_quartile", 1, 0, ext_values_step, ext_upper_quartile_final},
  };
  size_t i;
  for (i = 0; i < sizeof(functions) / sizeof(functions[0]); i++) {
    int rc = sqlite3_create_function(db, functions[i].name, functions[i].args, SQLITE_UTF8, 0, functions[i].scalar, functions[i].step, functions[i].final);
    if (rc != SQLITE_OK) return rc;
  }
  return SQLITE_OK;
}
