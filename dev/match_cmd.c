/*
 * dev/match_cmd.c: `gyoku match`: the options, the game slots (one
 * thread and one pair of engine processes each), the result lines, the
 * records and the final statistics.  Games are numbered from 1; game i
 * plays opening (i-1)/2 (cycling through the file), the first engine
 * taking Sente in odd games and Gote in even ones.
 *
 * Invariants: the shared fields of struct match below `lock` are read and
 * written with it held; a slot's engines belong to its thread alone.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "args.h"
#include "commands.h"
#include "gyoku/csa.h"
#include "gyoku/kif.h"
#include "gyoku/textenc.h"
#include "match_game.h"
#include "match_openings.h"
#include "match_stats.h"

enum { MATCH_CONCURRENCY_MAX = 64 };

/* The command, in the messages of args.h. */
static const char WHO[] = "gyoku match";

struct match {
	struct match_rules rules;
	struct match_engine engines[2];
	int nengines;
	struct openings openings;
	int games;
	int concurrency;
	const char *out_path;
	bool out_kif;
	bool out_sjis;
	bool sprt_on;
	struct match_sprt sprt;
	enum match_sprt_decision sprt_decision; /* the decision that stopped the match, and after how many games */
	int sprt_decided_at;
	char tc_text[64];

	pthread_mutex_t lock;
	int next_game;
	int played;
	bool stop;
	bool failed;
	struct match_wdl wdl;
	FILE *out;
	int records;
};

static int usage(FILE *f, int status)
{
	fputs("usage: gyoku match --engine CMD [--name NAME] [--option NAME=VALUE ...] [--swap-times]\n"
	      "                   --engine CMD [--name NAME] [--option NAME=VALUE ...] [--swap-times]\n"
	      "                   --games N (--tc MAIN[+INC] | --byoyomi MS | --nodes N)\n"
	      "                   [--openings FILE] [--concurrency K] [--out FILE.csa|FILE.kif|FILE.kifu]\n"
	      "                   [--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05] [--max-moves 320]\n"
	      "                   [--margin MS] [--move-timeout MS]\n"
	      "       gyoku match --make-openings N --engine CMD [--option NAME=VALUE ...]\n"
	      "                   [--seed S] [--depth D] [--max-cp CP] [--out FILE]\n"
	      "--tc: seconds, as cutechess (\"10+0.1\": 10 s and 0.1 s a move), or gyoku's\n"
	      "      time-control text (\"1m+10s\": byoyomi, \"5m+10i\": increment)\n"
	      "--swap-times: the engine reads btime as Gote's time (Debian's fairy-stockfish 11.1)\n",
	      f);
	return status;
}

/* Parses seconds with an optional fraction ("0.05") into milliseconds. */
static bool parse_seconds(const char *s, size_t len, int64_t *ms)
{
	int64_t whole = 0, frac = 0, scale = 1000;
	size_t i = 0;
	if (!len)
		return false;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		if ((whole = whole * 10 + (s[i] - '0')) > 100000000)
			return false;
	if (i < len && s[i] == '.') {
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			if (scale > 1) {
				scale /= 10;
				frac += (s[i] - '0') * scale;
			}
	}
	*ms = whole * 1000 + frac;
	return i == len;
}

/* --tc: cutechess "MAIN[+INC]" in seconds, else gyoku's time-control text (clock.h). */
static bool parse_tc(const char *s, struct gy_time_control *tc)
{
	const char *plus = strchr(s, '+');
	size_t mlen = plus ? (size_t)(plus - s) : strlen(s);
	memset(tc, 0, sizeof *tc);
	if (parse_seconds(s, mlen, &tc->main_ms) &&
	    (!plus || parse_seconds(plus + 1, strlen(plus + 1), &tc->increment_ms)))
		return tc->main_ms > 0;
	return gy_tc_parse(tc, s, strlen(s), NULL) == GY_OK && tc->days_per_move == 0;
}

/* --sprt's key=value words from argv[*i + 1] on. */
static bool parse_sprt(int argc, char **argv, int *i, struct match_sprt *s)
{
	*s = (struct match_sprt){0, 10, 0.05, 0.05};
	while (*i + 1 < argc && strchr(argv[*i + 1], '=') && strncmp(argv[*i + 1], "--", 2)) {
		const char *w = argv[++*i];
		const char *num = strchr(w, '=') + 1;
		char *end;
		double v = strtod(num, &end);
		if (end == num || *end)
			return false;
		if (!strncmp(w, "elo0=", 5))
			s->elo0 = v;
		else if (!strncmp(w, "elo1=", 5))
			s->elo1 = v;
		else if (!strncmp(w, "alpha=", 6))
			s->alpha = v;
		else if (!strncmp(w, "beta=", 5))
			s->beta = v;
		else
			return false;
	}
	return s->elo1 > s->elo0 && s->alpha > 0 && s->alpha < 1 && s->beta > 0 && s->beta < 1;
}

