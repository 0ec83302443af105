#!/bin/sh
# fetch-kernels.sh - the pinned Debian kernels the boot tests boot
#
# Usage: tools/fetch-kernels.sh ARCH...            (aarch64 armv7 x86_64 riscv64)
#        tools/fetch-kernels.sh --modules ARCH...
# Prints, per ARCH, the path of its kernel image in the cache
# ${XDG_CACHE_HOME:-~/.cache}/benchbox/kernels/; with --modules, the paths
# of the modules pinned for ARCH (KERNEL_MODULES_ARCH in
# third_party/kernels.mk) and of those they depend on, one per line, in the
# order to load them (what a module depends on comes before it).
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
# which QEMU boots as it is), and the pinned modules with their
# dependencies, in PKG-VERSION.modules/ beside it (with an `order` file),
# from the same checked .deb. The package has no modules.dep (depmod makes
# it when the package is installed): the dependencies are read from each
# module's own .modinfo section (its depends= entry). Bookworm's kernels
# are built with CONFIG_MODULE_COMPRESS_NONE, so the modules are plain .ko
# files; a .ko.xz would be kept as it is.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/third_party/kernels.mk"
cache=${XDG_CACHE_HOME:-$HOME/.cache}/benchbox/kernels
mkdir -p "$cache"

pin() {	# pin VAR ARCH: VAR_ARCH, else VAR (else empty)
	eval "printf '%s' \"\${$1_$2:-\${$1:-}}\""
}

norm() {	# a module's name as the kernel compares it: '-' is '_'
	printf '%s' "$1" | tr - _
}

# resolve NAME: the module's dependencies (each once), then the module, into
# $mods/order; its file copied from $root/x, where fetch() extracted the package's modules
resolve() {
	local n path f deps d
	n=$(norm "$1")
	grep -qx "$n" "$mods/seen" 2>/dev/null && return 0
	echo "$n" >> "$mods/seen"
	path=$(awk -v n="$n" '{ b = $0; sub(/.*\//, "", b); sub(/\.ko(\.xz)?$/, "", b)
		gsub(/-/, "_", b); if (b == n) { print; exit } }' "$root/ko.list")
	[ -n "$path" ] || { echo "fetch-kernels: no module $1 in $deb" >&2; return 1; }
	f=${path##*/}
	cp "$root/x/$path" "$mods/$f"
	case $f in
	*.xz) deps=$(xz -dc "$mods/$f" | tr '\0' '\n' | sed -n 's/^depends=//p' | head -n 1) ;;
	*)    deps=$(tr '\0' '\n' < "$mods/$f" | sed -n 's/^depends=//p' | head -n 1) ;;
	esac
	for d in $(echo "$deps" | tr , ' '); do
		resolve "$d"
	done
	echo "$f" >> "$mods/order"
}

fetch() {	# fetch ARCH
	pkg=$(pin KERNEL_PKG "$1")
	darch=$(pin KERNEL_DEBARCH "$1")
	sum=$(pin KERNEL_SHA256 "$1")
	suite=$(pin KERNEL_SUITE "$1")
	version=$(pin KERNEL_VERSION "$1")
	file=$(pin KERNEL_FILE "$1")
	want=$(eval "printf '%s' \"\${KERNEL_MODULES_$1:-}\"")
	[ -n "$pkg" ] || { echo "fetch-kernels: no kernel pinned for $1" >&2; return 1; }
	out=$cache/$pkg-$version.$file
	modout=$cache/$pkg-$version.modules
	if [ -s "$out" ] && [ "$(cat "$out.sha256" 2>/dev/null)" = "$sum" ] &&
	   { [ -z "$want" ] || [ "$(cat "$modout/stamp" 2>/dev/null)" = "$sum $want" ]; }; then
		show
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
	if [ -n "$want" ]; then
		mods=$modout.tmp
		rm -rf "$mods" "$modout"
		mkdir -p "$mods"
		dpkg-deb -c "$deb" | awk '{ print $NF }' | grep -E '^\./lib/modules/.*\.ko(\.xz)?$' \
			> "$root/ko.list"
		# every module out in one pass over the package (one pass per
		# module took minutes), the pinned ones and their dependencies
		# kept, the rest removed with $root/x below
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$root/x" --wildcards './lib/modules/*'
		for m in $(echo "$want" | tr , ' '); do
			resolve "$m"
		done
		rm -f "$mods/seen"
		echo "$sum $want" > "$mods/stamp"
		mv "$mods" "$modout"
	fi
	rm -rf "$root/x" "$root/ko.list" "$deb"
	show
}

show() {	# what this mode prints for the ARCH just fetched
	if [ "$mode" = kernel ]; then
		echo "$out"
	elif [ -n "$want" ]; then
		sed "s|^|$modout/|" "$modout/order"
	fi
}

mode=kernel
if [ "${1:-}" = --modules ]; then
	mode=modules
	shift
fi
[ $# -gt 0 ] || { echo "usage: fetch-kernels.sh [--modules] ARCH..." >&2; exit 2; }
for a; do
	fetch "$a"
done
