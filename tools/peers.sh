#!/bin/sh
# peers.sh - benchbox's rows beside the classic tools they claim to match,
# on this machine: each pair pinned to one CPU, interleaved (the order
# alternating per round), and a table of medians and ratios.
#
# Usage: tools/peers.sh  (make peers; every setting from the environment)
#   BB=PATH           benchbox (default build/$(uname -m)/benchbox)
#   STREAM=PATH       STREAM 5.10 built as its users build it (stream.c, -O2)
#   TINYMEMBENCH=PATH tinymembench 0.4.x (its buffers: 32 MiB)
#   TINYMEMBENCH_DEFAULT=PATH  the same rebuilt with its SIZE at membw's
#                     default (4x the last-level cache), for the row at
#                     that size (without it, that row takes the 32 MiB one)
#   OPENSSL=PATH      openssl (speed -evp)
#   LMBENCH=DIR       lmbench3's bin folder (bw_mem, lat_pagefault, lat_sig, lmdd)
#   ROUNDS=N          rounds (default 3); CPU=N: the CPU to pin to (default 1)
#   OUT=DIR           keep the raw figures there (default: a temporary folder)
# Peers not given are left out; none given is an error. Nothing here is
# built or installed: the peers are the user's, built outside the tree.
# The figures are MB/s (higher is better) or microseconds (lower); the
# ratio is benchbox over the peer, paired its smallest and largest
# same-round ratio.
set -eu
bb=${BB:-build/$(uname -m)/benchbox}
rounds=${ROUNDS:-3}
cpu=${CPU:-1}
die() { echo "peers: $*" >&2; exit 2; }
[ -x "$bb" ] || die "no benchbox at $bb (make first, or give BB=)"
[ -n "${STREAM:-}${TINYMEMBENCH:-}${OPENSSL:-}${LMBENCH:-}" ] ||
	die "give at least one of STREAM= TINYMEMBENCH= OPENSSL= LMBENCH= (see tools/peers.sh)"
for p in ${STREAM:-} ${TINYMEMBENCH:-} ${TINYMEMBENCH_DEFAULT:-} ${OPENSSL:-}; do
	[ -x "$p" ] || die "$p: not an executable"
done
[ -z "${LMBENCH:-}" ] || [ -x "$LMBENCH/bw_mem" ] || die "$LMBENCH/bw_mem: not an executable"
command -v taskset >/dev/null || die "taskset not found (util-linux)"
case $rounds in ''|*[!0-9]*|0) die "ROUNDS=$rounds: a whole number from 1" ;; esac
if [ -n "${OUT:-}" ]; then
	mkdir -p "$OUT" || die "cannot make $OUT"
	work=$OUT
else
	work=$(mktemp -d) || die "cannot make a temporary folder"
	trap 'rm -rf "$work"' EXIT
	trap 'exit 130' INT TERM HUP	# (the EXIT trap then removes it)
fi
raw=$work/figures	# lines: ROUND ROW SIDE VALUE UNIT
: > "$raw"
pin() { taskset -c "$cpu" "$@"; }
linebuf=
! command -v stdbuf >/dev/null || linebuf="stdbuf -oL"

# One figure of each side: emit ROW UNIT then the pair's commands.
put() {	# put ROUND ROW SIDE UNIT VALUE
	case $5 in ''|*[!0-9.e+-]*) echo "peers: $2 ($3): no figure" >&2; return 0 ;; esac
	echo "$1 $2 $3 $5 $4" >> "$raw"
}

stream_rows() {	# STREAM's table, benchbox's stream classic output alike
	awk '/^(Copy|Scale|Add|Triad): / { sub(":", "", $1); print tolower($1), $2 }'
}
tmb_best_copy() {	# tinymembench: the best of its copy lines, MB/s
	awk -F: '/copy/ && $2 ~ /MB\/s/ { v = $2 + 0; if (v > b) b = v } END { if (b) print b }'
}
tmb_run() {	# tmb_run PATH: its bandwidth part, line-buffered where stdbuf
	# can (tinymembench's stdout into a pipe is otherwise written at its
	# end), stopped at its latency part; the best copy
	pin $linebuf "$1" 2>/dev/null | awk '/^== Memory latency/ { exit } { print }' |
		tmb_best_copy
}
mr_rate() {	# -mr +F:IDX:NAME:RATE...: the rate of the one size asked, bytes/s -> MB/s
	awk -F: '/^\+F:/ { printf "%.2f\n", $4 / 1e6; exit }'
}

