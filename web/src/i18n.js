/*
 * i18n.js: the language of the interface, English or Japanese.
 *
 * Strings are written in English in the code and passed through t():
 * the English text is the key, web/src/lang/ja.js maps it to Japanese
 * (a key missing there shows in English; web/test/i18n.test.js checks
 * that every literal t() key of src/ has its Japanese).  Placeholders
 * are {name}, filled from the second argument.  tn() picks English's
 * singular or plural by a count (Japanese has one form: the plural's key).
 *
 * The language is the visitor's choice (localStorage gyoku.lang), else
 * the first of the browser's languages that is English or Japanese,
 * else English.  setLang() stores it, sets <html lang> and tells the
 * listeners (main.js draws the top bar and the page again).
 *
 * The server answers errors in English ({"error": message});
 * errorText() shows them in the interface's language (lang/ja.js ERRORS,
 * keyed by the C format strings, with {1}, {2} placing their values);
 * api.js's ApiError carries the message so translated.
 */
import JA, { ERRORS as JA_ERRORS } from './lang/ja.js';

export const LANGS = /** @type {const} */ (['en', 'ja']);
/** @typedef {typeof LANGS[number]} Lang */
export const LANG_LABELS = { en: 'English', ja: '日本語' };

/** @returns {Lang} */
function detect() {
	try {
		const v = localStorage.getItem('gyoku.lang');
		if (v === 'en' || v === 'ja') return v;
	} catch {
		/* storage disabled */
	}
	const list = typeof navigator !== 'undefined' ? navigator.languages || [navigator.language] : [];
	for (const l of list) {
		const p = String(l || '')
			.toLowerCase()
			.split('-')[0];
		if (p === 'ja' || p === 'en') return p;
	}
	return 'en';
}

export const i18n = {
	/** @type {Lang} */
	lang: detect(),
	/** @type {Set<() => void>} */
	listeners: new Set(),
};

/**
 * The interface's text for an English string.
 * @param {string} text the English text (the key)
 * @param {Record<string, string | number>} [params] values of the {name} placeholders
 * @returns {string}
 */
export function t(text, params) {
	const s = (i18n.lang === 'ja' && JA[text]) || text;
	return params ? fill(s, params) : s;
}

/**
 * t() of the singular or plural English form by a count; {n} is the count.
 * @param {number} n
 * @param {string} one
 * @param {string} many
 * @param {Record<string, string | number>} [params]
 */
export function tn(n, one, many, params) {
	return t(n === 1 && i18n.lang !== 'ja' ? one : many, { n, ...(params || {}) });
}

/**
 * @param {string} s
 * @param {Record<string, string | number>} params
 */
function fill(s, params) {
	return s.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/**
 * The patterns of ERRORS: each key with printf conversions (%s, %d, %zu) as a regular
 * expression whose groups take the values, the keys with the most fixed text first (so that
 * "the game is %s, not waiting" is tried before "the game is %s"); a key of conversions alone
 * ("%s", "%s%s") would match anything and is left out.
 * @type {{re: RegExp, ja: string}[] | null}
 */
let patterns = null;

function errorPatterns() {
	if (patterns) return patterns;
	const conv = /%(?:l*|z)[sdu]/g;
	patterns = Object.entries(JA_ERRORS)
		.filter(([en]) => en.replace(conv, '') !== en && en.replace(conv, '') !== '')
		.sort((a, b) => b[0].replace(conv, '').length - a[0].replace(conv, '').length)
		.map(([en, ja]) => {
			const re = en
				.split(conv)
				.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
				.join('\u0000');
			let i = 0;
			const kinds = [...en.matchAll(conv)].map((m) => m[0]);
			const body = re.replace(/\u0000/g, () => (kinds[i++] === '%s' ? '(.*?)' : '(-?\\d+)'));
			return { re: new RegExp(`^${body}$`, 's'), ja };
		});
	return patterns;
}

/**
 * The Japanese of a server message, or null when ERRORS has none: the message itself, else the
 * first pattern it matches, its values placed at {1}, {2}, ... and each translated in turn when
 * it is a message or a word of ERRORS (a libgyoku text inside "move %d: %s").
 * @param {string} message
 * @param {number} depth
 * @returns {string | null}
 */
function errorJa(message, depth) {
	if (Object.hasOwn(JA_ERRORS, message)) return JA_ERRORS[message];
	if (depth > 4) return null;
	for (const { re, ja } of errorPatterns()) {
		const m = re.exec(message);
		if (!m) continue;
		return ja.replace(/\{(\d+)\}/g, (all, n) => {
			const v = m[Number(n)];
			if (v === undefined) return all;
			return errorJa(v, depth + 1) ?? v;
		});
	}
	return null;
}

/**
 * A server's error message in the interface's language (English as sent
 * when no translation matches).  ERRORS (lang/ja.js) is keyed by the
 * messages as the C sources format them: "no user named %s" matches
 * "no user named bob", and its Japanese "{1} という名前のユーザーはいません"
 * places the value; a value that is itself a message is translated too.
 * @param {string} message
 * @returns {string}
 */
export function errorText(message) {
	if (i18n.lang !== 'ja' || typeof message !== 'string') return message;
	return errorJa(message, 0) ?? message;
}

/** @param {Lang} l */
export function setLang(l) {
	i18n.lang = l;
	try {
		localStorage.setItem('gyoku.lang', l);
	} catch {
		/* storage disabled: the choice lasts for this page only */
	}
	if (typeof document !== 'undefined') document.documentElement.lang = l;
	for (const f of i18n.listeners) f();
}

if (typeof document !== 'undefined') document.documentElement.lang = i18n.lang;
