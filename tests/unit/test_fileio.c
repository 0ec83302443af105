/* test_fileio.c - fileio's pieces: --bs lists, /proc/stat parsing and CPU
 * load, file sizes and margins, the latency histogram, mountinfo lookup
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "fileio.h"
#include "scratch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

TEST(fileio_parse_sizes)
{
	static const char *const bad[] = {
		"", ",", "1m,", ",1m", "1m,,2m", "0", "4k,0", "x", "4q", "-4k",
		"1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17",
	};
	uint64_t v[FIO_MAX_BS];
	size_t i;

	CHECK_EQ_INT(fio_parse_sizes("100k,256k,512k,1m,5m", v, FIO_MAX_BS), 5);
	CHECK_EQ_U64(v[0], 102400);	/* the guides' 102400 */
	CHECK_EQ_U64(v[1], 262144);
	CHECK_EQ_U64(v[2], 524288);
	CHECK_EQ_U64(v[3], 1048576);
	CHECK_EQ_U64(v[4], 5242880);
	CHECK_EQ_INT(fio_parse_sizes("4096", v, FIO_MAX_BS), 1);
	CHECK_EQ_U64(v[0], 4096);
	CHECK_EQ_INT(fio_parse_sizes("1m,4k", v, 2), 2);
	CHECK_EQ_U64(v[1], 4096);		/* order kept */
	CHECK_EQ_INT(fio_parse_sizes("1m,4k,8k", v, 2), -1);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (!CHECK_EQ_INT(fio_parse_sizes(bad[i], v, FIO_MAX_BS), -1))
			mt_fail(MT_AT, "  ... accepted '%s'", bad[i]);
}

TEST(fileio_load)
{
	struct fio_cpu_snap a = { 1000, 5000, 1.0, 1000000000 };
	struct fio_cpu_snap b = { 1250, 6000, 1.5, 3000000000 };
	struct fio_load ld;

	fio_load_between(&a, &b, &ld);
	CHECK_NEAR(ld.secs, 2.0, 1e-12);
	CHECK_EQ_U64(ld.ticks, 1000);
	CHECK(ld.known);
	CHECK_NEAR(ld.all, 25.0, 1e-9);
	CHECK_NEAR(ld.self, 25.0, 1e-9);	/* 0.5 s of CPU in 2 s */
	b.total = a.total;			/* under one tick: unknown, but known why */
	fio_load_between(&a, &b, &ld);
	CHECK(isnan(ld.all) && ld.known && ld.ticks == 0);
	a.total = 0;				/* no /proc/stat */
	fio_load_between(&a, &b, &ld);
	CHECK(isnan(ld.all) && !ld.known);
	CHECK_NEAR(ld.self, 25.0, 1e-9);
}

TEST(fileio_sizes)
{
	const uint64_t M = 1u << 20;

	CHECK_EQ_U64(fio_default_size(1024 * M, 100 * M, 5 * M), 50 * M);
	CHECK_EQ_U64(fio_default_size(1024 * M, 10240 * M, 5 * M), 204 * 5 * M);
	CHECK_EQ_U64(fio_default_size(1024 * M, 6 * M, 5 * M), 0);	/* none fits */
	CHECK_EQ_U64(fio_default_size(16 * M, 1000 * M, M), 16 * M);
}

