/*
 * review.js: the game review panel (docs/server.md "Game review"), mounted by the game page on a
 * finished game or an imported record, and mountable by any page that has a game:
 *
 *     const panel = mountReview(container, { game, onJump: (ply) => ... });
 *     panel.setPly(ply);   // the ply on the board
 *     panel.destroy();
 *
 * One click searches every position of the main line with the engine in WebAssembly (engine.js)
 * at the strength chosen, with a progress bar; then the win-probability graph (reviewgraph.js),
 * each move with its mark (inaccuracy ?!, mistake ?, blunder ??) and the better move, and per side
 * the counts and the average loss.  The curve, the marks and the moves' texts are libgyoku's,
 * asked of the engine (Engine.winProb, judge, moveText); a saved review comes from the server,
 * which computed them with the same code, and is shown at once.  A player of the game (or whoever
 * imported the record: the game's `may_review`) saves the review; once saved, the record exports
 * as KIF with the review in its comments.
 */
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { Engine } from './engine.js';
import { ReviewGraph } from './reviewgraph.js';
import { positionsOf, toSfen } from './sfen.js';
import { gamePath, getReview, saveReview, session } from './api.js';

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').Review} Review */
/** @typedef {import('./engine.js').Mark} Mark */
/** @typedef {import('./engine.js').Score} Score */

/** The strengths offered: a fixed depth each, so that a review is the same on every run. */
export const STRENGTHS = /** @type {const} */ ([
	{ id: 'fast', depth: 4, label: 'Fast (depth {depth})' },
	{ id: 'normal', depth: 8, label: 'Normal (depth {depth})' },
	{ id: 'deep', depth: 12, label: 'Deep (depth {depth})' },
]);

/** The symbols of the marks, as annotators write them. */
export const MARK_SYMBOLS = { best: '', good: '', inaccuracy: '?!', mistake: '?', blunder: '??' };

/** How long the engine may take to start before the review gives up, in ms. */
const START_MS = 60000;

/**
 * The score of a search entry (cp or mate).
 * @param {{ cp?: number, mate?: number }} p
 * @returns {Score}
 */
export function scoreOf(p) {
	return p.mate !== undefined ? { mate: p.mate } : { cp: p.cp ?? 0 };
}

/**
 * The search entry of a position from the engine's answer: the last main-line info with a score
 * gives the score, the line, depth and nodes; the bestmove the move (a resignation: the line's
 * first move, the best defence); no info at all is a position without a legal move (lost).
 * @param {import('./engine.js').BestMove} r
 * @returns {{ cp?: number, mate?: number, best: string | null, pv: string[], depth: number, nodes: number }}
 */
export function searchEntry(r) {
	const info = r.infos
		.filter((i) => (i.multipv ?? 1) === 1 && (i.cp !== undefined || i.mate !== undefined))
		.pop();
	const pv = (info && info.pv) || [];
	const best = r.move !== 'resign' && r.move !== 'win' ? r.move : pv[0] || null;
	/** @type {{ cp?: number, mate?: number }} */
	const score = !info
		? { mate: -1 }
		: info.mate !== undefined
			? { mate: info.mate === 0 ? -1 : info.mate }
			: { cp: info.cp ?? 0 };
	return {
		...score,
		best,
		pv: pv.slice(0, 32),
		depth: (info && info.depth) || 0,
		nodes: (info && info.nodes) || 0,
	};
}

/**
 * Per side: the moves, the counts of the marks and the average loss.
 * @param {{ mark: Mark, loss: number }[]} moves
 * @param {'black' | 'white'} first the side that makes the first move
 */
export function summarize(moves, first) {
	const side = () => ({ moves: 0, inaccuracy: 0, mistake: 0, blunder: 0, loss: 0 });
	const out = { black: side(), white: side() };
	moves.forEach((m, i) => {
		const c = (i % 2 === 0) === (first === 'black') ? out.black : out.white;
		c.moves++;
		if (m.mark === 'inaccuracy' || m.mark === 'mistake' || m.mark === 'blunder') c[m.mark]++;
		c.loss += m.loss;
	});
	for (const c of [out.black, out.white]) c.loss = c.moves ? c.loss / c.moves : 0;
	return out;
}

/**
 * Resolves with `p`, or rejects after `ms`.
 * @template T
 * @param {Promise<T>} p
 * @param {number} ms
 * @returns {Promise<T>}
 */
function within(p, ms) {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(t('the engine did not start'))), ms);
		p.then(
			(v) => {
				clearTimeout(timer);
				resolve(v);
			},
			(e) => {
				clearTimeout(timer);
				reject(e);
			},
		);
	});
}

/**
 * @typedef {object} ReviewOptions
 * @property {Game} game a finished game (or an imported record)
 * @property {(ply: number) => void} onJump shows ply `ply` on the page's board
 * @property {() => Engine} [makeEngine] the engine (default: engine.js's worker)
 */

