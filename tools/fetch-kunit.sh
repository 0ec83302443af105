#!/bin/sh
# fetch-kunit.sh - the Linux kernel's KTAP parser (kunit_parser.py)
#
# Usage: tools/fetch-kunit.sh
# Prints the folder that holds kunit_parser.py and kunit_printer.py, from
# tools/testing/kunit/ of the kernel source in Debian's linux-source package
# pinned in third_party/lava.mk: ${XDG_CACHE_HOME:-~/.cache}/benchbox/kunit.
# The .deb (about 139 MB) comes through the private apt root of
# tools/fetch-lava.sh, is checked against its SHA-256, and is deleted once
# the two files are out (about 15 s here).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/third_party/lava.mk"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/benchbox
out=$cache/kunit
if [ -s "$out/kunit_parser.py" ] && [ "$(cat "$out/.pinned" 2>/dev/null)" = "$KUNIT_SHA256" ]; then
	echo "$out"
	exit 0
fi
apt=$cache/lava/apt
mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/etc" "$apt/dl-kunit"
echo "deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"$LAVA_MIRROR $LAVA_SUITE main" > "$apt/etc/sources.list"
set -- -q -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt" \
	-o Dir::Cache::archives="$apt/archives" \
	-o Dir::Etc::SourceList="$apt/etc/sources.list" \
	-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::status=/dev/null \
	-o APT::Architecture=amd64 -o APT::Architectures::=amd64 \
	-o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
echo "fetch-kunit: $KUNIT_PKG=$KUNIT_VERSION ($LAVA_SUITE) from $LAVA_MIRROR" >&2
apt-get "$@" update >/dev/null
rm -f "$apt/dl-kunit/"*.deb
(cd "$apt/dl-kunit" && apt-get "$@" download "$KUNIT_PKG=$KUNIT_VERSION" >/dev/null)
deb=$(ls "$apt/dl-kunit/"*.deb)
got=$(sha256sum "$deb" | cut -d' ' -f1)
if [ "$got" != "$KUNIT_SHA256" ]; then
	echo "fetch-kunit: $deb: sha256 $got, pinned $KUNIT_SHA256" >&2
	rm -f "$deb"
	exit 1
fi
src=${KUNIT_PKG}
rm -rf "$out.tmp"
mkdir -p "$out.tmp"
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$src.tar.xz" | xz -dc |
	tar -x -C "$out.tmp" --strip-components=4 \
		"$src/tools/testing/kunit/kunit_parser.py" "$src/tools/testing/kunit/kunit_printer.py"
echo "$KUNIT_SHA256" > "$out.tmp/.pinned"
rm -rf "$out" "$deb"
mv "$out.tmp" "$out"
echo "$out"
