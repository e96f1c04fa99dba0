// legal.test.js: destinations and the promotion-choice decision read from a `legal` list (src/legal.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { destinations, promotionChoice, usiMove, dropSource, hasMovesFrom } from '../src/legal.js';

const legal = ['7c7b', '7c7b+', '8c8b+', '2c2b+', '2c2b', '3c3b', 'P*5e', 'P*5f', 'G*5e', '1a1b', '9i9h'];

test('destinations of a board piece and of a hand piece', () => {
	assert.deepEqual([...destinations(legal, '7c')], ['7b']);
	assert.deepEqual([...destinations(legal, '2c')].sort(), ['2b']);
	assert.deepEqual([...destinations(legal, 'P*')].sort(), ['5e', '5f']);
	assert.deepEqual([...destinations(legal, dropSource('g'))], ['5e']);
	assert.equal(destinations(legal, '5e').size, 0);
	assert.equal(hasMovesFrom(legal, '9i'), true);
	assert.equal(hasMovesFrom(legal, 'R*'), false);
});

test('a choice only when both moves are legal', () => {
	assert.equal(promotionChoice(legal, '7c', '7b'), 'choose');
	assert.equal(promotionChoice(legal, '2c', '2b'), 'choose');
	assert.equal(promotionChoice(legal, '8c', '8b'), 'promote'); // forced (a pawn to the last rank... or any)
	assert.equal(promotionChoice(legal, '3c', '3b'), 'plain'); // a piece that cannot promote
	assert.equal(promotionChoice(legal, 'P*', '5e'), 'plain'); // drops never promote
	assert.equal(promotionChoice(legal, '5c', '5b'), 'illegal');
	assert.equal(promotionChoice([], '7c', '7b'), 'illegal');
});

test('USI text of a move', () => {
	assert.equal(usiMove('7g', '7f', false), '7g7f');
	assert.equal(usiMove('8h', '2b', true), '8h2b+');
	assert.equal(usiMove(dropSource('P'), '5e', false), 'P*5e');
});
