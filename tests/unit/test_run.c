/* test_run.c - the suite runner's CSV reader, suites and child runner
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "run.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

TEST(run_csv_next)
{
	char buf[] = "a,\"b,\"\"c\"\"\",,d\r\n\"x\ny\",z\nlast";
	char *p = buf, *f[8];

	REQUIRE(csv_next(&p, f, 8) == 4);
	CHECK_STR(f[0], "a");
	CHECK_STR(f[1], "b,\"c\"");
	CHECK_STR(f[2], "");
	CHECK_STR(f[3], "d");
	REQUIRE(csv_next(&p, f, 8) == 2);
	CHECK_STR(f[0], "x\ny");
	CHECK_STR(f[1], "z");
	REQUIRE(csv_next(&p, f, 8) == 1);
	CHECK_STR(f[0], "last");
	CHECK_EQ_INT(csv_next(&p, f, 8), 0);
}

TEST(run_csv_result)
{
	char head[] = "applet,test,kernel,params,value,min,max,unit,better,iters,samples,note,metric\n";
	char row[] = "lat_pipe,roundtrip,,msg=1,9.5,9,12,us,-1,1000,3,\"noisy,short: a, b\",lat_pipe\n";
	char text[] = "sysinfo,arch,,,x86_64,,,,0,0,0,,\n";
	char free_note[] = "a,b,,,1,1,1,ns,-1,1,1,not a flag: text,\n";
	char *p, *f[16];
	struct result r;
	int n;

	p = head;
	n = csv_next(&p, f, 16);
	CHECK_EQ_INT(csv_result(f, n, &r), -1);
	p = row;
	n = csv_next(&p, f, 16);
	REQUIRE(csv_result(f, n, &r) == 0);
	CHECK_STR(r.applet, "lat_pipe");
	CHECK_STR(r.params, "msg=1");
	CHECK_NEAR(r.value, 9.5, 1e-12);
	CHECK_NEAR(r.max, 12, 1e-12);
	CHECK_EQ_INT(r.better, -1);
	CHECK_EQ_U64(r.iters, 1000);
	CHECK_EQ_INT((int)r.flags, (int)(BENCH_NOISY | RESULT_SHORT));
	CHECK_STR(r.note, "a, b");
	CHECK_STR(r.metric, "lat_pipe");
	CHECK(r.text == NULL);
	p = text;
	n = csv_next(&p, f, 16);
	REQUIRE(csv_result(f, n, &r) == 0);
	CHECK_STR(r.text, "x86_64");
	CHECK(isnan(r.min));
	CHECK(r.metric == NULL);
	p = free_note;
	n = csv_next(&p, f, 16);
	REQUIRE(csv_result(f, n, &r) == 0);
	CHECK_EQ_INT((int)r.flags, 0);
	CHECK_STR(r.note, "not a flag: text");
}

TEST(run_suites)
{
	REQUIRE(suite_find("quick") != NULL);
	CHECK(suite_find("guide") != NULL);
	CHECK(suite_find("all") != NULL);
	CHECK(suite_find("nosuch") == NULL);
	CHECK_STR(suite_default_args("lat_syscall"), "null");
	CHECK_STR(suite_default_args("lat_pipe"), "");
	CHECK(suite_all_skip("net") != NULL);
	CHECK(suite_all_skip("lat_pipe") == NULL);
	/* tools, not measurements: a bare run of them would be a usage error */
	CHECK(suite_all_skip("compare") && suite_all_skip("report") && suite_all_skip("ref"));
	CHECK(suite_all_skip("init") && suite_all_skip("mkinitramfs"));
}

