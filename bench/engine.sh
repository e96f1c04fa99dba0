#!/usr/bin/env bash
# bench/engine.sh [DEPTH]: `make bench` for the search.  Runs `gyoku-usi bench`
# (the positions of engine/bench.c, each to DEPTH from a cleared state, one
# thread) and Debian's fairy-stockfish on the same positions to the same depth,
# in the same run, and prints both nodes/second and their ratio.  Figures
# only: nothing here passes or fails on time (the machines are shared and noisy).
set -eu
cd "$(dirname "$0")/.."
depth=${1:-$(sed -n 's/.*BENCH_DEPTH = \([0-9]*\).*/\1/p' engine/bench.h)}

out=$(bin/gyoku-usi bench "$depth")
g_nodes=$(sed -n 's/^Nodes searched: //p' <<< "$out")
g_nps=$(sed -n 's/^Nodes\/second: //p' <<< "$out")
printf 'search depth %s, %s positions (gyoku %s, one thread)\n' "$depth" \
	"$(grep -c '^	"' engine/bench.c)" "$(git rev-parse --short HEAD 2> /dev/null || echo '?')"
printf '%-18s nodes %12s  nodes/second %10s\n' "gyoku-usi" "$g_nodes" "$g_nps"

fsf=/usr/games/fairy-stockfish
[ -x "$fsf" ] || fsf=$(command -v fairy-stockfish || true)
if [ -z "$fsf" ]; then
	echo "fairy-stockfish not installed: no comparison"
	exit 0
fi
coproc FSF { exec "$fsf" 2> /dev/null; }
fsf_in=${FSF[1]}
fsf_out=${FSF[0]}
printf 'usi\nsetoption name UCI_Variant value shogi\nsetoption name Threads value 1\nsetoption name Hash value 64\nisready\n' >&"$fsf_in"
while read -r line <&"$fsf_out"; do [ "$line" = readyok ] && break; done
nodes=0 ms=0
while IFS= read -r sfen; do
	printf 'usinewgame\nposition sfen %s\ngo depth %s\n' "$sfen" "$depth" >&"$fsf_in"
	last=
	while read -r line <&"$fsf_out"; do
		case $line in
		"info depth"*" nodes "*) last=$line ;;
		bestmove*) break ;;
		esac
	done
	n=$(sed -n 's/.* nodes \([0-9]*\).*/\1/p' <<< "$last")
	t=$(sed -n 's/.* time \([0-9]*\).*/\1/p' <<< "$last")
	nodes=$((nodes + ${n:-0})) ms=$((ms + ${t:-0}))
done < <(sed -n 's/^	"\(.*\)",$/\1/p' engine/bench.c)
printf 'quit\n' >&"$fsf_in"
f_nps=$((ms > 0 ? nodes * 1000 / ms : 0))
printf '%-18s nodes %12s  nodes/second %10s\n' "fairy-stockfish" "$nodes" "$f_nps"
if [ "$f_nps" -gt 0 ]; then
	awk -v a="$g_nps" -v b="$f_nps" 'BEGIN { printf "nodes/second ratio gyoku/fairy-stockfish: %.2fx\n", a / b }'
fi