/* The result as "1-0" (Sente won), "0-1" or "1/2-1/2". */
static const char *result_text(enum gy_result r)
{
	return r == GY_RESULT_BLACK_WINS ? "1-0" : r == GY_RESULT_WHITE_WINS ? "0-1" : "1/2-1/2";
}

/* `t` as "YYYY/MM/DD HH:MM:SS" in local time. */
static void time_text(time_t t, char *buf, size_t cap)
{
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(buf, cap, "%Y/%m/%d %H:%M:%S", &tm);
}

/*
 * Sets the record's headers under their KIF keys, which the CSA writer
 * puts under its own (lib/headers.h): the time control as gyoku's text
 * (clock.h), which the CSA and KIF writers put in their formats' syntax
 * (lib/tctext.h); with a node limit, the limit's text in KIF (a comment
 * line in CSA would say no more).
 */
static enum gy_err set_headers(const struct match *m, struct gy_session *g, const struct match_engine *black,
			       const struct match_engine *white, time_t start, time_t end)
{
	char st[32], et[32], tc[GY_TC_TEXT_MAX];
	time_text(start, st, sizeof st);
	time_text(end, et, sizeof et);
	if (m->rules.limit != MATCH_LIMIT_CLOCK || !gy_tc_write(&m->rules.tc, tc))
		snprintf(tc, sizeof tc, "%s", m->out_kif ? m->tc_text : "");
	static const char *const keys[] = {"先手", "後手", "棋戦", "開始日時", "終了日時", "持ち時間"};
	const char *values[] = {black->name, white->name, "gyoku match", st, et, tc};
	for (int i = 0; i < 6; i++) {
		enum gy_err err = values[i][0] ? gy_session_set_header(g, keys[i], values[i]) : GY_OK;
		if (err)
			return err;
	}
	return GY_OK;
}

/* Appends the game to the output: the CSA file (games separated by "/"), or a KIF file of its own. */
static bool write_record(struct match *m, const struct gy_game *g, int number)
{
	char *text = NULL, *conv = NULL;
	size_t len = 0, clen = 0;
	bool ok = false;
	enum gy_err err = m->out_kif ? gy_kif_write(g, &text, &len) : gy_csa_write(g, &text, &len);
	if (err)
		goto done;
	if (m->out_sjis) {
		if (gy_text_from_utf8(text, len, GY_TEXT_CP932, &conv, &clen))
			goto done;
		free(text);
		text = conv;
		len = clen;
		conv = NULL;
	}
	if (m->out_kif) {
		/* games.kif -> games-N.kif */
		const char *dot = strrchr(m->out_path, '.');
		char path[4096];
		snprintf(path, sizeof path, "%.*s-%d%s", (int)(dot - m->out_path), m->out_path, number, dot);
		FILE *f = fopen(path, "wb");
		if (!f)
			goto done;
		ok = fwrite(text, 1, len, f) == len;
		ok = (fclose(f) == 0) && ok;
	} else {
		if (m->records++ && fputs("/\n", m->out) == EOF)
			goto done;
		ok = fwrite(text, 1, len, m->out) == len && fflush(m->out) == 0;
	}
done:
	free(text);
	free(conv);
	return ok;
}

/* Prints the running score line. */
static void print_score(const struct match *m)
{
	int n = m->wdl.wins + m->wdl.draws + m->wdl.losses;
	printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", m->engines[0].name, m->engines[1].name, m->wdl.wins,
	       m->wdl.losses, m->wdl.draws, match_score(&m->wdl), n);
}