export class ReviewPanel {
	/** @param {ReviewOptions} opts */
	constructor(opts) {
		this.game = opts.game;
		this.onJump = opts.onJump;
		// One thread: a review at a depth is then the same on every run, and the same as
		// `gyoku analyse --depth N` (Lazy SMP's threads would make it vary).
		this.makeEngine = opts.makeEngine || (() => new Engine(undefined, { threads: 1 }));
		/** @type {Engine | null} */
		this.engine = null;
		/** @type {Review | null} the review shown */
		this.review = null;
		/** The review shown is the one saved with the game. */
		this.saved = false;
		this.running = false;
		this.destroyed = false;
		this.ply = 0;
		/** @type {{ engine: { name: string, depth: number }, plies: object[] } | null} what a save sends */
		this.body = null;

		this.strength = h(
			'select',
			{ 'data-testid': 'review-strength', 'aria-label': t('Strength') },
			...STRENGTHS.map((s, i) =>
				h('option', { value: s.id, selected: i === 0 }, t(s.label, { depth: s.depth })),
			),
		);
		this.runButton = h(
			'button',
			{ class: 'btn primary', 'data-testid': 'review-run', onclick: () => this.run() },
			t('Analyse the game'),
		);
		this.progress = h('progress', {
			class: 'review-progress',
			'data-testid': 'review-progress',
			max: 1,
			value: 0,
			hidden: true,
		});
		this.progressText = h('span', { class: 'review-progress-text' });
		this.message = h('p', { class: 'review-message', 'data-testid': 'review-message', role: 'status' });
		this.graph = new ReviewGraph((ply) => this.onJump(ply));
		this.graph.el.style.display = 'none';
		this.summary = h('div', { class: 'review-summary', 'data-testid': 'review-summary' });
		this.list = h('ol', { class: 'review-moves', 'data-testid': 'review-moves' });
		this.actions = h('div', { class: 'review-actions' });
		this.el = h(
			'section',
			{ class: 'review-panel', 'data-testid': 'review-panel' },
			h('h3', null, t('Game review')),
			h('div', { class: 'review-controls' }, this.strength, this.runButton),
			h('div', { class: 'review-progress-row' }, this.progress, this.progressText),
			this.message,
			this.graph.el,
			this.summary,
			this.actions,
			this.list,
		);
		if (this.game.review) this.loadSaved();
	}

	/** Shows the review saved with the game. */
	async loadSaved() {
		try {
			const r = await getReview(this.game.id);
			if (this.destroyed || this.running || !r) return;
			this.saved = true;
			this.show(r);
		} catch (e) {
			if (!this.destroyed) this.message.textContent = /** @type {Error} */ (e).message;
		}
	}

	/** Searches every position of the main line, then marks the moves. */
	async run() {
		if (this.running) return;
		const g = this.game;
		const strength = STRENGTHS.find((s) => s.id === this.strength.value) || STRENGTHS[0];
		const positions = positionsOf(g.start_sfen, g.moves);
		const n = g.moves.length;
		this.running = true;
		this.runButton.disabled = true;
		this.message.textContent = '';
		this.progress.hidden = false;
		this.setProgress(0, n + 1);
		try {
			const engine = this.engine || this.makeEngine();
			this.engine = engine;
			engine.setOption('USI_Hash', 16);
			await within(engine.ready(), START_MS);
			engine.newGame();
			const plies = [];
			for (let k = 0; k <= n; k++) {
				if (this.destroyed) return;
				engine.position(g.start_sfen, g.moves.slice(0, k));
				plies.push(searchEntry(await engine.go({ depth: strength.depth })));
				this.setProgress(k + 1, n + 1);
			}
			/** @type {Review['moves']} */
			const moves = [];
			for (let k = 0; k < n; k++) {
				const { mark, loss } = await engine.judge(
					scoreOf(plies[k]),
					scoreOf(plies[k + 1]),
					plies[k].best === g.moves[k],
				);
				const best = plies[k].best;
				const better = best
					? await engine.moveText(k ? g.moves[k - 1] : null, best, toSfen(positions[k]))
					: '';
				moves.push({ ply: k + 1, mark, loss, better });
			}
			/** @type {Review['plies']} */
			const shown = [];
			for (let k = 0; k <= n; k++) {
				const p = await engine.winProb(scoreOf(plies[k]));
				const win = (positions[k] || positions[0]).side === 'black' ? p : 1 - p;
				shown.push(/** @type {Review['plies'][number]} */ ({ ...plies[k], win }));
			}
			if (this.destroyed) return;
			const name = (engine.name || 'gyoku').slice(0, 64);
			this.body = { engine: { name, depth: strength.depth }, plies };
			this.saved = false;
			this.show({
				game: g.id,
				engine: { name, depth: strength.depth },
				saved_by: '',
				saved_ms: 0,
				plies: shown,
				moves,
				summary: summarize(moves, positions[0].side),
			});
		} catch (e) {
			if (!this.destroyed)
				this.message.textContent = t('The review could not run: {error}', {
					error: /** @type {Error} */ (e).message,
				});
		} finally {
			this.running = false;
			this.runButton.disabled = false;
			this.progress.hidden = true;
			this.progressText.textContent = '';
		}
	}

	/**
	 * @param {number} done
	 * @param {number} total
	 */
	setProgress(done, total) {
		this.progress.max = total;
		this.progress.value = done;
		this.progressText.textContent = t('{done} / {total} positions', { done, total });
	}

