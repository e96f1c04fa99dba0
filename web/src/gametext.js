/*
 * gametext.js: the words of the game pages, pure (no DOM): handicap
 * presets, players' names, side labels, the status line and the result.
 */

/** The handicap presets offered when creating a game: [id, English, KIF name]. */
export const HANDICAPS = [
	['even', 'Even game', '平手'],
	['lance', 'Lance', '香落ち'],
	['right-lance', 'Right lance', '右香落ち'],
	['bishop', 'Bishop', '角落ち'],
	['rook', 'Rook', '飛車落ち'],
	['rook-lance', 'Rook and lance', '飛香落ち'],
	['two-piece', 'Two pieces', '二枚落ち'],
	['four-piece', 'Four pieces', '四枚落ち'],
	['six-piece', 'Six pieces', '六枚落ち'],
	['eight-piece', 'Eight pieces', '八枚落ち'],
	['ten-piece', 'Ten pieces', '十枚落ち'],
];

/** The time-control presets: [text for the server, label]. */
export const TIME_PRESETS = [
	['0+10s', 'Byoyomi 10 s'],
	['0+30s', 'Byoyomi 30 s'],
	['3m+2i', '3 min + 2 s/move'],
	['5m+10i', '5 min + 10 s/move'],
	['10m+30s', '10 min + 30 s byoyomi'],
	['15m+60s', '15 min + 60 s byoyomi'],
	['30m+60s', '30 min + 60 s byoyomi'],
	['1d', '1 day per move'],
	['3d', '3 days per move'],
	['7d', '7 days per move'],
];

/**
 * @param {string | null | undefined} id
 */
export function handicapName(id) {
	const h = HANDICAPS.find((x) => x[0] === id || x[2] === id);
	return h ? `${h[1]} ${h[2]}` : id || 'Even game';
}

/**
 * A player of the game JSON as text.
 * @param {any} p {"name","rating"} | {"computer": N} | null
 */
export function playerName(p) {
	if (!p) return '…';
	if (typeof p.computer === 'number') return `Computer level ${p.computer}`;
	return String(p.name || '?');
}

/**
 * "☗ Sente" / "☖ Gote", or the handicap terms (the giver, 上手, is White).
 * @param {'black'|'white'} color
 * @param {string | null | undefined} handicap
 */
export function sideLabel(color, handicap) {
	const even = !handicap || handicap === 'even' || handicap === '平手';
	if (color === 'black') return even ? '☗ Sente' : '☗ Shitate';
	return even ? '☖ Gote' : '☖ Uwate';
}

/** @param {'black'|'white'} color */
export function colorName(color) {
	return color === 'black' ? '☗ Black' : '☖ White';
}

const ENDINGS = /** @type {Record<string, string>} */ ({
	checkmate: 'by checkmate',
	resignation: 'by resignation',
	'time forfeit': 'on time',
	sennichite: 'by repetition (sennichite)',
	'perpetual check': 'by perpetual check',
	declaration: 'by impasse declaration',
	try: 'by the try rule',
	'no legal move': 'as no legal move is left',
	'move limit': 'at the move limit',
	// A foul: in a game on the server, an impasse declaration that failed (CSA's wrong %KACHI).
	'illegal move': 'by a foul (a failed declaration or an illegal move)',
	interruption: '(interrupted)',
	import: '(imported record)',
});

/**
 * The result line of an ended game: "☗ Black wins by resignation".
 * @param {any} g the game JSON
 */
export function resultText(g) {
	if (g.status === 'canceled') return 'Game canceled';
	const how = g.ending ? ENDINGS[g.ending] || g.ending : '';
	if (g.result === 'draw') return `Draw${how ? ' ' + how : ''}`;
	if (g.result === 'black' || g.result === 'white') return `${colorName(g.result)} wins${how ? ' ' + how : ''}`;
	return g.ending === 'import' ? 'Imported record' : `Game over${how ? ' ' + how : ''}`;
}

/**
 * The title of the results dialog from the user's point of view.
 * @param {any} g
 */
export function resultTitle(g) {
	if (g.result === 'draw') return 'Draw';
	if (g.you && (g.result === 'black' || g.result === 'white')) return g.result === g.you ? 'You won' : 'You lost';
	return 'Game over';
}

/**
 * The status line: whose turn, waiting for whom, or the result.
 * @param {any} g the game JSON
 * @param {string | null} me the signed-in user's name
 */
export function statusText(g, me) {
	if (g.status === 'ended' || g.status === 'canceled') return resultText(g);
	if (g.status === 'waiting') {
		if (g.challenged)
			return me && g.challenged.toLowerCase() === me.toLowerCase()
				? `${g.creator} challenges you`
				: `Waiting for ${g.challenged} to accept`;
		return me && g.creator === me ? 'Waiting for an opponent' : `Open seek by ${g.creator}`;
	}
	if (g.you && g.side === g.you) return 'Your turn';
	return `${colorName(g.side)} to move`;
}

/**
 * A rating change, "+16" / "−8", from {"before","after"}.
 * @param {{before: number, after: number} | null | undefined} r
 */
export function ratingDelta(r) {
	if (!r) return '';
	const d = Math.round(r.after - r.before);
	return d >= 0 ? `+${d}` : `−${-d}`;
}
