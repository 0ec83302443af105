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
 *   skipped or not a number: INVALID.
 */
#ifndef BENCHBOX_VERDICT_H
#define BENCHBOX_VERDICT_H

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
void verdict_judge(const struct verdict_in *in, const struct verdict_ref *ref,
		   struct verdict_out *out);

/* An --expect file: one "METRIC MIN MAX" line per metric, '#' comments and
 * blank lines ignored. Returns the number of entries (>= 0), or -1 with a
 * message naming the line in err. Entries are kept until verdict_expect_free. */
struct verdict_expect {
	char	metric[96];
	double	lo, hi;
};
int  verdict_expect_parse(const char *text, struct verdict_expect **out,
			  char *err, unsigned errlen);
const struct verdict_expect *verdict_expect_find(const struct verdict_expect *e, int n,
						 const char *metric);

#endif
