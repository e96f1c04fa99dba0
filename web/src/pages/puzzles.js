/*
 * pages/puzzles.js: tsume puzzles (#/puzzles[?theme=3], #/puzzles/daily,
 * #/puzzles/ID; docs/server.md "Puzzles").  The board from the attacker's
 * side; the player moves as in a game (click, drag, drops) among the
 * legal moves the server sent; each move is judged by the server: a right
 * move is answered by the defender's (after a pause, its piece sliding), a wrong one
 * shown with its reason and taken back, the last one solves the puzzle.
 * "Show solution" plays the line from the start; "Next puzzle" asks for
 * one near the player's rating, of the theme chosen.  The player's puzzle
 * rating and its change, and the puzzle's rating, are shown: a signed-in
 * player's is the server's, a visitor's is kept in localStorage
 * (puzzlestore.js) and sent with the first result of each puzzle.
 */
import { api, session, ApiError } from '../api.js';
import { BoardView } from '../board.js';
import { HandView } from '../hand.js';
import { MoveInput } from '../input.js';
import { BoardKeys } from '../keyboard.js';
import { promotionChoice, usiMove } from '../legal.js';
import { showPromotion } from '../promotion.js';
import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { prefs } from '../prefs.js';
import { applyMove, parseSfen, parseUsi, unpromoted } from '../sfen.js';
import { setTitle } from '../turns.js';
import { markRated, ratedIds, saveVisitorRating, visitorRating, EXCLUDE_MAX } from '../puzzlestore.js';
import { loadRules } from '../rules.js';
import { lineText, moveText as notationText } from '../notation.js';

/** @typedef {import('../types.js').Puzzle} Puzzle */
/** @typedef {import('../sfen.js').Position} Position */
/** @typedef {import('../sfen.js').Color} Color */

/** How long a reply or a solution's move waits before it is shown, and a wrong move before it is taken back. */
const REPLY_MS = 450;
const TAKEBACK_MS = 1400;
/** How long the defender's reply and a solution's move slide. */
const SLIDE_MS = 260;
const THEMES = [1, 3, 5, 7, 9, 11, 13, 15];
/** The puzzles shown in this tab, newest last: "Next puzzle" asks for another. @type {string[]} */
const seenHere = [];

/**
 * The reason of a wrong move, in words.
 * @param {{verdict: string, reply: string | null, mate_length: number | null}} a
 * @param {string} reply the defender's answer in words ("" none)
 */
function reasonText(a, reply) {
	switch (a.verdict) {
		case 'illegal':
			return t('Illegal move.');
		case 'not-check':
			return t('Not a check: every move of a tsume must give check.');
		case 'no-mate':
			return reply
				? t('No mate: the king escapes with {move}.', { move: reply })
				: t('No mate: the king escapes.');
		case 'longer':
			return t('It mates, but in {n} moves: longer than this puzzle.', { n: a.mate_length || 0 });
		case 'not-mate':
			return reply ? t('Check, but not mate: {move}.', { move: reply }) : t('Check, but not mate.');
		default:
			return t('Not the solution.');
	}
}

/** @param {number} x */
const signed = (x) => (x >= 0 ? '+' : '−') + Math.abs(Math.round(x));

/**
 * A puzzle move in words, in the notation the player chose (prefs.js), with the side's mark.
 * @param {Position} pos the position before the move
 * @param {string} usi
 */
function moveText(pos, usi) {
	return notationText(pos, usi, null, prefs.notation);
}

/**
 * The solution's moves in words (同 where it fits), or in USI when the rules module is not loaded.
 * @param {Position} start
 * @param {string[]} line
 */
function solutionText(start, line) {
	const words = lineText(start, line, null, prefs.notation);
	return (words.length === line.length ? words : line).join(' ');
}

/**
 * @param {HTMLElement} root
 * @param {string | null} which a puzzle id, "daily", or null (the next puzzle)
 * @param {URLSearchParams} query
 */
