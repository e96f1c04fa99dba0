#!/usr/bin/env bash
# tests/packed.sh: `gyoku selfplay --packed` and `--pack-text`, the network's
# training data (dev/packed.h, docs/nnue.md "Data"): the chunks are the same
# bytes with one thread or two, sound records (tests/tools/packdump.c:
# positions, legal moves, flags, games that follow on); a run started again
# plays only the missing chunks, to the same bytes; other arguments and
# unknown engine options are refused; text samples converted to records.
# Prints PASS/FAIL lines nnue-2.N.  Run from the repository root after the
# binaries are built (bin/tools/packdump too).
set -u
cd "$(dirname "$0")/.."
tmp=build/packed-test${GYOKU:+-$(basename "$(dirname "$GYOKU")")} # bin/debug/gyoku: build/packed-test-debug
rm -rf "$tmp" && mkdir -p "$tmp"
gyoku=${GYOKU:-bin/gyoku} # GYOKU=bin/debug/gyoku runs the sanitizer build
dump=bin/tools/packdump

# check ID WHY CONDITION-COMMAND...: PASS when the command succeeds, else FAIL with WHY.
check() {
	local id=$1 why=$2
	shift 2
	if "$@"; then echo "PASS $id"; else echo "FAIL $id: $why"; fi
}
sp="selfplay --games 5 --nodes 300 --random-plies 6 --chunk-games 2"
"$gyoku" $sp --threads 2 --packed "$tmp/a" > "$tmp/a.log" 2>&1
"$gyoku" $sp --threads 1 --packed "$tmp/b" > "$tmp/b.log" 2>&1
"$gyoku" $sp --seed 2 --threads 2 --packed "$tmp/c" > "$tmp/c.log" 2>&1
# chunks DIR: each chunk's checksum, by name.
chunks() { (cd "$1" && cksum chunk-*.bin); }
export -f chunks

# 2.20: three chunks (2, 2 and 1 games), the same bytes with one thread or two, other bytes with another seed;
# the records sound, 5 games, each from the ply after the random opening.
"$dump" "$tmp"/a/chunk-*.bin > "$tmp/a.txt" 2> "$tmp/a.dump"
check nnue-2.20 "$(tail -q -n 2 "$tmp/a.log" "$tmp/a.dump" | tr '\n' ' ')" bash -c "
	[ \$(ls $tmp/a | grep -c '^chunk-00000[0-2].bin\$') = 3 ] && [ \$(ls $tmp/a | wc -l) = 4 ] &&
	cmp -s <(chunks $tmp/a) <(chunks $tmp/b) && ! cmp -s <(chunks $tmp/a) <(chunks $tmp/c) &&
	grep -q '^packdump: [0-9]* records, [0-9]* with moves, 5 runs of consecutive positions\$' $tmp/a.dump &&
	! grep -q bad $tmp/a.dump && [ \$(wc -l < $tmp/a.txt) -gt 100 ] &&
	[ \$(awk -F '\t' '\$4 == 7' $tmp/a.txt | wc -l) = 5 ] && awk -F '\t' '\$4 < 7 { exit 1 }' $tmp/a.txt"

# 2.21: run.txt names the command, the version, the seed and the arguments that fix the bytes.
check nnue-2.21 "$(cat "$tmp/a/run.txt")" bash -c "
	grep -q '^command: gyoku $sp --threads 2 --packed $tmp/a\$' $tmp/a/run.txt &&
	grep -q '^version: gyoku [0-9]' $tmp/a/run.txt && grep -q '^seed: 1\$' $tmp/a/run.txt &&
	grep -q '^args: --games 5 --nodes 300 --depth 0 --random-plies 6 --seed 1 --hash 16 --chunk-games 2\$' $tmp/a/run.txt"

# 2.22: a chunk removed (and a temporary file left by a stopped run) is played again, to the same bytes; the
# others are left alone; run again once more, nothing is played.
chunks "$tmp/a" > "$tmp/a.sums"
rm "$tmp/a/chunk-000001.bin" && echo partial > "$tmp/a/chunk-000001.bin.tmp"
"$gyoku" $sp --threads 2 --packed "$tmp/a" > "$tmp/r.log" 2>&1
r1=$?
"$gyoku" $sp --packed "$tmp/a" > "$tmp/r2.log" 2>&1
r2=$?
check nnue-2.22 "exit $r1 $r2: $(tail -1 "$tmp/r.log")" bash -c "
	[ $r1 = 0 ] && [ $r2 = 0 ] && cmp -s $tmp/a.sums <(chunks $tmp/a) && [ ! -e $tmp/a/chunk-000001.bin.tmp ] &&
	grep -q '1 chunks written, 2 already there' $tmp/r.log && grep -q '0 chunks written, 3 already there' $tmp/r2.log"

# 2.23: other arguments (a node count, a seed) are refused with both runs' arguments; nothing is written.
"$gyoku" selfplay --games 5 --nodes 301 --random-plies 6 --chunk-games 2 --packed "$tmp/a" > "$tmp/o1.log" 2>&1
o1=$?
"$gyoku" $sp --seed 3 --packed "$tmp/a" > "$tmp/o2.log" 2>&1
o2=$?
check nnue-2.23 "exit $o1 $o2: $(head -3 "$tmp/o1.log" | tr '\n' ' ')" bash -c "
	[ $o1 = 1 ] && [ $o2 = 1 ] && cmp -s $tmp/a.sums <(chunks $tmp/a) &&
	grep -q 'run.txt: written by a run with other arguments' $tmp/o1.log &&
	grep -q '^  that run: --games 5 --nodes 300 ' $tmp/o1.log && grep -q '^  this run: --games 5 --nodes 301 ' $tmp/o1.log &&
	grep -q '^  this run: .* --seed 3 ' $tmp/o2.log"

