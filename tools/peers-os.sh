#!/bin/sh
# peers-os.sh - the OS and IPC latency applets beside the tools a user would
# reach for, in interleaved rounds on this machine:
#   lat_syscall null   vs  a tight loop of syscall(SYS_getppid) (built here)
#   lat_pipe           vs  perf bench sched pipe (one op = one round trip)
#   lat_ctx -s 0 2     vs  stress-ng --switch (ns per switch, pipe method)
#                          and perf bench sched pipe / 2
#   (these three twice: unpinned, and everything on CPU 0)
#   bw_pipe            vs  dd | dd (4 and 64 KiB blocks) and stress-ng --pipe
#                          (4 KiB writes: its maximum)
#   bw_tcp (loopback)  vs  iperf3 -c 127.0.0.1 (both 128 KiB writes)
#
# Usage: tools/peers-os.sh [ROUNDS]        (default 3)
# Needs: gcc, perf (linux-perf), stress-ng, iperf3. A peer that is missing
# is left out with a message. Unpinned runs get the scheduler's default
# placement (lmbench's); "-cpu0" runs pin every process to CPU 0, so each
# hand-off is a real context switch and no cross-CPU wake-up is timed.
# Prints one line per round and figure, then min/median/max per figure.
set -eu
rounds=${1:-3}
bb=${BB:-build/$(uname -m)/benchbox}
out=$(mktemp)
dir=$(mktemp -d)
trap 'rm -rf "$out" "$out.sum" "$dir"' EXIT

have() { command -v "$1" >/dev/null 2>&1 || { echo "peers-os: $1 not installed, left out" >&2; return 1; }; }
# val TEST: the value column of the csv record of that test
val() { sed 's/"[^"]*"//g' | awk -F, -v t="$1" '$2 == t { print $5; exit }'; }

cat > "$dir/getppid.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	long i, n = argc > 1 ? atol(argv[1]) : 5000000;
	struct timespec a, b;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.4f\n", ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n / 1e3);
	return 0;
}
EOF
gcc -O2 -o "$dir/getppid" "$dir/getppid.c"
has_perf=0 has_sng=0 has_iperf=0 has_bwtcp=0
have perf && perf bench sched pipe -l 1000 >/dev/null 2>&1 && has_perf=1
have stress-ng && has_sng=1
have iperf3 && has_iperf=1
"$bb" --list | grep -q '^ *bw_tcp ' && has_bwtcp=1
port=$((20000 + $$ % 20000))

r=1
while [ "$r" -le "$rounds" ]; do
	echo "$r benchbox-lat_syscall-null-us $("$bb" lat_syscall null --format=csv | val null)"
	echo "$r getppid-loop-us $("$dir/getppid")"
	for pin in "" 0; do	# unpinned, then everything on CPU 0
		tag=${pin:+-cpu0}
		echo "$r benchbox-lat_pipe$tag-us $("$bb" lat_pipe ${pin:+--cpu=$pin} --format=csv | val roundtrip)"
		echo "$r benchbox-lat_ctx-0k-2$tag-us $("$bb" lat_ctx ${pin:+--cpu=$pin} -s 0 2 --format=csv | val switch)"
		if [ $has_perf = 1 ]; then
			${pin:+taskset -c $pin} perf bench sched pipe -l 50000 2>&1 | awk -v r=$r -v t="$tag" '
				/usecs\/op/ { printf "%s perf-sched-pipe%s-us %s\n%s perf-sched-pipe-half%s-us %.4f\n", r, t, $1, r, t, $1 / 2 }'
		fi
		if [ $has_sng = 1 ]; then
			stress-ng --switch 1 ${pin:+--taskset $pin} -t 5 --metrics 2>&1 | awk -v r=$r -v t="$tag" '
				/nanosecs per context switch/ { for (i = 1; i <= NF; i++) if ($i == "nanosecs") printf "%s stress-ng-switch%s-us %.4f\n", r, t, $(i - 1) / 1000 }'
		fi
	done
	if [ $has_sng = 1 ]; then
		stress-ng --pipe 1 --pipe-data-size 4K -t 5 --metrics 2>&1 | awk -v r=$r '
			/MB per sec/ { for (i = 1; i <= NF; i++) if ($i == "MB") { printf "%s stress-ng-pipe-4k-MB/s %s\n", r, $(i - 1); exit } }'
	fi
	for bs in 4 64; do	# dd | dd: the plainest pipe copy there is
		dd if=/dev/zero bs=${bs}k count=$((2000000 / bs)) 2>/dev/null | dd of=/dev/null bs=${bs}k 2>&1 |
			awk -v r=$r -v bs=$bs '/copied/ { printf "%s dd-pipe-%sk-MB/s %.0f\n", r, bs, $1 / $(NF - 3) / 1e6 }'
	done
	echo "$r benchbox-bw_pipe-64k-MB/s $("$bb" bw_pipe --format=csv | val read)"
	echo "$r benchbox-bw_pipe-4k-MB/s $("$bb" bw_pipe -m 4k --format=csv | val read)"
	if [ $has_bwtcp = 1 ]; then
		echo "$r benchbox-bw_tcp-128k-MB/s $("$bb" bw_tcp -m 128k -M 16m --format=csv | sed 's/"[^"]*"//g' | awk -F, 'NR == 2 { print $5 }')"
	fi
	if [ $has_iperf = 1 ]; then
		iperf3 -s -1 -B 127.0.0.1 -p $port >/dev/null 2>&1 &
		sleep 0.5
		iperf3 -c 127.0.0.1 -p $port -t 5 -l 128K -f m 2>&1 |
			awk -v r=$r '/receiver/ { for (i = 1; i <= NF; i++) if ($i == "Mbits/sec") printf "%s iperf3-128k-MB/s %.0f\n", r, $(i - 1) / 8 }'
		wait
	fi
	r=$((r + 1))
done | tee "$out"

echo
echo "figure                              min   median      max"
awk '{ print $2, $3 }' "$out" | sort -k1,1 -k2,2g | awk '
	{ v[$1] = v[$1] " " $2; n[$1]++ }
	END { for (k in v) { c = split(substr(v[k], 2), a, " "); printf "%-30s %8s %8s %8s\n", k, a[1], a[int((c + 1) / 2)], a[c] } }' | sort
