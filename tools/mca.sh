#!/bin/sh
# mca.sh - llvm-mca's predictions for the tuned kernels' inner loops
#
# Usage: tools/mca.sh [--check | --update | --loops | --wide] [--table FILE] [--floors FILE]
#                     [--build DIR] [TARGET...]
#
# For every row of the kernel table (tools/mca.tab; its header says what
# each field means) it disassembles the built object with the target's GNU
# objdump, cuts out the row's inner loop, and asks llvm-mca (LLVM 14) for
# its steady state on each of the target's models:
#   aarch64  cortex-a53, cortex-a55 (in-order), cortex-a57 (also A72's model)
#   armv7    cortex-a57 in AArch32 (thumbv8a: the objects are Thumb-2; the
#            cortex-a9/a15 models give VLD1/VST1 no resources)
#   x86_64   znver3, skylake
# cycles per iteration = (total cycles of 200 iterations - those of 100) /
# 100, the steady state without the first iteration's start-up.
#
# Default: print one markdown table (docs/kernels.md's), a line per kernel and
# model, beside the figures of the kernel's C reference on the same model,
# then a line for each tuned loop that touches the stack or calls.
# --check: compare with the floors (tools/mca.floors): fail with the table
#   row when a prediction is slower than its floor, and fail when a tuned
#   loop reads or writes the stack (sp/r13/rsp-relative, the frame pointer
#   where the function sets one up, push/pop) or calls a function more
#   often than the floors file lists as a known defect (by default never);
#   a row whose object, symbol or loop is not found fails with one line.
# --update: rewrite the floors of the TARGETs from today's predictions
#   (B/cycle rounded down, cycles/block rounded up; a known defect's count
#   only falls, and none is added); the other targets' lines are kept.
# --wide: the default table pivoted, one line per kernel and a table per
#   target, its models' figures side by side (docs/kernels.md's form).
# --loops: print each row's loop (its span in the function and the
#   instructions llvm-mca reads) instead.
# --build DIR: objects are DIR/TARGET/obj/OBJECT (default build).
# TARGET...: only these targets (default: every target in the table).
# MCA_KEEP=1 keeps the work directory (each target's llvm-mca input, its
# output per model) and names it on stderr.
# Exit status: 0 ok, 1 a check failed or a tool failed, 2 usage error.
set -u

usage() {
	echo "usage: tools/mca.sh [--check|--update|--loops|--wide] [--table FILE] [--floors FILE] [--build DIR] [TARGET...]" >&2
	exit 2
}

