/*
 * input.js: moving pieces with the pointer (mouse, pen and touch alike,
 * through pointer events): click a piece then a destination, or drag it
 * there; the same for a piece in hand (a drop).  Knows nothing of rules:
 * the destinations come from the game's `legal` list (legal.js).  Holds the
 * selection and the drag, asks the page to redraw on every change, and
 * hands a finished (source, destination) pair to the page, which decides
 * about promotion and sends the move.  The keyboard (keyboard.js) presses
 * squares and pieces in hand through keySquare and keyHand, as clicks.
 */
import { h } from './dom.js';
import { destinations, dropSource } from './legal.js';
import { pieceSvg } from './pieces.js';
import { pieceAt, pieceColor, colored } from './sfen.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./hand.js').HandView} HandView */
/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./sfen.js').Position} Position */
/** @typedef {import('./pieces.js').PieceStyle} PieceStyle */

/**
 * What the page tells the input at each pointer press.
 * @typedef {object} InputContext
 * @property {boolean} enabled the user may move now (their turn, at the latest position)
 * @property {Color} color the user's colour
 * @property {readonly string[]} legal
 * @property {Position} pos
 * @property {PieceStyle} style
 */

/**
 * @typedef {object} Selection
 * @property {string} source a square ("7g") or a drop prefix ("P*")
 * @property {string} piece the SFEN letter of the selected piece
 * @property {Set<string>} dests
 */

const DRAG_THRESHOLD_PX = 4;

export class MoveInput {
	/**
	 * @param {object} o
	 * @param {BoardView} o.board
	 * @param {HandView[]} o.hands
	 * @param {() => InputContext} o.context
	 * @param {() => void} o.redraw
	 * @param {(source: string, to: string, piece: string) => void} o.move
	 * @param {() => void} [o.missed] a press that neither selected nor moved (premove.js cancels on it)
	 */
	constructor(o) {
		this.board = o.board;
		this.context = o.context;
		this.redraw = o.redraw;
		this.move = o.move;
		this.missed = o.missed || (() => {});
		/** @type {Selection | null} */
		this.sel = null;
		/** @type {{id: number, x: number, y: number, active: boolean, toggleOff: boolean, ghost: HTMLElement | null} | null} */
		this.drag = null;
		/** @type {string | null} */
		this.hover = null;
		this.onMoveEvt = this.onPointerMove.bind(this);
		this.onUpEvt = this.onPointerUp.bind(this);
		this.onCancelEvt = this.onPointerCancel.bind(this);
		this.onKeyEvt = (/** @type {KeyboardEvent} */ e) => {
			if (e.key === 'Escape' && this.sel) this.clear();
		};
		o.board.el.addEventListener('pointerdown', (e) => this.onBoardDown(e));
		for (const hand of o.hands) hand.el.addEventListener('pointerdown', (e) => this.onHandDown(e));
		document.addEventListener('keydown', this.onKeyEvt);
	}

	/** Stops listening to the document (the page is left). */
	destroy() {
		this.endDrag();
		document.removeEventListener('keydown', this.onKeyEvt);
	}

	/** What the board and hands should mark. */
	marks() {
		const sel = this.sel;
		const onBoard = sel && !sel.source.endsWith('*') ? sel.source : null;
		const lifted = this.drag && this.drag.active && sel ? sel.source : null;
		return {
			selected: onBoard,
			dests: sel ? sel.dests : new Set(),
			handSelected: sel && sel.source.endsWith('*') ? sel.source[0] : null,
			lifted: lifted && !lifted.endsWith('*') ? lifted : null,
			handLifted: lifted && lifted.endsWith('*') ? lifted[0] : null,
			hover: this.drag && this.drag.active ? this.hover : null,
		};
	}

	/** Drops the selection (and any drag). */
	clear() {
		this.endDrag();
		if (this.sel) {
			this.sel = null;
			this.redraw();
		}
	}

	/**
	 * @param {InputContext} ctx
	 * @param {string} source
	 * @param {string} piece
	 */
	select(ctx, source, piece) {
		this.sel = { source, piece, dests: destinations(ctx.legal, source) };
		this.redraw();
	}

	/**
	 * A press on square `sq` (null: off the board): moves the selection there, or selects the
	 * user's piece on it.  'selected' (a new selection), 'again' (the piece already selected) or
	 * null (nothing selected now).
	 * @param {string | null} sq
	 * @returns {'selected' | 'again' | null}
	 */
	pressSquare(sq) {
		const ctx = this.context();
		if (!ctx.enabled || !sq) {
			this.clear();
			this.missed();
			return null;
		}
		const sel = this.sel;
		if (sel && sel.dests.has(sq)) {
			this.clear();
			this.move(sel.source, sq, sel.piece);
			return null;
		}
		const piece = pieceAt(ctx.pos, sq);
		if (!piece || pieceColor(piece) !== ctx.color) {
			this.clear();
			this.missed();
			return null;
		}
		const again = sel !== null && sel.source === sq;
		this.select(ctx, sq, piece);
		return again ? 'again' : 'selected';
	}

