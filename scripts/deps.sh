#!/bin/sh
# deps.sh: install every Debian and npm package gyoku needs, so a fresh Debian 12
# machine needs nothing else. Safe to run any number of times: it only calls
# apt-get and npm for what is missing, so it returns at once when all is there.
# Runs without a terminal or standard input (CI). Prints one line per install.
set -eu

cd "$(dirname "$0")/.."

# Debian packages, one a line: "package" or "package:command", where a command
# found on PATH counts as the package being present (node and npm may come from
# a package other than Debian's own).
DEBIAN_PACKAGES='
gcc
g++
make
clang
clang-format
libclang-rt-14-dev
libjansson-dev
libmicrohttpd-dev
libsqlite3-dev
libpq-dev
libargon2-dev
libssl-dev
postgresql
haproxy
chromium
fonts-ipafont-gothic
fairy-stockfish
gpsshogi
libosl-dev
emscripten:emcc
nodejs:node
npm:npm
'

# npm projects whose node_modules must match their lockfile.
NPM_DIRS='tests/oracle web tests/browser'

export DEBIAN_FRONTEND=noninteractive

log=$(mktemp)
trap 'rm -f "$log"' EXIT

# Runs "$@" with its output in the log; on failure shows the log and stops.
quietly()
{
	if ! "$@" >"$log" 2>&1 </dev/null; then
		cat "$log" >&2
		echo "deps: failed: $*" >&2
		exit 1
	fi
}

# Runs "$@" as root, through sudo when we are not root.
as_root()
{
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	else
		sudo -n DEBIAN_FRONTEND=noninteractive "$@"
	fi
}

# Step 1. Debian packages.
missing=''
for entry in $DEBIAN_PACKAGES; do
	pkg=${entry%%:*}
	cmd=${entry#*:}
	if [ "$cmd" != "$entry" ] && command -v "$cmd" >/dev/null 2>&1; then
		continue
	fi
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
	case $status in
	ii*) ;;
	*) missing="$missing $pkg" ;;
	esac
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
		echo "deps: not root and no sudo; as root run: apt-get install$missing" >&2
		exit 1
	fi
	quietly as_root apt-get update -q
	for pkg in $missing; do
		echo "deps: installing $pkg (Debian)"
	done
	# No service starts during the install: the tests start their own PostgreSQL and haproxy,
	# and CI has no service manager (invoke-rc.d would start haproxy's default configuration).
	# A policy-rc.d that denies every start does it, unless the machine has one of its own.
	policy=/usr/sbin/policy-rc.d
	own_policy=''
	if [ ! -e "$policy" ]; then
		quietly as_root sh -c "printf '#!/bin/sh\nexit 101\n' > $policy && chmod 755 $policy"
		own_policy=yes
	fi
	# shellcheck disable=SC2086 # the list is meant to split into words
	if ! as_root apt-get install -y -q --no-install-recommends $missing >"$log" 2>&1 </dev/null; then
		[ -z "$own_policy" ] || as_root rm -f "$policy"
		cat "$log" >&2
		echo "deps: failed: apt-get install$missing" >&2
		exit 1
	fi
	[ -z "$own_policy" ] || quietly as_root rm -f "$policy"
fi

# Step 2. npm projects: install from the lockfile when node_modules is absent
# or older than the lockfile.
for dir in $NPM_DIRS; do
	lock="$dir/package-lock.json"
	mods="$dir/node_modules"
	if [ -d "$mods" ] && { [ ! -f "$lock" ] || [ -z "$(find "$lock" -newer "$mods")" ]; }; then
		continue
	fi
	echo "deps: installing npm packages in $dir"
	if [ -f "$lock" ]; then
		quietly npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
	else
		quietly npm install --prefix "$dir" --no-audit --no-fund --loglevel=error
	fi
	touch "$mods"
done
