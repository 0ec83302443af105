#!/bin/sh
# run.sh - runs the libFuzzer harnesses of tests/fuzz/ (built by make asan)
#
# Usage: tests/fuzz/run.sh runs N NAME...   N executions of each (make check);
#                                           N/30 for the harnesses that run a
#                                           whole applet per input (elf, results)
#        tests/fuzz/run.sh time S NAME...   S seconds of each (make fuzz)
# Each harness build/asan/fuzz/NAME starts from its seeds in
# tests/fuzz/corpus/NAME/ (read only). "runs" is deterministic (-seed=1)
# and keeps nothing (its work folders end in this shell's pid, so runs can
# overlap); "time" keeps the inputs it finds in
# build/asan/corpus/NAME/, which later "time" runs start from too. Any crash,
# sanitizer report, leak, timeout or failed invariant fails the harness; the
# input is saved as build/asan/fuzz-crash/NAME-crash-... (its path and the
# report's first lines are printed). Prints one line per harness, the
# executions done, and last `N passed, N failed`. Exit status 0 when
# nothing failed.
set -u
cd "$(dirname "$0")/../.."
mode=${1:-} amount=${2:-}
case $mode in
runs|time) ;;
*) echo "usage: tests/fuzz/run.sh runs N|time SECONDS NAME..." >&2; exit 2 ;;
esac
case $amount in
''|*[!0-9]*) echo "run.sh: '$amount' is not a whole number" >&2; exit 2 ;;
esac
shift 2
B=build/asan
p=0 f=0
mkdir -p $B/fuzz-crash
# a report ends the process; leaks too (a parser that leaks per input
# leaks in any loop that calls it)
# (the same in both: clang's UBSan reads its own after ASan's, overriding)
export ASAN_OPTIONS="halt_on_error=1:print_stacktrace=1:detect_leaks=1"
export UBSAN_OPTIONS="$ASAN_OPTIONS"
for name in "$@"; do
	bin=$B/fuzz/$name
	seeds=tests/fuzz/corpus/$name
	if [ ! -x "$bin" ] || [ ! -d "$seeds" ]; then
		echo "FAIL [fuzz] $name: $bin or $seeds missing"
		f=$((f + 1))
		continue
	fi
	if [ "$mode" = time ]; then
		keep=$B/corpus/$name
	else
		keep=$B/fuzz-work.$$/$name
		rm -rf "$keep"
	fi
	mkdir -p "$keep" "$B/fuzz-tmp.$$"
	log=$B/fuzz-crash/$name.log
	case $mode:$name in
	runs:elf|runs:results) limit="-runs=$((amount / 30)) -seed=1" ;;
	runs:*) limit="-runs=$amount -seed=1" ;;
	time:*) limit="-max_total_time=$amount" ;;
	esac
	t0=$(date +%s)
	TMPDIR=$(pwd)/$B/fuzz-tmp.$$ "$bin" $limit -max_len=4096 -timeout=30 -rss_limit_mb=2048 \
		-print_final_stats=1 -artifact_prefix="$B/fuzz-crash/$name-" \
		"$keep" "$seeds" > "$log" 2>&1
	rc=$?
	secs=$(($(date +%s) - t0))
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	if [ $rc -eq 0 ]; then
		echo "PASS [fuzz] $name: ${runs:-?} executions, ${secs} s"
		p=$((p + 1))
	else
		echo "FAIL [fuzz] $name: exit $rc after ${runs:-?} executions, ${secs} s"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*invariant failed|.*runtime error|    #[0-5] |artifact_prefix|Test unit written)' \
			"$log" | head -n 16 | sed 's/^/    /'
		f=$((f + 1))
	fi
	rm -rf "$B/fuzz-tmp.$$"
done
rm -rf "$B/fuzz-work.$$"
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
