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
	      "                   [--port-file FILE] [--io-threads 2] [--handler-threads 8]\n"
	      "                   [--max-connections 16000] [--max-streams 15000] [--conns-per-addr 64]\n"
	      "                   [--streams-per-addr 32] [--header-timeout 10] [--body-timeout 30]\n"
	      "                   [--idle-timeout 60] [--trust-proxy HEADER] [--proxy-addr 127.0.0.1,::1]\n"
	      "                   [--writes-per-min 60] [--addr-writes-per-min 600]\n"
	      "--port 0 picks a free port; --bind 0.0.0.0 serves every interface; times in seconds;\n"
	      "--trust-proxy X-Forwarded-For takes the client's address from that header on connections\n"
	      "from the --proxy-addr addresses only (docs/server.md \"Limits\")\n",
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
				   .workers = 2,
				   .io_threads = 2,
				   .handler_threads = 8,
				   .max_connections = 16000,
				   .max_streams = 15000,
				   .conns_per_addr = 64,
				   .streams_per_addr = 32,
				   .header_timeout_s = 10,
				   .body_timeout_s = 30,
				   .idle_timeout_s = 60,
				   .proxy_addrs = "127.0.0.1,::1",
				   .writes_per_min = 60,
				   .addr_writes_per_min = 600};
	/* The numeric options: name, bounds, field. */
	const struct {
		const char *name;
		int lo, hi;
		int *field;
	} ints[] = {
		{"--port", 0, 65535, &o.port},
		{"--workers", 1, 64, &o.workers},
		{"--io-threads", 1, 64, &o.io_threads},
		{"--handler-threads", 1, 256, &o.handler_threads},
		{"--max-connections", 16, 1000000, &o.max_connections},
		{"--max-streams", 1, 1000000, &o.max_streams},
		{"--conns-per-addr", 1, 1000000, &o.conns_per_addr},
		{"--streams-per-addr", 1, 1000000, &o.streams_per_addr},
		{"--header-timeout", 1, 3600, &o.header_timeout_s},
		{"--body-timeout", 1, 3600, &o.body_timeout_s},
		{"--idle-timeout", 1, 86400, &o.idle_timeout_s},
		{"--writes-per-min", 1, 1000000, &o.writes_per_min},
		{"--addr-writes-per-min", 1, 1000000, &o.addr_writes_per_min},
	};
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
		size_t k = 0;
		while (k < sizeof ints / sizeof ints[0] && strcmp(a, ints[k].name))
			k++;
		if (k < sizeof ints / sizeof ints[0]) {
			if (!args_int("gyoku serve", a, v, ints[k].lo, ints[k].hi, ints[k].field))
				return 2;
		} else if (!strcmp(a, "--trust-proxy")) {
			o.trust_proxy = v;
		} else if (!strcmp(a, "--proxy-addr")) {
			o.proxy_addrs = v;
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
	if (o.max_streams >= o.max_connections) {
		fprintf(stderr, "gyoku serve: --max-streams must be below --max-connections (room for visitors)\n");
		return 2;
	}
	return gy_server_run(&o);
}
