/* verdict.h - a measured value beside a published reference: PASS, WARN,
 * FAIL, FAST, NO-REF or INVALID
 *
 * SPDX-License-Identifier: MIT
 *
 * The rule, for a value v (better = +1 higher is better, -1 lower) and a
 * reference mean m with published min/max:
 *   tolerance t = max(published half-spread (max-min)/2 / m, 10%),
 *                 or the user's band from an --expect file instead;
 *   the accepted band is [m(1-t), m(1+t)] widened to [min, max];
 *   v inside [min, max] (or within 1% of m when there is no spread): PASS;
 *   v inside the band: WARN (in tolerance but off the published range);
 *   v outside the band on the worse side: FAIL, on the better side: FAST
 *   (suspiciously better: usually a measurement problem, or a different
 *   configuration). A low-confidence reference never gives FAIL or FAST,
 *   only WARN. No reference: NO-REF. A result that is throttled, failed,
 *   skipped or not a number, or a lower-is-better value (a time) at or
 *   below zero: INVALID.
 */
#ifndef BENCHBOX_VERDICT_H
#define BENCHBOX_VERDICT_H

#include <stddef.h>
#include <stdio.h>

enum verdict { V_PASS, V_WARN, V_FAIL, V_FAST, V_NOREF, V_INVALID, V_COUNT };

struct verdict_ref {
	int	have;		/* 0: no reference (NO-REF) */
	double	mean, min, max;	/* min/max NaN when the source gave one value */
	int	low_confidence;
	/* an --expect line: when set, [lo, hi] is the whole accepted band */
	int	expect;
	double	lo, hi;
};

struct verdict_in {
	double	value;
	int	better;		/* +1 / -1; 0 = not comparable (INVALID) */
	int	invalid;	/* throttled, failed, skipped, no number */
};

struct verdict_out {
	enum verdict	v;
	double		lo, hi;		/* the accepted band used */
	double		delta;		/* (value - mean) / mean, 0 without a mean */
	const char	*why;		/* a short reason for WARN/INVALID, else "" */
};

const char *verdict_name(enum verdict v);	/* "PASS", "NO-REF", ... */
/* The ANSI colour a terminal shows it in (PASS green, WARN yellow, FAIL
 * red, FAST magenta); "" for NO-REF and INVALID. */
const char *verdict_colour(enum verdict v);
/* Whether f takes colour: a terminal, and NO_COLOR unset or empty
 * (no-color.org). */
int verdict_colour_ok(FILE *f);
void verdict_judge(const struct verdict_in *in, const struct verdict_ref *ref,
		   struct verdict_out *out);

/* An --expect file: one "METRIC MIN MAX" line per metric, or a pin of
 * two fields, "NAME.ATTR VALUE" (a wiring finding's attribute:
 * "pcie.0000:01:00.0.speed 8GT/s"); '#' comments and blank lines
 * ignored; fields are separated by spaces or tabs, a line may end in CRLF.
 * A later line for a metric overrides an earlier one. */
struct verdict_expect {
	char	metric[96];	/* at most 95 characters: a longer name is an error */
	double	lo, hi;
	char	value[64];	/* a pin's VALUE; "" for a band */
	int	line;		/* its line in the file, from 1 */
	int	used;		/* set by verdict_expect_find, or by the pin's user */
};
/* Parse text[0..len) (text need not be NUL-terminated). Returns the number
 * of entries (>= 0) in a malloc'd *out (NULL when 0), or -1 with *out NULL
 * and a one-line message in err: "a NUL byte at offset N", or "line N:
 * what" for a UTF-8 byte order mark anywhere but the start of the text
 * (there it is skipped), a control character, a metric name over 95
 * characters, or anything but three fields with MIN <= MAX, both read by
 * parse_double() and at most 63 characters, or two: a NAME.ATTR with a
 * '.' neither first nor last, and a VALUE of 1-63 of [A-Za-z0-9._+/-].
 * For a fuzzer: it reads nothing outside text[0..len); on success every
 * metric is non-empty, NUL-terminated, at most 95 bytes, without spaces,
 * controls or '#'; a band has lo <= hi, both finite, and value ""; a pin
 * has lo = hi = 0 and a value of that alphabet. */
int  verdict_expect_parse(const char *text, size_t len, struct verdict_expect **out,
			  char *err, size_t errlen);
/* The --expect file at path, parsed; the number of entries, or -1 after
 * one errorf() line naming the file ("--expect: PATH: ..."). 1 MiB or more
 * is refused. */
int  verdict_expect_load(const char *path, struct verdict_expect **out);
/* The band for metric (the last line naming it), marking every band line
 * that names it used; NULL if none does. Pins are never bands. */
const struct verdict_expect *verdict_expect_find(struct verdict_expect *e, int n,
						 const char *metric);
/* A warning naming each band line no result used whose metric is in no
 * row of the reference data either (a typo must not pass silently); the
 * number of such lines. Pins are wiring's to judge. */
int  verdict_expect_warn_unused(const char *path, const struct verdict_expect *e, int n);
/* Whether a pin's value want holds for an attribute's value have: both
 * numbers (a leading decimal number each, what follows it a unit that is
 * not compared: "8GT/s" holds for "8", "1000" for "1000.0") equal within
 * a millionth, else the words equal ignoring case ("HS400", "full"). */
int  verdict_pin_holds(const char *want, const char *have);

#endif
