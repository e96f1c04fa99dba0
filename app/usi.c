/*
 * app/usi.c: the USI protocol (usi.h), the only text layer of the engine,
 * which it drives through gyoku/engine.h alone.
 *
 * The loop reads commands from one stream and writes answers to another;
 * search reports arrive on the engine's thread through the callbacks.
 * Every write takes `out_lock` and flushes, so lines never interleave.
 * Bad input gets an "info string" line saying what is wrong, never a crash.
 *
 * A rejected `position` leaves no position: until the next valid one, `go`
 * searches nothing and answers at once with an error line and "bestmove
 * resign" (for `go ponder` and `go infinite`, the bestmove when the GUI
 * ends the search: stop, ponderhit or gameover), `go mate` with
 * "checkmate timeout" (docs/engine.md "USI: bad input").  Before any `position`
 * the engine stands at the start position.
 */
#include "usi.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gyoku/engine.h"
#include "gyoku/usi.h"
#include "gyoku/version.h"

enum { USI_MAX_MOVES = 4000 };

struct usi {
	FILE *out;
	pthread_mutex_t out_lock;
	struct gy_engine *engine;
	bool no_position;  /* the last `position` was rejected */
	bool owe_bestmove; /* a `go ponder` or `go infinite` without a position awaits its end */
};

/* Writes one line (printf-style, newline added) atomically. */
__attribute__((format(printf, 2, 3))) static void say(struct usi *u, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	pthread_mutex_lock(&u->out_lock);
	vfprintf(u->out, fmt, ap);
	fputc('\n', u->out);
	fflush(u->out);
	pthread_mutex_unlock(&u->out_lock);
	va_end(ap);
}

static void on_info(void *ctx, const struct gy_info *info)
{
	struct usi *u = ctx;
	char line[8192];
	int n = snprintf(line, sizeof line, "info depth %d seldepth %d multipv %d score ", info->depth, info->seldepth,
			 info->multipv);
	if (info->mate)
		n += snprintf(line + n, sizeof line - (size_t)n, "mate %d", info->mate);
	else
		n += snprintf(line + n, sizeof line - (size_t)n, "cp %d", info->score_cp);
	if (info->bound == GY_BOUND_LOWER)
		n += snprintf(line + n, sizeof line - (size_t)n, " lowerbound");
	else if (info->bound == GY_BOUND_UPPER)
		n += snprintf(line + n, sizeof line - (size_t)n, " upperbound");
	n += snprintf(line + n, sizeof line - (size_t)n, " nodes %llu nps %llu hashfull %d time %lld pv",
		      (unsigned long long)info->nodes, (unsigned long long)info->nps, info->hashfull,
		      (long long)info->time_ms);
	for (int i = 0; i < info->pv_len && (size_t)n + GY_USI_MOVE_MAX + 2 < sizeof line; i++) {
		line[n++] = ' ';
		n += (int)gy_usi_write_move(info->pv[i], line + n);
	}
	line[n] = '\0';
	say(u, "%s", line);
}

static void on_bestmove(void *ctx, enum gy_best_kind kind, gy_move move, gy_move ponder)
{
	struct usi *u = ctx;
	char a[GY_USI_MOVE_MAX], b[GY_USI_MOVE_MAX];
	if (kind == GY_BEST_RESIGN) {
		say(u, "bestmove resign");
	} else if (kind == GY_BEST_WIN) {
		say(u, "bestmove win");
	} else {
		gy_usi_write_move(move, a);
		if (ponder) {
			gy_usi_write_move(ponder, b);
			say(u, "bestmove %s ponder %s", a, b);
		} else {
			say(u, "bestmove %s", a);
		}
	}
}

static void on_checkmate(void *ctx, enum gy_mate_status answer, const gy_move *pv, int n)
{
	struct usi *u = ctx;
	if (answer == GY_MATE_NONE) {
		say(u, "checkmate nomate");
		return;
	}
	if (answer == GY_MATE_TIMEOUT) {
		say(u, "checkmate timeout");
		return;
	}
	size_t size = (size_t)n * (GY_USI_MOVE_MAX + 1) + 16;
	char *line = malloc(size);
	if (!line) {
		say(u, "checkmate timeout");
		return;
	}
	size_t len = (size_t)snprintf(line, size, "checkmate");
	for (int i = 0; i < n; i++) {
		line[len++] = ' ';
		len += gy_usi_write_move(pv[i], line + len);
	}
	line[len] = '\0';
	say(u, "%s", line);
	free(line);
}

