#!/usr/bin/env bash
# tests/tune.sh: `gyoku selfplay` and `gyoku tune` (docs/tuning.md):
# the data file's shape, games independent of the thread count and fixed by
# the seed, every SFEN valid; the weights file (data/eval/weights.txt)
# written with its header, one weight per feature, the seed weights for
# --epochs 0 --init seed, and a file the build turns into C that compiles;
# the same fit with more threads; usage and data errors; the weights built
# in are the shipped file's.  Prints PASS/FAIL lines tune-1.N.  Run from
# the repository root after the binaries are built.
set -u
cd "$(dirname "$0")/.."
tmp=build/tune-test${GYOKU:+-$(basename "$(dirname "$GYOKU")")} # bin/debug/gyoku: build/tune-test-debug
rm -rf "$tmp" && mkdir -p "$tmp"
gyoku=${GYOKU:-bin/gyoku} # GYOKU=bin/debug/gyoku runs the sanitizer build

# check ID WHY CONDITION-COMMAND...: PASS when the command succeeds, else FAIL with WHY.
check() {
	local id=$1 why=$2
	shift 2
	if "$@"; then echo "PASS $id"; else echo "FAIL $id: $why"; fi
}
sp="selfplay --games 4 --nodes 300 --random-plies 6"
"$gyoku" $sp --seed 1 --threads 2 --out "$tmp/a.txt" > "$tmp/a.log" 2>&1
"$gyoku" $sp --seed 1 --threads 1 --out "$tmp/b.txt" > "$tmp/b.log" 2>&1
"$gyoku" $sp --seed 2 --threads 2 --out "$tmp/c.txt" > "$tmp/c.log" 2>&1

# 1.1: the header names the command; every line is SFEN, result for Black, score, game index < 4.
check tune-1.1 "bad data lines: $(head -c 300 "$tmp/a.txt")" bash -c "
	head -1 $tmp/a.txt | grep -q '^# gyoku selfplay --games 4 ' &&
	[ \$(wc -l < $tmp/a.txt) -gt 20 ] &&
	tail -n +2 $tmp/a.txt | awk -F '\t' 'NF != 4 || (\$2 != \"1\" && \$2 != \"0.5\" && \$2 != \"0\") ||
		\$3 !~ /^-?[0-9]+\$/ || \$4 !~ /^[0-3]\$/ { bad = 1 } END { exit bad }'"
# 1.2: the same seed gives the same games with one thread or two; another seed other games.
check tune-1.2 "threads or seed changed the games" bash -c "
	cmp -s <(tail -n +2 $tmp/a.txt | sort) <(tail -n +2 $tmp/b.txt | sort) &&
	! cmp -s <(tail -n +2 $tmp/a.txt | sort) <(tail -n +2 $tmp/c.txt | sort)"
# 1.3: a sample of the positions are valid SFENs (perft 1 reads each).
bad=0 seen=0
while IFS=$'\t' read -r sfen _; do
	seen=$((seen + 1))
	"$gyoku" perft "$sfen" 1 > /dev/null 2>&1 || bad=$((bad + 1))
done < <(tail -n +2 "$tmp/a.txt" 2> /dev/null | awk 'NR % 10 == 1')
check tune-1.3 "$bad of $seen positions do not parse" [ "$bad" = 0 -a "$seen" -gt 2 ]

# weights FILE: the weights of a weights file, one a line (its lines but the "#" comments).
weights() { grep -v '^#' "$1" | tr -s ' ' '\n' | grep -v '^$'; }
# 1.4: tune writes one weight per feature (as many as the shipped file has), whole numbers only, 16 to a
# line, after a header of comments with the data's command.
"$gyoku" tune --data "$tmp/a.txt" --data "$tmp/c.txt" --epochs 5 --out "$tmp/w.txt" > "$tmp/w.log" 2>&1
got=$(weights "$tmp/w.txt" | wc -l) want=$(weights data/eval/weights.txt | wc -l)
check tune-1.4 "$got weights, want $want: $(tail -2 "$tmp/w.log" | tr '\n' ' ')" bash -c "
	[ $got = $want ] && [ $got -gt 0 ] && grep -q '^#   gyoku selfplay --games 4 ' $tmp/w.txt &&
	grep -qE '^# [0-9]+ positions [(][0-9]+ features[)], K = ' $tmp/w.txt && grep -q '^tune: wrote ' $tmp/w.log &&
	! grep -v '^#' $tmp/w.txt | grep -qvE '^-?[0-9]+( -?[0-9]+){0,15}\$' &&
	[ \$(grep -v '^#' $tmp/w.txt | wc -l) = $(((want + 15) / 16)) ]"
