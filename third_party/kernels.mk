# Pinned Debian kernels for the boot tests (tests/cli/boot/boot.test).
# aarch64, armv7, x86_64: Debian 12 (bookworm main), whose kernel moves only
# with point releases; these are the packages of 12.x's last one.
# riscv64: bookworm main has no riscv64 kernel; Debian 13 (trixie main) has
# linux-image-riscv64, whose package today is the one below (its own
# _riscv64 keys for suite, version and file; the others use the plain ones).
# All fetched with apt-get download through a private apt root
# (tools/fetch-kernels.sh) and checked against these SHA-256s.
# Plain KEY=value lines, read by make and by the shell.
KERNEL_VERSION=6.1.176-1
KERNEL_ABI=6.1.0-50
KERNEL_SUITE=bookworm
KERNEL_FILE=vmlinuz
KERNEL_MIRROR=http://deb.debian.org/debian
KERNEL_PKG_aarch64=linux-image-6.1.0-50-arm64
KERNEL_DEBARCH_aarch64=arm64
KERNEL_SHA256_aarch64=914f75b57a8e165d85fb910c3e2dcc7000a05a9fea3f42f90b26e8dd590d5f06
# modules kept from the same .deb (tools/fetch-kernels.sh --modules), with
# what they depend on, for the boot test's AF_ALG rows: the sockets
# (af_alg, algif_skcipher, algif_hash) and the ARMv8 CE drivers of cbc(aes)
# and sha256 (aes-ce-blk, sha2-ce; aes-generic, cbc and sha256-generic are
# built in); for wiring's boot, an SD host and a USB 3 host (sdhci-pci,
# xhci-pci: mmc_core and mmc_block are built in); for ipsec's boot, ESP
# and what it needs (xfrm_user, esp4, veth, and the crypto templates the
# kernel would otherwise ask modprobe for: authenc, echainiv and seqiv
# (ESP's IV generators, which seed from the default RNG: drbg), des_generic,
# gcm, ctr, ghash-generic) with the CE
# drivers of sha1 and ghash. Comma-separated, as the file names are,
# without .ko.
KERNEL_MODULES_aarch64=af_alg,algif_skcipher,algif_hash,aes-ce-blk,sha2-ce,sdhci-pci,xhci-pci,xfrm_user,esp4,veth,authenc,echainiv,seqiv,des_generic,gcm,ctr,ghash-generic,drbg,sha1-ce,ghash-ce,virtio_pci,virtio_net
KERNEL_PKG_armv7=linux-image-6.1.0-50-armmp-lpae
KERNEL_DEBARCH_armv7=armhf
KERNEL_SHA256_armv7=7a1a2b179324d910db6415d67b73c7495a58d239f61103d9cf2b79a11b7ece3e
KERNEL_PKG_x86_64=linux-image-6.1.0-50-amd64
KERNEL_DEBARCH_x86_64=amd64
KERNEL_SHA256_x86_64=7b5597492a0a65aee61985a492e6bcc3f2cde830072a0e3b3d8c7e1b90279bd3
# ipsec's boot, as aarch64's, with the x86 drivers (AES-NI, SSSE3 SHA,
# PCLMUL GHASH, the 3DES assembly: QEMU's -cpu max has the instructions)
KERNEL_MODULES_x86_64=xfrm_user,esp4,veth,authenc,echainiv,seqiv,des_generic,gcm,ctr,ghash-generic,drbg,aesni-intel,sha1-ssse3,sha256-ssse3,ghash-clmulni-intel,des3_ede-x86_64
# ./boot/vmlinux-* of Debian's riscv64 package: the kernel's uncompressed
# Image (an EFI-stub PE header with the RISC-V Image magic), which QEMU's
# -kernel loads as it is
KERNEL_PKG_riscv64=linux-image-6.12.117+deb13-riscv64
KERNEL_DEBARCH_riscv64=riscv64
KERNEL_SUITE_riscv64=trixie
KERNEL_VERSION_riscv64=6.12.117-1
KERNEL_FILE_riscv64=vmlinux
KERNEL_SHA256_riscv64=f5d9424b6f6a4518197202effc7e8eeaa90f8d73466c2dba2470f6ea7fb4f55c
