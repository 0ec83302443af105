#!/usr/bin/env python3
# extract-ref.py - the vendor performance guides' published numbers as CSV
#
# SPDX-License-Identifier: MIT
#
# Reads the five seed documents (the text of TI's Processor SDK Linux
# performance guides for the J7 family and the AM62x, an older J7200 guide,
# and two RTOS driver datasheets) and writes data/reference.csv, one row per
# (source, table, board, metric, size), and data/boards.csv, one row per
# board with its alias and the guides' own description of it.
#
# Each document has its own layout, so each has its own table reader: 000
# puts every cell on a line of its own (values always carry two decimals,
# labels never do, so numeric labels such as block sizes stay labels; empty
# cells vanished in the conversion), 001 is a pipe table with a cell per
# line, 002 writes a row per line, 003 is a pipe table with a row per line,
# 004 a table without separators. Every table a reader finds is matched by
# exactly one rule below: a rule that turns it into rows, or a skip entry
# with its reason; a table no rule names stops the run, so nothing is lost
# silently. A row whose cells cannot be placed (000 dropped empty cells
# without a trace) is left out and listed by --tables.
#
# Values are copied as printed ("19.98 (min 19.51, max 20.42)" gives mean,
# min and max; a single value leaves min and max empty). Units are
# normalised (microsec -> us, mb/s -> MB/s, Mbits/sec -> Mbit/s ...). Each
# row is graded high or low; low rows carry the known defect in `note`.
#
# Usage: tools/extract-ref.py [--seeds DIR] [--out DIR] [--tables]
#   --seeds DIR  the seed documents (default: ../shared/seeds next to the
#                repository)
#   --out DIR    where reference.csv and boards.csv go (default: data/)
#   --tables     print the table inventory instead: one line per table
#                (source, title, what became of it), then the rows left out
# Python 3 standard library only; the output is byte-for-byte reproducible.

import argparse
import csv
import io
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ---------------------------------------------------------------------------
# Boards. Ids as the Linux guides spell them; the "Read This First" name that
# describes each; a short alias; the A-core L2 size in KiB (from the SoC data
# sheets: 1 MiB per dual Cortex-A72 cluster, 2 MiB per quad-A72 cluster,
# 512 KiB for the Cortex-A53 parts), used to grade lat_mem_rd.
BOARDS = [
	# id               name           alias        L2 KiB
	("j721e-idk-gw",    "J721e EVM",   "j721e",     1024),
	("j7200-evm",       "J7200 EVM",   "j7200",     1024),
	("j721s2-evm",      "J721S2 EVM",  "j721s2",    1024),
	("j784s4-evm",      "J784S4 EVM",  "j784s4",    2048),
	("j742s2_evm-fs",   "J742S2 EVM",  "j742s2",    2048),
	("j722s_evm-fs",    "J722S EVM",   "j722s",     512),
	("am62xx_sk-fs",    "AM62x SK",    "am62x",     512),
	("am62xx_lp_sk-fs", "AM62x LP SK", "am62x-lp",  512),
	("am62xxsip_sk-fs", "AM62SIP SK",  "am62x-sip", 512),
]
BOARD_IDS = [b[0] for b in BOARDS]
L2_KIB = {b[0]: b[3] for b in BOARDS}

# The RTOS datasheets name boards their own way; these are the same boards.
RTOS_BOARDS = {
	"J721E EVM": "j721e-idk-gw",
	"AM62X-SK": "am62xx_sk-fs",
	"AM62X-SK LP": "am62xx_lp_sk-fs",
	"AM62X-SK-SIP": "am62xxsip_sk-fs",
}

# Seed file prefix -> source id, in order of preference (newest guide first).
SOURCES = [
	("000", "j7-linux-11.02"),
	("001", "am62x-linux-11.02"),
	("002", "j7200-linux-old"),
	("003", "j721e-pdk-rtos"),
	("004", "am62x-mcu-10.01"),
]

NUM = r"-?\d+(?:\.\d+)?"
CELL = re.compile(r"^(%s)(?: \(min (%s), max (%s)\))?$" % (NUM, NUM, NUM))
CELL2 = re.compile(r"^\d+\.\d+(?: \(min %s, max %s\))?$" % (NUM, NUM))	# 000's values
HEADING = re.compile(r"^(\d+(?:\.\d+)+)\. (.*?)¶?$")
BOARD_COL = re.compile(r"^([a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)+): (.*)$")


class Fail(Exception):
	pass


class Table:
	"""A table as read: label headers, value columns (board, label), rows."""

	def __init__(self, title, line):
		self.title = title
		self.line = line		# 1-based line of the header
		self.labels = []		# names of the label columns
		self.cols = []			# (board, column label) per value column
		self.rows = []			# (labels, cells); a cell is a string or None
		self.dropped = []		# (row label, reason)
		self.context = {}		# what the surrounding text says (board, core ...)
		self.ordinal = 1		# n-th table of this title in its source

	def name(self):
		return self.title if self.ordinal == 1 else "%s #%d" % (self.title, self.ordinal)


def place_cells(t, labels, values):
	"""Give a row's values to the columns; 000 lost empty cells, so a row
	with fewer values is placed only when exactly the optional columns
	(those holding a parameter, not a result) are missing."""
	n = len(t.cols)
	if len(values) == n:
		t.rows.append((labels, values))
		return
	optional = [i for i, c in enumerate(t.cols) if re.match(PARAM_COLUMN, c[1])]
	if optional and len(values) == n - len(optional):
		it = iter(values)
		t.rows.append((labels, [None if i in optional else next(it) for i in range(n)]))
		return
	t.dropped.append((" ".join(labels), "%d values for %d columns: the empty cells were lost "
			  "in the text, so the values cannot be placed" % (len(values), n)))