/* Step 3: a game is over; counts it, prints it, records it (the lock held). */
static void report(struct match *m, int number, int first_color, const struct gy_game *g,
		   const struct match_result *res)
{
	enum gy_result r = res->verdict.result;
	const struct match_engine *black = &m->engines[first_color == GY_BLACK ? 0 : 1];
	const struct match_engine *white = &m->engines[first_color == GY_BLACK ? 1 : 0];
	if (r == GY_RESULT_DRAW || r == GY_RESULT_NONE)
		m->wdl.draws++;
	else if ((r == GY_RESULT_BLACK_WINS) == (first_color == GY_BLACK))
		m->wdl.wins++;
	else
		m->wdl.losses++;
	m->played++;
	printf("Game %d: %s vs %s: %s {%s}\n", number, black->name, white->name, result_text(r), res->reason);
	print_score(m);
	fflush(stdout);
	if (m->out_path && !write_record(m, g, number)) {
		fprintf(stderr, "gyoku match: cannot write the record of game %d to %s\n", number, m->out_path);
		m->failed = m->stop = true;
	}
	enum match_sprt_decision d = m->sprt_on ? match_sprt_decide(&m->wdl, &m->sprt) : MATCH_SPRT_CONTINUE;
	if (d != MATCH_SPRT_CONTINUE && !m->stop) {
		m->stop = true;
		m->sprt_decision = d;
		m->sprt_decided_at = m->played;
		printf("SPRT decided after %d games: no new games are started\n", m->played);
	}
}

/* A game slot: plays games until there are no more, with its own pair of engines. */
static void *slot_main(void *arg)
{
	struct match *m = arg;
	struct match_player pl[2] = {{.engine = &m->engines[0]}, {.engine = &m->engines[1]}};
	for (;;) {
		pthread_mutex_lock(&m->lock);
		int i = m->stop || m->next_game >= m->games ? -1 : m->next_game++;
		pthread_mutex_unlock(&m->lock);
		if (i < 0)
			break;
		const struct opening *op = &m->openings.items[(i / 2) % m->openings.n];
		int first_color = i % 2 == 0 ? GY_BLACK : GY_WHITE;
		struct match_player *by_color[2] = {&pl[first_color == GY_BLACK ? 0 : 1],
						    &pl[first_color == GY_BLACK ? 1 : 0]};
		struct gy_session *g = NULL;
		struct match_result res;
		time_t start = time(NULL);
		enum gy_err err = match_play_game(&m->rules, by_color, op, &g, &res);
		if (!err)
			err = set_headers(m, g, by_color[GY_BLACK]->engine, by_color[GY_WHITE]->engine, start,
					  time(NULL));
		pthread_mutex_lock(&m->lock);
		if (err) {
			fprintf(stderr, "gyoku match: game %d: %s\n", i + 1, gy_strerror(err));
			m->failed = m->stop = true;
		} else {
			report(m, i + 1, first_color, gy_session_game(g), &res);
		}
		pthread_mutex_unlock(&m->lock);
		gy_session_destroy(g);
	}
	match_player_stop(&pl[0]);
	match_player_stop(&pl[1]);
	return NULL;
}

/* Prints a value that may be infinite or undefined. */
static void print_value(const char *fmt, double v)
{
	if (v != v)
		fputs("nan", stdout);
	else if (v > 1e300 || v < -1e300)
		fputs(v > 0 ? "+inf" : "-inf", stdout);
	else
		printf(fmt, v + 0.0);
}

/* Step 4: the summary. */
static void summary(const struct match *m)
{
	const struct match_wdl *r = &m->wdl;
	int n = r->wins + r->draws + r->losses;
	printf("\nFinished: %d games\n", n);
	print_score(m);
	printf("%s: %d wins, %d draws, %d losses, score %.1f%%\n", m->engines[0].name, r->wins, r->draws, r->losses,
	       100 * match_score(r));
	fputs("Elo difference: ", stdout);
	print_value("%.1f", match_elo(match_score(r)));
	fputs(" +/- ", stdout);
	print_value("%.1f", match_elo_error(r));
	printf(" (95%%), LOS: %.1f%%, draw ratio: %.1f%%\n", 100 * match_los(r), n ? 100.0 * r->draws / n : 0.0);
	if (m->sprt_on) {
		double lo, hi, llr = match_sprt_llr(r, &m->sprt);
		match_sprt_bounds(&m->sprt, &lo, &hi);
		/* The games already under way when the test decided still count in the LLR, not in the decision. */
		enum match_sprt_decision d = m->sprt_decided_at ? m->sprt_decision : match_sprt_decide(r, &m->sprt);
		printf("SPRT (elo0=%g elo1=%g alpha=%g beta=%g): LLR %.3f, bounds [%.3f, %.3f]: %s", m->sprt.elo0,
		       m->sprt.elo1, m->sprt.alpha, m->sprt.beta, llr, lo, hi,
		       d == MATCH_SPRT_H1   ? "H1 accepted"
		       : d == MATCH_SPRT_H0 ? "H0 accepted"
					    : "continue");
		if (m->sprt_decided_at)
			printf(" after %d games", m->sprt_decided_at);
		putchar('\n');
	}
}

