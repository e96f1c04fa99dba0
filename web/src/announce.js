/*
 * announce.js: the game page for screen readers: the accessible names of
 * the squares and of the pieces in hand ("7g, Black pawn", "5e, empty"),
 * the position in words (each side's pieces by square, the pieces in hand,
 * the side to move, check), and the announcements of an aria-live region:
 * each new move (the opponent's and the user's own, "Black: P-7f", in
 * Japanese "▲７六歩"), check, the game's end.  The words are pure functions
 * (web/test/announce.test.js); Announcer holds the live region and the
 * always-present, visually hidden description.
 */
import { h } from './dom.js';
import { i18n, t } from './i18n.js';
import { HAND_ORDER, pieceAt, pieceColor, squareName } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./types.js').Game} Game */

const RANK_KANJI = '一二三四五六七八九';
const FILE_DIGITS = '１２３４５６７８９';

/** The kinds of piece in the order a description lists them (strongest first, each then its promoted form). */
const KINDS = ['K', 'R', '+R', 'B', '+B', 'G', 'S', '+S', 'N', '+N', 'L', '+L', 'P', '+P'];

/**
 * A kind of piece in words ("pawn"; in Japanese 歩).
 * @param {string} kind the uppercase SFEN letter, "+" before a promoted one
 */
export function pieceName(kind) {
	switch (kind) {
		case 'P':
			return t('pawn');
		case 'L':
			return t('lance');
		case 'N':
			return t('knight');
		case 'S':
			return t('silver');
		case 'G':
			return t('gold');
		case 'B':
			return t('bishop');
		case 'R':
			return t('rook');
		case 'K':
			return t('king');
		case '+P':
			return t('tokin');
		case '+L':
			return t('promoted lance');
		case '+N':
			return t('promoted knight');
		case '+S':
			return t('promoted silver');
		case '+B':
			return t('horse');
		case '+R':
			return t('dragon');
		default:
			return kind;
	}
}

/** @param {Color} c */
export function sideName(c) {
	return c === 'black' ? t('Black') : t('White');
}

/**
 * A square's name as the interface's language says it: "7g", in Japanese ７七.
 * @param {string} sq
 */
export function squareWords(sq) {
	if (i18n.lang !== 'ja') return sq;
	return FILE_DIGITS[Number(sq[0]) - 1] + RANK_KANJI[sq.charCodeAt(1) - 97];
}

/**
 * The accessible name of a square: "7g, Black pawn", "5e, empty", with what is marked on it.
 * @param {Position} pos
 * @param {string} sq
 * @param {{selected?: boolean, dest?: boolean, premove?: boolean}} [marks]
 */
export function squareLabel(pos, sq, marks = {}) {
	const piece = pieceAt(pos, sq);
	let s = piece
		? t('{square}, {side} {piece}', {
				square: squareWords(sq),
				side: sideName(pieceColor(piece)),
				piece: pieceName(piece.toUpperCase()),
			})
		: t('{square}, empty', { square: squareWords(sq) });
	if (marks.selected) s += t(', selected');
	if (marks.dest) s += t(', can move here');
	if (marks.premove) s += t(', premove');
	return s;
}

/**
 * The accessible name of a piece in hand: "Black's pawn in hand, 2".
 * @param {Color} color
 * @param {string} kind uppercase letter
 * @param {number} n
 */
export function handLabel(color, kind, n) {
	return t("{side}'s {piece} in hand, {n}", { side: sideName(color), piece: pieceName(kind), n });
}

/**
 * One side's pieces on the board and in hand, in words.
 * @param {Position} pos
 * @param {Color} color
 */
function sideWords(pos, color) {
	/** @type {Map<string, string[]>} */
	const by = new Map();
	for (let rank = 1; rank <= 9; rank++)
		for (let file = 9; file >= 1; file--) {
			const sq = squareName(file, rank);
			const p = pieceAt(pos, sq);
			if (!p || pieceColor(p) !== color) continue;
			const k = p.toUpperCase();
			by.set(k, [...(by.get(k) || []), squareWords(sq)]);
		}
	const sep = i18n.lang === 'ja' ? '、' : ', ';
	const board = KINDS.filter((k) => by.has(k))
		.map((k) => `${pieceName(k)} ${(by.get(k) || []).join(' ')}`)
		.join(sep);
	const hand = HAND_ORDER.filter((k) => pos.hands[color][k])
		.map((k) => (pos.hands[color][k] > 1 ? `${pieceName(k)} ×${pos.hands[color][k]}` : pieceName(k)))
		.join(sep);
	return t('{side}: {board}; in hand: {hand}.', {
		side: sideName(color),
		board,
		hand: hand || t('nothing'),
	});
}

