/*
 * reviewgraph.js: the win-probability graph of a game review (review.js): Black's chance to win
 * after each ply (the values come from libgyoku's curve: the engine in WebAssembly, or the
 * server's saved review), drawn as SVG from the start to the last position, Black's side shaded
 * below the line, a dot on each marked move in its mark's colour and a bar at the ply on the
 * board.  A click anywhere picks the nearest ply.  Pure drawing: no engine, no server.
 */
import { s } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./engine.js').Mark} Mark */

const W = 300;
const H = 100;

/**
 * The points of the graph: x of ply `i` of `n` plies, y of Black's win probability `p`.
 * @param {number} i
 * @param {number} n the last ply (0: one position)
 * @param {number} p 0..1
 * @returns {[number, number]}
 */
export function point(i, n, p) {
	const x = n > 0 ? (i / n) * W : W / 2;
	const y = (1 - Math.min(1, Math.max(0, p))) * H;
	return [Math.round(x * 10) / 10, Math.round(y * 10) / 10];
}

/**
 * The ply nearest to a click at `x` (0..1 of the width) on a graph of `n` plies.
 * @param {number} x
 * @param {number} n
 */
export function plyAt(x, n) {
	return Math.max(0, Math.min(n, Math.round(x * n)));
}

export class ReviewGraph {
	/**
	 * @param {(ply: number) => void} onJump called with the ply clicked
	 */
	constructor(onJump) {
		this.onJump = onJump;
		/** @type {number} the last ply */
		this.n = 0;
		this.el = /** @type {SVGSVGElement} */ (
			s('svg', {
				class: 'review-graph',
				viewBox: `0 0 ${W} ${H}`,
				preserveAspectRatio: 'none',
				role: 'img',
				'aria-label': t('Win probability'),
				'data-testid': 'review-graph',
				onclick: (/** @type {MouseEvent} */ e) => {
					const target = /** @type {Element} */ (e.target);
					const dot = target.closest ? target.closest('[data-ply]') : null;
					if (dot) return this.onJump(Number(dot.getAttribute('data-ply')));
					const r = this.el.getBoundingClientRect();
					if (r.width > 0) this.onJump(plyAt((e.clientX - r.left) / r.width, this.n));
				},
			})
		);
		this.cursor = s('line', { class: 'review-cursor', x1: 0, x2: 0, y1: 0, y2: H });
	}

	/**
	 * Draws the graph: `wins` Black's win probability at each ply (0 the start), `marks` the mark
	 * of each move (index 0 the first move, ply 1).
	 * @param {number[]} wins
	 * @param {Mark[]} marks
	 */
	draw(wins, marks) {
		this.n = Math.max(0, wins.length - 1);
		const pts = wins.map((p, i) => point(i, this.n, p));
		const line = pts.map(([x, y]) => `${x},${y}`).join(' ');
		const area = `0,${H} ${line} ${W},${H}`;
		const dots = marks
			.map((m, i) => ({ m, ply: i + 1 }))
			.filter(({ m }) => m === 'inaccuracy' || m === 'mistake' || m === 'blunder')
			.map(({ m, ply }) => {
				const [x, y] = pts[ply] || [0, 0];
				return s(
					'circle',
					{
						class: `review-dot mark-${m}`,
						cx: x,
						cy: y,
						r: 3.5,
						'data-ply': ply,
						'data-testid': 'review-point',
					},
					s('title', null, t(m)),
				);
			});
		this.el.replaceChildren(
			s('rect', { class: 'review-white', x: 0, y: 0, width: W, height: H }),
			s('polygon', { class: 'review-black', points: area }),
			s('line', { class: 'review-mid', x1: 0, x2: W, y1: H / 2, y2: H / 2 }),
			s('polyline', { class: 'review-line', points: line }),
			this.cursor,
			...dots,
		);
	}

	/**
	 * Moves the bar to the ply on the board.
	 * @param {number} ply
	 */
	setPly(ply) {
		const [x] = point(Math.min(ply, this.n), this.n, 0.5);
		this.cursor.setAttribute('x1', String(x));
		this.cursor.setAttribute('x2', String(x));
	}
}
