// puzzles.test.js: what the puzzles page keeps and says (src/puzzlestore.js): the list of
// puzzles a visitor has had rated (once each, the newest last, bounded), a stored rating read
// back only when it is one; a puzzle move in words is notation.js's (libgyoku's, through the rules
// module that wasmrules.js loads; skipped, saying why, when it is not built): ☖８五香, L*8e.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSfen } from '../src/sfen.js';
import { NEW_RATING, RATED_MAX, visitorRating, withRated } from '../src/puzzlestore.js';
import * as puzzleStore from '../src/puzzlestore.js';
import { moveText } from '../src/notation.js';
import { wasmRules } from './wasmrules.js';

const skip = await wasmRules();
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

test("puzzles-1.1 a puzzle move in words is libgyoku's (notation.js), in the notation chosen", { skip }, () => {
	assert.equal(moveText(THREE, 'L*8e', null, 'japanese'), '☖８五香');
	assert.equal(moveText(THREE, '7f8g+', null, 'japanese'), '☖８七角成');
	assert.equal(moveText(THREE, '1d1e', null, 'japanese'), '☖１五歩');
	assert.equal(moveText(THREE, 'L*8e', null, 'hodges'), 'L*8e');
	assert.equal(moveText(THREE, '7f8g+', null, 'hodges'), 'Bx8g+');
	assert.equal(moveText(THREE, 'zz', null, 'hodges'), 'zz');
	assert.equal(puzzleStore.moveText, undefined, 'puzzlestore.js has no move words of its own');
});