TEST(fileio_hist_buckets)
{
	uint64_t v, prev_idx = 0;
	unsigned i;

	for (v = 0; v < 32; v++)
		CHECK_EQ_U64(fio_hist_index(v), v);	/* exact at the bottom */
	for (i = 0; i < 4000; i++) {
		uint64_t x = i < 2000 ? i : (uint64_t)1 << (i % 64) | (i * 2654435761u);
		unsigned idx = fio_hist_index(x);
		uint64_t lo = fio_hist_low(idx);
		uint64_t hi = idx + 1 < FIO_HIST_BUCKETS ? fio_hist_low(idx + 1) : UINT64_MAX;

		if (!CHECK(idx < FIO_HIST_BUCKETS && lo <= x && (x < hi || hi == UINT64_MAX)))
			mt_fail(MT_AT, "  ... %llu -> bucket %u [%llu, %llu)",
				(unsigned long long)x, idx, (unsigned long long)lo,
				(unsigned long long)hi);
		CHECK(hi == UINT64_MAX || (double)(hi - lo) <= (double)lo / 16 + 1);
		if (i < 2000) {
			CHECK(idx >= prev_idx);		/* monotonic */
			prev_idx = idx;
		}
	}
	CHECK_EQ_U64(fio_hist_index(UINT64_MAX), FIO_HIST_BUCKETS - 1);
	for (i = 1; i < FIO_HIST_BUCKETS; i++)
		CHECK(fio_hist_low(i) > fio_hist_low(i - 1));
}

TEST(fileio_hist_percentile)
{
	struct fio_hist *h = calloc(1, sizeof(*h)), *g = calloc(1, sizeof(*g));
	uint64_t v;

	REQUIRE(h && g);
	CHECK(isnan(fio_hist_percentile(h, 50)));
	for (v = 1; v <= 10000; v++)		/* 1 ns .. 10 us, uniform */
		fio_hist_add(h, v);
	CHECK_EQ_U64(h->n, 10000);
	CHECK_NEAR(fio_hist_percentile(h, 50), 5000, 5000.0 / 16);
	CHECK_NEAR(fio_hist_percentile(h, 99), 9900, 9900.0 / 16);
	CHECK_NEAR(fio_hist_percentile(h, 0), 1, 0.5);		/* the smallest */
	CHECK_NEAR(fio_hist_percentile(h, 100), 10000, 10000.0 / 16);
	fio_hist_add(g, 20);
	fio_hist_add(g, 20);
	CHECK_NEAR(fio_hist_percentile(g, 50), 20, 1e-9);	/* exact bucket */
	fio_hist_merge(g, h);
	CHECK_EQ_U64(g->n, 10002);
	CHECK_EQ_U64(g->count[fio_hist_index(20)], 3);
	free(h);
	free(g);
}

/* Write root/rel (its directories made first); rel ending in '/' makes
 * only the directory. 0 ok. */
static int put(const char *root, const char *rel, const char *text)
{
	char p[4200];
	size_t i, n = (size_t)snprintf(p, sizeof(p), "%s/%s", root, rel);
	FILE *f;

	for (i = strlen(root) + 1; i < n; i++)
		if (p[i] == '/') {
			p[i] = '\0';
			mkdir(p, 0700);
			p[i] = '/';
		}
	if (p[n - 1] == '/')
		return 0;
	if (!(f = fopen(p, "w")))
		return -1;
	fputs(text, f);
	return fclose(f);
}

static int find_loop3(void *arg, dev_t dev, const char *mnt, const char *fstype,
		      const char *source)
{
	(void)fstype;
	(void)source;
	if (dev != makedev(7, 3))
		return 0;
	snprintf(arg, 64, "%s", mnt);
	return 1;
}

