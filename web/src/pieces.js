/*
 * pieces.js: one shogi piece drawn as SVG: a pentagon of light wood with
 * its name, in one of two styles, and the piece-style preference.
 * - "kanji": one kanji (歩香桂銀金角飛玉/王, と杏圭全馬龍), promoted in red;
 * - "international": Hodges' letters (P L N S G B R K), promoted ones red
 *   with a "+" before the letter.
 * A piece points away from its owner: White's (Gote's) pieces are turned
 * 180°, or Black's when the board is flipped (White at the bottom).
 * Pieces are drawn in a square box 100 wide and 109 high (a board square).
 */
import { s } from './dom.js';

export const SQ_W = 100;
export const SQ_H = 109;

/** @typedef {'kanji'|'international'} PieceStyle */

const KANJI = /** @type {Record<string, string>} */ ({
	P: '歩',
	L: '香',
	N: '桂',
	S: '銀',
	G: '金',
	B: '角',
	R: '飛',
	K: '玉',
	'+P': 'と',
	'+L': '杏',
	'+N': '圭',
	'+S': '全',
	'+B': '馬',
	'+R': '龍',
});

/** Piece names for tooltips and screen readers. */
export const PIECE_NAMES = /** @type {Record<string, string>} */ ({
	P: 'pawn',
	L: 'lance',
	N: 'knight',
	S: 'silver',
	G: 'gold',
	B: 'bishop',
	R: 'rook',
	K: 'king',
	'+P': 'tokin',
	'+L': 'promoted lance',
	'+N': 'promoted knight',
	'+S': 'promoted silver',
	'+B': 'horse',
	'+R': 'dragon',
});

/* The width of each kind of piece as a share of the square (a king is larger than a pawn). */
const SIZE = /** @type {Record<string, number>} */ ({
	K: 0.9,
	R: 0.87,
	B: 0.87,
	G: 0.84,
	S: 0.84,
	N: 0.81,
	L: 0.78,
	P: 0.76,
});

/**
 * The pentagon outline, centred on (0, 0).
 * @param {number} w
 * @param {number} hgt
 */
function pentagon(w, hgt) {
	const x = w / 2;
	const y = hgt / 2;
	const r = (/** @type {number} */ n) => Math.round(n * 10) / 10;
	return `M0 ${r(-y)} L${r(x * 0.8)} ${r(-y * 0.62)} L${r(x)} ${r(y)} L${r(-x)} ${r(y)} L${r(-x * 0.8)} ${r(-y * 0.62)} Z`;
}

/**
 * A piece drawn in the box (0, 0)-(SQ_W, SQ_H), as an SVG group.
 * @param {string} piece SFEN letter, "+" for promoted ("P", "+r")
 * @param {PieceStyle} style
 * @param {boolean} [flipped] the board is seen from White's side
 * @returns {SVGElement}
 */
export function pieceGlyph(piece, style, flipped = false) {
	const white = piece[piece.length - 1] === piece[piece.length - 1].toLowerCase();
	const kind = piece.toUpperCase();
	const base = kind.replace('+', '');
	const promo = kind[0] === '+';
	const w = SQ_W * (SIZE[base] || 0.8);
	const hgt = Math.min(SQ_H * 0.92, w * 1.13);
	let label;
	if (style === 'international') {
		const size = w * (promo ? 0.5 : 0.6);
		label = s(
			'text',
			{ class: 'piece-label intl', y: hgt * 0.12, 'font-size': size.toFixed(1) },
			promo ? s('tspan', { 'font-size': (size * 0.7).toFixed(1), dy: '-0.1em' }, '+') : null,
			promo ? s('tspan', { dy: '0.1em' }, base) : base,
		);
	} else {
		const text = base === 'K' && white ? '王' : KANJI[kind];
		label = s(
			'text',
			{ class: 'piece-label kanji', y: hgt * 0.1, 'font-size': (w * 0.62).toFixed(1) },
			text,
		);
	}
	const outline = pentagon(w, hgt);
	const turn = white !== flipped ? 'rotate(180)' : '';
	// The shadow falls down-right on the board whichever way the piece points.
	return s(
		'g',
		{ class: 'piece' + (promo ? ' promoted' : ''), transform: `translate(${SQ_W / 2} ${SQ_H / 2 + 1})` },
		s('path', { class: 'piece-shadow', d: outline, transform: `translate(2.5 3.5) ${turn}` }),
		s('g', { transform: turn || null }, s('path', { class: 'piece-body', d: outline }), label),
	);
}

/**
 * A standalone <svg> showing one piece (hands, the drag ghost, dialogs).
 * @param {string} piece
 * @param {PieceStyle} style
 * @param {boolean} [flipped]
 */
export function pieceSvg(piece, style, flipped = false) {
	return s(
		'svg',
		{ viewBox: `0 0 ${SQ_W} ${SQ_H}`, class: 'piece-svg', 'aria-hidden': 'true' },
		pieceGlyph(piece, style, flipped),
	);
}
