# shellcheck shell=bash
# bench/micro_tails.sh, sourced by the mate benches: the tails of
# Microcosmos, the positions K plies before the end of its published
# solution (../shared/research-data/tsume_microcosmos_1525.txt; the research
# data is beside the clone, and nothing is printed when it is absent).
#
# micro_tails GYOKU K...: one line "K<TAB>SFEN" for each K, the SFEN made by
# GYOKU's `convert` from the USI position.
micro_file=../shared/research-data/tsume_microcosmos_1525.txt

micro_tails() {
	local gyoku=$1 sfen moves total k
	shift
	[ -f "$micro_file" ] || return 0
	sfen=$(sed -n '1s/.*SFEN: //p' "$micro_file")
	moves=$(sed -n 3p "$micro_file")
	total=$(wc -w <<< "$moves")
	for k in "$@"; do
		printf '%s\t%s\n' "$k" "$(printf 'position sfen %s moves %s\n' "$sfen" \
			"$(cut -d' ' -f1-$((total - k)) <<< "$moves")" | "$gyoku" convert - --from usi --to sfen)"
	done
}
