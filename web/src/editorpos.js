/*
 * editorpos.js: the board editor's positions (#/editor, pages/editor.js),
 * pure (no DOM): placing, cycling, promoting and removing pieces, hands
 * bounded by the set, the start and kings-only positions, the link of a
 * position, and what the browser can tell is wrong with one before the
 * server judges it (docs/server.md "Games", "sfen": the server's rules
 * are libgyoku's; these are the same rules, checked early to explain
 * them): a missing or second king, more pieces than the set has, nifu,
 * a piece that can never move, the side not to move in check.
 *
 * Positions are sfen.js's; every function returns a new position and
 * leaves its argument alone.
 */
import { t } from './i18n.js';
import {
	HAND_ORDER,
	START_SFEN,
	canPromote,
	colored,
	parseSfen,
	pieceColor,
	squareIndex,
	squareName,
	toSfen,
	unpromoted,
} from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./sfen.js').Color} Color */

/** How many pieces of each kind (by uppercase unpromoted letter) a set has. */
export const SET_COUNTS = /** @type {Record<string, number>} */ ({
	K: 2,
	R: 2,
	B: 2,
	G: 4,
	S: 4,
	N: 4,
	L: 4,
	P: 18,
});

/** The palette's pieces of one side, in the order of a komadai, king first. */
export const PALETTE = ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P'];

/** The kings-only board: the editor's "empty board". */
export const KINGS_SFEN = '4k4/9/9/9/9/9/9/9/4K4 b - 1';

/**
 * A copy of a position.
 * @param {Position} pos
 * @returns {Position}
 */
export function copyPos(pos) {
	return {
		board: pos.board.slice(),
		side: pos.side,
		hands: { black: { ...pos.hands.black }, white: { ...pos.hands.white } },
		moveNumber: pos.moveNumber,
	};
}

/** The standard start position. */
export function startPos() {
	return parseSfen(START_SFEN);
}

/** The board with both kings only, nothing in hand. */
export function kingsPos() {
	return parseSfen(KINGS_SFEN);
}

/**
 * How many pieces of each kind the position holds, on the board and in
 * both hands, by uppercase unpromoted letter.
 * @param {Position} pos
 */
export function pieceCounts(pos) {
	/** @type {Record<string, number>} */
	const n = { K: 0, R: 0, B: 0, G: 0, S: 0, N: 0, L: 0, P: 0 };
	for (const p of pos.board) if (p) n[unpromoted(p).toUpperCase()]++;
	for (const c of /** @type {Color[]} */ (['black', 'white']))
		for (const k of HAND_ORDER) n[k] += pos.hands[c][k] || 0;
	return n;
}

/**
 * True when one more piece of `piece`'s kind fits the set, `sq` (whose piece
 * would go) aside.
 * @param {Position} pos
 * @param {string} piece
 * @param {string | null} [sq]
 */
export function fitsSet(pos, piece, sq = null) {
	const kind = unpromoted(piece).toUpperCase();
	let n = pieceCounts(pos)[kind];
	const old = sq ? pos.board[squareIndex(sq)] : null;
	if (old && unpromoted(old).toUpperCase() === kind) n--;
	return n < SET_COUNTS[kind];
}

/**
 * The position with `piece` on `sq` (null: the square emptied).
 * @param {Position} pos
 * @param {string} sq
 * @param {string | null} piece
 */
export function putPiece(pos, sq, piece) {
	const next = copyPos(pos);
	next.board[squareIndex(sq)] = piece;
	return next;
}

/**
 * The next piece when a board piece is clicked: unpromoted, promoted, the
 * other side's unpromoted and promoted, then none ("P" -> "+P" -> "p" ->
 * "+p" -> null); a piece that cannot promote skips the promoted steps.
 * @param {string} piece
 * @returns {string | null}
 */
export function cyclePiece(piece) {
	const base = unpromoted(piece);
	const black = pieceColor(piece) === 'black';
	const promotable = canPromote(base);
	if (piece[0] !== '+' && promotable) return '+' + piece;
	if (black) return colored(base, 'white');
	return null;
}

