# lmnet.sh - the server checks shared by lat_tcp.test, lat_udp.test,
# lat_connect.test and bw_tcp.test (sourced by them, after testing.sh)
#
# Background servers are found by a mark in their environment
# (BB_MARK=MARK $BB APP -s ...), as the daemon has no parent to ask:
#   marked MARK   their pids
#   settle MARK   how many are left once they had 10 s to end
#   unmark MARK   SIGKILL them (each check's cleanup, and the file's trap)

marked() {
	grep -l "BB_MARK=$1" /proc/[0-9]*/environ 2>/dev/null | cut -d/ -f3
}

settle() {
	n=0
	while [ -n "$(marked "$1")" ] && [ $n -lt 200 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	marked "$1" | wc -l
}

unmark() {
	for p in $(marked "$1"); do
		kill -KILL "$p" 2>/dev/null
	done
}

# lmnet_servers APP PORT LINE [P2]: lmbench's server (-s returns at once,
# listens on every address, serves clients one after another and at once
# until -S) and the foreground one. PORT is the file's fixed port; LINE
# the regex of the classic line of a client of 127.0.0.2; P2, when given,
# the regex of the csv record of a client with -P 2. Every server started
# here has a --lifetime, and is killed at the end of its check and by a
# trap at the end of the file.
lmnet_servers() {
	app=$1 port=$2 line=$3 p2=${4:-}
	m=d$$.$app s="-p $port --lifetime=120" c="$BB $app --quick -p $port"
	stop="$BB $app -S 127.0.0.1 -p $port; unmark $m"
	trap "unmark $m" EXIT
	testing "-s; HOST; -S: each returns 0, no server left" "BB_MARK=$m timeout -s KILL 60 $BB $app -s $s; echo s=\$?; timeout -s KILL 60 $c 127.0.0.1 2>/dev/null; echo c=\$?; timeout -s KILL 60 $BB $app -S 127.0.0.1 -p $port; echo S=\$?; settle $m; unmark $m" "s=0\nc=0\nS=0\n0\n"
	testre  "-s listens on every address (a client via 127.0.0.2)" "BB_MARK=$m $BB $app -s $s && $c 127.0.0.2 2>&1; $stop" "$line"
	[ -z "$p2" ] ||
	testre  "-P 2 against one server" "BB_MARK=$m $BB $app -s $s && $c -P 2 --format=csv 127.0.0.1; $stop" "$p2"
	# the server's behaviour below is the same C on every target (lmnet.c):
	# under qemu-user the checks above (a server and its client work, the
	# classic line, -P 2) are enough; the rest run in the host's lanes
	if [ -n "$RUN" ]; then
		skip "$app: the server's behaviour (daemon, lifetime, foreground, a killed client)" \
			"the same C on every target: checked in the host's lanes"
		return
	fi
	testing "runs one after another, then -S" "BB_MARK=$m $BB $app -s $s && $c 127.0.0.1 2>/dev/null && $c localhost 2>/dev/null && $BB $app -S localhost -p $port; echo \$?; settle $m; unmark $m" "0\n0\n"
	testre  "a second -s: 1 and one line (the port is in use)" "BB_MARK=$m $BB $app -s $s && { timeout -s KILL 60 $BB $app -s $s 2>&1; echo rc=\$?; } | tr '\\n' ' '; $stop" "^$app: cannot listen on [^ ]*:$port: Address (already )?in use [^:]* rc=1 \$"
	testing "the server is a daemon: own session, / and /dev/null" "BB_MARK=$m $BB $app -s $s && p=\$(marked $m) && [ \"\$(cut -d' ' -f6 /proc/\$p/stat)\" = \$p ] && readlink /proc/\$p/cwd /proc/\$p/fd/0 /proc/\$p/fd/1 /proc/\$p/fd/2; $stop" "/\n/dev/null\n/dev/null\n/dev/null\n"
	testing "-s -p 0 says the port it got; a client and -S reach it there" "BB_MARK=$m $BB $app -s -p 0 --lifetime=120 2>err; echo s=\$?; p=\$(sed -n 's/^$app: listening on .*:\\([0-9][0-9]*\\)\$/\\1/p' err); [ -n \"\$p\" ] && timeout -s KILL 60 $BB $app --quick -p \$p 127.0.0.1 2>/dev/null; echo c=\$?; [ -n \"\$p\" ] && timeout -s KILL 60 $BB $app -S 127.0.0.1 -p \$p; echo S=\$?; settle $m; unmark $m" "s=0\nc=0\nS=0\n0\n"
	testing "--lifetime: the server exits when it is over" "BB_MARK=$m $BB $app -s -p $port --lifetime=0.5 && settle $m; unmark $m" "0\n"
	testre  "--foreground says where it listens: every address" "srv $app --foreground -p 0; cat srv.err; kill \$SRV" "^$app: listening on (\\[::\\]|0\\.0\\.0\\.0):[0-9]+\$"
	testre  "--bind 127.0.0.1: there only" "srv $app --foreground --bind 127.0.0.1 -p 0 && { cat srv.err; $BB $app --quick -p \$PORT 127.0.0.2 2>&1; } | tr '\\n' ' '; kill \$SRV" "^$app: listening on 127\\.0\\.0\\.1:[0-9]+ $app: [a-z ]+: no $app server at 127\\.0\\.0\\.2:[0-9]+ "
	testing "--foreground serves runs until -S, then exits 0" "srv $app --foreground -p 0 && $BB $app --quick -p \$PORT 127.0.0.1 2>/dev/null && $BB $app --quick -p \$PORT 127.0.0.1 2>/dev/null && $BB $app -S 127.0.0.1 -p \$PORT || kill \$SRV; wait \$SRV; echo \$?" "0\n"
	testing "a client killed mid-run: the server serves the next" "srv $app --foreground -p 0 && timeout -s KILL 0.5 $BB $app --quick --min-time 1 -p \$PORT 127.0.0.1 >/dev/null 2>&1; $BB $app --quick -p \$PORT 127.0.0.1 2>/dev/null; echo \$?; $BB $app -S 127.0.0.1 -p \$PORT || kill \$SRV; wait \$SRV; echo \$?" "0\n0\n"
	# a client stopped mid-run (or before it began: either way) holds
	# the server up for --timeout at most
	testing "a client gone quiet does not hold up the next" "srv $app --foreground -p 0 --timeout=1 && { $BB $app --quick --min-time 5 -p \$PORT 127.0.0.1 >/dev/null 2>&1 & C=\$!; sleep 0.5; kill -STOP \$C; $BB $app --quick -p \$PORT 127.0.0.1 2>/dev/null; echo \$?; $BB $app -S 127.0.0.1 -p \$PORT || kill \$SRV; wait \$SRV; echo \$?; kill -KILL \$C; }" "0\n0\n"
}

# silent N PORT: N connections to 127.0.0.1:PORT that send nothing, held
# open for 30 s at most by a process of the host's (SILENT: its pid); returns
# once every one is connected
silent() {
	timeout -s KILL 40 python3 -c 'import socket, sys, time
s = [socket.create_connection(("127.0.0.1", int(sys.argv[2]))) for i in range(int(sys.argv[1]))]
print("open", flush=True)
time.sleep(30)' "$1" "$2" > silent.out &
	SILENT=$!
	n=0
	until grep -q open silent.out 2>/dev/null; do
		kill -0 $SILENT 2>/dev/null && [ $n -lt 400 ] || return 1
		n=$((n + 1))
		sleep 0.05
	done
}

# lmnet_sessions APP: a TCP server takes every connection at once (the
# opening is read in the session), and holds at most --sessions of them.
# The 20 s limits are hang checks: a silent connection once held the server
# for --timeout (5 s) each, one after another.
lmnet_sessions() {
	app=$1
	if [ -n "$RUN" ]; then	# (as lmnet_servers' behaviour: host lanes)
		skip "$app: sessions and silent connections" \
			"the same C on every target: checked in the host's lanes"
		return
	fi
	if ! command -v python3 >/dev/null 2>&1; then
		skip "$app: silent connections do not hold up a client or -S" "no python3"
		return
	fi
	testing "$app: with 8 silent connections open a client and -S are served" \
		"srv $app --foreground -p 0 && silent 8 \$PORT && { timeout -s KILL 20 $BB $app --quick -p \$PORT 127.0.0.1 >/dev/null 2>&1; echo c=\$?; timeout -s KILL 20 $BB $app -S 127.0.0.1 -p \$PORT; echo S=\$?; n=0; while kill -0 \$SRV 2>/dev/null && [ \$n -lt 400 ]; do n=\$((n + 1)); sleep 0.05; done; kill -0 \$SRV 2>/dev/null && echo srv=running || { wait \$SRV; echo srv=\$?; }; }; kill \$SRV \$SILENT 2>/dev/null" \
		"c=0\nS=0\nsrv=0\n"
	if [ $app = lat_connect ]; then
	testing "$app: past --sessions a connection waits in the backlog: -S is taken once a silent one ends" \
		"srv $app --foreground --sessions 2 --timeout 1 -p 0 && silent 2 \$PORT && { timeout -s KILL 20 $BB $app -S 127.0.0.1 -p \$PORT; echo S=\$?; }; kill \$SRV \$SILENT 2>/dev/null" \
		"S=0\n"
	else
	testre  "$app: past --sessions a connection is turned away, -S says busy and exits 1" \
		"srv $app --foreground --sessions 2 -p 0 && silent 2 \$PORT && { timeout -s KILL 20 $BB $app -S 127.0.0.1 -p \$PORT 2>&1; echo rc=\$?; } | tr '\\n' ' '; kill \$SRV \$SILENT 2>/dev/null" \
		"^$app: exit request: the server at 127\\.0\\.0\\.1:[0-9]+ turned it away \\(busy: .* rc=1 \$"
	fi
	testing "$app: a connection freed is served again (a silent one ends after --timeout)" \
		"srv $app --foreground --sessions 2 --timeout 1 -p 0 && silent 2 \$PORT && { sleep 2; timeout -s KILL 20 $BB $app --quick -p \$PORT 127.0.0.1 >/dev/null 2>&1; echo c=\$?; }; kill \$SRV \$SILENT 2>/dev/null" \
		"c=0\n"
	testrc  "$app: --sessions without -s is 2" "$BB $app --sessions 3" 2
	testrc  "$app: --sessions 0 is 2" "$BB $app -s --sessions 0" 2
}
