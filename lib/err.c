/*
 * lib/err.c: the messages of enum gy_err.
 */
#include "gyoku/err.h"

const char *gy_strerror(enum gy_err err)
{
	static const char *const msg[GY_ERR_NB] = {
#define GY_ERR_MSG(name, text) text,
		GY_ERR_LIST(GY_ERR_MSG)
#undef GY_ERR_MSG
	};
	return (unsigned)err < GY_ERR_NB ? msg[err] : "unknown error";
}