/**
 * A piece promoted, or unpromoted when it is; a piece that cannot promote stays.
 * @param {string} piece
 */
export function togglePromotion(piece) {
	if (piece[0] === '+') return piece.slice(1);
	return canPromote(piece) ? '+' + piece : piece;
}

/**
 * The position with the piece of `from` moved to `to` (whatever stood there is gone).
 * @param {Position} pos
 * @param {string} from
 * @param {string} to
 */
export function movePiece(pos, from, to) {
	const next = copyPos(pos);
	next.board[squareIndex(to)] = next.board[squareIndex(from)];
	next.board[squareIndex(from)] = null;
	return next;
}

/**
 * The position with `delta` more (or fewer) of `kind` in `color`'s hand,
 * kept from 0 to what the set leaves.
 * @param {Position} pos
 * @param {Color} color
 * @param {string} kind an uppercase hand letter
 * @param {number} delta
 */
export function addToHand(pos, color, kind, delta) {
	const next = copyPos(pos);
	const have = next.hands[color][kind] || 0;
	const room = Math.max(0, SET_COUNTS[kind] - pieceCounts(pos)[kind]);
	const n = delta > 0 ? have + Math.min(delta, room) : Math.max(0, have + delta);
	if (n) next.hands[color][kind] = n;
	else delete next.hands[color][kind];
	return next;
}

/**
 * The position with both hands empty.
 * @param {Position} pos
 */
export function clearHands(pos) {
	const next = copyPos(pos);
	next.hands = { black: {}, white: {} };
	return next;
}

/**
 * The position with the other side to move.
 * @param {Position} pos
 * @param {Color} side
 */
export function withSide(pos, side) {
	const next = copyPos(pos);
	next.side = side;
	return next;
}

/**
 * The editor's link to a position: "#/editor?sfen=..." (its spaces as "_").
 * @param {Position} pos
 */
export function editorLink(pos) {
	return '#/editor?sfen=' + encodeURIComponent(toSfen(pos).replace(/ /g, '_'));
}

/**
 * The SFEN of an editor link's query value ("_" for the spaces).
 * @param {string} value
 */
export function sfenOfLink(value) {
	return value.replace(/_/g, ' ');
}

/**
 * A position from text, or the reason the text is no SFEN.
 * @param {string} text
 * @returns {{pos: Position} | {error: string}}
 */
export function readSfen(text) {
	try {
		const pos = parseSfen(text);
		for (const c of /** @type {Color[]} */ (['black', 'white']))
			for (const k of Object.keys(pos.hands[c]))
				if (pos.hands[c][k] > SET_COUNTS[k]) return { error: t('SFEN: bad hand') };
		return { pos };
	} catch (e) {
		return { error: t(/** @type {Error} */ (e).message) };
	}
}

/**
 * The square of the board index `i`.
 * @param {number} i
 */
function squareOf(i) {
	return squareName(9 - (i % 9), Math.floor(i / 9) + 1);
}

/** The steps of each kind of piece for Black (row -1 is forward): [dr, dc, slides]. */
const GOLD = [
	[-1, -1],
	[-1, 0],
	[-1, 1],
	[0, -1],
	[0, 1],
	[1, 0],
];
const DIAG = [
	[-1, -1],
	[-1, 1],
	[1, -1],
	[1, 1],
];
const ORTHO = [
	[-1, 0],
	[1, 0],
	[0, -1],
	[0, 1],
];
/** @type {Record<string, {steps: number[][], slides: number[][]}>} */
const MOVES = {
	P: { steps: [[-1, 0]], slides: [] },
	L: { steps: [], slides: [[-1, 0]] },
	N: {
		steps: [
			[-2, -1],
			[-2, 1],
		],
		slides: [],
	},
	S: { steps: [[-1, 0], ...DIAG], slides: [] },
	G: { steps: GOLD, slides: [] },
	B: { steps: [], slides: DIAG },
	R: { steps: [], slides: ORTHO },
	K: { steps: [...DIAG, ...ORTHO], slides: [] },
	'+B': { steps: ORTHO, slides: DIAG },
	'+R': { steps: DIAG, slides: ORTHO },
};