def split_header(t, header):
	"""Header cells -> label column names and (board, label) value columns."""
	for h in header:
		m = BOARD_COL.match(h)
		if m:
			t.cols.append((m.group(1), m.group(2).strip()))
		elif t.cols:
			raise Fail("%s: header cell '%s' after the board columns" % (t.title, h))
		else:
			t.labels.append(h)


def number_ordinals(tables):
	seen = {}
	for t in tables:
		seen[t.title] = seen.get(t.title, 0) + 1
		t.ordinal = seen[t.title]
	return tables

# ---------------------------------------------------------------------------
# 000: "Table 2.N Title", then header cells, then cells, one per line.


def read_000(text):
	lines = [l.rstrip() for l in text.split("\n")]
	tables = []
	i = 0
	while i < len(lines):
		if not re.match(r"^Table \d+\.\d+ ", lines[i]):
			i += 1
			continue
		t = Table(re.sub(r"^Table \d+\.\d+ ", "", lines[i]), i + 1)
		j = i + 1
		body = []
		while j < len(lines) and not re.match(r"^Table \d+\.\d+ ", lines[j]) \
				and not HEADING.match(lines[j]):
			if lines[j].strip():
				body.append(lines[j].strip())
			j += 1
		rows_000(t, body)
		tables.append(t)
		i = j
	return tables


def rows_000(t, body):
	k = 0
	while k < len(body) and not (t.cols and not BOARD_COL.match(body[k])):
		split_header(t, [body[k]])
		k += 1
	nlab = len(t.labels)
	while k < len(body):
		labels = body[k:k + nlab]
		if len(labels) < nlab or any(CELL2.match(l) for l in labels):
			break
		k += nlab
		values = []
		while k < len(body) and CELL2.match(body[k]):
			values.append(body[k])
			k += 1
		if not values:		# narrative after the table
			break
		place_cells(t, labels, values)
	if any(CELL2.match(l) for l in body[k:]):
		raise Fail("%s (line %d): values after the end of the table" % (t.title, t.line))

# ---------------------------------------------------------------------------
# 001: pipe tables, one cell per line ("cell |", "|" an empty cell), titled
# by the section heading above them.


def read_001(text):
	lines = text.split("\n")
	seps = [i for i, l in enumerate(lines) if re.match(r"^\|(-+\|)+$", l)]
	tables = []
	for k, i in enumerate(seps):
		ncols = lines[i].count("|") - 1
		heads = [HEADING.match(l) for l in lines[:i] if HEADING.match(l)]
		t = Table(heads[-1].group(2) if heads else "", i + 1 - ncols)
		header = [l.rstrip("|").strip() for l in lines[i - ncols:i]]
		end = len(lines)
		if k + 1 < len(seps):
			end = seps[k + 1] - (lines[seps[k + 1]].count("|") - 1)
		cells = []
		j = i + 1
		while j < end and lines[j].endswith("|"):
			cells += [c.strip() for c in lines[j].split("|")[:-1]]
			j += 1
		if header[0] == "Name":
			t.context["boards"] = [(cells[n], cells[n + 1]) for n in range(0, len(cells), 2)]
			tables.append(t)
			continue
		split_header(t, header)
		nlab = len(t.labels)
		for n in range(0, len(cells), ncols):
			row = cells[n:n + ncols]
			if len(row) < ncols:
				t.dropped.append((row[0], "the row ends early: its last cells are missing"))
				continue
			t.rows.append((row[:nlab], [c or None for c in row[nlab:]]))
		tables.append(t)
	return number_ordinals(tables)

# ---------------------------------------------------------------------------
# 002: a header line "Benchmarks j7200-evm: perf", then a row per line
# (label, then the values), titled by the "Table: ..." line after it or,
# when there is none, by the section headings above it.

VALUE_AT_END = re.compile(r"(?:^| )(%s(?: \(min %s, max %s\))?)$" % (r"\d+\.\d+", NUM, NUM))


def read_002(text):
	lines = text.split("\n")
	tables = []
	path = {}
	i = 0
	while i < len(lines):
		l = lines[i]
		h = HEADING.match(l)
		if h:
			depth = h.group(1).count(".") + 1
			path = {d: s for d, s in path.items() if d < depth}
			path[depth] = h.group(2)
		if l.startswith("Name Description"):
			t = Table("Evaluation Modules", i + 1)
			t.context["boards"] = []
			i += 1
			while lines[i].strip():
				m = re.match(r"^(.+? EVM) (.+)$", lines[i])
				t.context["boards"].append((m.group(1), m.group(2)))
				i += 1
			tables.append(t)
			continue
		m = re.search(r"(?:^| )[a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)+: ", l)
		if not m:
			i += 1
			continue
		t = Table("", i + 1)
		cells = re.split(r" (?=[a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)+: )", l)
		split_header(t, cells)
		i += 1
		while i < len(lines):
			row = split_row_002(lines[i], len(t.cols))
			if not row:
				break
			place_cells(t, [row[0]], row[1])
			i += 1
		j = i
		while j < len(lines) and not lines[j].strip():
			j += 1
		if j < len(lines) and lines[j].startswith("Table: "):
			t.title = lines[j][len("Table: "):].rstrip(" |")
		else:
			t.title = " / ".join(path[d] for d in sorted(path) if d > 3)
		tables.append(t)
	return number_ordinals(tables)


