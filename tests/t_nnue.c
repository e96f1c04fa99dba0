/*
 * tests/t_nnue.c: the learned evaluation's inference (engine/nnue.h,
 * docs/nnue.md "Inference"): features of positions worked out by hand
 * (buckets, mirroring, cumulative hand features), the file's round trip
 * and its bad forms refused with their reason, the accumulators updated
 * move by move equal to them from scratch over random games (drops,
 * captures, promotions, kings crossing buckets), the AVX2 and portable
 * layers equal to the reference on random positions and networks, and
 * the engine's EvalType and EvalFile options: a search with a network is
 * deterministic and legal, and nnue without a network is refused; the
 * default EvalType (nnue with a network built in) and the one built-in
 * network shared by every engine, EvalFile's kept per engine.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "gyoku/engine.h"
#include "gyoku/gyoku.h"
#include "nnue.h"
#include "randplay.h"

static uint64_t rng_state;

static uint64_t rng(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int uniform(int lo, int hi) { return lo + (int)(rng() % (uint64_t)((int64_t)hi - lo + 1)); }

/*
 * A random network: `wild` 0 with a trained network's magnitudes (as
 * tests/tools/nnue_random), 1 with the whole ranges, so that the
 * accumulator's int16 sums wrap and the layers saturate.
 */
static bool random_net(struct nnue_net *net, uint64_t seed, int wild)
{
	if (gy__nnue_alloc(net) != GY_OK)
		return false;
	rng_state = seed;
	int fw = wild ? 32767 : 20, dw = wild ? 127 : 30;
	for (int j = 0; j < NNUE_L1; j++)
		net->ft_bias[j] = (int16_t)(wild ? uniform(-32768, 32767) : uniform(0, 60));
	for (size_t i = 0; i < (size_t)NNUE_FEATURES * NNUE_L1; i++)
		net->ft_weight[i] = (int16_t)uniform(-fw, fw);
	for (int o = 0; o < NNUE_L2; o++) {
		net->l1_bias[o] = wild ? uniform(-1000000, 1000000) : uniform(-2000, 4000);
		for (int i = 0; i < 2 * NNUE_L1; i++)
			net->l1_weight[o][i] = (int8_t)uniform(-dw - wild, dw);
	}
	for (int o = 0; o < NNUE_L3; o++) {
		net->l2_bias[o] = wild ? uniform(-100000, 100000) : uniform(-1000, 3000);
		for (int i = 0; i < NNUE_L2; i++)
			net->l2_weight[o][i] = (int8_t)uniform(-dw - wild, dw);
	}
	net->out_bias = wild ? uniform(-100000, 100000) : uniform(-500, 500);
	for (int i = 0; i < NNUE_L3; i++)
		net->out_weight[i] = (int8_t)uniform(-dw - wild, dw);
	return true;
}

/* `net` in the file format, in memory (malloc'd; *len its length). */
static unsigned char *net_bytes(const struct nnue_net *net, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);
	if (!f)
		return NULL;
	int bad = gy__nnue_write(net, f);
	fclose(f);
	if (bad) {
		free(buf);
		return NULL;
	}
	return (unsigned char *)buf;
}

/* Features: board (bucket, owner, feature type, relative square) and hand (bucket, owner, offset). */
#define BF(b, o, t, sq) ((b)*NNUE_BUCKET_FEATURES + ((o)*NNUE_PTYPES + (t)) * 81 + (sq))
#define HF(b, o, off)   ((b)*NNUE_BUCKET_FEATURES + NNUE_BOARD_FEATURES + (o)*NNUE_HAND_OWNER + (off))

