/* minitest.h - a tiny unit test harness: TEST(), CHECK*(), REQUIRE(), SKIP()
 *
 * SPDX-License-Identifier: MIT
 *
 * TEST(name) defines void test_name(struct mt *t); list it in tests.def.
 * A CHECK* that fails records file:line, the expression and the values, and
 * the test goes on; every CHECK* evaluates to 1 on success, 0 on failure.
 * REQUIRE() is the fatal form (returns from the test), SKIP() ends the test
 * with a reason. main.c runs the tests and prints one status line each.
 */
#ifndef BENCHBOX_MINITEST_H
#define BENCHBOX_MINITEST_H

#include <math.h>
#include <stdint.h>

struct mt {
	const char	*name;
	unsigned	checks, failed;
	const char	*skip;		/* reason, once SKIP() ran */
	char		first[512];	/* the first failure: the status line */
	char		more[2048];	/* later failures, one per line */
};

void mt_fail(struct mt *t, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
int  mt_str(struct mt *t, const char *file, int line, const char *ea,
	    const char *eb, const char *a, const char *b);

#define TEST(name)	void test_##name(struct mt *t)
#define MT_AT		t, __FILE__, __LINE__

static inline int mt_ok(struct mt *t, const char *file, int line, int ok,
			const char *expr)
{
	t->checks++;
	if (!ok)
		mt_fail(t, file, line, "CHECK(%s)", expr);
	return ok;
}

static inline int mt_u64(struct mt *t, const char *file, int line,
			 const char *ea, const char *eb, uint64_t a, uint64_t b)
{
	t->checks++;
	if (a != b)
		mt_fail(t, file, line, "%s == %s: %llu (0x%llx) != %llu (0x%llx)",
			ea, eb, (unsigned long long)a, (unsigned long long)a,
			(unsigned long long)b, (unsigned long long)b);
	return a == b;
}

static inline int mt_int(struct mt *t, const char *file, int line,
			 const char *ea, const char *eb, long long a, long long b)
{
	t->checks++;
	if (a != b)
		mt_fail(t, file, line, "%s == %s: %lld != %lld", ea, eb, a, b);
	return a == b;
}

static inline int mt_near(struct mt *t, const char *file, int line,
			  const char *ea, const char *eb, double a, double b,
			  double eps)
{
	int ok = fabs(a - b) <= eps;	/* false for NaN */

	t->checks++;
	if (!ok)
		mt_fail(t, file, line, "%s ~= %s: %.17g != %.17g (eps %g)",
			ea, eb, a, b, eps);
	return ok;
}

#define CHECK(c)		mt_ok(MT_AT, !!(c), #c)
#define CHECK_EQ_U64(a, b)	mt_u64(MT_AT, #a, #b, (a), (b))
#define CHECK_EQ_INT(a, b)	mt_int(MT_AT, #a, #b, (a), (b))
#define CHECK_STR(a, b)		mt_str(MT_AT, #a, #b, (a), (b))
#define CHECK_NEAR(a, b, eps)	mt_near(MT_AT, #a, #b, (a), (b), (eps))
/* Fatal: a failed REQUIRE ends the test (later checks would only crash). */
#define REQUIRE(c)		do { if (!CHECK(c)) return; } while (0)
#define SKIP(reason)		do { t->skip = (reason); return; } while (0)

#endif
