/* opt.h - declarative options: one table per applet, parsed, validated,
 * documented and defaulted from the same declaration
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_OPT_H
#define BENCHBOX_OPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum opt_type { OPT_END = 0, OPT_BOOL, OPT_INT, OPT_SIZE, OPT_DOUBLE, OPT_STR, OPT_CHOICE };

struct opt_spec {
	double		min, max;	/* inclusive range; both 0 = unchecked */
	const char	*name;		/* long name without "--": "size" */
	const char	*def;		/* default as the user types it ("64M"); NULL/"" = none */
	union {			/* one or the other, never both */
		const char *choices;	/* OPT_CHOICE: "rd|wr|copy|fill", also
					   what usage shows as its value */
		const char *metavar;	/* the others: what the value is, as
					   usage shows it: "BOARD", "FILE",
					   "SECONDS"; NULL: from the type (N,
					   SIZE) */
	};
	const char	*help;		/* one line; usage appends "[default]". In a
					   table from OPT_TABLE in a product build:
					   NULL, the line is in the packed help (its
					   key in the end row's help) */
	char		letter;		/* short option, or 0 */
	unsigned char	type;		/* enum opt_type */
	unsigned char	flags;		/* enum opt_flags */
	unsigned char	key;		/* enum opt_key: a shared option, else 0 */
};

enum opt_flags {
	OPT_DASH1 = 1u << 0,	/* also accepted as -name (openssl-style: -elapsed) */
	OPT_REPEAT = 1u << 1,	/* OPT_STR that may be given more than once: every
				   value in list (s is the last) */
	OPT_SERVER = 1u << 2,	/* starts, shapes or stops a server: not for a test
				   of a suite (run refuses it after --) */
};

/* An applet declares its options once, as a list, and OPT_TABLE makes of
 * it the table (opts[]), an index per option and the packed help:
 *
 *	#define OPTIONS(O) \
 *		O(SIZE, "size", OPT_SIZE, "bytes per buffer", \
 *		  .min = 4096, .max = 1e13, .metavar = "BYTES") \
 *		O(PASSES, "passes", OPT_INT, "passes over it", .letter = 'n', .def = "10", \
 *		  .min = 1, .max = 1000)
 *	OPT_TABLE(example, OPTIONS);
 *	...	opt_size(ctx, SIZE), opt_int(ctx, PASSES)
 *
 * O(ID, "name", TYPE, "help", designated fields...): ID names the option
 * in the applet's code; a misspelt ID, or an accessor that does not fit
 * the option's type (opt_size of an OPT_INT), does not compile. The help
 * is a string literal; in a product build the table's help lines are one
 * packed text (src/text.h) whose key, NAME_opthelp, the end row holds.
 */
#define OPT_INDEX_(id, ...)		OI_##id,
#define OPT_TYPE_(id, name, t, ...)	OT_##id = (t),
#define OPT_ROW_(id, n, t, h, ...)	[OI_##id] = { .name = (n), .type = (t), \
					  .help = OPT_HELP_(h), __VA_ARGS__ },
#define OPT_LINE_(id, n, t, h, ...)	h "\n"
#ifdef BB_PACKED_TEXT
#define OPT_HELP_(h)			NULL
#define OPT_TEXT_(key, LIST) \
	static const char key##_opthelp[] __attribute__((section(".bbtext"), used)) = \
		#key "_opthelp\0" LIST(OPT_LINE_)
#define OPT_END_(key)			{ .help = #key "_opthelp" }
#else
#define OPT_HELP_(h)			(h)
#define OPT_TEXT_(key, LIST)		struct opt_spec
#define OPT_END_(key)			{ 0 }
#endif
#define OPT_TABLE(key, LIST) \
	OPT_DECLARE(key, LIST); \
	static const struct opt_spec opts[OI_COUNT_ + 1] = OPT_ROWS(key, LIST)
/* OPT_TABLE in two parts, for a table of another name or one that
 * several files share: the indices, types and packed help; the rows. */
#define OPT_DECLARE(key, LIST) \
	enum { LIST(OPT_INDEX_) OI_COUNT_ }; \
	enum { LIST(OPT_TYPE_) OT_END_ }; \
	OPT_TEXT_(key, LIST)
#define OPT_ROWS(key, LIST)		{ LIST(OPT_ROW_) OPT_END_(key) }

