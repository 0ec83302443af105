#!/usr/bin/env python3
"""bootlog.py - take benchbox's results out of a boot log and check them

Usage: tools/bootlog.py LOG [-o FILE]

benchbox as /init prints its results between two lines,
  BENCHBOX-BEGIN v1 format=F suite=S
  BENCHBOX-END v1 status=N lines=N bytes=N sha256=HEX
where lines, bytes and sha256 describe what lies between them with '\\n'
line ends. This finds the first such block in a console log (a serial
console's '\\r' and anything a firmware printed before a marker on its line
are dropped), checks the counts and the SHA-256, and writes the payload to
FILE or stdout. A summary line goes to stderr.
Exit status: 0 the payload is whole, 1 it is cut or garbled (or missing),
2 usage. The run's own status is in the summary, not in the exit status.
"""
import hashlib
import re
import sys

BEGIN = re.compile(rb"BENCHBOX-BEGIN v1 format=(\S+) suite=(\S+)$")
END = re.compile(rb"BENCHBOX-END v1 status=(-?\d+) lines=(\d+) bytes=(\d+) sha256=([0-9a-f]{64})$")


def extract(data):
    """(info dict, payload bytes) or raise ValueError with the reason."""
    lines = [ln.rstrip(b"\r") for ln in data.split(b"\n")]
    start = None
    for i, ln in enumerate(lines):
        m = BEGIN.search(ln)
        if m:
            start, fmt, suite = i, m.group(1), m.group(2)
            break
    if start is None:
        raise ValueError("no BENCHBOX-BEGIN line")
    for j in range(start + 1, len(lines)):
        m = END.search(lines[j])
        if m:
            break
    else:
        raise ValueError("no BENCHBOX-END line after BENCHBOX-BEGIN (capture cut off?)")
    body = lines[start + 1:j]
    payload = b"".join(ln + b"\n" for ln in body)
    status, nlines, nbytes, digest = m.groups()
    info = {"format": fmt.decode(), "suite": suite.decode(), "status": int(status),
            "lines": len(body), "bytes": len(payload)}
    if int(nlines) != len(body) or int(nbytes) != len(payload):
        raise ValueError("payload has %d lines, %d bytes; the end line says %s, %s"
                         % (len(body), len(payload), nlines.decode(), nbytes.decode()))
    if hashlib.sha256(payload).hexdigest() != digest.decode():
        raise ValueError("payload SHA-256 differs from the end line's (garbled capture)")
    return info, payload


def main(argv):
    args = argv[1:]
    out = None
    if len(args) == 3 and args[1] == "-o":
        out = args[2]
        args = args[:1]
    if len(args) != 1 or args[0].startswith("-"):
        sys.stderr.write("usage: bootlog.py LOG [-o FILE]\n")
        return 2
    try:
        with open(args[0], "rb") as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write("bootlog: %s\n" % e)
        return 2
    try:
        info, payload = extract(data)
    except ValueError as e:
        sys.stderr.write("bootlog: %s: %s\n" % (args[0], e))
        return 1
    if out:
        with open(out, "wb") as f:
            f.write(payload)
    else:
        sys.stdout.buffer.write(payload)
    sys.stderr.write("bootlog: format=%(format)s suite=%(suite)s status=%(status)d "
                     "lines=%(lines)d bytes=%(bytes)d sha256 ok\n" % info)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
