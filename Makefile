# benchbox - one static multi-call benchmark binary for board bring-up
#
#   make                 build build/$(ARCH)/benchbox for the host
#   make ARCH=aarch64    cross-build (aarch64, armv7, riscv64, x86_64)
#   make cross           all four targets
#   make deps            the one step that installs: missing Debian packages (apt,
#                        as root or with sudo), the pinned musl, zlib and mbedtls
#                        built for ARCH into $(CACHE); every other build needs it
#   make run             make deps, build, run the quick suite
#   make check           make deps for every target, build all targets, check the model's
#                        floors (make mca-check), run every test (also against the
#                        sanitizer build), run the fuzzers
#   make mca             build all targets, print llvm-mca's cycles per iteration of
#                        every tuned kernel's inner loop beside its C reference
#                        (tools/mca.tab; the README's markdown table)
#   make mca-check       check them: none below its floor (tools/mca.floors), no
#                        stack access in a tuned loop (as make check does)
#   make mca-update      record today's predictions as the floors
#   make test            the tests for $(ARCH) only (under qemu-user for Arm)
#   make size            stripped size of every target's binary
#   make peers           benchbox beside peers built outside the tree, pinned and
#                        interleaved: STREAM= TINYMEMBENCH= OPENSSL= LMBENCH=DIR
#                        (tools/peers.sh; not part of make check)
#   make asan            build/asan/benchbox, test_unit, fuzz/* with ASan+UBSan (host)
#   make test-asan       the unit and CLI tests against the sanitizer build
#   make fuzz            each libFuzzer harness (tests/fuzz/) for FUZZ_TIME seconds
#   make fuzz-check      each harness for FUZZ_RUNS seeded executions (as make check)
#   make clean           remove build/ ; make distclean also forgets nothing
#                        in the dependency cache ($(CACHE)), which is kept
SHELL := /bin/sh
.DEFAULT_GOAL := all
.SUFFIXES:

HOST_ARCH := $(shell uname -m | sed -e 's/^armv[78].*/armv7/' -e 's/^arm64$$/aarch64/')
# An existing toolchain (a board's SDK, Buildroot's, a vendor's):
# CROSS_COMPILE=PREFIX, or CC=COMPILER on the command line or in the
# environment, builds with that compiler and its own C library (musl or
# glibc), static, into build/tc-MACHINE (MACHINE: its -dumpmachine); the
# target and the C library are what the compiler defines (__aarch64__,
# __GLIBC__...; musl has no macro: a musl MACHINE). CFLAGS and LDFLAGS come after
# benchbox's own (a kernel's per-file ISA flags after them).
TC_CC := $(strip $(if $(filter command line environment environment override,$(origin CC)),$(CC),$(if $(CROSS_COMPILE),$(CROSS_COMPILE)gcc)))
ifneq ($(TC_CC),)
TC_MACHINE := $(shell $(TC_CC) -dumpmachine 2>/dev/null)
ifeq ($(TC_MACHINE),)
$(error $(TC_CC): no answer to -dumpmachine: is it a C compiler?)
endif
# what the compiler defines (its -dumpmachine names vary: aarch64-poky-linux,
# arm-poky-linux-gnueabi for hard-float), with its own flags and CFLAGS
TC_DEFS := $(shell { $(TC_CC) $(CFLAGS) -dM -E -x c /dev/null; \
	printf '\043include <limits.h>\n' | $(TC_CC) $(CFLAGS) -dM -E -x c -; } 2>/dev/null | \
	sed -n 's/^.define \(__x86_64__\|__aarch64__\|__arm__\|__ARM_PCS_VFP\|__ARM_ARCH\|__riscv_xlen\|__GLIBC__\|__UCLIBC__\) \(.*\)/\1=\2/p')
