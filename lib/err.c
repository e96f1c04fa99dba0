/*
 * lib/err.c: the messages and classes of enum gy_err, from GY_ERR_LIST.
 */
#include "gyoku/err.h"

const char *gy_strerror(enum gy_err err)
{
	static const char *const msg[GY_ERR_NB] = {
#define GY_ERR_MSG(name, cls, text) text,
		GY_ERR_LIST(GY_ERR_MSG)
#undef GY_ERR_MSG
	};
	return (unsigned)err < GY_ERR_NB ? msg[err] : "unknown error";
}

enum gy_err_class gy_err_class(enum gy_err err)
{
	static const enum gy_err_class classes[GY_ERR_NB] = {
#define GY_ERR_CLASS(name, cls, text) GY_ERR_CLASS_##cls,
		GY_ERR_LIST(GY_ERR_CLASS)
#undef GY_ERR_CLASS
	};
	return (unsigned)err < GY_ERR_NB ? classes[err] : GY_ERR_CLASS_ARG;
}
