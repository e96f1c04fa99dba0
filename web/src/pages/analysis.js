/*
 * pages/analysis.js: the analysis board (#/analysis[/GAMEID][?sfen=...&moves=...]), as on
 * lishogi: a finished or imported game's record (its main line), any SFEN and moves, the
 * board editor's position, or the start position.  Moving the pieces (click or drag, drops,
 * the promotion choice; the legal moves from rules.js) adds a variation to the move tree
 * (movetree.js) and the main line stays; the tree is listed with its variations bracketed
 * and indented, each move clickable; a variation can be made the main line or deleted.
 * Keys: ←/→ a move, Home/End the start and the line's end, ↑/↓ the other moves from the same
 * position, f flips.  The engine (engine.js, WebAssembly in a worker) analyses the position on
 * the board while it is switched on: the evaluation from Black's side (or the mate), depth,
 * nodes and speed, 1-5 best lines in the user's notation, their first moves as arrows
 * (arrows.js) and the evaluation bar (evalbar.js); a new position stops the search and starts
 * another.  "Mate search" asks the mate solver (`go mate`).  The SFEN of the position, a link
 * to it, and the board editor (to play from it).
 */
import { h, replace } from '../dom.js';
import { BoardView } from '../board.js';
import { HandView } from '../hand.js';
import { MoveInput } from '../input.js';
import { BoardKeys } from '../keyboard.js';
import { showPromotion } from '../promotion.js';
import { promotionChoice, usiMove } from '../legal.js';
import { applyMove, kingSquare, parseSfen, parseUsi, toSfen, unpromoted } from '../sfen.js';
import { legalMoves, inCheck, loadRules, rulesReady } from '../rules.js';
import { moveText, lineText } from '../notation.js';
import { MoveTree } from '../movetree.js';
import { mountReview } from '../review.js';
import { ArrowLayer } from '../arrows.js';
import { EvalBar } from '../evalbar.js';
import { Engine } from '../engine.js';
import { analysisLink, blackScore, evalText, readAnalysisQuery, scoreFraction } from '../analysisview.js';
import { editorLink } from '../editorpos.js';
import { gamePath, getGame, session } from '../api.js';
import { kifMoveUsi, kifSideLines } from '../kifvariations.js';
import { playerName } from '../gametext.js';
import { NOTATIONS, NOTATION_LABELS, prefs, setNotation } from '../prefs.js';
import { setTitle } from '../turns.js';
import { t } from '../i18n.js';

/** @typedef {import('../sfen.js').Position} Position */
/** @typedef {import('../sfen.js').Color} Color */
/** @typedef {import('../movetree.js').Node} Node */
/** @typedef {import('../engine.js').Info} Info */

/** How long one search of a position runs (ms): info lines come at each depth meanwhile. */
const SEARCH_MS = 15000;
/** How long a position stays on the board before its search starts (ms). */
const START_DELAY_MS = 120;
/** The engine panel is drawn at most this often (ms) while info lines come. */
const DRAW_MS = 150;
/** How long the mate search may run (ms). */
const MATE_MS = 10000;
const MULTIPV_KEY = 'gyoku.analysis.multipv';
const ENGINE_KEY = 'gyoku.analysis.engine';

/**
 * @param {string} key
 * @param {string} fallback
 */
function stored(key, fallback) {
	try {
		return localStorage.getItem(key) ?? fallback;
	} catch {
		return fallback;
	}
}

/**
 * @param {string} key
 * @param {string} value
 */
function store(key, value) {
	try {
		localStorage.setItem(key, value);
	} catch {
		/* private mode: not remembered */
	}
}

