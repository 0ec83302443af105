################################################################################
#
# benchbox
#
################################################################################

# The sources are a local checkout (the repository is not public): by
# default the one holding this BR2_EXTERNAL tree (contrib/buildroot/../..).
# Point it at another with BENCHBOX_SITE=/path/to/benchbox on the make
# command line, or with BENCHBOX_OVERRIDE_SRCDIR in local.mk.
BENCHBOX_VERSION = 0.1.0
BENCHBOX_SITE = $(realpath $(BR2_EXTERNAL_BENCHBOX_PATH)/../..)
BENCHBOX_SITE_METHOD = local
# the checkout's own build outputs (host and cross builds) are not sources
BENCHBOX_OVERRIDE_SRCDIR_RSYNC_EXCLUSIONS = --exclude /build
BENCHBOX_LICENSE = MIT
BENCHBOX_LICENSE_FILES = LICENSE
BENCHBOX_DEPENDENCIES = zlib mbedtls

# The rsynced copy has no .git: --version takes the revision from the
# checkout itself (else git describe would find the Buildroot tree's).
BENCHBOX_GIT_REV = \
	$(shell git -C $(BENCHBOX_SITE) describe --always --dirty 2>/dev/null || echo unknown)

# benchbox's own -O2 (and -Os for its cold code) stay: BR2_OPTIMIZE_*
# would change what the benchmarks measure.
BENCHBOX_MAKE_OPTS = \
	CROSS_COMPILE="$(TARGET_CROSS)" \
	ZLIB_PREFIX=$(STAGING_DIR)/usr \
	MBEDTLS_PREFIX=$(STAGING_DIR)/usr \
	CFLAGS="$(filter-out -O%,$(TARGET_CFLAGS))" \
	LDFLAGS="$(TARGET_LDFLAGS)"

# make builds build/tc-MACHINE/benchbox, MACHINE being what the
# compiler says it builds for; static and already stripped.
define BENCHBOX_BUILD_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) -C $(@D) $(BENCHBOX_MAKE_OPTS) \
		GIT_REV="$(BENCHBOX_GIT_REV)" all
endef

define BENCHBOX_INSTALL_TARGET_CMDS
	$(INSTALL) -D -m 0755 \
		$(@D)/build/tc-$$($(TARGET_CC) -dumpmachine)/benchbox \
		$(TARGET_DIR)/usr/bin/benchbox
endef

$(eval $(generic-package))
