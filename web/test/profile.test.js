// profile.test.js: the rating graph's points (src/profile.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphPoints } from '../src/profile.js';

test('no games, one game, several', () => {
	assert.equal(graphPoints([]), '');
	assert.equal(graphPoints([1500], 100, 50), '6,25 94,25');
	assert.equal(graphPoints([1500, 1600, 1400], 100, 50), '6,25 50,6 94,44');
	assert.equal(graphPoints([1500, 1500], 100, 50), '6,25 94,25');
});
