#!/bin/sh
# run.sh - the test runner: unit tests and CLI tests for each target
#
# Usage: tests/run.sh ARCH...     (from the repository root, after building)
# Runs build/ARCH/test_unit and every tests/cli/*.test against
# build/ARCH/benchbox: natively for the host's ARCH, under qemu-user for the
# others ($QEMU_aarch64, $QEMU_armv7, set by the Makefile). Prints one line
# per test, a summary per target, and last the line `N passed, N failed`.
# ARCH "asan" is the sanitizer build (make asan): the host's tests (ARCH is
# the host's in them, SANITIZER=asan; those that check the product's static
# musl nature skip), with ASan and UBSan writing any report into a folder
# that is checked after the unit tests and after each test file: a report
# fails that file, even one from a child whose exit status a test ignores.
# ARCH "fuzz" runs each libFuzzer harness (tests/fuzz/run.sh runs, FUZZ_RUNS
# executions, default 300000; built by make asan), one line each.
# ONLY="lat_tcp bw_tcp" limits the run to those CLI test files (no unit
# tests, no fuzzers), for working on one applet.
# Exit status: 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
: "${HOST_ARCH:=$(uname -m)}"
: "${QEMU_aarch64:=qemu-aarch64-static -cpu max}"
: "${QEMU_armv7:=qemu-arm-static -cpu max}"
export ROOT
tp=0 tf=0 ts=0

# san_check LABEL: a FAIL line, the first lines of each, for every sanitizer
# report in $sanlog (then removed)
san_check() {
	[ -n "$sanlog" ] || return 0
	for f in "$sanlog"/*; do
		[ -f "$f" ] || continue
		echo "FAIL [$target] $1: sanitizer report ($(basename "$f"))"
		grep -E '^(==|SUMMARY|    #[0-9] |[^ ].*runtime error)' "$f" | head -n 14 | sed 's/^/    /'
		echo F >> "$counts"
		rm -f "$f"
	done
}

for target in "$@"; do
	if [ "$target" = fuzz ]; then
		[ -z "${ONLY:-}" ] || continue
		echo "== fuzz (tests/fuzz, ${FUZZ_RUNS:-300000} executions of each)"
		out=$(tests/fuzz/run.sh runs "${FUZZ_RUNS:-300000}" \
			$(cd tests/fuzz && ls *.c | sed 's/\.c$//'))
		printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
		p=$(printf '%s\n' "$out" | grep -c '^PASS ') f=$(printf '%s\n' "$out" | grep -c '^FAIL ')
		echo "fuzz: $p passed, $f failed, 0 skipped"
		tp=$((tp + p)) tf=$((tf + f))
		continue
	fi
	arch=$target sanitizer="" sanlog="" asan=""
	if [ "$target" = asan ]; then
		arch=$HOST_ARCH sanitizer=asan
		sanlog=$(mktemp -d)
		# any report aborts; leaks only in the unit tests (below): an
		# applet that exits without freeing is not a bug
		# (the same common flags in both: clang's UBSan, part of the
		# ASan runtime, reads its own after ASan's and overrides them)
		asan="halt_on_error=1:abort_on_error=1:print_stacktrace=1:disable_coredump=1"
		asan="$asan:log_path=$sanlog/report:detect_leaks"
		export ASAN_OPTIONS="$asan=0" UBSAN_OPTIONS="$asan=0"
	fi
	bin=$ROOT/build/$target/benchbox
	if [ "$arch" = "$HOST_ARCH" ]; then
		run=""
	else
		eval "run=\${QEMU_$arch:-}"
		[ -n "$run" ] || { echo "FAIL [$arch] no qemu command for $arch"; tf=$((tf + 1)); continue; }
	fi
	counts=$(mktemp)
	echo "== $target${run:+ (under $run)}${sanitizer:+ ($arch, ASan+UBSan)}"

	# unit tests: one PASS/FAIL/SKIP line each; the kernel tests once more
	# with every CPU feature masked off (the portable paths only)
	for pass in all masked; do
		[ -z "${ONLY:-}" ] || break
		if [ ! -x "$ROOT/build/$target/test_unit" ]; then
			echo "FAIL [$target] unit: build/$target/test_unit missing"
			echo F >> "$counts"
			break
		fi
		if [ $pass = all ]; then
			label=unit
			ASAN_OPTIONS=${asan:+$asan=1} UBSAN_OPTIONS=${asan:+$asan=1} \
				$run "$ROOT/build/$target/test_unit" > "$counts.unit" 2>&1
		else
			label="unit, BENCHBOX_CPU_MASK=0xffffffff"
			ASAN_OPTIONS=${asan:+$asan=1} UBSAN_OPTIONS=${asan:+$asan=1} BENCHBOX_CPU_MASK=0xffffffff \
				$run "$ROOT/build/$target/test_unit" kernels > "$counts.unit" 2>&1
		fi
		rc=$?
		grep -E '^(PASS|FAIL|SKIP) ' "$counts.unit" | sed "s/^\([A-Z]*\) /\1 [$target] $label: /"
		grep -E '^FAIL' "$counts.unit" >/dev/null || [ $rc -eq 0 ] ||
			{ echo "FAIL [$target] $label: test_unit exited $rc"; tail -n 5 "$counts.unit"; echo F >> "$counts"; }
		san_check "$label"
		grep -E '^PASS ' "$counts.unit" | sed 's/.*/P/' >> "$counts"
		grep -E '^FAIL ' "$counts.unit" | sed 's/.*/F/' >> "$counts"
		grep -E '^SKIP ' "$counts.unit" | sed 's/.*/S/' >> "$counts"
		rm -f "$counts.unit"
	done

	# CLI tests: each file runs in its own shell with the helpers loaded
	for t in "$ROOT"/tests/cli/*.test; do
		case " ${ONLY:-$(basename "$t" .test)} " in
		*" $(basename "$t" .test) "*) ;;
		*) continue ;;
		esac
		ARCH=$arch LABEL=$target SANITIZER=$sanitizer RUN=$run BIN=$bin COUNTS=$counts \
			TEST_FILE=$(basename "$t" .test) \
			sh -c '. "$ROOT/tests/cli/testing.sh"; . "$1"; testing_done' sh "$t"
		san_check "$(basename "$t" .test)"
	done

	p=$(grep -c P "$counts") f=$(grep -c F "$counts") s=$(grep -c S "$counts")
	rm -f "$counts"
	[ -z "$sanlog" ] || rmdir "$sanlog"
	unset ASAN_OPTIONS UBSAN_OPTIONS
	echo "$target: $p passed, $f failed, $s skipped"
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
done

if [ "$ts" -gt 0 ]; then
	echo "$tp passed, $tf failed, $ts skipped"
else
	echo "$tp passed, $tf failed"
fi
[ "$tf" -eq 0 ]
