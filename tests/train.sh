#!/usr/bin/env bash
# tests/train.sh: `gyoku train`, the NNUE trainer (docs/nnue.md "Training"),
# on the positions of a tiny `gyoku selfplay`: a short run lowers the training
# loss and writes a network the engine's reader accepts and that passes the
# quantisation check; the same seed and threads give the same bytes; --resume
# ends where an unbroken run does; bad arguments, data and checkpoints are
# refused with the file and line.  Prints PASS/FAIL lines nnue-3.N.  Run from
# the repository root after the binaries and bin/tests/t_train are built.
set -u
cd "$(dirname "$0")/.."
tmp=build/train-test${GYOKU:+-$(basename "$(dirname "$GYOKU")")} # bin/debug/gyoku: build/train-test-debug
rm -rf "$tmp" && mkdir -p "$tmp"
gyoku=${GYOKU:-bin/gyoku} # GYOKU=bin/debug/gyoku runs the sanitizer build
reader=$(dirname "$gyoku")/tests/t_train

# check ID WHY CONDITION-COMMAND...: PASS when the command succeeds, else FAIL with WHY.
check() {
	local id=$1 why=$2
	shift 2
	if "$@"; then echo "PASS $id"; else echo "FAIL $id: $why"; fi
}
# The bytes of a network after its description: its weights (a file's description names its command).
weights() { tail -c "$(((128 + 30300 * 128) * 2 + 32 * 4 + 32 * 256 + 32 * 4 + 32 * 32 + 4 + 32))" "$1" | md5sum; }

"$gyoku" selfplay --games 10 --nodes 150 --random-plies 6 --seed 3 --threads 1 --out "$tmp/sp.txt" > /dev/null 2>&1
tr="$gyoku train --data $tmp/sp.txt --batch 64 --lr 0.002 --seed 5 --keep last"

# 4: four epochs lower the training loss, every epoch prints its losses and speed, the network is written
# and checked, and the engine's reader (gy__nnue_read) takes it.
$tr --epochs 4 --out "$tmp/a.nnue" > "$tmp/a.log" 2>&1
ra=$?
first=$(awk '$1 == "epoch" && $2 == 0 { print $4 }' "$tmp/a.log")
last=$(awk '$1 == "epoch" && $2 == 4 { print $4 }' "$tmp/a.log")
check nnue-3.4 "exit $ra, loss $first -> $last: $(tail -3 "$tmp/a.log" | tr '\n' ' ')" bash -c "
	[ $ra = 0 ] && [ \$(grep -c '^epoch .* validation .* positions/s' $tmp/a.log) = 4 ] &&
	awk 'BEGIN { exit !($last < $first) }' && grep -q '^train: wrote .*quantisation check on [1-9]' $tmp/a.log &&
	head -c 8 $tmp/a.nnue | grep -q GYNNUE1"
"$reader" --read "$tmp/a.nnue" nnue-3.5
# 6: the description names the command, the seed, the data's command and the losses.
check nnue-3.6 "description: $(head -c 400 "$tmp/a.nnue" | tr -d '\0')" bash -c "
	head -c 2000 $tmp/a.nnue | grep -aq 'gyoku train --data' && head -c 2000 $tmp/a.nnue | grep -aq '^seed 5;' &&
	head -c 2000 $tmp/a.nnue | grep -aq '^gyoku selfplay --games 10' &&
	head -c 2000 $tmp/a.nnue | grep -aqE '^loss train [0-9.]+, validation [0-9.]+ [(]float[)], [0-9.]+ [(]quantised[)]'"

# 7: the same seed and threads, the same bytes (but for the --out named in the description's first
# line); two threads also train.
$tr --epochs 4 --out "$tmp/b.nnue" > "$tmp/b.log" 2>&1
$tr --epochs 4 --threads 2 --out "$tmp/c.nnue" > "$tmp/c.log" 2>&1
rc=$?
wa=$(weights "$tmp/a.nnue") wb=$(weights "$tmp/b.nnue")
check nnue-3.7 "the same run gave other weights, or --threads 2 exit $rc" bash -c "
	[ '$wa' = '$wb' ] && cmp -s <(sed 1,2d $tmp/a.nnue) <(sed 1,2d $tmp/b.nnue) && [ $rc = 0 ] && [ -s $tmp/c.nnue ]"

