/*
 * hand.js: one side's pieces in hand (komadai), strongest first, each kind
 * once with its count.  Drawing only: input.js handles the pointer,
 * keyboard.js the keys.  The pieces are one tab stop (a roving tabindex:
 * the kind last focused, else the first), each labelled for screen readers,
 * and a piece focused keeps the focus when the hand is drawn again.
 */
import { h } from './dom.js';
import { handLabel } from './announce.js';
import { t } from './i18n.js';
import { pieceSvg, PIECE_NAMES } from './pieces.js';
import { HAND_ORDER, colored } from './sfen.js';

/** @typedef {import('./sfen.js').Color} Color */
/** @typedef {import('./sfen.js').Hand} Hand */
/** @typedef {import('./pieces.js').PieceStyle} PieceStyle */

export class HandView {
	/** @param {Color} color */
	constructor(color) {
		this.color = color;
		this.el = h('div', {
			class: 'hand',
			'data-hand-of': color,
			role: 'group',
			'aria-label': color === 'black' ? t("Black's pieces in hand") : t("White's pieces in hand"),
		});
		/** @type {string | null} the kind (uppercase) that holds the tab stop */
		this.current = null;
	}

	/**
	 * @param {Hand} hand
	 * @param {PieceStyle} style
	 * @param {string | null} selected the selected kind (uppercase), if any
	 * @param {string | null} lifted a kind being dragged (drawn faint when it was the last one)
	 * @param {boolean} flipped the board is seen from White's side
	 */
	render(hand, style, selected, lifted, flipped) {
		const active = typeof document !== 'undefined' ? document.activeElement : null;
		const focused =
			active && this.el.contains(active)
				? (active.getAttribute('data-piece') || '').toUpperCase()
				: null;
		if (focused) this.current = focused;
		const kinds = HAND_ORDER.filter((k) => hand[k]);
		const stop = this.current && kinds.includes(this.current) ? this.current : kinds[0];
		/** @type {HTMLElement | null} */
		let refocus = null;
		const items = [];
		for (const k of HAND_ORDER) {
			const n = hand[k] || 0;
			if (!n) continue;
			const piece = colored(k, this.color);
			const cls =
				'hand-piece' +
				(selected === k ? ' selected' : '') +
				(lifted === k && n === 1 ? ' lifted' : '');
			const item = h(
				'div',
				{
					class: cls,
					'data-hand': this.color,
					'data-piece': piece,
					'data-count': n,
					title: `${t(PIECE_NAMES[k])}${n > 1 ? ' ×' + n : ''}`,
					role: 'button',
					tabindex: k === stop ? 0 : -1,
					'aria-label': handLabel(this.color, k, n),
					'aria-pressed': String(selected === k),
				},
				pieceSvg(piece, style, flipped),
				n > 1 ? h('span', { class: 'count' }, n) : null,
			);
			if (focused && k === (kinds.includes(focused) ? focused : stop)) refocus = item;
			items.push(item);
		}
		this.el.replaceChildren(...items);
		if (refocus) refocus.focus();
	}
}
