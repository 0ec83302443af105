#!/bin/sh
# refpack.sh - data/reference.csv column by column, its numbers in binary:
# the form src/refdata.c unpacks (tools/embed.sh then compresses it)
#
# Usage: tools/refpack.sh < reference.csv > OUT
#
# gzip finds far more to share within a column than along a row: a
# column's values repeat (source, board, unit) or change little from one
# row to the next (metric, param), and numbers as binary no longer mix
# digits into the names. The rows keep the file's order (the guides',
# newest first: a lookup takes the first row that matches). The layout:
#   source,table,board,metric,param,unit,confidence,note,mean,min,max\n
#   NROWS\n
#   the eight text columns, one after the other, a value a line
#   the numbers' forms, a byte each: every row's mean, then min, then max
#     0..19  the decimal places of a value of its own
#     254    (min, max) the mean's places, the value as its difference
#            from the mean (the three are mostly close)
#     255    none (an empty field; then no integer follows)
#   the numbers' integers, row by row (mean, min, max where present): the
#     decimal digits without the point (or the difference from the mean's),
#     zigzag (0, -1, 1, -2 -> 0, 1, 2, 3), 7 bits a byte, low first, the top
#     bit set on every byte but the last
# A number must print back as it is written: "-0", "05" or "1e3" fail the
# build, and so does more than 15 digits (awk's doubles hold 15 exactly).
set -eu
# one byte from printf "%c" and byte lengths, whatever the user's locale
LC_ALL=C
export LC_ALL
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.n"' EXIT
awk -v countfile="$tmp.n" '
function fail(msg) {
	printf "refpack.sh: line %d: %s\n", NR, msg > "/dev/stderr"
	failed = 1
	exit 1
}
# the CSV record s in f[1..n] (RFC 4180 quotes, no newline inside one); n
function csv(s, f,    n, v, c) {
	if (index(s, "\"") == 0)
		return split(s, f, ",")
	n = 0
	for (;;) {
		v = ""
		if (substr(s, 1, 1) == "\"") {
			s = substr(s, 2)
			for (;;) {
				c = index(s, "\"")
				if (c == 0)
					fail("a quote that does not end")
				v = v substr(s, 1, c - 1)
				s = substr(s, c + 1)
				if (substr(s, 1, 1) != "\"")
					break
				v = v "\""
				s = substr(s, 2)
			}
			c = substr(s, 1, 1)
			if (c != "" && c != ",")
				fail("text after a closing quote")
			s = substr(s, 2)
		} else {
			c = index(s, ",")
			v = c ? substr(s, 1, c - 1) : s
			s = c ? substr(s, c + 1) : ""
		}
		f[++n] = v
		if (c == "")
			return n
	}
}
# k (0 mean, 1 min, 2 max) of row r from the field s: its form and integer
function number(r, k, s,    neg, ip, fp, digits) {
	if (s == "") {
		form[k, r] = 255
		return
	}
	if (s !~ /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/)
		fail("\"" s "\" is not a plain decimal number")
	neg = substr(s, 1, 1) == "-"
	ip = s
	sub(/^-/, "", ip)
	fp = ""
	if (index(ip, ".")) {
		fp = substr(ip, index(ip, ".") + 1)
		ip = substr(ip, 1, index(ip, ".") - 1)
	}
	digits = ip fp
	sub(/^0+/, "", digits)
	if (length(digits) > 15)
		fail("\"" s "\" has more than 15 digits")
	if (neg && digits == "")
		fail("\"" s "\" is a negative zero")
	mant[k, r] = neg ? -digits : digits + 0
	places[k, r] = length(fp)
	form[k, r] = length(fp)
	if (k > 0 && form[0, r] != 255 && places[k, r] == places[0, r]) {
		form[k, r] = 254
		mant[k, r] -= mant[0, r]
	}
}
function out(s) {
	printf "%s", s
	bytes += length(s)
}
function byte(b) {
	printf "%c", b
	bytes++
}
function varint(v) {
	v = v < 0 ? -2 * v - 1 : 2 * v
	while (v >= 128) {
		byte(v % 128 + 128)
		v = int(v / 128)
	}
	byte(v)
}
NR == 1 {
	if ($0 != "source,table,board,metric,param,unit,mean,min,max,confidence,note")
		fail("not the header of reference.csv")
	next
}
{
	if (csv($0, f) != 11)
		fail("not 11 fields")
	r = NR - 2
	for (c = 1; c <= 6; c++)
		text[c, r] = f[c]
	text[7, r] = f[10]
	text[8, r] = f[11]
	for (k = 0; k < 3; k++)
		number(r, k, f[7 + k])
}
END {
	if (failed)
		exit 1
	n = NR - 1
	out("source,table,board,metric,param,unit,confidence,note,mean,min,max\n" n "\n")
	for (c = 1; c <= 8; c++)
		for (r = 0; r < n; r++)
			out(text[c, r] "\n")
	for (k = 0; k < 3; k++)
		for (r = 0; r < n; r++)
			byte(form[k, r])
	for (r = 0; r < n; r++)
		for (k = 0; k < 3; k++)
			if (form[k, r] != 255)
				varint(mant[k, r])
	print bytes > countfile
}' > "$tmp"
# an awk whose printf "%c" writes other than one byte breaks the numbers
want=$(cat "$tmp.n")
got=$(wc -c < "$tmp")
if [ "$got" -ne "$want" ]; then
	echo "refpack.sh: awk wrote $got bytes for $want: its printf \"%c\" is not one byte" >&2
	exit 1
fi
cat "$tmp"