TC_ARCH := $(strip $(if $(filter __x86_64__=%,$(TC_DEFS)),x86_64) \
	$(if $(filter __aarch64__=%,$(TC_DEFS)),aarch64) \
	$(if $(and $(filter __arm__=%,$(TC_DEFS)),$(filter __ARM_PCS_VFP=%,$(TC_DEFS)),$(filter __ARM_ARCH=7 __ARM_ARCH=8,$(TC_DEFS))),armv7) \
	$(if $(filter __riscv_xlen=64,$(TC_DEFS)),riscv64))
ifeq ($(TC_ARCH),)
$(error $(TC_CC) builds for $(TC_MACHINE): not x86_64, aarch64, armv7 hard-float or riscv64)
endif
TC_LIBC := $(if $(filter __GLIBC__=%,$(TC_DEFS)),glibc,$(if $(filter __UCLIBC__=%,$(TC_DEFS)),,$(if $(findstring musl,$(TC_MACHINE)),musl)))
ifeq ($(TC_LIBC),)
$(error $(TC_CC) builds for $(TC_MACHINE): its C library is neither musl nor glibc)
endif
ifneq ($(filter command line,$(origin ARCH)),)
ifneq ($(ARCH),$(TC_ARCH))
$(error ARCH=$(ARCH), but $(TC_CC) builds for $(TC_MACHINE) ($(TC_ARCH)))
endif
endif
ARCH := $(TC_ARCH)
# the tools beside the compiler: its own prefix, or CROSS_COMPILE's
TC_PREFIX := $(or $(CROSS_COMPILE),$(patsubst %gcc,%,$(filter %gcc,$(firstword $(TC_CC)))))
endif
ARCH ?= $(HOST_ARCH)
ARCHS := x86_64 aarch64 armv7 riscv64
# A host-only build that is no product: ARCH=asan (make asan): clang,
# glibc, dynamic, ASan+UBSan and libFuzzer's coverage instrumentation.
SAN_ARCHS := asan
ifeq ($(filter $(ARCH),$(ARCHS) $(SAN_ARCHS)),)
$(error ARCH=$(ARCH) is not one of $(ARCHS) (or $(SAN_ARCHS)))
endif
SAN := $(filter $(ARCH),$(SAN_ARCHS))
# the machine the code is compiled for: the host for the sanitizer builds
TARCH := $(if $(SAN),$(HOST_ARCH),$(ARCH))
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/benchbox
B := build/$(if $(TC_CC),tc-$(TC_MACHINE),$(ARCH))

# Per-target facts: the one place they are written.
TRIPLET_x86_64  := x86_64-linux-gnu
TRIPLET_aarch64 := aarch64-linux-gnu
TRIPLET_armv7   := arm-linux-gnueabihf
TRIPLET_riscv64 := riscv64-linux-gnu
ARCH_CFLAGS_x86_64  := -march=x86-64
ARCH_CFLAGS_aarch64 := -march=armv8-a
# baseline armv7 hard-float runs on cores without NEON; *_neon.c files get NEON.
# Portable C reference kernels must stay loops: no memcpy/memset substitution.
ARCH_CFLAGS_armv7   := -march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard -mthumb
# RV64GC, lp64d: what every Linux-capable RISC-V board runs; the vector
# kernels are .S files that enable V themselves (.option arch, +v) and run
# only where AT_HWCAP has V.
ARCH_CFLAGS_riscv64 := -march=rv64gc -mabi=lp64d
# cold code: prologues and epilogues through shared save/restore routines
COLD_CFLAGS_riscv64 := -msave-restore
NEON_CFLAGS_armv7   := -mfpu=neon
AVX2_CFLAGS_x86_64  := -mavx2 -mfma
BMI2_CFLAGS_x86_64  := -mbmi -mbmi2
# Per-file ISA extensions; code in these files runs only when cpu_features()
# reports the extension (an ARMv8 core runs the armv7 binary in AArch32).
CE_CFLAGS_aarch64   := -march=armv8-a+crypto
CE_CFLAGS_armv7     := -march=armv8-a -mfpu=crypto-neon-fp-armv8
SHA512CE_CFLAGS_aarch64 := -march=armv8.2-a+sha3
CRC_CFLAGS_aarch64  := -march=armv8-a+crc
CRC_CFLAGS_armv7    := -march=armv8-a+crc
AESNI_CFLAGS_x86_64 := -maes -mpclmul -mssse3 -msse4.1
SHANI_CFLAGS_x86_64 := -msha -mssse3 -msse4.1
PCLMUL_CFLAGS_x86_64 := -mpclmul -mssse3 -msse4.1
export QEMU_aarch64 := qemu-aarch64-static -cpu max
export QEMU_armv7   := qemu-arm-static -cpu max
# RVV 1.0 at VLEN 128 (RVV_VLEN=256 or 512 for the other widths), Zb* on
RVV_VLEN ?= 128
export QEMU_riscv64 := qemu-riscv64-static -cpu rv64,v=true,vlen=$(RVV_VLEN),elen=64,vext_spec=v1.0,rvv_ta_all_1s=true,rvv_ma_all_1s=true,zba=true,zbb=true,zbc=true,zbs=true
export HOST_ARCH

