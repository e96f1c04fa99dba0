#!/bin/bash
# fsf_perft.sh DEPTH [SFEN]: perft of the start position (or SFEN) by Debian's
# fairy-stockfish, the reference speed that `make bench` prints next to gyoku's.
# Prints exactly two lines, "Nodes searched: N" and "Nodes/second: N". The clock
# runs from "go perft" to the "Nodes searched" line, so engine start-up is not
# counted. Exits 2 when fairy-stockfish is not installed.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ] || ! [[ $1 =~ ^[1-9][0-9]?$ ]]; then
	echo "usage: $0 DEPTH [SFEN]" >&2
	exit 1
fi
depth=$1
sfen=${2:-}

fsf=/usr/games/fairy-stockfish
if [ ! -x "$fsf" ]; then
	fsf=$(command -v fairy-stockfish || true)
fi
if [ -z "$fsf" ]; then
	echo "fsf_perft: fairy-stockfish not found (scripts/deps.sh installs it)" >&2
	exit 2
fi

coproc FSF { exec "$fsf" 2>/dev/null; }
# shellcheck disable=SC2153 # FSF_PID is set by coproc
fsf_pid=$FSF_PID
fsf_in=${FSF[1]}
fsf_out=${FSF[0]}

# Sends one command line to the engine.
send() { printf '%s\n' "$1" >&"$fsf_in"; }

# Reads engine output until a line starting with $1, left in $line.
wait_for()
{
	while IFS= read -r line <&"$fsf_out"; do
		if [[ $line == "$1"* ]]; then
			return 0
		fi
	done
	echo "fsf_perft: fairy-stockfish stopped before printing '$1'" >&2
	exit 1
}

send usi
wait_for usiok
send "setoption name UCI_Variant value shogi"
if [ -n "$sfen" ]; then
	send "position sfen $sfen"
else
	send "position startpos"
fi
send isready
wait_for readyok

start=$EPOCHREALTIME
send "go perft $depth"
wait_for "Nodes searched:"
end=$EPOCHREALTIME
send quit
wait "$fsf_pid" || true

nodes=${line#Nodes searched: }
nodes=${nodes//[^0-9]/}
# EPOCHREALTIME is seconds with six decimals; drop the separator to get microseconds.
usec=$((10#${end//[.,]/} - 10#${start//[.,]/}))
if [ "$usec" -lt 1 ]; then
	usec=1
fi
echo "Nodes searched: $nodes"
echo "Nodes/second: $((nodes * 1000000 / usec))"