here=$(pwd)
cd "$(dirname "$0")/.." || exit 1
mode=show
wide=
table=tools/mca.tab
floors=tools/mca.floors
build=build
iters1=100
iters2=200
while [ $# -gt 0 ]; do
	case $1 in
	--check) mode=check ;;
	--update) mode=update ;;
	--loops) mode=loops ;;
	--wide) wide=1 ;;
	--table|--floors|--build)
		[ $# -ge 2 ] && [ -n "$2" ] || usage
		case $2 in
		/*) v=$2 ;;
		*) v=$here/$2 ;;	# the caller's directory, not the repository's
		esac
		case $1 in
		--table) table=$v ;;
		--floors) floors=$v ;;
		--build) build=$v ;;
		esac
		shift ;;
	--help|-h) sed -n '2,36s/^# \{0,1\}//p' "$0"; exit 0 ;;
	-*) echo "mca: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
	shift
done
for t in "$@"; do
	case $t in
	aarch64|armv7|x86_64) ;;
	*) echo "mca: unknown target $t (aarch64, armv7, x86_64)" >&2; exit 2 ;;
	esac
done
[ -r "$table" ] || { echo "mca: cannot read the kernel table $table" >&2; exit 2; }
command -v llvm-mca >/dev/null 2>&1 ||
	{ echo "mca: llvm-mca not found (Debian's llvm package; tools/host-deps.sh check installs it)" >&2; exit 1; }

tmp=$(mktemp -d) || exit 1
[ -z "${MCA_KEEP:-}" ] || echo "mca: keeping $tmp" >&2
trap '[ -n "${MCA_KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

models() {	# models TARGET: the llvm-mca models of a target
	case $1 in
	aarch64) echo "cortex-a53 cortex-a55 cortex-a57" ;;
	armv7) echo "cortex-a57" ;;
	x86_64) echo "znver3 skylake" ;;
	esac
}

mattr() {	# the extensions the objects use beyond the models' own
	case $1 in
	aarch64) echo "-mattr=+sha3" ;;
	x86_64) echo "-mattr=+sha" ;;
	esac
}

# wide_table: the show table (stdin) as a table per target, a line per
# kernel, the models' figures joined with " / " in the models' order.
wide_table() {
	awk -F'|' '
	function trim(s) { gsub(/^ +| +$/, "", s); return s }
	/^\| (target|-)/ { next }
	/^\| / {
		t = trim($2); k = trim($3); m = trim($4)
		if (!(t in nk)) tord[++nt] = t
		if (!((t, m) in hasm)) { hasm[t, m] = 1; mods[t] = mods[t] (mods[t] == "" ? "" : " / ") m }
		if (!((t, k) in seen)) { seen[t, k] = 1; kord[t, ++nk[t]] = k; work[t, k] = trim($6); cref[t, k] = trim($8); cwork[t, k] = trim($10) }
		split(trim($7), a, " "); unit[t, k] = a[2]
		sp[t, k] = sp[t, k] (sp[t, k] == "" ? "" : " / ") a[1]
		split(trim($11), c, " "); cunit[t, k] = c[2]
		csp[t, k] = csp[t, k] (csp[t, k] == "" ? "" : " / ") c[1]
		next
	}
	{ notes[++nn] = $0 }
	END {
		for (i = 1; i <= nt; i++) {
			t = tord[i]
			if (i > 1) print ""
			printf "%s, %s:\n\n", t, mods[t]
			print "| kernel | work/iter | speed | C reference | C work/iter | C speed |"
			print "| --- | --: | --: | --- | --: | --: |"
			for (j = 1; j <= nk[t]; j++) {
				k = kord[t, j]
				cs = cref[t, k] == "-" ? "-" : csp[t, k] " " cunit[t, k]
				printf "| %s | %s | %s %s | %s | %s | %s |\n", k, work[t, k], sp[t, k], unit[t, k], cref[t, k], cwork[t, k], cs
			}
		}
		for (i = 1; i <= nn; i++) print notes[i]
	}'
}

mtriple() {
	case $1 in
	aarch64) echo aarch64-linux-gnu ;;
	armv7) echo thumbv8a-linux-gnueabihf ;;
	x86_64) echo x86_64-linux-gnu ;;
	esac
}

objdump_for() {	# the target's GNU objdump (the host's for the host's target)
	case $1 in
	aarch64) p=aarch64-linux-gnu-objdump ;;
	armv7) p=arm-linux-gnueabihf-objdump ;;
	x86_64) p=x86_64-linux-gnu-objdump ;;
	esac
	if command -v "$p" >/dev/null 2>&1; then
		echo "$p"
	elif [ "$1" = "$(uname -m)" ] && command -v objdump >/dev/null 2>&1; then
		echo objdump
	fi
}

# ---- 1. the table: checked and numbered ----
# $tmp/rows: id|target|kernel|object|symbol|loop|work|ref   (rows of the
# selected targets; a C reference row has ref "=ref")
awk -v want=" $* " -v table="$table" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function bad(msg) { printf "mca: %s:%d: %s\n", table, NR, msg > "/dev/stderr"; err = 1 }
/^[ \t]*(#|$)/ { next }
{
	line = $0
	sub(/[ \t]+#([ \t].*)?$/, "", line)
	n = split(line, f, "|")
	if (n != 7) { bad("want 7 fields separated by |, got " n); next }
	for (i = 1; i <= n; i++) f[i] = trim(f[i])
	if (f[1] !~ /^(aarch64|armv7|x86_64)$/) { bad("unknown target \"" f[1] "\""); next }
	if (f[2] == "" || f[2] ~ /[^ -~]/) { bad("empty or odd kernel name"); next }
	if (f[3] !~ /^[A-Za-z0-9_.\/-]+\.o$/ || f[3] ~ /(^|\/)\.\.(\/|$)/) { bad("bad object \"" f[3] "\""); next }
	if (f[4] !~ /^[A-Za-z_][A-Za-z0-9_.]*$/) { bad("bad symbol \"" f[4] "\""); next }
	if (f[5] !~ /^(-|none|#[1-9][0-9]*|[a-z][a-z0-9.]*=[0-9]+(,[a-z][a-z0-9.]*=[0-9]+)*)$/) {
		bad("bad loop selector \"" f[5] "\" (-, #N, MNEMONIC=COUNT,... or none)"); next
	}
	if (f[6] !~ /^[1-9][0-9]*(B|blk)$/) { bad("bad work \"" f[6] "\" (bytes: 64B, blocks: 1blk)"); next }
	key = f[1] "|" f[2]
	if (key in seen) { bad("kernel \"" f[2] "\" twice for " f[1]); next }
	seen[key] = 1
	isref[key] = f[7] == "=ref"
	if (want != "  " && index(want, " " f[1] " ") == 0) next
	nr++
	row[nr] = f[1] "|" f[2] "|" f[3] "|" f[4] "|" f[5] "|" f[6] "|" f[7]
	tk[nr] = f[1]; rf[nr] = f[7]
}
END {
	for (i = 1; i <= nr; i++) {
		if (rf[i] == "-" || rf[i] == "=ref") continue
		if (!((tk[i] "|" rf[i]) in seen)) { printf "mca: %s: %s: no reference row \"%s\"\n", table, row[i], rf[i] > "/dev/stderr"; err = 1 }
		else if (!isref[tk[i] "|" rf[i]]) { printf "mca: %s: %s: \"%s\" is not a reference row (=ref)\n", table, row[i], rf[i] > "/dev/stderr"; err = 1 }
	}
	if (err) exit 2
	for (i = 1; i <= nr; i++) print i "|" row[i]
}' "$table" > "$tmp/rows" || exit 2

targets=$(cut -d'|' -f2 "$tmp/rows" | awk '!s[$0]++')
[ -n "$targets" ] || { echo "mca: no rows for ${*:-any target} in $table" >&2; exit 2; }

# ---- 2. the loops, cut out of the objects ----
# The loop finder reads `objdump -d --no-show-raw-insn` of one object and
# the requests for it (id|symbol|selector, file REQ). A loop is a backward
# branch to a label of the same function: the instructions from its target
# to it. Innermost: no other backward branch inside. "-" picks the largest
# innermost loop; MNEMONIC=COUNT,... the smallest loop (innermost or not:
# GCC may place an unswitched path after the loop and branch back) with
# exactly those counts; #N the Nth innermost loop in address order.
# Writes LOOPDIR/ID.s (the loop, objdump's notation made llvm-mca's: the
# head labelled, branch targets and comments replaced) and prints
#   ID|ok|INSNS|SYMBOL+HEAD..SYMBOL+BRANCH   or   ID|err|MESSAGE
#   ID|stack|INSN   ID|call|INSN             (facts for --check)
cat > "$tmp/loops.awk" <<'EOF'
function hex(s,   i, v) {
	v = 0
	s = tolower(s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
function isbranch(m) {
	if (arch == "aarch64") return m ~ /^(b|b\.[a-z][a-z]|cbn?z|tbn?z)$/
	if (arch == "armv7") return m ~ /^(b(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?|cbn?z)(\.[nw])?$/
	return m ~ /^j[a-z]+$/
}
# an instruction after which control never falls through: a return, an
# unconditional or indirect jump (a "loop" that holds one is a jump back
# into a tail, not a loop)
function isend(t, m) {
	if (arch == "aarch64") return m ~ /^(b|br|ret|eret)$/
	if (arch == "armv7") return m ~ /^(b|bx|tbb|tbh)(\.[nw])?$/ ||
		(m ~ /^(pop|ldm[a-z]*)(\.[nw])?$/ && t ~ /pc}/) || t ~ /^(ldr|mov)(\.[nw])?[ \t]+pc,/
	return m ~ /^(jmp[q]?|ret[q]?|ud2)$/
}
function iscall(m) {
	if (arch == "aarch64") return m ~ /^blr?$/
	if (arch == "armv7") return m ~ /^blx?(\.[nw])?$/
	return m ~ /^call[q]?$/
}
function clean(t) {	# objdump's comments off
	if (arch == "aarch64") sub(/[ \t]*\/\/.*$/, "", t)
	else if (arch == "armv7") sub(/[ \t]*[@;].*$/, "", t)
	else sub(/[ \t]*#.*$/, "", t)
	sub(/[ \t]+$/, "", t)
	return t
}
# stack access: sp-relative memory operands, push/pop, and the frame
# pointer's when the function copies sp into it
function isstack(t, m) {
	if (arch == "aarch64") return t ~ /\[sp[],]/ || (fp && t ~ /\[x29[],]/)
	if (arch == "armv7") return m ~ /^v?(push|pop)(\.[nw])?$/ || t ~ /\[(sp|r13)[],]/ ||
		t ~ /^(ldm|stm)[a-z]*(\.[nw])?[ \t]+(sp|r13)/ || (fp && t ~ /\[r7[],]/)
	return m ~ /^(push|pop)f?[qlw]?$/ || t ~ /\(%rsp[,)]/ || (fp && t ~ /\(%rbp[,)]/)
}
BEGIN {
	while ((getline l < REQ) > 0) {
		split(l, rq, "|")
		nq++; qid[nq] = rq[1]; qsym[nq] = rq[2]; qsel[nq] = rq[3]
		wanted[rq[2]] = 1
	}
}
/^[0-9a-f]+ <.*>:$/ {
	flush()
	fn = $0
	fbase = hex(substr(fn, 1, index(fn, " ") - 1))
	sub(/^[0-9a-f]+ </, "", fn)
	sub(/>:$/, "", fn)
	n = 0
	fp = 0
	next
}
/^ *[0-9a-f]+:\t/ {
	if (!(fn in wanted)) next
	l = $0
	sub(/^ */, "", l)
	n++
	addr[n] = hex(substr(l, 1, index(l, ":") - 1))
	txt[n] = clean(substr(l, index(l, "\t") + 1))
	split(txt[n], w, /[ \t]+/)
	mn[n] = w[1]
	tgt[n] = -1
	end[n] = isend(txt[n], mn[n])
	if (isbranch(mn[n]) && match(txt[n], /[0-9a-f]+ <[^>]*>/)) {
		s = substr(txt[n], RSTART, RLENGTH)
		lab = s
		sub(/^[0-9a-f]+ </, "", lab)
		sub(/(\+0x[0-9a-f]+)?>$/, "", lab)
		if (lab == fn) tgt[n] = hex(substr(s, 1, index(s, " ") - 1))
	}
	if ((arch == "aarch64" && txt[n] ~ /^mov[ \t]+x29, sp$/) ||
	    (arch == "armv7" && txt[n] ~ /^(mov|add)(\.[nw])?[ \t]+r7, sp/) ||
	    (arch == "x86_64" && txt[n] ~ /^mov[q]?[ \t]+%rsp,%rbp$/))
		fp = 1
}
function flush(   i, j, k, b, nb, c, best, cnt, want, sel, nsel, ok, h, f, hd, out, t, q) {
	if (!(fn in wanted)) return
	found[fn] = 1
	nb = 0
	for (i = 1; i <= n; i++) {
		if (tgt[i] < 0 || tgt[i] > addr[i]) continue
		for (j = i; j > 1 && addr[j - 1] >= tgt[i]; j--) ;
		# a loop falls through from its head to its branch: nothing in
		# between leaves for good (a jump forward inside it is fine)
		ok = 1
		for (c = j; c < i && ok; c++)
			if (end[c] && !(tgt[c] > addr[c] && tgt[c] <= addr[i])) ok = 0
		if (!ok) continue
		nb++; b[nb] = i; hi[nb] = j; size[nb] = i - j + 1
	}
	for (k = 1; k <= nb; k++) {	# innermost: no other loop's branch inside
		inner[k] = 1
		for (c = 1; c <= nb; c++)
			if (c != k && b[c] >= hi[k] && b[c] < b[k]) inner[k] = 0
	}
	for (q = 1; q <= nq; q++) {
		if (qsym[q] != fn) continue
		sel = qsel[q]
		best = 0
		if (sel == "none") {	# a function of a tuned object that is no kernel
			print qid[q] "|none|"
			continue
		} else if (sel == "-") {
			for (k = 1; k <= nb; k++)
				if (inner[k] && (!best || size[k] > size[best])) best = k
			if (!best) { print qid[q] "|err|no loop in " fn; continue }
		} else if (sel ~ /^#/) {
			want = substr(sel, 2) + 0
			c = 0
			for (k = 1; k <= nb; k++)
				if (inner[k] && ++c == want) best = k
			if (!best) { print qid[q] "|err|" fn " has " c " innermost loops, not " want; continue }
		} else {
			nsel = split(sel, f, ",")
			for (k = 1; k <= nb; k++) {
				split("", h)
				for (j = hi[k]; j <= b[k]; j++) h[mn[j]]++
				ok = 1
				for (c = 1; c <= nsel; c++) {
					split(f[c], cnt, "=")
					if (h[cnt[1]] + 0 != cnt[2] + 0) ok = 0
				}
				if (ok && (!best || size[k] < size[best])) best = k
			}
			if (!best) { print qid[q] "|err|no loop in " fn " has " sel; continue }
		}
		out = LOOPDIR "/" qid[q] ".s"
		hd = "Lh" qid[q]
		printf "%s:\n", hd > out
		for (j = hi[best]; j <= b[best]; j++) {
			t = txt[j]
			if (match(t, /[0-9a-f]+ <[^>]*>/))
				t = substr(t, 1, RSTART - 1) (tgt[j] == addr[hi[best]] ? hd : "Lx" qid[q]) substr(t, RSTART + RLENGTH)
			if (isstack(t, mn[j])) print qid[q] "|stack|" txt[j]
			# objdump writes .w/.n for the Thumb-2 encoding it found;
			# LLVM takes them as a demand (ldr.w has no negative offset)
			if (arch == "armv7" && mn[j] ~ /\.[nw]$/)
				t = substr(mn[j], 1, length(mn[j]) - 2) substr(t, length(mn[j]) + 1)
			printf "\t%s\n", t > out
			if (iscall(mn[j])) print qid[q] "|call|" txt[j]
		}
		close(out)
		printf "%s|ok|%d|%s+0x%x..%s+0x%x\n", qid[q], size[best], fn, addr[hi[best]] - fbase, fn, addr[b[best]] - fbase
	}
}
END {
	flush()
	for (q = 1; q <= nq; q++)
		if (!(qsym[q] in found)) print qid[q] "|err|no symbol " qsym[q] " in " OBJ
}
EOF