CROSS := $(if $(TC_CC),$(TC_PREFIX),$(if $(filter $(TARCH),$(HOST_ARCH)),,$(TRIPLET_$(TARCH))-))
ARCH_CFLAGS := $(ARCH_CFLAGS_$(TARCH))
RUN := $(if $(filter $(TARCH),$(HOST_ARCH)),,$(QEMU_$(TARCH)))
HOSTDEPS_MODE := $(if $(SAN),san,$(if $(CROSS),check,run))

# Goals that need no toolchain do not read the dependencies.
NODEPS_GOALS := clean distclean help deps run check cross size asan test-asan fuzz fuzz-check \
	mca mca-check mca-update

# make deps: the one step that may change the system (apt packages and
# deb-src entries, by tools/host-deps.sh, as root or through sudo), fetch
# the pinned sources and build musl, zlib and mbedtls for ARCH into the
# cache; it writes $(B)/deps.mk, which every other build reads (rewritten
# only when it changes, which rebuilds everything), and $(B)/deps.stamp
# when it is done. A build without them, or with a stamp older than the
# recipe, stops and says so.
# With an existing toolchain, ZLIB_PREFIX= and MBEDTLS_PREFIX= (each with
# include/ and lib/ for it) take zlib and mbedtls from there instead.
DEPS_INPUTS := third_party/versions.mk third_party/build.sh third_party/mbedtls_config.h
TC_PREFIXES := $(and $(TC_CC),$(filter command line environment,$(origin ZLIB_PREFIX)),$(filter command line environment,$(origin MBEDTLS_PREFIX)))
DEPS_MK := $(if $(TC_PREFIXES),,$(B)/deps.mk)
DEPS_RUN := run 'make deps$(if $(TC_CC), $(if $(CROSS_COMPILE),CROSS_COMPILE=$(CROSS_COMPILE),CC="$(TC_CC)")' (or give ZLIB_PREFIX= and MBEDTLS_PREFIX=),$(if $(filter $(ARCH),$(HOST_ARCH)),, ARCH=$(ARCH))')
ifneq ($(filter-out $(NODEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
ifeq ($(TC_PREFIXES),)
ifneq ($(words $(wildcard $(B)/deps.mk $(B)/deps.stamp)),2)
$(error $(B)/deps.mk is missing: $(if $(TC_CC),zlib and mbedtls for $(TC_MACHINE),musl, zlib and mbedtls for $(ARCH)) are not built; $(DEPS_RUN))
endif
DEPS_NEWER := $(shell for f in $(DEPS_INPUTS); do [ $$f -nt $(B)/deps.stamp ] && echo $$f; done)
ifneq ($(DEPS_NEWER),)
$(error $(B)/deps.mk is older than $(DEPS_NEWER): $(DEPS_RUN))
endif
include $(B)/deps.mk
else
CC_VERSION := $(shell $(TC_CC) -dumpfullversion 2>/dev/null || $(TC_CC) -dumpversion)
endif
endif

# (with an existing toolchain the system is the user's: nothing installed)
deps:
	@$(if $(TC_CC),:,tools/host-deps.sh $(HOSTDEPS_MODE))
	@third_party/build.sh $(if $(SAN),glibc,$(if $(TC_CC),tc-$(TC_MACHINE),$(ARCH))) "$(CROSS)" \
		"$(ARCH_CFLAGS)" $(CACHE) $(B)/deps.mk $(if $(TC_CC),"$(TC_CC)")
	@touch $(B)/deps.stamp

include third_party/versions.mk

ifneq ($(TC_CC),)
CC := $(TC_CC)
STRIP ?= $(TC_PREFIX)strip
OBJCOPY ?= $(TC_PREFIX)objcopy
else
CC := $(CROSS)gcc -specs $(MUSL_PREFIX)/lib/musl-gcc.specs
STRIP := $(CROSS)strip
OBJCOPY := $(CROSS)objcopy
endif
OPT_CFLAGS := -O2 -ffunction-sections -fdata-sections -fno-tree-loop-distribute-patterns \
	-ffp-contract=off -fno-asynchronous-unwind-tables -fno-unwind-tables
# (-Werror with the pinned compilers only: another GCC may warn of more)
WARN_CFLAGS := -Wall -Wextra -Wshadow -Wno-unused-parameter -Wno-format-truncation -Wno-missing-field-initializers $(if $(TC_CC),,-Werror)
BB_CFLAGS := -std=gnu11 $(OPT_CFLAGS) $(ARCH_CFLAGS)
# applets/FAMILY/ (mem, cpu, crypto, os, net, io, suite, boot): every
# folder's files are sources, every folder is on the include path.
APPLET_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard applets/*/*.c applets/*/*.S))))
CPPFLAGS := -Isrc $(addprefix -I,$(APPLET_DIRS)) -I$(B) -I$(ZLIB_PREFIX)/include -I$(MBEDTLS_PREFIX)/include
# the help texts out of the product binaries, into one compressed blob
# (src/text.h; texts_gz.c below); the sanitizer build keeps them plain
CPPFLAGS += $(if $(SAN),,-DBB_PACKED_TEXT)
# -z norelro: a static binary has no loader to make RELRO read-only, and
# its end rounded up to the 64 KiB page put up to 64 KiB of padding in
# the aarch64 file (58 KiB once its text crossed a boundary).
# -z common-page-size=64: GNU ld otherwise starts the data segment on a
# fresh 4 KiB page of the file when that saves a page of memory, padding
# the file with up to 4 KiB of zeros (3.7 KiB on armv7, 2 KiB on
# aarch64); the data now starts in the file right after the code, as lld
# places it, and the code does not move
BB_LDFLAGS := -static -Wl,--gc-sections -Wl,-z,stack-size=2097152 -Wl,-z,norelro \
	-Wl,-z,common-page-size=64