class AnalysisPage {
	/**
	 * @param {HTMLElement} root
	 * @param {string | null} gameId
	 * @param {URLSearchParams} query
	 */
	constructor(root, gameId, query) {
		this.root = root;
		this.gameId = gameId;
		/** @type {HTMLElement} a finished game's review panel (review.js), under the position */
		this.reviewSlot = h('div', { class: 'review-slot' });
		/** @type {import('../review.js').ReviewPanel | null} */
		this.reviewPanel = null;
		this.destroyed = false;
		this.startSfen = '';
		/** @type {Position} */
		this.startPos = parseSfen('startpos');
		this.tree = new MoveTree();
		/** @type {Node} */
		this.node = this.tree.root;
		/** @type {Map<number, Position>} positions of the nodes seen */
		this.positions = new Map();
		/** @type {string[]} the record's comments of the main line (an imported record's) */
		this.comments = [];
		/** @type {Map<number, string>} the record's comments of the moves (and the start), by node id */
		this.nodeComments = new Map();
		this.flipped = false;
		/** @type {{source: string, to: string} | null} */
		this.promoMove = null;
		/** @type {Node | null} the node whose legal moves legalList holds */
		this.legalOf = null;
		/** @type {string[]} */
		this.legalList = [];
		/** @type {{cancel: () => void} | null} */
		this.promo = null;

		this.engine = /** @type {Engine | null} */ (null);
		this.engineOn = stored(ENGINE_KEY, '0') === '1';
		this.multipv = Math.min(5, Math.max(1, Number(stored(MULTIPV_KEY, '1')) || 1));
		/** @type {ReturnType<typeof setTimeout> | undefined} the search about to start */
		this.startTimer = undefined;
		/** A count of the searches started: an answer of an older one is ignored. */
		this.searchId = 0;
		/** @type {ReturnType<typeof setTimeout> | undefined} the engine panel's drawing to come */
		this.drawTimer = undefined;
		/** @type {Node | null} the node whose lines pvTexts holds, in the notation pvNotation */
		this.pvOf = null;
		this.pvNotation = '';
		/** @type {Map<string, string>} */
		this.pvTexts = new Map();
		/** @type {Map<number, string>} the moves' texts by node id, in the notation textNotation */
		this.texts = new Map();
		this.textNotation = '';
		/** The engine's worker failed to load. */
		this.engineError = false;
		/** @type {Map<number, Info>} the latest info with a PV of each line */
		this.lines = new Map();
		/** @type {Info | null} the latest info line (depth, nodes, nps) */
		this.last = null;
		this.searching = false;
		/** @type {Color} the side to move of the searched position */
		this.searchedSide = 'black';
		/** @type {{kind: string, pv: string[], nodeId: number} | 'running' | null} */
		this.mate = null;

		this.board = new BoardView();
		this.arrows = new ArrowLayer(this.board);
		this.bar = new EvalBar();
		this.hands = { black: new HandView('black'), white: new HandView('white') };
		this.input = new MoveInput({
			board: this.board,
			hands: [this.hands.black, this.hands.white],
			context: () => {
				const pos = this.position();
				return {
					enabled: !this.promoMove,
					color: pos.side,
					legal: this.legal(),
					pos,
					style: prefs.pieceStyle,
				};
			},
			redraw: () => this.drawBoard(),
			move: (source, to, piece) => this.tryMove(source, to, piece),
		});
		this.keys = new BoardKeys({
			board: this.board,
			hands: [this.hands.black, this.hands.white],
			input: this.input,
		});
		this.handSlots = {
			top: h('div', { class: 'hand-slot top' }),
			bottom: h('div', { class: 'hand-slot bottom' }),
		};

		this.moves = h('div', { class: 'tree-moves', 'data-testid': 'analysis-moves', role: 'list' });
		this.moves.addEventListener('click', (e) => {
			const item = e.target instanceof Element ? e.target.closest('[data-node]') : null;
			if (item) this.go(this.tree.get(Number(item.getAttribute('data-node'))));
		});
		this.comment = h('p', { class: 'move-comment', 'data-testid': 'analysis-comment', hidden: true });
		this.title = h('h1', { class: 'analysis-title' }, t('Analysis board'));
		this.source = h('p', { class: 'hint', 'data-testid': 'analysis-source' });
		this.error = h('p', { class: 'form-error', role: 'alert', 'data-testid': 'analysis-error' });

		const button = (
			/** @type {string} */ id,
			/** @type {string} */ label,
			/** @type {string} */ title,
			/** @type {() => void} */ fn,
		) => h('button', { type: 'button', class: 'btn small', 'data-testid': id, title, onclick: fn }, label);
		this.promoteBtn = button(
			'analysis-promote',
			t('Make main line'),
			t('Make this variation the main line'),
			() => this.promoteVariation(),
		);
		this.deleteBtn = button(
			'analysis-delete',
			t('Delete from here'),
			t('Delete this move and the moves after it'),
			() => this.deleteVariation(),
		);
		const replayBtn = (
			/** @type {string} */ testid,
			/** @type {string} */ label,
			/** @type {string} */ title,
			/** @type {() => void} */ f,
		) =>
			h(
				'button',
				{ class: 'btn icon', 'data-testid': testid, title, 'aria-label': title, onclick: f },
				label,
			);

		// The engine panel.
		this.engineToggle = /** @type {HTMLInputElement} */ (
			h('input', {
				type: 'checkbox',
				'data-testid': 'engine-toggle',
				checked: this.engineOn,
				onchange: () => this.setEngine(this.engineToggle.checked),
			})
		);
		this.multipvSel = /** @type {HTMLSelectElement} */ (
			h(
				'select',
				{
					'data-testid': 'engine-multipv',
					'aria-label': t('Lines'),
					onchange: () => {
						this.multipv = Number(this.multipvSel.value);
						store(MULTIPV_KEY, String(this.multipv));
						this.search();
					},
				},
				...[1, 2, 3, 4, 5].map((n) =>
					h('option', { value: n, selected: n === this.multipv }, String(n)),
				),
			)
		);
		this.evalEl = h('span', { class: 'engine-eval', 'data-testid': 'engine-eval' }, '');
		this.statsEl = h('span', { class: 'engine-stats', 'data-testid': 'engine-stats' }, '');
		this.pvEl = h('ol', { class: 'engine-lines', 'data-testid': 'engine-lines' });
		this.mateBtn = button(
			'mate-search',
			t('Mate search'),
			t('Look for a forced mate with the mate solver'),
			() => this.mateSearch(),
		);
		this.mateEl = h('p', { class: 'mate-result', 'data-testid': 'mate-result', role: 'status' });

		this.sfenEl = /** @type {HTMLInputElement} */ (
			h('input', {
				class: 'sfen-text',
				readonly: true,
				spellcheck: false,
				'data-testid': 'analysis-sfen',
				'aria-label': 'SFEN',
				onfocus: () => this.sfenEl.select(),
			})
		);
		this.copyBtn = button('analysis-copy-sfen', t('Copy'), t('Copy the SFEN'), () => this.copySfen());
		this.editorA = h(
			'a',
			{ class: 'btn small', 'data-testid': 'analysis-editor' },
			t('Open in the board editor'),
		);
		this.playA = h(
			'a',
			{ class: 'btn small', 'data-testid': 'analysis-play' },
			t('Play from this position'),
		);
		this.linkA = h(
			'a',
			{ class: 'analysis-link', 'data-testid': 'analysis-link' },
			t('Link to this position'),
		);

		root.replaceChildren(
			h(
				'div',
				{ class: 'analysis-page', 'data-testid': 'analysis' },
				h('div', { class: 'eval-slot' }, this.bar.el),
				this.handSlots.top,
				h('div', { class: 'board-slot' }, this.board.el),
				this.handSlots.bottom,
				h(
					'aside',
					{ class: 'side-panel analysis-side' },
					h(
						'div',
						{ class: 'card engine-panel', 'data-testid': 'engine-panel' },
						h(
							'div',
							{ class: 'engine-head' },
							h(
								'label',
								{ class: 'switch' },
								this.engineToggle,
								' ',
								t('Engine'),
							),
							this.evalEl,
							h(
								'label',
								{ class: 'inline' },
								t('Lines'),
								' ',
								this.multipvSel,
							),
							this.mateBtn,
						),
						this.statsEl,
						this.pvEl,
						this.mateEl,
					),
					this.title,
					this.source,
					this.error,
					this.moves,
					this.comment,
					h(
						'div',
						{ class: 'replay' },
						replayBtn('first', '«', t('First position'), () =>
							this.go(this.tree.root),
						),
						replayBtn('prev', '‹', t('Previous move'), () =>
							this.go(this.node.parent),
						),
						replayBtn('next', '›', t('Next move'), () =>
							this.go(this.tree.next(this.node)),
						),
						replayBtn('last', '»', t('Last position'), () =>
							this.go(this.tree.lineEnd(this.node)),
						),
						button('flip', t('⇅ Flip'), t('Flip the board'), () => this.flip()),
						h(
							'select',
							{
								'data-testid': 'notation',
								'aria-label': t('notation'),
								onchange: (/** @type {Event} */ e) => {
									setNotation(
										/** @type {any} */ (
											/** @type {HTMLSelectElement} */ (
												e.target
											).value
										),
									);
									this.render();
								},
							},
							...NOTATIONS.map((v) =>
								h(
									'option',
									{ value: v, selected: prefs.notation === v },
									t(NOTATION_LABELS[v]),
								),
							),
						),
					),
					h('div', { class: 'row-buttons wrap' }, this.promoteBtn, this.deleteBtn),
					h(
						'div',
						{ class: 'card analysis-position' },
						h(
							'label',
							null,
							'SFEN',
							h('span', { class: 'sfen-row' }, this.sfenEl, this.copyBtn),
						),
						h(
							'p',
							{ class: 'row-buttons wrap' },
							this.editorA,
							this.playA,
							this.linkA,
						),
					),
					this.reviewSlot,
				),
			),
		);
		this.onKey = this.onKey.bind(this);
		document.addEventListener('keydown', this.onKey);
		this.load(query);
	}

