/*
 * app/main.c: the `gyoku` command: dispatches to the subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "gyoku/init.h"

static void usage(FILE *f)
{
	fputs("usage: gyoku <command> [arguments]\n"
	      "\n"
	      "commands:\n"
	      "  perft <startpos|SFEN> <depth> [--divide]   count the legal move tree\n"
	      "  convert IN [--from FMT] --to FMT [-o OUT]  a record from one format to another\n"
	      "                                             (sfen usi csa kif kifu ki2 ki2u jkf\n"
	      "                                              japanese hodges hosking kitao)\n"
	      "  solve <SFEN|FILE> [--time S] [--memory MB] [--tsume-rules]\n"
	      "                                             solve a tsume problem (mate N / nomate)\n"
	      "  play [--vs computer|human|watch] [--level 1-10] [--color sente|gote|random]\n"
	      "       [--handicap NAME] [--time 10m+30s] [--rules casual|strict] [--impasse 24|27|try]\n"
	      "       [--load FILE]                         the terminal game (docs/play.md)\n"
	      "  shell                                      interactive prompt over a position\n"
	      "  match --engine CMD --engine CMD --games N --tc 10+0.1 ...\n"
	      "                                             a match between two USI engines (Elo, SPRT)\n"
	      "  serve [--port 8080] [--db gyoku.db | --db postgresql://...]\n"
	      "                                             the web game server (http://127.0.0.1:8080)\n"
	      "  selfplay --games N (--nodes K | --depth D) [--random-plies R] [--seed S] [--threads T] --out FILE\n"
	      "                                             engine self-play games, positions for tuning\n"
	      "  tune --data FILE [--epochs N] [--lambda L] --out engine/eval_weights.c\n"
	      "                                             Texel tuning of the evaluation weights\n"
	      "  help                                       this text\n",
	      f);
}

int main(int argc, char **argv)
{
	gy_init();
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "perft"))
		return cmd_perft(argc - 2, argv + 2);
	if (!strcmp(cmd, "convert"))
		return cmd_convert(argc - 2, argv + 2);
	if (!strcmp(cmd, "solve"))
		return cmd_solve(argc - 2, argv + 2);
	if (!strcmp(cmd, "play"))
		return cmd_play(argc - 2, argv + 2);
	if (!strcmp(cmd, "shell"))
		return cmd_shell(argc - 2, argv + 2);
	if (!strcmp(cmd, "match"))
		return cmd_match(argc - 2, argv + 2);
	if (!strcmp(cmd, "serve"))
		return cmd_serve(argc - 2, argv + 2);
	if (!strcmp(cmd, "selfplay"))
		return cmd_selfplay(argc - 2, argv + 2);
	if (!strcmp(cmd, "tune"))
		return cmd_tune(argc - 2, argv + 2);
	if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "gyoku: unknown command '%s'\n", cmd);
	usage(stderr);
	return 2;
}
