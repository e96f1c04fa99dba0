/*
 * tests/tools/randpos.c: prints positions reached by random play, one per
 * line as "SFEN<TAB>legal moves" (USI, space separated), for comparison
 * with an independent implementation (tests/oracle/legal.mjs), and a
 * summary of what the positions contain on stderr.
 *
 * usage: randpos SEED COUNT
 */
#include <stdio.h>
#include <stdlib.h>

#include "gyoku/gyoku.h"
#include "randplay.h"

int main(int argc, char **argv)
{
	if (argc != 3) {
		fputs("usage: randpos SEED COUNT\n", stderr);
		return 2;
	}
	gy_init();
	struct randplay r;
	randplay_start(&r, strtoull(argv[1], NULL, 10), 300);
	long count = strtol(argv[2], NULL, 10);
	long in_check = 0, with_drops = 0, with_promoted = 0, promo_moves = 0, mated = 0, moves = 0;
	for (long n = 0; n < count; n++) {
		char sfen[GY_SFEN_MAX], usi[GY_USI_MOVE_MAX];
		struct gy_movelist list;
		struct gy_pos *p = &r.pos;
		gy_sfen_write(p, sfen, sizeof sfen);
		list.n = 0;
		gy_gen(p, GY_GEN_LEGAL, &list);
		fputs(sfen, stdout);
		putchar('\t');
		bool drops = false;
		for (int i = 0; i < list.n; i++) {
			gy_usi_write_move(list.moves[i], usi);
			fputs(usi, stdout);
			if (i + 1 < list.n)
				putchar(' ');
			drops |= gy_move_is_drop(list.moves[i]);
			promo_moves += gy_move_is_promotion(list.moves[i]);
		}
		putchar('\n');
		moves += list.n;
		in_check += gy_pos_in_check(p);
		with_drops += drops;
		mated += list.n == 0;
		for (int pt = GY_PRO_PAWN; pt <= GY_DRAGON; pt++)
			if (p->by_type[pt]) {
				with_promoted++;
				break;
			}
		randplay_step(&r);
	}
	fprintf(stderr,
		"randpos: %ld positions, %ld legal moves (%ld promotions); %ld in check, %ld mated, %ld with drops, "
		"%ld with promoted pieces\n",
		count, moves, promo_moves, in_check, mated, with_drops, with_promoted);
	return 0;
}
