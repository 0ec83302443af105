/* test_sys.c - CPU lists, buffers and the worker team
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "mem.h"
#include "sys.h"
#include "team.h"
#include "util.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

TEST(sys_cpulist)
{
	int c[16];

	CHECK_EQ_INT(sys_parse_cpulist("3", c, 16), 1);
	CHECK_EQ_INT(c[0], 3);
	REQUIRE(sys_parse_cpulist("0,2,4-7", c, 16) == 6);
	CHECK(c[0] == 0 && c[1] == 2 && c[2] == 4 && c[5] == 7);
	REQUIRE(sys_parse_cpulist("5,1-2,2", c, 16) == 3);	/* sorted, distinct */
	CHECK(c[0] == 1 && c[1] == 2 && c[2] == 5);
	CHECK_EQ_INT(sys_parse_cpulist("4095", c, 16), 1);
	CHECK_EQ_INT(sys_parse_cpulist("", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("4096", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("2-1", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("1,", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist(",1", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("1-", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("-1", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("a", c, 16), -1);
	CHECK_EQ_INT(sys_parse_cpulist("0-20", c, 16), -1);	/* more than max */
	CHECK(sys_allowed_cpus(c, 16) >= 1);
}

TEST(mem_map_aligned)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	static const size_t aligns[] = { 0, 4096, 1 << 16, 1 << 21 };
	struct mem_region r;
	size_t i;

	for (i = 0; i < ARRAY_LEN(aligns); i++) {
		REQUIRE(mem_map(&r, 100000, aligns[i], MEM_HUGE_DEFAULT) == 0);
		CHECK((uintptr_t)r.p % (aligns[i] > page ? aligns[i] : page) == 0);
		CHECK(r.size >= 100000 && r.size % page == 0);
		mem_prefault(r.p, r.size);
		memset(r.p, 0x5a, r.size);	/* all of it is ours */
		CHECK(((unsigned char *)r.p)[r.size - 1] == 0x5a);
		mem_unmap(&r);
	}
	CHECK_EQ_INT(mem_map(&r, 0, 0, MEM_HUGE_DEFAULT), -1);
	CHECK_EQ_INT(mem_map(&r, 4096, 3 * 4096, MEM_HUGE_DEFAULT), -1);	/* not a power of two */
}

TEST(mem_fits_and_huge)
{
	char why[160] = "";
	enum mem_huge h;

	CHECK_EQ_INT(mem_fits(4096, why, sizeof(why)), 0);
	CHECK_EQ_INT(mem_fits(UINT64_MAX / 2, why, sizeof(why)), -1);
	CHECK(strstr(why, "MiB are available") != NULL);
	CHECK(mem_parse_huge("on", &h) == 0 && h == MEM_HUGE_ON);
	CHECK(mem_parse_huge("off", &h) == 0 && h == MEM_HUGE_OFF);
	CHECK(mem_parse_huge("default", &h) == 0 && h == MEM_HUGE_DEFAULT);
	CHECK_EQ_INT(mem_parse_huge("yes", &h), -1);
	CHECK_STR(mem_huge_name(MEM_HUGE_OFF), "off");
}

struct team_probe {
	uint64_t	work[8];	/* iterations each worker ran in total */
	int		setup[8];	/* setup ran once per worker */
	int		fail_on;	/* worker index whose setup fails, or -1 */
	int		done[8];	/* done ran once per worker (processes) */
	int		done_fails;	/* worker index whose done answers 4, or -1 */
};

static int probe_setup(void *arg, unsigned idx)
{
	struct team_probe *p = arg;

	p->setup[idx]++;
	return (int)idx == p->fail_on ? 3 : 0;
}

static void probe_work(void *arg, unsigned idx, uint64_t iters)
{
	struct team_probe *p = arg;

	p->work[idx] += iters;
}

static int probe_done(void *arg, unsigned idx)
{
	struct team_probe *p = arg;

	p->done[idx]++;
	return (int)idx == p->done_fails ? 4 : 0;
}

/* Processes: the probe lives in shared memory, or their writes stay theirs. */
TEST(team_procs_run_every_copy)
{
	struct team_probe *p = mmap(NULL, sizeof(*p), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	struct team *tm;
	unsigned i;
	int rc = -1;

	REQUIRE(p != MAP_FAILED);
	memset(p, 0, sizeof(*p));
	p->fail_on = p->done_fails = -1;
	tm = team_start_procs(3, NULL, 0, probe_setup, probe_work, probe_done, p, &rc);
	REQUIRE(tm != NULL);
	CHECK_EQ_INT(rc, 0);
	team_body(tm, 5);
	team_body(tm, 7);
	CHECK_EQ_INT(team_stop(tm), 0);
	for (i = 0; i < 3; i++) {
		CHECK_EQ_INT(p->setup[i], 1);
		CHECK_EQ_INT(p->done[i], 1);
		CHECK_EQ_U64(p->work[i], 12);
	}
	CHECK_EQ_U64(p->work[3], 0);

	memset(p, 0, sizeof(*p));
	p->fail_on = -1;
	p->done_fails = 1;
	tm = team_start_procs(2, NULL, 0, probe_setup, probe_work, probe_done, p, &rc);
	REQUIRE(tm != NULL);
	team_body(tm, 1);
	CHECK_EQ_INT(team_stop(tm), 4);		/* done's answer is the exit status */

	memset(p, 0, sizeof(*p));
	p->fail_on = 2;
	p->done_fails = -1;
	CHECK(team_start_procs(3, NULL, 0, probe_setup, probe_work, NULL, p, &rc) == NULL);
	CHECK_EQ_INT(rc, 3);
	CHECK_EQ_U64(p->work[0] + p->work[1] + p->work[2], 0);
	munmap(p, sizeof(*p));
}

TEST(team_runs_every_worker)
{
	struct team_probe p = { .fail_on = -1 };
	int cpus[2] = { 0, 0 }, rc = -1;
	struct team *tm = team_start(4, cpus, 1, probe_setup, probe_work, &p, &rc);
	unsigned i;

	REQUIRE(tm != NULL);
	CHECK_EQ_INT(rc, 0);
	team_body(tm, 5);
	team_body(tm, 7);
	team_stop(tm);
	for (i = 0; i < 4; i++) {
		CHECK_EQ_INT(p.setup[i], 1);
		CHECK_EQ_U64(p.work[i], 12);
	}
	CHECK_EQ_U64(p.work[4], 0);

	memset(&p, 0, sizeof(p));
	p.fail_on = 2;
	CHECK(team_start(3, NULL, 0, probe_setup, probe_work, &p, &rc) == NULL);
	CHECK_EQ_INT(rc, 3);
	CHECK_EQ_U64(p.work[0] + p.work[1] + p.work[2], 0);
}

TEST(sys_meminfo_text)
{
	uint64_t tot = 0, a = 0;

	CHECK_EQ_INT(sys_meminfo_parse("MemTotal:       16318412 kB\nMemFree:  1 kB\n"
				       "MemAvailable:    9893404 kB\n", &tot, &a), 3);
	CHECK_EQ_U64(tot, 16318412ull * 1024);
	CHECK_EQ_U64(a, 9893404ull * 1024);
	tot = a = 7;
	/* only whole lines: no sign, no other unit, nothing after kB, no overflow */
	CHECK_EQ_INT(sys_meminfo_parse("MemTotal: -1 kB\nMemAvailable: 12 MB\nMemTotal: 1 kBx\n"
				       "MemTotal: 18014398509481984 kB\nMemTotalx: 1 kB\n", &tot, &a), 0);
	CHECK_EQ_U64(tot, 7);
	CHECK_EQ_U64(a, 7);
	CHECK_EQ_INT(sys_meminfo_parse("MemAvailable:\t18014398509481983 kB", &tot, &a), 2);
	CHECK_EQ_U64(a, 18014398509481983ull * 1024);
}

TEST(sys_stat_cpu_line)
{
	uint64_t busy = 0, total = 0;

	CHECK_EQ_INT(sys_stat_cpu("cpu  10 20 30 400 50 6 7 8 9 10\ncpu0 1 2 3 4\n",
				  &busy, &total), 0);
	CHECK_EQ_U64(busy, 10 + 20 + 30 + 6 + 7 + 8);	/* guest is inside user */
	CHECK_EQ_U64(total, busy + 400 + 50);
	CHECK_EQ_INT(sys_stat_cpu("cpu 1 2 3 4", &busy, &total), 0);	/* 2.4 kernels */
	CHECK_EQ_U64(busy, 6);
	CHECK_EQ_U64(total, 10);
	CHECK_EQ_INT(sys_stat_cpu("cpu0 1 2 3 4 5", &busy, &total), -1);
	CHECK_EQ_INT(sys_stat_cpu("cpu 1 2", &busy, &total), -1);
	CHECK_EQ_INT(sys_stat_cpu("intr 1 2 3 4", &busy, &total), -1);
	/* hostile: a sign, junk after a number, a number past 64 bits */
	CHECK_EQ_INT(sys_stat_cpu("cpu -1 2 3 4", &busy, &total), -1);
	CHECK_EQ_INT(sys_stat_cpu("cpu 1 2 3 4x", &busy, &total), -1);
	CHECK_EQ_INT(sys_stat_cpu("cpu 1 2 3 18446744073709551616", &busy, &total), -1);
	CHECK_EQ_INT(sys_stat_cpu("", &busy, &total), -1);
}
