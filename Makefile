# benchbox - one static multi-call benchmark binary for board bring-up
#
#   make                 build build/$(ARCH)/benchbox for the host
#   make ARCH=aarch64    cross-build (aarch64, armv7, x86_64)
#   make cross           all three targets
#   make run             install missing tools, build, run the quick suite
#   make check           install missing tools, build all targets, run every test
#   make test            the tests for $(ARCH) only (under qemu-user for Arm)
#   make size            stripped size of every target's binary
#   make clean           remove build/ ; make distclean also forgets nothing
#                        in the dependency cache ($(CACHE)), which is kept
SHELL := /bin/sh
.DEFAULT_GOAL := all
.SUFFIXES:

HOST_ARCH := $(shell uname -m | sed -e 's/^armv[78].*/armv7/' -e 's/^arm64$$/aarch64/')
ARCH ?= $(HOST_ARCH)
ARCHS := x86_64 aarch64 armv7
ifeq ($(filter $(ARCH),$(ARCHS)),)
$(error ARCH=$(ARCH) is not one of $(ARCHS))
endif
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/benchbox
B := build/$(ARCH)

# Per-target facts: the one place they are written.
TRIPLET_x86_64  := x86_64-linux-gnu
TRIPLET_aarch64 := aarch64-linux-gnu
TRIPLET_armv7   := arm-linux-gnueabihf
ARCH_CFLAGS_x86_64  := -march=x86-64
ARCH_CFLAGS_aarch64 := -march=armv8-a
# baseline armv7 hard-float runs on cores without NEON; *_neon.c files get NEON.
# Portable C reference kernels must stay loops: no memcpy/memset substitution.
ARCH_CFLAGS_armv7   := -march=armv7-a -mfpu=vfpv3-d16 -mfloat-abi=hard -mthumb
NEON_CFLAGS_armv7   := -mfpu=neon
AVX2_CFLAGS_x86_64  := -mavx2 -mfma
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
export HOST_ARCH

CROSS := $(if $(filter $(ARCH),$(HOST_ARCH)),,$(TRIPLET_$(ARCH))-)
ARCH_CFLAGS := $(ARCH_CFLAGS_$(ARCH))
RUN := $(if $(filter $(ARCH),$(HOST_ARCH)),,$(QEMU_$(ARCH)))
HOSTDEPS_MODE := $(if $(CROSS),check,run)

# Goals that need no toolchain do not build the dependencies.
NODEPS_GOALS := clean distclean help run check cross size
ifneq ($(filter-out $(NODEPS_GOALS),$(or $(MAKECMDGOALS),all)),)
include $(B)/deps.mk
endif

$(B)/deps.mk: FORCE
	@tools/host-deps.sh $(HOSTDEPS_MODE)
	@third_party/build.sh $(ARCH) "$(CROSS)" "$(ARCH_CFLAGS)" $(CACHE) $@

include third_party/versions.mk

CC := $(CROSS)gcc -specs $(MUSL_PREFIX)/lib/musl-gcc.specs
STRIP := $(CROSS)strip
OPT_CFLAGS := -O2 -ffunction-sections -fdata-sections -fno-tree-loop-distribute-patterns \
	-ffp-contract=off
WARN_CFLAGS := -Wall -Wextra -Wshadow -Wno-unused-parameter -Wno-format-truncation -Wno-missing-field-initializers -Werror
BB_CFLAGS := -std=gnu11 $(OPT_CFLAGS) $(ARCH_CFLAGS)
CPPFLAGS := -Isrc -Iapplets -I$(B) -I$(ZLIB_PREFIX)/include -I$(MBEDTLS_PREFIX)/include
LDFLAGS := -static -Wl,--gc-sections -Wl,-z,stack-size=2097152
LDLIBS := -L$(ZLIB_PREFIX)/lib -L$(MBEDTLS_PREFIX)/lib -lmbedcrypto -lz -lm

# V=1 shows the full commands
Q = $(if $(V),,@echo "  $(notdir $@)  [$(ARCH)]";)