/* Options that code outside the applet's own file reads (the lmbench
 * harness, lmnet, the lmbench file tests): every row of that name, in
 * every table, carries its key (.key = OPTK_ID; a unit test checks), and
 * optk_int(ctx, ID) finds it in whichever applet runs. K(ID, NAME, TYPE). */
#define OPT_KEYS(K) \
	K(PARALLEL, "parallel", OPT_INT) K(WARMUP_US, "warmup-us", OPT_INT) \
	K(TRIES, "tries", OPT_INT) K(CLONE, "clone", OPT_BOOL) K(MSG, "msg", OPT_SIZE) \
	K(PORT, "port", OPT_INT) K(SERVER, "server", OPT_BOOL) \
	K(FOREGROUND, "foreground", OPT_BOOL) K(BIND, "bind", OPT_STR) \
	K(LIFETIME, "lifetime", OPT_DOUBLE) K(SHUTDOWN, "shutdown", OPT_STR) \
	K(TIMEOUT, "timeout", OPT_DOUBLE) K(SESSIONS, "sessions", OPT_INT)
#define OPT_KEY_(id, n, t)		OPTK_##id,
#define OPT_KEYTYPE_(id, n, t)		OKT_##id = (t),
enum opt_key { OPTK_NONE_, OPT_KEYS(OPT_KEY_) OPTK_COUNT };
enum { OPT_KEYS(OPT_KEYTYPE_) OKT_END_ };
/* Each key's option name and type, for the tests: opt_key_type[OPTK_PORT]
 * is OPT_INT. */
extern const char *const opt_key_name[OPTK_COUNT];
extern const unsigned char opt_key_type[OPTK_COUNT];

/* A compile-time check inside an expression. */
#define OPT_CHECK_(cond, msg)	((void)sizeof(struct { _Static_assert(cond, msg); char c_; }))
#define OPT_IS_(t, type)	((int)(t) == (int)(type))
#define OPT_INTLIKE_(t)		(OPT_IS_(t, OPT_INT) || OPT_IS_(t, OPT_BOOL) || OPT_IS_(t, OPT_CHOICE))
#define OPT_NUMBER_(t)		(OPT_IS_(t, OPT_INT) || OPT_IS_(t, OPT_SIZE) || OPT_IS_(t, OPT_DOUBLE))

struct opt_val {
	int		set;		/* given on the command line (not only defaulted) */
	int		has;		/* has a value (given or defaulted) */
	int64_t		i;		/* OPT_INT, OPT_BOOL (0/1), OPT_CHOICE (index) */
	uint64_t	u;		/* OPT_SIZE */
	double		d;		/* OPT_DOUBLE (also set for INT and SIZE) */
	const char	*s;		/* the text as given (all types) */
	const char	**list;		/* OPT_REPEAT: the values given, in order (allocated:
					   the caller frees it), NULL when none */
	unsigned	count;		/* OPT_REPEAT: how many */
};

/* Parse TEXT as a value of spec's type and range. 0 ok; else -1 with a
 * message naming the option in err. */
int opt_parse_value(const struct opt_spec *spec, const char *text,
		    struct opt_val *val, char *err, size_t errlen);

/* Parse argv[0..argc) against ntab option tables (searched in order), each
 * with its value array. Non-option words are collected, in order, into pos
 * (an array of at least argc entries); "--" ends options, "-" is a word.
 * Forms: --name=V, --name V, -xV, -x V; booleans take no value. Defaults
 * are applied first. Unknown and repeated options are errors.
 * Returns the number of positional words, or -1 with err set. */
int opt_parse(int ntab, const struct opt_spec *const *tabs, struct opt_val *const *vals,
	      int argc, char **argv, char **pos, char *err, size_t errlen);

/* How many words argv[i] takes as an option of the tables, as opt_parse
 * reads it (2: the option and its value, 1: alone or --name=V / -xV); 0
 * when it is none of theirs or its value is missing. */
int opt_words(int ntab, const struct opt_spec *const *tabs, int argc, char **argv, int i);

size_t opt_count(const struct opt_spec *tab);
/* Index of the option called name in tab, or -1. */
int opt_index(const struct opt_spec *tab, const char *name);
/* The help line of tab[i] into buf: the row's own, else its line of the
 * table's packed help; "" when there is none. Returns buf. */
const char *opt_help(const struct opt_spec *tab, size_t i, char *buf, size_t len);
/* One line per option: "  -s, --size=SIZE      help [64M]", the help
 * wrapped at word boundaries to keep every line within 79 columns. */
void opt_usage(FILE *f, const struct opt_spec *tab);

#endif