# 8: two epochs with a checkpoint, then --resume to four: the weights of the unbroken four-epoch run.
$tr --epochs 2 --checkpoint "$tmp/k.ckpt" > "$tmp/k1.log" 2>&1
$tr --epochs 4 --resume "$tmp/k.ckpt" --out "$tmp/r.nnue" > "$tmp/k2.log" 2>&1
rr=$?
wr=$(weights "$tmp/r.nnue")
check nnue-3.8 "resume exit $rr: $(tail -2 "$tmp/k2.log" | tr '\n' ' ')" bash -c "
	[ $rr = 0 ] && grep -q 'resumed from .* after epoch 2' $tmp/k2.log && ! grep -q '^epoch   [12] .*positions' $tmp/k2.log &&
	[ '$wr' = '$wa' ]"

# 9: --init takes a checkpoint's weights; --epochs 0 writes them quantised.
$tr --epochs 0 --init "$tmp/k.ckpt" --out "$tmp/i.nnue" > "$tmp/i.log" 2>&1
ri=$?
check nnue-3.9 "--init exit $ri: $(tail -2 "$tmp/i.log" | tr '\n' ' ')" bash -c "[ $ri = 0 ] && [ -s $tmp/i.nnue ]"

# 10: usage errors exit 2 and write nothing: no --data, --threads 0, --resume with --init, an unknown option.
n=0
for args in "--out $tmp/x.nnue" "--data $tmp/sp.txt --threads 0 --out $tmp/x.nnue" \
	"--data $tmp/sp.txt --resume $tmp/k.ckpt --init $tmp/k.ckpt --out $tmp/x.nnue" \
	"--data $tmp/sp.txt --bogus 1 --out $tmp/x.nnue" "--data $tmp/sp.txt --lambda 2 --out $tmp/x.nnue"; do
	$gyoku train $args > "$tmp/u.log" 2>&1
	r=$?
	{ [ $r = 2 ] && grep -q '^usage: gyoku train\|gyoku train: ' "$tmp/u.log"; } && n=$((n + 1))
done
check nnue-3.10 "$n of 5 usage errors refused with exit 2" bash -c "[ $n = 5 ] && [ ! -e $tmp/x.nnue ]"

# 11: bad data: the file and line (and column) named, exit 1, nothing written.
head -5 "$tmp/sp.txt" > "$tmp/bad1.txt"
printf 'lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNX b - 1\t1\t0\t0\n' >> "$tmp/bad1.txt"
head -3 "$tmp/sp.txt" > "$tmp/bad2.txt"
printf '%s\t2\t0\t0\n' "$(sed -n 2p "$tmp/sp.txt" | cut -f1)" >> "$tmp/bad2.txt"
printf '%s\t1\n' "$(sed -n 2p "$tmp/sp.txt" | cut -f1)" > "$tmp/bad3.txt"
printf '# nothing\n' > "$tmp/bad4.txt"
n=0 msgs=
for f in bad1:6: bad2:4: bad3:1: bad4 none; do
	$gyoku train --data "$tmp/${f%%:*}.txt" --epochs 1 --out "$tmp/x.nnue" > "$tmp/e.log" 2>&1
	r=$?
	msgs="$msgs $(tail -1 "$tmp/e.log")"
	case $f in
	*:*) grep -q "${f%%:*}.txt:${f#*:}" "$tmp/e.log" ;;
	bad4) grep -q 'no training positions' "$tmp/e.log" ;;
	none) grep -q 'none.txt' "$tmp/e.log" ;;
	esac && [ $r = 1 ] && n=$((n + 1))
done
check nnue-3.11 "$n of 5 bad data files refused with the file and line:$msgs" bash -c "[ $n = 5 ] && [ ! -e $tmp/x.nnue ]"

