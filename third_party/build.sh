#!/bin/sh
# build.sh - build musl, zlib and mbedtls for one target into the cache
#
# Usage: third_party/build.sh ARCH CROSS "ARCH_CFLAGS" CACHE_DIR OUT_MK [CC]
#   ARCH         x86_64, aarch64, armv7 or riscv64 (names the cache directories)
#   CROSS        tool prefix ("" for the native gcc, "aarch64-linux-gnu-")
#   ARCH_CFLAGS  target flags used for every object (-march=..., -mfpu=...)
#   CACHE_DIR    holds downloads/ and one prefix per dependency and key
#   OUT_MK       make fragment written at the end: MUSL_PREFIX=... etc.
# ARCH "glibc" builds zlib and mbedtls (same sources, same config) for the
# host's own C library with the native gcc and no musl: the sanitizer and
# fuzzer builds (make asan, make fuzz) link them; the product never does.
# CC, given, is an existing toolchain's compiler (make CROSS_COMPILE=...,
# ARCH then names its cache folder: tc-MACHINE): zlib and mbedtls are built
# with it for its own C library, and no musl.
#
# Each prefix is named after a key: the SHA-256 of everything that shapes it
# (versions, RECIPE below, the flags, the compiler version, the mbedtls
# config, the prefixes it builds on). A finished prefix has a .done file and
# is never rebuilt; a changed input gets a new key and a fresh build.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/versions.mk"
arch=$1 cross=$2 acflags=$3 cache=$4 outmk=$5 tccc=${6:-}

# Our make's command-line variables (ARCH=armv7 ...) must not leak into the
# dependencies' own makes; they get an explicit -j instead of our jobserver.
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL ARCH CC CFLAGS

cc=${tccc:-${cross}gcc}
command -v ${cc%% *} >/dev/null || { echo "build: ${cc%% *} not found (run tools/host-deps.sh check)" >&2; exit 1; }
ccver=$($cc -dumpfullversion 2>/dev/null || $cc -dumpversion)
mkdir -p "$cache/$arch"
exec 9>"$cache/$arch/.lock"	# one build per target at a time (parallel makes)
flock 9
"$here/fetch.sh" "$cache/downloads"
dl=$cache/downloads
jobs=$(nproc 2>/dev/null || echo 2)
base="-O2 -ffunction-sections -fdata-sections $acflags"
# no unwind tables in the product (nothing unwinds: no C++, no backtraces;
# 16 KB on x86_64 and aarch64); the sanitizer build keeps them
[ "$arch" = glibc ] || base="$base -fno-asynchronous-unwind-tables -fno-unwind-tables"

RECIPE=1	# bump when a build step below changes what gets built

key() {	# key WORDS...: 16 hex digits naming a prefix
	printf '%s\n' "$RECIPE" "$@" | sha256sum | cut -c1-16
}

step() {	# step NAME PREFIX: announce, or return 1 when PREFIX is done
	[ -f "$2/.done" ] && return 1
	echo "build: $1 for $arch -> $2" >&2
	rm -rf "$2" "$2.src" "$2.log"
	mkdir -p "$2.src"
}

