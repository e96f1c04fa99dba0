/*
 * movelist.js: the game's moves in the chosen notation (Japanese, Hodges,
 * Hosking or Kitao-Kawasaki, all sent by the server in `notation`), one
 * button per move; a click shows the position after that move.  The item
 * of the position on the board is marked and kept in view.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

export class MoveList {
	/** @param {(ply: number) => void} pick */
	constructor(pick) {
		this.el = h('div', { class: 'moves', 'data-testid': 'moves', role: 'list' });
		this.el.addEventListener('click', (e) => {
			const item = e.target instanceof Element ? e.target.closest('[data-ply]') : null;
			if (item) pick(Number(item.getAttribute('data-ply')));
		});
	}

	/**
	 * @param {string[]} moves the move texts, index 0 = ply 1
	 * @param {number} shown the ply of the position on the board
	 * @param {number} firstNumber the number printed before ply 1 (1, or more for a record that starts later)
	 */
	render(moves, shown, firstNumber = 1) {
		const items = [
			h(
				'button',
				{
					class: 'move start' + (shown === 0 ? ' current' : ''),
					'data-ply': 0,
					role: 'listitem',
				},
				t('Start'),
			),
		];
		moves.forEach((text, i) => {
			items.push(
				h(
					'button',
					{
						class: 'move' + (shown === i + 1 ? ' current' : ''),
						'data-ply': i + 1,
						role: 'listitem',
					},
					h('span', { class: 'move-no' }, firstNumber + i),
					h('span', { class: 'move-text' }, text),
				),
			);
		});
		this.el.replaceChildren(...items);
		// After layout (the panel's height may still change), scroll the list itself, never the page.
		requestAnimationFrame(() => this.reveal());
	}

	/** Scrolls the list so that the current item is in view. */
	reveal() {
		const cur = /** @type {HTMLElement | null} */ (this.el.querySelector('.current'));
		const list = this.el;
		if (!cur) return;
		// .moves is position: relative, so offsets are within the list.
		if (list.scrollHeight > list.clientHeight + 1) {
			const top = cur.offsetTop;
			if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight)
				list.scrollTop = top - list.clientHeight / 2;
		}
		if (list.scrollWidth > list.clientWidth + 1) {
			const left = cur.offsetLeft;
			if (left < list.scrollLeft || left + cur.offsetWidth > list.scrollLeft + list.clientWidth)
				list.scrollLeft = left - list.clientWidth / 2;
		}
	}
}