# 12: a file that is no checkpoint, or one cut short (even where --init reads nothing), is refused with its name.
head -c -100 "$tmp/k.ckpt" > "$tmp/short.ckpt" # whole weights, Adam's moments cut short
$gyoku train --data "$tmp/sp.txt" --resume "$tmp/sp.txt" --out "$tmp/x.nnue" > "$tmp/c1.log" 2>&1
r1=$?
$gyoku train --data "$tmp/sp.txt" --init "$tmp/short.ckpt" --out "$tmp/x.nnue" > "$tmp/c2.log" 2>&1
r2=$?
check nnue-3.12 "exit $r1 and $r2: $(cat "$tmp/c1.log" "$tmp/c2.log" | tr '\n' ' ')" bash -c "
	[ $r1 = 1 ] && [ $r2 = 1 ] && grep -q 'sp.txt: not a gyoku train checkpoint' $tmp/c1.log &&
	grep -q 'short.ckpt: the checkpoint is cut short' $tmp/c2.log && [ ! -e $tmp/x.nnue ]"

# 13: the same samples as packed records (gyoku selfplay --pack-text; a directory of chunks, or one .bin
# file) give the same network: the same positions, filters and held-out games (a game ends where the ply
# goes down); the description names the command of the directory's run.txt.
"$gyoku" selfplay --pack-text "$tmp/sp.txt" --packed "$tmp/packed" > /dev/null 2>&1
$tr --epochs 4 --data "$tmp/packed" --out "$tmp/p.nnue" > "$tmp/p.log" 2>&1
rp=$?
# The text run read the text file too: train on the chunk alone for the comparison.
$gyoku train --data "$tmp/packed/chunk-000000.bin" --batch 64 --lr 0.002 --seed 5 --keep last --epochs 4 --out "$tmp/p1.nnue" \
	> "$tmp/p1.log" 2>&1
