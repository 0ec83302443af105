/* asm.h - what the assembler kernel files (applets/FAMILY/NAME_ISA.S) share
 *
 * SPDX-License-Identifier: MIT
 *
 * #include "asm.h" at the top of a .S file, before its #if for its
 * architecture: every target's object then says it needs no executable
 * stack (without the note, ld warns and may make the stack executable).
 *
 *   asm_function NAME   a global function in a section of its own (so that
 *                       --gc-sections drops what nothing calls), aligned to
 *                       2^ASM_FUNC_ALIGN bytes (default 8; #define it first
 *                       for another: the AArch64 membw loops take 64)
 *   asm_end NAME        its size, for the symbol table and tools/mca.sh
 */
#ifndef __ASSEMBLER__
#error "asm.h is for assembler files (.S) only"
#endif
#ifndef BENCHBOX_ASM_H
#define BENCHBOX_ASM_H

#ifndef ASM_FUNC_ALIGN
#define ASM_FUNC_ALIGN 3
#endif

#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack, "", %progbits
	.text
#endif

.macro asm_function name
	.section .text.\name, "ax", %progbits
	.global	\name
	.type	\name, %function
	.p2align ASM_FUNC_ALIGN
\name:
.endm

.macro asm_end name
	.size	\name, . - \name
.endm

#endif