# 2.24: engine options: an unknown one is a clear error before anything is written; a malformed one, Threads
# and USI_Hash are usage errors; a known one is taken and kept in the arguments.
"$gyoku" $sp --option NoSuchOption=1 --packed "$tmp/e" > "$tmp/e1.log" 2>&1
e1=$?
"$gyoku" $sp --option NoValue --packed "$tmp/e" > "$tmp/e2.log" 2>&1
e2=$?
"$gyoku" $sp --option Threads=2 --packed "$tmp/e" > "$tmp/e3.log" 2>&1
e3=$?
"$gyoku" selfplay --games 1 --nodes 200 --random-plies 6 --option MultiPV=2 --packed "$tmp/m" > "$tmp/e4.log" 2>&1
e4=$?
check nnue-2.24 "exit $e1 $e2 $e3 $e4: $(cat "$tmp/e1.log" "$tmp/e4.log" | tr '\n' ' ')" bash -c "
	[ $e1 = 2 ] && [ $e2 = 2 ] && [ $e3 = 2 ] && [ $e4 = 0 ] && [ ! -e $tmp/e ] &&
	grep -q '^gyoku selfplay: --option NoSuchOption=1: no such engine option, or a bad value\$' $tmp/e1.log &&
	grep -q 'NoValue: want NAME=VALUE' $tmp/e2.log && grep -q 'Threads=2: set by --threads' $tmp/e3.log &&
	grep -q '^args: .* --chunk-games 200 --option MultiPV=2\$' $tmp/m/run.txt && [ -s $tmp/m/chunk-000000.bin ]"

# 2.25: text samples as records: the score and result turned to the side to move, the move number kept,
# no move, in check flagged; the header skipped, an unfinished last line left out.
tab=$'\t'
{
	echo "# gyoku selfplay --games 2 --nodes 300 --out x"
	echo "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1${tab}1${tab}50${tab}0"
	echo "1n3gsnl/lrgsk2b1/ppp1ppppp/9/3p5/2P3P1P/PP1PPP1P1/1BG4R1/LNS1KGSNL w - 16${tab}0${tab}-120${tab}0"
	echo "l2g3nl/1r3k1b1/1pns1pgpp/4p4/p1B1sP3/2P3R2/PP1PP2PP/2SKGS3/LN1G3NL w 4P 48${tab}0.5${tab}767${tab}1"
	printf '1n3gsnl/lrgsk2b1/ppp1ppppp/9/3p5/2P3P2/PP1PPP1PP/1BG4R1/LNS1KGSNL b - 15\t1'
} > "$tmp/t.txt"
"$gyoku" selfplay --pack-text "$tmp/t.txt" --packed "$tmp/t" > "$tmp/t.log" 2>&1
t1=$?
"$dump" "$tmp"/t/chunk-*.bin > "$tmp/t.dump" 2> "$tmp/t.sum"
{
	echo "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1${tab}50${tab}-${tab}1${tab}1${tab}0"
	echo "1n3gsnl/lrgsk2b1/ppp1ppppp/9/3p5/2P3P1P/PP1PPP1P1/1BG4R1/LNS1KGSNL w - 16${tab}120${tab}-${tab}16${tab}1${tab}0"
	echo "l2g3nl/1r3k1b1/1pns1pgpp/4p4/p1B1sP3/2P3R2/PP1PP2PP/2SKGS3/LN1G3NL w 4P 48${tab}-767${tab}-${tab}48${tab}0${tab}1"
} > "$tmp/t.want"
check nnue-2.25 "exit $t1: $(cat "$tmp/t.log" "$tmp/t.sum" "$tmp/t.dump" | tr '\n' ' ')" bash -c "
	[ $t1 = 0 ] && cmp -s $tmp/t.dump $tmp/t.want &&
	grep -q '^packdump: 3 records, 0 with moves, 3 runs of consecutive positions\$' $tmp/t.sum && grep -q 't.txt:5: an unfinished last line, left out' $tmp/t.log &&
	grep -q '^args: --pack-text $tmp/t.txt\$' $tmp/t/run.txt"

# 2.26: a malformed text line is an error with its line and column, and its chunk is not written.
printf 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t1\t50\t0\n' > "$tmp/u.txt"
printf 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t2\t50\t0\n' >> "$tmp/u.txt"
"$gyoku" selfplay --pack-text "$tmp/u.txt" --packed "$tmp/u" > "$tmp/u.log" 2>&1
u1=$?
printf 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPX/1B5R1/LNSGKGSNL b - 1\t1\t50\t0\n' > "$tmp/v.txt"
"$gyoku" selfplay --pack-text "$tmp/v.txt" --packed "$tmp/v" > "$tmp/v.log" 2>&1
v1=$?
check nnue-2.26 "exit $u1 $v1: $(cat "$tmp/u.log" "$tmp/v.log" | tr '\n' ' ')" bash -c "
	[ $u1 = 1 ] && [ $v1 = 1 ] && grep -q 'u.txt:2:65: the result is not 1, 0.5 or 0' $tmp/u.log &&
	grep -q 'v.txt:1:[0-9]*: not a position' $tmp/v.log && [ -z \"\$(ls $tmp/u | grep chunk)\" ]"
