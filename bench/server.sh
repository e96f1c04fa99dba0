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
. bench/serve_lib.sh

[ "$check" = 1 ] || printf 'server load: %s games, %s spectators, %s s each (change with SERVER_GAMES=N SERVER_SPECTATORS=M SERVER_SECONDS=S SERVER_PLIES=K SERVER_STORES="sqlite postgresql")\n' \
	"$games" "$spectators" "$seconds"

# bench CASE STORE DB: starts the server on DB, runs the load, stops the server.
bench() {
	local case=$1 store=$2 db=$3 status why=
	# Every player and spectator of the load connects from 127.0.0.1, and 100 users sign up and play
	# from it: the per-address caps and the address's write limit are raised (docs/server.md "Rate
	# limits"); each user keeps the default write limit.
	serve_start "server load" "$case" "$store" "$db" --conns-per-addr 1000000 --streams-per-addr 1000000 \
		--addr-writes-per-min 1000000 || return
	"$load" --port "$port" --server-pid "$server_pid" --games "$games" --spectators "$spectators" \
		--seconds "$seconds" --max-plies "$plies" --label "$store"
	status=$?
	[ "$status" -eq 0 ] || why="server_load exited with status $status (errors above)"
	serve_stop
	[ -z "$stop_why" ] || why="${why:+$why; }$stop_why"
	result "$case" "$store" "$why"
}

each_store "server load" server-load-1.1 server-load-1.2
exit 0
