// review.test.js: the game review panel's pure parts (src/review.js, src/reviewgraph.js): a
// search's entry from the engine's answer (a resignation names its line's first move, no score is
// a position without a legal move), the per-side summary, and the graph's coordinates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreOf, searchEntry, summarize, STRENGTHS } from '../src/review.js';
import { point, plyAt } from '../src/reviewgraph.js';

test('a search entry from the engine: the last main-line score, the move, the line', () => {
	const e = searchEntry({
		move: '7g7f',
		ponder: null,
		stopped: false,
		infos: [
			{ depth: 1, cp: 10, pv: ['2g2f'], nodes: 5 },
			{ depth: 2, cp: 30, pv: ['7g7f', '3c3d'], nodes: 40, multipv: 1 },
			{ depth: 2, cp: -5, pv: ['2g2f'], multipv: 2 },
			{ string: 'hello' },
		],
	});
	assert.deepEqual(e, { cp: 30, best: '7g7f', pv: ['7g7f', '3c3d'], depth: 2, nodes: 40 });
	const resigned = searchEntry({
		move: 'resign',
		ponder: null,
		stopped: false,
		infos: [{ depth: 3, mate: -2, pv: ['5a4b'] }],
	});
	assert.deepEqual(resigned, { mate: -2, best: '5a4b', pv: ['5a4b'], depth: 3, nodes: 0 });
	const mated = searchEntry({ move: 'resign', ponder: null, stopped: false, infos: [] });
	assert.deepEqual(mated, { mate: -1, best: null, pv: [], depth: 0, nodes: 0 });
	assert.deepEqual(scoreOf({ cp: 5 }), { cp: 5 });
	assert.deepEqual(scoreOf({ mate: -3 }), { mate: -3 });
});

test('the summary counts each side from the side that moves first', () => {
	const moves = /** @type {const} */ ([
		{ mark: 'best', loss: 0 },
		{ mark: 'blunder', loss: 0.4 },
		{ mark: 'mistake', loss: 0.12 },
		{ mark: 'inaccuracy', loss: 0.06 },
	]);
	const s = summarize([...moves], 'black');
	assert.deepEqual(s.black, { moves: 2, inaccuracy: 0, mistake: 1, blunder: 0, loss: 0.06 });
	assert.equal(s.white.blunder, 1);
	assert.ok(Math.abs(s.white.loss - 0.23) < 1e-9);
	assert.equal(summarize([...moves], 'white').white.mistake, 1);
});

test('the graph: plies across, Black winning up; a click picks the nearest ply', () => {
	assert.deepEqual(point(0, 10, 0.5), [0, 50]);
	assert.deepEqual(point(10, 10, 1), [300, 0]);
	assert.deepEqual(point(5, 10, 0), [150, 100]);
	assert.deepEqual(point(0, 0, 2), [150, 0]);
	assert.equal(plyAt(0.46, 10), 5);
	assert.equal(plyAt(1.5, 10), 10);
	assert.equal(plyAt(-1, 10), 0);
	assert.deepEqual(
		STRENGTHS.map((s) => s.depth),
		[4, 8, 12],
	);
});