mkdir -p "$tmp/loops"
: > "$tmp/facts"
: > "$tmp/cover"
fail=0
for t in $targets; do
	od=$(objdump_for "$t")
	if [ -z "$od" ]; then
		echo "mca: no objdump for $t (tools/host-deps.sh check installs the cross binutils)" >&2
		exit 1
	fi
	# one loop per distinct (object, symbol, selector): LID
	awk -F'|' -v t="$t" '$2 == t { k = $4 "|" $5 "|" $6; if (!(k in lid)) lid[k] = $1; print $1 "|" lid[k] "|" $4 "|" $5 "|" $6 }' \
		"$tmp/rows" > "$tmp/lid.$t"
	for obj in $(awk -F'|' '{ print $3 }' "$tmp/lid.$t" | awk '!s[$0]++'); do
		awk -F'|' -v o="$obj" '$3 == o && $1 == $2 { print $2 "|" $4 "|" $5 }' "$tmp/lid.$t" > "$tmp/req"
		f=$build/$t/obj/$obj
		if [ ! -r "$f" ]; then
			awk -F'|' -v f="$f" '{ print $1 "|err|no object " f " (make mca builds it)" }' "$tmp/req" >> "$tmp/facts"
			continue
		fi
		if ! "$od" -d --no-show-raw-insn "$f" > "$tmp/dis" 2> "$tmp/err"; then
			echo "mca: $od -d $f failed: $(head -n 1 "$tmp/err")" >&2
			exit 1
		fi
		awk -v arch="$t" -v REQ="$tmp/req" -v LOOPDIR="$tmp/loops" -v OBJ="$f" \
			-f "$tmp/loops.awk" "$tmp/dis" >> "$tmp/facts" || exit 1
		# every global function of an object with a tuned kernel has a
		# row (a new kernel without one fails rather than slips by)
		awk -F'|' -v t="$t" -v o="$obj" '$2 == t && $4 == o && $8 != "=ref" { f = 1 } END { exit !f }' \
			"$tmp/rows" || continue
		"$od" -t "$f" > "$tmp/syms" 2> "$tmp/err" ||
			{ echo "mca: $od -t $f failed: $(head -n 1 "$tmp/err")" >&2; exit 1; }
		awk -v t="$t" -v o="$obj" -v rows="$tmp/rows" '
		BEGIN { while ((getline l < rows) > 0) { split(l, a, "|"); if (a[2] == t && a[4] == o) have[a[5]] = 1 } }
		$2 == "g" && $3 == "F" && !($NF in have) { print t "|" o "|" $NF }' "$tmp/syms" >> "$tmp/cover"
	done
