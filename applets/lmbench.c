/* lmbench.c - lmbench's result lines (see lmbench.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "lmbench.h"

static void begin(struct emit_out *o, const struct run_info *info)
{
	(void)o;
	(void)info;
}

static void end(struct emit_out *o)
{
	(void)o;
}

static void micro(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%s: %.4f microseconds\n", r->group ? r->group : r->test, r->value);
}

static void nano(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%s: %.2f nanoseconds\n", r->group ? r->group : r->test, r->value);
}

static void mb(struct emit_out *o, const struct result *r)
{
	if (r->group)
		fprintf(o->f, "%s: %.2f MB/sec\n", r->group, r->value);
	else
		fprintf(o->f, "%.2f MB/sec\n", r->value);
}

const struct emitter emit_lmbench_micro = { "lmbench", 1, begin, micro, end };
const struct emitter emit_lmbench_nano = { "lmbench", 1, begin, nano, end };
const struct emitter emit_lmbench_mb = { "lmbench", 1, begin, mb, end };
