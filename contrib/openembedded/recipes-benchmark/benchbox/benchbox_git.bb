SUMMARY = "benchbox: one static multi-call binary of board benchmarks"
DESCRIPTION = "Memory, CPU, crypto, OS, network and I/O benchmarks for \
board bring-up in one static executable, linked with the toolchain's C \
library, zlib and mbedtls."
SECTION = "benchmark"
LICENSE = "MIT"
LIC_FILES_CHKSUM = "file://LICENSE;md5=d83116ddf8a2b42214eb6b3776872ce5"

# zlib and mbedtls (2.28: PREFERRED_VERSION_mbedtls = "2.28.%") stage
# their static libraries (libz.a, libmbedcrypto.a) into the recipe
# sysroot, as glibc and musl stage libc.a: DEPENDS names recipes, and
# the -staticdev packages are only needed in an SDK or on a target.
DEPENDS = "zlib mbedtls"

# The repository is not public: a local clone (BENCHBOX_GIT_DIR, an
# absolute path, in local.conf), or the checkout itself with
# externalsrc (see the README).
BENCHBOX_GIT_DIR ??= ""
BENCHBOX_BRANCH ??= "main"
SRC_URI = "git://${BENCHBOX_GIT_DIR};protocol=file;branch=${BENCHBOX_BRANCH}"
SRCREV ?= "${AUTOREV}"
PV = "0.1.0+git${SRCPV}"
S = "${WORKDIR}/git"

# x86_64, aarch64, armv7 hard-float and riscv64 (RV64GC, lp64d), with
# glibc or musl
COMPATIBLE_HOST = "(x86_64|aarch64|arm|riscv64).*-linux.*"

python __anonymous() {
    if not d.getVar('BENCHBOX_GIT_DIR') and not d.getVar('EXTERNALSRC'):
        raise bb.parse.SkipRecipe("set BENCHBOX_GIT_DIR (a clone of benchbox) or EXTERNALSRC:pn-benchbox")
    if d.getVar('TCLIBC') not in ('glibc', 'musl'):
        raise bb.parse.SkipRecipe("benchbox needs glibc or musl, not %s" % d.getVar('TCLIBC'))
    if d.getVar('TARGET_ARCH') == 'arm' and \
            'callconvention-hard' not in (d.getVar('TUNE_FEATURES') or '').split():
        raise bb.parse.SkipRecipe("benchbox's arm build is armv7 hard-float")
}

# The Makefile takes the target and the C library from what the compiler
# defines (__aarch64__, __ARM_PCS_VFP, __GLIBC__...), so OE's triplets
# (aarch64-poky-linux, arm-poky-linux-gnueabi) need nothing more.
# benchbox's own -O2 (and -Os for its cold code) stay: the distro's
# optimisation level would change what the benchmarks measure.
BENCHBOX_CFLAGS = "${@' '.join(f for f in d.getVar('CFLAGS').split() if not f.startswith('-O'))}"

# The Makefile builds into its source tree (build/tc-MACHINE): -C ${S}
do_compile() {
    oe_runmake -C ${S} \
        CROSS_COMPILE="${TARGET_PREFIX}" CC="${CC}" \
        CFLAGS="${BENCHBOX_CFLAGS}" LDFLAGS="${LDFLAGS}" \
        ZLIB_PREFIX="${STAGING_DIR_TARGET}${prefix}" \
        MBEDTLS_PREFIX="${STAGING_DIR_TARGET}${prefix}" \
        all
}

do_install() {
    install -D -m 0755 ${S}/build/tc-$(${CC} -dumpmachine)/benchbox ${D}${bindir}/benchbox
}

# already-stripped: the Makefile installs nothing unstripped (it strips
# build/tc-MACHINE/benchbox itself), so ${PN}-dbg stays empty.
# buildpaths: --version records the compiler command (CC, with
# --sysroot=) and ZLIB_PREFIX/MBEDTLS_PREFIX, all under TMPDIR.
# (ldflags is not needed: the QA check looks for a dynamic symbol
# table, and a static binary has none.)
INSANE_SKIP:${PN} += "already-stripped buildpaths"
