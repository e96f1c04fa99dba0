// i18n.test.js: the Japanese of the interface (src/lang/ja.js) against the English of the
// sources: every literal key passed to t() or tn() in src/ has its Japanese, with the same
// {placeholders}; no Japanese entry is left whose key no source names; t() fills placeholders
// and falls back to English.  Read from the sources as text, like hooks.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import JA from '../src/lang/ja.js';
import { i18n, t, tn } from '../src/i18n.js';

const srcDir = new URL('../src/', import.meta.url);
const sources = readdirSync(srcDir, { recursive: true })
	.filter((f) => f.endsWith('.js') && !String(f).startsWith('lang'))
	.map((f) => readFileSync(new URL(f, srcDir), 'utf8'))
	.join('\n');

// A string literal in single or double quotes (prettier keeps double quotes around an apostrophe).
const STR = String.raw`(?:'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)")`;
const unquote = (s) => s.replace(/\\(.)/g, '$1');
const lit = (m, i) => unquote(m[i] !== undefined ? m[i] : m[i + 1]);
// t('key' ...) and tn(n, 'one', 'many' ...): the keys the sources name.
const keys = new Set();
for (const m of sources.matchAll(new RegExp(String.raw`\bt\(\s*` + STR, 'g'))) keys.add(lit(m, 1));
for (const m of sources.matchAll(new RegExp(String.raw`\btn\(\s*[^,]+,\s*` + STR + String.raw`\s*,\s*` + STR, 'g'))) {
	keys.add(lit(m, 1));
	keys.add(lit(m, 3));
}
// Japanese has one form: tn()'s singular key needs no entry of its own.
const singulars = new Set(
	[...sources.matchAll(new RegExp(String.raw`\btn\(\s*[^,]+,\s*` + STR, 'g'))].map((m) => lit(m, 1)),
);
const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('i18n-1.1 every t() key of src/ has its Japanese', () => {
	const missing = [...keys].filter((k) => !(k in JA) && !singulars.has(k));
	assert.deepEqual(missing, []);
});

test('i18n-1.2 a Japanese text keeps the placeholders of its English', () => {
	const wrong = Object.entries(JA).filter(([en, ja]) => holes(en).join() !== holes(ja).join());
	assert.deepEqual(wrong, []);
});

test('i18n-1.3 no Japanese entry is left that no source names', () => {
	// A key outside t() is a whole string literal of a table the modules pass through t() (TIME_PRESETS, ...).
	const quoted = (k) =>
		sources.includes(`'${k.replace(/'/g, "\\'")}'`) ||
		sources.includes(`"${k}"`) ||
		sources.includes(`\`${k}\``);
	const stale = Object.keys(JA).filter((k) => !keys.has(k) && !quoted(k));
	assert.deepEqual(stale, []);
});

test('i18n-1.4 t() fills placeholders and falls back to English', () => {
	const was = i18n.lang;
	i18n.lang = 'ja';
	assert.equal(t('Watch'), JA.Watch);
	assert.equal(t('no such text {x}', { x: 3 }), 'no such text 3');
	assert.equal(
		tn(2, '{n} game waiting for your move', '{n} games waiting for your move'),
		'あなたの手番の対局 2 局',
	);
	i18n.lang = 'en';
	assert.equal(
		tn(1, '{n} game waiting for your move', '{n} games waiting for your move'),
		'1 game waiting for your move',
	);
	i18n.lang = was;
});

test('i18n-1.5 the labels kept in tables (time presets, endings, pieces, notations) have their Japanese', async () => {
	const { TIME_PRESETS, ENDINGS } = await import('../src/gametext.js');
	const { PIECE_NAMES } = await import('../src/pieces.js');
	const { NOTATION_LABELS } = await import('../src/prefs.js');
	const labels = [
		...TIME_PRESETS.map((p) => p[1]),
		...Object.values(ENDINGS),
		...Object.values(PIECE_NAMES),
		...Object.values(NOTATION_LABELS),
	];
	assert.deepEqual(
		labels.filter((l) => !(l in JA)),
		[],
	);
});

test('i18n-1.6 in Japanese a count takes the one form, a time control is written out', async () => {
	const { controlText, resultText } = await import('../src/gametext.js');
	const was = i18n.lang;
	i18n.lang = 'ja';
	try {
		assert.equal(
			tn(1, '{n} game waiting for your move', '{n} games waiting for your move'),
			'あなたの手番の対局 1 局',
		);
		assert.equal(controlText('10m+30s'), '10分 秒読み30秒');
		assert.equal(controlText('0+10s*3'), '秒読み10秒 ×3回');
		assert.equal(controlText('5m+10i'), '5分 フィッシャー +10秒');
		assert.equal(controlText('3d/v7/auto'), '1手3日、休暇7日、自動休暇');
		assert.equal(
			resultText(
				/** @type {any} */ ({ status: 'ended', result: 'black', ending: 'perpetual check' }),
			),
			'☗ 先手の勝ち（連続王手の千日手）',
		);
	} finally {
		i18n.lang = was;
	}
});
