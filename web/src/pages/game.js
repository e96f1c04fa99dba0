/*
 * pages/game.js: the game page (#/game/ID): the board with both hands,
 * the players and clocks, the move list with replay, the status line, the
 * actions, exports and the spectator count.  Loads the game JSON, follows
 * the game's event stream, sends the user's moves (after the on-board
 * promotion choice when both are legal) and re-reads the game after each
 * event so that `legal`, the clocks and all four notations stay current.
 * Plays the sounds (sound.js) of each new move and of the end, and the
 * countdown of the user's own clock; a toggle mutes them.  The chat
 * (chat.js) sits under the board (under the side panel on phones).  A finished game (or an
 * imported record) has the game review panel (review.js) under the actions.
 */
import { h, replace } from '../dom.js';
import { gameAction, getGame, refreshMe, session, ApiError } from '../api.js';
import { BoardView } from '../board.js';
import { HandView } from '../hand.js';
import { MoveInput } from '../input.js';
import { showPromotion } from '../promotion.js';
import { ClockPair } from '../clockview.js';
import { MoveList } from '../movelist.js';
import { recordHeaders, moveComment } from '../recordinfo.js';
import { openGameStream } from '../sse.js';
import { positionsOf, applyMove, parseUsi, kingSquare, unpromoted } from '../sfen.js';
import { promotionChoice, usiMove } from '../legal.js';
import { play, soundFor, countdownSecond } from '../sound.js';
import { prefs, setSound, setPieceStyle, setNotation, NOTATIONS, NOTATION_LABELS, PIECE_STYLES } from '../prefs.js';
import { statusText, playerName, sideLabel, handicapName, ratingDelta, timeText } from '../gametext.js';
import { actionButtons, confirmResign, confirmDeclare, askVacation, exportLinks, showResult } from '../gameactions.js';
import { toast } from '../dialog.js';
import { refreshTurns, setTitle } from '../turns.js';
import { afterGamePanel, canRematch, opponentIsPerson } from '../aftergame.js';
import { t } from '../i18n.js';
import { ChatPanel } from '../chat.js';
import { Announcer } from '../announce.js';
import { BoardKeys } from '../keyboard.js';
import { Premoves, candidates, premoveAllowed } from '../premove.js';
import { MoveBox } from '../typedmove.js';
import { mountReview } from '../review.js';

/** @typedef {import('../types.js').Color} Color */
/** @typedef {import('../types.js').Game} Game */
/** @typedef {import('../types.js').MoveEvent} MoveEvent */

const POLL_MS = 60000;
// The creator of an open seek reads it this often while it waits: the server keeps a seek only
// while its creator is present (docs/server.md "Games": 20 s without them and it expires).
const SEEK_KEEP_MS = 8000;
// A player of a finished game against a person re-reads it this often, to see a rematch offered.
const REMATCH_POLL_MS = 3000;
/** @typedef {import('../sfen.js').Position} Position */

