/*
 * rules.js: the legal moves of any position, for the analysis board (which
 * has no server game to send them): board moves and drops of the side to
 * move, in the form of the game JSON's `legal` list (legal.js reads both
 * alike: a move that may promote or not is listed with and without "+").
 * The rules the server keeps: no move leaves one's own king attacked, no
 * piece goes where it could never move again, no second unpromoted pawn on
 * a file (nifu), no pawn dropped to mate (uchifuzume).  Pure: no DOM.
 */
import { HAND_ORDER, applyMove, colored, pieceColor, squareName } from './sfen.js';
import { kingAttacked } from './editorpos.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./sfen.js').Color} Color */

/** Steps of each kind as [file, rank] with rank +1 forward (toward the opponent). */
const GOLD = [
	[0, 1],
	[1, 1],
	[-1, 1],
	[1, 0],
	[-1, 0],
	[0, -1],
];
const DIAG = [
	[1, 1],
	[-1, 1],
	[1, -1],
	[-1, -1],
];
const ORTHO = [
	[0, 1],
	[0, -1],
	[1, 0],
	[-1, 0],
];
/** @type {Record<string, {step: number[][], range: number[][]}>} */
const MOVES = {
	P: { step: [[0, 1]], range: [] },
	L: { step: [], range: [[0, 1]] },
	N: {
		step: [
			[1, 2],
			[-1, 2],
		],
		range: [],
	},
	S: { step: [[0, 1], ...DIAG], range: [] },
	G: { step: GOLD, range: [] },
	K: { step: [...DIAG, ...ORTHO], range: [] },
	B: { step: [], range: DIAG },
	R: { step: [], range: ORTHO },
	'+P': { step: GOLD, range: [] },
	'+L': { step: GOLD, range: [] },
	'+N': { step: GOLD, range: [] },
	'+S': { step: GOLD, range: [] },
	'+B': { step: ORTHO, range: DIAG },
	'+R': { step: DIAG, range: ORTHO },
};

/**
 * The rank counted from `color`'s far side: 1 is the last rank ahead.
 * @param {Color} color
 * @param {number} rank
 */
const ahead = (color, rank) => (color === 'black' ? rank : 10 - rank);

/**
 * The ranks (counted from the far side) a piece of the kind may not stand on.
 * @param {string} kind
 */
const deadRanks = (kind) => (kind === 'P' || kind === 'L' ? 1 : kind === 'N' ? 2 : 0);

/**
 * The piece on file 1..9, rank 1..9.
 * @param {Position} pos
 * @param {number} file
 * @param {number} rank
 */
const at = (pos, file, rank) => pos.board[(rank - 1) * 9 + (9 - file)];

/**
 * The moves of the side to move that follow the pieces' movements, before the test of the
 * king's safety (and of uchifuzume).
 * @param {Position} pos
 * @returns {string[]}
 */
function pseudoMoves(pos) {
	const color = pos.side;
	const fwd = color === 'black' ? -1 : 1;
	/** @type {string[]} */
	const out = [];
	for (let file = 1; file <= 9; file++)
		for (let rank = 1; rank <= 9; rank++) {
			const piece = at(pos, file, rank);
			if (!piece || pieceColor(piece) !== color) continue;
			const kind = piece.toUpperCase();
			const m = MOVES[kind];
			const from = squareName(file, rank);
			/** @param {number} f @param {number} r */
			const add = (f, r) => {
				const to = squareName(f, r);
				const promotable = kind.length === 1 && kind !== 'G' && kind !== 'K';
				if (ahead(color, r) > deadRanks(kind)) out.push(from + to);
				if (promotable && (ahead(color, rank) <= 3 || ahead(color, r) <= 3))
					out.push(from + to + '+');
			};
			for (const [df, dr] of m.step) {
				// Every kind's steps are the same to the left and the right: the file's sign is free.
				const f = file + df;
				const r = rank + dr * fwd;
				if (f < 1 || f > 9 || r < 1 || r > 9) continue;
				const there = at(pos, f, r);
				if (there && pieceColor(there) === color) continue;
				add(f, r);
			}
			for (const [df, dr] of m.range) {
				let f = file + df;
				let r = rank + dr * fwd;
				while (f >= 1 && f <= 9 && r >= 1 && r <= 9) {
					const there = at(pos, f, r);
					if (there && pieceColor(there) === color) break;
					add(f, r);
					if (there) break;
					f += df;
					r += dr * fwd;
				}
			}
		}
	const hand = pos.hands[color];
	for (const kind of HAND_ORDER) {
		if (!hand[kind]) continue;
		for (let file = 1; file <= 9; file++) {
			if (kind === 'P') {
				let pawn = false;
				for (let rank = 1; rank <= 9; rank++)
					if (at(pos, file, rank) === colored('P', color)) pawn = true;
				if (pawn) continue;
			}
			for (let rank = 1; rank <= 9; rank++) {
				if (at(pos, file, rank) || ahead(color, rank) <= deadRanks(kind)) continue;
				out.push(`${kind}*${squareName(file, rank)}`);
			}
		}
	}
	return out;
}

/**
 * The opponent of a side.
 * @param {Color} color
 * @returns {Color}
 */
export const other = (color) => (color === 'black' ? 'white' : 'black');

/**
 * True when the side to move has its king attacked.
 * @param {Position} pos
 */
export function inCheck(pos) {
	return kingAttacked(pos, pos.side);
}

/**
 * The moves that keep the mover's king safe (uchifuzume not tested).
 * @param {Position} pos
 */
function safeMoves(pos) {
	return pseudoMoves(pos).filter((mv) => !kingAttacked(applyMove(pos, mv), pos.side));
}

/**
 * The legal moves of the side to move, as USI moves.
 * @param {Position} pos
 * @returns {string[]}
 */
export function legalMoves(pos) {
	return safeMoves(pos).filter((mv) => {
		if (!mv.startsWith('P*')) return true;
		const next = applyMove(pos, mv);
		// A pawn drop that checks is legal only when the opponent has an answer.
		return !inCheck(next) || safeMoves(next).length > 0;
	});
}

/**
 * True when the side to move is checkmated (or has no move at all).
 * @param {Position} pos
 */
export function isMated(pos) {
	return safeMoves(pos).length === 0;
}
