#!/usr/bin/env bash
# bench/perft.sh: `make bench` for move generation.  Runs gyoku's perft on
# the start position at depth 6 and on the middle game of tests/data/perft.txt
# (perft-2.x) at depth 4, then Debian's fairy-stockfish on the start position
# at depth 6 in the same run, and prints the speed ratio.  Figures only: nothing here
# passes or fails on time (the machines are shared and noisy).
set -eu
cd "$(dirname "$0")/.."

# perft NAME EXPECTED ARGS...: prints the node count (flagged if wrong) and speed.
perft() {
	local name=$1 want=$2 out nodes nps
	shift 2
	out=$(bin/gyoku perft "$@")
	nodes=$(sed -n 's/^Nodes searched: //p' <<< "$out")
	nps=$(sed -n 's/^Nodes\/second: //p' <<< "$out")
	printf '%-22s nodes %13s%s  nodes/second %12s\n' "$name" "$nodes" \
		"$([ "$nodes" = "$want" ] && echo '   ' || echo " (WRONG: expected $want)")" "$nps"
	last_nps=$nps
}

echo "perft (gyoku $(git rev-parse --short HEAD 2>/dev/null || echo '?'), one core)"
perft "startpos depth 6" 547581517 startpos 6
gyoku_nps=$last_nps
perft "perft-2 pos depth 4" 516925165 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1' 4

if fsf=$(bench/fsf_perft.sh 6 2> /dev/null); then
	fsf_nodes=$(sed -n 's/^Nodes searched: //p' <<< "$fsf")
	fsf_nps=$(sed -n 's/^Nodes\/second: //p' <<< "$fsf")
	printf '%-22s nodes %13s     nodes/second %12s\n' "fairy-stockfish d6" "$fsf_nodes" "$fsf_nps"
	awk -v a="$gyoku_nps" -v b="$fsf_nps" 'BEGIN { printf "ratio gyoku/fairy-stockfish (startpos depth 6): %.2fx\n", a / b }'
else
	echo "fairy-stockfish not available: no ratio (scripts/deps.sh installs it)"
fi