export class GamePage {
	/**
	 * @param {HTMLElement} root
	 * @param {string} id
	 */
	constructor(root, id) {
		this.id = id;
		/** @type {Game | null} */
		this.game = null;
		/** @type {Position[]} */
		this.positions = [];
		/** @type {number | null} the ply on the board when replaying; null: the latest */
		this.viewPly = null;
		/** @type {boolean | null} null: White at the bottom when the user plays White */
		this.flipped = null;
		this.sending = false;
		/** @type {{cancel: () => void} | null} */
		this.promo = null;
		/** @type {{source: string, to: string} | null} */
		this.promoMove = null;
		/** @type {{close: () => void} | null} */
		this.stream = null;
		this.refreshing = false;
		this.refreshAgain = false;
		/**
		 * The status of the last game JSON the server sent (null before the first): the results
		 * dialog is shown when it turns to "ended".  The game held may say "ended" before that,
		 * from a move event (onMoveEvent), so its own status cannot tell.
		 * @type {Game['status'] | null}
		 */
		this.serverStatus = null;
		/** The ply of the last game JSON the server sent (-1 before the first). */
		this.serverPly = -1;
		this.destroyed = false;
		/** @type {Game | null} the rematch offered from this finished game (its `rematch`), once read */
		this.rematch = null;

		this.board = new BoardView();
		this.hands = { black: new HandView('black'), white: new HandView('white') };
		/** @type {number | null} the second of the countdown last ticked (null: none under way) */
		this.lastTick = null;
		this.clocks = new ClockPair((color, view, tc) => this.countdown(color, view, tc));
		this.moveList = new MoveList((ply) => this.show(ply));
		this.input = new MoveInput({
			board: this.board,
			hands: [this.hands.black, this.hands.white],
			context: () => ({
				enabled: this.canMove() || this.canPremove(),
				color: (this.game && this.game.you) || 'black', // a spectator never moves (enabled is false)
				legal: this.inputMoves(),
				pos: this.shownPosition(),
				style: prefs.pieceStyle,
			}),
			redraw: () => this.drawBoard(),
			move: (source, to, piece) => this.tryMove(source, to, piece),
			missed: () => this.premoves.cancel(),
		});
		this.premoves = new Premoves(this.board.el, () => this.drawBoard());
		this.keys = new BoardKeys({
			board: this.board,
			hands: [this.hands.black, this.hands.white],
			input: this.input,
		});
		this.announcer = new Announcer();
		this.moveBox = new MoveBox(
			id,
			() => (this.game ? this.game.ply : 0),
			(g) => {
				if (!this.destroyed) this.setGame(g);
			},
		);
		this.onKey = this.onKey.bind(this);
		document.addEventListener('keydown', this.onKey);
		// A slow re-read while the game is in play keeps the spectator count and the clocks exact.
		this.poll = setInterval(() => {
			if (this.game && this.game.status === 'playing' && document.visibilityState === 'visible')
				this.refresh(true);
		}, POLL_MS);
		this.keep = setInterval(() => {
			const g = this.game;
			const me = session.me ? session.me.name.toLowerCase() : null;
			if (
				g &&
				g.status === 'waiting' &&
				!g.challenged &&
				me &&
				(g.creator || '').toLowerCase() === me
			)
				this.refresh(true);
		}, SEEK_KEEP_MS);
		this.rematchPoll = setInterval(() => {
			const g = this.game;
			if (g && canRematch(g) && opponentIsPerson(g) && document.visibilityState === 'visible')
				this.refresh(true);
		}, REMATCH_POLL_MS);

		this.status = h('div', { class: 'status', 'data-testid': 'result', role: 'status' }, t('Loading…'));
		this.info = h('div', { class: 'game-info' });
		this.record = h('div', { class: 'record-info' });
		this.comment = h('p', { class: 'move-comment', 'data-testid': 'move-comment', hidden: true });
		this.actions = h('div', { class: 'actions' });
		this.after = h('div');
		this.players = { top: h('div', { class: 'player top' }), bottom: h('div', { class: 'player bottom' }) };
		this.handSlots = {
			top: h('div', { class: 'hand-slot top' }),
			bottom: h('div', { class: 'hand-slot bottom' }),
		};
		this.backButton = h(
			'button',
			{
				class: 'btn back',
				'data-testid': 'back-to-game',
				hidden: true,
				onclick: () => this.show(null),
			},
			t('Back to the game'),
		);
		this.exports = h('div');
		/** @type {import('../review.js').ReviewPanel | null} the review panel, once the game is over */
		this.reviewPanel = null;
		this.reviewSlot = h('div', { class: 'review-slot' });
		this.chat = new ChatPanel(id);
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
		const styleSel = h(
			'select',
			{
				'data-testid': 'piece-style',
				'aria-label': t('piece style'),
				onchange: (/** @type {Event} */ e) => {
					setPieceStyle(
						/** @type {any} */ (/** @type {HTMLSelectElement} */ (e.target).value),
					);
					this.render();
				},
			},
			...PIECE_STYLES.map((v) =>
				h(
					'option',
					{ value: v, selected: prefs.pieceStyle === v },
					v === 'kanji' ? t('駒 Kanji') : t('Letters'),
				),
			),
		);
		const notSel = h(
			'select',
			{
				'data-testid': 'notation',
				'aria-label': t('notation'),
				onchange: (/** @type {Event} */ e) => {
					setNotation(
						/** @type {any} */ (/** @type {HTMLSelectElement} */ (e.target).value),
					);
					this.render();
				},
			},
			...NOTATIONS.map((v) =>
				h('option', { value: v, selected: prefs.notation === v }, t(NOTATION_LABELS[v])),
			),
		);

		const soundBtn = h('button', {
			class: 'btn',
			'data-testid': 'sound',
			onclick: () => {
				setSound(!prefs.sound);
				this.drawSoundButton(soundBtn);
			},
		});
		this.drawSoundButton(soundBtn);

		root.replaceChildren(
			h(
				'div',
				{ class: 'game-page' },
				this.players.top,
				this.handSlots.top,
				h('div', { class: 'board-slot' }, this.board.el),
				this.handSlots.bottom,
				this.players.bottom,
				h(
					'aside',
					{ class: 'side-panel' },
					this.status,
					this.announcer.live,
					this.announcer.description,
					this.moveBox.el,
					this.info,
					this.record,
					h(
						'div',
						{ class: 'toolbar' },
						h(
							'button',
							{
								class: 'btn',
								'data-testid': 'flip',
								title: t('Flip the board'),
								onclick: () => this.flip(),
							},
							t('⇅ Flip'),
						),
						styleSel,
						notSel,
						soundBtn,
						this.announcer.button,
					),
					this.moveList.el,
					this.comment,
					h(
						'div',
						{ class: 'replay' },
						replayBtn('first', '«', t('First position'), () => this.show(0)),
						replayBtn('prev', '‹', t('Previous move'), () => this.step(-1)),
						replayBtn('next', '›', t('Next move'), () => this.step(1)),
						replayBtn('last', '»', t('Last position'), () => this.show(null)),
						this.backButton,
					),
					this.actions,
					this.after,
					this.exports,
					this.reviewSlot,
				),
				this.chat.el,
			),
		);
		this.load();
	}