static const struct {
	const char *id, *sfen;
	int c, bucket, mirror, n; /* the perspective, its bucket and mirror, how many features */
	int want[8];              /* features that must be among them (-1 ends) */
} feature_cases[] = {
	/* The start: both kings on file 5, their back rank: bucket (5 - 1) * 3 + 0 = 12. */
	{"nnue-1.1a",
	 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	 GY_BLACK,
	 12,
	 0,
	 40,
	 {BF(12, 0, 7, 44), BF(12, 1, 7, 36), BF(12, 0, 0, 6), BF(12, 1, 5, 64), BF(12, 0, 4, 70), -1}},
	{"nnue-1.1b",
	 "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	 GY_WHITE,
	 12,
	 0,
	 40,
	 /* White sees the board rotated: its king on 5i (44), its rook on 2h (16), Black's on 8b (64). */
	 {BF(12, 0, 7, 44), BF(12, 1, 7, 36), BF(12, 0, 5, 16), BF(12, 1, 5, 64), -1}},
	/* Hands are cumulative: three pawns make the 1st..3rd pawn features; White's two bishops owner 1. */
	{"nnue-1.1c",
	 "4k4/9/9/9/9/9/9/9/4K4 b 3P2b 1",
	 GY_BLACK,
	 12,
	 0,
	 7,
	 {HF(12, 0, 0), HF(12, 0, 1), HF(12, 0, 2), HF(12, 1, 30), HF(12, 1, 31), -1}},
	{"nnue-1.1d",
	 "4k4/9/9/9/9/9/9/9/4K4 b 3P2b 1",
	 GY_WHITE,
	 12,
	 0,
	 7,
	 {HF(12, 1, 0), HF(12, 1, 2), HF(12, 0, 30), HF(12, 0, 31), -1}},
	/* Black's king on 8h: files 6-9 are mirrored, 8h seen as 2h, bucket (2 - 1) * 3 + 1 = 4. */
	{"nnue-1.1e",
	 "4k4/9/9/9/9/9/9/1K7/9 b G 1",
	 GY_BLACK,
	 4,
	 1,
	 3,
	 {BF(4, 0, 7, 16), BF(4, 1, 7, 36), HF(4, 0, 34), -1}},
	/* White's king on 2b (seen from White: 8h, mirrored to 2h): bucket 4; a +L, +N, +S share one type. */
	{"nnue-1.1f",
	 "9/7k1/9/9/9/9/9/+L+N+S6/4K4 w - 1",
	 GY_WHITE,
	 4,
	 1,
	 5,
	 {BF(4, 0, 7, 16), BF(4, 1, 7, 36), BF(4, 1, 9, 73), BF(4, 1, 9, 64), BF(4, 1, 9, 55), -1}},
	/* Black's king on 9c (mirrored: 1c) and on 1c: rank 3, in the group of ranks 1-7: bucket (1 - 1) * 3 + 2 = 2. */
	{"nnue-1.1g", "4k4/9/K8/9/9/9/9/9/9 b - 1", GY_BLACK, 2, 1, 2, {BF(2, 0, 7, 2), -1}},
	{"nnue-1.1h", "4k4/9/8K/9/9/9/9/9/9 b - 1", GY_BLACK, 2, 0, 2, {BF(2, 0, 7, 2), -1}},
};

static void test_features(struct check_tally *t)
{
	for (size_t i = 0; i < sizeof feature_cases / sizeof feature_cases[0]; i++) {
		struct gy_pos p;
		const char *s = feature_cases[i].sfen;
		if (gy_sfen_parse(&p, s, strlen(s), GY_SFEN_STRICT, NULL) != GY_OK) {
			check_fail(t, feature_cases[i].id, "cannot parse %s", s);
			continue;
		}
		int c = feature_cases[i].c, mirror;
		int bucket = gy__nnue_bucket(&p, c, &mirror);
		uint16_t f[NNUE_MAX_ACTIVE];
		int n = gy__nnue_features(&p, c, f);
		char why[128] = "";
		if (bucket != feature_cases[i].bucket || mirror != feature_cases[i].mirror)
			snprintf(why, sizeof why, "bucket %d mirror %d, want %d %d", bucket, mirror,
				 feature_cases[i].bucket, feature_cases[i].mirror);
		else if (n != feature_cases[i].n)
			snprintf(why, sizeof why, "%d features, want %d", n, feature_cases[i].n);
		for (int k = 0; !*why && feature_cases[i].want[k] >= 0; k++) {
			bool found = false;
			for (int j = 0; j < n; j++)
				found |= f[j] == feature_cases[i].want[k];
			if (!found)
				snprintf(why, sizeof why, "feature %d missing", feature_cases[i].want[k]);
		}
		CHECK(t, feature_cases[i].id, !*why, "%s: %s", s, why);
	}
}