# 1.5: --epochs 0 --init seed writes the seed weights: the piece values first.
"$gyoku" tune --data "$tmp/a.txt" --epochs 0 --init seed --out "$tmp/seed.txt" > /dev/null 2>&1
check tune-1.5 "seed weights: $(grep -m1 -v '^#' "$tmp/seed.txt")" \
	grep -q '^0 90 315 405 495 855 990 540 0 540 540 540 540 945 1395 0$' "$tmp/seed.txt"
# 1.6: the written file builds as data/eval/weights.txt does: made C by scripts/eval_weights.sh, it
# compiles with the engine's flags; the shipped file makes the same C but for its name and numbers.
check tune-1.6 "the weights file does not build: $(scripts/eval_weights.sh "$tmp/w.txt" 2>&1 > /dev/null)" bash -c "
	scripts/eval_weights.sh $tmp/w.txt > $tmp/w.c &&
	${CC:-cc} -std=c11 -Wall -Wextra -Werror -Iinclude -Iengine -c $tmp/w.c -o $tmp/w.o &&
	cmp -s <(sed 's/-\?[0-9][0-9]*/N/g; /weights of /d' $tmp/w.c) \
		<(scripts/eval_weights.sh data/eval/weights.txt | sed 's/-\?[0-9][0-9]*/N/g; /weights of /d')"
# 1.7: usage errors exit 2: selfplay without --out, tune without --data.
"$gyoku" selfplay --games 2 --nodes 100 > "$tmp/u1" 2>&1
r1=$?
"$gyoku" tune --out "$tmp/x.txt" > "$tmp/u2" 2>&1
r2=$?
check tune-1.7 "exit $r1 and $r2" bash -c "[ $r1 = 2 ] && [ $r2 = 2 ] && grep -q '^usage: gyoku selfplay' $tmp/u1 &&
	grep -q '^usage: gyoku tune' $tmp/u2 && [ ! -e $tmp/x.txt ]"
# 1.8: a missing data file and one with no position are errors (exit 1) that write nothing.
"$gyoku" tune --data "$tmp/none.txt" --out "$tmp/x.txt" > "$tmp/e1" 2>&1
r1=$?
printf 'garbage\nfoo\tbar\n' > "$tmp/bad.txt"
"$gyoku" tune --data "$tmp/bad.txt" --out "$tmp/x.txt" > "$tmp/e2" 2>&1
r2=$?
check tune-1.8 "exit $r1 and $r2: $(cat "$tmp/e1" "$tmp/e2" | tr '\n' ' ')" bash -c "
	[ $r1 = 1 ] && [ $r2 = 1 ] && grep -q 'none.txt' $tmp/e1 && grep -q '1 unreadable' $tmp/e2 && [ ! -e $tmp/x.txt ]"
# 1.9: --threads 3 fits the weights --threads 1 does (the gradient is only summed in another order:
# at most a few weights may round the other way, by one); --threads 0 is a usage error.
"$gyoku" tune --data "$tmp/a.txt" --data "$tmp/c.txt" --epochs 5 --threads 3 --out "$tmp/w3.txt" > "$tmp/w3.log" 2>&1
"$gyoku" tune --data "$tmp/a.txt" --epochs 1 --threads 0 --out "$tmp/x.txt" > "$tmp/u3" 2>&1
r3=$?
ndiff=$(paste <(weights "$tmp/w.txt") <(weights "$tmp/w3.txt") | awk '$1 != $2 { n++; d = $1 - $2; if (d > 1 || d < -1) n += 1000 } END { print n + 0 }')
check tune-1.9 "$ndiff weights differ (1000 per gap over one); --threads 0 exit $r3" bash -c "
	[ $ndiff -le 5 ] && [ $(weights "$tmp/w3.txt" | wc -l) = $got ] && [ $r3 = 2 ] && [ ! -e $tmp/x.txt ]"
# 1.10: the engine plays with the shipped weights file, bit for bit: --epochs 0 --init current writes
# back the weights built in, and they are data/eval/weights.txt's.
"$gyoku" tune --data "$tmp/a.txt" --epochs 0 --init current --out "$tmp/current.txt" > /dev/null 2>&1
check tune-1.10 "the weights built in are not data/eval/weights.txt's" \
	cmp -s <(weights "$tmp/current.txt") <(weights data/eval/weights.txt)