	/** @param {HTMLElement} btn the mute toggle, drawn as the preference stands */
	drawSoundButton(btn) {
		// Words, not emoji: a glyph the visitor's fonts lack would show as a box.
		btn.textContent = prefs.sound ? t('Sound on') : t('Sound off');
		btn.title = prefs.sound ? t('Mute the sounds') : t('Play the sounds');
		btn.setAttribute('aria-pressed', String(!prefs.sound));
	}

	/**
	 * A clock drawn: a tick for each second of the countdown of the user's own running clock.
	 * @param {Color} color
	 * @param {import('../clock.js').ClockView | null} view the clock if it runs
	 * @param {import('../clock.js').TimeControl | null} tc
	 */
	countdown(color, view, tc) {
		const g = this.game;
		if (!g || g.you !== color) return;
		const s = view && g.status === 'playing' ? countdownSecond(view, tc) : null;
		if (s !== null && s !== this.lastTick) play('tick');
		this.lastTick = s;
	}

	destroy() {
		this.destroyed = true;
		if (this.stream) this.stream.close();
		if (this.promo) this.promo.cancel();
		clearInterval(this.poll);
		clearInterval(this.keep);
		clearInterval(this.rematchPoll);
		this.clocks.destroy();
		this.input.destroy();
		this.chat.destroy();
		this.premoves.destroy();
		if (this.reviewPanel) this.reviewPanel.destroy();
		document.removeEventListener('keydown', this.onKey);
	}

	async load() {
		try {
			const g = await getGame(this.id);
			if (this.destroyed) return;
			this.setGame(g);
			if (g.status === 'playing' || g.status === 'waiting') this.openStream();
		} catch (e) {
			replace(
				this.status,
				e instanceof ApiError && e.status === 404
					? t('No such game')
					: t('Cannot load the game: {error}', {
							error: /** @type {Error} */ (e).message,
						}),
			);
		}
	}

	openStream() {
		if (this.stream) return;
		this.stream = openGameStream(this.id, {
			lastPly: () => (this.game ? this.game.ply : 0),
			move: (d) => this.onMoveEvent(d),
			end: () => this.refresh(),
			status: () => this.refresh(),
			state: (ok) => this.info.classList.toggle('offline', !ok),
			chat: (d) => this.chat.onEvent(d),
			opened: () => this.chat.load(),
		});
	}