/* nnue-1.2: write, read back, write again: the same bytes and the same evaluations. */
static void test_round_trip(struct check_tally *t, const struct nnue_net *net)
{
	size_t len = 0, len2 = 0;
	unsigned char *a = net_bytes(net, &len);
	struct nnue_net back;
	char why[256] = "";
	bool ok = a && gy__nnue_read(&back, a, len, why, sizeof why) == GY_OK;
	unsigned char *b = ok ? net_bytes(&back, &len2) : NULL;
	ok = ok && b && len == len2 && !memcmp(a, b, len) && !strcmp(back.desc, net->desc);
	struct gy_pos p;
	gy_pos_set_start(&p);
	ok = ok && gy__nnue_evaluate_full(&back, &p) == gy__nnue_evaluate_full(net, &p);
	CHECK(t, "nnue-1.2", ok, "round trip differs (%zu, %zu bytes) %s", len, len2, why);
	if (a && b)
		gy__nnue_free(&back);
	free(a);
	free(b);
}

/* nnue-1.3: bad files refused with their reason. */
static void test_bad_files(struct check_tally *t, const struct nnue_net *net)
{
	size_t len = 0;
	unsigned char *good = net_bytes(net, &len);
	if (!good) {
		check_fail(t, "nnue-1.3", "cannot write the network");
		return;
	}
	unsigned char *buf = malloc(len + 1);
	static const struct {
		const char *id, *what, *why;
	} cases[] = {
		{"nnue-1.3a", "empty", "no GYNNUE1 header"}, {"nnue-1.3b", "magic", "no GYNNUE1 header"},
		{"nnue-1.3c", "arch", "another shape"},      {"nnue-1.3d", "header", "cut short"},
		{"nnue-1.3e", "short", "cut short"},         {"nnue-1.3f", "trailing", "bytes after its end"},
		{"nnue-1.3g", "description", "cut short"},
	};
	for (size_t i = 0; buf && i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(buf, good, len);
		size_t n = len;
		const char *what = cases[i].what;
		if (!strcmp(what, "empty"))
			n = 0;
		else if (!strcmp(what, "magic"))
			buf[6] = '2';
		else if (!strcmp(what, "arch"))
			buf[8] ^= 1;
		else if (!strcmp(what, "header"))
			n = 14;
		else if (!strcmp(what, "short"))
			n = len - 1;
		else if (!strcmp(what, "trailing"))
			buf[n++] = 0;
		else if (!strcmp(what, "description"))
			buf[12] = 0xff, buf[13] = 0xff, buf[14] = 0xff;
		struct nnue_net back;
		char why[256] = "";
		enum gy_err err = gy__nnue_read(&back, buf, n, why, sizeof why);
		if (err == GY_OK)
			gy__nnue_free(&back);
		CHECK(t, cases[i].id, err != GY_OK && strstr(why, cases[i].why), "%s: error %d, why '%s'", what,
		      (int)err, why);
	}
	free(buf);
	free(good);
}

/*
 * nnue-1.4: the accumulator updated move by move (and by a null move) is
 * the one from scratch, over random games; nnue-1.5: the AVX2 path, the
 * portable path and the reference agree on those positions.
 */