/**
 * True when `color`'s king stands attacked by a piece of the other side.
 * @param {Position} pos
 * @param {Color} color
 */
export function kingAttacked(pos, color) {
	const king = pos.board.indexOf(colored('K', color));
	if (king < 0) return false;
	const kr = Math.floor(king / 9);
	const kc = king % 9;
	for (let i = 0; i < 81; i++) {
		const p = pos.board[i];
		if (!p || pieceColor(p) === color) continue;
		const up = p.toUpperCase();
		const m = MOVES[up] || (up[0] === '+' ? MOVES.G : null);
		if (!m) continue;
		const sign = color === 'black' ? -1 : 1; // the attacker's forward: Black's is row -1, White's row +1
		const r0 = Math.floor(i / 9);
		const c0 = i % 9;
		for (const [dr, dc] of m.steps) if (r0 + dr * sign === kr && c0 + dc * sign === kc) return true;
		for (const [dr, dc] of m.slides) {
			let r = r0 + dr * sign;
			let c = c0 + dc * sign;
			while (r >= 0 && r < 9 && c >= 0 && c < 9) {
				if (r === kr && c === kc) return true;
				if (pos.board[r * 9 + c]) break;
				r += dr * sign;
				c += dc * sign;
			}
		}
	}
	return false;
}

/**
 * The side's name in the editor's messages.
 * @param {Color} color
 */
function sideName(color) {
	return color === 'black' ? t('Sente (Black)') : t('Gote (White)');
}

/**
 * The name of a kind of piece, for "more ... than the set has".
 * @param {string} kind
 */
function kindName(kind) {
	/** @type {Record<string, string>} */
	const names = {
		K: t('kings'),
		R: t('rooks'),
		B: t('bishops'),
		G: t('golds'),
		S: t('silvers'),
		N: t('knights'),
		L: t('lances'),
		P: t('pawns'),
	};
	return names[kind];
}

/**
 * What is wrong with a position for a game, as far as the browser can tell
 * (the server's rules are the same: docs/server.md "Games", "sfen"), each
 * a sentence; empty when nothing is.
 * @param {Position} pos
 * @returns {string[]}
 */
export function positionProblems(pos) {
	/** @type {string[]} */
	const out = [];
	for (const color of /** @type {Color[]} */ (['black', 'white'])) {
		const k = colored('K', color);
		const n = pos.board.filter((p) => p === k).length;
		if (n === 0) out.push(t('{side} has no king.', { side: sideName(color) }));
		if (n > 1) out.push(t('{side} has two kings.', { side: sideName(color) }));
	}
	const counts = pieceCounts(pos);
	for (const kind of PALETTE)
		if (kind !== 'K' && counts[kind] > SET_COUNTS[kind])
			out.push(
				t('More {pieces} than the set has: {n} of {max}.', {
					pieces: kindName(kind),
					n: counts[kind],
					max: SET_COUNTS[kind],
				}),
			);
	for (const color of /** @type {Color[]} */ (['black', 'white'])) {
		const pawn = colored('P', color);
		for (let c = 0; c < 9; c++) {
			let n = 0;
			for (let r = 0; r < 9; r++) if (pos.board[r * 9 + c] === pawn) n++;
			if (n > 1)
				out.push(
					t('Nifu: {side} has two pawns on file {file}.', {
						side: sideName(color),
						file: 9 - c,
					}),
				);
		}
	}
	for (let i = 0; i < 81; i++) {
		const p = pos.board[i];
		if (!p || p[0] === '+') continue;
		const up = p.toUpperCase();
		const row = pieceColor(p) === 'black' ? Math.floor(i / 9) : 8 - Math.floor(i / 9);
		if (((up === 'P' || up === 'L') && row === 0) || (up === 'N' && row <= 1))
			out.push(t('The piece on {square} can never move.', { square: squareOf(i) }));
	}
	const waiting = pos.side === 'black' ? 'white' : 'black';
	if (kingAttacked(pos, waiting)) out.push(t('{side} is in check but not to move.', { side: sideName(waiting) }));
	return out;
}