	destroy() {
		this.destroyed = true;
		clearTimeout(this.startTimer);
		clearTimeout(this.drawTimer);
		if (this.promo) this.promo.cancel();
		this.input.destroy();
		document.removeEventListener('keydown', this.onKey);
		if (this.engine) this.engine.terminate();
		this.engine = null;
		if (this.reviewPanel) this.reviewPanel.destroy();
	}

	/** @param {URLSearchParams} query */
	async load(query) {
		// The rules (legal moves, check, the moves' text) are libgyoku's, in WebAssembly: loaded
		// before the first position is shown; without them the board shows the position only.
		try {
			await loadRules();
		} catch {
			if (this.destroyed) return;
			replace(
				this.error,
				t(
					'The rules of the board could not be loaded: moves cannot be played. Reload the page to try again.',
				),
			);
		}
		if (this.destroyed) return;
		if (this.gameId) {
			try {
				const g = await getGame(this.gameId);
				if (this.destroyed) return;
				if (g.status === 'playing' || g.status === 'waiting') {
					replace(
						this.error,
						t(
							'The game is still being played: it can be analysed once it is over.',
						),
					);
					this.start(g.start_sfen, []);
					return;
				}
				this.comments = g.comments;
				replace(
					this.source,
					h(
						'a',
						{
							href: `#/game/${encodeURIComponent(g.id)}`,
							'data-testid': 'analysis-game',
						},
						t('{black} vs {white}', {
							black: playerName(g.black),
							white: playerName(g.white),
						}),
					),
				);
				this.start(g.start_sfen, g.moves);
				// The game review, as on the game's page: a click on a move or the graph shows it here.
				this.reviewPanel = mountReview(this.reviewSlot, {
					game: g,
					onJump: (ply) =>
						this.go(
							ply
								? this.tree.nodes(this.tree.lineEnd(this.tree.root))[
										ply - 1
									] || null
								: this.tree.root,
						),
				});
				this.reviewPanel.setPly(this.node.ply);
				setTitle(t('Analysis board · gyoku'));
				if (g.variations > 0) await this.loadSideLines(g.id);
			} catch (e) {
				if (this.destroyed) return;
				replace(this.error, /** @type {Error} */ (e).message);
				this.start(toSfen(parseSfen('startpos')), []);
			}
			return;
		}
		const r = readAnalysisQuery(query);
		if ('error' in r) {
			replace(this.error, r.error);
			this.start(toSfen(parseSfen('startpos')), []);
		} else this.start(r.sfen, r.moves);
		setTitle(t('Analysis board · gyoku'));
	}