side() {	# side ROUND WHO: run WHO's half of every pair
	r=$1 who=$2
	if [ -n "${STREAM:-}" ]; then
		if [ "$who" = peer ]; then pin "$STREAM"; else pin "$bb" stream; fi |
			stream_rows | while read -r k v; do put "$r" "stream-$k" "$who" MB/s "$v"; done
	fi
	if [ -n "${TINYMEMBENCH:-}" ]; then
		# tinymembench's best copy (the fastest of its copy lines) beside
		# membw's (the fastest of every row), at tinymembench's 32 MiB and
		# at membw's default size; tinymembench is stopped when its
		# latency part (minutes long, no copy in it) starts
		if [ "$who" = peer ]; then
			v=$(tmb_run "$TINYMEMBENCH")
			put "$r" "best-copy-32MiB" "$who" MB/s "$v"
			[ -z "${TINYMEMBENCH_DEFAULT:-}" ] || v=$(tmb_run "$TINYMEMBENCH_DEFAULT")
			put "$r" "best-copy-default" "$who" MB/s "$v"
		else
			# tinymembench reports its best sample, so membw's best
			# sample (the max field) is set beside it, not the
			# median. (params hold no comma here: value, min and max
			# are fields 5-7; notes may hold commas)
			for sz in 32MiB default; do
				case $sz in default) o= ;; *) o=--size=32M ;; esac
				v=$(pin "$bb" membw $o --format=csv copy 2>/dev/null |
					awk -F, 'NR > 1 && $7 > b { b = $7 } END { print b }')
				put "$r" "best-copy-$sz" "$who" MB/s "$v"
			done
		fi
	fi
	if [ -n "${OPENSSL:-}" ]; then
		for a in aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ecb aes-192-ecb aes-256-ecb \
			aes-128-ctr aes-128-gcm des-ede3-cbc md5 sha1 sha256 sha512 chacha20-poly1305; do
			for n in 64 16384; do
				if [ "$who" = peer ]; then
					v=$(pin "$OPENSSL" speed -mr -seconds 1 -bytes $n -evp $a 2>/dev/null | mr_rate)
				else
					v=$(pin "$bb" speed -mr -seconds 1 -bytes $n -evp $a 2>/dev/null | mr_rate)
				fi
				put "$r" "speed-$a-$n" "$who" MB/s "$v"
			done
		done
	fi
	if [ -n "${LMBENCH:-}" ]; then
		for op in rd wr fwr; do
			if [ "$who" = peer ]; then v=$(pin "$LMBENCH/bw_mem" 16m $op 2>&1 | awk '{ print $2 }')
			else v=$(pin "$bb" bw_mem 16m $op 2>&1 | awk '{ print $2 }'); fi
			put "$r" "bw_mem-16m-$op" "$who" MB/s "$v"
		done
		# one file for both, written as lmbench's driver writes it
		if [ "$who" = peer ]; then v=$(pin "$LMBENCH/lat_pagefault" "$work/file" 2>&1 | awk '{ print $(NF - 1) }')
		else v=$(pin "$bb" lat_pagefault "$work/file" 2>&1 | awk '{ print $(NF - 1) }'); fi
		put "$r" "lat_pagefault" "$who" us "$v"
		for m in catch prot; do
			if [ "$who" = peer ]; then v=$(pin "$LMBENCH/lat_sig" $m "$work/file" 2>&1 | awk '{ print $(NF - 1) }')
			else v=$(pin "$bb" lat_sig $m "$work/file" 2>&1 | awk '{ print $(NF - 1) }'); fi
			put "$r" "lat_sig-$m" "$who" us "$v"
		done
	fi
}

if [ -n "${LMBENCH:-}" ]; then	# lmbench's driver: lmdd, 8 KiB a write
	dd if=/dev/zero of="$work/file" bs=8k count=1024 conv=fsync 2>/dev/null ||
		die "cannot write $work/file"
fi
r=1
while [ "$r" -le "$rounds" ]; do
	if [ $((r % 2)) = 1 ]; then side $r peer; side $r benchbox
	else side $r benchbox; side $r peer; fi
	echo "peers: round $r of $rounds done" >&2
	r=$((r + 1))
done

# the table: medians of each side, ratio benchbox/peer, paired min-max
sort -k2,2 -k3,3 -k1,1n "$raw" | awk -v rounds="$rounds" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{ v[$2, $3, $1] = $4; unit[$2] = $5; if (!($2 in seen)) { seen[$2] = 1; order[++nrows] = $2 } }
END {
	printf "| row | unit | peer (median) | benchbox (median) | benchbox/peer | paired min-max | rounds |\n"
	printf "|---|---|---:|---:|---:|---|---:|\n"
	for (i = 1; i <= nrows; i++) {
		row = order[i]; np = nb = 0; lo = 1e300; hi = -1e300; n = 0
		for (r = 1; r <= rounds; r++) {
			if ((row, "peer", r) in v) p[++np] = v[row, "peer", r]
			if ((row, "benchbox", r) in v) b[++nb] = v[row, "benchbox", r]
			if (((row, "peer", r) in v) && ((row, "benchbox", r) in v) && v[row, "peer", r] != 0) {
				q = v[row, "benchbox", r] / v[row, "peer", r]; n++
				if (q < lo) lo = q
				if (q > hi) hi = q
			}
		}
		if (!np || !nb) continue
		mp = median(p, np); mb = median(b, nb)
		printf "| %s | %s | %.4g | %.4g | %.3f | %s | %d |\n", row, unit[row], mp, mb,
			mp ? mb / mp : 0, n ? sprintf("%.3f-%.3f", lo, hi) : "-", n
	}
}'
