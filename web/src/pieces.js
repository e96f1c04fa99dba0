/*
 * pieces.js: one shogi piece drawn as SVG: a pentagon of light wood with
 * its name drawn in strokes of gyoku's own (glyphs.js), never as text, so
 * that no piece depends on the visitor's fonts; in one of two styles:
 * - "kanji": one kanji (歩香桂銀金角飛玉/王, と杏圭全馬龍) written with a
 *   brush: filled outlines whose sweeps thin out (brushStroke), promoted
 *   in red;
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

/** @typedef {[number, number]} Pt */

/**
 * One stroke of a glyph written with a brush, as filled outlines: the pen
 * presses a little at the start, and a stroke that ends in a curve (a
 * sweep, a hook) thins out towards its end.  Each straight part and each
 * curve is a band of quadrilaterals with a round blot at both ends (round
 * caps and joins), all drawn the same way round so that they add up
 * (nonzero fill).
 * @param {string} d the stroke, already fitted into the piece (fitStrokes)
 * @param {number} width the pen's width
 */
function brushStroke(d, width) {
	/** @type {Pt[][]} */
	const runs = [];
	/** @type {Pt} */
	let at = [0, 0];
	for (const m of d.matchAll(/([MLQ])([^MLQ]*)/g)) {
		const n = m[2].trim().split(/\s+/).map(Number);
		if (m[1] === 'M') at = [n[0], n[1]];
		else if (m[1] === 'L') {
			runs.push([at, [n[0], n[1]]]);
			at = [n[0], n[1]];
		} else {
			/** @type {Pt[]} */
			const run = [at];
			for (let k = 1; k <= 8; k++) {
				const t = k / 8;
				const u = 1 - t;
				run.push([
					u * u * at[0] + 2 * u * t * n[0] + t * t * n[2],
					u * u * at[1] + 2 * u * t * n[1] + t * t * n[3],
				]);
			}
			runs.push(run);
			at = [n[2], n[3]];
		}
	}
	const sweep = /Q[^MLQ]*$/.test(d);
	const dist = (/** @type {Pt} */ a, /** @type {Pt} */ b) => Math.hypot(b[0] - a[0], b[1] - a[1]);
	const total = runs.flatMap((r) => r.slice(1).map((p, i) => dist(r[i], p))).reduce((a, b) => a + b, 0) || 1;
	/** The pen's half-width at a share `f` of the stroke's length. */
	const half = (/** @type {number} */ f) =>
		(width / 2) * (f < 0.12 ? 1.12 - f : 1) * (sweep && f > 0.5 ? 1 - ((f - 0.5) / 0.5) * 0.62 : 1);
	const r1 = (/** @type {number} */ v) => Math.round(v * 10) / 10;
	const blot = (/** @type {Pt} */ p, /** @type {number} */ r) =>
		`M${r1(p[0] - r)} ${r1(p[1])}A${r1(r)} ${r1(r)} 0 1 1 ${r1(p[0] + r)} ${r1(p[1])}A${r1(r)} ${r1(r)} 0 1 1 ${r1(p[0] - r)} ${r1(p[1])}Z`;
	let out = '';
	let done = 0;
	for (const run of runs) {
		const rs = [];
		for (let i = 0; i < run.length; i++) {
			if (i) done += dist(run[i - 1], run[i]);
			rs.push(half(done / total));
		}
		/** @type {Pt[]} */
		const normals = run.map((_, i) => {
			const a = run[Math.max(0, i - 1)];
			const b = run[Math.min(run.length - 1, i + 1)];
			const len = dist(a, b) || 1;
			return [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
		});
		for (let i = 0; i + 1 < run.length; i++) {
			/** @type {Pt[]} */
			let q = [
				[run[i][0] + normals[i][0] * rs[i], run[i][1] + normals[i][1] * rs[i]],
				[
					run[i + 1][0] + normals[i + 1][0] * rs[i + 1],
					run[i + 1][1] + normals[i + 1][1] * rs[i + 1],
				],
				[
					run[i + 1][0] - normals[i + 1][0] * rs[i + 1],
					run[i + 1][1] - normals[i + 1][1] * rs[i + 1],
				],
				[run[i][0] - normals[i][0] * rs[i], run[i][1] - normals[i][1] * rs[i]],
			];
			const area = q.reduce((a, p, k) => a + p[0] * q[(k + 1) % 4][1] - q[(k + 1) % 4][0] * p[1], 0);
			if (area < 0) q = q.reverse();
			out += `M${q.map((p) => `${r1(p[0])} ${r1(p[1])}`).join('L')}Z`;
		}
		out += blot(run[0], rs[0]) + blot(run[run.length - 1], rs[rs.length - 1]);
	}
	return out;
}

/** The brush outlines of each kanji, written once (a kanji is always on a piece of the same size). */
const written = /** @type {Map<string, string>} */ (new Map());

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
	const pen = w * (WEIGHT[ch] || 0.068);
	let d = written.get(ch);
	if (!d) {
		d = GLYPHS[ch].map((st) => brushStroke(fitStrokes([st], -gw / 2, -hgt * 0.26, gw, gh), pen)).join('');
		written.set(ch, d);
	}
	return s('path', { class: 'piece-ink brush', 'data-char': ch, d });
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