TEST(run_suite_check)
{
	static const char *const ok[] = { "quick", "guide", "all", "lat_pipe", "lat_pipe,lat_unix",
					  ",lat_pipe,", "sysinfo,net,fileio" };
	static const char *const tools[] = { "init", "run", "mkinitramfs", "report", "compare",
					     "ref", "boards" };
	char err[200], many[400];
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		CHECK_EQ_INT(suite_check(ok[i], err, sizeof(err)), 0);
	/* every tool, alone or in a list, is refused by name (run init runs itself) */
	for (i = 0; i < sizeof(tools) / sizeof(tools[0]); i++) {
		CHECK_EQ_INT(suite_check(tools[i], err, sizeof(err)), -1);
		CHECK(strncmp(err, tools[i], strlen(tools[i])) == 0);
		CHECK(suite_all_skip(tools[i]) != NULL);
	}
	CHECK_EQ_INT(suite_check("lat_pipe,init,run", err, sizeof(err)), -1);
	CHECK_STR(err, "init, run: not benchmarks (a suite runs benchmarks only)");
	CHECK_EQ_INT(suite_check("nosuch,ref,x", err, sizeof(err)), -1);
	CHECK_STR(err, "unknown applets 'nosuch', 'x' (try 'benchbox --list'); "
		  "ref: not benchmarks (a suite runs benchmarks only)");
	/* a misspelled suite or applet: the nearest one */
	CHECK_EQ_INT(suite_check("quik", err, sizeof(err)), -1);
	CHECK_STR(err, "unknown suite or applet 'quik' (did you mean 'quick'?)");
	CHECK_EQ_INT(suite_check("lat_pipe,lat_pip", err, sizeof(err)), -1);
	CHECK_STR(err, "unknown applet 'lat_pip' (did you mean 'lat_pipe'?)");
	CHECK_EQ_INT(suite_check("lat_pipe,nosuch", err, sizeof(err)), -1);
	CHECK_STR(err, "unknown applet 'nosuch' (try 'benchbox --list')");
	CHECK_EQ_INT(suite_check("", err, sizeof(err)), -1);
	CHECK_EQ_INT(suite_check(",,", err, sizeof(err)), -1);
	CHECK_STR(err, "no applet named in ',,'");
	/* many or long names: the message is cut, never overrun */
	memset(many, 0, sizeof(many));
	for (i = 0; i + 5 < sizeof(many) - 1; i += 5)
		memcpy(many + i, "init,", 5);
	CHECK_EQ_INT(suite_check(many, err, 40), -1);
	CHECK(strlen(err) == 39);
	memset(many, 'x', sizeof(many) - 1);
	CHECK_EQ_INT(suite_check(many, err, sizeof(err)), -1);
	CHECK(strstr(err, "...'") != NULL);
}

TEST(run_child_status)
{
	static volatile sig_atomic_t stop;
	char *ok[] = { "sysinfo", NULL }, *bad[] = { "lat_syscall", "nosuch", NULL };
	struct child_out o;
	char sig[32];

	memset(&o, 0, sizeof(o));
	REQUIRE(run_child(ok, 1, 30, &stop, &o) == 0);
	CHECK(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0);
	CHECK(o.rows && strstr(o.rows, "\nsysinfo,arch,") != NULL);
	child_out_free(&o);
	REQUIRE(run_child(bad, 2, 30, &stop, &o) == 0);
	CHECK(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 2);
	CHECK(strstr(o.last_err, "nosuch") != NULL);
	child_out_free(&o);
	CHECK_STR(signal_name(SIGILL, sig, sizeof(sig)), "SIGILL");
	CHECK_STR(signal_name(77, sig, sizeof(sig)), "signal 77");
}

/* What run_child_stream() handed over, and how it reaped. */
struct got {
	char			out[8192], err[1024];
	size_t			nout, nerr;
	volatile sig_atomic_t	*stop;		/* set at the first stdout bytes */
};

static void got_add(char *buf, size_t cap, size_t *len, const char *p, size_t n)
{
	if (n > cap - 1 - *len)
		n = cap - 1 - *len;
	memcpy(buf + *len, p, n);
	*len += n;
	buf[*len] = '\0';
}

static void got_out(void *arg, const char *p, size_t n)
{
	struct got *g = arg;

	got_add(g->out, sizeof(g->out), &g->nout, p, n);
	if (g->stop)
		*g->stop = 1;
}

static void got_err(void *arg, const char *p, size_t n)
{
	struct got *g = arg;

	got_add(g->err, sizeof(g->err), &g->nerr, p, n);
}

