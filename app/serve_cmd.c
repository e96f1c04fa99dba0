/*
 * app/serve_cmd.c: `gyoku serve`: reads the options and runs the web
 * game server (server/, docs/server.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "gyoku/server.h"

/* The usage text, on `f`; returns the exit status for it. */
static int usage(FILE *f, int status)
{
	fputs("usage: gyoku serve [--port 8080] [--bind 127.0.0.1] [--db gyoku.db | --db postgresql://...]\n"
	      "                   [--web web/dist] [--puzzles data/puzzles] [--workers 2] [--secure-cookies]\n"
	      "                   [--port-file FILE]\n"
	      "--port 0 picks a free port; --bind 0.0.0.0 serves every interface\n",
	      f);
	return status;
}

int cmd_serve(int argc, char **argv)
{
	struct gy_server_opts o = {.bind = "127.0.0.1",
				   .port = 8080,
				   .db = "gyoku.db",
				   .web = "web/dist",
				   .puzzles = "data/puzzles",
				   .workers = 2};
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (args_is_help(a))
			return usage(stdout, 0);
		if (!strcmp(a, "--secure-cookies")) {
			o.secure_cookies = true;
			continue;
		}
		if (!v) {
			fprintf(stderr, "gyoku serve: %s: missing value\n", a);
			return usage(stderr, 2);
		}
		i++;
		if (!strcmp(a, "--port")) {
			if (!args_int("gyoku serve", a, v, 0, 65535, &o.port))
				return 2;
		} else if (!strcmp(a, "--workers")) {
			if (!args_int("gyoku serve", a, v, 1, 64, &o.workers))
				return 2;
		} else if (!strcmp(a, "--bind")) {
			o.bind = v;
		} else if (!strcmp(a, "--db")) {
			o.db = v;
		} else if (!strcmp(a, "--web")) {
			o.web = v;
		} else if (!strcmp(a, "--puzzles")) {
			o.puzzles = v;
		} else if (!strcmp(a, "--port-file")) {
			o.port_file = v;
		} else {
			fprintf(stderr, "gyoku serve: unknown option '%s'\n", a);
			return usage(stderr, 2);
		}
	}
	return gy_server_run(&o);
}