	/**
	 * Adds a record's side lines to the tree, read from its KIF export (the game JSON has only
	 * their count); a line stops at a move that cannot be read or played.
	 * @param {string} id
	 */
	async loadSideLines(id) {
		let text = '';
		try {
			const r = await fetch(`${gamePath(id)}/export?format=kifu`);
			if (!r.ok) return;
			text = await r.text();
		} catch {
			return;
		}
		if (this.destroyed) return;
		/** @type {{start: number, nodes: Map<number, Node>}[]} */
		const lines = [
			{
				start: 1,
				nodes: new Map(
					this.tree.nodes(this.tree.lineEnd(this.tree.root)).map((n) => [n.ply, n]),
				),
			},
		];
		for (const side of kifSideLines(text)) {
			const over = [...lines].reverse().find((l) => l.start <= side.ply && l.nodes.has(side.ply));
			if (!over) continue;
			let parent = /** @type {Node} */ (/** @type {Node} */ (over.nodes.get(side.ply)).parent);
			/** @type {Map<number, Node>} */
			const nodes = new Map();
			for (const mv of side.moves) {
				const pos = this.position(parent);
				const usi = kifMoveUsi(pos, mv.text, this.prevTo(parent));
				if (!usi || !legalMoves(pos).includes(usi)) break;
				parent = this.tree.add(parent, usi);
				nodes.set(parent.ply, parent);
				if (mv.comment) this.nodeComments.set(parent.id, mv.comment);
			}
			lines.push({ start: side.ply, nodes });
		}
		this.render();
	}

