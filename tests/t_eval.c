/*
 * tests/t_eval.c: the engine's evaluation (engine/eval.h) on positions of
 * weighted random play: the feature list sums to the evaluation, every
 * feature index is in range, and the evaluation is the same for a position,
 * its colours swapped (board turned, hands and side to move exchanged) and
 * its mirror image (files reversed), with the engine's weights and with
 * weights made of noise, so that every feature is tested, tuned or not;
 * and the game phase that blends the opening and endgame weights.  The
 * one planned exception: KPA does not mirror a king on file 5 (eval.h),
 * so the mirror images of such positions are compared with the noise of
 * those KPA blocks set to zero.  The board pieces' terms updated move by
 * move (struct eval_acc) equal them summed from scratch.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "eval.h"
#include "randplay.h"

enum { POSITIONS = 3000 };

/* The SFEN of `p` with its board turned and colours exchanged (flip) or its files reversed (mirror). */
static void transform(const struct gy_pos *p, bool flip, char *out, size_t size)
{
	char sfen[GY_SFEN_MAX], cell[9][9][3];
	gy_sfen_write(p, sfen, sizeof sfen);
	/* Step 1: the board into cells, rank by rank as SFEN lists them (files 9 to 1). */
	memset(cell, 0, sizeof cell);
	const char *s = sfen;
	for (int r = 0, f = 0; *s && *s != ' '; s++) {
		if (*s == '/') {
			r++, f = 0;
		} else if (isdigit((unsigned char)*s)) {
			f += *s - '0';
		} else {
			char *c = cell[r][f];
			if (*s == '+')
				*c++ = *s++;
			*c = *s;
			f++;
		}
	}
	/* Step 2: write the board back turned or mirrored. */
	size_t n = 0;
	for (int r = 0; r < 9; r++) {
		int empty = 0;
		for (int f = 0; f < 9; f++) {
			const char *c = flip ? cell[8 - r][8 - f] : cell[r][8 - f];
			if (!*c) {
				empty++;
				continue;
			}
			if (empty)
				out[n++] = (char)('0' + empty), empty = 0;
			for (; *c; c++)
				out[n++] = flip && isalpha((unsigned char)*c)
						   ? (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
										       : toupper((unsigned char)*c))
						   : *c;
		}
		if (empty)
			out[n++] = (char)('0' + empty);
		if (r < 8)
			out[n++] = '/';
	}
	/* Step 3: the side to move and the hands, colours exchanged when flipping. */
	char side[8], hands[64];
	int moveno = 1;
	if (sscanf(s, " %7s %63s %d", side, hands, &moveno) < 2)
		side[0] = 'b', strcpy(hands, "-");
	for (char *c = hands; flip && *c; c++)
		if (isalpha((unsigned char)*c))
			*c = (char)(isupper((unsigned char)*c) ? tolower((unsigned char)*c)
							       : toupper((unsigned char)*c));
	snprintf(out + n, size - n, " %c %s %d", flip ? (side[0] == 'b' ? 'w' : 'b') : side[0], hands, moveno);
}

/* Weights of noise in [-200, 200], fixed by the seed. */
static void noise_weights(int16_t *w, uint64_t seed)
{
	for (int i = 0; i < EVAL_NB; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		w[i] = (int16_t)((int)(seed >> 33) % 401 - 200);
	}
}

/* Zeroes the KPA blocks of a king on file 5 (buckets 16-19), both sides' pieces, both phases. */
static void zero_center_kpa(int16_t *w)
{
	for (int phase = 0; phase < 2; phase++)
		for (int enemy = 0; enemy < 2; enemy++)
			for (int b = 16; b < 20; b++)
				memset(w + phase * EVAL_PHASE_NB + EVAL_KPA + (enemy * 20 + b) * 16 * 81, 0,
				       sizeof *w * 16 * 81);
}

/* Whether a king stands on file 5 (where KPA does not mirror). */
static bool king_on_center(const struct gy_pos *p)
{
	for (int c = 0; c < GY_COLOR_NB; c++)
		if (p->king[c] != GY_SQ_NONE && gy_file_of(p->king[c]) == 5)
			return true;
	return false;
}