static void test_incremental(struct check_tally *t, const struct nnue_net *nets[2])
{
	int bad_acc = 0, bad_eval = 0, seen = 0, drops = 0, captures = 0, promotions = 0, crossings = 0, king_moves = 0;
	char why[GY_SFEN_MAX + 128] = "", ewhy[GY_SFEN_MAX + 128] = "";
	for (int w = 0; w < 2; w++) {
		const struct nnue_net *net = nets[w];
		struct randplay g;
		randplay_start(&g, 17 + (uint64_t)w, 300);
		struct nnue_acc acc;
		gy__nnue_acc_init(net, &acc, &g.pos);
		for (int i = 0; i < (w ? 1500 : 4000); i++) {
			struct gy_pos before = g.pos;
			gy_move m = randplay_move(&g);
			if (m == GY_MOVE_NONE) {
				gy__nnue_acc_init(net, &acc, &g.pos);
				continue;
			}
			seen++;
			drops += gy_move_is_drop(m);
			captures += gy_move_captured(m) != 0;
			promotions += gy_move_is_promotion(m);
			if (gy_move_moved(m) == GY_KING) {
				int m0, m1, us = before.side;
				king_moves++;
				crossings += gy__nnue_bucket(&before, us, &m0) != gy__nnue_bucket(&g.pos, us, &m1) ||
					     m0 != m1;
			}
			struct nnue_acc next, fresh, null;
			gy__nnue_acc_update(net, &next, &acc, &g.pos, m);
			gy__nnue_acc_update(net, &null, &next, &g.pos, GY_MOVE_NONE);
			gy__nnue_acc_init(net, &fresh, &g.pos);
			if ((memcmp(&next, &fresh, sizeof fresh) || memcmp(&null, &fresh, sizeof fresh)) &&
			    !bad_acc++) {
				char sfen[GY_SFEN_MAX], usi[GY_USI_MOVE_MAX];
				gy_sfen_write(&g.pos, sfen, sizeof sfen);
				gy_usi_write_move(m, usi);
				snprintf(why, sizeof why, "net %d, after %s: %s", w, usi, sfen);
			}
			acc = fresh;
			int want = gy__nnue_evaluate_full(net, &g.pos);
			int port = gy__nnue_evaluate_acc(net, &next, &g.pos, NNUE_SIMD_PORTABLE);
			int simd = gy__nnue_evaluate_acc(net, &next, &g.pos, NNUE_SIMD_AVX2);
			int fast = gy__nnue_evaluate(net, &g.pos);
			if ((port != want || simd != want || fast != want) && !bad_eval++) {
				char sfen[GY_SFEN_MAX];
				gy_sfen_write(&g.pos, sfen, sizeof sfen);
				snprintf(ewhy, sizeof ewhy, "net %d: portable %d, avx2 %d, fast %d, reference %d: %s",
					 w, port, simd, fast, want, sfen);
			}
		}
	}
	CHECK(t, "nnue-1.4", !bad_acc && drops && captures && promotions && crossings && king_moves > crossings,
	      "%d of %d differ (%d drops, %d captures, %d promotions, %d king moves, %d across buckets): %s", bad_acc,
	      seen, drops, captures, promotions, king_moves, crossings, why);
	CHECK(t, "nnue-1.5", !bad_eval, "%d of %d differ: %s", bad_eval, seen, ewhy);
	if (!gy__nnue_have_avx2())
		check_skip("nnue-1.5b", "no AVX2 on this processor: nnue-1.5 compared the portable path alone");
}

struct run {
	gy_move best;
	uint64_t nodes;
	int score;
};

static void on_info(void *ctx, const struct gy_info *info)
{
	struct run *r = ctx;
	r->nodes = info->nodes;
	r->score = info->score_cp;
}

static void on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	(void)kind;
	(void)ponder;
	((struct run *)ctx)->best = move;
}