	/**
	 * A press on the piece in hand `kind` (uppercase letter) of `color`: selects it for a drop.
	 * @param {string} color
	 * @param {string} kind
	 * @returns {'selected' | 'again' | null}
	 */
	pressHand(color, kind) {
		const ctx = this.context();
		if (!ctx.enabled || color !== ctx.color) {
			this.clear();
			this.missed();
			return null;
		}
		const piece = colored(kind, ctx.color);
		const source = dropSource(piece);
		const again = this.sel !== null && this.sel.source === source;
		this.select(ctx, source, piece);
		return again ? 'again' : 'selected';
	}

	/**
	 * The keyboard's Enter or Space on a square: as a click (a second press on the selected
	 * piece deselects it).
	 * @param {string} sq
	 */
	keySquare(sq) {
		if (this.pressSquare(sq) === 'again') this.clear();
	}

	/**
	 * The keyboard's Enter or Space on a piece in hand.
	 * @param {string} color
	 * @param {string} kind
	 * @returns {boolean} the piece is selected now
	 */
	keyHand(color, kind) {
		const r = this.pressHand(color, kind);
		if (r === 'again') this.clear();
		return r === 'selected';
	}

	/** @param {PointerEvent} e */
	onBoardDown(e) {
		if (e.pointerType === 'mouse' && e.button !== 0) return;
		if (e.target instanceof Element && e.target.closest('.overlay')) return;
		const sq = this.board.squareAt(e.clientX, e.clientY);
		if (sq && this.context().enabled) e.preventDefault();
		const r = this.pressSquare(sq);
		if (r) this.startDrag(e, r === 'again');
	}

	/** @param {PointerEvent} e */
	onHandDown(e) {
		if (e.pointerType === 'mouse' && e.button !== 0) return;
		const item = e.target instanceof Element ? e.target.closest('[data-hand]') : null;
		const r = item
			? this.pressHand(
					item.getAttribute('data-hand') || '',
					(item.getAttribute('data-piece') || '').toUpperCase(),
				)
			: this.pressSquare(null);
		if (r) {
			e.preventDefault();
			this.startDrag(e, r === 'again');
		}
	}

	/**
	 * @param {PointerEvent} e
	 * @param {boolean} toggleOff a click (no drag) on the selected piece deselects it
	 */
	startDrag(e, toggleOff) {
		this.endDrag();
		this.drag = { id: e.pointerId, x: e.clientX, y: e.clientY, active: false, toggleOff, ghost: null };
		window.addEventListener('pointermove', this.onMoveEvt);
		window.addEventListener('pointerup', this.onUpEvt);
		window.addEventListener('pointercancel', this.onCancelEvt);
	}

	/** Removes the ghost piece and the window listeners. */
	endDrag() {
		if (!this.drag) return;
		if (this.drag.ghost) this.drag.ghost.remove();
		this.drag = null;
		this.hover = null;
		window.removeEventListener('pointermove', this.onMoveEvt);
		window.removeEventListener('pointerup', this.onUpEvt);
		window.removeEventListener('pointercancel', this.onCancelEvt);
	}

	/** @param {PointerEvent} e */
	onPointerMove(e) {
		const d = this.drag;
		if (!d || e.pointerId !== d.id || !this.sel) return;
		if (!d.active) {
			if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD_PX) return;
			d.active = true;
			const size = this.board.squarePixels() * (e.pointerType === 'touch' ? 1.4 : 1.05);
			d.ghost = h(
				'div',
				{ class: 'drag-ghost', style: `width:${size}px;height:${size * 1.09}px` },
				pieceSvg(this.sel.piece, this.context().style, Boolean(this.board.flipped)),
			);
			document.body.append(d.ghost);
		}
		e.preventDefault();
		if (d.ghost) {
			// On touch the piece floats above the finger so that it stays visible.
			const lift = e.pointerType === 'touch' ? d.ghost.offsetHeight * 0.6 : 0;
			d.ghost.style.transform = `translate(${e.clientX - d.ghost.offsetWidth / 2}px, ${e.clientY - d.ghost.offsetHeight / 2 - lift}px)`;
		}
		const over = this.board.squareAt(e.clientX, e.clientY);
		if (over !== this.hover) {
			this.hover = over;
			this.redraw();
		}
	}

	/** @param {PointerEvent} e */
	onPointerUp(e) {
		const d = this.drag;
		const sel = this.sel;
		if (!d || e.pointerId !== d.id) return;
		const wasActive = d.active;
		const toggleOff = d.toggleOff;
		this.endDrag();
		if (!sel) return;
		if (!wasActive) {
			if (toggleOff) this.clear();
			else this.redraw();
			return;
		}
		const to = this.board.squareAt(e.clientX, e.clientY);
		if (to && sel.dests.has(to)) {
			this.sel = null;
			this.redraw();
			this.move(sel.source, to, sel.piece);
		} else if (to && to === sel.source) {
			this.redraw();
		} else {
			this.clear();
		}
	}

	onPointerCancel() {
		this.endDrag();
		this.redraw();
	}
}