	/**
	 * Sets the start and the main line, and shows the start position.
	 * @param {string} sfen
	 * @param {string[]} moves
	 */
	start(sfen, moves) {
		this.startSfen = sfen;
		this.startPos = parseSfen(sfen);
		this.positions = new Map([[0, this.startPos]]);
		this.tree = MoveTree.fromLine(moves);
		this.texts = new Map(); // the new tree's ids start again
		this.nodeComments = new Map();
		for (const n of [this.tree.root, ...this.tree.nodes(this.tree.lineEnd(this.tree.root))])
			if (this.comments[n.ply]) this.nodeComments.set(n.id, this.comments[n.ply]);
		// A game opens at its start (as a record is read), a link with moves at their end.
		this.node = this.gameId ? this.tree.root : this.tree.lineEnd(this.tree.root);
		this.changed();
	}

	/**
	 * The position of a node (computed from its parent's once).
	 * @param {Node} [node]
	 * @returns {Position}
	 */
	position(node = this.node) {
		const have = this.positions.get(node.id);
		if (have) return have;
		const pos = applyMove(
			this.position(/** @type {Node} */ (node.parent)),
			/** @type {string} */ (node.move),
		);
		this.positions.set(node.id, pos);
		return pos;
	}

	/** The legal moves of the position on the board (kept until the position changes). */
	legal() {
		if (this.legalOf !== this.node && rulesReady()) {
			this.legalOf = this.node;
			this.legalList = legalMoves(this.position());
		}
		return this.legalList;
	}

	/**
	 * Shows a node's position (null: nothing happens).
	 * @param {Node | null} node
	 */
	go(node) {
		if (!node || node === this.node) return;
		this.node = node;
		this.input.clear();
		if (this.promo) this.promo.cancel();
		if (this.reviewPanel && this.tree.onMainLine(node)) this.reviewPanel.setPly(node.ply);
		this.changed();
	}

	/** The position on the board changed: draw it all, and search it. */
	changed() {
		if (this.mate !== 'running') this.mate = null;
		this.render();
		this.search();
	}

	/**
	 * A move made on the board: the promotion asked when both are legal, then played.
	 * @param {string} source
	 * @param {string} to
	 * @param {string} piece
	 */
	tryMove(source, to, piece) {
		const choice = promotionChoice(this.legal(), source, to);
		if (choice === 'illegal') return;
		if (choice !== 'choose') return this.play(usiMove(source, to, choice === 'promote'));
		this.promoMove = { source, to };
		this.drawBoard();
		this.promo = showPromotion(this.board, to, unpromoted(piece), prefs.pieceStyle, (yes) => {
			this.promo = null;
			this.promoMove = null;
			if (yes === null) this.drawBoard();
			else this.play(usiMove(source, to, yes));
		});
	}

	/**
	 * Plays a legal move from the position on the board: the tree's node for it (new or not).
	 * @param {string} move
	 */
	play(move) {
		if (!this.legal().includes(move)) return;
		this.go(this.tree.add(this.node, move));
	}

	promoteVariation() {
		this.tree.promote(this.node);
		this.render();
	}

	deleteVariation() {
		if (!this.node.parent) return;
		this.go(this.tree.remove(this.node));
	}

	flip() {
		this.flipped = !this.flipped;
		this.render();
	}

	async copySfen() {
		try {
			await navigator.clipboard.writeText(this.sfenEl.value);
			this.copyBtn.textContent = t('Copied');
		} catch {
			this.sfenEl.focus();
			this.sfenEl.select();
		}
	}

	/** @param {KeyboardEvent} e */
	onKey(e) {
		const el = e.target;
		// Keys typed into a text field or a list stay there (a checkbox does not use the arrows).
		if (
			(el instanceof HTMLInputElement && el.type !== 'checkbox') ||
			el instanceof HTMLTextAreaElement ||
			el instanceof HTMLSelectElement
		)
			return;
		if (document.querySelector('dialog[open]')) return;
		if (e.ctrlKey || e.metaKey || e.altKey) return;
		const keys = /** @type {Record<string, () => void>} */ ({
			ArrowLeft: () => this.go(this.node.parent),
			ArrowRight: () => this.go(this.tree.next(this.node)),
			ArrowUp: () => this.go(this.tree.sibling(this.node, -1)),
			ArrowDown: () => this.go(this.tree.sibling(this.node, 1)),
			Home: () => this.go(this.tree.root),
			End: () => this.go(this.tree.lineEnd(this.node)),
			f: () => this.flip(),
		});
		const f = keys[e.key];
		if (f) {
			e.preventDefault();
			f();
		}
	}

