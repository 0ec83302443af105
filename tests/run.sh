#!/bin/sh
# run.sh - the test runner: unit tests and CLI tests for each target
#
# Usage: tests/run.sh ARCH...     (from the repository root, after building)
# Runs build/ARCH/test_unit and every tests/cli/*.test and
# tests/cli/FOLDER/*.test (the folders mirror applets/ and src/) against
# build/ARCH/benchbox: natively for the host's ARCH, under qemu-user for the
# others ($QEMU_aarch64, $QEMU_armv7, $QEMU_riscv64, set by the Makefile). Prints one line
# per test, a summary per target, and last the line `N passed, N failed`.
# ARCH "asan" is the sanitizer build (make asan): the host's tests (ARCH is
# the host's in them, SANITIZER=asan; those that check the product's static
# musl nature skip), with ASan and UBSan writing any report into a folder
# that is checked after the unit tests and after each test file: a report
# fails that file, even one from a child whose exit status a test ignores.
# Where a run has both the host's ARCH and asan, the applets' own test
# files (tests/cli/cpu, mem, os, net, io, crypto) run in asan's lane only.
# ARCH "fuzz" runs each libFuzzer harness (tests/fuzz/run.sh runs, FUZZ_RUNS
# executions, default 100000; built by make asan), one line each.
# ONLY="lat_tcp bw_tcp" limits the run to those CLI test files (no unit
# tests, no fuzzers), for working on one applet. Targets run TEST_JOBS at
# once (default: the number of CPUs, at most 4; TEST_JOBS=1 one after the
# other, their lines as they come). TEST_TIMES=FILE appends a line
# "TARGET TEST SECONDS" for each test file and unit pass, to find what
# makes a lane long.
# Exit status: 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
: "${HOST_ARCH:=$(uname -m)}"
: "${QEMU_aarch64:=qemu-aarch64-static -cpu max}"
: "${QEMU_armv7:=qemu-arm-static -cpu max}"
: "${QEMU_riscv64:=qemu-riscv64-static -cpu rv64,v=true,vlen=128,elen=64,vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true,zba=true,zbb=true,zbc=true,zbs=true}"
# the targets of this run (a lane may leave files to another: below)
TARGETS="$*"
export ROOT
# every CLI test file (relative to ROOT), in the order of their names,
# which ONLY and the result lines use: one name may not be in two folders
cli_tests=$(find tests/cli -name '*.test' | awk -F/ '{ print $NF "\t" $0 }' |
	LC_ALL=C sort | cut -f2)
dups=$(printf '%s\n' $cli_tests | sed 's#.*/##' | uniq -d)
if [ -n "$dups" ]; then
	echo "run.sh: test files of one name in two folders:" $dups >&2
	exit 2
fi

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

# put_n P F S: this target's counts, in one step (a reader never sees half)
put_n() {
	echo "$1 $2 $3" > "$res/$target.n.tmp" && mv "$res/$target.n.tmp" "$res/$target.n"
}

