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
	const char	*name;		/* long name without "--": "size" */
	char		letter;		/* short option, or 0 */
	enum opt_type	type;
	const char	*def;		/* default as the user types it ("64M"); NULL/"" = none */
	double		min, max;	/* inclusive range; both 0 = unchecked */
	const char	*choices;	/* OPT_CHOICE only: "rd|wr|copy|fill" */
	const char	*help;		/* one line; usage appends "[default]" */
	unsigned	flags;		/* enum opt_flags */
	const char	*metavar;	/* what the value is, as usage shows it:
					   "BOARD", "FILE", "SECONDS"; NULL: from the
					   type (N, SIZE, the choices) */
};

enum opt_flags {
	OPT_DASH1 = 1u << 0,	/* also accepted as -name (openssl-style: -elapsed) */
	OPT_REPEAT = 1u << 1,	/* OPT_STR that may be given more than once: every
				   value in list (s is the last) */
	OPT_SERVER = 1u << 2,	/* starts, shapes or stops a server: not for a test
				   of a suite (run refuses it after --) */
};

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
/* One line per option: "  -s, --size=SIZE      help [64M]", the help
 * wrapped at word boundaries to keep every line within 79 columns. */
void opt_usage(FILE *f, const struct opt_spec *tab);

#endif
