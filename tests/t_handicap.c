/*
 * tests/t_handicap.c: the handicap presets and the CSA PI line, as data
 * (style.md rule 13).  Reads tests/data/handicap.txt (or the file given as
 * argument), one case a line, of three shapes:
 *
 *   id <TAB> preset <TAB> ID <TAB> KIF <TAB> PI <TAB> SFEN <TAB> REMOVED <TAB> PI-PRESET
 *       The preset ID has exactly this KIF name, PI line and SFEN; the SFEN
 *       parses in strict mode and has legal moves (perft 1 > 0); the giver
 *       (Gote, to move) or Sente in the even game; lookups by id, KIF name,
 *       SFEN and position give it back; the PI line (and the same pairs in
 *       reverse order) applied to the even start gives the SFEN's board,
 *       and gy_handicap_by_csa_pi gives PI-PRESET; REMOVED (SFEN hand
 *       letters, "-" for none) is its removed pieces and equals the full
 *       set minus the giver's board and hand.
 *   id <TAB> pi <TAB> TEXT <TAB> b|w <TAB> SFEN | ERROR@COL
 *       gy_csa_pi_apply gives the SFEN (compared with gy_sfen_write), or
 *       fails with GY_ERR_ERROR at that column.
 *   id <TAB> lookup <TAB> id|kif|sfen|pi <TAB> TEXT <TAB> PRESET | -
 *       The lookup of that kind gives the preset ID, or NULL for "-".
 *
 * Then one case in code: every preset of the table appears in the file.
 * Prints one PASS/FAIL line per case (check.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "datafile.h"
#include "gyoku/gyoku.h"
#include "gyoku/handicap.h"

static bool seen[GY_HANDICAP_NB];

/* The index of `h` in the table, -1 for NULL. */
static int index_of(const struct gy_handicap *h)
{
	for (int i = 0; i < GY_HANDICAP_NB; i++)
		if (gy_handicap_at(i) == h)
			return i;
	return -1;
}

static const char *name_of(const struct gy_handicap *h) { return h ? h->id : "(none)"; }

/* The first field of an SFEN: its board. */
static size_t board_len(const char *sfen) { return strcspn(sfen, " "); }

/* Reverses the order of the pairs of the PI line `pi` into `out`. */
static void reverse_pi(const char *pi, char *out, size_t size)
{
	size_t n = strlen(pi), pairs = (n - 2) / 4;
	if (n + 1 > size || (n - 2) % 4)
		return;
	memcpy(out, "PI", 2);
	for (size_t i = 0; i < pairs; i++)
		memcpy(out + 2 + 4 * i, pi + 2 + 4 * (pairs - 1 - i), 4);
	out[n] = '\0';
}

static void run_preset(struct check_tally *t, const char *id, char **f)
{
	char why[512] = "";
	const struct gy_handicap *h = gy_handicap_by_id(f[2], strlen(f[2]));
	if (!h) {
		check_fail(t, id, "no preset with id %s", f[2]);
		return;
	}
	seen[index_of(h)] = true;
	struct gy_pos pos, pi_pos, want_removed;
	if (strcmp(h->kif, f[3]) || strcmp(h->csa_pi, f[4]) || strcmp(h->sfen, f[5])) {
		check_fail(t, id, "table has %s | %s | %s", h->kif, h->csa_pi, h->sfen);
		return;
	}
	enum gy_err err = gy_sfen_parse(&pos, h->sfen, strlen(h->sfen), GY_SFEN_STRICT, NULL);
	if (err) {
		check_fail(t, id, "SFEN rejected: %s", gy_strerror(err));
		return;
	}
	int giver = index_of(h) == 0 ? GY_BLACK : GY_WHITE;
	if (pos.side != giver)
		snprintf(why, sizeof why, "side to move is %d", pos.side);
	else if (gy_perft(&pos, 1) == 0)
		snprintf(why, sizeof why, "no legal move");
	else if (gy_handicap_by_kif(f[3], strlen(f[3])) != h)
		snprintf(why, sizeof why, "by_kif gives %s", name_of(gy_handicap_by_kif(f[3], strlen(f[3]))));
	else if (gy_handicap_by_sfen(f[5], strlen(f[5])) != h)
		snprintf(why, sizeof why, "by_sfen gives %s", name_of(gy_handicap_by_sfen(f[5], strlen(f[5]))));
	else if (gy_handicap_by_pos(&pos) != h)
		snprintf(why, sizeof why, "by_pos gives %s", name_of(gy_handicap_by_pos(&pos)));
	if (*why) {
		check_fail(t, id, "%s", why);
		return;
	}

	/* The PI line gives the board. */
	char sfen[GY_SFEN_MAX], rev[128] = "";
	err = gy_csa_pi_apply(&pi_pos, f[4], strlen(f[4]), giver, NULL);
	gy_sfen_write(&pi_pos, sfen, sizeof sfen);
	const struct gy_handicap *by_pi = gy_handicap_by_csa_pi(f[4], strlen(f[4]));
	reverse_pi(f[4], rev, sizeof rev);
	if (err)
		snprintf(why, sizeof why, "PI rejected: %s", gy_strerror(err));
	else if (board_len(sfen) != board_len(h->sfen) || strncmp(sfen, h->sfen, board_len(sfen)))
		snprintf(why, sizeof why, "PI gives %s", sfen);
	else if (by_pi != gy_handicap_by_id(f[7], strlen(f[7])) || !by_pi)
		snprintf(why, sizeof why, "by_csa_pi gives %s, want %s", name_of(by_pi), f[7]);
	else if (gy_handicap_by_csa_pi(rev, strlen(rev)) != by_pi)
		snprintf(why, sizeof why, "by_csa_pi(%s) gives %s", rev,
			 name_of(gy_handicap_by_csa_pi(rev, strlen(rev))));
	if (*why) {
		check_fail(t, id, "%s", why);
		return;
	}

	/* The removed pieces. */
	char text[64];
	snprintf(text, sizeof text, "4k4/9/9/9/9/9/9/9/4K4 b %s 1", f[6]);
	err = gy_sfen_parse(&want_removed, text, strlen(text), GY_SFEN_STRICT, NULL);
	gy_hand removed = gy_handicap_removed_hand(h);
	int full[GY_HAND_NB] = {0, 18, 4, 4, 4, 2, 2, 4};
	for (int pt = GY_PAWN; pt < GY_HAND_NB; pt++)
		full[pt] = full[pt] / 2 - gy_hand_count(pos.hand[giver], pt);
	for (gy_sq sq = 0; sq < GY_SQ_NB; sq++) {
		gy_piece pc = pos.board[sq];
		if (pc && gy_piece_color(pc) == giver && gy_piece_type(pc) != GY_KING)
			full[gy_ptype_demote(gy_piece_type(pc))]--;
	}
	if (err)
		snprintf(why, sizeof why, "bad REMOVED field %s", f[6]);
	else if (removed != want_removed.hand[GY_BLACK])
		snprintf(why, sizeof why, "removed hand %#x, want %#x", removed, want_removed.hand[GY_BLACK]);
	for (int pt = GY_PAWN; pt < GY_HAND_NB && !*why; pt++)
		if (full[pt] != h->removed[pt])
			snprintf(why, sizeof why, "type %d: %d missing from the position, removed says %d", pt,
				 full[pt], h->removed[pt]);
	CHECK(t, id, !*why, "%s", why);
}

