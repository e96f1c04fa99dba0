/*
 * app/play_options.c: the command line of `gyoku play` (play_options.h).
 */
#include "play_options.h"

#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "gyoku/handicap.h"
#include "gyoku/player.h"

void play_usage(FILE *f)
{
	fputs("usage: gyoku play [--vs computer|human|watch] [--level 1-10] [--color sente|gote|random]\n"
	      "                  [--handicap NAME] [--time 10m+30s|5m+10i|...] [--rules casual|strict]\n"
	      "                  [--impasse 27|24|try|none] [--load FILE] [--save FILE] [--pieces kanji|letters]\n"
	      "                  [--notation japanese|hodges|hosking|kitao] [--flip] [--max-moves N] [--seed N]\n"
	      "handicaps: ",
	      f);
	for (int i = 0; i < GY_HANDICAP_NB; i++)
		fprintf(f, "%s%s", gy_handicap_at(i)->id, i + 1 < GY_HANDICAP_NB ? " " : "\n");
}

int play_options_parse(int argc, char **argv, struct play_options *o)
{
	*o = (struct play_options){.vs = "computer", .color = "sente", .level = 3, .impasse = GY_IMPASSE_CSA27};
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		bool takes = true;
		if (!strcmp(a, "--flip")) {
			o->flip = true;
			takes = false;
		} else if (!strcmp(a, "--fake-clock")) {
			o->fake_clock = true;
			takes = false;
		} else if (args_is_help(a)) {
			play_usage(stdout);
			exit(0);
		} else if (!v) {
			fprintf(stderr, "gyoku play: %s needs a value (or is unknown)\n", a);
			play_usage(stderr);
			return 1;
		} else if (!strcmp(a, "--vs")) {
			o->vs = v;
		} else if (!strcmp(a, "--level")) {
			if (!args_int("gyoku play", a, v, GY_LEVEL_MIN, GY_LEVEL_MAX, &o->level)) {
				fprintf(stderr,
					"gyoku play: --level 1..10 (1: a beginner can win, 10: full strength)\n");
				return 1;
			}
		} else if (!strcmp(a, "--color") || !strcmp(a, "--colour")) {
			o->color = v;
		} else if (!strcmp(a, "--handicap")) {
			o->handicap = v;
		} else if (!strcmp(a, "--time")) {
			o->time = v;
		} else if (!strcmp(a, "--load")) {
			o->load = v;
		} else if (!strcmp(a, "--save")) {
			o->save = v;
		} else if (!strcmp(a, "--pieces")) {
			o->pieces = v;
		} else if (!strcmp(a, "--notation")) {
			o->notation = v;
		} else if (!strcmp(a, "--max-moves")) {
			if (!args_int("gyoku play", a, v, 0, 100000, &o->max_moves))
				return 1;
		} else if (!strcmp(a, "--seed")) {
			if (!args_u64("gyoku play", a, v, &o->seed))
				return 1;
			o->seeded = true;
		} else if (!strcmp(a, "--rules")) {
			if (strcmp(v, "casual") && strcmp(v, "strict")) {
				fprintf(stderr, "gyoku play: --rules casual|strict\n");
				return 1;
			}
			o->strict = !strcmp(v, "strict");
		} else if (!strcmp(a, "--impasse")) {
			int rule = gy_impasse_rule_parse(v, strlen(v), NULL);
			if (rule < 0) {
				fprintf(stderr, "gyoku play: --impasse 27|24|try|none\n");
				return 1;
			}
			o->impasse = (enum gy_impasse_rule)rule;
		} else {
			fprintf(stderr, "gyoku play: unknown option '%s'\n", a);
			play_usage(stderr);
			return 1;
		}
		if (takes)
			i++;
	}
	if (strcmp(o->vs, "computer") && strcmp(o->vs, "human") && strcmp(o->vs, "watch")) {
		fprintf(stderr, "gyoku play: --vs computer|human|watch\n");
		return 1;
	}
	if (strcmp(o->color, "sente") && strcmp(o->color, "gote") && strcmp(o->color, "random") &&
	    strcmp(o->color, "auto")) {
		fprintf(stderr, "gyoku play: --color sente|gote|random\n");
		return 1;
	}
	return 0;
}