	/** Saves the review shown with the game. */
	async save() {
		if (!this.body) return;
		try {
			const r = await saveReview(this.game.id, this.body);
			if (this.destroyed) return;
			this.saved = true;
			this.game = { ...this.game, review: true };
			this.show(r);
			this.message.textContent = t('The review is saved with the game.');
		} catch (e) {
			if (!this.destroyed)
				this.message.textContent = t('The review could not be saved: {error}', {
					error: /** @type {Error} */ (e).message,
				});
		}
	}

	/**
	 * Draws a review: the graph, the summary, every move with its mark, the actions.
	 * @param {Review} r
	 */
	show(r) {
		this.review = r;
		const g = this.game;
		this.graph.el.style.display = '';
		this.graph.draw(
			r.plies.map((p) => p.win),
			r.moves.map((m) => m.mark),
		);
		this.graph.setPly(this.ply);
		const pct = (/** @type {number} */ x) => (100 * x).toFixed(1);
		const row = (/** @type {string} */ label, /** @type {Review['summary']['black']} */ c) =>
			h(
				'tr',
				null,
				h('th', { scope: 'row' }, label),
				h('td', { class: 'mark-inaccuracy' }, String(c.inaccuracy)),
				h('td', { class: 'mark-mistake' }, String(c.mistake)),
				h('td', { class: 'mark-blunder' }, String(c.blunder)),
				h('td', null, t('{n}%', { n: pct(c.loss) })),
			);
		const first = positionsOf(g.start_sfen, []).at(0)?.side || 'black';
		replace(
			this.summary,
			h(
				'p',
				{ class: 'review-engine' },
				t('{engine}, depth {depth}', {
					engine: r.engine.name,
					depth: 'depth' in r.engine ? r.engine.depth : '-',
				}),
				this.saved && r.saved_by ? ' · ' + t('saved by {name}', { name: r.saved_by }) : '',
			),
			h(
				'table',
				null,
				h(
					'thead',
					null,
					h(
						'tr',
						null,
						h('th', null, ''),
						h('th', { class: 'mark-inaccuracy', title: t('inaccuracy') }, '?!'),
						h('th', { class: 'mark-mistake', title: t('mistake') }, '?'),
						h('th', { class: 'mark-blunder', title: t('blunder') }, '??'),
						h('th', null, t('Average loss')),
					),
				),
				h(
					'tbody',
					null,
					...(first === 'black'
						? [
								row(t('☗ Black'), r.summary.black),
								row(t('☖ White'), r.summary.white),
							]
						: [
								row(t('☖ White'), r.summary.white),
								row(t('☗ Black'), r.summary.black),
							]),
				),
			),
		);
		const texts = g.notation.japanese;
		replace(
			this.list,
			...r.moves.map((m) => {
				const marked = m.mark === 'inaccuracy' || m.mark === 'mistake' || m.mark === 'blunder';
				return h(
					'li',
					{
						class:
							`review-move mark-${m.mark}` +
							(m.ply === this.ply ? ' current' : ''),
						'data-ply': m.ply,
						'data-mark': m.mark,
						'data-testid': 'review-move',
					},
					h(
						'button',
						{ class: 'link', onclick: () => this.onJump(m.ply) },
						`${m.ply}. ${texts[m.ply - 1] || g.moves[m.ply - 1]}`,
						marked
							? h('span', { class: 'review-symbol' }, MARK_SYMBOLS[m.mark])
							: null,
					),
					marked
						? h(
								'span',
								{ class: 'review-better' },
								t('{mark}: best {move} (−{n}%)', {
									mark: t(m.mark),
									move: m.better,
									n: pct(m.loss),
								}),
							)
						: null,
				);
			}),
		);
		const canSave = g.may_review && !!session.me;
		replace(
			this.actions,
			canSave && !this.saved
				? h(
						'button',
						{
							class: 'btn',
							'data-testid': 'review-save',
							onclick: () => this.save(),
						},
						t('Save the review'),
					)
				: null,
			this.saved
				? h(
						'a',
						{
							class: 'btn',
							href: `${gamePath(g.id)}/export?format=kif&review=1`,
							download: `gyoku-${g.id}-review.kif`,
							'data-testid': 'review-export',
						},
						t('KIF with the review'),
					)
				: null,
		);
	}

	/**
	 * Marks the ply on the page's board.
	 * @param {number} ply
	 */
	setPly(ply) {
		this.ply = ply;
		if (!this.review) return;
		this.graph.setPly(ply);
		for (const li of this.list.children)
			li.classList.toggle('current', Number(li.getAttribute('data-ply')) === ply);
	}

	destroy() {
		this.destroyed = true;
		if (this.engine) this.engine.terminate();
		this.engine = null;
	}
}

/**
 * Mounts a review panel for `opts.game` into `container`.
 * @param {HTMLElement} container
 * @param {ReviewOptions} opts
 */
export function mountReview(container, opts) {
	const panel = new ReviewPanel(opts);
	container.replaceChildren(panel.el);
	return panel;
}
