#!/bin/sh
# checksrc.sh: source checks that CI runs (docs/style.md rules 14 and 15).
#  - lib/, mate/ and server/ must not call the unbounded C functions banned
#    there (atoi, strtok, sscanf, sprintf, strcpy, strcat, gets);
#  - no file of the project may name a path of the machine it was written on;
#  - the layers (docs/design.md): no C file includes a path with "../" in it
#    (a layer sees another's private headers only through the include paths
#    the Makefile gives it) or a .c file (code is shared through archives),
#    and no two private headers share a name (one name, one header, in
#    whichever layers see both).
# Looks at tracked files and at untracked files that are not ignored.
# Prints file:line for each finding and exits 1, or prints "checksrc: ok".
set -eu

cd "$(dirname "$0")/.."

banned='(^|[^A-Za-z0-9_])(atoi|strtok|sscanf|sprintf|strcpy|strcat|gets)[[:space:]]*\('
# Spelled in two halves so that this file does not match itself.
machine_paths='(^|[^A-Za-z0-9._~-])(/wor''k/|/tmp/bash''_jobs)'

list=$(mktemp)
trap 'rm -f "$list"' EXIT
{
	git ls-files -z --cached
	git ls-files -z --others --exclude-standard
} | sort -zu >"$list"

found=0

# Prints the matches of regex $1 in the listed files matching path regex $2.
check()
{
	tr '\0' '\n' <"$list" | grep -E "$2" | while IFS= read -r f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 -r grep -InE "$1" -- | cut -d: -f1,2 || true
}

hits=$(check "$banned" '^(lib|mate|server)/.*\.[ch]$')
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/: banned call (use a bounded alternative)/'
	found=1
fi

hits=$(check "$machine_paths" '.')
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/: absolute machine path/'
	found=1
fi

include='^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]'
hits=$(check "$include"'[^">]*\.\./' '\.[ch]$')
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/: include path with "..\/" (see the header through the include paths of its layer, Makefile)/'
	found=1
fi

hits=$(check "$include"'[^">]*\.c[">]' '\.[ch]$')
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/: a .c file included (link the archive of its layer instead)/'
	found=1
fi

# The private headers, every .h outside include/, by name: a name twice is a finding for each.
hits=$(tr '\0' '\n' <"$list" | grep -E '\.h$' | grep -vE '^include/|/node_modules/' | while IFS= read -r f; do
	[ -f "$f" ] && printf '%s %s\n' "$(basename "$f")" "$f"
done | sort | awk '{ n[$1]++; f[$1] = f[$1] " " $2 } END { for (h in n) if (n[h] > 1) print h ":" f[h] }' | sort)
if [ -n "$hits" ]; then
	echo "$hits" | sed 's/$/: private headers with one name/'
	found=1
fi

if [ "$found" -ne 0 ]; then
	exit 1
fi
echo "checksrc: ok"