def split_row_002(line, ncols):
	values = []
	rest = line.rstrip()
	while len(values) < ncols:
		m = VALUE_AT_END.search(rest)
		if not m:
			break
		values.insert(0, m.group(1))
		rest = rest[:m.start()]
	if not values or not rest.strip():
		return None
	return rest.strip(), values

# ---------------------------------------------------------------------------
# 003: pipe tables with a row per line ("a | b | c |"), titled by the
# section path below "Software Performance Numbers" and, when one stands
# right above the table, its caption ("Single Direction Test").


SEP_003 = r"^-+\|(-+\|)*$"


def read_003(text):
	lines = text.split("\n")
	tables = []
	path = {}
	i = 0
	while i < len(lines):
		h = HEADING.match(lines[i])
		if h:
			depth = h.group(1).count(".") + 1
			path = {d: s for d, s in path.items() if d < depth}
			path[depth] = h.group(2)
			i += 1
			continue
		if "|" not in lines[i] or re.match(SEP_003, lines[i]):
			i += 1
			continue
		parts = [path[d] for d in sorted(path) if d > 3] or [path.get(3, "")]
		above = lines[i - 1]
		caption = above.strip() if above.strip() and not HEADING.match(above) \
			and not above.startswith("-") and "|" not in above else ""
		rows = []
		while i < len(lines) and "|" in lines[i]:
			nxt = lines[i + 1] if i + 1 < len(lines) else ""
			if rows and re.match(SEP_003, nxt):
				break		# a new header: the next table starts here
			if not re.match(SEP_003, lines[i]):
				rows.append([c.strip() for c in lines[i].rstrip().rstrip("|").split("|")])
			i += 1
		t = Table(" / ".join(parts + ([caption] if caption else [])), i + 1 - len(rows))
		t.labels = rows[0][:1]
		t.cols = [(RTOS_BOARDS["J721E EVM"], c) for c in rows[0][1:]]
		for r in rows[1:]:
			t.rows.append((r[:1], [c or None for c in r[1:]]))
		tables.append(t)
	return number_ordinals(tables)

# ---------------------------------------------------------------------------
# 004: no separators at all. A table is a header line followed by rows
# that end in a number (a unit may follow); the title is the section line
# above, the core ("r5f0-0:", "a53 :") and the packet size when given.

ROW_004 = re.compile(r"\d(?: ?(?:ms|MHz|GHz))?$")


def read_004(text):
	lines = text.split("\n")
	tables = []
	section, core, packet = "", "", ""
	i = 0
	while i < len(lines):
		l = lines[i]
		nxt = lines[i + 1] if i + 1 < len(lines) else ""
		if re.match(r"^(r5f0-0|a53) ?:$", l):
			core = l.rstrip(": ")
		elif re.match(r"^\s*• For Packet Size: ", l):
			packet = re.sub(r"^.*: ", "", l).replace(" ", "")
		elif l.strip() and not l.startswith(" ") and not ROW_004.search(l) \
				and not ROW_004.search(nxt):
			if not lines[i - 1].strip() and not nxt.strip():
				section, core, packet = l.strip(), "", ""
		if l.strip() and not l.startswith(" ") and not ROW_004.search(l) \
				and ROW_004.search(nxt) and not nxt.startswith(" "):
			title = " / ".join(x for x in (section, core, packet and "packet " + packet, l) if x)
			t = Table(title, i + 1)
			t.context.update(section=section, core=core, packet=packet, header=l)
			i += 1
			while i < len(lines) and (ROW_004.search(lines[i]) or lines[i].startswith("---")) \
					and not lines[i].startswith(" "):
				if not lines[i].startswith("---"):
					t.rows.append(([lines[i]], []))
				i += 1
			tables.append(t)
			packet = ""
			continue
		i += 1
	return number_ordinals(tables)

# ---------------------------------------------------------------------------
# Output rows, units and grading.

FIELDS = ["source", "table", "board", "metric", "param", "unit", "mean", "min", "max",
	  "confidence", "note"]

UNITS = {
	"microsec": "us", "us": "us", "nanosec": "ns", "ns": "ns", "mbs": "MB/s",
	"mb/s": "MB/s", "mhz": "MHz", "dmips/mhz": "DMIPS/MHz", "dhrystonep": "dhrystones/s",
	"mips": "MIPS", "kflops": "KFLOPS", "iterations": "iter/s",
	"workloads/": "workloads/s", "": "score", "num_files": "files",
}

# Value columns: label -> (key, unit); key None = a parameter, not a result.
PARAM_COLUMN = r"UDP Datagram Size\(bytes\) \(LOCAL_SEND_SIZE\)"
COLUMNS = [
	(r"THROUGHPUT \(Mbits/sec\)", "throughput", "Mbit/s"),
	(r"CPU Load % \(LOCAL_CPU_UTIL\)", "cpu", "%"),
	(r"Packets Per Second \(kPPS\)", "kpps", "kpps"),
	(r"Packet Loss %", "loss", "%"),
	(PARAM_COLUMN, None, None),
	(r"(Write|Read) (?:EXT4|EXT2|Raw|UBIFS|VFAT) Throughput \(Mbytes/sec\)", "{0}", "MB/s"),
	(r"(Write|Read) (?:EXT4|EXT2|Raw|UBIFS|VFAT) CPU Load \(%\)", "{0}-cpu", "%"),
	(r"Raw Read Throughput \(Mbytes/sec\)", "read", "MB/s"),
	(r"(Write|Read) Throughput \(Kbytes/sec\)", "{0}", "kB/s"),
	(r"throughput \(KBytes/Sec\)", "throughput", "kB/s"),
	(r"Throughput \(Mbps\)", "throughput", "Mbit/s"),
	# IPsec's Packets/Sec is thousands: every row's throughput over it is
	# 11.3 Mbit, a thousand packets of 1410 bytes (ESP in a 1500-byte frame)
	(r"Packets/Sec", "packets", "kpps"),
	(r"CPU Load", "cpu", "%"),
	(r"perf", "", ""),
	(r"(?:Boot time in seconds: avg\(min,max\)|boot time \(sec\))", "", "s"),
]