done

if [ "$mode" = loops ]; then
	while IFS="|" read -r id t k o s l w _; do
		l_id=$(awk -F'|' -v i="$id" '$1 == i { print $2 }' "$tmp/lid.$t")
		echo "== $t | $k | $o | $s | $l | $w"
		awk -F'|' -v i="$l_id" '$1 == i { sub(/^[^|]*\|[^|]*\|/, ""); if ($0 ~ /^[0-9]+\|/) sub(/\|/, " instructions, "); print "   " $0 }' "$tmp/facts"
		[ -r "$tmp/loops/$l_id.s" ] && sed 's/^/    /' "$tmp/loops/$l_id.s"
	done < "$tmp/rows"
	exit 0
fi

# ---- 3. llvm-mca: per target and model, a region per loop ----
# The steady state: what 100 more iterations add, (T(200) - T(100)) / 100
# cycles, so the first iteration's start-up does not count (the schedule
# of a loop that is not periodic still averages over 100 iterations).
# Two runs of each model, all at once.
# $tmp/cycles: LID|model|cycles per iteration
: > "$tmp/cycles"
for t in $targets; do
	awk -F'|' '$1 == $2 { print $2 }' "$tmp/lid.$t" | while read -r id; do
		grep -q "^$id|ok|" "$tmp/facts" || continue
		echo "# LLVM-MCA-BEGIN $id"
		cat "$tmp/loops/$id.s"
		echo "# LLVM-MCA-END"
	done > "$tmp/in.$t.s"