export function puzzlesPage(root, which, query) {
	let destroyed = false;
	/** @type {Puzzle | null} */
	let puzzle = null;
	/** @type {string | null} */
	let day = null;
	/** The line's moves played so far. @type {string[]} */
	let moves = [];
	/** @type {Position[]} element i: after i moves */
	let positions = [];
	/** A wrong move shown before it is taken back. @type {string | null} */
	let shownWrong = null;
	/** @type {string[]} */
	let legal = [];
	let busy = false;
	let done = false;
	/** A result has been rated on this page (a visitor's is sent once). */
	let rated = false;
	/** @type {ReturnType<typeof setTimeout>[]} */
	const timers = [];
	/** @type {{cancel: () => void} | null} */
	let promo = null;
	/** @type {{source: string, to: string} | null} */
	let promoMove = null;
	const theme = query.get('theme') || '';

	const board = new BoardView();
	const hands = { black: new HandView('black'), white: new HandView('white') };
	const input = new MoveInput({
		board,
		hands: [hands.black, hands.white],
		context: () => ({
			enabled: canMove(),
			color: puzzle ? puzzle.side : 'black',
			legal: canMove() ? legal : [],
			pos: shown(),
			style: prefs.pieceStyle,
		}),
		redraw: () => drawBoard(),
		move: (source, to, piece) => tryMove(source, to, piece),
	});
	const keys = new BoardKeys({ board, hands: [hands.black, hands.white], input });

	const title = h('h1', { class: 'puzzle-title', 'data-testid': 'puzzle-title' });
	const about = h('div', { class: 'puzzle-about' });
	const status = h(
		'p',
		{ class: 'puzzle-status', 'data-testid': 'puzzle-status', role: 'status' },
		t('Loading…'),
	);
	const mine = h('div', { class: 'puzzle-mine', 'data-testid': 'puzzle-player' });
	const solutionBtn = h(
		'button',
		{ class: 'btn', 'data-testid': 'puzzle-solution', onclick: () => showSolution() },
		t('Show solution'),
	);
	const nextBtn = h(
		'button',
		{ class: 'btn primary', 'data-testid': 'puzzle-next', onclick: () => next() },
		t('Next puzzle'),
	);
	const themeLinks = h(
		'nav',
		{ class: 'puzzle-themes', 'data-testid': 'puzzle-themes', 'aria-label': t('Themes') },
		h('a', { href: '#/puzzles/daily', 'data-testid': 'puzzle-daily' }, t('Daily puzzle')),
		h('a', { href: '#/puzzles', class: theme ? '' : 'current' }, t('All')),
		...THEMES.map((n) =>
			h(
				'a',
				{ href: `#/puzzles?theme=${n}`, class: theme === String(n) ? 'current' : '' },
				t('Mate in {n}', { n }),
			),
		),
	);
	const handSlots = {
		top: h('div', { class: 'hand-slot top' }),
		bottom: h('div', { class: 'hand-slot bottom' }),
	};
	root.replaceChildren(
		h(
			'div',
			{ class: 'game-page puzzle-page', 'data-testid': 'puzzle-page' },
			h('div', { class: 'player top puzzle-head' }, title, about),
			handSlots.top,
			h('div', { class: 'board-slot' }, board.el),
			handSlots.bottom,
			h('div', { class: 'player bottom' }, mine),
			h(
				'aside',
				{ class: 'side-panel' },
				status,
				h('div', { class: 'actions puzzle-actions' }, solutionBtn, nextBtn),
				themeLinks,
			),
		),
	);

	/** The position on the board. */
	function shown() {
		const p = positions[moves.length];
		return shownWrong ? applyMove(p, shownWrong) : p;
	}

	function canMove() {
		return Boolean(puzzle) && !busy && !done && !shownWrong && !promo && moves.length % 2 === 0;
	}

	function drawBoard() {
		if (!puzzle) return;
		const pos = shown();
		const lastUsi = shownWrong || (moves.length ? moves[moves.length - 1] : null);
		const mv = lastUsi ? parseUsi(lastUsi) : null;
		const m = input.marks();
		const flipped = puzzle.side === 'white';
		board.render({
			pos,
			flipped,
			style: prefs.pieceStyle,
			last: mv ? { from: mv.from, to: mv.to } : null,
			check: null,
			selected: promoMove && !promoMove.source.endsWith('*') ? promoMove.source : m.selected,
			dests: m.dests,
			lifted: m.lifted,
			hover: m.hover,
		});
		keys.label(pos, { selected: m.selected, dests: m.dests, premove: null });
		for (const c of /** @type {Color[]} */ (['black', 'white'])) {
			const own = c === puzzle.side;
			hands[c].render(
				pos.hands[c],
				prefs.pieceStyle,
				own ? m.handSelected : null,
				own ? m.handLifted : null,
				flipped,
			);
		}
		handSlots.top.replaceChildren(hands[puzzle.side === 'black' ? 'white' : 'black'].el);
		handSlots.bottom.replaceChildren(hands[puzzle.side].el);
		board.el.classList.toggle('interactive', canMove());
	}

	/**
	 * The status line: its text and a verdict for the tests and the colour.
	 * @param {string} text
	 * @param {string} verdict
	 */
	function say(text, verdict) {
		status.textContent = text;
		status.setAttribute('data-verdict', verdict);
	}

	/** @param {{rating: number, rd: number} | null} r @param {number | null} change */
	function drawMine(r, change) {
		const you = session.me ? session.me.name : t('You (not signed in)');
		replace(
			mine,
			h('span', { class: 'name' }, you),
			r
				? h(
						'span',
						{
							class: 'rating',
							'data-testid': 'puzzle-player-rating',
							title: t('Your puzzle rating'),
						},
						t('Puzzle rating {r}', { r: Math.round(r.rating) }),
					)
				: null,
			change !== null
				? h(
						'span',
						{
							class: 'rating-delta ' + (change >= 0 ? 'up' : 'down'),
							'data-testid': 'puzzle-rating-change',
						},
						signed(change),
					)
				: null,
		);
	}

	function drawAbout() {
		if (!puzzle) return;
		replace(
			title,
			day ? t('Daily puzzle · {day}', { day }) + ' · ' : '',
			t('Mate in {n}', { n: puzzle.length }),
		);
		replace(
			about,
			h('span', null, puzzle.side === 'black' ? t('☗ Sente to play') : t('☖ Gote to play')),
			h(
				'span',
				{ 'data-testid': 'puzzle-rating', title: t("The puzzle's rating") },
				t('Puzzle {r}', { r: Math.round(puzzle.rating) }),
			),
		);
	}

	/** @param {Puzzle} p */
	function setPuzzle(p) {
		puzzle = p;
		day = p.day || null;
		if (!seenHere.includes(p.id)) seenHere.push(p.id);
		moves = [];
		positions = [parseSfen(p.sfen)];
		legal = p.legal;
		done = false;
		shownWrong = null;
		rated = Boolean(p.attempt) || (!session.me && ratedIds().includes(p.id));
		setTitle(t('Mate in {n}', { n: p.length }) + ' · ' + t('Puzzles · gyoku'));
		if (!day && which !== p.id) history.replaceState(null, '', `#/puzzles/${p.id}`);
		drawAbout();
		drawMine(session.me ? p.player : visitorRating(), null);
		say(t('Find the mate in {n}: every move a check.', { n: p.length }), 'play');
		drawBoard();
	}

	async function load() {
		// The moves' words are libgyoku's (notation.js, in WebAssembly), loaded once before the first
		// puzzle; without them a move is written in USI (the server judges the moves).
		await loadRules().catch(() => {});
		if (destroyed) return;
		try {
			let path;
			if (which === 'daily') path = '/api/puzzles/daily';
			else if (which) path = '/api/puzzles/' + encodeURIComponent(which);
			else {
				const q = new URLSearchParams();
				if (theme) q.set('theme', theme);
				if (!session.me) q.set('rating', String(Math.round(visitorRating().rating)));
				const ex = [...new Set([...(session.me ? [] : ratedIds()), ...seenHere])].slice(
					-EXCLUDE_MAX,
				);
				if (ex.length) q.set('exclude', ex.join(','));
				const qs = q.toString();
				path = '/api/puzzles/next' + (qs ? '?' + qs : '');
			}
			const p = /** @type {Puzzle} */ (await api('GET', path));
			if (!destroyed) setPuzzle(p);
		} catch (e) {
			if (!destroyed) say(/** @type {Error} */ (e).message, 'error');
		}
	}

	/** The rating to send with a result: a visitor's, the first time only. */
	function ratingToSend() {
		return !session.me && !rated ? visitorRating() : undefined;
	}

	/**
	 * A result the server rated: the player's new rating and its change, the puzzle's.
	 * @param {{solved: boolean, player: {rating: number, rd: number, vol: number, attempts: number}, change: number, puzzle_rating: number} | null} res
	 */
	function took(res) {
		if (!puzzle) return;
		if (!session.me && !rated) markRated(puzzle.id);
		rated = true;
		if (!res) return;
		if (!session.me) saveVisitorRating(res.player);
		puzzle = { ...puzzle, rating: res.puzzle_rating };
		drawAbout();
		drawMine(res.player, res.change);
	}

	/**
	 * @param {string} source
	 * @param {string} to
	 * @param {string} piece
	 */
	function tryMove(source, to, piece) {
		const choice = promotionChoice(legal, source, to);
		if (choice === 'illegal') return;
		if (choice !== 'choose') {
			send(usiMove(source, to, choice === 'promote'));
			return;
		}
		promoMove = { source, to };
		drawBoard();
		promo = showPromotion(board, to, unpromoted(piece), prefs.pieceStyle, (yes) => {
			promo = null;
			promoMove = null;
			if (yes === null) drawBoard();
			else send(usiMove(source, to, yes));
		});
	}

	/**
	 * Slides the piece of a move just drawn from its square to its destination (a drop fades in),
	 * drawn above the other squares; a redraw while it slides only ends the slide.
	 * @param {string} usi
	 */
	function slide(usi) {
		const m = parseUsi(usi);
		const g = m ? board.squares.get(m.to) : null;
		const glyph = g ? /** @type {SVGElement | null} */ (g.querySelector('.piece')) : null;
		if (!m || !g || !glyph || typeof glyph.animate !== 'function') return;
		if (g.parentNode) g.parentNode.appendChild(g);
		const base = (glyph.getAttribute('transform') || '')
			.replace(/translate\(([-\d.]+)[ ,]+([-\d.]+)\)/, 'translate($1px, $2px)')
			.replace(/rotate\(([-\d.]+)\)/, 'rotate($1deg)');
		if (!m.from) {
			glyph.animate([{ opacity: 0 }, { opacity: 1 }], { duration: SLIDE_MS, easing: 'ease-out' });
			return;
		}
		const a = board.squareXY(m.from),
			b = board.squareXY(m.to);
		glyph.animate(
			[{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) ${base}` }, { transform: base }],
			{ duration: SLIDE_MS, easing: 'ease-out' },
		);
	}

	/** @param {() => void} f @param {number} ms */
	function later(f, ms) {
		timers.push(
			setTimeout(() => {
				if (!destroyed) f();
			}, ms),
		);
	}

	/** @param {string} move */
	async function send(move) {
		if (!puzzle) return;
		const p = puzzle;
		const before = positions[moves.length];
		busy = true;
		shownWrong = move;
		drawBoard();
		/** @type {any} */
		let a;
		try {
			a = await api('POST', `/api/puzzles/${encodeURIComponent(p.id)}/moves`, {
				moves: [...moves, move],
				rating: ratingToSend(),
			});
		} catch (e) {
			busy = false;
			shownWrong = null;
			if (!destroyed) {
				say(e instanceof ApiError ? e.message : String(e), 'error');
				drawBoard();
			}
			return;
		}
		if (destroyed || puzzle !== p) return;
		const answer = /** @type {import('../types.js').PuzzleMoveAnswer} */ (a);
		if (answer.result || answer.verdict !== 'right') {
			if (answer.verdict !== 'illegal') took(answer.result);
		}
		if (answer.verdict === 'right' || answer.verdict === 'solved') {
			shownWrong = null;
			moves = [...moves, move];
			positions = [...positions.slice(0, moves.length), applyMove(before, move)];
			if (answer.verdict === 'solved') {
				busy = false;
				done = true;
				say(t('Solved!'), 'solved');
				drawBoard();
				return;
			}
			say(t('Right. The defender answers…'), 'right');
			drawBoard();
			const reply = /** @type {string} */ (answer.reply);
			later(() => {
				const at = positions[moves.length];
				moves = [...moves, reply];
				positions = [...positions, applyMove(at, reply)];
				legal = answer.legal || [];
				busy = false;
				say(t('{move}. Your move.', { move: moveText(at, reply) }), 'right');
				drawBoard();
				slide(reply);
			}, REPLY_MS);
			return;
		}
		const replyWords = answer.reply ? moveText(applyMove(before, move), answer.reply) : '';
		say(reasonText(answer, replyWords), answer.verdict);
		drawBoard();
		later(() => {
			shownWrong = null;
			busy = false;
			drawBoard();
		}, TAKEBACK_MS);
	}

	async function showSolution() {
		if (!puzzle || busy) return;
		const p = puzzle;
		busy = true;
		/** @type {any} */
		let a;
		try {
			a = await api('POST', `/api/puzzles/${encodeURIComponent(p.id)}/solution`, {
				rating: ratingToSend(),
			});
		} catch (e) {
			busy = false;
			if (!destroyed) say(e instanceof ApiError ? e.message : String(e), 'error');
			return;
		}
		if (destroyed || puzzle !== p) return;
		const answer = /** @type {import('../types.js').PuzzleSolution} */ (a);
		took(answer.result);
		done = true;
		shownWrong = null;
		moves = [];
		positions = [positions[0]];
		say(t('The solution:') + ' ' + solutionText(positions[0], answer.solution), 'solution');
		drawBoard();
		answer.solution.forEach((m, i) =>
			later(
				() => {
					moves = [...moves, m];
					positions = [...positions, applyMove(positions[positions.length - 1], m)];
					if (i === answer.solution.length - 1) busy = false;
					drawBoard();
					slide(m);
				},
				REPLY_MS * (i + 1),
			),
		);
	}

	function next() {
		const target = theme ? `#/puzzles?theme=${encodeURIComponent(theme)}` : '#/puzzles';
		if (location.hash === target) {
			which = null;
			load();
		} else location.hash = target;
	}

	load();
	return {
		destroy() {
			destroyed = true;
			for (const x of timers) clearTimeout(x);
			if (promo) promo.cancel();
			input.destroy();
		},
	};
}
