/*
 * pages/lobby.js: the lobby (#/): create a game (against the computer at
 * level 1-10, an open seek, or a challenge to a user; time control (a
 * correspondence control as days per move, vacation days and automatic
 * vacation), handicap, colour, rated), the open seeks and challenges to accept, and
 * the signed-in user's games in play (whose turn; a check box for browser
 * notifications of correspondence moves) and recently ended.  The lists are
 * re-read every 10 s while the page is open.  #/?challenge=NAME fills in a
 * challenge; a finished game's "New game" (aftergame.js) fills in its
 * settings: #/?opponent=computer|open&level=N&time=T&handicap=H&color=C&rated=1
 * (&sfen=S for a game from a position).  A start position may be given as
 * SFEN instead of a handicap (never rated), or set up on the board editor
 * (#/editor, "From a position").
 */
import { h, replace } from '../dom.js';
import { gameAction, listGames, session } from '../api.js';
import { gameList } from '../gamelist.js';
import { newGameForm } from '../newgame.js';
import { toast } from '../dialog.js';
import { enableNotify, notifyState, refreshTurns } from '../turns.js';
import { prefs } from '../prefs.js';
import { t } from '../i18n.js';

const REFRESH_MS = 10000;

/** The check box that opts in to browser notifications of correspondence moves (turns.js). */
function notifyBox() {
	const note = h('span', { class: 'hint' });
	const box = h('input', { type: 'checkbox', 'data-testid': 'notify-turns' });
	const show = () => {
		const state = notifyState();
		box.checked = prefs.notify && state === 'granted';
		box.disabled = state === 'unsupported' || state === 'denied';
		replace(
			note,
			state === 'unsupported'
				? t(' (this browser has no notifications)')
				: state === 'denied'
					? t(' (blocked in the browser’s settings)')
					: '',
		);
	};
	box.addEventListener('change', async () => {
		await enableNotify(box.checked);
		show();
	});
	show();
	return h(
		'label',
		{ class: 'check notify' },
		box,
		t('Notify me when it is my turn in a correspondence game'),
		note,
	);
}

/**
 * @param {HTMLElement} root
 * @param {URLSearchParams} query
 */
export function lobbyPage(root, query) {
	const me = session.me ? session.me.name : null;
	const seeks = h('div', { 'data-testid': 'seeks' }, h('p', { class: 'empty' }, t('Loading…')));
	const playing = h('div', { 'data-testid': 'my-playing' });
	const ended = h('div', { 'data-testid': 'my-ended' });
	let destroyed = false;

	/**
	 * @param {string} id
	 * @param {'accept' | 'decline' | 'cancel'} action
	 */
	const act = async (id, action) => {
		try {
			await gameAction(id, action);
			if (action === 'accept') location.hash = `#/game/${encodeURIComponent(id)}`;
			else load();
		} catch (e) {
			toast(/** @type {Error} */ (e).message);
		}
	};
	const isMe = (/** @type {string | null | undefined} */ n) =>
		Boolean(me && n && n.toLowerCase() === me.toLowerCase());
	/** @param {import('../types.js').GameSummary} g */
	const seekButtons = (g) => {
		if (!me) return [];
		const b = (/** @type {'accept' | 'decline' | 'cancel'} */ a, /** @type {string} */ label, cls = '') =>
			h(
				'button',
				{
					class: 'btn small ' + cls,
					'data-testid': a,
					'data-game': g.id,
					onclick: () => act(g.id, a),
				},
				label,
			);
		if (isMe(g.creator)) return [b('cancel', t('Cancel'))];
		if (isMe(g.challenged)) return [b('accept', t('Accept'), 'primary'), b('decline', t('Decline'))];
		return g.challenged ? [] : [b('accept', t('Accept'), 'primary')];
	};

	const load = async () => {
		try {
			const list = await listGames('status=waiting');
			if (!destroyed)
				replace(seeks, gameList(list, me, seekButtons, t('No open seeks. Create one!')));
		} catch (e) {
			if (!destroyed) replace(seeks, h('p', { class: 'empty' }, /** @type {Error} */ (e).message));
		}
		if (!me) return;
		try {
			const [p, d] = await Promise.all([
				listGames(`user=${encodeURIComponent(me)}&status=playing`),
				listGames(`user=${encodeURIComponent(me)}&status=ended&limit=20`),
			]);
			if (destroyed) return;
			replace(playing, gameList(p, me, undefined, t('No games in play.')));
			refreshTurns();
			replace(ended, gameList(d, me, undefined, t('No finished games yet.')));
		} catch (e) {
			if (!destroyed) replace(playing, h('p', { class: 'empty' }, /** @type {Error} */ (e).message));
		}
	};

	const left = me
		? newGameForm(query)
		: h(
				'div',
				{ class: 'card welcome' },
				h('h2', null, t('Play shogi')),
				h(
					'p',
					null,
					t(
						'Play against the computer at ten levels of strength, seek an opponent, or challenge a friend, live or by correspondence.',
					),
				),
				h(
					'p',
					null,
					h(
						'a',
						{
							class: 'btn primary',
							href: '#/signup',
							'data-testid': 'goto-signup',
						},
						t('Sign up'),
					),
					' ',
					h(
						'a',
						{ class: 'btn', href: '#/login', 'data-testid': 'goto-login' },
						t('Log in'),
					),
				),
				h(
					'p',
					null,
					t(
						'With an account you can also import a record (KIF, KI2, CSA, JKF) to replay it.',
					),
				),
			);
	root.replaceChildren(
		h(
			'div',
			{ class: 'lobby' },
			left,
			h(
				'div',
				{ class: 'lobby-lists' },
				h(
					'p',
					{ class: 'lobby-tools' },
					h(
						'a',
						{ class: 'btn', href: '#/analysis', 'data-testid': 'goto-analysis' },
						t('Analysis board'),
					),
					h('a', { class: 'btn', href: '#/editor' }, t('Board editor')),
				),
				h('section', { class: 'card' }, h('h2', null, t('Open seeks and challenges')), seeks),
				me
					? h(
							'section',
							{ class: 'card' },
							h('h2', null, t('My games in play')),
							playing,
							notifyBox(),
						)
					: null,
				me
					? h(
							'section',
							{ class: 'card' },
							h('h2', null, t('Recently finished')),
							ended,
							h(
								'p',
								null,
								h(
									'a',
									{ href: `#/user/${encodeURIComponent(me)}` },
									t('All my games'),
								),
							),
						)
					: null,
			),
		),
	);
	load();
	const timer = setInterval(load, REFRESH_MS);
	return {
		destroy() {
			destroyed = true;
			clearInterval(timer);
		},
	};
}
