/*
 * aftergame.js: what a player does once a game is over (docs/server.md
 * "Games": rematch): offer a rematch (the same opponent, colours swapped,
 * the same settings), answer the opponent's offer, start a new game with
 * the same settings (the new-game form filled in), and go to the record
 * (the KIF export) or replay the game.  Shown on the finished game's page
 * and in its results dialog.
 */
import { h } from './dom.js';
import { api, gameAction, gamePath } from './api.js';
import { toast } from './dialog.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').Color} Color */

/**
 * Whether a rematch can be asked for in `g`: an ended game the viewer played (not an import).
 * @param {Game} g
 */
export function canRematch(g) {
	return g.status === 'ended' && Boolean(g.you) && !g.imported;
}

/**
 * Whether the opponent of the viewer in `g` is a person (their offers come by re-reading the game).
 * @param {Game} g
 */
export function opponentIsPerson(g) {
	if (!g.you) return false;
	const other = g[g.you === 'black' ? 'white' : 'black'];
	return Boolean(other && 'rating' in other);
}

/**
 * The lobby's address with the new-game form filled in with the settings of `g` (the viewer's side,
 * the computer's level, or an open seek for a game between people; the start position of a game
 * from a position).
 * @param {Game} g
 */
export function newGameHash(g) {
	const you = /** @type {Color} */ (g.you || 'black');
	const other = g[you === 'black' ? 'white' : 'black'];
	const q = new URLSearchParams();
	if (other && 'computer' in other) {
		q.set('opponent', 'computer');
		q.set('level', String(other.computer));
	} else {
		q.set('opponent', 'open');
	}
	q.set('time', g.time);
	if (g.handicap === 'other')
		q.set('sfen', g.start_sfen); // a game from a position
	else q.set('handicap', g.handicap);
	q.set('color', you);
	q.set('impasse', g.impasse.rule);
	if (g.rated) q.set('rated', '1');
	return `#/?${q}`;
}

/**
 * Offers a rematch of `g` and goes to the new game (a challenge that waits for the opponent, or
 * against the computer a game in play).
 * @param {Game} g
 */
export async function offerRematch(g) {
	try {
		const r = /** @type {{id: string}} */ (await api('POST', `${gamePath(g.id)}/rematch`));
		location.hash = `#/game/${encodeURIComponent(r.id)}`;
	} catch (e) {
		toast(/** @type {Error} */ (e).message);
	}
}

/**
 * The after-game panel of the finished game `g`: the rematch (offer it, or the offer's state
 * `rematch`: the rematch game when one was offered), a new game, the record and the replay.
 * @param {Game} g
 * @param {Game | null} rematch the game `g.rematch` names, once read
 * @param {string | null} me the signed-in user
 * @param {() => void} replay shows the game from its start
 */
export function afterGamePanel(g, rematch, me, replay) {
	const isMe = (/** @type {string | null | undefined} */ n) =>
		Boolean(me && n && n.toLowerCase() === me.toLowerCase());
	const out = [];
	if (canRematch(g)) {
		if (!g.rematch) {
			out.push(
				h(
					'button',
					{
						class: 'btn primary',
						'data-testid': 'rematch',
						onclick: () => offerRematch(g),
					},
					t('Rematch'),
				),
			);
		} else if (rematch && rematch.id === g.rematch) {
			const open = `#/game/${encodeURIComponent(rematch.id)}`;
			if (rematch.status === 'waiting' && isMe(rematch.challenged)) {
				const answer = async (/** @type {'accept' | 'decline'} */ a) => {
					try {
						await gameAction(rematch.id, a);
						if (a === 'accept') location.hash = open;
					} catch (e) {
						toast(/** @type {Error} */ (e).message);
					}
				};
				out.push(
					h(
						'p',
						{ class: 'rematch-offer', 'data-testid': 'rematch-offer' },
						t('{name} offers a rematch', { name: String(rematch.creator) }),
					),
					h(
						'button',
						{
							class: 'btn primary',
							'data-testid': 'rematch-accept',
							onclick: () => answer('accept'),
						},
						t('Accept the rematch'),
					),
					h(
						'button',
						{
							class: 'btn',
							'data-testid': 'rematch-decline',
							onclick: () => answer('decline'),
						},
						t('Decline'),
					),
				);
			} else {
				out.push(
					h(
						'a',
						{ class: 'btn', href: open, 'data-testid': 'rematch-open' },
						rematch.status === 'waiting'
							? t('Rematch offered: waiting…')
							: t('Go to the rematch'),
					),
				);
			}
		}
	}
	if (g.you && !g.imported)
		out.push(h('a', { class: 'btn', href: newGameHash(g), 'data-testid': 'new-game' }, t('New game')));
	out.push(
		h(
			'a',
			{
				class: 'btn',
				href: `${gamePath(g.id)}/export?format=kif`,
				download: `gyoku-${g.id}.kif`,
				'data-testid': 'record-link',
			},
			t('Record (KIF)'),
		),
		h('button', { class: 'btn', 'data-testid': 'replay', onclick: replay }, t('Replay')),
	);
	return h('div', { class: 'after-game', 'data-testid': 'after-game' }, ...out);
}
