#!/usr/bin/env bash
# tests/puzzles.sh: `gyoku puzzles` (docs/puzzles.md): the shipped set
# data/puzzles/tsume.txt passes `gyoku puzzles check`; `make` reproduces
# the first games of it from its seed and reads records; each line of
# tests/data/puzzles/broken.txt is rejected with its reason and line;
# the composed set data/puzzles/composed.txt passes `check` with the
# composed conventions, `compose` is reproducible, and the conventions of
# tests/data/puzzles/composed-broken.txt are enforced (5.x).
# Prints PASS/FAIL lines puzzles-N.M.  Run from the repository root after
# the binaries are built (GYOKU=bin/debug/gyoku: the sanitizer build;
# --broken: only the broken puzzles, the usage and the composed
# conventions, 2.x, 3.x and 5.3-5.5, which is what the sanitizer build
# runs: the whole set takes it minutes).
set -u
cd "$(dirname "$0")/.."
tmp=build/puzzles-test${GYOKU:+-$(basename "$(dirname "$GYOKU")")}
rm -rf "$tmp" && mkdir -p "$tmp"
gyoku=${GYOKU:-bin/gyoku}
set_file=data/puzzles/tsume.txt
all=1
[ "${1:-}" = --broken ] && all=

if [ -n "$all" ]; then

# 1.1: every puzzle of the shipped set is good, and there are 100 or more.
out=$("$gyoku" puzzles check "$set_file" 2>&1)
st=$?
n=$(sed -n 's/^\([0-9]*\) puzzles good, 0 failed$/\1/p' <<< "$out")
[ $st = 0 ] && [ "${n:-0}" -ge 100 ] && echo "PASS puzzles-1.1" || echo "FAIL puzzles-1.1: exit $st: $(tail -3 <<< "$out")"
# 1.2: the set is what its header's command makes: the first two games give the same lines.
args=$(sed -n '1s/^# gyoku puzzles make //p' "$set_file" | sed 's/--games [0-9]*/--games 2/')
# shellcheck disable=SC2086 # the header's words are the arguments
"$gyoku" puzzles make $args --out "$tmp/two.txt" 2> /dev/null
want=$(grep -P '\tseed 1 game [01] ply [0-9]+$' "$set_file")
got=$(grep -v '^#' "$tmp/two.txt")
[ -n "$want" ] && [ "$got" = "$want" ] && echo "PASS puzzles-1.2" || echo "FAIL puzzles-1.2: '$got' is not '$want'"
# 1.3: every length is odd from 1 to 15 and its theme says it; no position twice.
awk -F '\t' '!/^#/ { if ($3 % 2 == 0 || $3 < 1 || $3 > 15 || $4 != $3 "手詰" || seen[$1]++) bad = 1 } END { exit bad }' \
	"$set_file" && echo "PASS puzzles-1.3" || echo "FAIL puzzles-1.3: a bad length, theme or a repeated SFEN"
# 1.4: --from reads a record: the mate in one of its first position is found, named by file and ply.
printf 'position sfen pSG4+P1/1L+R6/1Rp1g4/kp1p1g3/2P2P3/PPKPSnP2/+n2G2s+p+p/5+b3/4s4 b B2L3P2nl2p 1 moves 1c1b\n' \
	> "$tmp/game.usi"
got=$("$gyoku" puzzles make --from "$tmp/game.usi" 2> /dev/null | grep -v '^#')
want=$'pSG4+P1/1L+R6/1Rp1g4/kp1p1g3/2P2P3/PPKPSnP2/+n2G2s+p+p/5+b3/4s4 b B2L3P2nl2p 1\tL*9e\t1\t1手詰\tgame.usi ply 0'
[ "$got" = "$want" ] && echo "PASS puzzles-1.4" || echo "FAIL puzzles-1.4: '$got'"
fi

# 2.x: tests/data/puzzles/broken.txt, line by line: the reason each is rejected (the first line is good).
out=$("$gyoku" puzzles check tests/data/puzzles/broken.txt 2>&1)
st=$?
reasons=(
	"4: 2 fields, not 5"
	"5: SFEN: side to move must be 'b' or 'w' at column 65"
	"6: the position is already in the file"
	"7: solution: move 1 'L*1a' is not a legal move"
	"8: the solution has 1 moves, the length says 3"
	"9: theme '3手詰' is not '1手詰'"
	"10: the side to move is in check"
	"11: no mate"
	"12: the shortest mate is 7 plies, not 5"
	"13: ply 1: 7f8g+ mates within 1 plies too"
	"14: ply 1: 3f3e is not a legal check"
	"15: ply 2: 8e8d is not a longest defence"
)
i=0
for r in "${reasons[@]}"; do
	i=$((i + 1))
	grep -qF "tests/data/puzzles/broken.txt:$r" <<< "$out" && echo "PASS puzzles-2.$i" || echo "FAIL puzzles-2.$i: no '$r' in: $out"
done
[ $st = 1 ] && grep -q '^1 puzzles good, 12 failed$' <<< "$out" && echo "PASS puzzles-2.0" \
	|| echo "FAIL puzzles-2.0: exit $st, not 1: $(tail -1 <<< "$out")"
