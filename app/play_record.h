/*
 * app/play_record.h: saving and loading the game of `gyoku play` as a
 * file whose extension names the format.
 */
#ifndef APP_PLAY_RECORD_H
#define APP_PLAY_RECORD_H

#include <stddef.h>

#include "gyoku/game.h"

/*
 * Writes the main line of `g` to `path` in the format of its extension:
 * .kif and .ki2 (Shift_JIS), .kifu and .ki2u (UTF-8), .csa, .jkf, .sfen
 * (the last position), .usi (the position line).  On failure writes the
 * reason into `msg` and returns non-zero.
 */
int play_record_save(const struct gy_game *g, const char *path, char *msg, size_t size);

/*
 * Reads the record at `path` (by extension, else by content: KIF, KI2,
 * CSA, JKF, SFEN or a USI position line) into a new game `*out`, which
 * the caller destroys.  On failure writes the reason into `msg` and
 * returns non-zero: the file's, as args_read_file words it ("FILE: no
 * such file", "FILE: is a directory", "FILE: the file is empty"), or the
 * record's, with the line and column.
 */
int play_record_load(const char *path, struct gy_game **out, char *msg, size_t size);

#endif
