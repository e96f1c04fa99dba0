/*
 * pages/user.js: a user's page (#/user/NAME): rating, games in play and
 * finished games (GET /api/users/NAME and GET /api/games?user=NAME), with
 * a "Challenge" link for another signed-in user and paging to older games;
 * the user's wins, losses and draws and rating graph (profile.js), and a
 * filter of the finished games (rated, time-control kind, result, opponent);
 * on the signed-in user's own page, the form that changes their password.
 */
import { h, replace } from '../dom.js';
import { changePassword, getUser, listGames, session, ApiError } from '../api.js';
import { gameList } from '../gamelist.js';
import { profileStats } from '../profile.js';
import { t, tn } from '../i18n.js';

const PAGE = 30;

/** The form that changes the signed-in user's password (POST /api/password). */
function passwordForm() {
	const input = (/** @type {string} */ name, /** @type {string} */ testid, /** @type {string} */ auto) =>
		h('input', {
			type: 'password',
			name,
			autocomplete: auto,
			required: true,
			'data-testid': testid,
		});
	const current = input('current', 'password-current', 'current-password');
	const next = input('new', 'password-new', 'new-password');
	const again = input('again', 'password-again', 'new-password');
	const message = h('p', { class: 'form-message', 'data-testid': 'password-message', role: 'status' });
	const button = h(
		'button',
		{ class: 'btn primary', type: 'submit', 'data-testid': 'password-submit' },
		t('Change'),
	);
	const form = h(
		'form',
		{ class: 'card form', 'data-testid': 'password-form' },
		h('h2', null, t('Change the password')),
		h('label', null, t('Current password'), current),
		h('label', null, t('New password'), next),
		h('label', null, t('New password again'), again),
		message,
		button,
	);
	form.addEventListener('submit', async (e) => {
		e.preventDefault();
		const [c, n, a] = [current, next, again].map((i) => /** @type {HTMLInputElement} */ (i).value);
		message.className = 'form-error';
		if (n !== a) {
			message.textContent = t('The new passwords differ.');
			return;
		}
		button.disabled = true;
		try {
			await changePassword(c, n);
			form.reset();
			message.className = 'form-message';
			message.textContent = t('Password changed. Your other sessions are signed out.');
		} catch (err) {
			message.textContent = /** @type {Error} */ (err).message;
		} finally {
			button.disabled = false;
		}
	});
	return form;
}

/**
 * @param {HTMLElement} root
 * @param {string} name
 */
export function userPage(root, name) {
	const me = session.me ? session.me.name : null;
	const head = h('div', { class: 'card user-head' }, h('h1', { 'data-testid': 'user-name' }, name));
	const playing = h('div', { 'data-testid': 'user-playing' });
	const ended = h('div', { 'data-testid': 'user-ended' });
	const more = h('button', { class: 'btn', 'data-testid': 'older', hidden: true }, t('Older games'));
	const select = (/** @type {string} */ name, /** @type {string} */ label, /** @type {string[][]} */ options) =>
		h(
			'select',
			{ name, 'aria-label': label },
			...options.map(([value, text]) => h('option', { value }, text)),
		);
	const filter = /** @type {HTMLFormElement} */ (
		h(
			'form',
			{ class: 'games-filter', 'data-testid': 'games-filter' },
			select('filter_rated', t('rated or not'), [
				['', t('Rated or casual')],
				['true', t('Rated')],
				['false', t('Casual')],
			]),
			select('filter_kind', t('time control'), [
				['', t('Any time control')],
				['live', t('Live')],
				['correspondence', t('Correspondence')],
				['untimed', t('Untimed')],
			]),
			select('filter_result', t('result'), [
				['', t('Any result')],
				['won', t('Won')],
				['lost', t('Lost')],
				['drawn', t('Drawn')],
			]),
			h('input', {
				name: 'filter_opponent',
				placeholder: t('Opponent'),
				'aria-label': t('opponent'),
				autocomplete: 'off',
			}),
		)
	);
	/** The filter's query: the fields set, as GET /api/games takes them. */
	const filterQuery = () => {
		let out = '';
		for (const k of ['rated', 'kind', 'result', 'opponent']) {
			const el = /** @type {HTMLInputElement | null} */ (filter.elements.namedItem(`filter_${k}`));
			const v = el ? el.value.trim() : '';
			if (v) out += `&${k}=${encodeURIComponent(v)}`;
		}
		return out;
	};
	/** @type {import('../types.js').GameSummary[]} */
	let endedGames = [];
	let destroyed = false;
	/** The reads of the finished games so far: only the latest one's answer is shown. */
	let reads = 0;
	root.replaceChildren(
		h(
			'div',
			{ class: 'user-page' },
			head,
			h('section', { class: 'card' }, h('h2', null, t('Playing')), playing),
			h('section', { class: 'card' }, h('h2', null, t('Finished games')), filter, ended, more),
			me && me.toLowerCase() === name.toLowerCase() ? passwordForm() : null,
		),
	);

	const q = `user=${encodeURIComponent(name)}`;
	const loadEnded = async () => {
		const before = endedGames.length
			? `&before=${encodeURIComponent(endedGames[endedGames.length - 1].id)}`
			: '';
		const query = filterQuery();
		const asked = ++reads;
		const list = await listGames(`${q}&status=ended&limit=${PAGE}${before}${query}`);
		// A later read (the filter changed meanwhile) replaces this one.
		if (destroyed || asked !== reads) return;
		endedGames = endedGames.concat(list);
		replace(ended, gameList(endedGames, me, undefined, t('No finished games.')));
		more.hidden = list.length < PAGE;
	};
	more.addEventListener('click', () => loadEnded().catch(() => {}));
	// A changed filter reads the finished games anew; an unknown opponent shows the server's message.
	const refilter = () => {
		endedGames = [];
		loadEnded().catch((e) => {
			if (!destroyed)
				replace(ended, h('p', { class: 'form-error' }, /** @type {Error} */ (e).message));
		});
	};
	filter.addEventListener('change', refilter);
	filter.addEventListener('submit', (e) => {
		e.preventDefault();
		refilter();
	});

	(async () => {
		try {
			const u = await getUser(name);
			if (destroyed) return;
			replace(
				head,
				h('h1', { 'data-testid': 'user-name' }, u.name),
				h(
					'p',
					{ class: 'user-stats' },
					h('span', { 'data-testid': 'user-rating' }, t('Rating {n}', { n: u.rating })),
					h('span', { class: 'rd' }, ` ±${2 * u.rd}`),
					h('span', null, tn(u.games, ' · {n} game', ' · {n} games')),
				),
				profileStats(u),
				me && me.toLowerCase() !== u.name.toLowerCase()
					? h(
							'a',
							{
								class: 'btn primary',
								'data-testid': 'challenge',
								href: `#/?challenge=${encodeURIComponent(u.name)}`,
							},
							t('Challenge'),
						)
					: null,
			);
			const p = await listGames(`${q}&status=playing`);
			if (destroyed) return;
			replace(playing, gameList(p, me, undefined, t('No games in play.')));
			await loadEnded();
		} catch (e) {
			if (destroyed) return;
			replace(
				head,
				h('h1', { 'data-testid': 'user-name' }, name),
				h(
					'p',
					{ class: 'form-error' },
					e instanceof ApiError && e.status === 404
						? t('No such user.')
						: /** @type {Error} */ (e).message,
				),
			);
		}
	})();
	return {
		destroy() {
			destroyed = true;
		},
	};
}
