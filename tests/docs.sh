#!/usr/bin/env bash
# tests/docs.sh: the documentation says what is.  Every option `gyoku-usi`
# lists (`usi`) has its row in docs/engine.md's "Options" table with the
# same type, default and range (or values), and is named in README.md
# (EvalType's default as a build with the network has it).
# Prints PASS/FAIL lines docs-N.M.  Run from the repository root after the
# binaries are built.
set -u
cd "$(dirname "$0")/.."
usi=${GYOKU_USI:-bin/gyoku-usi}
n=0
while read -r _ _ name _ type _ default rest; do
	n=$((n + 1))
	case $type in
	spin) range=$(sed -n 's/^min \([0-9-]*\) max \([0-9-]*\)$/\1-\2/p' <<< "$rest") ;;
	combo) range=$(sed 's/^var //; s/ var /, /g' <<< "$rest") ;;
	*) range= ;;
	esac
	# EvalType's default is nnue with the network built in (data/nnue/gyoku.nnue), as the row says; a
	# build without the file defaults to linear, which the row's text explains.
	[ "$name" = EvalType ] && [ ! -f data/nnue/gyoku.nnue ] && default=nnue
	row="| \`$name\` | $type | $default | $range"
	row="${row% } |"
	if grep -qF -- "$row" docs/engine.md; then
		echo "PASS docs-1.$n"
	else
		echo "FAIL docs-1.$n: docs/engine.md has no row starting '$row'"
	fi
	if grep -qF -- "\`$name\`" README.md; then
		echo "PASS docs-2.$n"
	else
		echo "FAIL docs-2.$n: README.md does not name the option \`$name\`"
	fi
done < <(echo usi | "$usi" | grep '^option name ')
[ "$n" -gt 0 ] && echo "PASS docs-0.1" || echo "FAIL docs-0.1: $usi listed no options"
