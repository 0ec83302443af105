#!/bin/sh
# lmbench-os.sh - the vendor guides' LMBench operating-system set, every
# applet at its defaults, one after another, with the wall time of each and
# of the whole set. The lmbench-style lines go to stdout here.
#
# Usage: tools/lmbench-os.sh [BENCHBOX]      (default build/$(uname -m)/benchbox)
# Exit status: 1 if any applet failed (77, skipped, is not a failure).
set -u
bb=${1:-build/$(uname -m)/benchbox}
fail=0
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

set -- \
	"lat_syscall null" "lat_syscall read" "lat_syscall write" "lat_syscall stat" \
	"lat_syscall fstat" "lat_syscall open" \
	"lat_sig install" "lat_sig catch" "lat_sig prot" \
	"lat_proc procedure" "lat_proc fork" "lat_proc exec" "lat_proc shell" \
	"lat_ctx -s 128 2 4" "lat_ctx -s 256 2 4" \
	"lat_pipe" "lat_unix" "bw_pipe" "bw_unix" \
	"lat_tcp" "lat_udp" "lat_connect" "bw_tcp" "lat_select -n 200 tcp" "lat_sem" \
	"lat_fs" "lat_mmap 1m" "lat_pagefault" \
	"bw_file_rd 1m io_only" "bw_file_rd 1m open2close" \
	"bw_mmap_rd 1m mmap_only" "bw_mmap_rd 1m open2close" \
	"lat_ops"

start=$(now)
for cmd in "$@"; do
	t0=$(now)
	# shellcheck disable=SC2086 # the words of cmd are the arguments
	$bb $cmd 2>&1
	rc=$?
	t1=$(now)
	printf '  [%s: exit %d, %s s]\n' "$cmd" $rc "$(secs "$t0" "$t1")"
	[ $rc -eq 0 ] || [ $rc -eq 77 ] || fail=1
done
printf 'total: %s s for %d applet runs\n' "$(secs "$start" "$(now)")" $#
exit $fail
