/*
 * notation.js: a move written in the site's four notations (prefs.js), for moves the server has not
 * written: the analysis board's variations and the engine's lines, the puzzles' moves.  The text is
 * libgyoku's (gy_notation_write, the server's own: ☗７六歩, 同　銀, ２三歩打, 右/左/直/上/引/寄,
 * 成/不成; Hodges P-7f, Bx2b+, S*5e; Hosking P76; Kitao-Kawasaki ☗歩-76), through the rules module
 * (rules.js, which must be loaded: before, a move is written as its USI).  No DOM.
 */
import { rulesAt } from './rules.js';
import { parseUsi } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {'japanese' | 'hodges' | 'hosking' | 'kitao'} Notation */

/**
 * The text of `usi` played in `pos`; the USI move itself when it cannot be played there.
 * @param {Position} pos the position before the move
 * @param {string} usi
 * @param {string | null} prevTo the previous move's destination (同), or null
 * @param {Notation} style
 * @param {boolean} [mark] the side's mark (☗ ☖) first, in the styles that have one
 */
export function moveText(pos, usi, prevTo, style, mark = true) {
	const m = rulesAt(pos);
	const text = m
		? /** @type {string} */ (
				m.ccall(
					'gy_rules_move_text',
					'string',
					['string', 'string', 'string', 'number'],
					[usi, prevTo || '', style, mark ? 1 : 0],
				)
			)
		: '';
	return text || usi;
}

/**
 * The texts of a line of USI moves played from `pos` (an engine's PV), each after the one before;
 * stops at the first move that cannot be played.
 * @param {Position} pos
 * @param {string[]} moves
 * @param {string | null} prevTo the destination of the move that led to `pos` (同)
 * @param {Notation} style
 * @returns {string[]}
 */
export function lineText(pos, moves, prevTo, style) {
	const m = rulesAt(pos);
	// A move is one word of USI: anything else cannot be played (and would split the line).
	const words = [];
	for (const mv of moves) {
		if (!parseUsi(mv)) break;
		words.push(mv);
	}
	if (!m || !words.length) return [];
	const text = /** @type {string} */ (
		m.ccall(
			'gy_rules_line_text',
			'string',
			['string', 'string', 'string'],
			[words.join(' '), prevTo || '', style],
		)
	);
	return text ? text.split('\n') : [];
}
