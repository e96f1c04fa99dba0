/*
 * typedmove.js: the game page's "Type a move" box.  The player types a
 * move in any notation the server reads (USI 7g7f, Japanese ▲7六歩 / 76歩 /
 * 同歩, Hodges P-7f, Hosking P76, Kitao-Kawasaki ☗歩-76) and Enter plays
 * it: the text goes as it is to POST /api/games/{id}/moves {"text"}
 * (docs/server.md), where libgyoku reads it; the browser parses nothing.
 * The server's refusal (no legal move fits, several do, promotion unsaid)
 * is shown under the box in the interface's language.
 */
import { h } from './dom.js';
import { gameAction } from './api.js';
import { errorText, t } from './i18n.js';

/** @typedef {import('./types.js').Game} Game */

export class MoveBox {
	/**
	 * @param {string} id the game
	 * @param {() => number} ply the number of moves the page shows (the server refuses a move meant for another)
	 * @param {(g: Game) => void} played takes the game the move left
	 */
	constructor(id, ply, played) {
		this.id = id;
		this.ply = ply;
		this.played = played;
		this.busy = false;
		this.input = /** @type {HTMLInputElement} */ (
			h('input', {
				type: 'text',
				name: 'move_entry',
				'data-testid': 'move-entry',
				autocomplete: 'off',
				autocapitalize: 'off',
				spellcheck: 'false',
				maxlength: 40,
				placeholder: t('e.g. P-7f, 7g7f, ▲7六歩'),
			})
		);
		this.error = h('p', { class: 'error', 'data-testid': 'move-entry-error', role: 'alert', hidden: true });
		const inputId = 'move-entry-' + Math.random().toString(36).slice(2, 8);
		this.input.id = inputId;
		this.el = h(
			'form',
			{
				class: 'move-entry',
				hidden: true,
				onsubmit: (/** @type {Event} */ e) => {
					e.preventDefault();
					this.play();
				},
			},
			h('label', { for: inputId }, t('Type a move')),
			this.input,
			h(
				'button',
				{ class: 'btn small', type: 'submit', 'data-testid': 'move-entry-play' },
				t('Play the move'),
			),
			this.error,
		);
	}

	/** @param {string} msg */
	showError(msg) {
		this.error.textContent = msg;
		this.error.hidden = !msg;
	}

	async play() {
		const text = this.input.value.trim();
		if (!text || this.busy) return;
		this.busy = true;
		this.showError('');
		try {
			const g = await gameAction(this.id, 'moves', { text, ply: this.ply() });
			this.input.value = '';
			this.played(g);
		} catch (e) {
			this.showError(errorText(/** @type {Error} */ (e).message));
		} finally {
			this.busy = false;
		}
	}

	/**
	 * Shown to a player of a game in play.
	 * @param {Game} g
	 */
	update(g) {
		const show = Boolean(g.you && g.status === 'playing');
		if (this.el.hidden === show) this.el.hidden = !show;
	}
}
