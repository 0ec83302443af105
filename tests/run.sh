#!/bin/sh
# run.sh - the test runner: unit tests and CLI tests for each target
#
# Usage: tests/run.sh ARCH...     (from the repository root, after building)
# Runs build/ARCH/test_unit and every tests/cli/*.test against
# build/ARCH/benchbox: natively for the host's ARCH, under qemu-user for the
# others ($QEMU_aarch64, $QEMU_armv7, set by the Makefile). Prints one line
# per test, a summary per target, and last the line `N passed, N failed`.
# ONLY="lat_tcp bw_tcp" limits the run to those CLI test files (no unit
# tests), for working on one applet.
# Exit status: 0 when nothing failed.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
: "${HOST_ARCH:=$(uname -m)}"
: "${QEMU_aarch64:=qemu-aarch64-static -cpu max}"
: "${QEMU_armv7:=qemu-arm-static -cpu max}"
export ROOT
tp=0 tf=0 ts=0

for arch in "$@"; do
	bin=$ROOT/build/$arch/benchbox
	if [ "$arch" = "$HOST_ARCH" ]; then
		run=""
	else
		eval "run=\${QEMU_$arch:-}"
		[ -n "$run" ] || { echo "FAIL [$arch] no qemu command for $arch"; tf=$((tf + 1)); continue; }
	fi
	counts=$(mktemp)
	echo "== $arch${run:+ (under $run)}"

	# unit tests: one PASS/FAIL/SKIP line each; the kernel tests once more
	# with every CPU feature masked off (the portable paths only)
	for pass in all masked; do
		[ -z "${ONLY:-}" ] || break
		if [ ! -x "$ROOT/build/$arch/test_unit" ]; then
			echo "FAIL [$arch] unit: build/$arch/test_unit missing"
			echo F >> "$counts"
			break
		fi
		if [ $pass = all ]; then
			label=unit
			$run "$ROOT/build/$arch/test_unit" > "$counts.unit" 2>&1
		else
			label="unit, BENCHBOX_CPU_MASK=0xffffffff"
			BENCHBOX_CPU_MASK=0xffffffff $run "$ROOT/build/$arch/test_unit" kernels > "$counts.unit" 2>&1
		fi
		rc=$?
		grep -E '^(PASS|FAIL|SKIP) ' "$counts.unit" | sed "s/^\([A-Z]*\) /\1 [$arch] $label: /"
		grep -E '^FAIL' "$counts.unit" >/dev/null || [ $rc -eq 0 ] ||
			{ echo "FAIL [$arch] $label: test_unit exited $rc"; tail -n 5 "$counts.unit"; echo F >> "$counts"; }
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
		ARCH=$arch RUN=$run BIN=$bin COUNTS=$counts TEST_FILE=$(basename "$t" .test) \
			sh -c '. "$ROOT/tests/cli/testing.sh"; . "$1"; testing_done' sh "$t"
	done

	p=$(grep -c P "$counts") f=$(grep -c F "$counts") s=$(grep -c S "$counts")
	rm -f "$counts"
	echo "$arch: $p passed, $f failed, $s skipped"
	tp=$((tp + p)) tf=$((tf + f)) ts=$((ts + s))
done

if [ "$ts" -gt 0 ]; then
	echo "$tp passed, $tf failed, $ts skipped"
else
	echo "$tp passed, $tf failed"
fi
[ "$tf" -eq 0 ]
