/*
 * app/args.h: what every command of `gyoku` and `gyoku-usi` shares on its
 * command line: --help, numbers checked whole and within bounds, and
 * whole files read with errors that name the file.
 *
 * The number parsers print their own message to stderr and return false,
 * so that an option loop reads
 *
 *     if (args_is_help(a))
 *             return usage(stdout, 0);             // usage on stdout, exit 0
 *     ...
 *     else if (!strcmp(a, "--level")) {
 *             if (!args_int("gyoku play", a, v, 1, 10, &o->level))
 *                     return 2;                    // the message is printed
 *     } else if (!strcmp(a, "--seed")) {
 *             if (!args_u64("gyoku play", a, v, &o->seed))
 *                     return 2;
 *     } else {
 *             fprintf(stderr, "gyoku play: unknown option '%s'\n", a);
 *             return usage(stderr, 2);             // usage on stderr, exit 2
 *     }
 *
 * and a bad value is refused as
 *
 *     gyoku play: --level: '3x' is not a whole number from 1 to 10
 *
 * A number is whole when all of `text` is read: no sign for args_u64, no
 * spaces, no trailing letters, within range of the type.  The file
 * readers put the reason in a caller's buffer instead (the terminal game
 * shows it in the game), which names the file:
 *
 *     FILE: no such file
 *     FILE: is a directory
 *     FILE: the file is empty
 *     FILE: <strerror text> (permission denied and the like)
 */
#ifndef APP_ARGS_H
#define APP_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The size of a `why` buffer that holds any reason of the file readers with a path of a few hundred bytes. */
enum { ARGS_WHY_MAX = 4352 };

/* The largest file args_read_file reads; larger ones are refused ("FILE: larger than 64 MiB"). */
#define ARGS_FILE_MAX ((size_t)64 << 20)

/* True when `arg` asks for the usage: "--help" or "-h". */
bool args_is_help(const char *arg);

/*
 * Parses all of `text` as a decimal whole number in [lo, hi] into *out.
 * On failure prints "WHO: OPT: 'TEXT' is not a whole number from LO to
 * HI" to stderr, leaves *out alone and returns false.  `who` is the
 * command as the messages of the command name it ("gyoku play"), `opt`
 * the option or the argument ("--level", "depth").
 */
bool args_int(const char *who, const char *opt, const char *text, int lo, int hi, int *out);

/* args_int for 64-bit values: all of `text` in [lo, hi] into *out, or the message and false. */
bool args_i64(const char *who, const char *opt, const char *text, int64_t lo, int64_t hi, int64_t *out);

/*
 * Parses all of `text` as an unsigned decimal number of 64 bits (0 to
 * 18446744073709551615, no sign), as seeds are given.  On failure prints
 * "WHO: OPT: 'TEXT' is not a whole number from 0 to 18446744073709551615"
 * and returns false.
 */
bool args_u64(const char *who, const char *opt, const char *text, uint64_t *out);

/*
 * Parses all of `text` as a finite decimal number ("0.5", "2", "1e-3") in
 * [lo, hi] into *out.  On failure prints "WHO: OPT: 'TEXT' is not a number
 * from LO to HI" (LO and HI as %.15g: "from 0 to 1000000000") and returns
 * false.
 */
bool args_double(const char *who, const char *opt, const char *text, double lo, double hi, double *out);

/*
 * Opens `path` for reading ("-": standard input, returned as stdin),
 * refusing what cannot be a file of input: a missing path, a directory,
 * an empty regular file.  Returns the stream, which the caller closes
 * (unless it is stdin), or NULL with the reason, naming the file, in
 * `why` (see the top of this header).  For files read a line at a time,
 * however large (tune's data, match's openings).
 */
FILE *args_open_file(const char *path, char *why, size_t why_size);

/*
 * Reads the whole of `path` ("-": standard input) into a new buffer
 * `*text` of `*len` bytes plus a terminating NUL, which the caller frees.
 * Refuses what args_open_file refuses, input that turns out empty
 * ("standard input: the input is empty" for "-"), read errors and files
 * over ARGS_FILE_MAX.  Returns 0, or non-zero with *text NULL and the
 * reason, naming the file, in `why`.
 */
int args_read_file(const char *path, char **text, size_t *len, char *why, size_t why_size);

#endif
