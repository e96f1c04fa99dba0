/*
 * promotion.js: the promotion choice drawn on the board, as correspondence
 * sites do it: the promoted piece on the destination square and the
 * unpromoted one beside it (on the next square towards the middle of the
 * board); one click chooses, a click anywhere else (or Escape) cancels.
 * From the keyboard (the board had the focus) the promoted piece takes the
 * focus: Enter or Space chooses, an arrow goes to the other piece.
 * Shown only when both moves are legal (legal.js promotionChoice).
 *
 * The choice is drawn while the press that chose the destination is still
 * down (input.js moves on pointer-down).  A tap then ends in a click on
 * whatever lies under the finger, the promoted piece on the destination
 * square; so a click counts only when its press began on the choice.
 */
import { s } from './dom.js';
import { pieceGlyph, SQ_W, SQ_H } from './pieces.js';
import { promoted } from './sfen.js';
import { t } from './i18n.js';

/** @typedef {import('./board.js').BoardView} BoardView */
/** @typedef {import('./pieces.js').PieceStyle} PieceStyle */

/**
 * Shows the choice for `piece` (unpromoted, SFEN letter) moving to `to`.
 * `done` gets true (promote), false (do not) or null (cancelled), once.
 * @param {BoardView} board
 * @param {string} to
 * @param {string} piece
 * @param {PieceStyle} style
 * @param {(promote: boolean | null) => void} done
 */
export function showPromotion(board, to, piece, style, done) {
	let over = false;
	/** A press has begun on the overlay since it was drawn: the click that ends it is the user's answer. */
	let pressed = false;
	/** @param {boolean | null} v */
	const finish = (v) => {
		if (over) return;
		over = true;
		const hadFocus = board.overlay.contains(document.activeElement);
		document.removeEventListener('keydown', onKey);
		board.overlay.removeEventListener('pointerdown', onPress);
		board.overlay.replaceChildren();
		// Chosen by the keyboard: the focus goes back to the destination square.
		const square = board.squares.get(to);
		if (hadFocus && square) /** @type {SVGElement} */ (square).focus();
		done(v);
	};
	const onPress = () => {
		pressed = true;
	};
	/** @param {KeyboardEvent} e */
	const onKey = (e) => {
		if (e.key === 'Escape') finish(null);
	};
	const { x, y } = board.squareXY(to);
	// The unpromoted piece goes one square towards the middle of the board, as seen.
	const y2 = y < (SQ_H * 9) / 2 ? y + SQ_H : y - SQ_H;
	/**
	 * @param {string} p
	 * @param {number} px
	 * @param {number} py
	 * @param {boolean} yes
	 */
	const choice = (p, px, py, yes) => {
		const g = s(
			'g',
			{
				class: 'promo-choice',
				'data-promote': yes ? 'yes' : 'no',
				transform: `translate(${px} ${py})`,
				role: 'button',
				tabindex: -1,
				'aria-label': yes ? t('promote') : t('do not promote'),
			},
			s('rect', { class: 'promo-bg', x: 3, y: 3, width: SQ_W - 6, height: SQ_H - 6, rx: 14 }),
			pieceGlyph(p, style, Boolean(board.flipped)),
		);
		g.addEventListener('click', (e) => {
			e.stopPropagation();
			if (pressed) finish(yes);
		});
		// The keyboard: Enter or Space chooses, an arrow goes to the other choice.
		g.addEventListener('keydown', (e) => {
			if (e.key === 'Enter' || e.key === ' ') {
				e.preventDefault();
				e.stopPropagation();
				finish(yes);
			} else if (e.key.startsWith('Arrow')) {
				e.preventDefault();
				e.stopPropagation();
				const other = board.overlay.querySelector(`[data-promote="${yes ? 'no' : 'yes'}"]`);
				if (other) /** @type {SVGElement} */ (other).focus();
			}
		});
		return g;
	};
	const shade = s('rect', { class: 'promo-shade', x: 0, y: 0, width: '100%', height: '100%' });
	shade.addEventListener('click', () => {
		if (pressed) finish(null);
	});
	const keyboard = board.el.contains(document.activeElement);
	const promote = choice(promoted(piece), x, y, true);
	board.overlay.replaceChildren(shade, promote, choice(piece, x, y2, false));
	// Asked from the keyboard (the board has the focus): the choice takes it.
	if (keyboard) promote.focus();
	board.overlay.addEventListener('pointerdown', onPress);
	document.addEventListener('keydown', onKey);
	return { cancel: () => finish(null) };
}