	/**
	 * Re-reads the game; calls made while one is under way are folded into one more read.
	 * @param {boolean} [quiet] no notice on failure (the periodic re-read)
	 */
	async refresh(quiet = false) {
		if (this.refreshing) {
			this.refreshAgain = true;
			return;
		}
		this.refreshing = true;
		try {
			do {
				this.refreshAgain = false;
				const g = await getGame(this.id);
				if (this.destroyed) return;
				if (!this.sending) this.setGame(g);
			} while (this.refreshAgain);
		} catch (e) {
			if (!quiet)
				toast(
					t('Cannot refresh the game: {error}', {
						error: /** @type {Error} */ (e).message,
					}),
				);
		} finally {
			this.refreshing = false;
		}
	}

	/**
	 * Takes a new game JSON.
	 * @param {Game} g
	 */
	setGame(g) {
		const old = this.game;
		const was = this.serverStatus;
		const wasPly = this.serverPly;
		this.serverStatus = g.status;
		this.serverPly = g.ply;
		const sameStart = old && old.start_sfen === g.start_sfen;
		const prefix =
			sameStart &&
			old.moves.length <= g.moves.length &&
			old.moves.every((/** @type {string} */ m, /** @type {number} */ i) => m === g.moves[i]);
		if (prefix && this.positions.length === old.moves.length + 1) {
			for (const m of g.moves.slice(old.moves.length)) this.pushPosition(m);
		} else {
			this.positions = positionsOf(g.start_sfen, g.moves);
		}
		if (!prefix || (old && g.ply !== old.ply)) {
			this.input.clear();
			if (this.promo) this.promo.cancel();
		}
		if (this.promo && g.status !== 'playing') this.promo.cancel();
		this.game = g;
		if (this.viewPly !== null && this.viewPly >= g.moves.length) this.viewPly = null;
		this.clocks.set(g.clocks, g.time, g.status === 'playing');
		const over = g.status === 'ended' || g.status === 'canceled';
		if (over && this.stream) {
			this.stream.close();
			this.stream = null;
		}
		if (!over && !this.stream && old) this.openStream();
		this.chat.update(g);
		this.render();
		this.announcer.update(g, prefs.notation, this.status.textContent || '');
		const pre = this.premoves.take(g);
		if (pre && this.canMove()) this.sendMove(pre);
		// The sound of the newest move (one for several read at once), or of an end without a move.
		if (was !== null && g.ply > wasPly && g.ply > 0)
			play(
				soundFor(
					{ move: g.moves[g.ply - 1], check: g.check, status: g.status },
					this.positions[g.ply - 1],
				),
			);
		else if (was !== null && was !== g.status && g.status === 'ended') play('end');
		if (g.rematch && (!this.rematch || this.rematch.id !== g.rematch || this.rematch.status === 'waiting'))
			this.readRematch(g.rematch);
		// A move or an end changes the count of the user's games waiting (turns.js).
		if (g.you && was !== null && (g.ply !== wasPly || g.status !== was)) refreshTurns();
		// The game ended or was aborted, whoever made the last move (the player, the opponent, the
		// computer; a spectator too): the result with what comes next, and the navigation's rating anew.
		if (
			was !== null &&
			was !== g.status &&
			(g.status === 'ended' || (was === 'playing' && g.status === 'canceled'))
		) {
			showResult(
				g,
				afterGamePanel(g, null, session.me ? session.me.name : null, () => this.replay()),
			);
			if (g.rated && g.you) refreshMe().catch(() => {});
		}
	}

	/**
	 * Reads the rematch offered from this game; when one that waited has started, goes to it.
	 * @param {string} id
	 */
	async readRematch(id) {
		try {
			const r = await getGame(id);
			if (this.destroyed) return;
			const was = this.rematch;
			this.rematch = r;
			if (was && was.id === r.id && was.status === 'waiting' && r.status === 'playing')
				location.hash = `#/game/${encodeURIComponent(r.id)}`;
			else this.render();
		} catch {
			/* the next re-read tries again */
		}
	}