static void on_message(void *ctx, const char *text) { say(ctx, "info string %s", text); }

/* The next space-separated word of `*s`, NUL-terminated in place; NULL at the end. */
static char *next_word(char **s)
{
	char *p = *s;
	while (*p && isspace((unsigned char)*p))
		p++;
	if (!*p)
		return NULL;
	char *w = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	*s = p;
	return w;
}

/* A non-negative decimal number word, or -1. */
static long long number(const char *w)
{
	if (!w || !*w)
		return -1;
	char *end;
	long long v = strtoll(w, &end, 10);
	return *end || v < 0 ? -1 : v;
}

static void cmd_usi(struct usi *u)
{
	say(u, "id name gyoku %s", gy_version());
	say(u, "id author the gyoku developers");
	for (int i = 0; i < gy_engine_option_count(); i++) {
		const struct gy_option_desc *o = gy_engine_option(i);
		switch (o->type) {
		case GY_OPT_SPIN:
			say(u, "option name %s type spin default %s min %lld max %lld", o->name, o->def,
			    (long long)o->min, (long long)o->max);
			break;
		case GY_OPT_CHECK: say(u, "option name %s type check default %s", o->name, o->def); break;
		case GY_OPT_COMBO: {
			char line[1024];
			int n = snprintf(line, sizeof line, "option name %s type combo default %s", o->name, o->def);
			for (int v = 0; o->vars[v] && (size_t)n < sizeof line; v++)
				n += snprintf(line + n, sizeof line - (size_t)n, " var %s", o->vars[v]);
			say(u, "%s", line);
			break;
		}
		case GY_OPT_STRING: say(u, "option name %s type string default %s", o->name, o->def); break;
		case GY_OPT_BUTTON: say(u, "option name %s type button", o->name); break;
		}
	}
	say(u, "usiok");
}

/* "setoption name N [value V]": the name runs to "value", the value to the end of the line. */
static void cmd_setoption(struct usi *u, char *rest)
{
	char *w = next_word(&rest);
	if (!w || strcmp(w, "name")) {
		say(u, "info string error: setoption wants 'name <option> [value <value>]'");
		return;
	}
	char *name = next_word(&rest);
	if (!name) {
		say(u, "info string error: setoption without an option name");
		return;
	}
	char *value = NULL;
	char *v = next_word(&rest);
	if (v && !strcmp(v, "value")) {
		while (*rest && isspace((unsigned char)*rest))
			rest++;
		value = rest;
		size_t len = strlen(value);
		while (len && isspace((unsigned char)value[len - 1]))
			value[--len] = '\0';
	} else if (v) {
		say(u, "info string error: setoption: expected 'value' after the name, got '%s'", v);
		return;
	}
	enum gy_err err = gy_engine_set_option(u->engine, name, value);
	const char *why = gy_engine_option_error(u->engine);
	if (err)
		say(u, "info string error: setoption %s: %s", name, *why ? why : gy_strerror(err));
}

static void cmd_position(struct usi *u, const char *rest)
{
	static gy_move moves[USI_MAX_MOVES];
	struct gy_pos start;
	int n = 0;
	struct gy_srcpos where = {0, 0};
	enum gy_err err = gy_usi_parse_position(rest, strlen(rest), &start, moves, USI_MAX_MOVES, &n, &where);
	u->no_position = true;
	if (err) {
		say(u, "info string error: position: %s at column %d (no position: go answers bestmove resign)",
		    gy_strerror(err), where.col);
		return;
	}
	err = gy_engine_set_position(u->engine, &start, moves, n);
	if (err) {
		say(u, "info string error: position: %s (no position: go answers bestmove resign)", gy_strerror(err));
		return;
	}
	u->no_position = false;
}

/*
 * `go` after a rejected position: nothing is searched (the engine's
 * position is not the one the GUI sent); the answer a search would give
 * comes at once, or, for ponder and infinite, when the GUI ends the search.
 */
static void go_without_position(struct usi *u, bool mate, const struct gy_limits *l)
{
	say(u, "info string error: go: the last position was rejected; nothing to search");
	if (mate)
		say(u, "checkmate timeout");
	else if (l->ponder || l->infinite)
		u->owe_bestmove = true;
	else
		say(u, "bestmove resign");
}

