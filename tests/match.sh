#!/usr/bin/env bash
# tests/match.sh: `gyoku match` (docs/engine.md "Measuring") against the fake engine
# bin/tools/fakeusi (tests/tools/fakeusi.c) and, when installed, Debian's
# fairy-stockfish.  Prints PASS/FAIL/SKIP lines match-1.N.  Run from the
# repository root after the binaries are built.
set -u
cd "$(dirname "$0")/.."
tmp=build/match-test${GYOKU:+-$(basename "$(dirname "$GYOKU")")} # bin/debug/gyoku: build/match-test-debug
rm -rf "$tmp" && mkdir -p "$tmp"
fake=bin/tools/fakeusi
gyoku=${GYOKU:-bin/gyoku} # GYOKU=bin/debug/gyoku runs the sanitizer build

# check ID CONDITION-COMMAND... : PASS when the command succeeds, else FAIL with the match output.
check() {
	local id=$1
	shift
	if "$@"; then echo "PASS $id"; else echo "FAIL $id: $(tail -4 "$tmp/out" | tr '\n' ' ')"; fi
}
# match ARGS...: runs a match between fake engines A and B (extra flags in $A and $B), output in $tmp/out.
match() {
	"$gyoku" match --engine "$fake --name A --seed 1 ${A:-}" --engine "$fake --name B --seed 2 ${B:-}" "$@" \
		> "$tmp/out" 2>&1
}
has() { grep -q -- "$1" "$tmp/out"; }
count() { grep -c -- "$1" "$tmp/out"; }

# 1.1: every game is counted, W+D+L = games, in the summary.
A= B= match --games 4 --byoyomi 1000 --max-moves 60
check match-1.1 bash -c "grep -q '^Finished: 4 games' $tmp/out && [ \$(grep -c '^Game [1-4]: ' $tmp/out) = 4 ] \
	&& grep -qE '^A: [0-9]+ wins, [0-9]+ draws, [0-9]+ losses' $tmp/out && grep -q '^Elo difference: ' $tmp/out"
# 1.2: an illegal move loses (B's first move, in game 1 where it is Gote).
A= B="--illegal-at 1" match --games 2 --byoyomi 1000 --max-moves 40
check match-1.2 bash -c "grep -q '^Game 1: A vs B: 1-0 {B (Gote) plays an illegal move' $tmp/out"
# 1.3: a crash loses and the match goes on (B is restarted for every game, and crashes again).
A= B="--crash-at 5" match --games 3 --byoyomi 1000 --max-moves 40
check match-1.3 bash -c "[ \$(grep -c 'B (.*) crashed (exit status 3)' $tmp/out) = 3 ] && grep -q '^A: 3 wins, 0 draws, 0 losses' $tmp/out"
# 1.4: a hang loses on time (byoyomi 200 ms, 100 ms margin); the hung engine is stopped.
A= B="--hang-at 3" match --games 2 --byoyomi 200 --max-moves 40
check match-1.4 bash -c "[ \$(grep -c 'B (.*) loses on time' $tmp/out) = 2 ] && grep -q '^A: 2 wins' $tmp/out"
# 1.5: resignation.
A="--resign-at 6" B= match --games 1 --byoyomi 1000
check match-1.5 bash -c "grep -q '^Game 1: A vs B: 0-1 {A (Sente) resigns}' $tmp/out"
# 1.6: sennichite is a draw (both engines shuffle their kings).
A=--shuffle B=--shuffle match --games 2 --byoyomi 1000
check match-1.6 bash -c "[ \$(grep -c '1/2-1/2 {sennichite}' $tmp/out) = 2 ]"
# 1.7: the move limit is a draw.
A= B= match --games 1 --byoyomi 1000 --max-moves 20
check match-1.7 bash -c "grep -q '^Game 1: A vs B: 1/2-1/2 {' $tmp/out && grep -qi 'move' $tmp/out"
# 1.8: a wrong declaration (bestmove win in the opening) loses under the CSA 27-point rule.
A= B="--declare-at 3" match --games 1 --byoyomi 1000
check match-1.8 bash -c "grep -q '^Game 1: A vs B: 1-0 {B (Gote) declares wrongly: king not in the zone' $tmp/out"
# 1.9: SPRT stops early with a lopsided pair (B resigns at once, every game): H1 holds from 20-0-0 on
# (tests/data/match_stats.txt, stats-3.13), and the summary names the game count that decided.
A= B="--every-game --resign-at 1" match --games 200 --byoyomi 1000 --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05
check match-1.9 bash -c "grep -q 'H1 accepted after 20 games' $tmp/out && [ \$(grep -c '^Game ' $tmp/out) = 20 ]"
# 1.10: --out FILE.csa holds every game, separated by '/', and gyoku convert reads it.
A= B= match --games 3 --byoyomi 1000 --max-moves 30 --out "$tmp/games.csa"
check match-1.10 bash -c "[ \$(grep -c '^/\$' $tmp/games.csa) = 2 ] && [ \$(grep -c '^N+' $tmp/games.csa) = 3 ] \
	&& grep -q '^%MAX_MOVES' $tmp/games.csa && bin/gyoku convert $tmp/games.csa --to usi | grep -q '^position startpos moves'"