	/** The destination of the node's move (for 同), or null. */
	prevTo(/** @type {Node} */ node) {
		const m = node.move ? parseUsi(node.move) : null;
		return m ? m.to : null;
	}

	drawBoard() {
		const pos = this.position();
		const mv = this.node.move ? parseUsi(this.node.move) : null;
		const m = this.input.marks();
		const promo = this.promoMove;
		this.board.render({
			pos,
			flipped: this.flipped,
			style: prefs.pieceStyle,
			last: mv ? { from: mv.from, to: mv.to } : null,
			check: inCheck(pos) ? kingSquare(pos, pos.side) : null,
			selected: promo && !promo.source.endsWith('*') ? promo.source : m.selected,
			dests: m.dests,
			lifted: m.lifted,
			hover: m.hover,
		});
		this.keys.label(pos, { selected: m.selected, dests: m.dests, premove: null });
		for (const c of /** @type {Color[]} */ (['black', 'white'])) {
			const mine = pos.side === c;
			this.hands[c].render(
				pos.hands[c],
				prefs.pieceStyle,
				mine ? m.handSelected : null,
				mine ? m.handLifted : null,
				this.flipped,
			);
		}
		this.board.el.classList.add('interactive');
		this.drawArrows();
	}

	render() {
		const top = this.flipped ? 'black' : 'white';
		const bottom = this.flipped ? 'white' : 'black';
		this.handSlots.top.replaceChildren(this.hands[top].el);
		this.handSlots.bottom.replaceChildren(this.hands[bottom].el);
		this.drawBoard();
		this.drawMoves();
		const node = this.node;
		const onMain = this.tree.onMainLine(node);
		this.promoteBtn.hidden = onMain;
		this.deleteBtn.disabled = !node.parent;
		const comment = this.nodeComments.get(node.id) || '';
		this.comment.textContent = comment;
		this.comment.hidden = !comment;
		const pos = this.position();
		this.sfenEl.value = toSfen(pos);
		this.copyBtn.textContent = t('Copy');
		this.editorA.setAttribute('href', editorLink(pos));
		// The lobby's new-game form with this position as the start (a visitor logs in first).
		const play = '#/?' + new URLSearchParams({ opponent: 'computer', sfen: toSfen(pos) }).toString();
		this.playA.setAttribute('href', session.me ? play : `#/login?next=${encodeURIComponent(play)}`);
		const link = this.gameId
			? `#/analysis/${encodeURIComponent(this.gameId)}`
			: analysisLink(this.startSfen, this.tree.path(node));
		this.linkA.setAttribute('href', analysisLink(toSfen(pos), []));
		if (!this.gameId && location.hash.startsWith('#/analysis') && location.hash !== link)
			history.replaceState(history.state, '', link);
		this.drawEngine();
	}

	/**
	 * A node's move in the user's notation (kept: a node's position never changes).
	 * @param {Node} node
	 */
	nodeText(node) {
		if (this.textNotation !== prefs.notation) {
			this.textNotation = prefs.notation;
			this.texts = new Map();
		}
		let text = this.texts.get(node.id);
		if (text === undefined) {
			const parent = /** @type {Node} */ (node.parent);
			const move = /** @type {string} */ (node.move);
			text = moveText(this.position(parent), move, this.prevTo(parent), prefs.notation);
			this.texts.set(node.id, text);
		}
		return text;
	}