# musl: its own configure, static only, with the gcc specs wrapper; -O2,
# except the parts no measurement runs through (stdio's formatting, number
# parsing, locale, the resolver's files, ...), built for size as musl's
# own default builds all but its string, malloc and internal code
musl_cold="stdio stdlib locale multibyte errno ctype env conf dirent search prng regex passwd legacy temp"
# strcmp on a 64-byte boundary: Dhrystone calls it once per loop, and where
# the linker happened to put it moved Dhrystone by up to 17% on an EPYC
# (at 32 bytes past a boundary; at 0 or 16 the same)
musl_align="string/strcmp"
musl=$cache/$arch/musl-$(key "$MUSL_SHA256" "$cross" "$acflags" "$ccver" "$musl_cold" "$musl_align")
[ "$arch" != glibc ] || musl="host-glibc-gcc-$ccver"	# a key word, no prefix
[ -z "$tccc" ] || musl="toolchain-$ccver-$tccc"	# the compiler's words name its prefixes
if [ "$arch" != glibc ] && [ -z "$tccc" ] && step "musl $MUSL_VERSION" "$musl"; then
	tar -xzf "$dl/$MUSL_ORIG" -C "$musl.src" --strip-components=1
	tgt=""
	[ -n "$cross" ] && tgt="--target=${cross%-} CROSS_COMPILE=$cross"
	(cd "$musl.src" &&
	 ./configure $tgt --prefix="$musl" --disable-shared --enable-wrapper=gcc \
		CC="$cc" AR="${cross}ar" RANLIB="${cross}ranlib" CFLAGS="-O2 $acflags" &&
	 for d in $musl_cold; do
		printf 'obj/src/%s/%%.o obj/src/%s/%%.lo: CFLAGS += -Os\n' "$d" "$d"
	 done >> config.mak &&
	 for f in $musl_align; do
		printf 'obj/src/%s.o obj/src/%s.lo: CFLAGS += -falign-functions=64\n' "$f" "$f"
	 done >> config.mak &&
	 make -j"$jobs" && make install) > "$musl.log" 2>&1 ||
		{ echo "build: musl failed: see $musl.log" >&2; tail -n 20 "$musl.log" >&2; exit 1; }
	rm -rf "$musl.src" "$musl.log"; touch "$musl/.done"
fi
mcc="$cc -specs $musl/lib/musl-gcc.specs"
[ "$arch" != glibc ] || { mcc=$cc; base="$base -fPIC -g"; }	# into PIE sanitizer builds
[ -z "$tccc" ] || mcc=$cc

# zlib's own DYNAMIC_CRC_TABLE: its CRC-32 tables (8-16 KB) built once at
# the first call (thread-safe in 1.2.13) instead of carried in the binary
zbase="$base -DDYNAMIC_CRC_TABLE"
zlib=$cache/$arch/zlib-$(key "$ZLIB_SHA256" "$musl" "$zbase")
if step "zlib $ZLIB_VERSION" "$zlib"; then
	tar -xjf "$dl/$ZLIB_ORIG" -C "$zlib.src" --strip-components=1
	(cd "$zlib.src" &&
	 CC="$mcc" CFLAGS="$zbase" AR="${cross}ar" RANLIB="${cross}ranlib" \
		./configure --static --prefix="$zlib" &&
	 make -j"$jobs" libz.a && make install) > "$zlib.log" 2>&1 ||
		{ echo "build: zlib failed: see $zlib.log" >&2; tail -n 20 "$zlib.log" >&2; exit 1; }
	rm -rf "$zlib.src" "$zlib.log"; touch "$zlib/.done"
fi

cfgsum=$(sha256sum < "$here/mbedtls_config.h")
mbed=$cache/$arch/mbedtls-$(key "$MBEDTLS_SHA256" "$musl" "$base" "$cfgsum")
if step "mbedtls $MBEDTLS_VERSION" "$mbed"; then
	tar -xzf "$dl/$MBEDTLS_ORIG" -C "$mbed.src" --strip-components=1
	cp "$here/mbedtls_config.h" "$mbed.src/include/mbedtls/config.h"
	make -C "$mbed.src/library" -j"$jobs" CC="$mcc" AR="${cross}ar" \
		CFLAGS="$base" libmbedcrypto.a > "$mbed.log" 2>&1 ||
		{ echo "build: mbedtls failed: see $mbed.log" >&2; tail -n 20 "$mbed.log" >&2; exit 1; }
	mkdir -p "$mbed/include" "$mbed/lib"
	cp -r "$mbed.src/include/mbedtls" "$mbed/include/"
	cp "$mbed.src/library/libmbedcrypto.a" "$mbed/lib/"
	rm -rf "$mbed.src" "$mbed.log"; touch "$mbed/.done"
fi

mkdir -p "$(dirname "$outmk")"
tmp=$outmk.tmp.$$
cat > "$tmp" <<EOM
# generated by third_party/build.sh for $arch; do not edit
MUSL_PREFIX := $([ "$arch" = glibc ] || [ -n "$tccc" ] || echo "$musl")
ZLIB_PREFIX := $zlib
MBEDTLS_PREFIX := $mbed
CC_VERSION := $ccver
EOM
if cmp -s "$tmp" "$outmk"; then rm -f "$tmp"; else mv "$tmp" "$outmk"; fi
