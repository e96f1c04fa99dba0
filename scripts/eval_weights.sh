#!/bin/sh
# eval_weights.sh FILE: the evaluation weights FILE (data/eval/weights.txt,
# written by `gyoku tune`, docs/tuning.md) as C, on standard output: the
# array gy__eval_weights of engine/eval.h, which the Makefile builds into
# the engine from build/gen/engine/eval_weights_data.c, so that the engine
# reads no file at run time.
#
# FILE holds whole numbers from -32768 to 32767 separated by blanks and
# line ends, the first weight first, and comment lines starting with "#".
# Anything else is refused with FILE:LINE and exit status 1.  How many
# numbers there must be (EVAL_NB) is the compiler's to check: the C
# asserts that the count it was made from is EVAL_NB, so that another
# count does not compile.
set -eu

if [ $# -ne 1 ]; then
	echo "usage: scripts/eval_weights.sh FILE > eval_weights.c" >&2
	exit 2
fi
[ -r "$1" ] || {
	echo "scripts/eval_weights.sh: $1: cannot read" >&2
	exit 1
}

file=$1 LC_ALL=C awk '
BEGIN {
	file = ENVIRON["file"]
	name = file
	gsub(/\*\//, "* /", name) # for a comment
	printf "/*\n * The evaluation weights of %s (engine/eval.h), as C, written by\n", name
	printf " * scripts/eval_weights.sh.  Do not edit: edit, or tune, the data file.\n */\n"
	printf "#include \"eval.h\"\n\nconst int16_t gy__eval_weights[] = {\n"
	n = 0
}
/^#/ { next }
{
	gsub(/\r/, "")
	for (i = 1; i <= NF; i++) {
		if ($i !~ /^-?[0-9]+$/ || length($i) > 6 || $i + 0 < -32768 || $i + 0 > 32767) {
			printf "%s:%d: \"%s\" is not a whole number from -32768 to 32767\n", file, NR, $i > "/dev/stderr"
			bad = 1
			exit 1
		}
		printf "%s%d,%s", n % 16 ? " " : "\t", $i, n % 16 == 15 ? "\n" : ""
		n++
	}
}
END {
	if (bad)
		exit 1
	if (n == 0) {
		printf "%s: no weights\n", file > "/dev/stderr"
		exit 1
	}
	if (n % 16)
		printf "\n"
	printf "};\n\n_Static_assert(%d == EVAL_NB, \"the weights file holds %d weights, not EVAL_NB (engine/eval.h)\");\n", n, n
}' < "$1"