/* Ends a search: the engine's, or a `go` without a position owing its bestmove. */
static void end_search(struct usi *u, bool ponderhit)
{
	if (u->owe_bestmove) {
		u->owe_bestmove = false;
		say(u, "bestmove resign");
		return;
	}
	if (ponderhit) {
		gy_engine_ponderhit(u->engine);
		return;
	}
	gy_engine_stop(u->engine);
	gy_engine_wait(u->engine);
}

static void cmd_go(struct usi *u, char *rest)
{
	struct gy_limits l;
	memset(&l, 0, sizeof l);
	bool mate = false;
	int64_t mate_ms = -1;
	char *w;
	while ((w = next_word(&rest)) != NULL) {
		if (!strcmp(w, "infinite")) {
			l.infinite = true;
			continue;
		}
		if (!strcmp(w, "ponder")) {
			l.ponder = true;
			continue;
		}
		if (!strcmp(w, "mate")) {
			mate = true;
			char *arg = next_word(&rest);
			if (arg && strcmp(arg, "infinite")) {
				long long v = number(arg);
				if (v < 0) {
					say(u, "info string error: go mate wants milliseconds or 'infinite', got '%s'",
					    arg);
					return;
				}
				mate_ms = v;
			}
			continue;
		}
		int64_t *target = !strcmp(w, "btime")      ? &l.time[GY_BLACK]
				  : !strcmp(w, "wtime")    ? &l.time[GY_WHITE]
				  : !strcmp(w, "binc")     ? &l.inc[GY_BLACK]
				  : !strcmp(w, "winc")     ? &l.inc[GY_WHITE]
				  : !strcmp(w, "byoyomi")  ? &l.byoyomi
				  : !strcmp(w, "movetime") ? &l.movetime
							   : NULL;
		char *arg = next_word(&rest);
		long long v = number(arg);
		if (v < 0) {
			say(u, "info string error: go %s wants a non-negative number, got '%s'", w, arg ? arg : "");
			return;
		}
		if (target)
			*target = v;
		else if (!strcmp(w, "depth"))
			l.depth = v > 1000 ? 1000 : (int)v;
		else if (!strcmp(w, "nodes"))
			l.nodes = (uint64_t)v;
		else if (strcmp(w, "movestogo")) {
			say(u, "info string error: go: unknown word '%s'", w);
			return;
		}
	}
	if (u->owe_bestmove) {
		say(u, "info string error: go: %s", gy_strerror(GY_ERR_BUSY));
		return;
	}
	if (u->no_position && !gy_engine_busy(u->engine)) {
		go_without_position(u, mate, &l);
		return;
	}
	enum gy_err err = mate ? gy_engine_go_mate(u->engine, mate_ms) : gy_engine_go(u->engine, &l);
	if (err)
		say(u, "info string error: go: %s", gy_strerror(err));
}

/* Handles one command line; returns false on quit. */
static bool handle(struct usi *u, char *line)
{
	char *rest = line;
	char *cmd = next_word(&rest);
	if (!cmd)
		return true;
	if (!strcmp(cmd, "usi")) {
		cmd_usi(u);
	} else if (!strcmp(cmd, "isready")) {
		say(u, "readyok");
	} else if (!strcmp(cmd, "setoption")) {
		cmd_setoption(u, rest);
	} else if (!strcmp(cmd, "usinewgame")) {
		gy_engine_new_game(u->engine);
	} else if (!strcmp(cmd, "position")) {
		cmd_position(u, rest);
	} else if (!strcmp(cmd, "go")) {
		cmd_go(u, rest);
	} else if (!strcmp(cmd, "stop")) {
		end_search(u, false);
	} else if (!strcmp(cmd, "ponderhit")) {
		end_search(u, true);
	} else if (!strcmp(cmd, "gameover")) {
		end_search(u, false);
	} else if (!strcmp(cmd, "quit")) {
		return false;
	} else {
		say(u, "info string error: unknown command '%s'", cmd);
	}
	return true;
}