LDLIBS := -L$(ZLIB_PREFIX)/lib -L$(MBEDTLS_PREFIX)/lib -lmbedcrypto -lz -lm

# The sanitizer build: clang (its UBSan honours log_path, gcc's does not;
# libFuzzer needs it anyway), glibc, dynamic; zlib and mbedtls from the
# pinned sources and config, built for glibc (third_party/build.sh glibc).
# The same objects make benchbox, test_unit and the fuzz harnesses.
# Any report aborts the process (-fno-sanitize-recover=all).
SAN_CFLAGS := -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fsanitize=fuzzer-no-link
ifneq ($(SAN),)
CC := clang-14
ifneq ($(TC_CC),)
$(error ARCH=$(ARCH) is the sanitizer build: it takes no CC or CROSS_COMPILE)
endif
# gcc-only: -Wno-format-truncation
WARN_CFLAGS += -Wno-unknown-warning-option
BB_CFLAGS := $(filter-out -fno-tree-loop-distribute-patterns -fno-asynchronous-unwind-tables \
	-fno-unwind-tables,$(BB_CFLAGS)) $(SAN_CFLAGS)
BB_LDFLAGS :=
endif

# V=1 shows the full commands
Q = $(if $(V),,@echo "  $(notdir $@)  [$(ARCH)]";)

