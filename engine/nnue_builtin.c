/*
 * engine/nnue_builtin.c: the network built into the engine (nnue.h).
 * When data/nnue/gyoku.nnue exists the Makefile defines GY_NNUE_FILE as
 * its path and the assembler's .incbin copies its bytes in here; the
 * WebAssembly builds embed none.
 *
 * The built-in network is read (gy__nnue_read) once per process, the
 * first time an engine needs it, and every engine then shares that one
 * copy read-only: the one piece of state of the engine outside its
 * structs, made once under pthread_once and kept until the process ends
 * (a server runs many engines, the tests thousands).
 */
#include <pthread.h>

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

/* The shared copy of the built-in network and how reading it went, written once by read_shared. */
static struct {
	pthread_once_t once;
	struct nnue_net net;
	enum gy_err err;
	char why[256];
} shared = {.once = PTHREAD_ONCE_INIT};

static void read_shared(void)
{
	size_t len;
	const void *data = gy__nnue_builtin(&len);
	if (!data) {
		shared.err = GY_ERR_ARG;
		snprintf(shared.why, sizeof shared.why, "no network is built into this engine");
		return;
	}
	shared.err = gy__nnue_read(&shared.net, data, len, shared.why, sizeof shared.why);
}

const struct nnue_net *gy__nnue_builtin_net(enum gy_err *err, const char **why)
{
	pthread_once(&shared.once, read_shared);
	if (err)
		*err = shared.err;
	if (why)
		*why = shared.why;
	return shared.err == GY_OK ? &shared.net : NULL;
}
