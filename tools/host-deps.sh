#!/bin/sh
# host-deps.sh - install the Debian 12 packages benchbox needs to build and test
#
# Usage: tools/host-deps.sh [run|san|mca|check]
#   run    tools for a host build (native gcc, make, bzip2, deb-src entries)
#   san    the above plus clang and its sanitizer/libFuzzer runtimes (make asan, make fuzz)
#   mca    the run tools plus the cross compilers and llvm-mca (make mca)
#   check  all of the above plus qemu-user for the cross tests, qemu-system
#          for the boot tests and the Python packages lava-run imports
#
# Installs only what is missing, says what and why, and needs root (or sudo).
# Adds deb-src entries (copied from the existing deb entries) when none exist,
# because the pinned third-party sources come from Debian source packages.
set -eu

mode=${1:-run}
need=""
why=""

want() {	# want CMD PACKAGE REASON
	if ! command -v "$1" >/dev/null 2>&1; then
		need="$need $2"
		why="$why
  $2: $3"
	fi
}

want make make "runs the build"
want gcc gcc "compiles musl, zlib, mbedtls and benchbox for x86_64"
want bzip2 bzip2 "unpacks the zlib source tarball"
want xz xz-utils "unpacks Debian source packages"
if [ "$mode" = san ] || [ "$mode" = check ]; then
	want clang-14 clang "compiles the libFuzzer harnesses (make fuzz, make check)"
	# gcc's ASan/UBSan runtimes (libasan8, libubsan1) come with gcc itself
	rt=$(clang-14 -print-file-name=libclang_rt.fuzzer-$(uname -m).a 2>/dev/null || :)
	case $rt in
	/*) [ -e "$rt" ] || rt="" ;;
	*) rt="" ;;
	esac
	[ -n "$rt" ] || { need="$need libclang-rt-14-dev"; why="$why
  libclang-rt-14-dev: clang's libFuzzer and sanitizer runtimes (make fuzz, make check)"; }
fi
if [ "$mode" = mca ] || [ "$mode" = check ]; then
	want aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu "cross compiler for the aarch64 build"
	want arm-linux-gnueabihf-gcc gcc-arm-linux-gnueabihf "cross compiler for the armv7 hard-float build"
	want riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu "cross compiler for the riscv64 (RV64GC, lp64d) build"
	want llvm-mca llvm "models the tuned kernels' inner loops (make mca, make check)"
fi
if [ "$mode" = check ]; then
	want file file "the tests check that each binary is statically linked"
	want qemu-aarch64-static qemu-user-static "runs the aarch64, armv7 and riscv64 tests under qemu-user"
	want python3 python3-minimal "the reference-data extractor and its test"
	want ip iproute2 "the two-namespace network tests (veth)"
	want mkfs.ext4 e2fsprogs "fileio's tests on a loop-mounted ext4 image"
	want mkfs.vfat dosfstools "fileio's tests on a loop-mounted vfat image"
	want sfdisk fdisk "fileio's partitioned loop device test"
	want qemu-system-aarch64 qemu-system-arm "boots benchbox as /init on aarch64 and armv7 kernels"
	want qemu-system-x86_64 qemu-system-x86 "boots benchbox as /init on an x86_64 kernel"
	want qemu-system-riscv64 qemu-system-misc "boots benchbox as /init on a riscv64 kernel"
	# riscv64's -M virt runs QEMU's own OpenSBI (M-mode firmware) below the kernel
	[ -e /usr/share/qemu/opensbi-riscv64-generic-fw_dynamic.bin ] || { need="$need qemu-system-data"; why="$why
  qemu-system-data: QEMU's OpenSBI firmware, which boots the riscv64 kernel"; }
	# the glibc static cross build (tests/cli/tools/toolchain.test)
	[ -e /usr/aarch64-linux-gnu/include/stdio.h ] || { need="$need libc6-dev-arm64-cross"; why="$why
  libc6-dev-arm64-cross: glibc for aarch64, a static build with another C library (make check)"; }
	want dpkg-deb dpkg "unpacks the pinned kernel packages for the boot tests"
	want cpio cpio "an independent reader of mkinitramfs's archives"
	want prove perl "Perl's TAP::Parser reads the ktap output in the tests"
	want chromium chromium "renders benchbox's HTML report in the tests (headless)"
	# Debian 12's lava-run (unpacked by tools/fetch-lava.sh, not installed)
	# runs under Debian's python3 with what its qemu boot and monitors test
	# import, and nothing more (no systemd-sysv, no libguestfs)
	pymod() {	# pymod MODULE PACKAGE REASON
		/usr/bin/python3 -c "import $1" >/dev/null 2>&1 || { need="$need $2"; why="$why
  $2: $3"; }
	}
	pymod yaml python3-yaml "lava-run: job, device and log YAML"
	pymod voluptuous python3-voluptuous "lava-run: lava_common's job schema"
	pymod jinja2 python3-jinja2 "contrib/lava/render-device.py renders LAVA's qemu device template"
	pymod pexpect python3-pexpect "lava-run: the serial console (QEMU's) and the monitors' patterns"
	pymod setproctitle python3-setproctitle "lava-run: imported at start"
	pymod requests python3-requests "lava-run: the file:// and http:// image downloads, its logger"
	pymod pytz python3-tz "lava-run: job time stamps"
	pymod netifaces python3-netifaces "lava-run: imported by its network helpers at parse time"
	pymod magic python3-magic "lava-run: imported by its file system helpers at parse time"
	pymod configobj python3-configobj "lava-run: imported by its file system helpers at parse time"
	pymod pyudev python3-pyudev "lava-run: imported by its udev helpers at parse time"
fi
[ -e /usr/include/stdio.h ] || { need="$need libc6-dev"; why="$why
  libc6-dev: host headers for the native compiler"; }

has_src=no
if grep -Eqs '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list ||
   grep -Eqs '^Types:.*deb-src' /etc/apt/sources.list.d/*.sources; then
	has_src=yes
fi

[ -z "$need" ] && [ "$has_src" = yes ] && exit 0

SUDO=""
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		SUDO=sudo
	else
		echo "host-deps: missing packages:$need; run as root or install sudo" >&2
		exit 1
	fi
fi

if [ "$has_src" = no ]; then
	echo "host-deps: adding deb-src entries (the pinned musl, zlib and mbedtls sources are Debian source packages)" >&2
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		grep -q 'debian' "$f" || continue
		sed 's/^Types:.*/Types: deb-src/' "$f" |
			$SUDO tee "/etc/apt/sources.list.d/benchbox-src-$(basename "$f")" >/dev/null
	done
	if [ -f /etc/apt/sources.list ] && grep -Eq '^[[:space:]]*deb[[:space:]].*debian' /etc/apt/sources.list; then
		grep -E '^[[:space:]]*deb[[:space:]].*debian' /etc/apt/sources.list |
			sed 's/^[[:space:]]*deb[[:space:]]/deb-src /' |
			$SUDO tee /etc/apt/sources.list.d/benchbox-src.list >/dev/null
	fi
fi

[ -n "$need" ] && echo "host-deps: installing with apt:$why" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
[ -z "$need" ] || $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
echo "host-deps: done" >&2
