/*
 * pieces.js: one shogi piece drawn as SVG: a pentagon of light wood with
 * its name drawn in strokes of gyoku's own (glyphs.js), never as text, so
 * that no piece depends on the visitor's fonts; in one of two styles:
 * - "kanji": one kanji (歩香桂銀金角飛玉/王, と杏圭全馬龍), promoted in red;
 * - "international": Hodges' letter (P L N S G B R K) with marks around it
 *   for the piece's moves (dots for steps, lines for slides), promoted
 *   ones red.
 * A piece points away from its owner: White's (Gote's) pieces are turned
 * 180°, or Black's when the board is flipped (White at the bottom).
 * Pieces are drawn in a square box 100 wide and 109 high (a board square).
 */
import { s } from './dom.js';
import { KANJI as GLYPHS, intlStrokes } from './glyphs.js';

export const SQ_W = 100;
export const SQ_H = 109;

/** @typedef {'kanji'|'international'} PieceStyle */

export const KANJI = /** @type {Record<string, string>} */ ({
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

/* Thinner strokes for the characters of many strokes (share of the piece's width). */
const WEIGHT = /** @type {Record<string, number>} */ ({ 龍: 0.056, 銀: 0.058, 飛: 0.062, 馬: 0.06 });

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
 * The strokes of a glyph (glyphs.js, a 100x100 box) moved into the box
 * (x, y, w, hgt) of a piece, as one path's data.
 * @param {string[]} strokes
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} hgt
 */
export function fitStrokes(strokes, x, y, w, hgt) {
	let i = 0;
	return strokes
		.join('')
		.replace(/-?\d+(\.\d+)?/g, (n) => {
			const v = i++ % 2 === 0 ? x + (Number(n) * w) / 100 : y + (Number(n) * hgt) / 100;
			return String(Math.round(v * 10) / 10);
		})
		.replace(/([MLQ])/g, ' $1')
		.trim();
}

/**
 * The ink of a piece as a path: its character's strokes in the kanji set,
 * the letter and the marks of its moves in the international set.
 * @param {string} kind SFEN letter of Black's piece, "+" for promoted ("P", "+R")
 * @param {boolean} white
 * @param {PieceStyle} style
 * @param {number} w the piece's width
 * @param {number} hgt its height
 */
function ink(kind, white, style, w, hgt) {
	if (style === 'international') {
		const gw = w * 0.74;
		const gh = hgt * 0.7;
		return s('path', {
			class: 'piece-ink',
			d: fitStrokes(intlStrokes(kind), -gw / 2, -hgt * 0.25, gw, gh),
			'stroke-width': (w * 0.07).toFixed(1),
		});
	}
	const ch = kind === 'K' && white ? '王' : KANJI[kind];
	const gw = w * 0.66;
	const gh = hgt * 0.68;
	return s('path', {
		class: 'piece-ink',
		'data-char': ch,
		d: fitStrokes(GLYPHS[ch], -gw / 2, -hgt * 0.26, gw, gh),
		'stroke-width': (w * (WEIGHT[ch] || 0.068)).toFixed(1),
	});
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
	const outline = pentagon(w, hgt);
	const turn = white !== flipped ? 'rotate(180)' : '';
	// The shadow falls down-right on the board whichever way the piece points.
	return s(
		'g',
		{ class: 'piece' + (promo ? ' promoted' : ''), transform: `translate(${SQ_W / 2} ${SQ_H / 2 + 1})` },
		s('path', { class: 'piece-shadow', d: outline, transform: `translate(2.5 3.5) ${turn}` }),
		s(
			'g',
			{ transform: turn || null },
			s('path', { class: 'piece-body', d: outline }),
			ink(kind, white, style, w, hgt),
		),
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