/**
 * The position in words: the side to move (and check), then each side's pieces by square and in hand.
 * @param {Position} pos
 * @param {boolean} check the side to move is in check
 */
export function describePosition(pos, check) {
	const first = t('{side} to move.', { side: sideName(pos.side) }) + (check ? ' ' + t('Check.') : '');
	return [first, sideWords(pos, 'black'), sideWords(pos, 'white')].join(' ');
}

/**
 * A move announced: in Japanese its Japanese writing with ▲ / △
 * ("▲７六歩"), in English "Black: P-7f" in the chosen Western notation
 * (Hodges when the chosen one is written in kanji).
 * @param {Game} g
 * @param {number} ply 1 for the first move
 * @param {import('./prefs.js').Notation} notation the notation the user reads
 */
export function moveWords(g, ply, notation) {
	const start = g.start_sfen.split(' ')[1] === 'w' ? 'white' : 'black';
	/** @type {Color} */
	const side = ply % 2 === 1 ? start : start === 'black' ? 'white' : 'black';
	const usi = g.moves[ply - 1];
	if (i18n.lang === 'ja') {
		const text = g.notation.japanese[ply - 1] || usi;
		const s = text.replace(/^☗/, '▲').replace(/^☖/, '△');
		return /^[▲△]/.test(s) ? s : (side === 'black' ? '▲' : '△') + s;
	}
	// In English a Western notation: the chosen one, else Hodges.
	const key = notation === 'japanese' || notation === 'kitao' ? 'hodges' : notation;
	return t('{side}: {move}', { side: sideName(side), move: g.notation[key][ply - 1] || usi });
}

/** The live region and the description of the game page. */
export class Announcer {
	constructor() {
		/** The polite live region: moves, check, the end. */
		this.live = h('div', {
			class: 'visually-hidden',
			'aria-live': 'polite',
			'aria-atomic': 'true',
			'data-testid': 'announce',
		});
		/** The position in words, always present for screen readers (visually hidden). */
		this.description = h('p', { class: 'visually-hidden', 'data-testid': 'position-description' });
		/** The button that reads the position out through the live region. */
		this.button = h(
			'button',
			{
				class: 'btn',
				'data-testid': 'describe',
				onclick: () => this.say(this.description.textContent || ''),
			},
			t('Describe position'),
		);
		/** @type {number | null} the ply last announced; null before the first game */
		this.ply = null;
		/** @type {string | null} */
		this.status = null;
	}

	/**
	 * Puts a text in the live region (emptied first, so that the same text twice is read twice).
	 * @param {string} text
	 */
	say(text) {
		this.live.textContent = '';
		// A new text node after the emptying: screen readers announce the change.
		setTimeout(() => {
			this.live.textContent = text;
		}, 50);
	}

	/**
	 * A game JSON read: announces the moves made since the last one (the newest of several),
	 * check, and the end; the first game read is only noted.
	 * @param {Game} g
	 * @param {import('./prefs.js').Notation} notation
	 * @param {string} statusLine the status line's text (the result once the game is over)
	 */
	update(g, notation, statusLine) {
		const was = this.ply;
		const wasStatus = this.status;
		this.ply = g.ply;
		this.status = g.status;
		if (was === null) return;
		/** @type {string[]} */
		const parts = [];
		if (g.ply > was && g.ply > 0) {
			parts.push(moveWords(g, g.ply, notation));
			if (g.check && g.status === 'playing') parts.push(t('Check.'));
		}
		if (wasStatus !== g.status && (g.status === 'ended' || g.status === 'canceled')) parts.push(statusLine);
		if (parts.length) this.say(parts.join(' '));
	}

	/**
	 * The description of the position shown.
	 * @param {Position} pos
	 * @param {boolean} check
	 */
	describe(pos, check) {
		const text = describePosition(pos, check);
		if (this.description.textContent !== text) this.description.textContent = text;
	}
}
