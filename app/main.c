/*
 * app/main.c: the `gyoku` command: dispatches to the subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "gyoku/init.h"
#include "gyoku/version.h"

static void usage(FILE *f)
{
	fputs("usage: gyoku <command> [arguments]\n"
	      "\n"
	      "commands:\n"
	      "  perft <startpos|SFEN> <depth> [--divide]   count the legal move tree\n"
	      "  convert IN [--from FMT] --to FMT [-o OUT]  a record from one format to another\n"
	      "                                             (sfen usi csa kif kifu ki2 ki2u jkf, and\n"
	      "                                             move lists: japanese hodges hosking kitao,\n"
	      "                                             from [--sfen SFEN | --handicap NAME])\n"
	      "  solve <SFEN|FILE> [--time S] [--memory MB] [--tsume-rules]\n"
	      "                                             solve a tsume problem (mate N / nomate)\n"
	      "  analyse RECORD [--time S | --nodes N | --depth D] [-o OUT.kif]\n"
	      "                                             game review: each move marked by the engine\n"
	      "                                             (inaccuracy, mistake, blunder), the record\n"
	      "                                             with the analysis in its comments\n"
	      "  puzzles make [--games N | --from RECORD...] [--seed S] [--max-len 15] [--out FILE]\n"
	      "  puzzles check FILE                         tsume puzzles from games; verify a puzzle file\n"
	      "  puzzles compose [--count N] [--len 1..15] [--seed S] [--out FILE]\n"
	      "                                             composed tsume problems\n"
	      "  play [--vs computer|human|watch] [--level 1-10] [--color sente|gote|random]\n"
	      "       [--handicap NAME] [--time 10m+30s] [--rules casual|strict] [--impasse 24|27|try]\n"
	      "       [--load FILE]                         the terminal game (docs/play.md)\n"
	      "  shell                                      interactive prompt over a position\n"
	      "  match --engine CMD --engine CMD --games N --tc 10+0.1 ...\n"
	      "                                             a match between two USI engines (Elo, SPRT)\n"
	      "  serve [--port 8080] [--db gyoku.db | --db postgresql://...]\n"
	      "                                             the web game server (http://127.0.0.1:8080)\n"
	      "  selfplay --games N (--nodes K | --depth D) [--random-plies R] [--seed S] [--threads T]\n"
	      "           (--out FILE | --packed DIR)        engine self-play games: positions for tuning, or\n"
	      "                                             training records of the network (docs/nnue.md)\n"
	      "  tune --data FILE [--epochs N] [--lambda L] --out data/eval/weights.txt\n"
	      "                                             Texel tuning of the evaluation weights\n"
	      "  train --data FILE|DIR [--epochs N] [--threads T] [--checkpoint FILE] --out FILE.nnue\n"
	      "                                             train the learned evaluation (NNUE)\n"
	      "  help, --help                               this text\n"
	      "  --version                                  the version\n"
	      "\n"
	      "gyoku <command> --help or gyoku help <command>: the usage of a command\n",
	      f);
}

/* The subcommands, by name. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{"perft", cmd_perft},       {"convert", cmd_convert}, {"solve", cmd_solve},     {"analyse", cmd_analyse},
	{"play", cmd_play},         {"shell", cmd_shell},     {"match", cmd_match},     {"serve", cmd_serve},
	{"selfplay", cmd_selfplay}, {"tune", cmd_tune},       {"puzzles", cmd_puzzles}, {"train", cmd_train},
};

static const struct command *command_by_name(const char *name)
{
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

int main(int argc, char **argv)
{
	gy_init();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *cmd = argv[1];
	const struct command *c = command_by_name(cmd);
	if (c)
		return c->run(argc - 2, argv + 2);
	if (!strcmp(cmd, "--version")) {
		printf("gyoku %s\n", gy_version());
		return 0;
	}
	if (!strcmp(cmd, "help") || args_is_help(cmd)) {
		/* "gyoku help CMD" is "gyoku CMD --help". */
		static char help_arg[] = "--help";
		char *help_argv[] = {help_arg, NULL};
		if (argc < 3) {
			usage(stdout);
			return 0;
		}
		if ((c = command_by_name(argv[2])))
			return c->run(1, help_argv);
		cmd = argv[2];
	}
	fprintf(stderr, "gyoku: unknown command '%s'\n", cmd);
	usage(stderr);
	return 2;
}
