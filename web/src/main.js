/*
 * main.js: the entry point of gyoku's browser front end: the top bar and
 * the hash router of the single-page site.  Plain DOM, no framework; the
 * server (docs/server.md) serves index.html and this bundle from web/dist.
 *
 * Routes: #/ lobby · #/game/ID game · #/login · #/signup · #/user/NAME ·
 * #/import · #/watch (the games being played).  A query after the route is passed to the page
 * (#/?challenge=bob, #/login?next=%23%2Fimport).
 *
 * The top bar counts the games waiting for the user's move (turns.js).
 *
 * The hooks the browser tests find things by (data-testid values, data
 * attributes, classes, input names) are listed in hooks.js.
 */
import './style.css';
import { h, replace } from './dom.js';
import { refreshMe, session } from './api.js';
import { authPage, logout } from './pages/auth.js';
import { gamePage } from './pages/game.js';
import { importPage } from './pages/import.js';
import { lobbyPage } from './pages/lobby.js';
import { userPage } from './pages/user.js';
import { refreshTurns, setTitle, startTurns, turnCount, turnListeners } from './turns.js';
import { watchPage } from './pages/watch.js';

/** @typedef {{destroy: () => void}} Page */

const nav = h('nav', { class: 'nav' });
const main = h('main', { class: 'page', id: 'page' });
/** @type {Page | null} */
let current = null;

function drawNav() {
	const me = session.me;
	const turns = me ? turnCount() : 0;
	replace(
		nav,
		h(
			'a',
			{ href: '#/', 'data-testid': 'nav-play' },
			'Play',
			h(
				'span',
				{
					class: 'badge',
					'data-testid': 'nav-turns',
					title: `${turns} game${turns === 1 ? '' : 's'} waiting for your move`,
					hidden: turns === 0,
				},
				String(turns),
			),
		),
		h('a', { href: '#/watch', 'data-testid': 'nav-watch' }, 'Watch'),
		// Importing needs an account (docs/server.md): visitors are not invited to it.
		me ? h('a', { href: '#/import', 'data-testid': 'nav-import' }, 'Import') : null,
		...(me
			? [
					h(
						'a',
						{
							href: `#/user/${encodeURIComponent(me.name)}`,
							class: 'nav-user',
							'data-testid': 'nav-user',
						},
						me.name,
						h('span', { class: 'rating' }, ` ${me.rating}`),
					),
					h(
						'button',
						{
							class: 'btn small',
							'data-testid': 'logout',
							onclick: () => logout(),
						},
						'Log out',
					),
				]
			: [
					h('a', { href: '#/login', 'data-testid': 'nav-login' }, 'Log in'),
					h(
						'a',
						{
							href: '#/signup',
							class: 'btn small primary',
							'data-testid': 'nav-signup',
						},
						'Sign up',
					),
				]),
	);
}

/** Shows the page of the current hash. */
function route() {
	if (current) current.destroy();
	current = null;
	// A dialog belongs to the page it was opened on (a game's result, a confirmation).
	for (const d of document.querySelectorAll('dialog[open]')) /** @type {HTMLDialogElement} */ (d).close();
	const hash = location.hash.replace(/^#/, '') || '/';
	const [path, qs] = hash.split('?');
	const query = new URLSearchParams(qs || '');
	const parts = path
		.split('/')
		.filter(Boolean)
		.map((p) => {
			try {
				return decodeURIComponent(p);
			} catch {
				return p;
			}
		});
	window.scrollTo(0, 0);
	setTitle('gyoku · shogi');
	refreshTurns();
	document.body.dataset.route = parts[0] || 'lobby';
	if (parts[0] === 'game' && parts[1]) current = gamePage(main, parts[1]);
	else if (parts[0] === 'login' || parts[0] === 'signup') current = authPage(main, parts[0], query);
	else if (parts[0] === 'user' && parts[1]) current = userPage(main, parts[1]);
	else if (parts[0] === 'import') current = importPage(main);
	else if (parts[0] === 'watch') current = watchPage(main);
	else current = lobbyPage(main, query);
}

async function start() {
	const app = document.getElementById('app') || document.body.appendChild(h('div', { id: 'app' }));
	app.replaceChildren(
		h(
			'header',
			{ class: 'topbar' },
			h('a', { class: 'logo', href: '#/' }, h('span', { class: 'logo-mark' }, '玉'), 'gyoku'),
			nav,
		),
		main,
	);
	session.listeners.add(drawNav);
	turnListeners.add(drawNav);
	drawNav();
	try {
		await refreshMe();
	} catch {
		/* the server is unreachable: pages show their own errors */
	}
	let lastUser = session.me ? session.me.name : null;
	session.listeners.add(() => {
		// A login or logout changes what pages show: draw the page again.
		const now = session.me ? session.me.name : null;
		if (now !== lastUser) {
			lastUser = now;
			if (!/^#\/(login|signup)/.test(location.hash)) route();
		}
	});
	window.addEventListener('hashchange', route);
	startTurns();
	route();
}

start();