def column_key(label):
	for pat, key, unit in COLUMNS:
		m = re.match("^%s$" % pat, label)
		if m:
			return (key.format(*[g.lower() for g in m.groups()]) if key is not None else None,
				unit)
	raise Fail("no key for the column '%s'" % label)


def key_unit(label):
	"""'lat_ctx-2-128k (us)' -> ('lat_ctx-2-128k', 'us')"""
	m = re.match(r"^(\S+) \(([^)]*)\)$", label)
	if not m or m.group(2).lower() not in UNITS:
		raise Fail("no metric and unit in the row label '%s'" % label)
	return m.group(1), UNITS[m.group(2).lower()]


def slug(s):
	return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def lat_mem_rd_kib(metric):
	"""The working set of a lat_mem_rd row in KiB: TI writes lmbench's size
	in MB (2^20 bytes) times 1000 with a k ("sz500k" = 0.5 MB)."""
	m = re.match(r"^lat_mem_rd-stride\d+-sz(\d+)k$", metric)
	if m:
		return int(m.group(1)) * 1024 / 1000
	m = re.match(r"^latency_for_(\d+\.\d+)_mb_block_size$", metric)
	if m:
		return float(m.group(1)) * 1024
	return 0


def grade(table, board, metric, unit, mean, lo, hi):
	"""(confidence, note): the guides' known defects make a row low."""
	why = []
	if re.match(r"^bw_mem-[a-z]+-[1248]mb$", metric):
		why.append("bw_mem 1-8 MB rows: mean/min/max mix two different tests")
	kib = lat_mem_rd_kib(metric)
	if kib and board in L2_KIB and kib >= L2_KIB[board]:
		why.append("working set %g KiB >= the %d KiB L2 and the sweep stops at 1 MB: "
			   "a mix of cache levels; not the DRAM latency" % (kib, L2_KIB[board]))
	if metric in ("dhrystone_per_mhz", "dhrystone_per_second", "whetstone"):
		why.append("quantised by a coarse timer")
	if metric in ("lat_tcp", "tcp_latency_using_localhost") and float(mean) < 5:
		why.append("about two null syscalls: a loopback TCP round trip takes longer; "
			   "likely timed with no server listening (lmbench's client ignores errors)")
	if table in ("openssl", "openssl-cpu"):
		why.append("likely includes hardware crypto offload")
	if lo is not None and float(lo) == 0 and float(hi) > 0 and unit != "%":
		why.append("min 0.00: a failed run inside the aggregate")
	if lo is None and float(mean) == 0 and unit not in ("%", "ms"):	# ms: a boot step skipped
		why.append("0.00: below the printed resolution or a failed run")
	return ("low" if why else "high"), "; ".join(why)


class Out:
	def __init__(self, source):
		self.source = source
		self.rows = []

	def add(self, table, board, metric, param, unit, cell, note=""):
		if cell is None:
			return
		m = CELL.match(cell)
		if not m:
			raise Fail("%s %s %s: '%s' is not a value" % (table, board, metric, cell))
		mean, lo, hi = m.groups()
		conf, why = grade(table, board, metric, unit, mean, lo, hi)
		note = "; ".join(x for x in (why, note) if x)
		self.rows.append([self.source, table, board, metric, param, unit, mean, lo or "",
				  hi or "", conf, note])

# ---------------------------------------------------------------------------
# How a table becomes rows: one function (table, out) per kind of table.


def rowkey(table_id, param=""):
	"""Rows named by the guide's key with the unit: 'lat_ctx-2-128k (us)'."""
	def emit(t, out):
		for labels, cells in t.rows:
			metric, unit = key_unit(labels[0])
			for (board, col), cell in zip(t.cols, cells):
				if col != "perf":
					raise Fail("%s: column '%s' where 'perf' was expected" % (t.title, col))
				out.add(table_id, board, metric, param, unit, cell)
	return emit


def per_column(table_id, prefix, param_label=True):
	"""One metric per value column, PREFIX-KEY; the row label is the size
	(param_label False: a single row, no size)."""
	def emit(t, out):
		for labels, cells in t.rows:
			param = labels[0] if param_label else ""
			for (board, col), cell in zip(t.cols, cells):
				key, unit = column_key(col)
				if key is not None:
					out.add(table_id, board, prefix + "-" + key, param, unit, cell)
	return emit


BOOT_ROWS = {
	"Linux boot time from SD with default rootfs (20 boot cycles)": "linux_boot_sd",
	"Kernel boot time test when bootloader, kernel and sdk-rootfs are in mmc-sd":
		"linux_boot_sd",
	"Kernel boot time test when init is /bin/sh and bootloader, kernel and sdk-rootfs "
	"are in mmc-sd": "linux_boot_sd_init_sh",
}


def boot(t, out):
	for labels, cells in t.rows:
		for (board, col), cell in zip(t.cols, cells):
			out.add("boot-mmcsd", board, BOOT_ROWS[labels[0]], "", column_key(col)[1], cell)


def openssl(t, out):
	for (alg, size), cells in t.rows:
		for (board, col), cell in zip(t.cols, cells):
			out.add("openssl", board, alg, size, column_key(col)[1], cell)


