/*
 * keyboard.js: the board and the hands played from the keyboard.  The 81
 * squares are one tab stop (a roving tabindex: the square last focused has
 * tabindex 0, the others -1); the arrow keys move the focus among them as
 * the user sees the board (flipped or not), Enter or Space presses the
 * square as a click does (select a piece, then its destination; input.js),
 * Escape cancels (input.js, premove.js).  Each hand is one tab stop too,
 * its pieces reached with the arrows; Enter or Space selects one for a drop
 * and takes the focus to the board.  Arrow keys pressed on the board or a
 * hand stop there: elsewhere on the page they replay the game (pages/game.js).
 * Each square is labelled for screen readers (announce.js squareLabel).
 */
import { squareLabel } from './announce.js';
import { squareName } from './sfen.js';
import { t } from './i18n.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./hand.js').HandView} HandView */
/** @typedef {import('./input.js').MoveInput} MoveInput */
/** @typedef {import('./sfen.js').Position} Position */

/** The arrow keys as (columns, rows) on the screen. @type {Record<string, [number, number]>} */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The square `sq` moved by (dc, dr) on the screen, kept on the board.
 * @param {string} sq
 * @param {number} dc columns, rightwards
 * @param {number} dr rows, downwards
 * @param {boolean} flipped White at the bottom
 */
export function stepSquare(sq, dc, dr, flipped) {
	const file = Number(sq[0]);
	const rank = sq.charCodeAt(1) - 96;
	const f = Math.min(9, Math.max(1, file + (flipped ? dc : -dc)));
	const r = Math.min(9, Math.max(1, rank + (flipped ? -dr : dr)));
	return squareName(f, r);
}

export class BoardKeys {
	/**
	 * @param {object} o
	 * @param {BoardView} o.board
	 * @param {HandView[]} o.hands
	 * @param {MoveInput} o.input
	 */
	constructor(o) {
		this.board = o.board;
		this.input = o.input;
		/** The square that takes the tab stop. */
		this.current = '5e';
		const el = this.board.el;
		el.setAttribute('role', 'application');
		el.setAttribute(
			'aria-label',
			t('Shogi board: arrow keys move, Enter selects and moves, Escape cancels'),
		);
		for (const [sq, g] of this.board.squares) {
			g.setAttribute('role', 'button');
			g.setAttribute('tabindex', sq === this.current ? '0' : '-1');
		}
		el.addEventListener('keydown', (e) => this.onBoardKey(e));
		el.addEventListener('focusin', (e) => {
			const sq = e.target instanceof Element ? e.target.getAttribute('data-square') : null;
			if (sq) this.setCurrent(sq);
		});
		for (const hand of o.hands) hand.el.addEventListener('keydown', (e) => this.onHandKey(hand, e));
	}

	/** @param {string} sq */
	setCurrent(sq) {
		if (sq === this.current) return;
		const old = this.board.squares.get(this.current);
		if (old) old.setAttribute('tabindex', '-1');
		this.current = sq;
		const g = this.board.squares.get(sq);
		if (g) g.setAttribute('tabindex', '0');
	}

	/** Focuses the board's current square. */
	focusBoard() {
		const g = this.board.squares.get(this.current);
		if (g) /** @type {SVGElement} */ (g).focus();
	}

	/**
	 * After each drawing of the board: the squares' names for screen readers.
	 * @param {Position} pos
	 * @param {{selected: string | null, dests: Set<string>, premove: {from: string | null, to: string} | null}} marks
	 */
	label(pos, marks) {
		for (const [sq, g] of this.board.squares) {
			const label = squareLabel(pos, sq, {
				selected: marks.selected === sq,
				dest: marks.dests.has(sq),
				premove: Boolean(
					marks.premove && (marks.premove.from === sq || marks.premove.to === sq),
				),
			});
			if (g.getAttribute('aria-label') !== label) g.setAttribute('aria-label', label);
		}
	}

	/** @param {KeyboardEvent} e */
	onBoardKey(e) {
		if (e.ctrlKey || e.metaKey || e.altKey) return;
		const target = e.target instanceof Element ? e.target : null;
		const sq = target && !target.closest('.overlay') ? target.getAttribute('data-square') : null;
		if (!sq) return;
		const arrow = ARROWS[e.key];
		if (arrow) {
			e.preventDefault();
			e.stopPropagation();
			this.setCurrent(stepSquare(sq, arrow[0], arrow[1], Boolean(this.board.flipped)));
			this.focusBoard();
		} else if (e.key === 'Enter' || e.key === ' ') {
			e.preventDefault();
			e.stopPropagation();
			this.input.keySquare(sq);
		}
	}

	/**
	 * @param {HandView} hand
	 * @param {KeyboardEvent} e
	 */
	onHandKey(hand, e) {
		if (e.ctrlKey || e.metaKey || e.altKey) return;
		const item = e.target instanceof Element ? e.target.closest('[data-hand]') : null;
		if (!item) return;
		const items = [...hand.el.querySelectorAll('[data-hand]')];
		const i = items.indexOf(item);
		const arrow = ARROWS[e.key];
		if (arrow) {
			e.preventDefault();
			e.stopPropagation();
			const next = items[Math.min(items.length - 1, Math.max(0, i + arrow[0] + arrow[1]))];
			if (next) /** @type {HTMLElement} */ (next).focus();
		} else if (e.key === 'Enter' || e.key === ' ') {
			e.preventDefault();
			e.stopPropagation();
			const kind = (item.getAttribute('data-piece') || '').toUpperCase();
			if (this.input.keyHand(hand.color, kind)) this.focusBoard();
		}
	}
}
