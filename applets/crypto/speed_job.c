/* speed_job.c - the timed loop of speed: one window of a row, every
 * worker repeating its operation (see speed_local.h)
 *
 * SPDX-License-Identifier: MIT
 *
 * Alone in its file so that it keeps -O2 while the rest of speed (names,
 * vectors, planning, output) is built for size.
 */
#include "bench.h"
#include "speed.h"
#include "speed_local.h"

#include <stdint.h>

/* Ciphers and AEADs work in place, as openssl speed does (one buffer,
 * tag after it); a digest goes to its own small buffer. */
static int job_op(struct speed_job *j, struct speed_worker *w)
{
	if (j->pkkey)
		return j->pk_verify ? speed_pk_verify(w->pk) : speed_pk_sign(w->pk);
	return j->impl->run(w->ctx, w->in, j->inplace ? w->in : w->out, j->size);
}

/* Repeat the operation for j->dur seconds of wall time. The clock is read
 * after each batch; batches grow while one takes under 1/64 of the window
 * (and 1 ms), so the reads cost nothing and the overshoot is small. */
void speed_job_work(void *arg, unsigned idx, uint64_t iters)
{
	struct speed_job *j = arg;
	struct speed_worker *w = &j->w[idx];
	uint64_t dur = (uint64_t)(j->dur * 1e9), t0 = bench_clock_ns(), last = t0, now = t0;
	uint64_t count = 0, batch = 1, i;

	w->err = 0;
	for (;;) {
		for (i = 0; i < batch; i++)
			if (job_op(j, w)) {
				w->err = 1;
				break;
			}
		count += i;
		now = bench_clock_ns();
		if (w->err || now - t0 >= dur)
			break;
		if ((now - last) * 64 < dur && now - last < 1000000 && batch < (1u << 30))
			batch *= 2;
		last = now;
	}
	bench_keep_ptr(w->in);
	bench_keep_ptr(w->out);
	w->count = count;
	w->secs = (double)(now - t0) / 1e9;
}
