#!/bin/sh
# fetch-kernels.sh - the pinned Debian kernels the boot tests boot
#
# Usage: tools/fetch-kernels.sh ARCH...   (aarch64 armv7 x86_64 riscv64)
# Prints, per ARCH, the path of its kernel image in the cache
# ${XDG_CACHE_HOME:-~/.cache}/benchbox/kernels/.
#
# Each kernel comes from its Debian binary package, fetched with
# `apt-get download` through a private apt root per Debian architecture
# (its own sources.list with the pinned suite's main: bookworm, trixie for
# riscv64; lists and cache under the cache directory). The host's apt state
# is never touched: adding a foreign architecture to the host would be
# global, and bookworm-security's armhf index is not always in sync on
# mirrors. The suite's Release file is verified with the host's
# debian-archive-keyring (bookworm's has trixie's keys). The .deb's SHA-256
# must equal the pin in third_party/kernels.mk; only ./boot/vmlinuz-* is
# kept (./boot/vmlinux-* for riscv64: Debian ships its uncompressed Image,
# which QEMU boots as it is).
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/third_party/kernels.mk"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/benchbox/kernels
mkdir -p "$cache"

pin() {	# pin VAR ARCH: VAR_ARCH, else VAR (else empty)
	eval "printf '%s' \"\${$1_$2:-\${$1:-}}\""
}

fetch() {	# fetch ARCH
	pkg=$(pin KERNEL_PKG "$1")
	darch=$(pin KERNEL_DEBARCH "$1")
	sum=$(pin KERNEL_SHA256 "$1")
	suite=$(pin KERNEL_SUITE "$1")
	version=$(pin KERNEL_VERSION "$1")
	file=$(pin KERNEL_FILE "$1")
	[ -n "$pkg" ] || { echo "fetch-kernels: no kernel pinned for $1" >&2; return 1; }
	out=$cache/$pkg-$version.$file
	if [ -s "$out" ] && [ "$(cat "$out.sha256" 2>/dev/null)" = "$sum" ]; then
		echo "$out"
		return 0
	fi
	root=$cache/apt-$darch
	mkdir -p "$root/lists/partial" "$root/archives/partial" "$root/etc" "$root/dl"
	echo "deb [arch=$darch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
		"$KERNEL_MIRROR $suite main" > "$root/etc/sources.list"
	set -- -q -o Dir::State::Lists="$root/lists" -o Dir::Cache="$root" \
		-o Dir::Cache::archives="$root/archives" \
		-o Dir::Etc::SourceList="$root/etc/sources.list" \
		-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::status=/dev/null \
		-o APT::Architecture="$darch" -o APT::Architectures::="$darch" \
		-o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
	echo "fetch-kernels: $pkg=$version ($darch, $suite) from $KERNEL_MIRROR" >&2
	apt-get "$@" update >/dev/null
	rm -f "$root/dl/"*.deb
	(cd "$root/dl" && apt-get "$@" download "$pkg=$version" >/dev/null)
	deb=$(ls "$root/dl/"*.deb)
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$got" != "$sum" ]; then
		echo "fetch-kernels: $deb: sha256 $got, pinned $sum" >&2
		rm -f "$deb"
		return 1
	fi
	rm -rf "$root/x"
	mkdir -p "$root/x"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root/x" --wildcards "./boot/$file-*"
	mv "$root/x/boot/$file"-* "$out.tmp"
	mv "$out.tmp" "$out"
	echo "$sum" > "$out.sha256"
	rm -rf "$root/x" "$deb"
	echo "$out"
}

[ $# -gt 0 ] || { echo "usage: fetch-kernels.sh ARCH..." >&2; exit 2; }
for a; do
	fetch "$a"
done