# run_target TARGET: its tests, its lines on stdout, then "TARGET: N passed,
# N failed, N skipped"; its counts "P F S" in $res/TARGET.n
run_target() {
	target=$1 tp=0 tf=0 ts=0
	if [ "$target" = fuzz ]; then
		if [ -n "${ONLY:-}" ]; then put_n 0 0 0; return; fi
		echo "== fuzz (tests/fuzz, ${FUZZ_RUNS:-100000} executions of each)"
		out=$(tests/fuzz/run.sh runs "${FUZZ_RUNS:-100000}" \
			$(cd tests/fuzz && ls *.c | sed 's/\.c$//'))
		printf '%s\n' "$out" | grep -v '^[0-9]* passed, [0-9]* failed$'
		p=$(printf '%s\n' "$out" | grep -c '^PASS ') f=$(printf '%s\n' "$out" | grep -c '^FAIL ')
		echo "fuzz: $p passed, $f failed, 0 skipped"
		put_n "$p" "$f" 0
		return
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
		[ -n "$run" ] || { echo "FAIL [$arch] no qemu command for $arch"; put_n 0 1 0; return; }
	fi
	counts=$(mktemp)
	echo "== $target${run:+ (under $run)}${sanitizer:+ ($arch, ASan+UBSan)}"

	# unit tests: one PASS/FAIL/SKIP line each; the kernel tests once more
	# with every CPU feature masked off (the portable paths only); on
	# riscv64 the kernel tests again at VLEN 256, 512 and 1024 (qemu's
	# vlen=; the tail and mask-agnostic lanes set to all ones, as hardware
	# may), so each RVV kernel meets the C reference at every width
	passes="all masked"
	[ "$arch" != riscv64 ] || [ -z "$run" ] || passes="$passes 256 512 1024"
	for pass in $passes; do
		[ -z "${ONLY:-}" ] || break
		if [ ! -x "$ROOT/build/$target/test_unit" ]; then
			echo "FAIL [$target] unit: build/$target/test_unit missing"
			echo F >> "$counts"
			break
		fi
		t0=$(date +%s)
		if [ $pass = all ]; then
			label=unit
			ASAN_OPTIONS=${asan:+$asan=1} UBSAN_OPTIONS=${asan:+$asan=1} \
				$run "$ROOT/build/$target/test_unit" > "$counts.unit" 2>&1
		elif [ $pass = masked ]; then
			label="unit, BENCHBOX_CPU_MASK=0xffffffff"
			ASAN_OPTIONS=${asan:+$asan=1} UBSAN_OPTIONS=${asan:+$asan=1} BENCHBOX_CPU_MASK=0xffffffff \
				$run "$ROOT/build/$target/test_unit" kernels > "$counts.unit" 2>&1
		else
			label="unit, VLEN=$pass"
			vrun=$(printf '%s\n' "$run" | sed "s/vlen=[0-9]*/vlen=$pass/")
			BENCHBOX_TEST_VLEN=$pass $vrun \
				"$ROOT/build/$target/test_unit" kernels > "$counts.unit" 2>&1
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
		[ -z "${TEST_TIMES:-}" ] ||
			echo "$target unit-$pass $(($(date +%s) - t0))" >> "$TEST_TIMES"
	done

	# CLI tests: each file runs in its own shell with the helpers loaded.
	# The applets' own files (the folders of applets/: cpu, mem, os, net,
	# io, crypto) skip the native release lane where this run has the
	# sanitizer's lane: they run there (the same x86 code, stricter) and as
	# release builds under qemu-user on the other targets, while the native
	# release binary runs every applet in run.test's quick suite and in the
	# x86_64 boot. One SKIP line each.
	leave=""
	case " $TARGETS " in
	*" asan "*) [ "$target" != "$HOST_ARCH" ] || leave=1 ;;
	esac
	for t in $cli_tests; do
		case " ${ONLY:-$(basename "$t" .test)} " in
		*" $(basename "$t" .test) "*) ;;
		*) continue ;;
		esac
		case $leave:$t in
		1:tests/cli/cpu/*|1:tests/cli/mem/*|1:tests/cli/os/*|1:tests/cli/net/*|1:tests/cli/io/*|1:tests/cli/crypto/*)
			echo "SKIP [$target] $(basename "$t" .test): the applet's own checks run under the sanitizer in this run"
			echo S >> "$counts"
			continue ;;
		esac
		t0=$(date +%s)
		ARCH=$arch LABEL=$target SANITIZER=$sanitizer RUN=$run BIN=$bin COUNTS=$counts \
			TEST_FILE=$(basename "$t" .test) \
			sh -c '. "$ROOT/tests/cli/testing.sh"; . "$1"; testing_done' sh "$ROOT/$t"
		san_check "$(basename "$t" .test)"
		[ -z "${TEST_TIMES:-}" ] ||
			echo "$target $(basename "$t" .test) $(($(date +%s) - t0))" >> "$TEST_TIMES"
	done

	p=$(grep -c P "$counts") f=$(grep -c F "$counts") s=$(grep -c S "$counts")
	rm -f "$counts"
	[ -z "$sanlog" ] || rmdir "$sanlog"
	unset ASAN_OPTIONS UBSAN_OPTIONS
	echo "$target: $p passed, $f failed, $s skipped"
	put_n "$p" "$f" "$s"
}

# The targets are independent: TEST_JOBS of them (default: the CPUs here, at
# most 4) run at once. Each lane takes the next target not yet taken, in the
# order given (mkdir claims it: one lane wins), so a lane that finishes a
# short target goes on to the next instead of waiting for its turn; the
# lines of each target are kept in a log, printed whole, in the order
# given, as each is done. Give the long targets first.
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
[ "$jobs" -le 4 ] || jobs=4
if [ "$jobs" -eq 1 ] || [ $# -le 1 ]; then
	for target in "$@"; do
		run_target "$target" | tee "$res/$target.log"
	done
else
	echo "== running $* ($jobs at once; each target's lines come when it is done)"
	lane=0
	while [ $lane -lt "$jobs" ]; do
		(
			for target in "$@"; do
				mkdir "$res/$target.claim" 2>/dev/null || continue
				run_target "$target" > "$res/$target.log" 2>&1
				[ -f "$res/$target.n" ] || put_n 0 1 0
			done
		) &
		lane=$((lane + 1))
	done
	# print each target's log once it and every target before it are done
	for target in "$@"; do
		while [ ! -f "$res/$target.n" ]; do
			sleep 1
		done
		cat "$res/$target.log"
	done
	wait
fi
tp=0 tf=0 ts=0
for target in "$@"; do
	read -r p f s < "$res/$target.n" || { p=0 f=1 s=0; echo "FAIL [$target] no result"; }
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
done
# the failures once more, each with its indented detail lines, just above
# the total: a log cut to its last lines (CI's) still names them
if [ "$tf" -gt 0 ]; then
	echo "== failed:"
	for target in "$@"; do
		awk '/^FAIL / { on = 1; n = 0; print; next }
		     on && /^    / && n < 12 { print; n++; next }
		     { on = 0 }' "$res/$target.log" 2>/dev/null
	done
fi

if [ "$ts" -gt 0 ]; then
	echo "$tp passed, $tf failed, $ts skipped"
else
	echo "$tp passed, $tf failed"
fi
[ "$tf" -eq 0 ]