SRCS := $(sort $(wildcard src/*.c) $(wildcard applets/*.c))
ASRCS := $(sort $(wildcard applets/*.S))
OBJS := $(SRCS:%.c=$(B)/obj/%.o) $(ASRCS:%.S=$(B)/obj/%.o) $(B)/obj/licenses.o \
	$(B)/obj/refdata_gz.o
LIB_OBJS := $(filter-out $(B)/obj/src/main.o,$(OBJS))
TEST_SRCS := $(sort $(wildcard tests/unit/*.c))
TEST_OBJS := $(TEST_SRCS:%.c=$(B)/obj/%.o)

.PHONY: all cross run check test size clean distclean help FORCE
all: $(B)/benchbox

$(B)/obj/%.o: %.c $(B)/deps.mk
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) $(EXTRA_CFLAGS) $(WARN_CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

# assembler: preprocessed; each file guards itself with #if for its arch
$(B)/obj/%.o: %.S $(B)/deps.mk
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) $(EXTRA_CFLAGS) $(CPPFLAGS) -MMD -MP -c $< -o $@

$(B)/obj/%_neon.o: EXTRA_CFLAGS = $(NEON_CFLAGS_$(ARCH))
$(B)/obj/%_avx2.o: EXTRA_CFLAGS = $(AVX2_CFLAGS_$(ARCH))
$(B)/obj/%_ce.o: EXTRA_CFLAGS = $(CE_CFLAGS_$(ARCH))
$(B)/obj/%_sha512ce.o: EXTRA_CFLAGS = $(SHA512CE_CFLAGS_$(ARCH))
$(B)/obj/%_crc.o: EXTRA_CFLAGS = $(CRC_CFLAGS_$(ARCH))
$(B)/obj/%_aesni.o: EXTRA_CFLAGS = $(AESNI_CFLAGS_$(ARCH))
$(B)/obj/%_shani.o: EXTRA_CFLAGS = $(SHANI_CFLAGS_$(ARCH))
$(B)/obj/%_pclmul.o: EXTRA_CFLAGS = $(PCLMUL_CFLAGS_$(ARCH))
$(B)/obj/src/version.o: $(B)/buildinfo.h

$(B)/obj/licenses.o: build/licenses.c $(B)/deps.mk
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -c $< -o $@

# Facts compiled into --version and the JSON context; rewritten only on change.
GIT_REV := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(B)/buildinfo.h: FORCE $(B)/deps.mk
	@mkdir -p $(B)
	@{ echo '#define BB_VERSION "0.1.0+$(GIT_REV)"'; \
	   echo '#define BB_CC "gcc $(CC_VERSION) ($(or $(CROSS),native))"'; \
	   echo '#define BB_CFLAGS "$(BB_CFLAGS)"'; \
	   echo '#define BB_MUSL_VERSION "$(MUSL_VERSION)"'; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

# Third-party notices, zlib-compressed into the binary for --licenses.
build/licenses.c: LICENSE third_party/versions.mk tools/embed.sh $(B)/deps.mk
	@mkdir -p build
	@{ echo "==== benchbox: MIT licence ===="; cat LICENSE; \
	   echo; echo "==== musl $(MUSL_VERSION): MIT licence (COPYRIGHT) ===="; \
	   tar -xzOf $(CACHE)/downloads/$(MUSL_ORIG) --wildcards '*/COPYRIGHT'; \
	   echo; echo "==== zlib $(ZLIB_VERSION): zlib licence ===="; \
	   tar -xjOf $(CACHE)/downloads/$(ZLIB_ORIG) --wildcards '*/LICENSE'; \
	   echo; echo "==== mbedtls $(MBEDTLS_VERSION): Apache License 2.0 ===="; \
	   tar -xzOf $(CACHE)/downloads/$(MBEDTLS_ORIG) --wildcards '*/LICENSE'; \
	 } > build/licenses.txt
	@tools/embed.sh licenses_gz < build/licenses.txt > $@

# The vendor guides' numbers (tools/extract-ref.py writes data/), compressed in.
build/refdata_gz.c: data/boards.csv data/reference.csv tools/embed.sh
	@mkdir -p build
	@{ tools/embed.sh refdata_boards_gz < data/boards.csv && \
	   tools/embed.sh refdata_rows_gz < data/reference.csv; } > $@.$$$$ && mv $@.$$$$ $@

$(B)/obj/refdata_gz.o: build/refdata_gz.c $(B)/deps.mk
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(BB_CFLAGS) -c $< -o $@

$(B)/benchbox.debug: $(OBJS)
	$(Q)$(CC) $(BB_CFLAGS) $(LDFLAGS) $(OBJS) $(LDLIBS) -o $@

$(B)/benchbox: $(B)/benchbox.debug
	$(Q)$(STRIP) --strip-all -o $@ $<

$(B)/test_unit: $(TEST_OBJS) $(LIB_OBJS)
	$(Q)$(CC) $(BB_CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(B)/obj/tests/unit/%.o: CPPFLAGS += -Itests/unit

# Tests for this ARCH; `make check` runs them for every target.
test: $(B)/benchbox $(B)/test_unit
	@tests/run.sh $(ARCH)

cross:
	@for a in $(ARCHS); do $(MAKE) --no-print-directory -j$(JOBS) ARCH=$$a all || exit 1; done

size: cross
	@for a in $(ARCHS); do \
	  printf '%-8s %8d bytes  build/%s/benchbox\n' $$a $$(wc -c < build/$$a/benchbox) $$a; done

run:
	@tools/host-deps.sh run
	@$(MAKE) --no-print-directory -j$(JOBS) all
	build/$(HOST_ARCH)/benchbox run quick

check:
	@tools/host-deps.sh check
	@for a in $(ARCHS); do \
	  $(MAKE) --no-print-directory -j$(JOBS) ARCH=$$a build/$$a/benchbox build/$$a/test_unit || exit 1; done
	@tests/run.sh $(ARCHS)

clean distclean:
	rm -rf build

help:
	@sed -n '3,12s/^# //p' Makefile

FORCE:

-include $(OBJS:.o=.d) $(TEST_OBJS:.o=.d)
