/*
 * dev/packed.h: the training data of the network (docs/nnue.md "Data"):
 * positions packed in fixed 40-byte records, written by `gyoku selfplay
 * --packed` and read by `gyoku train`.
 *
 * A record, little-endian:
 *   bytes  0..31  the position (packed_pos_encode: side to move, both
 *                 kings' squares, then each other square and the hands
 *                 in a prefix code), the move number not included
 *   bytes 32..33  int16  the search score from the side to move's view,
 *                        centipawns; a mate in n plies is
 *                        +-(PACKED_MATE - n)
 *   bytes 34..35  uint16 the move played (or the search's best move):
 *                        packed_move16
 *   bytes 36..37  uint16 the game ply of the position (1: the start)
 *   byte  38      int8   the game's result from the side to move's view:
 *                        1 win, 0 draw, -1 loss
 *   byte  39      uint8  flags: PACKED_IN_CHECK, PACKED_CAPTURE (the
 *                        move takes a piece), PACKED_PROMOTION
 *
 * Files: a run of `gyoku selfplay --packed DIR` writes DIR/run.txt (the
 * command and the seed) and chunks DIR/chunk-NNNNNN.bin of whole games'
 * records; a chunk is written under a temporary name and renamed when
 * complete, so a run stopped and started again with the same arguments
 * plays only the chunks that are missing, and chunk k is the same bytes
 * whoever plays it (its games are seeded by (seed, game index)).
 */
#ifndef DEV_PACKED_H
#define DEV_PACKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gyoku/position.h"

enum { PACKED_POS_BYTES = 32, PACKED_RECORD_BYTES = 40, PACKED_MATE = 32000 };
enum { PACKED_IN_CHECK = 1, PACKED_CAPTURE = 2, PACKED_PROMOTION = 4 };

struct packed_record {
	uint8_t pos[PACKED_POS_BYTES];
	int16_t score;
	uint16_t move;
	uint16_t ply;
	int8_t result;
	uint8_t flags;
};

/* Packs `p` (any legal position) into `out`; returns 0, or -1 if it does not fit (it always should). */
int packed_pos_encode(const struct gy_pos *p, uint8_t out[PACKED_POS_BYTES]);

/* Unpacks into `p` (with move number `ply`); returns 0, or -1 for bytes that are no position. */
int packed_pos_decode(const uint8_t in[PACKED_POS_BYTES], int ply, struct gy_pos *p);

/* A move in 16 bits: to (7 bits), from or 81 + drop type (7 bits), promotion (1 bit). */
uint16_t packed_move16(gy_move m);

/* The move of `p` that packed_move16 gave `m16`, or GY_MOVE_NONE when none of p's legal moves is it. */
gy_move packed_move_from16(const struct gy_pos *p, uint16_t m16);

/* A record to its 40 bytes and back (the layout above, whatever the host's byte order). */
void packed_record_write(const struct packed_record *r, uint8_t out[PACKED_RECORD_BYTES]);
void packed_record_read(const uint8_t in[PACKED_RECORD_BYTES], struct packed_record *r);

/*
 * Reading the data: a chunk (DIR/chunk-NNNNNN.bin, numbered from 0, six
 * digits) is a plain array of records, no header, the games one after
 * another, each game's positions in the order played.  A run's chunks
 * are the files that match that name; temporary files (".tmp" at the end)
 * are not chunks.
 */

/* The path of chunk `k` of `dir` into `buf`; returns the length, as snprintf does. */
int packed_chunk_path(const char *dir, long k, char *buf, size_t size);

/*
 * Reads up to `n` records from `f` into `r`; returns how many, 0 at the
 * end of the file, or -1 on a read error or a partial record at the end.
 */
long packed_read_records(FILE *f, struct packed_record *r, long n);

/* Writes `n` records to `f`; returns 0, or -1 on a write error. */
int packed_write_records(FILE *f, const struct packed_record *r, long n);

#endif