/* A fresh search of `p` to `depth`. */
static struct run search(struct gy_engine *e, struct run *r, const struct gy_pos *p, int depth)
{
	memset(r, 0, sizeof *r);
	gy_engine_new_game(e);
	struct gy_limits l;
	memset(&l, 0, sizeof l);
	l.depth = depth;
	if (gy_engine_set_position(e, p, NULL, 0) == GY_OK && gy_engine_go(e, &l) == GY_OK)
		gy_engine_wait(e);
	return *r;
}

/* nnue-1.6, 1.7: the options: EvalFile, EvalType; searches with a network. */
static void test_engine(struct check_tally *t, const struct nnue_net *net)
{
	const char *tmp = getenv("TMPDIR");
	char path[512], bad_path[520];
	snprintf(path, sizeof path, "%s/t_nnue.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!f || gy__nnue_write(net, f) || fclose(f)) {
		check_fail(t, "nnue-1.6", "cannot write %s", path);
		return;
	}
	snprintf(bad_path, sizeof bad_path, "%s.bad", path);
	f = fopen(bad_path, "wb");
	if (f) {
		fputs("GYNNUE2\nnot a network", f);
		fclose(f);
	}
	struct run r;
	struct gy_engine_callbacks cb = {&r, on_info, on_bestmove, NULL, NULL};
	struct gy_engine *e = NULL;
	if (gy_engine_create(&e, &cb) != GY_OK || gy_engine_set_option(e, "USI_Hash", "16") != GY_OK) {
		check_fail(t, "nnue-1.6", "cannot make an engine");
		gy_engine_destroy(e);
		return;
	}
	/* nnue-1.7: no network: refused with a reason, unless one is built in. */
	size_t len;
	bool builtin = gy__nnue_builtin(&len) != NULL;
	enum gy_err err = gy_engine_set_option(e, "EvalType", "nnue");
	if (builtin)
		CHECK(t, "nnue-1.7a", err == GY_OK, "EvalType nnue with the built-in network: %s",
		      gy_engine_option_error(e));
	else
		CHECK(t, "nnue-1.7a", err != GY_OK && strstr(gy_engine_option_error(e), "no network"),
		      "EvalType nnue without a network: error %d, '%s'", (int)err, gy_engine_option_error(e));
	err = gy_engine_set_option(e, "EvalType", "linear");
	CHECK(t, "nnue-1.7b", err == GY_OK, "EvalType linear: %d", (int)err);
	err = gy_engine_set_option(e, "EvalFile", bad_path);
	CHECK(t, "nnue-1.7c", err != GY_OK && strstr(gy_engine_option_error(e), "no GYNNUE1 header"),
	      "a bad EvalFile: error %d, '%s'", (int)err, gy_engine_option_error(e));
	err = gy_engine_set_option(e, "EvalFile", "/nonexistent/gyoku.nnue");
	CHECK(t, "nnue-1.7d", err != GY_OK && strstr(gy_engine_option_error(e), "cannot open"),
	      "a missing EvalFile: error %d, '%s'", (int)err, gy_engine_option_error(e));

	struct gy_pos p;
	const char *sfen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
	if (gy_sfen_parse(&p, sfen, strlen(sfen), GY_SFEN_STRICT, NULL) != GY_OK)
		gy_pos_set_start(&p);
	struct run lin = search(e, &r, &p, 7);
	bool set = gy_engine_set_option(e, "EvalFile", path) == GY_OK &&
		   gy_engine_set_option(e, "EvalType", "nnue") == GY_OK;
	struct run a = search(e, &r, &p, 7), b = search(e, &r, &p, 7);
	/* A bad file later keeps the network loaded. */
	bool kept = gy_engine_set_option(e, "EvalFile", bad_path) != GY_OK;
	struct run c = search(e, &r, &p, 7);
	CHECK(t, "nnue-1.6",
	      set && a.best && gy_move_is_legal(&p, a.best) && a.nodes && a.best == b.best && a.nodes == b.nodes &&
		      a.score == b.score && a.nodes != lin.nodes,
	      "set %d: nnue %#x %llu nodes %d cp, again %#x %llu %d cp; linear %llu nodes", set, a.best,
	      (unsigned long long)a.nodes, a.score, b.best, (unsigned long long)b.nodes, b.score,
	      (unsigned long long)lin.nodes);
	CHECK(t, "nnue-1.7e", kept && c.best == a.best && c.nodes == a.nodes,
	      "after a refused EvalFile: %#x %llu nodes, want %#x %llu", c.best, (unsigned long long)c.nodes, a.best,
	      (unsigned long long)a.nodes);
	/* Back to linear: the linear search again. */
	bool back = gy_engine_set_option(e, "EvalType", "linear") == GY_OK;
	struct run l2 = search(e, &r, &p, 7);
	CHECK(t, "nnue-1.7f", back && l2.nodes == lin.nodes && l2.best == lin.best,
	      "linear again: %llu nodes, want %llu", (unsigned long long)l2.nodes, (unsigned long long)lin.nodes);
	gy_engine_destroy(e);
	unlink(path);
	unlink(bad_path);
}

