/*
 * pages/editor.js: the board editor (#/editor[?sfen=...]): set up any
 * position and start a game from it.  A palette of both sides' pieces
 * (choose one, then click squares to place it; a piece clicked again, or
 * clicked with no piece chosen, turns promoted, then the other side's,
 * then goes), the eraser and promotion tools, right click to remove, a
 * piece dragged to another square moves there; each side's pieces in
 * hand counted up and down within the set; the side to move; the start
 * position, kings only, flip, clear hands; the SFEN as text, read as it
 * is typed (a text that is no SFEN says why); the page's link, kept in
 * the address bar; what is wrong with the position (editorpos.js), then
 * "Play from this position" against the computer, a friend or anyone,
 * made by POST /api/games with "sfen" (the server's refusal shown in
 * the interface's language).
 */
import { h, replace } from '../dom.js';
import { BoardView } from '../board.js';
import { pieceSvg } from '../pieces.js';
import { HAND_ORDER, colored, pieceAt, toSfen } from '../sfen.js';
import { session } from '../api.js';
import { newGameForm } from '../newgame.js';
import { prefs } from '../prefs.js';
import { t } from '../i18n.js';
import { analysisLink } from '../analysisview.js';
import {
	PALETTE,
	SET_COUNTS,
	addToHand,
	clearHands,
	cyclePiece,
	editorLink,
	fitsSet,
	kingsPos,
	movePiece,
	pieceCounts,
	positionProblems,
	putPiece,
	readSfen,
	sfenOfLink,
	startPos,
	togglePromotion,
	withSide,
} from '../editorpos.js';

/** @typedef {import('../sfen.js').Position} Position */
/** @typedef {import('../sfen.js').Color} Color */

/**
 * @param {HTMLElement} root
 * @param {URLSearchParams} query
 */
