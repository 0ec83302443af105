#!/bin/sh
# fetch.sh - download the pinned Debian source tarballs into the cache, once
#
# Usage: third_party/fetch.sh DOWNLOAD_DIR
# Each .orig tarball is checked against its SHA-256 from versions.mk; a file
# already in DOWNLOAD_DIR with the right hash is never fetched again, and a
# file with a wrong hash is an error (never silently replaced).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/versions.mk"
dl=$1
mkdir -p "$dl"

ok() {	# ok FILE SHA256: the file exists and has that hash
	[ -f "$dl/$1" ] && echo "$2  $dl/$1" | sha256sum -c --status -
}

missing=""
for p in MUSL ZLIB MBEDTLS; do
	eval "f=\$${p}_ORIG s=\$${p}_SHA256 d=\$${p}_DEB"
	ok "$f" "$s" && continue
	if [ -f "$dl/$f" ]; then
		echo "fetch: $dl/$f has the wrong SHA-256 (want $s); remove it to fetch again" >&2
		exit 1
	fi
	missing="$missing $d"
done
[ -z "$missing" ] && exit 0

echo "fetch: apt-get source --download-only$missing" >&2
tmp=$(mktemp -d "$dl/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get source -qq --download-only $missing >/dev/null 2>&1) || {
	echo "fetch: apt-get source failed for$missing (deb-src entries missing? run tools/host-deps.sh)" >&2
	exit 1
}
for p in MUSL ZLIB MBEDTLS; do
	eval "f=\$${p}_ORIG s=\$${p}_SHA256"
	[ -f "$tmp/$f" ] || continue
	if ! echo "$s  $tmp/$f" | sha256sum -c --status -; then
		echo "fetch: $f: SHA-256 mismatch (want $s)" >&2
		exit 1
	fi
	mv "$tmp/$f" "$dl/$f"
done
for p in MUSL ZLIB MBEDTLS; do
	eval "f=\$${p}_ORIG s=\$${p}_SHA256"
	ok "$f" "$s" || { echo "fetch: $f not downloaded" >&2; exit 1; }
done