# 3.x: usage: an unknown subcommand, a missing file, no file.
"$gyoku" puzzles solve > /dev/null 2>&1
[ $? = 2 ] && echo "PASS puzzles-3.1" || echo "FAIL puzzles-3.1: an unknown subcommand is not exit 2"
out=$("$gyoku" puzzles check "$tmp/missing.txt" 2>&1)
[ $? = 2 ] && grep -q 'missing.txt' <<< "$out" && echo "PASS puzzles-3.2" || echo "FAIL puzzles-3.2: $out"
"$gyoku" puzzles check > /dev/null 2>&1
[ $? = 2 ] && echo "PASS puzzles-3.3" || echo "FAIL puzzles-3.3: no file is not exit 2"
# 4.1: the last 1, 3, ... 15 plies of Microcosmos (the 1525-ply tsume of ../shared/research-data/, when
# present) are each a puzzle the check accepts: unique, shortest, a main line.
micro=../shared/research-data/tsume_microcosmos_1525.txt
if [ -z "$all" ]; then
	:
elif [ -f "$micro" ]; then
	sfen=$(sed -n '1s/.*SFEN: //p' "$micro")
	read -ra mv <<< "$(grep -v '^#' "$micro" | tr '\n' ' ')"
	total=${#mv[@]}
	: > "$tmp/micro.txt"
	for k in 1 3 5 7 9 11 13 15; do
		printf 'position sfen %s moves %s\n' "$sfen" "${mv[*]:0:$((total - k))}" > "$tmp/micro.usi"
		pos=$("$gyoku" convert "$tmp/micro.usi" --to sfen)
		printf '%s\t%s\t%d\t%d手詰\tmicrocosmos ply %d\n' "$pos" "${mv[*]:$((total - k))}" $k $k $((total - k)) \
			>> "$tmp/micro.txt"
	done
	out=$("$gyoku" puzzles check "$tmp/micro.txt" 2>&1)
	st=$?
	[ $st = 0 ] && [ "$total" = 1525 ] && grep -q '^8 puzzles good, 0 failed$' <<< "$out" && echo "PASS puzzles-4.1" \
		|| echo "FAIL puzzles-4.1: $out"
else
	echo "SKIP puzzles-4.1: $micro is not there"
fi
# 5.x: composed problems (docs/puzzles.md "Composed problems"): data/puzzles/composed*.txt.
if [ -n "$all" ]; then
	# 5.1: every composed problem passes check (verification and composed conventions); 33 or more,
	# 3 of 11 plies or more, each source "composed seed S n I", each file's header its command.
	good=0 st=0 out=
	for f in data/puzzles/composed*.txt; do
		o=$("$gyoku" puzzles check "$f" 2>&1) || st=1
		out+=$(tail -3 <<< "$o")
		good=$((good + $(sed -n 's/^\([0-9]*\) puzzles good, 0 failed$/\1/p' <<< "$o")))
		head -1 "$f" | grep -q '^# gyoku puzzles compose ' || st=1
	done
	long=$(cat data/puzzles/composed*.txt | awk -F '\t' '!/^#/ && $3 >= 11' | wc -l)
	bad=$(cat data/puzzles/composed*.txt | grep -v '^#' | grep -cvP '\tcomposed seed [0-9]+ n [0-9]+$')
	[ $st = 0 ] && [ "$good" -ge 33 ] && [ "$long" -ge 3 ] && [ "$bad" = 0 ] && echo "PASS puzzles-5.1" \
		|| echo "FAIL puzzles-5.1: exit $st, $good good, $long long, $bad bad sources: $out"
	# 5.2: compose is reproducible: the same arguments twice give the same file, whose problems check passes.
	"$gyoku" puzzles compose --len 1 --count 2 --seed 7 --out "$tmp/c1.txt" 2> /dev/null
	"$gyoku" puzzles compose --len 1 --count 2 --seed 7 --out "$tmp/c2.txt" 2> /dev/null
	out=$("$gyoku" puzzles check "$tmp/c1.txt" 2>&1)
	[ -s "$tmp/c1.txt" ] && cmp -s "$tmp/c1.txt" "$tmp/c2.txt" && grep -q '^2 puzzles good, 0 failed$' <<< "$out" \
		&& echo "PASS puzzles-5.2" || echo "FAIL puzzles-5.2: $(diff "$tmp/c1.txt" "$tmp/c2.txt" | head -3) $out"
fi
# 5.3-5.5: tests/data/puzzles/composed-broken.txt: a composed problem with a piece left in the attacker's
# hand (5.3) or an attacker piece it does not need (5.4) is rejected; the same positions from games pass (5.5).
out=$("$gyoku" puzzles check tests/data/puzzles/composed-broken.txt 2>&1)
st=$?
grep -qF "composed-broken.txt:6: composed: 1 piece left in the attacker's hand at the end (駒余り)" <<< "$out" \
	&& echo "PASS puzzles-5.3" || echo "FAIL puzzles-5.3: $out"
grep -qF "composed-broken.txt:7: composed: the attacker's piece on 1g is not needed (a 1手詰 without it)" <<< "$out" \
	&& echo "PASS puzzles-5.4" || echo "FAIL puzzles-5.4: $out"
[ $st = 1 ] && grep -q '^3 puzzles good, 2 failed$' <<< "$out" && echo "PASS puzzles-5.5" \
	|| echo "FAIL puzzles-5.5: exit $st: $(tail -1 <<< "$out")"
