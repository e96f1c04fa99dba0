#!/bin/sh
# checksrc.sh: source checks that CI runs (docs/style.md rules 14 and 15).
#  - lib/, mate/ and server/ must not call the unbounded C functions banned
#    there (atoi, strtok, sscanf, sprintf, strcpy, strcat, gets);
#  - no file of the project may name a path of the machine it was written on.
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

if [ "$found" -ne 0 ]; then
	exit 1
fi
echo "checksrc: ok"
