# Pinned Debian 12 (bookworm main) packages of LAVA for the board-farm test
# (tests/cli/boot/lava.test, contrib/lava/). Fetched with apt-get download
# through a private apt root (tools/fetch-lava.sh), checked against these
# SHA-256s and unpacked with dpkg-deb -x into the cache; never installed.
#   lava-dispatcher       lava-run and the dispatcher (deploy, boot qemu, monitors)
#   lava-common           its job schema, logger and constants
#   lava-dispatcher-host  a module the dispatcher imports at parse time
#   lava-server           only its device-type templates (qemu.jinja2, base.jinja2)
# Plain KEY=value lines, read by make and by the shell.
LAVA_VERSION=2023.01-2
LAVA_SUITE=bookworm
LAVA_MIRROR=http://deb.debian.org/debian
LAVA_PKGS=lava-dispatcher,lava-common,lava-dispatcher-host,lava-server
LAVA_SHA256_lava_dispatcher=1b4ded07d387a0e8e752ebefcb32e195fdea6b1f303614223ee19df60f51ce31
LAVA_SHA256_lava_common=fb91e37f3d45b1183a7af91ee1e19e9314b95cd3f05658ebfd71da312b1a6876
LAVA_SHA256_lava_dispatcher_host=9a93f08e44168c4acec6493883bfdeca1e1de8e5c605ca46aecfc6d8b638d629
LAVA_SHA256_lava_server=933c68307747023f4e700c8b9dba1f64da6703ee98cb2e678f49502dcbad8d7a
# The kernel's KTAP parser (tools/testing/kunit/kunit_parser.py and the
# kunit_printer.py it imports), KernelCI's reader of KTAP, from Debian's
# linux-source package of the pinned kernels' release (tools/fetch-kunit.sh:
# only those two files are kept)
KUNIT_PKG=linux-source-6.1
KUNIT_VERSION=6.1.176-1
KUNIT_SHA256=9305d1a151b8e83dcb88aa11361e7b9513f0c252bdf7f5647e4542762d99c094