/* Reads the engine's name with a first start; distinguishes two equal names. */
static bool probe_engines(struct match *m)
{
	for (int e = 0; e < 2; e++) {
		if (m->engines[e].name[0])
			continue;
		struct match_player pl = {.engine = &m->engines[e]};
		char why[256];
		if (!match_player_start(&pl, &m->rules, why, sizeof why)) {
			fprintf(stderr, "gyoku match: engine %d (%s): %s\n", e + 1, m->engines[e].cmd, why);
			return false;
		}
		snprintf(m->engines[e].name, sizeof m->engines[e].name, "%s", pl.proc.name);
		match_player_stop(&pl);
	}
	if (!strcmp(m->engines[0].name, m->engines[1].name)) {
		size_t n = strlen(m->engines[1].name);
		if (n > sizeof m->engines[1].name - 5)
			n = sizeof m->engines[1].name - 5;
		memcpy(m->engines[1].name + n, " (2)", 5);
	}
	return true;
}

/* Opens the output and runs the game slots. */
static int run_match(struct match *m)
{
	if (m->out_path) {
		const char *dot = strrchr(m->out_path, '.');
		const char *ext = dot ? dot + 1 : "";
		m->out_kif = !strcmp(ext, "kif") || !strcmp(ext, "kifu");
		m->out_sjis = !strcmp(ext, "kif");
		if (!m->out_kif && strcmp(ext, "csa")) {
			fprintf(stderr, "gyoku match: --out: want FILE.csa, FILE.kif or FILE.kifu\n");
			return 2;
		}
		if (!m->out_kif && !(m->out = fopen(m->out_path, "wb"))) {
			fprintf(stderr, "gyoku match: %s: %s\n", m->out_path, strerror(errno));
			return 1;
		}
	}
	if (!probe_engines(m))
		return 1;
	pthread_t threads[MATCH_CONCURRENCY_MAX];
	int started = 0;
	pthread_mutex_init(&m->lock, NULL);
	for (; started < m->concurrency && started < m->games; started++)
		if (pthread_create(&threads[started], NULL, slot_main, m)) {
			fprintf(stderr, "gyoku match: cannot start a thread\n");
			break;
		}
	for (int i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	pthread_mutex_destroy(&m->lock);
	if (m->out && fclose(m->out))
		m->failed = true;
	summary(m);
	return m->failed || !started ? 1 : 0;
}

int cmd_match(int argc, char **argv)
{
	static struct match m; /* large (the engines' names and options); one per process */
	memset(&m, 0, sizeof m);
	m.rules = (struct match_rules){.limit = MATCH_LIMIT_CLOCK,
				       .margin_ms = 100,
				       .move_timeout_ms = 30000,
				       .start_timeout_ms = 30000,
				       .max_moves = 320,
				       .impasse = GY_IMPASSE_CSA27};
	m.concurrency = 1;
	const char *openings_path = NULL;
	int make_openings = 0, depth = 8, max_cp = 150;
	int64_t v;
	uint64_t seed = 1;
	bool have_limit = false;
	char cmdline[2048] = "gyoku match";
	for (int i = 0; i < argc; i++) {
		size_t used = strlen(cmdline);
		bool quote = strchr(argv[i], ' ') != NULL;
		snprintf(cmdline + used, sizeof cmdline - used, quote ? " \"%s\"" : " %s", argv[i]);
	}
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		struct match_engine *last = m.nengines ? &m.engines[m.nengines - 1] : NULL;
		if (args_is_help(a))
			return usage(stdout, 0);
		if (!strcmp(a, "--swap-times")) {
			if (!last) {
				fprintf(stderr, "gyoku match: %s comes after the --engine it is for\n", a);
				return usage(stderr, 2);
			}
			last->swap_times = true;
			continue;
		}
		if (!strcmp(a, "--sprt")) {
			if (!parse_sprt(argc, argv, &i, &m.sprt)) {
				fprintf(stderr,
					"gyoku match: --sprt: want elo0=E elo1=E alpha=A beta=B (elo1 > elo0)\n");
				return 2;
			}
			m.sprt_on = true;
			continue;
		}
		if (!val) {
			fprintf(stderr, "gyoku match: %s: missing value\n", a);
			return usage(stderr, 2);
		}
		i++;
		bool ok = true;
		if (!strcmp(a, "--engine")) {
			if (m.nengines == 2) {
				fprintf(stderr, "gyoku match: two engines only\n");
				return 2;
			}
			m.engines[m.nengines++].cmd = val;
		} else if (!strcmp(a, "--name") && last) {
			snprintf(last->name, sizeof last->name, "%s", val);
		} else if (!strcmp(a, "--option") && last) {
			char *eq = strchr(val, '=');
			if (!eq || eq == val || last->nopts == MATCH_OPTIONS_MAX) {
				fprintf(stderr, "gyoku match: --option %s: want NAME=VALUE\n", val);
				return 2;
			}
			*eq = '\0';
			last->opts[last->nopts++] = (struct usiproc_option){val, eq + 1};
		} else if (!strcmp(a, "--games")) {
			ok = args_int(WHO, a, val, 1, 1000000, &m.games);
		} else if (!strcmp(a, "--tc")) {
			if (!parse_tc(val, &m.rules.tc)) {
				fprintf(stderr,
					"gyoku match: --tc: '%s' is not a time control (10+0.1, 1m+10s, 5m+10i)\n",
					val);
				return 2;
			}
			m.rules.limit = MATCH_LIMIT_CLOCK;
			snprintf(m.tc_text, sizeof m.tc_text, "%s", val);
			have_limit = true;
		} else if (!strcmp(a, "--byoyomi")) {
			if (!args_i64(WHO, a, val, 1, 3600000, &v))
				return 2;
			m.rules.tc = (struct gy_time_control){.byoyomi_ms = v, .periods = 1};
			snprintf(m.tc_text, sizeof m.tc_text, "byoyomi %lld ms", (long long)v);
			have_limit = true;
		} else if (!strcmp(a, "--nodes")) {
			if (!args_i64(WHO, a, val, 1, (int64_t)1 << 50, &v))
				return 2;
			m.rules.limit = MATCH_LIMIT_NODES;
			m.rules.nodes = v;
			snprintf(m.tc_text, sizeof m.tc_text, "nodes %lld", (long long)v);
			have_limit = true;
		} else if (!strcmp(a, "--openings")) {
			openings_path = val;
		} else if (!strcmp(a, "--concurrency")) {
			ok = args_int(WHO, a, val, 1, MATCH_CONCURRENCY_MAX, &m.concurrency);
		} else if (!strcmp(a, "--out")) {
			m.out_path = val;
		} else if (!strcmp(a, "--max-moves")) {
			ok = args_int(WHO, a, val, 1, 100000, &m.rules.max_moves);
		} else if (!strcmp(a, "--margin")) {
			ok = args_i64(WHO, a, val, 0, 60000, &m.rules.margin_ms);
		} else if (!strcmp(a, "--move-timeout")) {
			ok = args_i64(WHO, a, val, 1, 86400000, &m.rules.move_timeout_ms);
		} else if (!strcmp(a, "--make-openings")) {
			ok = args_int(WHO, a, val, 1, 1000000, &make_openings);
		} else if (!strcmp(a, "--seed")) {
			ok = args_u64(WHO, a, val, &seed);
		} else if (!strcmp(a, "--depth")) {
			ok = args_int(WHO, a, val, 1, 64, &depth);
		} else if (!strcmp(a, "--max-cp")) {
			ok = args_int(WHO, a, val, 0, 100000, &max_cp);
		} else if (!strcmp(a, "--name") || !strcmp(a, "--option")) {
			fprintf(stderr, "gyoku match: %s comes after the --engine it is for\n", a);
			return usage(stderr, 2);
		} else {
			fprintf(stderr, "gyoku match: unknown option '%s'\n", a);
			return usage(stderr, 2);
		}
		if (!ok)
			return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	if (make_openings) {
		if (m.nengines != 1)
			return usage(stderr, 2);
		struct match_openings_conf c = {.count = make_openings,
						.seed = seed,
						.depth = depth,
						.max_cp = max_cp,
						.engine = &m.engines[0],
						.out_path = m.out_path,
						.cmdline = cmdline};
		return match_make_openings(&c);
	}
	if (m.nengines != 2 || !m.games || !have_limit)
		return usage(stderr, 2);
	char why[512];
	if (openings_path ? !openings_load(&m.openings, openings_path, why, sizeof why)
			  : !openings_default(&m.openings)) {
		fprintf(stderr, "gyoku match: %s\n", openings_path ? why : "out of memory");
		return 1;
	}
	/* A node limit makes a game a function of its opening and colours: past two per opening, they repeat. */
	if (m.rules.limit == MATCH_LIMIT_NODES && m.games > 2 * m.openings.n)
		fprintf(stderr,
			"gyoku match: warning: %d games on %d opening%s at a fixed node count: the games after the "
			"first %d replay earlier ones move for move (engines on one thread); give a larger "
			"--openings file\n",
			m.games, m.openings.n, m.openings.n == 1 ? "" : "s", 2 * m.openings.n);
	int status = run_match(&m);
	openings_free(&m.openings);
	return status;
}