/* fio_mount_of() and fio_mounts_each() read mountinfo under $BENCHBOX_SYSROOT. */
TEST(fileio_mountinfo)
{
	static const char info[] =
		"22 1 254:0 / / rw,relatime - ext4 /dev/vda rw\n"
		"30 22 0:25 / /dev/shm rw shared:2 - tmpfs tmpfs rw\n"
		"40 22 7:3 / /mnt/with\\040space rw master:1 shared:7 - vfat /dev/loop3 rw\n"
		"this line is not mountinfo\n";
	char root[4096], p[4200], fs[32], src[128], mnt[64] = "";

	REQUIRE(scratch_mkdir(scratch_dir(NULL), "unitfileio", root, sizeof(root)) == 0);
	REQUIRE(put(root, "proc/self/mountinfo", info) == 0);
	setenv("BENCHBOX_SYSROOT", root, 1);
	CHECK_EQ_INT(fio_mount_of(makedev(254, 0), fs, sizeof(fs), src, sizeof(src)), 0);
	CHECK_STR(fs, "ext4");
	CHECK_STR(src, "/dev/vda");
	CHECK_EQ_INT(fio_mount_of(makedev(7, 3), fs, sizeof(fs), src, sizeof(src)), 0);
	CHECK_STR(fs, "vfat");
	CHECK_STR(src, "/dev/loop3");
	CHECK_EQ_INT(fio_mount_of(makedev(0, 25), fs, sizeof(fs), src, sizeof(src)), 0);
	CHECK_STR(fs, "tmpfs");
	CHECK_EQ_INT(fio_mount_of(makedev(8, 1), fs, sizeof(fs), src, sizeof(src)), -1);
	CHECK_EQ_INT(fio_mounts_each(find_loop3, mnt), 1);
	CHECK_STR(mnt, "/mnt/with space");		/* \040 undone */
	snprintf(p, sizeof(p), "%s/nothing", root);
	setenv("BENCHBOX_SYSROOT", p, 1);
	CHECK_EQ_INT(fio_mount_of(makedev(254, 0), fs, sizeof(fs), src, sizeof(src)), -1);
	unsetenv("BENCHBOX_SYSROOT");
	scratch_remove(root);
}

/* A device is busy when it or one of its partitions is mounted, or when
 * something holds it; unknown without mountinfo. */
TEST(fileio_dev_busy)
{
	static const char *const sys = "/sys/dev/block/7:0";
	char root[4096], why[512];

	REQUIRE(scratch_mkdir(scratch_dir(NULL), "unitfileio", root, sizeof(root)) == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/holders/", NULL) == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/queue/", NULL) == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/loop0p1/partition", "1\n") == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/loop0p1/dev", "259:0\n") == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/loop0p2/partition", "2\n") == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/loop0p2/dev", "259:1\n") == 0);
	REQUIRE(put(root, "proc/swaps", "Filename Type Size Used Priority\n") == 0);
	REQUIRE(put(root, "proc/self/mountinfo",
		    "22 1 254:0 / / rw - ext4 /dev/vda rw\n") == 0);
	setenv("BENCHBOX_SYSROOT", root, 1);
	CHECK_EQ_INT(fio_dev_busy(sys, makedev(7, 0), why, sizeof(why)), 0);
	CHECK_STR(why, "");
	REQUIRE(put(root, "proc/self/mountinfo", "22 1 254:0 / / rw - ext4 /dev/vda rw\n"
		    "50 22 259:1 / /mnt/p2 rw - ext4 /dev/loop0p2 rw\n") == 0);
	CHECK_EQ_INT(fio_dev_busy(sys, makedev(7, 0), why, sizeof(why)), 1);
	CHECK_STR(why, "mounted on /mnt/p2 (/dev/loop0p2)");
	CHECK_EQ_INT(fio_dev_busy("/sys/dev/block/7:1", makedev(7, 1), why, sizeof(why)), 0);
	REQUIRE(put(root, "proc/self/mountinfo",
		    "50 22 7:0 / /mnt/whole rw - ext4 /dev/loop0 rw\n") == 0);
	CHECK_EQ_INT(fio_dev_busy(sys, makedev(7, 0), why, sizeof(why)), 1);
	CHECK_STR(why, "mounted on /mnt/whole (/dev/loop0)");
	REQUIRE(put(root, "proc/self/mountinfo", "") == 0);
	REQUIRE(put(root, "sys/dev/block/7:0/holders/dm-0", "") == 0);
	CHECK_EQ_INT(fio_dev_busy(sys, makedev(7, 0), why, sizeof(why)), 1);
	CHECK_STR(why, "held by dm-0");
	setenv("BENCHBOX_SYSROOT", "/nonexistent-root-for-benchbox", 1);
	CHECK_EQ_INT(fio_dev_busy(sys, makedev(7, 0), why, sizeof(why)), -1);
	unsetenv("BENCHBOX_SYSROOT");
	scratch_remove(root);
}
