#!/bin/sh
# peers-mem.sh - membw's best kernels beside the memory benchmarks a user
# would reach for (Debian's mbw, sysbench memory, stress-ng --stream), on
# the same DRAM-sized buffers, in interleaved rounds on this machine.
#
# Usage: tools/peers-mem.sh [ROUNDS] [SIZE_MIB]     (default 3 rounds, 256 MiB)
# Needs: apt-get install mbw sysbench stress-ng. Prints one line per round
# and figure, then min/median/max per figure and benchbox/peer ratios of
# the medians. MB = 10^6 bytes everywhere (mbw and sysbench print MiB/s:
# converted). Copy figures count the bytes copied once.
set -eu
rounds=${1:-3}
mib=${2:-256}
bb=${BB:-build/$(uname -m)/benchbox}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for c in mbw sysbench stress-ng; do
	command -v $c >/dev/null || { echo "peers-mem: $c not installed" >&2; exit 1; }
done

best() {	# best OP: the highest median MB/s among membw's kernels for OP
	awk -F, -v op="$1" 'NR > 1 && $2 == op && $5 > b { b = $5; k = $3 } END { printf "%.0f %s\n", b, k }' "$out.membw"
}

r=1
while [ $r -le "$rounds" ]; do
	"$bb" membw --size="${mib}M" --reps=3 --min-time=0.05 --format=csv > "$out.membw"
	for op in rd wr copy fill; do echo "$r benchbox-membw-$op $(best $op)"; done
	for t in 0 1 2; do
		mbw -q -n 3 -t$t "$mib" | awk -v r=$r -v t=$t '/^AVG/ { for (i = 1; i <= NF; i++) if ($i == "Copy:") printf "%s mbw-copy-t%s %.0f\n", r, t, $(i + 1) * 1.048576 }'
	done
	for op in read write; do
		sysbench memory --memory-block-size="${mib}M" --memory-total-size=$((mib * 16))M \
			--memory-oper=$op run | awk -v r=$r -v op=$op -F'[(]' '/MiB\/sec/ { split($2, a, " "); printf "%s sysbench-%s %.0f\n", r, op, a[1] * 1.048576 }'
	done
	for m in normal hugepage; do
		stress-ng --stream 1 --stream-madvise $m -t 10 --metrics 2>&1 |
			awk -v r=$r -v m=$m '/memory read rate/ { printf "%s stress-ng-stream-read-%s %.0f\n", r, m, $5 } /memory write rate/ { printf "%s stress-ng-stream-write-%s %.0f\n", r, m, $5 }'
	done
	r=$((r + 1))
done | tee "$out"

echo
echo "figure                               min   median      max  (MB/s)"
awk '{ print $2, $3 }' "$out" | sort -k1,1 -k2,2n | awk '
	{ v[$1] = v[$1] " " $2; n[$1]++ }
	END { for (k in v) { c = split(substr(v[k], 2), a, " "); printf "%-32s %8s %8s %8s\n", k, a[1], a[int((c + 1) / 2)], a[c] } }' | sort > "$out.sum"
cat "$out.sum"
echo
med() { awk -v k="$1" '$1 == k { print $3 }' "$out.sum"; }
maxof() { for k in "$@"; do med "$k"; done | sort -n | tail -n 1; }
ratio() { awk -v a="$2" -v b="$3" -v l="$1" 'BEGIN { printf "%-44s %6.0f / %6.0f = %.2f\n", l, a, b, a / b }'; }
ratio "rd:   membw best / best peer read" "$(med benchbox-membw-rd)" \
	"$(maxof sysbench-read stress-ng-stream-read-normal stress-ng-stream-read-hugepage)"
ratio "wr:   membw best / best peer write" "$(med benchbox-membw-wr)" \
	"$(maxof sysbench-write stress-ng-stream-write-normal stress-ng-stream-write-hugepage)"
ratio "copy: membw best / best mbw copy" "$(med benchbox-membw-copy)" \
	"$(maxof mbw-copy-t0 mbw-copy-t1 mbw-copy-t2)"
