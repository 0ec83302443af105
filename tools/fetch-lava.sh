#!/bin/sh
# fetch-lava.sh - Debian 12's LAVA dispatcher, unpacked into the cache
#
# Usage: tools/fetch-lava.sh
# Prints the folder the packages are unpacked in,
# ${XDG_CACHE_HOME:-~/.cache}/benchbox/lava/root (usr/bin/lava-run,
# usr/lib/python3/dist-packages/lava_*, usr/share/lava-server/device-types).
#
# The .debs of third_party/lava.mk come through a private apt root (its own
# sources.list with bookworm main, lists and cache under the cache folder,
# the Release file verified with the host's debian-archive-keyring), as
# tools/fetch-kernels.sh fetches the kernels: the host's apt state is not
# touched, and nothing is installed, only unpacked with dpkg-deb -x. Each
# .deb must have its pinned SHA-256. lava-dispatcher as a package would pull
# in systemd-sysv and python3-guestfs (libguestfs, supermin, libvirt); the
# qemu boot and the monitors test need neither: contrib/lava/lava-run runs
# the real lava-run with Debian's python3 and the plain Python packages
# tools/host-deps.sh lists.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/third_party/lava.mk"
pkgs=$(echo "$LAVA_PKGS" | tr , " ")
cache=${XDG_CACHE_HOME:-$HOME/.cache}/benchbox/lava
root=$cache/root
stamp=$root/.pinned
want=$(echo "$LAVA_VERSION $pkgs"; for p in $pkgs; do
	eval "echo \$LAVA_SHA256_$(echo "$p" | tr - _)"; done)
if [ -x "$root/usr/bin/lava-run" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
	echo "$root"
	exit 0
fi

apt=$cache/apt
mkdir -p "$apt/lists/partial" "$apt/archives/partial" "$apt/etc" "$apt/dl"
echo "deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg]" \
	"$LAVA_MIRROR $LAVA_SUITE main" > "$apt/etc/sources.list"
set -- -q -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt" \
	-o Dir::Cache::archives="$apt/archives" \
	-o Dir::Etc::SourceList="$apt/etc/sources.list" \
	-o Dir::Etc::SourceParts=/nonexistent -o Dir::State::status=/dev/null \
	-o APT::Architecture=amd64 -o APT::Architectures::=amd64 \
	-o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
echo "fetch-lava: $pkgs =$LAVA_VERSION ($LAVA_SUITE) from $LAVA_MIRROR" >&2
apt-get "$@" update >/dev/null
rm -f "$apt/dl/"*.deb
list=""
for p in $pkgs; do
	list="$list $p=$LAVA_VERSION"
done
# shellcheck disable=SC2086
(cd "$apt/dl" && apt-get "$@" download $list >/dev/null)
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
for p in $pkgs; do
	deb=$(ls "$apt/dl/${p}_"*.deb)
	eval "sum=\$LAVA_SHA256_$(echo "$p" | tr - _)"
	got=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$got" != "$sum" ]; then
		echo "fetch-lava: $deb: sha256 $got, pinned $sum" >&2
		rm -rf "$apt/dl/"*.deb "$root.tmp"
		exit 1
	fi
	dpkg-deb -x "$deb" "$root.tmp"
done
echo "$want" > "$root.tmp/.pinned"
rm -rf "$root" "$apt/dl/"*.deb
mv "$root.tmp" "$root"
echo "$root"