int main(void)
{
	struct check_tally t = {0, 0};
	gy_init();
	static int16_t noise[EVAL_NB], noise_mirror[EVAL_NB];
	noise_weights(noise, 7);
	memcpy(noise_mirror, noise, sizeof noise);
	zero_center_kpa(noise_mirror);
	const int16_t *weights[2] = {gy__eval_weights, noise};
	struct randplay r;
	randplay_start(&r, 11, 160);
	int bad_sum = 0, bad_index = 0, bad_flip = 0, bad_mirror = 0, seen = 0;
	char why[4][2 * GY_SFEN_MAX + 96] = {"", "", "", ""};
	for (int i = 0; i < POSITIONS; i++) {
		randplay_step(&r);
		const struct gy_pos *p = &r.pos;
		struct eval_feature f[EVAL_MAX_FEATURES];
		int n = gy__eval_features(p, f);
		char sfen[GY_SFEN_MAX];
		gy_sfen_write(p, sfen, sizeof sfen);
		seen++;
		for (int j = 0; j < n; j++)
			if (f[j].index >= EVAL_PHASE_NB && !bad_index++)
				snprintf(why[1], sizeof why[1], "index %d of %d in %s", f[j].index, EVAL_PHASE_NB,
					 sfen);
		for (int wi = 0; wi < 2; wi++) {
			const int16_t *w = weights[wi];
			int open = 0, end = 0, ph = gy__eval_phase(p);
			for (int j = 0; j < n && f[j].index < EVAL_PHASE_NB; j++) {
				open += w[f[j].index] * f[j].count;
				end += w[EVAL_PHASE_NB + f[j].index] * f[j].count;
			}
			int sum = (open * (EVAL_PHASE_MAX - ph) + end * ph) / EVAL_PHASE_MAX;
			int v = gy__eval_with(w, p);
			if ((p->side == GY_BLACK ? sum : -sum) != v && !bad_sum++)
				snprintf(why[0], sizeof why[0], "features sum to %d, eval %d: %s", sum, v, sfen);
			for (int flip = 0; flip < 2; flip++) {
				char other[GY_SFEN_MAX];
				struct gy_pos q;
				transform(p, flip, other, sizeof other);
				if (gy_sfen_parse(&q, other, strlen(other), GY_SFEN_STRICT, NULL) != GY_OK) {
					snprintf(why[2 + !flip], sizeof why[0], "cannot read %s (from %s)", other,
						 sfen);
					(*(flip ? &bad_flip : &bad_mirror))++;
					continue;
				}
				int u = gy__eval_with(w, &q), want = v;
				if (!flip && king_on_center(p)) {
					if (wi == 0)
						continue;
					u = gy__eval_with(noise_mirror, &q);
					want = gy__eval_with(noise_mirror, p);
				}
				if (u != want && !(*(flip ? &bad_flip : &bad_mirror))++)
					snprintf(why[2 + !flip], sizeof why[0], "%d for %s, %d for %s", want, sfen, u,
						 other);
			}
		}
	}
	CHECK(&t, "eval-1.1", !bad_sum, "%d of %d: %s", bad_sum, 2 * seen, why[0]);
	CHECK(&t, "eval-1.2", !bad_index, "%d: %s", bad_index, why[1]);
	CHECK(&t, "eval-1.3", !bad_flip, "colours swapped, %d of %d: %s", bad_flip, 2 * seen, why[2]);
	CHECK(&t, "eval-1.4", !bad_mirror, "mirrored, %d of %d: %s", bad_mirror, 2 * seen, why[3]);

	/* The accumulator updated move by move is the one made from scratch, and evaluates as eval_evaluate. */
	struct randplay g;
	randplay_start(&g, 13, 200);
	struct eval_acc acc;
	gy__eval_acc_init(&acc, &g.pos);
	int bad_acc = 0, king_moves = 0;
	char awhy[GY_SFEN_MAX + 96] = "";
	for (int i = 0; i < POSITIONS; i++) {
		gy_move m = randplay_move(&g);
		if (m == GY_MOVE_NONE) {
			gy__eval_acc_init(&acc, &g.pos);
			continue;
		}
		king_moves += gy_move_moved(m) == GY_KING;
		struct eval_acc next, fresh, null;
		gy__eval_acc_update(&next, &acc, &g.pos, m);
		gy__eval_acc_update(&null, &next, &g.pos, GY_MOVE_NONE);
		gy__eval_acc_init(&fresh, &g.pos);
		acc = next;
		int v = gy__eval_acc_evaluate(&acc, &g.pos), want = eval_evaluate(&g.pos);
		if ((memcmp(&next, &fresh, sizeof fresh) || memcmp(&null, &fresh, sizeof fresh) || v != want) &&
		    !bad_acc++) {
			char sfen[GY_SFEN_MAX], usi[GY_USI_MOVE_MAX];
			gy_sfen_write(&g.pos, sfen, sizeof sfen);
			gy_usi_write_move(m, usi);
			snprintf(awhy, sizeof awhy, "after %s: %d, want %d: %s", usi, v, want, sfen);
			gy__eval_acc_init(&acc, &g.pos);
		}
	}
	CHECK(&t, "eval-1.6", !bad_acc && king_moves > 0, "%d of %d (%d king moves): %s", bad_acc, POSITIONS,
	      king_moves, awhy);

	/* The game phase: none at the start, its cap with full hands, counted as eval.h says in between. */
	static const struct {
		const char *sfen;
		int phase;
	} phases[] = {
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0},
		{"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3", 0},
		{"lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5", 4},
		{"4k4/9/9/9/9/9/9/9/4K4 b P5p 1", 5},
		{"4k4/1+P7/9/9/9/9/9/9/4K4 b - 1", 1},
		{"4k4/9/9/9/9/9/9/7+p1/4K4 b - 1", 1},
		{"4k4/9/9/9/9/9/p8/9/4K4 b - 1", 1},
		{"4k4/9/9/9/9/p8/9/9/4K4 b - 1", 0},
		{"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1", EVAL_PHASE_MAX},
	};
	int bad_phase = 0;
	char pwhy[160] = "";
	for (size_t i = 0; i < sizeof phases / sizeof phases[0]; i++) {
		struct gy_pos p;
		int got = -1;
		if (gy_sfen_parse(&p, phases[i].sfen, strlen(phases[i].sfen), GY_SFEN_STRICT, NULL) == GY_OK)
			got = gy__eval_phase(&p);
		if (got != phases[i].phase && !bad_phase++)
			snprintf(pwhy, sizeof pwhy, "phase %d, want %d: %s", got, phases[i].phase, phases[i].sfen);
	}
	CHECK(&t, "eval-1.5", !bad_phase, "%s", pwhy);
	return check_exit(&t);
}
