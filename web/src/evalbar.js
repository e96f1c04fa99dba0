/*
 * evalbar.js: the evaluation bar beside the analysis board: Black's share
 * (analysisview.js scoreFraction) filled from Black's side of the board,
 * the bottom unless the board is flipped, with the evaluation's text in
 * its title.  data-black holds Black's share in thousandths.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

export class EvalBar {
	constructor() {
		this.fill = h('div', { class: 'eval-fill' });
		this.el = h(
			'div',
			{ class: 'eval-bar', 'data-testid': 'eval-bar', role: 'img', 'aria-label': t('Evaluation') },
			this.fill,
			h('div', { class: 'eval-mid' }),
		);
	}

	/**
	 * @param {number | null} fraction Black's share 0..1 (null: no evaluation yet, drawn even)
	 * @param {string} text the evaluation as text
	 * @param {boolean} flipped Black at the top
	 */
	set(fraction, text, flipped) {
		const f = fraction === null ? 0.5 : Math.min(1, Math.max(0, fraction));
		this.fill.style.height = `${(f * 100).toFixed(1)}%`;
		this.el.classList.toggle('flipped', flipped);
		this.el.classList.toggle('empty', fraction === null);
		this.el.dataset.black = String(Math.round(f * 1000));
		this.el.title = text;
		this.el.setAttribute('aria-label', text ? t('Evaluation: {text}', { text }) : t('Evaluation'));
	}
}
