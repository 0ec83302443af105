/* options.c - the sanitizer build's default ASan/UBSan options (make asan)
 *
 * SPDX-License-Identifier: MIT
 *
 * Linked into build/asan/benchbox only. The runtimes read ASAN_OPTIONS and
 * UBSAN_OPTIONS from /proc/self/environ; where /proc is not mounted (the
 * tests of a bare board) these compiled-in values apply instead: stop at
 * the first report, with a stack, and no leak check at exit (an applet
 * that exits without freeing is not a bug; tests/run.sh checks leaks in
 * the unit tests, the fuzz harnesses in their loops).
 */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void)
{
	return "halt_on_error=1:abort_on_error=1:print_stacktrace=1:disable_coredump=1:"
	       "detect_leaks=0";
}

const char *__ubsan_default_options(void)
{
	return __asan_default_options();
}