	/** Shows the game from its start (closing the results dialog). */
	replay() {
		for (const d of document.querySelectorAll('dialog[open]')) /** @type {HTMLDialogElement} */ (d).close();
		this.show(0);
	}

	/** @param {string} move */
	pushPosition(move) {
		const last = this.positions[this.positions.length - 1];
		try {
			this.positions.push(applyMove(last, move));
		} catch {
			this.positions.push(last);
		}
	}

	/**
	 * A move from the event stream: shown at once, then the game is re-read.
	 * @param {MoveEvent} d
	 */
	onMoveEvent(d) {
		const g = this.game;
		if (!g || !(d.ply > g.ply)) return;
		if (d.ply === g.ply + 1 && !this.sending) {
			this.appendMove(d.move, d.japanese);
			// The newest move of the events sent at once carries the status and clocks.
			if ('clocks' in d) {
				g.clocks = d.clocks;
				g.status = d.status;
			}
			this.clocks.set(g.clocks, g.time, g.status === 'playing');
			this.render();
		}
		this.refresh();
	}

	/**
	 * Adds a move to the held game before the server's full answer.
	 * @param {string} move
	 * @param {string} [japanese]
	 */
	appendMove(move, japanese) {
		const g = this.game;
		if (!g) return;
		this.input.clear();
		g.moves = [...g.moves, move];
		g.ply = g.moves.length;
		g.last = move;
		g.side = g.side === 'black' ? 'white' : 'black';
		g.legal = [];
		g.check = false;
		for (const k of NOTATIONS)
			g.notation[k] = [...g.notation[k], k === 'japanese' && japanese ? japanese : move];
		this.pushPosition(move);
	}

	canMove() {
		const g = this.game;
		return Boolean(
			g &&
			g.status === 'playing' &&
			g.you &&
			g.side === g.you &&
			this.viewPly === null &&
			!this.sending &&
			!this.promo &&
			g.legal.length > 0,
		);
	}

	/** The user may make a premove now (premove.js): the opponent's turn in a live game, at the latest position. */
	canPremove() {
		return premoveAllowed(this.game) && this.viewPly === null && !this.promo;
	}

	/** The moves the input offers: the legal moves on the user's turn, the premoves on the opponent's. */
	inputMoves() {
		const g = this.game;
		if (!g || !g.you) return [];
		return this.canMove() ? g.legal : this.canPremove() ? candidates(this.shownPosition(), g.you) : [];
	}

	/**
	 * A move chosen: played on the user's turn, else kept as the premove.
	 * @param {string} move
	 */
	playOrPremove(move) {
		if (this.canMove()) this.sendMove(move);
		else if (this.canPremove()) this.premoves.set(move);
	}

	/**
	 * The user dropped or clicked a piece on a legal destination.
	 * @param {string} source
	 * @param {string} to
	 * @param {string} piece
	 */
	tryMove(source, to, piece) {
		const g = this.game;
		if (!g) return;
		const choice = promotionChoice(this.inputMoves(), source, to);
		if (choice === 'illegal') return;
		if (choice !== 'choose') {
			this.playOrPremove(usiMove(source, to, choice === 'promote'));
			return;
		}
		this.promoMove = { source, to };
		this.drawBoard();
		this.promo = showPromotion(this.board, to, unpromoted(piece), prefs.pieceStyle, (yes) => {
			this.promo = null;
			this.promoMove = null;
			if (yes === null) this.drawBoard();
			else this.playOrPremove(usiMove(source, to, yes));
		});
	}

	/** @param {string} move */
	async sendMove(move) {
		const g = this.game;
		if (!g) return;
		const ply = g.ply;
		const before = { ...g, notation: { ...g.notation } };
		this.clocks.freeze();
		this.appendMove(move);
		this.sending = true;
		this.render();
		try {
			const next = await gameAction(this.id, 'moves', { move, ply });
			this.sending = false;
			if (!this.destroyed) this.setGame(next);
		} catch (e) {
			this.sending = false;
			toast(/** @type {Error} */ (e).message);
			// Back to the position before the move, then ask the server what happened.
			this.game = before;
			this.positions = this.positions.slice(0, ply + 1);
			this.render();
			this.refresh();
		}
	}

