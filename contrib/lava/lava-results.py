#!/usr/bin/python3
# lava-results.py - the test cases in a lava-run log, as LAVA recorded them
#
# Usage: contrib/lava/lava-results.py [--console] LOG
#   LOG        lava-run's standard output (its YAML log, one entry a line)
#   (default)  prints results.yaml: every entry LAVA logged at level
#              "results" (what lava-server stores as the job's test cases:
#              definition, case, result, measurement, units, ...), in order
#   --console  prints the console instead: the target's lines as LAVA
#              logged them (its own '\"' escape undone, '\r' gone), which
#              tools/bootlog.py reads
#
# lava-run (2023.01) writes only the job's own result (result.yaml) into its
# output folder; the test cases go to its log, from which a server files
# them. Exit status 0, 1 when LOG cannot be read, 2 for a usage error.
import sys

import yaml


class Loader(yaml.SafeLoader):
	"""lava-run's log: YAML flow mappings, a number sometimes tagged '!' (a string)"""


Loader.add_constructor("!", lambda loader, node: loader.construct_scalar(node))


def entries(path):
	with open(path, encoding="utf-8", errors="replace") as f:
		for line in f:
			if not line.startswith("{"):
				continue	# lava-run's own tracebacks, if any
			try:
				yield yaml.load(line, Loader=Loader)
			except yaml.YAMLError:
				continue


def main(argv):
	args = argv[1:]
	console = bool(args) and args[0] == "--console"
	if console:
		args = args[1:]
	if len(args) != 1:
		sys.stderr.write("usage: lava-results.py [--console] LOG\n")
		return 2
	try:
		log = list(entries(args[0]))
	except OSError as e:
		sys.stderr.write("lava-results: %s: %s\n" % (args[0], e.strerror))
		return 1
	if console:
		for e in log:
			if e.get("lvl") in ("target", "feedback") and isinstance(e.get("msg"), str):
				sys.stdout.write(e["msg"].replace('\\"', '"') + "\n")
		return 0
	results = [e["msg"] for e in log if e.get("lvl") == "results" and isinstance(e.get("msg"), dict)]
	yaml.safe_dump(results, sys.stdout, sort_keys=False, default_flow_style=False)
	return 0


if __name__ == "__main__":
	sys.exit(main(sys.argv))
