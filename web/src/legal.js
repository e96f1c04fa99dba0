/*
 * legal.js: reading the game JSON's `legal` list (the browser has no rules
 * engine): where a selected piece may go, and whether a move to a square
 * needs a promotion choice.  Pure: no DOM.
 *
 * A move's source is a square name ("7g") for a piece on the board, or a
 * drop prefix ("P*": the uppercase letter and "*") for a piece in hand, so
 * that source + destination (+ "+") is the USI move.
 */

/**
 * The source for a piece in hand ("p" or "P" -> "P*").
 * @param {string} piece
 */
export function dropSource(piece) {
	return piece.toUpperCase() + '*';
}

/**
 * The destination squares of the legal moves from a source.
 * @param {readonly string[]} legal
 * @param {string} source
 * @returns {Set<string>}
 */
export function destinations(legal, source) {
	const out = new Set();
	for (const mv of legal) {
		if (mv.length >= 4 && mv.startsWith(source) && mv.length <= source.length + 3) {
			const rest = mv.slice(source.length);
			if (/^[1-9][a-i]\+?$/.test(rest)) out.add(rest.slice(0, 2));
		}
	}
	return out;
}

/**
 * True when some legal move starts from the source.
 * @param {readonly string[]} legal
 * @param {string} source
 */
export function hasMovesFrom(legal, source) {
	return destinations(legal, source).size > 0;
}

/**
 * What a move from `source` to `to` needs:
 * - "choose": both the promotion and the plain move are legal: ask;
 * - "promote": only the promotion is legal (a forced promotion): send "+";
 * - "plain": only the plain move is legal (a drop, a piece that cannot
 *   promote, a move outside the zone): send it as it is;
 * - "illegal": neither.
 * @param {readonly string[]} legal
 * @param {string} source
 * @param {string} to
 * @returns {'choose'|'promote'|'plain'|'illegal'}
 */
export function promotionChoice(legal, source, to) {
	const plain = legal.includes(source + to);
	const promo = legal.includes(source + to + '+');
	if (plain && promo) return 'choose';
	if (promo) return 'promote';
	if (plain) return 'plain';
	return 'illegal';
}

/**
 * The USI move for a source, a destination and a promotion flag.
 * @param {string} source
 * @param {string} to
 * @param {boolean} promote
 */
export function usiMove(source, to, promote) {
	return source + to + (promote ? '+' : '');
}
