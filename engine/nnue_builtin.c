/*
 * engine/nnue_builtin.c: the network built into the engine (nnue.h).
 * When data/nnue/gyoku.nnue exists the Makefile defines GY_NNUE_FILE as
 * its path and the assembler's .incbin copies its bytes in here; the
 * WebAssembly builds embed none.
 */
#include "nnue.h"

#if defined(GY_NNUE_FILE) && defined(__ELF__) && !defined(__wasm__)
__asm__(".section .rodata\n"
	".balign 64\n"
	".globl gy__nnue_builtin_start\n"
	"gy__nnue_builtin_start:\n"
	".incbin \"" GY_NNUE_FILE "\"\n"
	".globl gy__nnue_builtin_end\n"
	"gy__nnue_builtin_end:\n"
	".previous\n");
extern const unsigned char gy__nnue_builtin_start[], gy__nnue_builtin_end[];

const void *gy__nnue_builtin(size_t *len)
{
	*len = (size_t)(gy__nnue_builtin_end - gy__nnue_builtin_start);
	return gy__nnue_builtin_start;
}
#else
const void *gy__nnue_builtin(size_t *len)
{
	*len = 0;
	return NULL;
}
#endif
