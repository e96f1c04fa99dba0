/*
 * gyoku/version.h: the version of gyoku, one for the library, the
 * commands and the engine's USI name.
 */
#ifndef GYOKU_VERSION_H
#define GYOKU_VERSION_H

/* The release this source tree belongs to. */
#define GY_VERSION "0.1.0"

/*
 * The version of this build: GY_VERSION followed by the `git describe`
 * of the checkout it was built from, when the Makefile found one
 * ("0.1.0 (git eff0976)", "0.1.0 (git eff0976-dirty)"), else GY_VERSION
 * alone.  `gyoku --version`, `gyoku-usi --version` and the engine's
 * "id name gyoku <version>" print it.  A static string; thread-safe.
 */
const char *gy_version(void);

#endif
