/*
 * hand.js: one side's pieces in hand (komadai), strongest first, each kind
 * once with its count.  Drawing only: input.js handles the pointer.
 */
import { h } from './dom.js';
import { pieceSvg, PIECE_NAMES } from './pieces.js';
import { HAND_ORDER, colored } from './sfen.js';
import { t } from './i18n.js';

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
			'aria-label': color === 'black' ? t("black's pieces in hand") : t("white's pieces in hand"),
		});
	}

	/**
	 * @param {Hand} hand
	 * @param {PieceStyle} style
	 * @param {string | null} selected the selected kind (uppercase), if any
	 * @param {string | null} lifted a kind being dragged (drawn faint when it was the last one)
	 * @param {boolean} flipped the board is seen from White's side
	 */
	render(hand, style, selected, lifted, flipped) {
		const items = [];
		for (const k of HAND_ORDER) {
			const n = hand[k] || 0;
			if (!n) continue;
			const piece = colored(k, this.color);
			const cls =
				'hand-piece' +
				(selected === k ? ' selected' : '') +
				(lifted === k && n === 1 ? ' lifted' : '');
			items.push(
				h(
					'div',
					{
						class: cls,
						'data-hand': this.color,
						'data-piece': piece,
						'data-count': n,
						title: `${t(PIECE_NAMES[k])}${n > 1 ? ' ×' + n : ''}`,
					},
					pieceSvg(piece, style, flipped),
					n > 1 ? h('span', { class: 'count' }, n) : null,
				),
			);
		}
		this.el.replaceChildren(...items);
	}
}