static int reaps;
static pid_t reaped_pid, reaped_pgid;

static int count_reap(int pid, int *status)
{
	if (!reaps++) {
		reaped_pid = pid;
		reaped_pgid = getpgid(pid);	/* alive, or a zombie: not reaped yet */
	}
	return waitpid(pid, status, WNOHANG) == pid;
}

/* init's mode: argv as it is (no --format=csv), the bytes as they come,
 * the caller's process group and reaper; and a child of its own group
 * that is only waited for. */
TEST(run_child_stream)
{
	char *json[] = { "sysinfo", "--format=json", NULL }, *bad[] = { "lat_syscall", "nosuch", NULL };
	struct child_spec c = { .argv = json, .argc = 2, .same_group = 1, .on_out = got_out,
				.on_err = got_err, .reap = count_reap };
	struct child_out o;
	static struct got g;

	memset(&o, 0, sizeof(o));
	c.arg = &g;
	reaps = 0;
	REQUIRE(run_child_stream(&c, &o) == 0);
	CHECK(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0);
	CHECK(!o.timed_out && !o.stopped && !o.rows);
	CHECK(strstr(g.out, "{\"applet\": \"sysinfo\", \"test\": \"arch\"") != NULL);
	CHECK(reaps > 0 && reaped_pgid == getpgrp());
	memset(&g, 0, sizeof(g));
	memset(&o, 0, sizeof(o));
	c.argv = bad;
	c.same_group = 0;
	reaps = 0;
	REQUIRE(run_child_stream(&c, &o) == 0);
	CHECK(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 2);
	CHECK_EQ_INT((int)g.nout, 0);
	CHECK(strstr(g.err, "nosuch") && g.err[g.nerr - 1] == '\n');	/* raw, not lines */
	CHECK(reaps > 0 && reaped_pgid == reaped_pid && reaped_pgid != getpgrp());
}

/* The records come as the child writes them, not at its end: the first
 * (the CSV header, with the boot time record) stop a run whose test would
 * take minutes (run's budget ends it at 20 s when they come at its end). */
TEST(run_child_stream_as_it_comes)
{
	static volatile sig_atomic_t stop;
	char *av[] = { "run", "--format=csv", "--budget", "20", "lat_syscall", "--", "--min-time=60",
		       "null", NULL };
	struct child_spec c = { .argv = av, .argc = 8, .budget_s = 600, .stop = &stop,
				.on_out = got_out, .on_err = got_err };
	struct child_out o;
	static struct got g;
	char sig[32];

	memset(&o, 0, sizeof(o));
	g.stop = &stop;
	c.arg = &g;
	stop = 0;
	setenv("BENCHBOX_BOOT_TO_INIT_S", "1.5", 1);	/* run's first record, at its start */
	REQUIRE(run_child_stream(&c, &o) == 0);
	unsetenv("BENCHBOX_BOOT_TO_INIT_S");
	CHECK(o.stopped && !o.timed_out);
	CHECK(!strncmp(g.out, "applet,test,kernel,params,", 26));
	CHECK_STR(signal_name(WIFSIGNALED(o.status) ? WTERMSIG(o.status) : 0, sig, sizeof(sig)),
		  "SIGTERM");
}

/* The terminal summary: the headline figures with their published values
 * and verdicts, clocks grouped by cluster, failures, the counts first. */