def openssl_cpu(t, out):
	for (alg,), cells in t.rows:
		for (board, col), cell in zip(t.cols, cells):
			out.add("openssl-cpu", board, alg + "-cpu", "", column_key(col)[1], cell)


def ipsec(t, out):
	for (alg,), cells in t.rows:
		for (board, col), cell in zip(t.cols, cells):
			key, unit = column_key(col)
			out.add("ipsec", board, "ipsec-%s-%s" % (alg, key), "", unit, cell)

# 003 (RTOS on the J721E EVM's R5F and A72 cores).


def rtos_cpsw(t, out):
	"""'TCP RX | 92.9 | 100 |': throughput, CPU load (and UDP drops) of the
	lwIP stack on one R5F; a bidirectional row's shared CPU cell is missing."""
	port = re.search(r"(CPSW\dG)", t.title).group(1).lower()
	bidir = "-bidir" if "Bidirectional" in t.title else ""
	keys = {"Measured Throughput (Mbps)": ("throughput", "Mbit/s"),
		"CPU Load (%)": ("cpu", "%"), "Drop (%)": ("drop", "%")}
	for (label,), cells in t.rows:
		proto, way = label.lower().split()
		for (board, col), cell in zip(t.cols, cells):
			key, unit = keys[col]
			out.add("rtos-cpsw", board, "rtos-%s-%s%s-%s-%s" % (port, proto, bidir, way, key), "",
				unit, cell)


def rtos_mmcsd(t, out):
	"""SD card and eMMC RAW/FATFS throughput per transfer size (KB), A72 core."""
	dev = "sd" if "SD Card" in t.title else "emmc"
	mode = re.search(r"/ ([A-Z0-9-]+) Mode", t.title).group(1).lower()
	for (size,), cells in t.rows:
		for (board, col), cell in zip(t.cols, cells):
			m = re.match(r"^(RAW|FATFS) (Write|Read) Throughput \(MB/s\)$", col)
			out.add("rtos-mmcsd", board, "rtos-%s-a72-%s-%s-%s" % (dev, mode,
				m.group(1).lower(), m.group(2).lower()), size, "MB/s", cell)


def rtos_sbl_003(t, out):
	for (label,), cells in t.rows:
		out.add("rtos-sbl-boot", t.cols[0][0], "rtos-sbl-ospi-" + slug(label), "gp", "ms",
			cells[0])

# 004 (MCU+ SDK on the AM62x SK boards' R5F and A53 cores).


def board_004(t):
	"""The board a section names, else the AM62x SK (the datasheet's own)."""
	m = re.match(r"^(AM62X-SK(?:-SIP| LP)?) ", t.context["section"])
	return RTOS_BOARDS[m.group(1) if m else "AM62X-SK"]


def rtos_sbl_004(t, out):
	"""'SBL Stage1: System_init 5.621' per boot medium and device type."""
	sec = t.context["section"]
	media = "emmc" if " EMMC " in sec else "ospi-nand" if " NAND " in sec else "ospi"
	dtype = re.search(r"\((HS-FS|HS-SE)\)", sec).group(1).lower()
	for (line,), _ in t.rows:
		m = re.match(r"^SBL (Stage\d): (.+) (%s)$" % NUM, line)
		out.add("rtos-sbl-boot", board_004(t), "rtos-sbl-%s-%s-%s" % (media,
			m.group(1).lower(), slug(m.group(2))), dtype, "ms", m.group(3))


ASSUMED_SK = "the datasheet names no board here: the AM62x SK assumed"


def rtos_storage_004(t, out):
	"""'[Mode] Data size(MiB) Write speed(MiBps) Read speed(MiBps)' rows."""
	sec = t.context["section"]
	dev = {"EMMC Performance": "emmc", "OSPI NOR Flash Performance": "ospi-nor",
	       "OSPI NAND Flash Performance": "ospi-nand",
	       "GPMC NAND Flash Performance": "gpmc-nand"}[sec]
	core = "r5f" if t.context["core"].startswith("r5f") else "a53"
	for (line,), _ in t.rows:
		w = line.split()
		mode = w.pop(0).lower() + "-" if len(w) == 4 else ""
		for way, v in (("write", w[1]), ("read", w[2])):
			out.add("rtos-storage", board_004(t), "rtos-%s-%s-%s%s" % (dev, core, mode, way),
				w[0], "MiB/s", v, ASSUMED_SK)


def rtos_tcp_004(t, out):
	"""'TCP RX 77 12'; the bidirectional row: 'TX = 51 + RX = 50 22'."""
	for (line,), _ in t.rows:
		m = re.match(r"^TCP (RX|TX) (%s) (%s)$" % (NUM, NUM), line)
		if m:
			way = m.group(1).lower()
			out.add("rtos-cpsw", board_004(t), "rtos-cpsw-tcp-%s-throughput" % way, "",
				"Mbit/s", m.group(2))
			out.add("rtos-cpsw", board_004(t), "rtos-cpsw-tcp-%s-cpu" % way, "", "%",
				m.group(3))
			continue
		m = re.match(r"^TCP Bi\w+ TX = (%s) \+ RX = (%s) (%s)$" % (NUM, NUM, NUM), line)
		for way, v in (("tx", m.group(1)), ("rx", m.group(2))):
			out.add("rtos-cpsw", board_004(t), "rtos-cpsw-tcp-bidir-%s-throughput" % way, "",
				"Mbit/s", v)
		out.add("rtos-cpsw", board_004(t), "rtos-cpsw-tcp-bidir-cpu", "", "%", m.group(3))


