// puzzles.test.js: what the puzzles page keeps and says (src/puzzlestore.js): the list of
// puzzles a visitor has had rated (once each, the newest last, bounded), a stored rating read
// back only when it is one, and a puzzle move in words (▲８五香打, L*8e).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { i18n } from '../src/i18n.js';
import { parseSfen } from '../src/sfen.js';
import { NEW_RATING, RATED_MAX, moveText, visitorRating, withRated } from '../src/puzzlestore.js';

const THREE = parseSfen('ln6+R/2s1g4/2pk1sp2/pn1p1p2p/2P1R4/PKbLSP2P/1P1PP4/4G4/+bN1S5 w 2GNL5Pl 1');

test('rated ids: once each, the newest last, at most RATED_MAX', () => {
	assert.deepEqual(withRated(['a', 'b'], 'a'), ['b', 'a']);
	assert.deepEqual(withRated([], 'x'), ['x']);
	const many = Array.from({ length: RATED_MAX }, (_, i) => 'p' + i);
	const out = withRated(many, 'new');
	assert.equal(out.length, RATED_MAX);
	assert.equal(out[0], 'p1');
	assert.equal(out[RATED_MAX - 1], 'new');
});

test('a stored rating is read back only when it is one', () => {
	const store = new Map();
	globalThis.localStorage = /** @type {any} */ ({
		getItem: (k) => (store.has(k) ? store.get(k) : null),
		setItem: (k, v) => store.set(k, String(v)),
	});
	try {
		assert.deepEqual(visitorRating(), NEW_RATING);
		store.set('gyoku.puzzles.rating', JSON.stringify({ rating: 1612.5, rd: 200, vol: 0.06, attempts: 3 }));
		assert.deepEqual(visitorRating(), { rating: 1612.5, rd: 200, vol: 0.06, attempts: 3 });
		for (const bad of [
			'{"rating":"x","rd":200,"vol":0.06}',
			'{"rating":1500,"rd":5,"vol":0.06}',
			'not json',
			'[]',
		]) {
			store.set('gyoku.puzzles.rating', bad);
			assert.deepEqual(visitorRating(), NEW_RATING, bad);
		}
	} finally {
		delete globalThis.localStorage;
	}
});

test('a puzzle move in words, in Japanese and in English', () => {
	i18n.lang = 'ja';
	assert.equal(moveText(THREE, 'L*8e'), '△８五香打');
	assert.equal(moveText(THREE, '7f8g+'), '△８七角成');
	assert.equal(moveText(THREE, '1d1e'), '△１五歩');
	i18n.lang = 'en';
	assert.equal(moveText(THREE, 'L*8e'), 'L*8e');
	assert.equal(moveText(THREE, '7f8g+'), 'B-8g+');
	assert.equal(moveText(THREE, 'zz'), 'zz');
});
