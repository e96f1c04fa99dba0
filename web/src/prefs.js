/*
 * prefs.js: the user's display choices remembered in localStorage: the
 * piece style (kanji or international), the move-list notation,
 * whether to be notified of correspondence moves (turns.js) and whether
 * the game page plays its sounds (sound.js).
 */

/**
 * @template {string} T
 * @param {string} key
 * @param {readonly T[]} allowed
 * @param {T} fallback
 * @returns {T}
 */
function load(key, allowed, fallback) {
	try {
		const v = localStorage.getItem(key);
		return allowed.includes(/** @type {T} */ (v)) ? /** @type {T} */ (v) : fallback;
	} catch {
		return fallback;
	}
}

/**
 * @param {string} key
 * @param {string} value
 */
function save(key, value) {
	try {
		localStorage.setItem(key, value);
	} catch {
		/* storage disabled: the choice lasts for this page only */
	}
}

export const PIECE_STYLES = /** @type {const} */ (['kanji', 'international']);
export const NOTATIONS = /** @type {const} */ (['japanese', 'hodges', 'hosking', 'kitao']);
export const NOTATION_LABELS = {
	japanese: '日本式 Japanese',
	hodges: 'Hodges',
	hosking: 'Hosking',
	kitao: 'Kitao-Kawasaki',
};

/** @typedef {typeof NOTATIONS[number]} Notation */

export const prefs = {
	pieceStyle: load('gyoku.pieceStyle', PIECE_STYLES, 'kanji'),
	notation: load('gyoku.notation', NOTATIONS, 'japanese'),
	/** Browser notifications when a correspondence game comes to the user's turn (opted in). */
	notify: load('gyoku.notify', ['on', 'off'], 'off') === 'on',
	/** The game page's sounds (on unless muted). */
	sound: load('gyoku.sound', ['on', 'off'], 'on') === 'on',
};

/** @param {import('./pieces.js').PieceStyle} v */
export function setPieceStyle(v) {
	prefs.pieceStyle = v;
	save('gyoku.pieceStyle', v);
}

/** @param {Notation} v */
export function setNotation(v) {
	prefs.notation = v;
	save('gyoku.notation', v);
}

/** @param {boolean} on */
export function setNotify(on) {
	prefs.notify = on;
	save('gyoku.notify', on ? 'on' : 'off');
}

/** @param {boolean} on */
export function setSound(on) {
	prefs.sound = on;
	save('gyoku.sound', on ? 'on' : 'off');
}