rp1=$?
$gyoku train --data "$tmp/packed" --batch 64 --lr 0.002 --seed 5 --keep last --epochs 4 --out "$tmp/p2.nnue" > "$tmp/p2.log" 2>&1
wp1=$(weights "$tmp/p1.nnue") wp2=$(weights "$tmp/p2.nnue")
check nnue-3.13 "exit $rp $rp1: $(tail -1 "$tmp/p1.log")" bash -c "
	[ $rp = 0 ] && [ $rp1 = 0 ] && [ '$wp1' = '$wa' ] && [ '$wp2' = '$wa' ] &&
	[ \"\$(sed -n 1p $tmp/p1.log)\" = \"\$(sed -n 1p $tmp/a.log)\" ] &&
	head -c 2000 $tmp/p2.nnue | grep -aq '^gyoku selfplay --pack-text'"

# 14: bad packed data: a length that is no whole number of records, bytes that are no position, a
# directory without chunks; each named, exit 1.
mkdir -p "$tmp/bad5" "$tmp/empty"
head -c 100 "$tmp/packed/chunk-000000.bin" > "$tmp/bad5/chunk-000000.bin"
{ head -c 80 "$tmp/packed/chunk-000000.bin"; head -c 40 /dev/zero | tr '\0' '\377'; } > "$tmp/bad6.bin"
n=0 msgs=
for f in "bad5:chunk-000000.bin: 100 bytes" "bad6.bin:bad6.bin: record 3 (byte 80)" "empty:no chunk-"; do
	$gyoku train --data "$tmp/${f%%:*}" --epochs 1 --out "$tmp/x.nnue" > "$tmp/e.log" 2>&1
	r=$?
	msgs="$msgs $(tail -1 "$tmp/e.log")"
	grep -q "${f#*:}" "$tmp/e.log" && [ $r = 1 ] && n=$((n + 1))
done
check nnue-3.14 "$n of 3 bad packed data refused:$msgs" bash -c "[ $n = 3 ] && [ ! -e $tmp/x.nnue ]"

# 15: the records of `gyoku selfplay --packed` (every position, captures and checks among them): those are
# left out, the training loss falls, the network is written and checked, its description names the run.
"$gyoku" selfplay --games 10 --nodes 150 --random-plies 6 --seed 3 --threads 1 --packed "$tmp/sp" > /dev/null 2>&1
$gyoku train --data "$tmp/sp" --batch 64 --lr 0.002 --seed 5 --epochs 2 --out "$tmp/s.nnue" > "$tmp/s.log" 2>&1
rs=$?
first=$(awk '$1 == "epoch" && $2 == 0 { print $4 }' "$tmp/s.log")
last=$(awk '$1 == "epoch" && $2 == 2 { print $4 }' "$tmp/s.log")
check nnue-3.15 "exit $rs, loss $first -> $last: $(head -1 "$tmp/s.log")" bash -c "
	[ $rs = 0 ] && grep -qE 'left out: [1-9][0-9]* in check, [1-9][0-9]* captures' $tmp/s.log &&
	awk 'BEGIN { exit !($last < $first) }' && head -c 2000 $tmp/s.nnue | grep -aq '^gyoku selfplay --games 10 '"

# 16: --keep best (the default) writes the epoch of the lowest validation loss, and says which; the
# linear evaluation's loss on the same validation positions is printed first.
$gyoku train --data "$tmp/sp.txt" --batch 64 --lr 0.004 --seed 5 --epochs 6 --out "$tmp/best.nnue" > "$tmp/best.log" 2>&1
rb=$?
named=$(sed -n 's/^train: the network of epoch \([0-9]*\) .*/\1/p' "$tmp/best.log")
lowest=$(awk '$1 == "epoch" { if (min == "" || $6 < min) { min = $6; e = $2 } } END { print e }' "$tmp/best.log")
check nnue-3.16 "exit $rb, named epoch '$named', lowest validation at epoch '$lowest'" bash -c "
	[ $rb = 0 ] && [ -n '$named' ] && [ '$named' = '$lowest' ] && [ -s $tmp/best.nnue ] &&
	grep -qE '^train: the linear evaluation on the validation positions: loss [0-9.]+$' $tmp/best.log"

# 17: --keep other than best or last, and a --decay that would wipe a column in one step, are refused.
n=0
for args in "--keep worst" "--decay 2000"; do
	$gyoku train --data "$tmp/sp.txt" $args --out "$tmp/x.nnue" > "$tmp/u.log" 2>&1
	[ $? = 2 ] && grep -q 'gyoku train: --' "$tmp/u.log" && n=$((n + 1))
done
check nnue-3.17 "$n of 2 refused with exit 2" bash -c "[ $n = 2 ] && [ ! -e $tmp/x.nnue ]"

# 18: --keep best (the default) writes the epoch whose quantised network, the one the engine plays, has
# the lowest validation loss: each epoch prints it, the one named is their minimum, and the file's
# description carries it.
$gyoku train --data "$tmp/sp.txt" --batch 64 --lr 0.002 --seed 5 --epochs 4 --out "$tmp/q.nnue" > "$tmp/q.log" 2>&1
rq=$?
qmin=$(awk '$1 == "epoch" { for (i = 1; i < NF; i++) if ($i == "(quantised") { v = $(i + 1) + 0; if (n++ == 0 || v < m) m = v } }
	END { if (n == 5) printf "%.6f", m }' "$tmp/q.log")
qpick=$(sed -n 's/^train: the network of epoch [0-9]* (the lowest validation loss quantised, \([0-9.]*\);.*/\1/p' "$tmp/q.log")
check nnue-3.18 "exit $rq, minimum '$qmin', picked '$qpick': $(tail -3 "$tmp/q.log" | tr '\n' ' ')" bash -c "
	[ $rq = 0 ] && [ -n '$qmin' ] && [ '$qmin' = '$qpick' ] &&
	head -c 2000 $tmp/q.nnue | grep -aq ', $qpick (quantised)'"

# nnue-3.21 (docs/nnue.md "Training", quantisation-aware): --qat-epochs 2 of 4: the epochs before train the
# float network as usual (their validation loss is the float one's), the last two the engine's integer one,
# so their validation loss is the quantised network's to the printed digit; the file written passes the check.
$gyoku train --data "$tmp/sp.txt" --batch 64 --lr 0.002 --seed 5 --epochs 4 --qat-epochs 2 --out "$tmp/qa.nnue" \
	> "$tmp/qa.log" 2>&1
rqa=$?
same=$(awk '$1 == "epoch" && $2 >= 3 { for (i = 1; i < NF; i++) if ($i == "(quantised") { q = $(i + 1); sub(/\)/, "", q);
	if (q == $6) n++ } } END { print n + 0 }' "$tmp/qa.log")
check nnue-3.21 "exit $rqa, $same of 2 QAT epochs with validation = quantised: $(grep '^epoch' "$tmp/qa.log" | tr '\n' ' ')" \
	bash -c "[ $rqa = 0 ] && [ $same = 2 ] && [ -s $tmp/qa.nnue ]"

# nnue-3.22 (docs/nnue.md "Training", the teacher): --teacher linear --augment 3 labels the training positions by
# the linear evaluation and adds positions of short random walks from them; the validation positions keep their
# scores (the same validation loss before training as without the teacher), and a network is written.
$tr --epochs 1 --out "$tmp/t0.nnue" > "$tmp/t0.log" 2>&1
$tr --epochs 1 --teacher linear --augment 3 --out "$tmp/t1.nnue" > "$tmp/t1.log" 2>&1
rt1=$?
base=$(sed -n 's/^train: the teacher .* labelled \([0-9]*\) training positions and \([0-9]*\) more.*/\1 \2/p' "$tmp/t1.log")
n0=$(sed -n 's/^train: \([0-9]*\) positions.*/\1/p' "$tmp/t0.log")
n1=$(sed -n 's/^train: \([0-9]*\) positions.*/\1/p' "$tmp/t1.log")
v0=$(awk '$1 == "epoch" && $2 == 0 { print $6 }' "$tmp/t0.log")
v1=$(awk '$1 == "epoch" && $2 == 0 { print $6 }' "$tmp/t1.log")
check nnue-3.22 "exit $rt1, teacher '$base', positions $n0 -> $n1, validation $v0 / $v1: $(head -2 "$tmp/t1.log" | tr '\n' ' ')" \
	bash -c "[ $rt1 = 0 ] && set -- $base && [ \$2 -gt \$1 ] && [ \$((${n0:-0} + \$2)) = '$n1' ] && [ -n '$v0' ] &&
	[ '$v0' = '$v1' ] && [ -s $tmp/t1.nnue ]"
# nnue-3.23: the teacher's positions and scores do not depend on --threads (the loss before training alike).
$tr --epochs 0 --teacher linear --augment 3 --threads 1 > "$tmp/t2.log" 2>&1
$tr --epochs 0 --teacher linear --augment 3 --threads 3 > "$tmp/t3.log" 2>&1
l2=$(grep -E '^train: [0-9]|^epoch +0' "$tmp/t2.log" | md5sum) l3=$(grep -E '^train: [0-9]|^epoch +0' "$tmp/t3.log" | md5sum)
check nnue-3.23 "one thread and three differ: $(cat "$tmp/t2.log" "$tmp/t3.log" | grep -E '^train: [0-9]|^epoch' | tr '\n' ' ')" \
	bash -c "[ '$l2' = '$l3' ] && grep -q '^epoch   0' $tmp/t2.log"
# nnue-3.24: --augment without --teacher, and a teacher gyoku does not have, are refused (exit 2).
n=0
$tr --epochs 1 --augment 2 --out "$tmp/x.nnue" > "$tmp/t4.log" 2>&1
[ $? = 2 ] && grep -q -- '--augment needs --teacher' "$tmp/t4.log" && n=$((n + 1))
$tr --epochs 1 --teacher stockfish --out "$tmp/x.nnue" > "$tmp/t5.log" 2>&1
[ $? = 2 ] && grep -q -- "--teacher: 'linear', not" "$tmp/t5.log" && n=$((n + 1))
check nnue-3.24 "$n of 2 refused with exit 2: $(cat "$tmp/t4.log" "$tmp/t5.log" | tr '\n' ' ')" \
	bash -c "[ $n = 2 ] && [ ! -e $tmp/x.nnue ]"