static void run_pi(struct check_tally *t, const char *id, char **f)
{
	struct gy_pos p;
	struct gy_srcpos where = {0, 0};
	int side = !strcmp(f[3], "w") ? GY_WHITE : GY_BLACK;
	enum gy_err err = gy_csa_pi_apply(&p, f[2], strlen(f[2]), side, &where);
	const char *at = strchr(f[4], '@');
	if (at) {
		int want = datafile_err_from_name(f[4], (size_t)(at - f[4]));
		long col = datafile_number(at + 1);
		CHECK(t, id, (int)err == want && col == where.col, "got %s at column %d", datafile_err_name(err),
		      where.col);
		return;
	}
	char sfen[GY_SFEN_MAX];
	gy_sfen_write(&p, sfen, sizeof sfen);
	if (err)
		check_fail(t, id, "rejected: %s at column %d", datafile_err_name(err), where.col);
	else
		CHECK(t, id, !strcmp(sfen, f[4]) && gy_pos_is_ok(&p), "gives %s", sfen);
}

static void run_lookup(struct check_tally *t, const char *id, char **f)
{
	const char *s = f[3];
	size_t n = strlen(s);
	const struct gy_handicap *h;
	if (!strcmp(f[2], "id"))
		h = gy_handicap_by_id(s, n);
	else if (!strcmp(f[2], "kif"))
		h = gy_handicap_by_kif(s, n);
	else if (!strcmp(f[2], "sfen"))
		h = gy_handicap_by_sfen(s, n);
	else if (!strcmp(f[2], "pi"))
		h = gy_handicap_by_csa_pi(s, n);
	else {
		check_fail(t, id, "unknown lookup kind %s", f[2]);
		return;
	}
	const char *want = f[4];
	bool ok = !strcmp(want, "-") ? h == NULL : h == gy_handicap_by_id(want, strlen(want)) && h;
	CHECK(t, id, ok, "gives %s, want %s", name_of(h), want);
}

/* Runs the case on the current line of `d`. */
static void run_case(struct check_tally *t, struct datafile *d, struct datafile_ids *ids)
{
	char *f[DATAFILE_MAX_FIELDS] = {0};
	char lid[48];
	snprintf(lid, sizeof lid, "handicap-line-%d", d->lineno);
	int nf = datafile_split(d->line, f);
	bool shape = nf >= 2 && datafile_id_ok(f[0]) &&
		     ((!strcmp(f[1], "preset") && nf == 8) || (!strcmp(f[1], "pi") && nf == 5) ||
		      (!strcmp(f[1], "lookup") && nf == 5));
	if (!shape) {
		check_fail(t, lid, "%s:%d: malformed line (see tests/t_handicap.c)", d->path, d->lineno);
		return;
	}
	if (!datafile_id_new(ids, f[0])) {
		check_fail(t, lid, "%s:%d: duplicate case id %s", d->path, d->lineno, f[0]);
		return;
	}
	if (!strcmp(f[1], "preset"))
		run_preset(t, f[0], f);
	else if (!strcmp(f[1], "pi"))
		run_pi(t, f[0], f);
	else
		run_lookup(t, f[0], f);
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "tests/data/handicap.txt";
	struct check_tally t = {0, 0};
	gy_init();
	datafile_run(&t, path, "handicap", run_case);

	/* handicap-9.1: the data file covers the whole table, and the iteration ends. */
	char missing[256] = "";
	for (int i = 0; i < GY_HANDICAP_NB; i++)
		if (!seen[i] && strlen(missing) + strlen(gy_handicap_at(i)->id) + 2 < sizeof missing) {
			strcat(missing, " ");
			strcat(missing, gy_handicap_at(i)->id);
		}
	CHECK(&t, "handicap-9.1", !*missing && !gy_handicap_at(GY_HANDICAP_NB) && !gy_handicap_at(-1), "not in %s:%s",
	      path, missing);
	return check_exit(&t);
}
