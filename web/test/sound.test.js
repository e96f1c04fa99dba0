// sound.test.js: which sound a move gives and the countdown's seconds (src/sound.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { soundFor, countdownSecond, TONES } from '../src/sound.js';
import { parseSfen, positionsOf, START_SFEN } from '../src/sfen.js';
import { parseTimeControl } from '../src/clock.js';

const start = parseSfen(START_SFEN);
// After 7g7f 3c3d 8h2b+ is a capture (the bishop takes the bishop).
const beforeCapture = positionsOf(START_SFEN, ['7g7f', '3c3d'])[2];

test('a quiet move, a drop, a capture', () => {
	assert.equal(soundFor({ move: '7g7f', check: false, status: 'playing' }, start), 'move');
	assert.equal(soundFor({ move: '8h2b+', check: false, status: 'playing' }, beforeCapture), 'capture');
	const withBishop = positionsOf(START_SFEN, ['7g7f', '3c3d', '8h2b+', '3a2b'])[4];
	assert.equal(soundFor({ move: 'B*5e', check: false, status: 'playing' }, withBishop), 'move');
	// Without the position a move is a move.
	assert.equal(soundFor({ move: '8h2b+', check: false, status: 'playing' }, null), 'move');
});

test('check outranks a capture, the end outranks both', () => {
	assert.equal(soundFor({ move: '8h2b+', check: true, status: 'playing' }, beforeCapture), 'check');
	assert.equal(soundFor({ move: '8h2b+', check: true, status: 'ended' }, beforeCapture), 'end');
	assert.equal(soundFor({ move: '7g7f', check: false, status: 'ended' }, start), 'end');
});

const clock = (o) => ({
	main_ms: 0,
	periods: 1,
	period_ms: 30000,
	byoyomi: false,
	vacation_days: 0,
	total_ms: 0,
	move_ms: 0,
	vacation_ms: 0,
	...o,
});

test('the countdown: byoyomi, or main time with no byoyomi', () => {
	const byo = parseTimeControl('10m+30s');
	assert.equal(countdownSecond(clock({ main_ms: 5000 }), byo), null, 'main time before byoyomi');
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 12000 }), byo), null);
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 10000 }), byo), 10);
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 9001 }), byo), 10);
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 9000 }), byo), 9);
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 1 }), byo), 1);
	assert.equal(countdownSecond(clock({ byoyomi: true, period_ms: 0 }), byo), null);
	const inc = parseTimeControl('5m+10i');
	assert.equal(countdownSecond(clock({ main_ms: 4500, period_ms: 0 }), inc), 5);
	assert.equal(countdownSecond(clock({ main_ms: 60000, period_ms: 0 }), inc), null);
	assert.equal(countdownSecond(clock({ main_ms: 4500 }), parseTimeControl('3d')), null, 'correspondence');
	assert.equal(countdownSecond(clock({ main_ms: 4500 }), null), null, 'untimed');
});

test('every sound has a start frequency of its own', () => {
	const f = Object.values(TONES).map((t) => t.from);
	assert.equal(new Set(f).size, f.length);
});