	/** @param {import('../gameactions.js').Action} action */
	async act(action) {
		const g = this.game;
		if (!g) return;
		if (action === 'resign' && !(await confirmResign())) return;
		if (action === 'declare' && !(await confirmDeclare(g))) return;
		/** @type {{days?: number}} */
		let body = {};
		if (action === 'vacation') {
			const days = await askVacation(g);
			if (days === null) return;
			body = { days };
		}
		/** @type {Record<string, ['takeback' | 'moretime', {answer?: string}]>} */
		const offers = {
			takeback: ['takeback', {}],
			'takeback-accept': ['takeback', { answer: 'accept' }],
			'takeback-decline': ['takeback', { answer: 'decline' }],
			'takeback-withdraw': ['takeback', { answer: 'withdraw' }],
			moretime: ['moretime', {}],
		};
		try {
			const next =
				action in offers
					? await gameAction(this.id, offers[action][0], offers[action][1])
					: await gameAction(this.id, /** @type {any} */ (action), body);
			if (this.destroyed) return;
			this.setGame(next);
			if (next.status === 'playing') this.openStream();
		} catch (e) {
			toast(/** @type {Error} */ (e).message);
		}
	}

	flip() {
		this.flipped = !this.isFlipped();
		this.render();
	}

	isFlipped() {
		if (this.flipped !== null) return this.flipped;
		return Boolean(this.game && this.game.you === 'white');
	}

	/** The ply on the board. */
	shownPly() {
		return this.viewPly === null ? this.positions.length - 1 : this.viewPly;
	}

	shownPosition() {
		return this.positions[this.shownPly()] || this.positions[0];
	}

	/** @param {number | null} ply null or the latest ply: back to the game */
	show(ply) {
		if (!this.game) return;
		const latest = this.positions.length - 1;
		this.viewPly = ply === null || ply >= latest ? null : Math.max(0, ply);
		this.input.clear();
		if (this.promo) this.promo.cancel();
		this.render();
	}

	/** @param {number} d */
	step(d) {
		this.show(this.shownPly() + d);
	}

	/** @param {KeyboardEvent} e */
	onKey(e) {
		const el = e.target;
		if (
			el instanceof HTMLInputElement ||
			el instanceof HTMLTextAreaElement ||
			el instanceof HTMLSelectElement
		)
			return;
		if (document.querySelector('dialog[open]')) return;
		const keys = /** @type {Record<string, () => void>} */ ({
			ArrowLeft: () => this.step(-1),
			ArrowRight: () => this.step(1),
			ArrowUp: () => this.show(0),
			Home: () => this.show(0),
			ArrowDown: () => this.show(null),
			End: () => this.show(null),
			f: () => this.flip(),
		});
		const f = keys[e.key];
		if (f && !e.ctrlKey && !e.metaKey && !e.altKey) {
			e.preventDefault();
			f();
		}
	}

	drawBoard() {
		const g = this.game;
		if (!g) return;
		const ply = this.shownPly();
		const pos = this.shownPosition();
		const mv = ply > 0 ? parseUsi(g.moves[ply - 1]) : null;
		const latest = this.viewPly === null;
		const m = this.input.marks();
		const promo = this.promoMove;
		this.board.render({
			pos,
			flipped: this.isFlipped(),
			style: prefs.pieceStyle,
			last: mv ? { from: mv.from, to: mv.to } : null,
			check: latest && g.check ? kingSquare(pos, pos.side) : null,
			selected: promo && !promo.source.endsWith('*') ? promo.source : m.selected,
			dests: m.dests,
			lifted: m.lifted,
			hover: m.hover,
			premove: latest ? this.premoves.squares() : null,
		});
		this.keys.label(pos, {
			selected: m.selected,
			dests: m.dests,
			premove: latest ? this.premoves.squares() : null,
		});
		this.announcer.describe(pos, latest && g.check);
		for (const c of /** @type {Color[]} */ (['black', 'white'])) {
			const mine = g.you === c;
			this.hands[c].render(
				pos.hands[c],
				prefs.pieceStyle,
				mine ? m.handSelected : null,
				mine ? m.handLifted : null,
				this.isFlipped(),
			);
		}
		this.board.el.classList.toggle('interactive', this.canMove());
	}