export function editorPage(root, query) {
	const given = query.get('sfen');
	const first = given ? readSfen(sfenOfLink(given)) : null;
	/** The position being edited. */
	let pos = first && 'pos' in first ? first.pos : startPos();
	let flipped = false;
	/** The tool: a piece letter to place, "erase", "promote", or null (a click cycles the piece). */
	let tool = /** @type {string | null} */ (null);
	/** The square a pointer went down on (a drag's start). */
	let downAt = /** @type {string | null} */ (null);

	const board = new BoardView();
	board.el.classList.add('interactive', 'editor-board');
	const palettes = { black: h('div', { class: 'palette' }), white: h('div', { class: 'palette' }) };
	const hands = { black: h('div', { class: 'editor-hand' }), white: h('div', { class: 'editor-hand' }) };
	const eraser = h(
		'button',
		{ type: 'button', class: 'btn small tool', 'data-testid': 'editor-erase', 'aria-pressed': 'false' },
		t('Remove'),
	);
	const promoter = h(
		'button',
		{ type: 'button', class: 'btn small tool', 'data-testid': 'editor-promote', 'aria-pressed': 'false' },
		t('Promote'),
	);
	const side = /** @type {HTMLSelectElement} */ (
		h(
			'select',
			{ name: 'side', 'data-testid': 'editor-side' },
			h('option', { value: 'black' }, t('☗ Sente (Black)')),
			h('option', { value: 'white' }, t('☖ Gote (White)')),
		)
	);
	const sfen = /** @type {HTMLInputElement} */ (
		h('input', {
			name: 'sfen',
			class: 'sfen-text',
			spellcheck: false,
			autocomplete: 'off',
			'data-testid': 'editor-sfen',
			'aria-label': 'SFEN',
		})
	);
	const sfenError = h('p', { class: 'form-error', 'data-testid': 'editor-sfen-error', role: 'alert' });
	const problems = h('ul', { class: 'editor-problems', 'data-testid': 'editor-problems' });
	const link = h('a', { 'data-testid': 'editor-link', class: 'editor-link' }, t('Link to this position'));
	const button = (/** @type {string} */ id, /** @type {string} */ label, /** @type {() => void} */ fn) =>
		h('button', { type: 'button', class: 'btn small', 'data-testid': id, onclick: fn }, label);

	/** Sets the position and draws it all (the text field too, unless it is being typed in). */
	const set = (/** @type {Position} */ next, fromText = false) => {
		pos = next;
		if (!fromText) {
			sfen.value = toSfen(pos);
			replace(sfenError);
		}
		draw();
	};

	const draw = () => {
		board.render({
			pos,
			flipped,
			style: prefs.pieceStyle,
			last: null,
			check: null,
			selected: null,
			dests: new Set(),
			lifted: null,
			hover: null,
		});
		const counts = pieceCounts(pos);
		for (const color of /** @type {Color[]} */ (['black', 'white'])) {
			replace(
				palettes[color],
				...PALETTE.map((k) => {
					const piece = colored(k, color);
					return h(
						'button',
						{
							type: 'button',
							class: 'palette-piece' + (tool === piece ? ' selected' : ''),
							'data-testid': 'palette-piece',
							'data-piece': piece,
							'aria-pressed': String(tool === piece),
							title: piece,
							onclick: () => choose(tool === piece ? null : piece),
						},
						pieceSvg(piece, prefs.pieceStyle, flipped),
					);
				}),
			);
			replace(
				hands[color],
				h('span', { class: 'hand-title' }, color === 'black' ? t('☗ in hand') : t('☖ in hand')),
				...HAND_ORDER.map((k) => {
					const n = pos.hands[color][k] || 0;
					return h(
						'div',
						{
							class: 'hand-kind' + (n ? '' : ' none'),
							'data-hand': color,
							'data-piece': colored(k, color),
							'data-count': n,
						},
						h(
							'button',
							{
								type: 'button',
								class: 'btn small step',
								'data-testid': 'hand-plus',
								disabled: counts[k] >= SET_COUNTS[k],
								'aria-label': t('One more in hand'),
								onclick: () => set(addToHand(pos, color, k, 1)),
							},
							'+',
						),
						pieceSvg(colored(k, color), prefs.pieceStyle, flipped),
						h('span', { class: 'count' }, n),
						h(
							'button',
							{
								type: 'button',
								class: 'btn small step',
								'data-testid': 'hand-minus',
								disabled: !n,
								'aria-label': t('One fewer in hand'),
								onclick: () => set(addToHand(pos, color, k, -1)),
							},
							'−',
						),
					);
				}),
			);
		}
		eraser.classList.toggle('selected', tool === 'erase');
		eraser.setAttribute('aria-pressed', String(tool === 'erase'));
		promoter.classList.toggle('selected', tool === 'promote');
		promoter.setAttribute('aria-pressed', String(tool === 'promote'));
		side.value = pos.side;
		const found = positionProblems(pos);
		replace(problems, ...found.map((p) => h('li', null, p)));
		problems.hidden = !found.length;
		const href = editorLink(pos);
		link.setAttribute('href', href);
		if (location.hash.startsWith('#/editor')) history.replaceState(history.state, '', href);
		// The top hand and palette are the side at the top of the board.
		topSlot.replaceChildren(palettes[flipped ? 'black' : 'white'], hands[flipped ? 'black' : 'white']);
		bottomSlot.replaceChildren(hands[flipped ? 'white' : 'black'], palettes[flipped ? 'white' : 'black']);
	};

	const choose = (/** @type {string | null} */ next) => {
		tool = next;
		draw();
	};

	/** What a click (or tap) on a square does with the tool in hand. */
	const click = (/** @type {string} */ sq) => {
		const here = pieceAt(pos, sq);
		if (tool === 'erase') return here ? set(putPiece(pos, sq, null)) : undefined;
		if (tool === 'promote') return here ? set(putPiece(pos, sq, togglePromotion(here))) : undefined;
		if (tool && here !== tool) {
			if (!fitsSet(pos, tool, sq)) return note(t('The set has no more of this piece.'));
			return set(putPiece(pos, sq, tool));
		}
		if (here) set(putPiece(pos, sq, cyclePiece(here)));
	};

	const noteLine = h('p', { class: 'hint', 'data-testid': 'editor-note', role: 'status' });
	const note = (/** @type {string} */ text) => replace(noteLine, text);

	board.el.addEventListener('pointerdown', (e) => {
		if (e.button !== 0) return;
		downAt = board.squareAt(e.clientX, e.clientY);
		note('');
	});
	board.el.addEventListener('pointerup', (e) => {
		if (e.button !== 0 || !downAt) return;
		const from = downAt;
		downAt = null;
		const to = board.squareAt(e.clientX, e.clientY);
		if (!to) return;
		if (to === from) click(to);
		else if (pieceAt(pos, from)) set(movePiece(pos, from, to));
	});
	board.el.addEventListener('pointercancel', () => (downAt = null));
	board.el.addEventListener('contextmenu', (e) => {
		e.preventDefault();
		const sq = board.squareAt(e.clientX, e.clientY);
		if (sq && pieceAt(pos, sq)) set(putPiece(pos, sq, null));
	});
	eraser.addEventListener('click', () => choose(tool === 'erase' ? null : 'erase'));
	promoter.addEventListener('click', () => choose(tool === 'promote' ? null : 'promote'));
	side.addEventListener('change', () => set(withSide(pos, /** @type {Color} */ (side.value))));
	sfen.addEventListener('input', () => {
		const r = readSfen(sfen.value);
		if ('error' in r) return replace(sfenError, r.error);
		replace(sfenError);
		set(r.pos, true);
	});

	const topSlot = h('div', { class: 'editor-slot top' });
	const bottomSlot = h('div', { class: 'editor-slot bottom' });
	const tools = h(
		'div',
		{ class: 'card editor-tools' },
		h('h1', null, t('Board editor')),
		h('div', { class: 'row-buttons wrap' }, eraser, promoter),
		h(
			'p',
			{ class: 'hint' },
			t(
				'Choose a piece, then click squares to place it. Click a piece to promote it, give it to the other side or remove it; right click removes; drag to move.',
			),
		),
		noteLine,
		h('label', { class: 'inline' }, t('Side to move'), side),
		h(
			'div',
			{ class: 'row-buttons wrap' },
			button('editor-start', t('Starting position'), () => set(startPos())),
			button('editor-kings', t('Empty board'), () => set(kingsPos())),
			button('editor-flip', t('Flip board'), () => {
				flipped = !flipped;
				draw();
			}),
			button('editor-clear-hands', t('Clear hands'), () => set(clearHands(pos))),
			button('editor-analyse', t('Analyse'), () => {
				location.hash = analysisLink(toSfen(pos), []);
			}),
		),
		h('label', null, 'SFEN', sfen),
		sfenError,
		problems,
		h('p', null, link),
	);

	const play = playForm(
		() => pos,
		() => positionProblems(pos),
	);
	root.replaceChildren(
		h(
			'div',
			{ class: 'editor-page', 'data-testid': 'editor' },
			h(
				'div',
				{ class: 'editor-board-col' },
				topSlot,
				h('div', { class: 'board-slot' }, board.el),
				bottomSlot,
			),
			h('div', { class: 'editor-side' }, tools, play),
		),
	);
	set(pos);
	if (first && 'error' in first) {
		sfen.value = sfenOfLink(given || '');
		replace(sfenError, first.error);
	}
	return { destroy() {} };
}

/**
 * "Play from this position": the new-game form (newgame.js) with the editor's position as
 * the start; a visitor is asked to log in first.
 * @param {() => Position} current
 * @param {() => string[]} problems
 */
function playForm(current, problems) {
	if (!session.me) {
		const next = encodeURIComponent(editorLink(current()));
		return h(
			'div',
			{ class: 'card' },
			h('h2', null, t('Play from this position')),
			h(
				'p',
				null,
				h('a', { class: 'btn primary', href: `#/login?next=${next}` }, t('Log in')),
				' ',
				t('to play from this position.'),
			),
		);
	}
	return newGameForm(new URLSearchParams({ opponent: 'computer', time: '10m+30s', color: 'black' }), {
		sfen: () => toSfen(current()),
		problems,
	});
}
