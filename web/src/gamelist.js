/*
 * gamelist.js: a list of games (the lobby, a user's page): the players,
 * the time control and handicap, the state or result; a row opens the game.
 * Seeks and challenges get their buttons from the caller.
 *
 * Test hooks: each row is data-testid="game-row" with data-game="ID".
 */
import { h } from './dom.js';
import { playerName, resultText, handicapName } from './gametext.js';

/**
 * @param {any} p
 */
function player(p) {
	const name = playerName(p);
	const rating = p && typeof p.rating === 'number' ? ` (${Math.round(p.rating)})` : '';
	return name + rating;
}

/**
 * The state of a game in a few words.
 * @param {any} g
 * @param {string | null} me
 */
function stateText(g, me) {
	if (g.status === 'waiting') return g.challenged ? `challenge to ${g.challenged}` : 'open seek';
	if (g.status === 'playing') {
		const mine = me && g[g.side] && g[g.side].name === me;
		return mine ? 'your turn' : `playing, move ${(g.ply || 0) + 1}`;
	}
	return resultText(g);
}

/**
 * @param {any[]} games
 * @param {string | null} me
 * @param {(g: any) => (Node | null)[]} [buttons] extra buttons for a row
 * @param {string} [empty] the text when there is no game
 */
export function gameList(games, me, buttons, empty = 'No games.') {
	if (!games.length) return h('p', { class: 'empty' }, empty);
	return h(
		'ul',
		{ class: 'game-list' },
		...games.map((g) => {
			const seek = g.status === 'waiting';
			const players = seek
				? h('span', { class: 'players' }, g.creator || player(g.black || g.white))
				: h(
						'span',
						{ class: 'players' },
						'☗ ',
						player(g.black),
						h('span', { class: 'vs' }, ' vs '),
						'☖ ',
						player(g.white),
					);
			return h(
				'li',
				{ class: 'game-row', 'data-testid': 'game-row', 'data-game': g.id },
				h(
					'a',
					{ class: 'game-link', href: `#/game/${encodeURIComponent(g.id)}` },
					players,
					h(
						'span',
						{ class: 'meta' },
						[g.time || '', handicapName(g.handicap), g.rated ? 'rated' : 'casual']
							.filter(Boolean)
							.join(' · '),
					),
					h('span', { class: 'state ' + (g.status || '') }, stateText(g, me)),
				),
				buttons ? h('span', { class: 'row-buttons' }, ...buttons(g)) : null,
			);
		}),
	);
}