/* The shared built-in network as a thread sees it. */
static void *builtin_of_thread(void *arg)
{
	*(const struct nnue_net **)arg = gy__nnue_builtin_net(NULL, NULL);
	return NULL;
}

/* A fresh engine (USI_Hash 16) with `name` set to `value` when `name` is not NULL; NULL on a failure. */
static struct gy_engine *engine_with(struct run *r, const char *name, const char *value)
{
	struct gy_engine_callbacks cb = {r, on_info, on_bestmove, NULL, NULL};
	struct gy_engine *e = NULL;
	if (gy_engine_create(&e, &cb) != GY_OK || gy_engine_set_option(e, "USI_Hash", "16") != GY_OK ||
	    (name && gy_engine_set_option(e, name, value) != GY_OK)) {
		gy_engine_destroy(e);
		return NULL;
	}
	return e;
}

/*
 * nnue-1.8: EvalType's default is nnue when a network is built in (usi's
 * option list says so, a new engine searches with it), linear otherwise;
 * every engine shares the one built-in network, read once (pthread_once,
 * also from threads at once), and an EvalFile network is each engine's own.
 */
static void test_default(struct check_tally *t, const struct nnue_net *net)
{
	size_t len;
	bool builtin = gy__nnue_builtin(&len) != NULL;
	const char *def = NULL;
	for (int i = 0; i < gy_engine_option_count(); i++)
		if (!strcmp(gy_engine_option(i)->name, "EvalType"))
			def = gy_engine_option(i)->def;
	CHECK(t, "nnue-1.8a", def && !strcmp(def, builtin ? "nnue" : "linear"), "EvalType's default %s, want %s",
	      def ? def : "(none)", builtin ? "nnue" : "linear");

	struct gy_pos p;
	const char *sfen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";
	if (gy_sfen_parse(&p, sfen, strlen(sfen), GY_SFEN_STRICT, NULL) != GY_OK)
		gy_pos_set_start(&p);
	struct run r;
	struct gy_engine *d = engine_with(&r, NULL, NULL), *lin = engine_with(&r, "EvalType", "linear");
	struct gy_engine *nn = builtin ? engine_with(&r, "EvalType", "nnue") : NULL;
	if (!d || !lin || (builtin && !nn)) {
		check_fail(t, "nnue-1.8b", "cannot make the engines");
		goto done;
	}
	struct run rd = search(d, &r, &p, 6), rl = search(lin, &r, &p, 6);
	if (builtin) {
		struct run rn = search(nn, &r, &p, 6);
		CHECK(t, "nnue-1.8b", rd.nodes == rn.nodes && rd.best == rn.best && rd.nodes != rl.nodes,
		      "the default: %llu nodes, EvalType nnue %llu, linear %llu", (unsigned long long)rd.nodes,
		      (unsigned long long)rn.nodes, (unsigned long long)rl.nodes);
		/* One copy: both engines and every thread see the same network. */
		const struct nnue_net *seen[4] = {NULL, NULL, NULL, NULL};
		pthread_t th[4];
		int started = 0;
		for (int i = 0; i < 4; i++)
			started += pthread_create(&th[i], NULL, builtin_of_thread, &seen[i]) == 0;
		for (int i = 0; i < started; i++)
			pthread_join(th[i], NULL);
		const struct nnue_net *shared = gy__nnue_builtin_net(NULL, NULL);
		bool same = shared && gy__engine_network(d) == shared && gy__engine_network(nn) == shared;
		for (int i = 0; i < started; i++)
			same = same && seen[i] == shared;
		CHECK(t, "nnue-1.8c", same && started == 4, "the built-in network is not one shared copy");
	} else {
		CHECK(t, "nnue-1.8b", rd.nodes == rl.nodes && rd.best == rl.best,
		      "no network built in: the default %llu nodes, linear %llu", (unsigned long long)rd.nodes,
		      (unsigned long long)rl.nodes);
		CHECK(t, "nnue-1.8c", !gy__nnue_builtin_net(NULL, NULL) && !gy__engine_network(d),
		      "no network built in, yet one is shared");
	}
	/* EvalFile: each engine reads its own copy; setting it empty again goes back to the shared one. */
	const char *tmp = getenv("TMPDIR");
	char path[512];
	snprintf(path, sizeof path, "%s/t_nnue.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (!f || gy__nnue_write(net, f) || fclose(f)) {
		check_fail(t, "nnue-1.8d", "cannot write %s", path);
		goto done;
	}
	bool set = gy_engine_set_option(d, "EvalFile", path) == GY_OK &&
		   gy_engine_set_option(lin, "EvalFile", path) == GY_OK;
	const struct nnue_net *nd = gy__engine_network(d), *nl = gy__engine_network(lin);
	CHECK(t, "nnue-1.8d",
	      set && nd && nl && nd != nl && nd != gy__nnue_builtin_net(NULL, NULL) &&
		      !memcmp(nd->ft_weight, net->ft_weight, sizeof(int16_t) * NNUE_L1),
	      "EvalFile's network is not each engine's own");
	bool back = gy_engine_set_option(d, "EvalFile", "") == GY_OK;
	CHECK(t, "nnue-1.8e", back && gy__engine_network(d) == gy__nnue_builtin_net(NULL, NULL),
	      "EvalFile empty again: not the built-in network");
	/* EvalType linear still searches with the linear evaluation, the file loaded or not. */
	struct run rl2 = search(lin, &r, &p, 6);
	CHECK(t, "nnue-1.8f", rl2.nodes == rl.nodes && rl2.best == rl.best,
	      "linear with a file loaded: %llu nodes, want %llu", (unsigned long long)rl2.nodes,
	      (unsigned long long)rl.nodes);
	unlink(path);
done:
	gy_engine_destroy(d);
	gy_engine_destroy(lin);
	gy_engine_destroy(nn);
}

int main(void)
{
	gy_init();
	struct check_tally t = {0, 0};
	test_features(&t);
	struct nnue_net nets[2];
	if (!random_net(&nets[0], 1, 0) || !random_net(&nets[1], 2, 1)) {
		check_fail(&t, "nnue-1.2", "out of memory");
		return check_exit(&t);
	}
	free(nets[0].desc);
	nets[0].desc = strdup("t_nnue: random network, seed 1");
	test_round_trip(&t, &nets[0]);
	test_bad_files(&t, &nets[0]);
	const struct nnue_net *both[2] = {&nets[0], &nets[1]};
	test_incremental(&t, both);
	test_engine(&t, &nets[0]);
	test_default(&t, &nets[0]);
	gy__nnue_free(&nets[0]);
	gy__nnue_free(&nets[1]);
	return check_exit(&t);
}