# 1.11: --out FILE.kif writes one Shift_JIS KIF file per game, readable by gyoku convert.
A= B="--resign-at 9" match --games 2 --byoyomi 1000 --out "$tmp/games.kif"
check match-1.11 bash -c "[ -f $tmp/games-1.kif ] && [ -f $tmp/games-2.kif ] \
	&& [ \$(bin/gyoku convert $tmp/games-1.kif --to usi | wc -w) = 12 ]"
# 1.12: openings (USI line with moves, sfen ... moves, bare SFEN), each played with both colours.
A= B= match --games 6 --byoyomi 1000 --max-moves 30 --openings tests/data/match/openings.txt --out "$tmp/open.csa"
check match-1.12 bash -c "bin/gyoku convert $tmp/open.csa --to usi | grep -q '^position startpos moves 7g7f 3c3d ' \
	&& grep -q '^Game 6: B vs A' $tmp/out && [ \$(grep -c '^/\$' $tmp/open.csa) = 5 ]"
# 1.13: two games at a time.
A= B= match --games 6 --concurrency 2 --byoyomi 1000 --max-moves 30
check match-1.13 bash -c "grep -q '^Finished: 6 games' $tmp/out && [ \$(grep -c '^Game ' $tmp/out) = 6 ]"
# 1.14: --nodes and a cutechess time control.
A= B= match --games 2 --nodes 1000 --max-moves 20
n1=$(grep -c '^Game ' "$tmp/out")
A= B= match --games 2 --tc 2+0.05 --max-moves 20
check match-1.14 bash -c "[ $n1 = 2 ] && [ \$(grep -c '^Game ' $tmp/out) = 2 ]"
# 1.15: the shipped openings: at least 200 distinct positions, all readable; the SPRT file's 2000
# positions, all readable and none in the first.
ship=data/openings/gyoku-openings.txt big=data/openings/gyoku-openings-2000.txt
A= B= match --games 2 --byoyomi 1000 --max-moves 40 --openings "$ship"
n1=$(grep -c '^Finished: 2 games' "$tmp/out")
A= B= match --games 2 --byoyomi 1000 --max-moves 10 --openings "$big"
check match-1.15 bash -c "[ \$(grep -v '^#' $ship | sort -u | wc -l) -ge 200 ] && [ $n1 = 1 ] \
	&& grep -q '^Finished: 2 games' $tmp/out && [ \$(grep -v '^#' $big | sort -u | wc -l) = 2000 ] \
	&& [ \$(cat $ship $big | grep -v '^#' | sort | uniq -d | wc -l) = 0 ]"
# 1.16: a right declaration wins (Sente has 28 points in a position from the openings file).
A="--declare-at 1" B= match --games 1 --byoyomi 1000 --openings tests/data/match/declare.txt --out "$tmp/declare.csa"
check match-1.16 bash -c "grep -q '^Game 1: A vs B: 1-0 {A (Sente) declares a win (CSA 27-point rule, 28 points)}' $tmp/out \
	&& grep -q '^%KACHI' $tmp/declare.csa"
# 1.17: a real engine, when installed: two short games against the fake engine.  Byoyomi (no
# btime/wtime to misread) and a wide margin: the test is of the runner, not of the engine's
# time management on a loaded machine.
fsf=$(command -v fairy-stockfish || ls /usr/games/fairy-stockfish 2> /dev/null)
if [ -n "$fsf" ]; then
	"$gyoku" match --engine "$fsf" --option UCI_Variant=shogi --engine "$fake --name A" --games 2 --byoyomi 300 \
		--margin 1000 --max-moves 30 > "$tmp/out" 2>&1
	check match-1.17 bash -c "grep -q '^Finished: 2 games' $tmp/out && ! grep -q 'Fairy.*(\(Sente\|Gote\)) \(crashed\|loses on time\|plays an illegal\)' $tmp/out"
else
	echo "SKIP match-1.17: fairy-stockfish not installed"
fi
# 1.18: at a node limit, more games than two an opening are warned of (they would repeat); not fewer.
A= B= match --games 8 --nodes 1000 --max-moves 10 --openings tests/data/match/openings.txt
w8=$(grep -c 'warning: 8 games on 3 openings at a fixed node count: the games after the first 6 replay' "$tmp/out")
A= B= match --games 6 --nodes 1000 --max-moves 10 --openings tests/data/match/openings.txt
check match-1.18 bash -c "[ $w8 = 1 ] && ! grep -q warning $tmp/out && grep -q '^Finished: 6 games' $tmp/out"