done
for t in $targets; do
	[ -s "$tmp/in.$t.s" ] || continue
	for m in $(models "$t"); do
		for n in $iters1 $iters2; do
			llvm-mca -mtriple="$(mtriple "$t")" -mcpu="$m" $(mattr "$t") -iterations=$n \
				-instruction-info=0 -resource-pressure=0 "$tmp/in.$t.s" \
				> "$tmp/out.$t.$m.$n" 2> "$tmp/err.$t.$m.$n" &
		done
	done
done
wait
for t in $targets; do
	[ -s "$tmp/in.$t.s" ] || continue
	for m in $(models "$t"); do
		for n in $iters1 $iters2; do
			grep -q 'Total Cycles' "$tmp/out.$t.$m.$n" && continue
			# name the loop of the first errors llvm-mca prints
			awk -v f="$tmp/in.$t.s" -v t="$t" -v m="$m" -v rows="$tmp/rows" -v lids="$tmp/lid.$t" '
			BEGIN {
				while ((getline l < f) > 0) { n++; if (l ~ /^# LLVM-MCA-BEGIN /) r = substr(l, 18); reg[n] = r; src[n] = l }
				while ((getline l < rows) > 0) { split(l, a, "|"); name[a[1]] = a[3] }
				while ((getline l < lids) > 0) { split(l, a, "|"); if (!(a[2] in kn)) kn[a[2]] = name[a[1]] }
			}
			/: error: / && e < 5 {
				split($0, p, ":"); ln = p[2] + 0
				msg = $0; sub(/^.*: error: /, "", msg)
				s = src[ln]; sub(/^[ \t]+/, "", s); gsub(/\t/, " ", s)
				printf "mca: %s %s: llvm-mca -mcpu=%s cannot read \"%s\": %s\n", t, kn[reg[ln]], m, s, msg
				e++
			}
			END { if (!e) printf "mca: llvm-mca -mcpu=%s failed for %s\n", m, t }' "$tmp/err.$t.$m.$n" >&2
			[ -s "$tmp/err.$t.$m.$n" ] && ! grep -q ': error: ' "$tmp/err.$t.$m.$n" &&
				head -n 3 "$tmp/err.$t.$m.$n" >&2
			exit 1
		done
		awk -v m="$m" -v n1=$iters1 -v n2=$iters2 '
		/^\[[0-9]+\] Code Region - / { r = $NF }
		/^Iterations:/ { it = $2 }
		/^Total Cycles:/ {
			if (it == n1) t1[r] = $3
			else if (it == n2) { t2[r] = $3; ord[++k] = r }
		}
		END {
			for (i = 1; i <= k; i++) {
				r = ord[i]
				if (!(r in t1)) exit 1
				printf "%s|%s|%.6f\n", r, m, (t2[r] - t1[r]) / (n2 - n1)
			}
		}' "$tmp/out.$t.$m.$iters1" "$tmp/out.$t.$m.$iters2" >> "$tmp/cycles" || {
			echo "mca: cannot read llvm-mca's output for $t $m" >&2; exit 1; }
	done
done

# ---- 4. the table, the check, the floors ----
if [ ! -r "$floors" ] && [ "$mode" = check ]; then
	echo "mca: cannot read the floors $floors (tools/mca.sh --update writes them)" >&2
	exit 1
fi
mcaver=$(llvm-mca --version 2>/dev/null | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p' | head -n 1)
set -- phase=rows "$tmp/rows" phase=lid
for t in $targets; do
	set -- "$@" "$tmp/lid.$t"
done
set -- "$@" phase=facts "$tmp/facts" phase=cycles "$tmp/cycles" phase=cover "$tmp/cover"
[ -r "$floors" ] && set -- "$@" phase=floors "$floors"
awk -v mode="$mode" -v targets=" $(echo "$targets" | tr "\n" " ")" -v floorsfile="$floors" \
	-v mcaver="$mcaver" -v out="$tmp/floors.new" -v models_aarch64="$(models aarch64)" \
	-v models_armv7="$(models armv7)" -v models_x86_64="$(models x86_64)" '
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function fig(id, m,   c, w) {	# the figure of row id on model m: fval, funit, fstr
	c = cyc[lid[id] "|" m]
	w = work[id] + 0
	if (work[id] ~ /blk$/) { fval = c / w; funit = "cycles/block"; fstr = sprintf("%.1f %s", fval, funit) }
	else { fval = w / c; funit = "B/cycle"; fstr = sprintf("%.2f %s", fval, funit) }
}
function workstr(id,   w) {
	w = work[id] + 0
	return work[id] ~ /blk$/ ? w " block" (w > 1 ? "s" : "") : w " B"
}
function cell(r, c, v) { cells[r, c] = v; if (length(v) > wd[c]) wd[c] = length(v) }
function right(c) { return c >= 4 && c != 7 }
function line(r,   c, s) {
	s = "|"
	for (c = 1; c <= 10; c++)
		s = s sprintf(right(c) ? " %*s |" : " %-*s |", wd[c], cells[r, c])
	return s
}
function rule(   c, s, d) {	# the markdown header rule, numbers right-aligned
	s = "|"
	for (c = 1; c <= 10; c++) {
		d = sprintf("%*s", wd[c], "")
		gsub(/ /, "-", d)
		s = s " " (right(c) ? substr(d, 2) ":" : d) " |"
	}
	return s
}
function floorstr(v, u,   c) {	# rounded in the safe direction
	if (u == "B/cycle") return sprintf("%.2f", int(v * 100 + 1e-9) / 100)
	c = int(v * 10)
	if (v * 10 - c > 1e-9) c++
	return sprintf("%.1f", c / 10)
}
phase == "rows" {
	split($0, a, "|")
	id = a[1]; nrow++; ord[nrow] = id
	tg[id] = a[2]; kn[id] = a[3]; work[id] = a[7]; ref[id] = a[8]
	byname[a[2] "|" a[3]] = id
	next
}
phase == "lid" { split($0, a, "|"); lid[a[1]] = a[2]; next }
phase == "facts" {
	split($0, a, "|")
	rest = substr($0, length(a[1]) + length(a[2]) + 3)
	if (a[2] == "ok") span[a[1]] = a[4]
	else if (a[2] == "none") isnone[a[1]] = 1
	else if (a[2] == "err") errmsg[a[1]] = rest
	else {	# stack or call: how many, and the first
		if (!nfact[a[1], a[2]]++) first[a[1], a[2]] = rest
	}
	next
}
phase == "cycles" { split($0, a, "|"); cyc[a[1] "|" a[2]] = a[3]; next }
phase == "cover" { split($0, a, "|"); uncovered[++nunc] = a[1] " " a[2] ": " a[3]; next }
phase == "floors" {
	if ($0 ~ /^# llvm-mca /) { fver = $3; next }
	if ($0 ~ /^[ \t]*(#|$)/) next
	n = split($0, a, "|")
	k = trim(a[1]) "|" trim(a[2]) "|" trim(a[3])
	if (trim(a[3]) ~ /^(stack|call)$/) {	# a known defect: at most N such instructions
		if (n != 4 || trim(a[4]) !~ /^[1-9][0-9]*$/) {
			printf "mca: %s:%d: want target | kernel | %s | COUNT\n", floorsfile, FNR, trim(a[3])
			ferr = 1
			next
		}
		allow[k] = trim(a[4]) + 0; flord[++nfl] = k; flline[k] = trim($0)
		next
	}
	split(trim(a[4]), fv, " ")
	if (n != 4 || fv[1] !~ /^[0-9]+(\.[0-9]+)?$/ || fv[2] !~ /^(B\/cycle|cycles\/block)$/ || fv[3] != "") {
		printf "mca: %s:%d: want target | kernel | model | NUMBER B/cycle (or cycles/block)\n", floorsfile, FNR
		ferr = 1
		next
	}
	fl[k] = fv[1] + 0; flu[k] = fv[2]; flord[++nfl] = k; flline[k] = trim($0)
	next
}
END {
	bad = ferr
	for (i = 1; i <= nunc; i++) {
		printf "mca: %s is a global function in no row of the kernel table (a kernel: add its row; none: a row with loop \"none\")\n", uncovered[i]
		bad = 1
	}
	split("target|kernel|model|cycles/iter|work/iter|speed|C reference|C cycles/iter|C work/iter|C speed", hc, "|")
	for (c = 1; c <= 10; c++) cell(0, c, hc[c])
	nr = 0
	for (i = 1; i <= nrow; i++) {
		id = ord[i]
		if (ref[id] == "=ref") continue
		r = ref[id] == "-" ? "" : byname[tg[id] "|" ref[id]]
		# a row that cannot be modelled: one line, never a silent skip
		if (lid[id] in errmsg || (r != "" && lid[r] in errmsg)) {
			if (lid[id] in errmsg) printf "mca: %s %s: %s\n", tg[id], kn[id], errmsg[lid[id]]
			else printf "mca: %s %s: its reference %s: %s\n", tg[id], kn[id], ref[id], errmsg[lid[r]]
			bad = 1
			continue
		}
		if (lid[id] in isnone) continue
		nk++
		for (f = 1; f <= 2; f++) {	# the structural rules
			kind = f == 1 ? "stack" : "call"
			cnt = nfact[lid[id], kind] + 0
			k = tg[id] "|" kn[id] "|" kind
			used[k] = 1
			what = cnt " " (kind == "stack" ? "stack access" (cnt > 1 ? "es" : "") : "call" (cnt > 1 ? "s" : ""))
			if (cnt) {
				insn = first[lid[id], kind]
				gsub(/[ \t]+/, " ", insn)
				note[++nnote] = sprintf("%s %s: %s inside its loop (%s), the first: %s",
					tg[id], kn[id], what, span[lid[id]], insn)
				mdnote[nnote] = sprintf("%s %s: %s inside its loop (`%s`), the first: `%s`",
					tg[id], kn[id], what, span[lid[id]], insn)
			}
			if (cnt < allow[k]) nbetter++
			if (mode == "check" && cnt > allow[k]) {
				printf "mca: %s", note[nnote]
				if (allow[k]) printf " (%s known)", allow[k]
				printf "\n"
				bad = 1
			}
			# --update: a known count only falls; none is added
			if (allow[k] && cnt) { newfl[k] = cnt < allow[k] ? cnt : allow[k]; neword[++nnew] = k }
		}
		nm = split(tg[id] == "aarch64" ? models_aarch64 : tg[id] == "armv7" ? models_armv7 : models_x86_64, ms, " ")
		for (mi = 1; mi <= nm; mi++) {
			m = ms[mi]
			if (cyc[lid[id] "|" m] <= 0 || (r != "" && cyc[lid[r] "|" m] <= 0)) {
				printf "mca: %s %s: no prediction from llvm-mca -mcpu=%s\n", tg[id], kn[id], m
				bad = 1
				continue
			}
			nr++
			fig(id, m)
			v = fval; u = funit
			cell(nr, 1, tg[id]); cell(nr, 2, kn[id]); cell(nr, 3, m)
			cell(nr, 4, sprintf("%.2f", cyc[lid[id] "|" m]))
			cell(nr, 5, workstr(id))
			cell(nr, 6, fstr)
			if (r != "") {
				fig(r, m)
				cell(nr, 7, ref[id])
				cell(nr, 8, sprintf("%.2f", cyc[lid[r] "|" m]))
				cell(nr, 9, workstr(r))
				cell(nr, 10, fstr)
			} else {
				for (c = 7; c <= 10; c++) cell(nr, c, "-")
			}
			k = tg[id] "|" kn[id] "|" m
			newfl[k] = floorstr(v, u) " " u
			neword[++nnew] = k
			used[k] = 1
			if (mode != "check") continue
			if (!(k in fl)) {
				printf "mca: %s %s on %s: no floor in %s (tools/mca.sh --update records one)\n", tg[id], kn[id], m, floorsfile
				bad = 1
			} else if (flu[k] != u) {
				printf "mca: %s %s on %s: the floor is in %s, the figure in %s (tools/mca.sh --update)\n", tg[id], kn[id], m, flu[k], u
				bad = 1
			} else if ((u == "B/cycle" && v < fl[k] - 1e-9) || (u == "cycles/block" && v > fl[k] + 1e-9)) {
				slow[++nslow] = nr
				slowfl[nslow] = sprintf("%s %s", flu[k] == "B/cycle" ? sprintf("%.2f", fl[k]) : sprintf("%.1f", fl[k]), u)
			} else if (newfl[k] != floorstr(fl[k], u) " " u)
				nbetter++	# faster than its floor: --update records it
		}
	}
	if (mode == "show") {
		print line(0)
		print rule()
		for (r = 1; r <= nr; r++) print line(r)
		if (nnote) print ""
		for (i = 1; i <= nnote; i++) print "- " mdnote[i]
		exit bad
	}
	if (mode == "update") {
		if (bad) { printf "mca: %s not written\n", floorsfile; exit 1 }
		print "# tools/mca.floors - the slowest prediction of each tuned kernel on each model that" > out
		print "# tools/mca.sh --check (make check) accepts: B/cycle may not fall below the floor," > out
		print "# cycles per block may not rise above it. Written by tools/mca.sh --update (make" > out
		print "# mca-update) from the predictions of the llvm-mca named below, rounded in the safe" > out
		print "# direction; a faster loop raises its floor in the same commit." > out
		print "# llvm-mca " mcaver > out
		print "# target | kernel | model | floor" > out
		# per target in a fixed order: the new lines of the targets
		# modelled now, the old lines of the others
		for (sec = 1; sec <= 2; sec++) {
			nsec = 0
			for (ti = 1; ti <= 3; ti++) {
				t = ti == 1 ? "aarch64" : ti == 2 ? "armv7" : "x86_64"
				now = index(targets, " " t " ") > 0
				for (i = 1; i <= (now ? nnew : nfl); i++) {
					k = now ? neword[i] : flord[i]
					split(k, a, "|")
					if (a[1] != t || (sec == 1) != (a[3] !~ /^(stack|call)$/)) continue
					if (sec == 2 && !nsec++) {
						print "" > out
						print "# Known defects: stack accesses or calls inside a tuned loop. --check fails" > out
						print "# when a loop has more than COUNT; --update lowers COUNT and drops the line" > out
						print "# at 0, and never adds one (a person does, with the reason in the commit)." > out
						print "# target | kernel | stack or call | COUNT" > out
					}
					if (now) printf "%s | %s | %s | %s\n", a[1], a[2], a[3], newfl[k] > out
					else print flline[k] > out
				}
			}
		}
		close(out)
		for (i = 1; i <= nnew; i++) if (neword[i] ~ /\|(stack|call)$/) nknown++
		printf "mca: %d floors and %d known defects for %s in %s\n", nnew - nknown, nknown + 0, trim(targets), floorsfile
		exit 0
	}
	for (i = 1; i <= nfl; i++) {
		split(flord[i], a, "|")
		if (index(targets, " " a[1] " ") && !(flord[i] in used)) {
			printf "mca: %s: a floor for no kernel of the table: %s\n", floorsfile, flline[flord[i]]
			bad = 1
		}
	}
	if (nslow) {
		print "mca: slower than the floor (" floorsfile "):"
		print line(0)
		for (i = 1; i <= nslow; i++) print line(slow[i]) " floor " slowfl[i]
		bad = 1
	}
	if (bad && fver != "" && fver != mcaver)
		printf "mca: note: the floors are llvm-mca %s'"'"'s predictions, this is llvm-mca %s\n", fver, mcaver
	if (!bad)
		printf "mca: %d predictions of %d tuned loops (%s) at their floors or better; no stack access or call in the loops but %d known\n", nr, nk, trim(targets), nnote
	if (!bad && nbetter)
		printf "mca: %d better than tools/mca.floors says: make mca-update records them\n", nbetter
	exit bad
}' "$@" >"$tmp/out" || fail=1
if [ -n "$wide" ] && [ "$mode" = show ]; then
	wide_table <"$tmp/out"
else
	cat "$tmp/out"
fi

if [ "$mode" = update ] && [ $fail -eq 0 ]; then
	mv "$tmp/floors.new" "$floors" || fail=1
fi
exit $fail
