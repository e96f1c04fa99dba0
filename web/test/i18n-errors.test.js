// i18n-errors.test.js: the server's error messages in Japanese (lang/ja.js ERRORS, i18n.js
// errorText).  Reads the C sources as text: every message format of server/*.c (http_error(),
// fail(why, ...), the filter's *why = "...", the import's "line %d, column %d: " prefix) and
// every text of libgyoku's error table (include/gyoku/err.h GY_ERR_LIST, lib/err.c) has its
// Japanese, with a {N} for each printf conversion; then messages built from several of them
// are translated end to end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { ERRORS } from '../src/lang/ja.js';
import { errorText, i18n } from '../src/i18n.js';

const root = new URL('../../', import.meta.url);
const read = (/** @type {string} */ p) => readFileSync(new URL(p, root), 'utf8');

/** The C string literals of `text` from `at` (a call's opening parenthesis) to its closing one. */
function literals(text, at) {
	const out = [];
	let depth = 0;
	let last = -2; // the index just after the last literal: adjacent literals are one
	for (let i = at; i < text.length; i++) {
		const c = text[i];
		if (c === '"') {
			let j = i + 1;
			let s = '';
			for (; text[j] !== '"'; j++)
				s += text[j] === '\\' ? (text[++j] === 'n' ? '\n' : text[j]) : text[j];
			if (/^\s*$/.test(text.slice(last, i)) && out.length) out[out.length - 1] += s;
			else out.push(s);
			i = j;
			last = j + 1;
		} else if (c === "'") {
			i += text[i + 1] === '\\' ? 3 : 2;
		} else if (c === '(') depth++;
		else if (c === ')' && --depth === 0) break;
		else if (c === ';') break;
	}
	return out;
}

/** The message formats of the server: literals that are more than "%s" conversions. */
export function serverFormats() {
	const dir = new URL('server/', root);
	const found = new Set();
	for (const f of readdirSync(dir).filter((f) => f.endsWith('.c'))) {
		const text = readFileSync(new URL(f, dir), 'utf8');
		for (const m of text.matchAll(
			/\b(?:http_error|fail)\((?:why|r)\b|\*why = |snprintf\(at, sizeof at, /g,
		)) {
			const start = m[0].startsWith('*why') ? m.index + m[0].length - 1 : text.indexOf('(', m.index);
			const lits = m[0].startsWith('*why')
				? literals(`(${text.slice(start + 1)}`, 0)
				: literals(text, start);
			for (const s of lits) if (!/^(%s)*$/.test(s)) found.add(s);
		}
	}
	return [...found];
}

/** The texts of libgyoku's error codes (gy_strerror). */
export function libTexts() {
	const h = read('include/gyoku/err.h');
	const out = [...h.matchAll(/X\(\w+,\s*\w+,(?:\s|\\)*"((?:\\.|[^"\\])*)"\)/g)].map((m) =>
		m[1].replace(/\\(.)/g, '$1'),
	);
	const c = read('lib/err.c');
	for (const m of c.matchAll(/: "([^"]+)";/g)) out.push(m[1]);
	return out;
}

/** The printf conversions of a format, in order. */
const conversions = (s) => [...s.matchAll(/%(?:l*|z)[sdu]/g)].length;
const positions = (s) => [...new Set([...s.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

test('i18n-2.1 every message format of server/*.c has its Japanese', () => {
	const formats = serverFormats();
	assert.ok(formats.length > 100, `only ${formats.length} formats found`);
	assert.deepEqual(
		formats.filter((f) => !(f in ERRORS)),
		[],
	);
});

test("i18n-2.2 every text of libgyoku's error table has its Japanese", () => {
	const texts = libTexts();
	assert.ok(texts.length > 80, `only ${texts.length} texts found`);
	assert.deepEqual(
		texts.filter((f) => !(f in ERRORS)),
		[],
	);
});

test('i18n-2.3 a Japanese message places every value of its format, {1} to {N}', () => {
	const wrong = Object.entries(ERRORS).filter(([en, ja]) => {
		const n = conversions(en);
		return positions(ja).join() !== Array.from({ length: n }, (_, i) => i + 1).join();
	});
	assert.deepEqual(wrong, []);
});

const CASES = [
	['wrong name or password', 'ユーザー名またはパスワードが違います'],
	['no user named bob', 'bob という名前のユーザーはいません'],
	['the game is ended', 'この対局は終局済みです'],
	['the game is over', 'この対局は終わっています'],
	['the game is playing, not waiting', 'この対局は対局中で、相手を待っていません'],
	['7g7f: the piece cannot move to that square', '7g7f：その駒はそのマスに動けません'],
	['P*5e: a pawn drop cannot give checkmate (uchifuzume)', 'P*5e：打ち歩詰めは禁じ手です'],
	['line 3, column 5: move 4: the move leaves the king in check', '3行目5列目：4手目：王手を放置する手です'],
	['line 2, column 1: malformed CSA time (want T and seconds: T12 or T12.345)', ''],
	['move 12: no legal move fits the move text', '12手目：その表記に合う合法手がありません'],
	['time "5x", column 2: malformed time control', '持ち時間「5x」の2文字目：持ち時間の書き方が正しくありません'],
	["black's time ran out: the game is lost on time", '先手の時間切れ：切れ負けです'],
	[
		'white made no first move in time: the game is aborted',
		'後手が時間内に初手を指さなかったため、対局は中止になりました',
	],
	['too many failed logins from your address: try again in 30 s', ''],
	['the record cannot be played: two unpromoted pawns of one side on a file (nifu)', ''],
	['no such game', 'その対局はありません'],
	['no such user', 'そのユーザーはありません'],
];

test('i18n-2.4 messages built from several parts are Japanese end to end; English passes through', () => {
	const was = i18n.lang;
	try {
		i18n.lang = 'ja';
		for (const [en, ja] of CASES) {
			const got = errorText(en);
			if (ja) assert.equal(got, ja, en);
			// Every message is Japanese throughout: no English word is left (the notation kept).
			const rest = got.replace(/\b(CSA|KIF|KI2|JKF|SFEN|USI|JSON|T12|bob)\b/g, '');
			assert.doesNotMatch(rest, /[A-Za-z]{3,}/, `${en} -> ${got}`);
		}
		assert.equal(errorText('a message the site has never seen'), 'a message the site has never seen');
		i18n.lang = 'en';
		for (const [en] of CASES) assert.equal(errorText(en), en);
	} finally {
		i18n.lang = was;
	}
});
