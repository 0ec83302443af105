# testing.sh - helpers for the CLI tests (sourced by tests/run.sh)
#
# Each *.test file is a list of checks run in a fresh scratch directory:
#   testing NAME CMD EXPECTED   stdout of CMD (eval'd) equals EXPECTED (printf %b)
#   testre  NAME CMD REGEX      stdout of CMD matches the extended REGEX (some line);
#                               @NUM@ in REGEX stands for any number an emitter
#                               can print (%.9g: 12, -0.5, 3.46808965e-05, 1e+30);
#                               @FIELD@ for one CSV field, quoted or not (a
#                               note of two flags is "noisy,clock-subtracted")
#   testrc  NAME CMD STATUS     CMD exits with STATUS
# stderr is kept aside and shown on failure; add 2>&1 to CMD to check it.
#   skip    NAME REASON
# In CMD, $BB runs the benchbox under test (through qemu-user when cross),
# $BIN is its path, $RUN the qemu prefix ("" natively), $ARCH the target, and
# $T a scratch directory emptied before each check. $SANITIZER is "asan" when
# $BIN is the sanitizer build (dynamic, glibc; ARCH is the host's): checks of
# the product's static musl nature (and booting it as /init) skip then.
# Results are appended to $COUNTS as P, F or S.

BB="$RUN $BIN"
SCRATCH=$(mktemp -d)
T=$SCRATCH/t

_begin() {
	rm -rf "$T"
	mkdir -p "$T"
	[ -z "${TEST_TIMES:-}" ] || _t0=$(date +%s%N)
}

_result() {	# _result P|F|S NAME [DETAIL]
	case $1 in
	P) echo "PASS [${LABEL:-$ARCH}] $TEST_FILE: $2" ;;
	F) echo "FAIL [${LABEL:-$ARCH}] $TEST_FILE: $2"; [ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/    /' ;;
	S) echo "SKIP [${LABEL:-$ARCH}] $TEST_FILE: $2${3:+ ($3)}" ;;
	esac
	echo "$1" >> "$COUNTS"
	[ -z "${TEST_TIMES:-}" ] || [ -z "${_t0:-}" ] ||
		echo "${LABEL:-$ARCH} $TEST_FILE: $2 $((($(date +%s%N) - _t0) / 1000000)) ms" >> "$TEST_TIMES.checks"
	_t0=
}

testing() {
	_begin
	got=$(cd "$T" && eval "$2" 2>"$SCRATCH/err"; echo x)
	got=${got%x}
	want=$(printf '%b' "$3"; echo x)
	want=${want%x}
	if [ "$got" = "$want" ]; then
		_result P "$1"
	else
		_result F "$1" "$(printf 'command: %s\nwant: %s\ngot:  %s\nstderr: %s' "$2" "$want" "$got" "$(head -n 5 "$SCRATCH/err")")"
	fi
}

# A number as %g, %f or %d print it; never nan or inf (a test that
# matched those would pass a broken measurement).
NUM='-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?'
FIELD='("([^"]|"")*"|[^,"]*)'

testre() {
	_begin
	re=$3
	while :; do
		case $re in
		*@NUM@*) re=${re%%@NUM@*}$NUM${re#*@NUM@} ;;
		*@FIELD@*) re=${re%%@FIELD@*}$FIELD${re#*@FIELD@} ;;
		*) break ;;
		esac
	done
	got=$(cd "$T" && eval "$2" 2>"$SCRATCH/err")
	if printf '%s\n' "$got" | grep -Eq -- "$re"; then
		_result P "$1"
	else
		_result F "$1" "$(printf 'command: %s\nregex: %s\ngot: %s\nstderr: %s' "$2" "$re" "$(printf '%s' "$got" | head -n 20)" "$(head -n 5 "$SCRATCH/err")")"
	fi
}

testrc() {
	_begin
	out=$(cd "$T" && eval "$2" 2>&1)
	rc=$?
	if [ "$rc" = "$3" ]; then
		_result P "$1"
	else
		_result F "$1" "$(printf 'command: %s\nwant status %s, got %s\n%s' "$2" "$3" "$rc" "$out")"
	fi
}

skip() {
	_result S "$1" "$2"
}