TEST(run_summary_lines)
{
	struct run_summary *s = run_summary_new();
	struct run_totals tot = { 3, 2, 1, 0, 0, { 1, 0, 1, 0, 2, 0 }, 1, "j721e", 4.25, NULL };
	struct result_verdict pass = { { V_PASS, 0, 0, 0, "" }, 1, 5107.56, 5085.82, 5155.47 };
	struct result_verdict fail = { { V_FAIL, 0, 0, 0, "" }, 1, 0.4, 0.39, 0.42 };
	struct result r;
	char buf[4096];
	FILE *f = tmpfile();
	size_t n;

	REQUIRE(s && f);
	memset(&r, 0, sizeof(r));
	r.applet = "sysinfo";
	r.test = "cpu.model";
	r.params = "cpus=0,2-3";
	r.text = "Cortex-A72";
	run_summary_see(s, &r);
	r.params = "cpus=1";
	r.text = "Cortex-A53";
	run_summary_see(s, &r);
	memset(&r, 0, sizeof(r));
	r.applet = "mhz";
	r.test = "measured";
	r.unit = "MHz";
	r.params = "cpu=0";
	r.value = 1990;
	run_summary_see(s, &r);
	r.params = "cpu=3";
	r.value = 2010;
	run_summary_see(s, &r);
	r.params = "cpu=1";
	r.value = 1400;
	run_summary_see(s, &r);
	memset(&r, 0, sizeof(r));
	r.applet = "bw_mem";
	r.test = "rd";
	r.unit = "MB/s";
	r.value = 5100;
	r.metric = "bw_mem-rd-16mb";
	r.verdict = &pass;
	run_summary_see(s, &r);
	r.applet = "lat_syscall";
	r.test = "null";
	r.unit = "us";
	r.value = 0.9;
	r.metric = "lat_syscall-null";
	r.verdict = &fail;
	run_summary_see(s, &r);
	r.applet = "lat_syscall";	/* a FAIL that is no headline is listed */
	r.test = "read";
	r.value = 2;
	r.metric = "lat_syscall-read";
	run_summary_see(s, &r);
	memset(&r, 0, sizeof(r));
	r.applet = "lat_mem_rd";	/* the sweep's last size is the DRAM point */
	r.test = "rd_random";
	r.unit = "ns";
	r.params = "size=64M,stride=64";
	r.value = 150;
	run_summary_see(s, &r);
	r.params = "size=128M,stride=64";
	r.value = 160;
	run_summary_see(s, &r);
	memset(&r, 0, sizeof(r));
	r.applet = "lat_ctx";
	r.test = "status";
	r.params = "args=-s 128 2";
	r.flags = RESULT_FAILED;
	r.note = "killed by SIGKILL";
	r.value = NAN;
	run_summary_see(s, &r);
	tot.board_why = "devicetree compatible \"ti,j721e-evm\"";
	tot.board = "j721e";		/* the clock lines are judged by cpu_clock */
	run_summary_print(f, s, &tot);
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	run_summary_free(s);
	CHECK(strstr(buf, "cpu 0,2-3 Cortex-A72") != NULL);
	CHECK(strstr(buf, "2000 MHz  2000           PASS\n") != NULL);	/* CPUs 0 and 3 */
	CHECK(strstr(buf, "cpu 1 Cortex-A53") != NULL);
	CHECK(strstr(buf, "1400 MHz  2000           FAIL\n") != NULL);
	CHECK(strstr(buf, "DRAM read") != NULL);
	CHECK(strstr(buf, "5085.8-5155.5  PASS\n") != NULL);		/* the published mean, the verdict */
	CHECK(strstr(buf, "0.3900-0.4200  FAIL\n") != NULL);
	CHECK(strstr(buf, "random pages, 128 MiB") != NULL);
	CHECK(strstr(buf, "150") == NULL);
	CHECK(strstr(buf, "FAIL    lat_syscall-read      2 us published 0.3900-0.4200 5.00x "
			  "400% above the published mean, beyond tolerance\n") != NULL);
	CHECK(strstr(buf, "INVALID lat_ctx -s 128 2") != NULL);
	CHECK(strstr(buf, "DRAM write") == NULL);		/* not measured: no line */
	CHECK(strstr(buf, "FAIL - 1 PASS, 0 WARN, 2 FAIL, 0 FAST, 0 NO-REF, 1 INVALID against j721e\n"
			  "3 tests: 2 passed, 1 failed") != NULL);
	CHECK(strstr(buf, "full records: not kept") != NULL);
	CHECK(!strncmp(buf, "j721e (devicetree compatible \"ti,j721e-evm\"): FAIL - 2 below "
		       "published: null syscall, lat_syscall-read; 1 invalid: lat_ctx -s 128 2\n",
		       129));
	CHECK(strstr(buf, " \n") == NULL);		/* no line ends in blanks */
}