	/** @param {Color} color */
	playerBar(color) {
		const g = this.game;
		if (!g) return [];
		const p = g[color];
		const name = p ? playerName(p) : g.status === 'waiting' ? t('waiting for an opponent') : '—';
		const rating = p && 'rating' in p ? p.rating : null;
		const change = g.ratings ? ratingDelta(g.ratings[color]) : '';
		const toMove = g.status === 'playing' && g.side === color;
		return [
			h(
				'div',
				{ class: 'who' + (toMove ? ' to-move' : '') },
				h('span', { class: 'side-mark' }, sideLabel(color, g.handicap)),
				p && 'rating' in p
					? h(
							'a',
							{
								class: 'name',
								href: `#/user/${encodeURIComponent(p.name)}`,
								'data-testid': `player-${color}`,
							},
							name,
						)
					: h('span', { class: 'name', 'data-testid': `player-${color}` }, name),
				rating !== null ? h('span', { class: 'rating' }, String(rating)) : null,
				change
					? h(
							'span',
							{
								class:
									'rating-delta' +
									(change[0] === '+' ? ' up' : ' down'),
							},
							change,
						)
					: null,
				g.result === color ? h('span', { class: 'winner' }, t('wins')) : null,
			),
			this.clocks.els[color],
		];
	}

	render() {
		const g = this.game;
		if (!g) return;
		const flipped = this.isFlipped();
		const bottom = flipped ? 'white' : 'black';
		const top = flipped ? 'black' : 'white';
		replace(this.players.top, ...this.playerBar(top));
		replace(this.players.bottom, ...this.playerBar(bottom));
		this.handSlots.top.replaceChildren(this.hands[top].el);
		this.handSlots.bottom.replaceChildren(this.hands[bottom].el);
		this.drawBoard();
		const me = session.me ? session.me.name : null;
		replace(this.status, statusText(g, me));
		const yourTurn = g.status === 'playing' && g.you && g.side === g.you;
		setTitle(
			(yourTurn ? '● ' : '') +
				t('{black} vs {white} · gyoku', {
					black: playerName(g.black),
					white: playerName(g.white),
				}),
		);
		this.status.className = 'status ' + g.status + (yourTurn ? ' your-turn' : '');
		replace(
			this.info,
			h('span', null, timeText(g)),
			h('span', null, handicapName(g.handicap)),
			h('span', null, g.rated ? t('Rated') : t('Casual')),
			h(
				'span',
				{ class: 'watchers', 'data-testid': 'watchers', title: t('spectators') },
				t('{n} watching', { n: g.watchers }),
			),
		);
		const notation = g.notation[prefs.notation];
		const texts = g.moves.map((m, i) => notation[i] || m);
		this.moveList.render(texts, this.shownPly(), this.positions[0].moveNumber);
		replace(this.record, recordHeaders(g));
		this.comment.textContent = moveComment(g, this.shownPly());
		this.comment.hidden = !this.comment.textContent;
		this.backButton.hidden = this.viewPly === null || g.status !== 'playing';
		replace(this.actions, ...actionButtons(g, me, (a) => this.act(a)));
		this.moveBox.update(g);
		replace(
			this.after,
			g.status === 'ended' ? afterGamePanel(g, this.rematch, me, () => this.replay()) : null,
			g.status === 'ended'
				? h(
						'a',
						{
							class: 'btn analysis-open',
							href: `#/analysis/${encodeURIComponent(g.id)}`,
							'data-testid': 'open-analysis',
						},
						t('Analysis board'),
					)
				: null,
		);
		if (!this.exports.firstChild) this.exports.replaceChildren(exportLinks(this.id));
		if (g.status === 'ended' && !this.reviewPanel)
			this.reviewPanel = mountReview(this.reviewSlot, { game: g, onJump: (ply) => this.show(ply) });
		if (this.reviewPanel) this.reviewPanel.setPly(this.shownPly());
	}
}

/**
 * The route handler.
 * @param {HTMLElement} root
 * @param {string} id
 */
export function gamePage(root, id) {
	const page = new GamePage(root, id);
	return { destroy: () => page.destroy() };
}