# srv ARGS...: a foreground server (gone after 60 s whatever happens); waits
# for its "listening on" line, sets SRV (its pid) and PORT (from the line)
srv() {
	timeout 60 $BB "$@" 2>srv.err &
	SRV=$!
	n=0
	until grep -q 'listening on' srv.err 2>/dev/null; do
		kill -0 $SRV 2>/dev/null && [ $n -lt 400 ] || return 1
		n=$((n + 1))
		sleep 0.05
	done
	PORT=$(sed -n 's/.*listening on .*:\([0-9]*\)$/\1/p' srv.err)
}

# lmopts APPLET ARGS: lmbench's benchmp options on `$BB APPLET OPTS ARGS`:
# -N 4 keeps four samples, -P 2 shows as P=2 in the params with a value
# that is not zero (negative where an overhead is subtracted from a time
# that came out smaller, as under emulation or load: lat_pagefault under
# qemu-riscv64), -W is accepted; a bad value of each exits 2 with one line
lmopts() {
	testre "$1: -N 4 keeps 4 samples" "$BB $1 --quick --min-time=0.002 -N 4 --format=json $2" '"samples": 4,'
	testre "$1: -P 2 gives P=2 and a value" "$BB $1 --quick --min-time=0.002 -P 2 --format=json $2" \
		'"params": "([^"]*,)?P=2[,"].*"value": -?[0-9.e+]*[1-9]'
	testrc "$1: -W 2000 accepted" "$BB $1 --quick --min-time=0.002 -W 2000 $2" 0
	for bad in "-P 0" "-P x" "-N 0" "-N 1x" "-W -1" "-W x"; do
		testing "$1: $bad is 2 with one line" \
			"$BB $1 $bad $2 2>e >/dev/null; echo \$? \$(wc -l < e)" "2 1\n"
	done
}

# nsweep APPLET LONG SHORT: a live run of `$BB APPLET LONG --dir=d` (long:
# it is SIGKILLed) keeps its scratch object in d while `APPLET SHORT` runs
# in another PID namespace in d, where the live run's PID is dead (its
# sweep must respect the owner's lock); SIGKILLed, its leftover is swept
# from there. Root only (unshare -p --mount-proc), else skipped. sh is the
# namespace's PID 1 (benchbox as PID 1 would be init); `; exit` keeps it
# from exec'ing benchbox in its place.
nsweep() {
	if [ "$(id -u)" != 0 ] || ! unshare -p --fork --mount-proc true 2>/dev/null; then
		skip "$1: a live run's object survives a sweep from another PID namespace" \
			"needs root and unshare -p"
		return
	fi
	testing "$1: a live run's object survives a sweep from another PID namespace; SIGKILLed, it is swept" \
		"mkdir d; $BB $1 $2 --dir=d >/dev/null 2>&1 & p=\$!; n=0; until ls -A d | grep -q '^benchbox-$1\\.' || [ \$n -ge 600 ]; do sleep 0.1; n=\$((n + 1)); done; unshare -p --fork --mount-proc sh -c '$BB $1 $3 --dir=d; exit' >/dev/null 2>&1; ls -A d | sed 's/[.][0-9]*[.].*/.PID.X/'; kill -0 \$p && echo alive; kill -KILL \$p; wait \$p; ls -A d | sed 's/[.][0-9]*[.].*/.PID.X/'; unshare -p --fork --mount-proc sh -c '$BB $1 $3 --dir=d; exit' >/dev/null 2>&1; ls -A d" \
		"benchbox-$1.PID.X\nalive\nbenchbox-$1.PID.X\n"
}

# host_only [WHAT] || return 0, at the top of a test file of code with no
# path of its own per target whose parsers the unit tests run on every
# target: what reads or formats results (compare, report, the emitters,
# -o files; the default WHAT), mkinitramfs's archive. Under qemu-user the
# file is one SKIP line; its checks run in the host's lanes (x86_64, asan)
host_only() {
	[ -n "$RUN" ] || return 0
	skip "$TEST_FILE" "${1:-reads or formats results}: checked in the host's lanes"
	return 1
}

testing_done() {
	rm -rf "$SCRATCH"
}
