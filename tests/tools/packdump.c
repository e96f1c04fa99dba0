/*
 * tests/tools/packdump.c: the training records of chunk files (dev/packed.h)
 * as text, one a line: SFEN <TAB> score <TAB> move (USI, "-" for none)
 * <TAB> ply <TAB> result <TAB> flags; then on stderr a summary, and
 * "packdump: N bad" with the first few problems when a record is not
 * sound: a position that does not unpack, a move that is not legal there,
 * a result out of -1..1, flags that are not the position's and the move's,
 * or (within a file) a record after one of the same game that is not the
 * position the move led to.  Exits 1 when a record is bad.
 *
 * usage: packdump FILE...
 */
#include <stdio.h>
#include <string.h>

#include "gyoku/gyoku.h"
#include "packed.h"

static long bad;

static void problem(const char *file, long i, const char *why)
{
	if (bad++ < 10)
		fprintf(stderr, "packdump: %s: record %ld: %s\n", file, i, why);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs("usage: packdump FILE...\n", stderr);
		return 2;
	}
	gy_init();
	long records = 0, games = 0, moves = 0;
	for (int a = 1; a < argc; a++) {
		FILE *f = fopen(argv[a], "rb");
		if (!f) {
			perror(argv[a]);
			return 2;
		}
		struct packed_record r;
		struct gy_pos prev, p;
		bool have_prev = false;
		gy_move prev_move = GY_MOVE_NONE;
		long i = 0, got;
		while ((got = packed_read_records(f, &r, 1)) == 1) {
			char sfen[GY_SFEN_MAX], usi[GY_USI_MOVE_MAX] = "-";
			if (packed_pos_decode(r.pos, r.ply, &p)) {
				problem(argv[a], i++, "no position");
				have_prev = false;
				continue;
			}
			gy_move m = packed_move_from16(&p, r.move);
			if (r.move && !m)
				problem(argv[a], i, "the move is not legal");
			if (m)
				gy_usi_write_move(m, usi);
			int flags = (gy_pos_in_check(&p) ? PACKED_IN_CHECK : 0) |
				    (m && gy_move_captured(m) ? PACKED_CAPTURE : 0) |
				    (m && gy_move_is_promotion(m) ? PACKED_PROMOTION : 0);
			if (r.flags != flags)
				problem(argv[a], i, "flags not the position's and the move's");
			if (r.result < -1 || r.result > 1)
				problem(argv[a], i, "result out of -1..1");
			/* A record one ply after the last one of the file continues its game. */
			bool next = have_prev && r.ply == prev.movenum + 1 && prev_move;
			if (next) {
				struct gy_undo u;
				gy_pos_do(&prev, prev_move, &u);
				if (gy_pos_key(&prev) != gy_pos_key(&p))
					next = false; /* a new game that happens to have that ply */
			}
			games += !next;
			moves += m != GY_MOVE_NONE;
			gy_sfen_write(&p, sfen, sizeof sfen);
			printf("%s\t%d\t%s\t%d\t%d\t%d\n", sfen, r.score, usi, r.ply, r.result, r.flags);
			prev = p;
			prev_move = m;
			have_prev = true;
			i++;
		}
		if (got < 0)
			problem(argv[a], i, "a read error or a partial record at the end");
		records += i;
		fclose(f);
	}
	fprintf(stderr, "packdump: %ld records, %ld with moves, %ld runs of consecutive positions\n", records, moves,
		games);
	if (bad)
		fprintf(stderr, "packdump: %ld bad\n", bad);
	return bad ? 1 : 0;
}
