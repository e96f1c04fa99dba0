/*
 * lib/version.c: gy_version().  The Makefile defines GY_GIT_DESCRIBE for
 * this file alone (from `git describe --always --dirty`, empty outside a
 * git checkout), so that only it is compiled again when the commit changes.
 */
#include "gyoku/version.h"

#ifndef GY_GIT_DESCRIBE
#define GY_GIT_DESCRIBE ""
#endif

const char *gy_version(void)
{
	return sizeof GY_GIT_DESCRIBE > 1 ? GY_VERSION " (git " GY_GIT_DESCRIBE ")" : GY_VERSION;
}