struct usi *usi_open(FILE *out)
{
	struct usi *u = calloc(1, sizeof *u);
	if (!u)
		return NULL;
	u->out = out;
	pthread_mutex_init(&u->out_lock, NULL);
	struct gy_engine_callbacks cb = {u, on_info, on_bestmove, on_checkmate, on_message};
	if (gy_engine_create(&u->engine, &cb) != GY_OK) {
		pthread_mutex_destroy(&u->out_lock);
		free(u);
		return NULL;
	}
	return u;
}

bool usi_command(struct usi *u, const char *line, size_t len)
{
	if (len > 0 && memchr(line, '\0', len)) {
		say(u, "info string error: a NUL byte in the command");
		return true;
	}
	while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	char *copy = malloc(len + 1);
	if (!copy) {
		say(u, "info string error: out of memory");
		return true;
	}
	memcpy(copy, line, len);
	copy[len] = '\0';
	bool go_on = handle(u, copy);
	free(copy);
	return go_on;
}

void usi_close(struct usi *u)
{
	if (!u)
		return;
	gy_engine_destroy(u->engine);
	pthread_mutex_destroy(&u->out_lock);
	free(u);
}

int usi_loop(FILE *in, FILE *out)
{
	struct usi *u = usi_open(out);
	if (!u) {
		fputs("info string error: out of memory\n", out);
		return 1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, in)) >= 0)
		if (!usi_command(u, line, (size_t)len))
			break;
	free(line);
	usi_close(u);
	return 0;
}

/* One run of the benchmark with `eval_file` as the network (NULL: the linear evaluation).  Errors: printed. */
static bool bench_run(int depth, const char *eval_file, uint64_t *nodes, int64_t *ms, FILE *out)
{
	struct gy_engine *e;
	if (gy_engine_create(&e, NULL) != GY_OK) {
		fputs("bench: out of memory\n", out);
		return false;
	}
	/* Without a file the signature is the linear evaluation's, whatever EvalType's default (docs/engine.md). */
	enum gy_err err = eval_file ? GY_OK : gy_engine_set_option(e, "EvalType", "linear");
	if (err) {
		fprintf(out, "bench: %s\n", gy_strerror(err));
		gy_engine_destroy(e);
		return false;
	}
	if (eval_file && ((err = gy_engine_set_option(e, "EvalFile", eval_file)) != GY_OK ||
			  (err = gy_engine_set_option(e, "EvalType", "nnue")) != GY_OK)) {
		const char *why = gy_engine_option_error(e);
		fprintf(out, "bench: %s\n", *why ? why : gy_strerror(err));
		gy_engine_destroy(e);
		return false;
	}
	*nodes = 0;
	*ms = 0;
	err = gy_engine_bench(e, depth, nodes, ms);
	gy_engine_destroy(e);
	if (err)
		fprintf(out, "bench: %s\n", gy_strerror(err));
	return !err;
}

static uint64_t per_second(uint64_t nodes, int64_t ms) { return ms > 0 ? nodes * 1000 / (uint64_t)ms : nodes * 1000; }

int usi_bench(int depth, const char *eval_file, FILE *out)
{
	uint64_t nodes = 0, nnue_nodes = 0;
	int64_t ms = 0, nnue_ms = 0;
	if (!bench_run(depth, NULL, &nodes, &ms, out))
		return 1;
	fprintf(out, "Time (ms): %lld\n", (long long)ms);
	fprintf(out, "Nodes searched: %llu\n", (unsigned long long)nodes);
	fprintf(out, "Nodes/second: %llu\n", (unsigned long long)per_second(nodes, ms));
	if (!eval_file)
		return 0;
	/* The same positions with the network, and the two side by side. */
	if (!bench_run(depth, eval_file, &nnue_nodes, &nnue_ms, out))
		return 1;
	uint64_t nps = per_second(nodes, ms), nnue_nps = per_second(nnue_nodes, nnue_ms);
	fprintf(out, "%-8s %12s %10s %12s\n", "EvalType", "nodes", "time (ms)", "nodes/second");
	fprintf(out, "%-8s %12llu %10lld %12llu\n", "linear", (unsigned long long)nodes, (long long)ms,
		(unsigned long long)nps);
	fprintf(out, "%-8s %12llu %10lld %12llu\n", "nnue", (unsigned long long)nnue_nodes, (long long)nnue_ms,
		(unsigned long long)nnue_nps);
	fprintf(out, "nnue/linear nodes/second: %.2f\n", nps ? (double)nnue_nps / (double)nps : 0.0);
	return 0;
}