def rtos_udp_004(t, out):
	"""'25 Mbps 100 0': CPU load and loss at an offered rate, per packet size."""
	way = "tx" if "UDP TX" in t.title else "rx"
	size = t.context["packet"].lower()
	for (line,), _ in t.rows:
		rate, unit, cpu, loss = line.split()
		for key, v in (("cpu", cpu), ("loss", loss)):
			out.add("rtos-cpsw", board_004(t), "rtos-cpsw-udp-%s-%s-%s" % (way, size, key),
				rate + unit, "%", v)


class Skip(str):
	"""A rule's verdict for a table left out: the reason."""


NOT_MEASURED = "not a measurement benchbox makes: "
AUDIO = Skip(NOT_MEASURED + "ALSA audio (the rate is the sample rate)")
GPU = Skip(NOT_MEASURED + "GPU benchmarks")
USB = Skip(NOT_MEASURED + "USB device mode (needs a USB host)")
SETUP = Skip("the test setup, not results")
FLATTENED = Skip("row-spanned cells were flattened in the text and cannot be placed")
BOARDS_TABLE = Skip("the evaluation modules: boards.csv")

# Output tables: id -> how a guide's table becomes rows. The metric of a
# per-size storage or network table is the table id and the column's key
# (emmc-ext4-fio-write, netperf-udp-egress-throughput).
TABLES = {t: rowkey(t) for t in ("lmbench", "dhrystone", "whetstone", "linpack", "nbench",
				 "stream", "coremark-pro", "multibench")}
TABLES.update({"coremark-pro-%dcore" % n: rowkey("coremark-pro-%dcore" % n, "%d-core" % n)
	       for n in (2, 4, 8)})
TABLES.update({t: per_column(t, t) for t in (
	"pcie-ssd-ext4-fio", "ospi-ubifs", "ospi-raw", "uboot-ospi", "uboot-ufs", "emmc-ext4-fio",
	"emmc-raw-fio", "emmc-ext4", "emmc-vfat", "uboot-emmc", "mmc-ext4-fio", "mmc-raw-fio",
	"mmc-ext4", "mmc-ext2", "uboot-mmcsd-fat", "mmc-ext4-old", "uboot-mmcsd")})
TABLES.update({"cpsw-" + t: per_column("cpsw-" + t, "netperf-" + t, t.startswith("udp"))
	       for t in ("tcp-bidir", "tcp-bidir-pacing", "udp-egress", "udp-ingress",
			 "udp-ingress-lossy")})
TABLES.update({"boot-mmcsd": boot, "openssl": openssl, "openssl-cpu": openssl_cpu,
	       "ipsec": ipsec, "rtos-cpsw-003": rtos_cpsw, "rtos-mmcsd": rtos_mmcsd,
	       "rtos-sbl-003": rtos_sbl_003, "rtos-sbl-004": rtos_sbl_004,
	       "rtos-storage": rtos_storage_004, "rtos-tcp-004": rtos_tcp_004,
	       "rtos-udp-004": rtos_udp_004})

