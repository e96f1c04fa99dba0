#!/usr/bin/env bash
# bench/server.sh: `make bench` for the web game server (docs/server.md).
# Starts `gyoku serve` on a free loopback port, first on SQLite (a file in
# a temporary folder), then on PostgreSQL (a throw-away server from
# tests/server/pg.sh), and runs bin/tools/server_load (bench/server_load.c,
# a separate process) against it: SERVER_GAMES games of two players moving
# at random through the API (a game resigned at SERVER_PLIES, or ended by the
# rules, is followed by a new one) and SERVER_SPECTATORS event streams
# watching them, for SERVER_SECONDS.  Prints moves/second, the latency of an
# accepted move, the delay of a move to the spectators, the errors and the
# server's memory.  Figures only: nothing here fails on timing (the machines
# are shared and noisy).  With SERVER_CHECK=1 (tests/run.sh) it also prints a
# PASS or FAIL line per store: no error, no lost event, a clean stop.
# Builds nothing: run it after `make bin/gyoku bin/tools/server_load`.
set -u
cd "$(dirname "$0")/.."
games=${SERVER_GAMES:-50}
spectators=${SERVER_SPECTATORS:-200}
seconds=${SERVER_SECONDS:-20}
plies=${SERVER_PLIES:-200}
stores=${SERVER_STORES:-sqlite postgresql}
check=${SERVER_CHECK:-0}
load=bin/tools/server_load

for f in bin/gyoku "$load"; do
	if [ ! -x "$f" ]; then
		echo "server bench: $f is missing (make bin/gyoku bin/tools/server_load)" >&2
		exit 1
	fi
done
tmp=$(mktemp -d)
pg_dir=
server_pid=
cleanup() {
	[ -n "$server_pid" ] && kill -KILL "$server_pid" 2> /dev/null
	[ -n "$pg_dir" ] && tests/server/pg.sh stop "$pg_dir"
	rm -rf "$tmp"
}
trap cleanup EXIT

[ "$check" = 1 ] || printf 'server load: %s games, %s spectators, %s s each (change with SERVER_GAMES=N SERVER_SPECTATORS=M SERVER_SECONDS=S SERVER_PLIES=K SERVER_STORES="sqlite postgresql")\n' \
	"$games" "$spectators" "$seconds"

# result CASE STORE MESSAGE: the PASS/FAIL line of a store (SERVER_CHECK=1 only); an empty MESSAGE passes.
result() {
	[ "$check" = 1 ] || return 0
	if [ -z "$3" ]; then echo "PASS $1 ($2)"; else echo "FAIL $1: $2: $3"; fi
}

# bench CASE STORE DB: starts the server on DB, runs the load, stops the server.
bench() {
	local case=$1 store=$2 db=$3 port status why=
	rm -f "$tmp/port"
	# Every player and spectator of the load connects from 127.0.0.1, and 100 users sign up and play
	# from it: the per-address caps and the address's write limit are raised (docs/server.md "Rate
	# limits"); each user keeps the default write limit.
	bin/gyoku serve --port 0 --port-file "$tmp/port" --db "$db" --web web/dist --conns-per-addr 1000000 \
		--streams-per-addr 1000000 --addr-writes-per-min 1000000 > "$tmp/server.out" 2> "$tmp/server.err" &
	server_pid=$!
	for _ in $(seq 100); do
		[ -s "$tmp/port" ] || ! kill -0 "$server_pid" 2> /dev/null && break
		sleep 0.1
	done
	port=$(cat "$tmp/port" 2> /dev/null)
	if [ -z "$port" ]; then
		echo "server load ($store): the server did not start: $(tail -3 "$tmp/server.err" | tr '\n' ' ')"
		result "$case" "$store" "the server did not start"
		kill -KILL "$server_pid" 2> /dev/null
		server_pid=
		return
	fi
	echo "  machine    $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the run"
	"$load" --port "$port" --server-pid "$server_pid" --games "$games" --spectators "$spectators" \
		--seconds "$seconds" --max-plies "$plies" --label "$store"
	status=$?
	[ "$status" -eq 0 ] || why="server_load exited with status $status (errors above)"
	kill -TERM "$server_pid"
	for _ in $(seq 100); do
		kill -0 "$server_pid" 2> /dev/null || break
		sleep 0.1
	done
	if kill -0 "$server_pid" 2> /dev/null; then
		echo "  stop       the server was still running 10 s after SIGTERM: killed"
		why="${why:+$why; }no clean stop on SIGTERM"
		kill -KILL "$server_pid"
	fi
	wait "$server_pid" 2> /dev/null
	server_pid=
	if [ -s "$tmp/server.err" ]; then
		echo "  server log $(wc -l < "$tmp/server.err") lines on stderr, the first:"
		head -5 "$tmp/server.err" | sed 's/^/    /'
	fi
	result "$case" "$store" "$why"
}

for store in $stores; do
	case $store in
	sqlite)
		bench server-load-1.1 sqlite "$tmp/gyoku.db"
		;;
	postgresql | pg)
		pg_dir=$(mktemp -d) # its own: the cluster's user must reach it
		if ! url=$(tests/server/pg.sh start "$pg_dir" 2> "$tmp/pg.err"); then
			echo "server load (postgresql): skipped: $(tail -1 "$tmp/pg.err")"
			[ "$check" = 1 ] && echo "SKIP server-load-1.2: $(tail -1 "$tmp/pg.err")"
			continue
		fi
		bench server-load-1.2 postgresql "$url"
		tests/server/pg.sh stop "$pg_dir"
		pg_dir=
		;;
	*) echo "server bench: unknown store $store (sqlite, postgresql)" >&2 ;;
	esac
done
exit 0