SRCS := $(sort $(wildcard src/*.c) $(wildcard $(APPLET_DIRS:%=%/*.c)))
ASRCS := $(sort $(wildcard $(APPLET_DIRS:%=%/*.S)))
OBJS := $(SRCS:%.c=$(B)/obj/%.o) $(ASRCS:%.S=$(B)/obj/%.o) $(B)/obj/licenses.o \
	$(B)/obj/refdata_gz.o $(B)/obj/texts_gz.o
LIB_OBJS := $(filter-out $(B)/obj/src/main.o,$(OBJS))
TEST_SRCS := $(sort $(wildcard tests/unit/*.c))
TEST_OBJS := $(TEST_SRCS:%.c=$(B)/obj/%.o)

.PHONY: all cross run check test size peers asan test-asan fuzz fuzz-check mca mca-check mca-update \
	clean distclean help FORCE
all: $(B)/benchbox

$(B)/obj/%.o: %.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) $(HOT_CFLAGS) $(WARN_CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

# assembler: preprocessed; each file guards itself with #if for its arch
$(B)/obj/%.o: %.S $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

$(B)/obj/%_neon.o: EXTRA_CFLAGS = $(NEON_CFLAGS_$(TARCH))
$(B)/obj/%_avx2.o: EXTRA_CFLAGS = $(AVX2_CFLAGS_$(TARCH))
$(B)/obj/%_ce.o: EXTRA_CFLAGS = $(CE_CFLAGS_$(TARCH))
$(B)/obj/%_sha512ce.o: EXTRA_CFLAGS = $(SHA512CE_CFLAGS_$(TARCH))
$(B)/obj/%_crc.o: EXTRA_CFLAGS = $(CRC_CFLAGS_$(TARCH))
$(B)/obj/%_aesni.o: EXTRA_CFLAGS = $(AESNI_CFLAGS_$(TARCH))
$(B)/obj/%_shani.o: EXTRA_CFLAGS = $(SHANI_CFLAGS_$(TARCH))
$(B)/obj/%_pclmul.o: EXTRA_CFLAGS = $(PCLMUL_CFLAGS_$(TARCH))
# SHA-512's rounds: RORX and ANDN besides the AVX2 schedule (the row needs
# CPU_AVX2 | CPU_BMI2)
$(B)/obj/applets/crypto/speed_sha512_avx2.o: EXTRA_CFLAGS = $(AVX2_CFLAGS_$(TARCH)) $(BMI2_CFLAGS_$(TARCH))
# Dhrystone's main program on 64-byte boundaries, the procedures right
# after it: where the linker put them, which any change elsewhere moved,
# moved the result by 5% on an EPYC (dhrystone_loop.c; the C library's
# strcmp it calls is aligned too: third_party/build.sh)
$(B)/obj/applets/cpu/dhrystone_loop.o: EXTRA_CFLAGS = -falign-functions=64
$(B)/obj/src/version.o: $(B)/buildinfo.h
# Code is built for size (-Os) unless it runs inside a measurement: the
# files below hold timed loops (the classics' own loops, the tuned kernels
# by their suffix rules above, the timing harness and the bodies the
# drivers time) and keep -O2, the flags their figures were measured with.
# A new timed loop goes in one of them, or its file joins the list. Not
# here: the drivers whose timed body is one call per buffer, block or solve
# into those files (speed's own loop is speed_job.c; its other files are
# cold), and the applets that time system calls, where the kernel's work is
# all there is to measure.
HOT_SRCS := $(addprefix src/,bench.c lmbench.c proc.c team.c) \
	$(filter-out $(addprefix applets/,cpu/coremark.c cpu/dhrystone.c cpu/linpack.c cpu/nbench.c \
	  $(addprefix crypto/,speed.c speed_kat.c speed_measure.c speed_ossl.c speed_plan.c) \
	  crypto/zlib.c mem/membw.c $(addprefix os/,bw_pipe.c bw_unix.c \
	  hello.c lat_fs.c lat_pipe.c lat_select.c lat_sem.c lat_syscall.c \
	  lat_unix.c msleep.c)), \
	  $(wildcard applets/cpu/*.c applets/mem/*.c applets/crypto/*.c applets/os/*.c))
COLD_CFLAGS := -Os $(COLD_CFLAGS_$(TARCH))
# On x86_64 every loop of the timed files starts a 64-byte line. A small
# loop that straddles two lines ran up to 1.7x slower in the caches of the
# EPYC here (linpack's rolled daxpy 0.59x, STREAM's copy and scale 0.70x,
# coremark 0.98x), and whether one did depended on the length of code
# linked before it: any edit anywhere moved the figures. (musl's strcmp,
# which Dhrystone calls, is aligned for the same reason: third_party/build.sh.)
# (Arm and RISC-V: no such measurement here, and no bytes to spare.)
HOT_CFLAGS_x86_64 := -falign-loops=64
$(HOT_SRCS:%.c=$(B)/obj/%.o): HOT_CFLAGS = $(HOT_CFLAGS_$(TARCH))
# but Dhrystone's procedures, whose place after its main loop was measured
# (dhrystone_loop.c: 48 bytes past a line, with GCC's own loop alignment)
$(B)/obj/applets/cpu/dhrystone_procs.o: HOT_CFLAGS =
$(filter-out $(HOT_SRCS:%.c=$(B)/obj/%.o),$(SRCS:%.c=$(B)/obj/%.o)): EXTRA_CFLAGS = $(COLD_CFLAGS)

$(B)/obj/licenses.o: $(B)/licenses.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -c $< -o $@

# Facts compiled into --version and the JSON context; rewritten only on change.
GIT_REV := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
# the sources' date (the commit's time; SOURCE_DATE_EPOCH when set): the
# earliest a board's clock can truly read (wiring's RTC check)
SOURCE_EPOCH := $(or $(SOURCE_DATE_EPOCH),$(shell git log -1 --format=%ct 2>/dev/null),0)
# where the C library, zlib and mbedtls came from, as --version says it
BB_LIBC_FROM := $(if $(SAN),the host,$(if $(TC_CC),toolchain $(TC_MACHINE),pinned source))
from = $(if $(filter command line environment,$(origin $(1))),$(1)=$($(1)),pinned source)
$(B)/buildinfo.h: FORCE $(DEPS_MK)
	@mkdir -p $(B)
	@{ echo '#define BB_VERSION "0.1.0+$(GIT_REV)"'; \
	   echo '#define BB_CC "$(if $(SAN),$(CC) ($(SAN) build, glibc),$(if $(TC_CC),$(TC_CC) $(CC_VERSION),gcc $(CC_VERSION) ($(or $(CROSS),native))))"'; \
	   echo '#define BB_CFLAGS "$(strip $(BB_CFLAGS) $(CFLAGS))"'; \
	   echo '#define BB_MUSL_VERSION "$(if $(TC_CC),, $(MUSL_VERSION))"'; \
	   echo '#define BB_LIBC_FROM "$(BB_LIBC_FROM)"'; \
	   echo '#define BB_ZLIB_FROM "$(call from,ZLIB_PREFIX)"'; \
	   echo '#define BB_MBEDTLS_FROM "$(call from,MBEDTLS_PREFIX)"'; \
	   echo '#define BB_SOURCE_EPOCH $(SOURCE_EPOCH)LL'; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

# Third-party notices, zlib-compressed into the binary for --licenses: from
# the pinned sources' tarballs; for a C library, zlib or mbedtls of a
# toolchain or a prefix, what it carries (zlib.h's notice, mbedtls's
# header), and the licence's name.
LIC_TAR = $(wildcard $(CACHE)/downloads/$(1))
$(B)/licenses.c: LICENSE third_party/versions.mk tools/embed.sh $(DEPS_MK)
	@mkdir -p $(B)
	@{ echo "==== benchbox: MIT licence ===="; cat LICENSE; \
	   echo; $(if $(TC_CC),echo "==== C library $(TC_LIBC) ($(BB_LIBC_FROM)): $(if $(filter musl,$(TC_LIBC)),MIT licence,LGPL-2.1-or-later) (the toolchain's copyright notice applies) ====";, \
	     echo "==== musl $(MUSL_VERSION): MIT licence (COPYRIGHT) ===="; \
	     tar -xzOf $(CACHE)/downloads/$(MUSL_ORIG) --wildcards '*/COPYRIGHT';) \
	   echo; echo "==== zlib $(ZLIB_VERSION): zlib licence ===="; \
	   $(if $(filter pinned%,$(call from,ZLIB_PREFIX)),tar -xjOf $(CACHE)/downloads/$(ZLIB_ORIG) --wildcards '*/LICENSE', \
	     sed -n '/Copyright (C)/,/\*\//p' $(ZLIB_PREFIX)/include/zlib.h); \
	   echo; echo "==== mbedtls $(MBEDTLS_VERSION): Apache License 2.0 ===="; \
	   $(if $(filter pinned%,$(call from,MBEDTLS_PREFIX)),tar -xzOf $(CACHE)/downloads/$(MBEDTLS_ORIG) --wildcards '*/LICENSE', \
	     sed -n '/Copyright/,/limitations under the License/p' $(MBEDTLS_PREFIX)/include/mbedtls/version.h); \
	 } > $(B)/licenses.txt
	@tools/embed.sh licenses_gz < $(B)/licenses.txt > $@

# The vendor guides' numbers (tools/extract-ref.py writes data/), compressed
# in: the rows packed column by column first, which gzip makes half the size.
build/reference.packed: data/reference.csv tools/refpack.sh
	@mkdir -p build
	@tools/refpack.sh < data/reference.csv > $@.$$$$ && mv $@.$$$$ $@

build/refdata_gz.c: data/boards.csv build/reference.packed tools/embed.sh
	@{ tools/embed.sh refdata_boards_gz < data/boards.csv && \
	   tools/embed.sh refdata_rows_gz < build/reference.packed; } > $@.$$$$ && mv $@.$$$$ $@

$(B)/obj/refdata_gz.o: build/refdata_gz.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -c $< -o $@

# The texts TEXT() puts in the section .bbtext (src/text.h): every C
# object's, in the sources' sorted order, gzipped into one array. The link
# drops the sections themselves (nothing references them). Rebuilt when
# an object changes; the same objects give the same bytes.
TEXT_OBJS := $(SRCS:%.c=$(B)/obj/%.o)
$(B)/texts.bin: $(TEXT_OBJS)
	@for o in $(TEXT_OBJS); do \
	  $(OBJCOPY) -O binary --only-section=.bbtext $$o $@.one && cat $@.one || exit 1; \
	done > $@.tmp && rm -f $@.one && mv $@.tmp $@

$(B)/texts_gz.c: $(B)/texts.bin tools/embed.sh
	@tools/embed.sh texts_gz < $< > $@.tmp && mv $@.tmp $@

$(B)/obj/texts_gz.o: $(B)/texts_gz.c $(DEPS_MK)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -c $< -o $@

# the sanitizer build's benchbox has its default ASan/UBSan options compiled in
SAN_OBJS := $(if $(SAN),$(B)/obj/tests/san/options.o)
$(B)/benchbox.debug: $(OBJS) $(SAN_OBJS)
	$(Q)$(CC) $(BB_CFLAGS) $(CFLAGS) $(BB_LDFLAGS) $(LDFLAGS) $(OBJS) $(SAN_OBJS) $(LDLIBS) -o $@

$(B)/benchbox: $(B)/benchbox.debug
	$(Q)$(if $(SAN),cp $< $@.tmp && mv $@.tmp $@,$(STRIP) --strip-all -o $@ $<)

$(B)/test_unit: $(TEST_OBJS) $(LIB_OBJS)
	$(Q)$(CC) $(BB_CFLAGS) $(CFLAGS) $(BB_LDFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(B)/obj/tests/unit/%.o: CPPFLAGS += -Itests/unit

# Tests for this ARCH; `make check` runs them for every target.
test: $(B)/benchbox $(B)/test_unit
	@tests/run.sh $(ARCH)

cross:
	@for a in $(ARCHS); do $(MAKE) --no-print-directory -j$(JOBS) ARCH=$$a all || exit 1; done

# each target's stripped size and its margin under the 1 MiB budget
# (tests/cli/src/dispatch.test fails a binary over it)
# benchbox's rows beside the classics, on this machine (docs/developing.md)
peers: $(B)/benchbox
	BB=$(B)/benchbox tools/peers.sh

size: cross
	@for a in $(ARCHS); do n=$$(wc -c < build/$$a/benchbox); \
	  printf '%-8s %8d bytes  %8d left of 1 MiB  build/%s/benchbox\n' $$a $$n $$((1048576 - n)) $$a; done

run:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory -j$(JOBS) all
	build/$(HOST_ARCH)/benchbox run quick

# libFuzzer harnesses: tests/fuzz/NAME.c -> build/asan/fuzz/NAME, linked
# with the project's own objects (the sanitizer build's).
FUZZERS := $(sort $(basename $(notdir $(wildcard tests/fuzz/*.c))))
ifneq ($(SAN),)
$(B)/fuzz/%: $(B)/obj/tests/fuzz/%.o $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -fsanitize=fuzzer $^ $(LDLIBS) -o $@
$(B)/obj/tests/fuzz/%.o: CPPFLAGS += -Itests/fuzz
.SECONDARY: $(FUZZERS:%=$(B)/obj/tests/fuzz/%.o)
endif

asan:
	@$(MAKE) --no-print-directory -j$(JOBS) ARCH=asan build/asan/benchbox \
		build/asan/test_unit $(FUZZERS:%=build/asan/fuzz/%)

test-asan: asan
	@tests/run.sh asan

# make fuzz: each harness for FUZZ_TIME seconds (default 60), its new corpus
# entries kept in build/asan/corpus/NAME; make fuzz-check: what make check
# runs, FUZZ_RUNS seeded executions of each (deterministic).
FUZZ_TIME ?= 60
FUZZ_RUNS ?= 100000
fuzz: asan
	@tests/fuzz/run.sh time $(FUZZ_TIME) $(FUZZERS)

fuzz-check: asan
	@tests/fuzz/run.sh runs $(FUZZ_RUNS) $(FUZZERS)

check:
	@tools/host-deps.sh check
	@for a in $(ARCHS) asan; do $(MAKE) --no-print-directory ARCH=$$a deps || exit 1; done
	@for a in $(ARCHS); do \
	  $(MAKE) --no-print-directory -j$(JOBS) ARCH=$$a build/$$a/benchbox build/$$a/test_unit || exit 1; done
	@tools/mca.sh --check
	@$(MAKE) --no-print-directory asan
	@FUZZ_RUNS=$(FUZZ_RUNS) tests/run.sh x86_64 aarch64 armv7 asan riscv64 fuzz

# llvm-mca's steady state for the inner loop of every tuned kernel in
# tools/mca.tab, on the boards' cores' models (tools/mca.sh says which);
# mca-check fails on a prediction below its floor (tools/mca.floors) and
# on a stack access in a tuned loop, mca-update rewrites the floors.
# MCA_TARGETS="aarch64 armv7" limits them to those targets' rows.
mca mca-check mca-update:
	@for a in $(ARCHS); do $(MAKE) --no-print-directory -j$(JOBS) ARCH=$$a all || exit 1; done
	@tools/mca.sh $(patsubst mca,,$(patsubst mca-%,--%,$@)) $(MCA_TARGETS)

clean distclean:
	rm -rf build

help:
	@sed -n '3,/^SHELL/s/^# //p' Makefile

FORCE:

-include $(OBJS:.o=.d) $(TEST_OBJS:.o=.d) $(FUZZERS:%=$(B)/obj/tests/fuzz/%.d)