# What becomes of each table the readers find: (source, title pattern, an
# id of TABLES or a Skip). A title must match exactly one rule, and every
# rule must match a table.
RULES = [
	# 000: the J7 family guide, titled "Table 2.N ..."
	("000", r"LMBench Benchmarks", "lmbench"),
	("000", r"Dhrystone Benchmarks", "dhrystone"),
	("000", r"Whetstone Benchmarks", "whetstone"),
	("000", r"Linpack Benchmarks", "linpack"),
	("000", r"NBench Benchmarks", "nbench"),
	("000", r"Stream Benchmarks", "stream"),
	("000", r"CoreMarkPro Benchmarks", "coremark-pro"),
	("000", r"CoreMarkProTwoCore Benchmarks", "coremark-pro-2core"),
	("000", r"CoreMarkProFourCore Benchmarks", "coremark-pro-4core"),
	("000", r"CoreMarkProEightCore Benchmarks", "coremark-pro-8core"),
	("000", r"Multibench Benchmarks", "multibench"),
	("000", r"Linux boot time MMCSD", "boot-mmcsd"),
	("000", r"Audio (Capture|Playback)", AUDIO),
	("000", r"(GFXBench|Glmark2) Performance", GPU),
	("000", r"CPSW2g TCP Bidirectional Throughput", "cpsw-tcp-bidir"),
	("000", r"CPSW2g TCP Bidirectional Throughput Interrupt Pacing", "cpsw-tcp-bidir-pacing"),
	("000", r"CPSW2g UDP Egress Throughput 0 loss", "cpsw-udp-egress"),
	("000", r"CPSW2g UDP Ingress Throughput 0 loss", "cpsw-udp-ingress"),
	("000", r"CPSW2g UDP Ingress Throughput possible loss", "cpsw-udp-ingress-lossy"),
	("000", r"PCIE SSD EXT4 FIO 10G", "pcie-ssd-ext4-fio"),
	("000", r"OSPI Flash Driver", "ospi-ubifs"),
	("000", r"OSPI Raw Flash Driver", "ospi-raw"),
	("000", r"UBOOT QSPI or OSPI", "uboot-ospi"),
	("000", r"UBOOT UFS RAW", "uboot-ufs"),
	("000", r"EMMC EXT4 FIO 1G", "emmc-ext4-fio"),
	("000", r"EMMC RAW FIO 1G", "emmc-raw-fio"),
	("000", r"UBOOT EMMC RAW", "uboot-emmc"),
	("000", r"MMC EXT4 FIO 1G", "mmc-ext4-fio"),
	("000", r"MMC RAW FIO 1G", "mmc-raw-fio"),
	("000", r"MMC EXT4", "mmc-ext4"),
	("000", r"MMC EXT2", "mmc-ext2"),
	("000", r"UBOOT MMCSD FAT", "uboot-mmcsd-fat"),
	("000", r"USBDEVICE .*", USB),
	("000", r"OpenSSL Performance", "openssl"),
	("000", r"OpenSSL CPU Load", "openssl-cpu"),
	("000", r"IPSec Software Performance", "ipsec"),
	# 001: the AM62x guide, titled by section headings ("#2": the second
	# table under one heading)
	("001", r"Linux 11\.02\.08\.02 Performance Guide", BOARDS_TABLE),
	("001", r"LMBench", "lmbench"),
	("001", r"Dhrystone", "dhrystone"),
	("001", r"Whetstone", "whetstone"),
	("001", r"Linpack", "linpack"),
	("001", r"NBench", "nbench"),
	("001", r"Stream", "stream"),
	# two tables under one heading; as in 000 and 002: one core, then two
	("001", r"CoreMarkPro", "coremark-pro"),
	("001", r"CoreMarkPro #2", "coremark-pro-2core"),
	("001", r"MultiBench", "multibench"),
	("001", r"Boot media: MMCSD", "boot-mmcsd"),
	("001", r"ALSA SoC Audio Driver( #2)?", AUDIO),
	("001", r"GFXBench|Glmark2", GPU),
	("001", r"Linux OSPI Flash Driver( #2)?", "ospi-raw"),
	("001", r"EMMC EXT4 FIO 1G( #\d)?", "emmc-ext4-fio"),
	("001", r"EMMC EXT4( #\d)?", "emmc-ext4"),
	("001", r"EMMC VFAT( #\d)?", "emmc-vfat"),
	("001", r"UBoot EMMC Driver( #\d)?", "uboot-emmc"),
	("001", r"MMC EXT4 FIO 1G( #\d)?", "mmc-ext4-fio"),
	("001", r"MMC EXT4( #\d)?", "mmc-ext4"),
	("001", r"UBOOT MMCSD FAT( #\d)?", "uboot-mmcsd-fat"),
	("001", r"USB Device Controller( #2)?", USB),
	("001", r"OpenSSL Performance", "openssl"),
	("001", r"OpenSSL Performance #2", "openssl-cpu"),
	("001", r"IPSec Software Performance", "ipsec"),
	# 002: the older J7200 guide, titled "Table: ..." or by headings
	("002", r"Evaluation Modules", BOARDS_TABLE),
	("002", r"LM Bench Metrics", "lmbench"),
	("002", r"Dhrystone Benchmark", "dhrystone"),
	("002", r"Whetstone Benchmark", "whetstone"),
	("002", r"Linpack Benchmark", "linpack"),
	("002", r"NBench Benchmarks", "nbench"),
	("002", r"CoreMarkPro", "coremark-pro"),
	("002", r"CoreMarkPro for Two Cores", "coremark-pro-2core"),
	("002", r"Multibench", "multibench"),
	("002", r"Boot time MMC/SD", "boot-mmcsd"),
	("002", r"CPSW TCP Bidirectional Throughput", "cpsw-tcp-bidir"),
	("002", r"CPSW UDP Egress Throughput", "cpsw-udp-egress"),
	("002", r"CPSW UDP Ingress Throughput \(0% loss\)", "cpsw-udp-ingress"),
	("002", r"CPSW UDP Ingress Throughput \(possible loss\)", "cpsw-udp-ingress-lossy"),
	("002", r"PCIe Driver / PCIe-NVMe-SSD / J7200-EVM", "pcie-ssd-ext4-fio"),
	("002", r"OSPI Flash Driver / J7200-EVM / UBIFS", "ospi-ubifs"),
	("002", r"OSPI Flash Driver / J7200-EVM / RAW", "ospi-raw"),
	("002", r"UBoot QSPI/OSPI Driver / J7200-EVM", "uboot-ospi"),
	("002", r"UBoot EMMC Driver / J7200-EVM", "uboot-emmc"),
	# the guide does not say how it measured (fio, dd): a table of its own
	("002", r"MMC/SD Driver / J7200-EVM", "mmc-ext4-old"),
	("002", r"UBoot MMC/SD Driver / J7200-EVM", "uboot-mmcsd"),
	("002", r"CRYPTO Driver / IPSec Software Performance", "ipsec"),
	# 003: the J721E PDK (RTOS) datasheet, titled by its section path
	("003", r"Setup Details( #2)?", SETUP),
	("003", r"VHWA|DSS|CSI-Rx", Skip(NOT_MEASURED + "vision and display hardware")),
	("003", r"CPSW / .*", "rtos-cpsw-003"),
	("003", r"UDMA / DRU Blockcopy / .*", Skip(NOT_MEASURED + "DMA engine copies")),
	("003", r"IPC / Performance - Host Core .*", Skip(NOT_MEASURED + "IPC between RTOS cores")),
	("003", r"OSPI / OSPI Read/Write Performance \(DDR Octal Mode\)( #2)?", FLATTENED),
	("003", r"MMCSD / (SD Card|EMMC) Performance / .*", "rtos-mmcsd"),
	("003", r"CSL-FL based Optimized OSPI Example / .*", FLATTENED),
	("003", r"SBL OSPI Boot Performance App / GP EVM Performance", "rtos-sbl-003"),
	("003", r"Supported Configurations", Skip("names of configurations, no results")),
	("003", r"Supported Configurations / .*",
	 Skip(NOT_MEASURED + "RTOS code placement (row-spanned cells flattened)")),
	# 004: the AM62x MCU+ SDK datasheet, titled section / core / header
	("004", r"Generic Setup details / SOC Details Core Value", SETUP),
	("004", r".* SBL .* performance \(HS-(FS|SE)\) / SBL Stage\d boot time breakdown Time \(ms\)",
	 "rtos-sbl-004"),
	("004", r"IPC (NOTIFY|RPMSG) / .*", Skip(NOT_MEASURED + "IPC between cores")),
	("004", r"(EMMC|OSPI NOR Flash|OSPI NAND Flash|GPMC NAND Flash) Performance / (r5f0-0|a53) / "
	 r"(Mode )?Data size\(MiB\) Write speed\(MiBps\) Read speed\(MiBps\)", "rtos-storage"),
	("004", r"OSPI N(OR|AND) Flash Performance / (r5f0-0|a53) / (Non-)?DQS Tuning Algorithm .*",
	 Skip("flash PHY tuning time, not a throughput")),
	("004", r"TCP Performance\(am62x-sk\): / TCP direction B/W \(Mb/s\) CPU load\(%\)",
	 "rtos-tcp-004"),
	("004", r"UDP (TX|RX) Performance\(am62x-sk\): / packet \d+B / Tx Side .*", "rtos-udp-004"),
]

