/*
 * notation.js: a move written in the site's four notations (prefs.js), for
 * moves the server has not written: the analysis board's variations and
 * the engine's lines.  The same text as the server's (libgyoku's
 * notation_write.c): ☗７六歩, 同　銀, ２三歩打 (only when a piece on the
 * board could go there too), 右/左/直/上/引/寄 where another piece of the
 * kind could make the move, 成/不成; Hodges P-7f, Bx2b+, S*5e; Hosking
 * P76; Kitao-Kawasaki ☗歩-76.  Pure: no DOM.
 */
import { legalMoves } from './rules.js';
import { applyMove, parseUsi, pieceAt } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {'japanese' | 'hodges' | 'hosking' | 'kitao'} Notation */

/** @type {Record<string, string>} */
const KANJI = {
	P: '歩',
	L: '香',
	N: '桂',
	S: '銀',
	B: '角',
	R: '飛',
	G: '金',
	K: '玉',
	'+P': 'と',
	'+L': '成香',
	'+N': '成桂',
	'+S': '成銀',
	'+B': '馬',
	'+R': '龍',
};
const WIDE = '０１２３４５６７８９';
const RANK_KANJI = ' 一二三四五六七八九';

/**
 * The rank counted from the side's own far edge (1: the last rank ahead).
 * @param {Color} color
 * @param {string} sq
 */
const ahead = (color, sq) => {
	const rank = sq.charCodeAt(1) - 96;
	return color === 'black' ? rank : 10 - rank;
};

/**
 * True when square `a` is left of `b` from `color`'s side.
 * @param {Color} color
 * @param {string} a
 * @param {string} b
 */
const leftOf = (color, a, b) => (color === 'black' ? Number(a[0]) > Number(b[0]) : Number(a[0]) < Number(b[0]));

/**
 * The words of a move among its rivals (the origins of the same kind's moves to the same square).
 * @param {Color} color
 * @param {string} kind
 * @param {string[]} rivals
 * @param {string} from
 * @param {string} to
 * @returns {{move: string, place: string}}
 */
function words(color, kind, rivals, from, to) {
	const up = ahead(color, to) - ahead(color, from);
	const move = up < 0 ? '上' : up > 0 ? '引' : '寄';
	let place = '';
	if (kind === '+B' || kind === '+R') {
		const others = rivals.filter((r) => r !== from);
		if (others.length && others.every((r) => leftOf(color, from, r))) place = '左';
		else if (others.length && others.every((r) => leftOf(color, r, from))) place = '右';
	} else if (leftOf(color, from, to)) place = '左';
	else if (leftOf(color, to, from)) place = '右';
	else if (up === -1 && (kind === 'S' || kind === 'G' || (kind[0] === '+' && 'PLNS'.includes(kind[1]))))
		place = '直';
	return { move, place };
}

/**
 * The fewest words that tell the move from its rivals (the movement alone, else the place
 * alone, else both), as notation_write.c chooses them.
 * @param {Color} color
 * @param {string} kind
 * @param {string[]} rivals
 * @param {string} from
 * @param {string} to
 */
function needed(color, kind, rivals, from, to) {
	if (rivals.length <= 1) return '';
	const mine = words(color, kind, rivals, from, to);
	let moveOk = true;
	let placeOk = mine.place !== '';
	for (const r of rivals) {
		if (r === from) continue;
		const o = words(color, kind, rivals, r, to);
		if (o.move === mine.move) moveOk = false;
		if (o.place === mine.place) placeOk = false;
	}
	// The place word is written first (左 before 上), as notation_write.c writes them.
	return moveOk ? mine.move : placeOk ? mine.place : mine.place + mine.move;
}

/**
 * A square as two digits ("76") or a digit and a letter ("7f").
 * @param {string} sq
 * @param {boolean} letter
 */
const square = (sq, letter) => (letter ? sq : sq[0] + String(sq.charCodeAt(1) - 96));

/**
 * The text of `usi` played in `pos`.
 * @param {Position} pos the position before the move
 * @param {string} usi
 * @param {string | null} prevTo the previous move's destination (同), or null
 * @param {Notation} style
 * @param {boolean} [mark] the side's mark (☗ ☖) first, in the styles that have one
 * @param {string[]} [legal] the legal moves of `pos`, when known
 */
export function moveText(pos, usi, prevTo, style, mark = true, legal) {
	const m = parseUsi(usi);
	if (!m) return usi;
	const color = pos.side;
	const moving = m.drop ? m.drop : pieceAt(pos, /** @type {string} */ (m.from));
	if (!moving) return usi;
	const kind = moving.toUpperCase();
	const moves = legal || legalMoves(pos);
	const rivals = [
		...new Set(
			moves
				.map((mv) => parseUsi(mv))
				.filter(
					(x) =>
						x &&
						x.from &&
						x.to === m.to &&
						(pieceAt(pos, x.from) || '').toUpperCase() === kind,
				)
				.map((x) => /** @type {string} */ (/** @type {any} */ (x).from)),
		),
	];
	const drop = m.drop !== null;
	const couldPromote = !drop && !m.promote && moves.includes(usi + '+');
	const capture = !drop && pieceAt(pos, m.to) !== null;
	const side = mark ? (color === 'black' ? '☗' : '☖') : '';
	const western = kind;
	const promo = m.promote ? '+' : couldPromote ? '=' : '';
	const origin = !drop && rivals.length > 1;
	switch (style) {
		case 'hodges':
			return western + (origin ? m.from : '') + (drop ? '*' : capture ? 'x' : '-') + m.to + promo;
		case 'hosking':
			return (
				western +
				(origin ? square(/** @type {string} */ (m.from), false) : '') +
				(drop ? "'" : capture ? 'x' : origin || promo ? '-' : '') +
				square(m.to, false) +
				promo
			);
		case 'kitao':
			return (
				side +
				KANJI[kind] +
				(origin ? `(${square(/** @type {string} */ (m.from), false)})` : '') +
				(drop ? '*' : capture ? 'x' : '-') +
				square(m.to, false) +
				promo
			);
		default: {
			let text = side;
			if (!drop && m.to === prevTo) text += '同' + (KANJI[kind].length === 1 ? '　' : '');
			else text += WIDE[Number(m.to[0])] + RANK_KANJI[m.to.charCodeAt(1) - 96];
			text += KANJI[kind];
			if (drop) {
				if (rivals.length > 0) text += '打';
			} else text += needed(color, kind, rivals, /** @type {string} */ (m.from), m.to);
			return text + (m.promote ? '成' : couldPromote ? '不成' : '');
		}
	}
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
	/** @type {string[]} */
	const out = [];
	let p = pos;
	let prev = prevTo;
	for (const mv of moves) {
		const legal = legalMoves(p);
		if (!legal.includes(mv)) break;
		out.push(moveText(p, mv, prev, style, true, legal));
		const m = /** @type {{to: string}} */ (parseUsi(mv));
		prev = m.to;
		p = applyMove(p, mv);
	}
	return out;
}
