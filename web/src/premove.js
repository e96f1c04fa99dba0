/*
 * premove.js: one move made in advance while the opponent is to move (live
 * games; not correspondence), as on lishogi: the piece is picked and put
 * down as usual, from the position as it stands, and the premove is marked
 * on the board.  When the opponent's move arrives it is played at once if
 * it is among the legal moves the server sends with the game, else dropped
 * silently.  A press elsewhere, Escape or a right-click on the board
 * cancels it.
 *
 * The browser has no rules engine: the squares offered are the ones the
 * piece could reach by its moves after any reply (candidates()): a step
 * piece's squares whatever stands there (a recapture), a ranging piece's
 * up to and with the first piece in its way; a drop on any square not
 * holding one of the user's pieces.  The promotion is asked when the move
 * could promote (at premove time), and forced where the piece could never
 * move again.  Pure but for Premoves' listeners.
 */
import { HAND_ORDER, pieceAt, pieceColor, squareName } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./types.js').Game} Game */

/** @typedef {[number, number]} Step a file and a rank step, the rank counted forward from the mover */

/** @type {Step[]} */
const GOLD = [
	[0, 1],
	[1, 1],
	[-1, 1],
	[1, 0],
	[-1, 0],
	[0, -1],
];
/** @type {Step[]} */
const DIAG = [
	[1, 1],
	[-1, 1],
	[1, -1],
	[-1, -1],
];
/** @type {Step[]} */
const ORTHO = [
	[0, 1],
	[0, -1],
	[1, 0],
	[-1, 0],
];

/** Each kind's steps and ranging directions. @type {Record<string, {step: Step[], range: Step[]}>} */
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
 * The rank counted from `color`'s side: 1 the farthest rank.
 * @param {Color} color
 * @param {number} rank
 */
const fromFront = (color, rank) => (color === 'black' ? rank : 10 - rank);

/**
 * Ranks (counted from the front) where a piece of that kind could never move again.
 * @param {string} kind
 */
const deadRanks = (kind) => (kind === 'P' || kind === 'L' ? 1 : kind === 'N' ? 2 : 0);

/**
 * The premoves of `color` in `pos` as USI moves, in the form of the game's
 * `legal` list (a move that may promote both with and without "+"), so that
 * legal.js reads them as it reads the legal moves.
 * @param {Position} pos
 * @param {Color} color
 * @returns {string[]}
 */
export function candidates(pos, color) {
	const fwd = color === 'black' ? -1 : 1;
	/** @type {string[]} */
	const out = [];
	for (let file = 1; file <= 9; file++)
		for (let rank = 1; rank <= 9; rank++) {
			const from = squareName(file, rank);
			const piece = pieceAt(pos, from);
			if (!piece || pieceColor(piece) !== color) continue;
			const kind = piece.toUpperCase();
			const m = MOVES[kind];
			if (!m) continue;
			/** @param {number} f @param {number} r */
			const add = (f, r) => {
				const to = squareName(f, r);
				const own = pieceAt(pos, to);
				// Onto one of the user's pieces (it may be taken first), but never the king.
				if (own && pieceColor(own) === color && own.toUpperCase() === 'K') return;
				const canPromote =
					!kind.startsWith('+') &&
					kind !== 'G' &&
					kind !== 'K' &&
					(fromFront(color, rank) <= 3 || fromFront(color, r) <= 3);
				if (fromFront(color, r) > deadRanks(kind)) out.push(from + to);
				if (canPromote) out.push(from + to + '+');
			};
			for (const [df, dr] of m.step) {
				const f = file + df;
				const r = rank + dr * fwd;
				if (f >= 1 && f <= 9 && r >= 1 && r <= 9) add(f, r);
			}
			for (const [df, dr] of m.range) {
				for (
					let f = file + df, r = rank + dr * fwd;
					f >= 1 && f <= 9 && r >= 1 && r <= 9;
					f += df, r += dr * fwd
				) {
					add(f, r);
					if (pieceAt(pos, squareName(f, r))) break;
				}
			}
		}
	for (const kind of HAND_ORDER) {
		if (!pos.hands[color][kind]) continue;
		for (let file = 1; file <= 9; file++)
			for (let rank = 1; rank <= 9; rank++) {
				const to = squareName(file, rank);
				const there = pieceAt(pos, to);
				if (there && pieceColor(there) === color) continue;
				if (fromFront(color, rank) > deadRanks(kind)) out.push(`${kind}*${to}`);
			}
	}
	return out;
}

/**
 * Whether the user may premove in `g` now: a live game in play, the opponent to move.
 * @param {Game | null} g
 */
export function premoveAllowed(g) {
	return Boolean(g && g.status === 'playing' && g.you && g.side !== g.you && g.kind !== 'correspondence');
}

/**
 * The squares a premove marks.
 * @param {string} usi
 * @returns {{from: string | null, to: string}}
 */
export function premoveSquares(usi) {
	return usi[1] === '*' ? { from: null, to: usi.slice(2, 4) } : { from: usi.slice(0, 2), to: usi.slice(2, 4) };
}

/** The user's premove on the game page. */
export class Premoves {
	/**
	 * @param {HTMLElement | SVGElement} board the board's element (a right-click there cancels)
	 * @param {() => void} redraw
	 */
	constructor(board, redraw) {
		/** @type {string | null} the premove (USI), if any */
		this.move = null;
		this.redraw = redraw;
		this.board = board;
		this.onKey = (/** @type {KeyboardEvent} */ e) => {
			if (e.key === 'Escape') this.cancel();
		};
		this.onMenu = (/** @type {Event} */ e) => {
			if (!this.move) return;
			e.preventDefault();
			this.cancel();
		};
		document.addEventListener('keydown', this.onKey);
		board.addEventListener('contextmenu', this.onMenu);
	}

	destroy() {
		document.removeEventListener('keydown', this.onKey);
		this.board.removeEventListener('contextmenu', this.onMenu);
	}

	/** @param {string} usi */
	set(usi) {
		this.move = usi;
		this.redraw();
	}

	cancel() {
		if (!this.move) return;
		this.move = null;
		this.redraw();
	}

	/** The squares to mark, or null. */
	squares() {
		return this.move ? premoveSquares(this.move) : null;
	}

	/**
	 * A game read: once it is the user's turn the premove is given up, and returned when it
	 * is legal now (the caller plays it); when the game is over it is dropped.
	 * @param {Game} g
	 * @returns {string | null}
	 */
	take(g) {
		const m = this.move;
		if (!m) return null;
		if (g.status === 'playing' && (g.side !== g.you || !g.legal.length)) return null;
		this.move = null;
		this.redraw();
		return g.status === 'playing' && g.legal.includes(m) ? m : null;
	}
}