	/** The move list: the tree, its variations bracketed and indented. */
	drawMoves() {
		const first = this.startPos.moveNumber;
		/** @type {HTMLElement[]} */
		const stack = [h('div', { class: 'tree-line main' })];
		const out = [stack[0]];
		/** @type {HTMLElement | null} */
		let current = null;
		for (const row of this.tree.rows()) {
			const top = stack[stack.length - 1];
			if (row.kind !== 'move') {
				if (row.kind === 'close') stack.pop();
				else {
					const v = h('div', { class: 'tree-line variation', 'data-depth': row.depth });
					top.append(v);
					stack.push(v);
				}
				continue;
			}
			const node = row.node;
			const text = this.nodeText(node);
			const el = h(
				'button',
				{
					type: 'button',
					class:
						'tree-move' +
						(node === this.node ? ' current' : '') +
						(row.depth ? ' var' : ''),
					'data-node': node.id,
					'data-move': node.move,
					'data-ply': node.ply,
					role: 'listitem',
				},
				h('span', { class: 'move-no' }, String(first + node.ply - 1)),
				h('span', { class: 'move-text' }, text),
			);
			if (node === this.node) current = el;
			top.append(el);
		}
		if (!this.tree.root.children.length)
			out[0].append(h('span', { class: 'hint' }, t('Move a piece to start a line.')));
		this.moves.replaceChildren(...out);
		const cur = current;
		if (cur)
			requestAnimationFrame(() => {
				const list = this.moves;
				const top = cur.offsetTop - list.offsetTop;
				if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight)
					list.scrollTop = top - list.clientHeight / 2;
			});
	}

	/**
	 * @param {boolean} on
	 */
	setEngine(on) {
		this.engineOn = on;
		store(ENGINE_KEY, on ? '1' : '0');
		if (!on) {
			this.searchId++;
			if (this.engine) this.engine.stop();
			this.searching = false;
			this.lines.clear();
			this.last = null;
			this.drawEngine();
			this.drawArrows();
			return;
		}
		this.search();
	}

	/** The engine, started on first use. */
	getEngine() {
		if (!this.engine) {
			this.engine = new Engine(() => {
				const w = new Worker('/engine/engine-worker.js');
				// A worker that cannot load the engine (not built, not served) says so here.
				// (Only the current worker's, and only before its first answer: a worker ended by
				// stop() is none of its business.)
				let answered = false;
				w.addEventListener('message', () => (answered = true));
				w.addEventListener('error', () => {
					const engine = /** @type {any} */ (this.engine);
					if (!answered && engine && engine.worker === w) this.engineFailed();
				});
				return /** @type {import('../engine.js').WorkerLike} */ (/** @type {unknown} */ (w));
			});
			this.engine.setOption('USI_Hash', 32);
		}
		return this.engine;
	}

	/** The engine could not be loaded: the search ends with a note. */
	engineFailed() {
		this.engineError = true;
		this.searching = false;
		if (this.mate === 'running') this.mate = null;
		this.drawEngine();
	}

	/** Stops any search and starts one of the position on the board (when the engine is on). */
	search() {
		const id = ++this.searchId;
		this.lines.clear();
		this.last = null;
		if (this.engine) this.engine.stop();
		if (!this.engineOn || this.mate === 'running') {
			this.searching = false;
			this.drawEngine();
			this.drawArrows();
			return;
		}
		const pos = this.position();
		const engine = this.getEngine();
		this.searching = true;
		this.searchedSide = pos.side;
		this.drawEngine();
		this.drawArrows();
		if (!this.legal().length) {
			this.searching = false;
			this.drawEngine();
			return;
		}
		const moves = this.tree.path(this.node);
		// A short wait first: stepping quickly through the moves starts no search per step.
		clearTimeout(this.startTimer);
		this.startTimer = setTimeout(() => {
			if (id === this.searchId && !this.destroyed) this.run(engine, id, moves);
		}, START_DELAY_MS);
	}

	/**
	 * Starts search `id` of the position after `moves`.
	 * @param {Engine} engine
	 * @param {number} id
	 * @param {string[]} moves
	 */
	run(engine, id, moves) {
		this.engineError = false;
		engine.setOption('MultiPV', this.multipv);
		engine.position(this.startSfen, moves);
		engine.go({ movetime: SEARCH_MS }, (info) => {
			if (id !== this.searchId || this.destroyed) return;
			this.last = info;
			if (info.pv && info.pv.length && (info.cp !== undefined || info.mate !== undefined))
				this.lines.set(info.multipv ?? 1, info);
			this.drawSoon();
		}).then(() => {
			if (id !== this.searchId || this.destroyed) return;
			this.searching = false;
			this.drawEngine();
		});
	}

	/**
	 * Draws the engine's panel and arrows within DRAW_MS: info lines come many a second, and
	 * each drawing writes the lines out.
	 */
	drawSoon() {
		if (this.drawTimer !== undefined) return;
		this.drawTimer = setTimeout(() => {
			this.drawTimer = undefined;
			if (this.destroyed) return;
			this.drawEngine();
			this.drawArrows();
		}, DRAW_MS);
	}

	/**
	 * The text of a line from the position on the board, kept while the position stays.
	 * @param {string[]} pv
	 */
	pvText(pv) {
		const key = pv.join(' ');
		if (this.pvOf !== this.node || this.pvNotation !== prefs.notation) {
			this.pvOf = this.node;
			this.pvNotation = prefs.notation;
			this.pvTexts = new Map();
		}
		let text = this.pvTexts.get(key);
		if (text === undefined) {
			text = lineText(this.position(), pv, this.prevTo(this.node), prefs.notation).join(' ');
			this.pvTexts.set(key, text);
		}
		return text;
	}

	async mateSearch() {
		if (this.mate === 'running') return;
		const node = this.node;
		this.mate = 'running';
		this.search(); // stops the analysis meanwhile
		const engine = this.getEngine();
		engine.position(this.startSfen, this.tree.path(node));
		this.drawEngine();
		const r = await engine.mate(MATE_MS);
		if (this.destroyed) return;
		this.mate = { kind: r.kind, pv: r.pv, nodeId: node.id };
		if (node !== this.node) this.mate = null;
		this.search();
	}

	/** The best lines' first moves on the board. */
	drawArrows() {
		const moves = [...this.lines.keys()]
			.sort((a, b) => a - b)
			.filter((k) => k <= this.multipv)
			.map((k) => /** @type {string[]} */ (this.lines.get(k)?.pv)[0]);
		this.arrows.draw(this.engineOn ? moves : [], this.position().side, prefs.pieceStyle);
	}

	drawEngine() {
		const pos = this.position();
		const best = this.lines.get(1);
		const score = best ? blackScore(best, this.searchedSide) : null;
		const text = score ? evalText(score) : '';
		this.bar.set(score ? scoreFraction(score) : null, text, this.flipped);
		this.bar.el.hidden = !this.engineOn;
		this.evalEl.textContent = this.engineOn ? text || (this.searching ? '…' : '') : '';
		this.evalEl.dataset.score = score ? ('mate' in score ? `mate ${score.mate}` : `cp ${score.cp}`) : '';
		const l = this.last;
		const stats = [];
		if (this.engineOn && l) {
			if (l.depth !== undefined) stats.push(t('Depth {n}', { n: l.depth }));
			if (l.nodes) stats.push(t('{n} nodes', { n: l.nodes.toLocaleString() }));
			if (l.nps) stats.push(t('{n} k nodes/s', { n: Math.round(l.nps / 1000) }));
		}
		if (this.engineOn && !this.searching && l) stats.push(t('done'));
		if (this.engineOn && !this.legal().length)
			stats.push(inCheck(pos) ? t('Checkmate') : t('No legal move'));
		if (this.engineError) stats.push(t('The engine could not be loaded.'));
		this.statsEl.textContent = stats.join(' · ');
		this.statsEl.setAttribute('data-depth', l && l.depth !== undefined ? String(l.depth) : '');
		const items = [...this.lines.entries()]
			.filter(([k]) => k <= this.multipv)
			.sort((a, b) => a[0] - b[0])
			.map(([k, info]) => {
				const s = blackScore(info, this.searchedSide);
				const pv = /** @type {string[]} */ (info.pv);

				return h(
					'li',
					{
						class: 'engine-line',
						'data-testid': 'engine-line',
						'data-multipv': k,
						'data-pv': pv.join(' '),
						title: t('Play this line’s first move'),
						onclick: () => this.play(pv[0]),
					},
					h('span', { class: 'line-eval' }, s ? evalText(s) : ''),
					' ',
					h('span', { class: 'line-moves' }, this.pvText(pv)),
				);
			});
		replace(this.pvEl, ...(this.engineOn ? items : []));
		this.multipvSel.disabled = !this.engineOn;
		this.drawMate();
	}

	drawMate() {
		const m = this.mate;
		this.mateBtn.toggleAttribute('disabled', m === 'running');
		if (m === null) return replace(this.mateEl);
		if (m === 'running') return replace(this.mateEl, t('Searching for a mate…'));
		this.mateEl.setAttribute('data-kind', m.kind);
		if (m.kind === 'mate') {
			const texts = lineText(this.position(), m.pv, this.prevTo(this.node), prefs.notation);
			replace(
				this.mateEl,
				h('strong', null, t('Mate in {n}', { n: m.pv.length })),
				' ',
				h(
					'span',
					{ class: 'line-moves', 'data-testid': 'mate-line', 'data-pv': m.pv.join(' ') },
					texts.join(' '),
				),
			);
		} else if (m.kind === 'nomate') replace(this.mateEl, t('No mate found.'));
		else replace(this.mateEl, t('No mate found in the time given.'));
	}
}

/**
 * The route handler: #/analysis, #/analysis/GAMEID, #/analysis?sfen=...&moves=...
 * @param {HTMLElement} root
 * @param {string | null} gameId
 * @param {URLSearchParams} query
 */
export function analysisPage(root, gameId, query) {
	const page = new AnalysisPage(root, gameId, query);
	return { destroy: () => page.destroy() };
}
