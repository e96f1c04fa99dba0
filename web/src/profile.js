/*
 * profile.js: a user's statistics on their page (GET /api/users/NAME's
 * `results` and `history`): wins, losses and draws, all and rated, and the
 * rating graph, an inline SVG polyline of the rating after each rated
 * game, scaled by graphPoints (pure, tested in test/profile.test.js).
 */
import { h, s } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').User} User */

export const GRAPH_W = 300;
export const GRAPH_H = 100;
const PAD = 6;

/**
 * The polyline points of `ratings` in a `w` by `h` box (inset by PAD):
 * the first game at the left, the last at the right, the highest rating at
 * the top; one game is drawn as a level line; none gives "".
 * @param {number[]} ratings
 * @param {number} [w]
 * @param {number} [h]
 */
export function graphPoints(ratings, w = GRAPH_W, h = GRAPH_H) {
	if (ratings.length === 0) return '';
	const rs = ratings.length === 1 ? [ratings[0], ratings[0]] : ratings;
	const lo = Math.min(...rs);
	const hi = Math.max(...rs);
	const x = (/** @type {number} */ i) => PAD + (i * (w - 2 * PAD)) / (rs.length - 1);
	const y = (/** @type {number} */ r) => (hi === lo ? h / 2 : PAD + ((hi - r) * (h - 2 * PAD)) / (hi - lo));
	return rs.map((r, i) => `${+x(i).toFixed(1)},${+y(r).toFixed(1)}`).join(' ');
}

/**
 * The results table and the rating graph of user `u`.
 * @param {User} u
 */
export function profileStats(u) {
	const row = (/** @type {string} */ label, /** @type {User['results']['all']} */ c) =>
		h(
			'tr',
			null,
			h('th', null, label),
			h('td', null, String(c.won)),
			h('td', null, String(c.lost)),
			h('td', null, String(c.drawn)),
		);
	const ratings = u.history.map((e) => e.rating);
	return h(
		'div',
		{ class: 'profile-stats' },
		h(
			'table',
			{ class: 'results', 'data-testid': 'user-results' },
			h(
				'tr',
				null,
				h('th', null, ''),
				h('th', null, t('Won')),
				h('th', null, t('Lost')),
				h('th', null, t('Drawn')),
			),
			row(t('All games'), u.results.all),
			row(t('Rated'), u.results.rated),
		),
		ratings.length
			? s(
					'svg',
					{
						class: 'rating-graph',
						'data-testid': 'rating-graph',
						viewBox: `0 0 ${GRAPH_W} ${GRAPH_H}`,
						role: 'img',
						'aria-label': t('rating after each of {n} rated games, {lo} to {hi}', {
							n: ratings.length,
							lo: Math.min(...ratings),
							hi: Math.max(...ratings),
						}),
					},
					s('polyline', {
						points: graphPoints(ratings),
						fill: 'none',
						stroke: 'currentColor',
						'stroke-width': 2,
					}),
				)
			: h('p', { class: 'muted' }, t('No rated games yet.')),
	);
}
