/* rvv.h - the RISC-V vector length, for the notes of the RVV kernels and sysinfo
 *
 * SPDX-License-Identifier: MIT
 *
 * rvv_vlenb() reads the vlenb CSR (VLEN / 8 bytes; applets/mem/membw_riscv64.S).
 * Call it only when cpu_features() has CPU_RVV: without V the read traps
 * (SIGILL). riscv64 only.
 */
#ifndef BENCHBOX_RVV_H
#define BENCHBOX_RVV_H

#if defined(__riscv) && __riscv_xlen == 64
unsigned rvv_vlenb(void);
#endif

#endif