READERS = {"000": read_000, "001": read_001, "002": read_002, "003": read_003, "004": read_004}


def rule_for(prefix, t, used):
	found = [n for n, (p, pat, _) in enumerate(RULES)
		 if p == prefix and re.match("^(%s)$" % pat, t.name())]
	if len(found) != 1:
		raise Fail("%s line %d: table '%s' matches %d rules" % (prefix, t.line, t.name(),
									 len(found)))
	used.add(found[0])
	how = RULES[found[0]][2]
	if not isinstance(how, Skip) and how not in TABLES:
		raise Fail("the rule for '%s' names no table '%s'" % (t.name(), how))
	return how

# ---------------------------------------------------------------------------
# Boards: the "Read This First" tables of 000, 001 and 002.


def describe_000(text):
	m = re.search(r"\nName\n\nDescription\n\n(.*?)\n\nTable: Evaluation Modules", text, re.S)
	cells = [l for l in m.group(1).split("\n") if l.strip()]
	return [(cells[n], cells[n + 1]) for n in range(0, len(cells), 2)]


def extract(seeds):
	rows, inventory, described, used = [], [], {}, set()
	for prefix, source in SOURCES:
		names = [f for f in sorted(os.listdir(seeds)) if f.startswith(prefix + "_")]
		if len(names) != 1:
			raise Fail("%s: no single seed file %s_*" % (seeds, prefix))
		with open(os.path.join(seeds, names[0]), encoding="utf-8") as f:
			text = f.read()
		if prefix == "000":
			for name, desc in describe_000(text):
				described.setdefault(name, desc)
			inventory.append((source, "Evaluation Modules", "boards"))
		out = Out(source)
		for t in READERS[prefix](text):
			how = rule_for(prefix, t, used)
			if how is BOARDS_TABLE:
				for name, desc in t.context["boards"]:
					described.setdefault(name, desc)
				inventory.append((source, t.name(), "boards"))
			elif isinstance(how, Skip):
				inventory.append((source, t.name(), "skipped: " + how))
			else:
				before = len(out.rows)
				TABLES[how](t, out)
				inventory.append((source, t.name(), "extracted %d rows" % (len(out.rows) - before)))
			for label, why in t.dropped:
				inventory.append((source, t.name(), "dropped row '%s': %s" % (label, why)))
		rows += out.rows
	for n, (p, pat, _) in enumerate(RULES):
		if n not in used:
			raise Fail("the rule %s '%s' matches no table" % (p, pat))
	check(rows, described)
	return rows, described, inventory


def check(rows, described):
	seen = set()
	for r in rows:
		if r[2] not in BOARD_IDS:
			raise Fail("unknown board '%s' in %s %s" % (r[2], r[0], r[1]))
		key = (r[0], r[2], r[3], r[4])
		if key in seen:
			raise Fail("two rows for %s" % (key,))
		seen.add(key)
		for field in r:	# plain fields: no CSV quoting in reference.csv
			if re.search(r'[\n",]', field):
				raise Fail("a field with a newline, a quote or a comma: %r" % (field,))
	for _, name, _, _ in BOARDS:
		if name not in described:
			raise Fail("no description for %s" % name)


def csv_text(header, rows):
	buf = io.StringIO()
	w = csv.writer(buf, lineterminator="\n")
	w.writerow(header)
	w.writerows(rows)
	return buf.getvalue()


def main():
	ap = argparse.ArgumentParser(description="the vendor guides' numbers as CSV")
	ap.add_argument("--seeds", default=os.path.join(ROOT, "..", "shared", "seeds"))
	ap.add_argument("--out", default=os.path.join(ROOT, "data"))
	ap.add_argument("--tables", action="store_true", help="print the table inventory")
	args = ap.parse_args()
	try:
		rows, described, inventory = extract(args.seeds)
	except (Fail, OSError) as e:
		sys.stderr.write("extract-ref: %s\n" % e)
		return 1
	if args.tables:
		for line in inventory:
			print("\t".join(line))
		return 0
	boards = [[b, alias, name, described[name]] for b, name, alias, _ in BOARDS]
	os.makedirs(args.out, exist_ok=True)
	for name, text in (("reference.csv", csv_text(FIELDS, rows)),
			   ("boards.csv", csv_text(["board", "alias", "name", "description"], boards))):
		with open(os.path.join(args.out, name), "w", encoding="utf-8", newline="") as f:
			f.write(text)
	return 0


if __name__ == "__main__":
	sys.exit(main())
