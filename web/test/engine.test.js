// engine.test.js: the USI lines of the engine in the browser (src/engine.js): info, bestmove and
// checkmate parsed, the go and position commands written, and a session driven through a fake worker:
// one thread (stop ends the worker) and threaded (stop is sent and its bestmove answers; the Threads
// option goes first; the module's queued answers are taken while a search runs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
	Engine,
	hasSimd,
	goCommand,
	moduleSession,
	wasmThreads,
	parseBestMove,
	parseCheckmate,
	parseInfo,
	positionCommand,
	parseReview,
	scoreWords,
} from '../src/engine.js';

test('info lines parse into their fields', () => {
	assert.deepEqual(
		parseInfo(
			'info depth 8 seldepth 12 multipv 1 score cp 35 nodes 7005 nps 42198 hashfull 0 time 166 pv 7g7f 5a4b',
		),
		{
			depth: 8,
			seldepth: 12,
			multipv: 1,
			cp: 35,
			nodes: 7005,
			nps: 42198,
			hashfull: 0,
			time: 166,
			pv: ['7g7f', '5a4b'],
		},
	);
	assert.deepEqual(parseInfo('info depth 3 score mate -4 lowerbound nodes 10 pv 1a1b'), {
		depth: 3,
		mate: -4,
		nodes: 10,
		pv: ['1a1b'],
	});
	assert.deepEqual(parseInfo('info string error: go: busy'), { string: 'error: go: busy' });
	assert.equal(parseInfo('bestmove 7g7f'), null);
});

test('bestmove and checkmate lines parse', () => {
	assert.deepEqual(parseBestMove('bestmove 7g7f ponder 3c3d'), { move: '7g7f', ponder: '3c3d' });
	assert.deepEqual(parseBestMove('bestmove resign'), { move: 'resign', ponder: null });
	assert.equal(parseBestMove('bestmove'), null);
	assert.deepEqual(parseCheckmate('checkmate G*5b'), { kind: 'mate', pv: ['G*5b'] });
	assert.deepEqual(parseCheckmate('checkmate nomate'), { kind: 'nomate', pv: [] });
	assert.equal(parseCheckmate('readyok'), null);
});

test('SIMD is detected (node has it)', () => {
	assert.equal(hasSimd(), true);
});

test('go and position commands', () => {
	assert.equal(goCommand({ depth: 10 }), 'go depth 10');
	assert.equal(goCommand({ nodes: 5000 }), 'go nodes 5000');
	assert.equal(goCommand({ movetime: 250.7 }), 'go movetime 250');
	assert.equal(goCommand({}), 'go infinite');
	assert.equal(positionCommand(null), 'position startpos');
	assert.equal(positionCommand(null, ['7g7f', '3c3d']), 'position startpos moves 7g7f 3c3d');
	assert.equal(positionCommand('8k/9/9/9/9/9/9/9/K8 b G 1 '), 'position sfen 8k/9/9/9/9/9/9/9/K8 b G 1');
});

/** A fake worker that answers go with two info lines and a bestmove, and records what it got. */
function fakeWorker(sent) {
	const w = {
		onmessage: null,
		postMessage(line) {
			sent.push(line);
			const say = (data) => queueMicrotask(() => w.onmessage({ data }));
			if (line === 'isready') say('readyok');
			if (line.startsWith('go depth')) {
				say('info depth 1 score cp 10 nodes 5 pv 2g2f');
				say('info depth 2 score cp 20 nodes 50 pv 7g7f 3c3d');
				say('bestmove 7g7f ponder 3c3d');
			}
		},
		terminate() {
			sent.push('(terminated)');
		},
	};
	return w;
}

test('a session: usi, options and the position go first; go collects infos; stop ends the worker', async () => {
	const sent = [];
	const e = new Engine(() => fakeWorker(sent));
	e.setOption('USI_Hash', 16);
	e.position(null, ['7g7f']);
	await e.ready();
	assert.deepEqual(sent, ['usi', 'setoption name USI_Hash value 16', 'position startpos moves 7g7f', 'isready']);
	const seen = [];
	const best = await e.go({ depth: 2 }, (i) => seen.push(i.depth));
	assert.deepEqual(seen, [1, 2]);
	assert.equal(best.move, '7g7f');
	assert.equal(best.ponder, '3c3d');
	assert.equal(best.stopped, false);
	// A search that does not answer (go infinite) ends with stop(): the worker is ended.
	const pending = e.go({ infinite: true });
	await new Promise((r) => setTimeout(r, 0));
	e.stop();
	const stopped = await pending;
	assert.equal(stopped.stopped, true);
	assert.equal(sent.at(-1), '(terminated)');
	// The next command starts a fresh worker with the options and the position again.
	await e.ready();
	assert.deepEqual(sent.slice(-4), [
		'usi',
		'setoption name USI_Hash value 16',
		'position startpos moves 7g7f',
		'isready',
	]);
});

/** A fake worker of the threaded build: go infinite answers its bestmove only on stop. */
function threadedWorker(sent) {
	const w = fakeWorker(sent);
	const post = w.postMessage;
	w.postMessage = (line) => {
		post(line);
		const say = (data) => queueMicrotask(() => w.onmessage({ data }));
		if (line === 'go infinite') say('info depth 1 score cp 10 nodes 5 pv 2g2f');
		if (line === 'stop') say('bestmove 2g2f ponder 8c8d');
	};
	return w;
}

test('threaded: Threads goes first, stop is sent and the engine answers the search', async () => {
	const sent = [];
	const e = new Engine(() => threadedWorker(sent), { threaded: true, threads: 4 });
	await e.ready();
	assert.deepEqual(sent, ['usi', 'setoption name Threads value 4', 'position startpos', 'isready']);
	const pending = e.go({ infinite: true });
	await new Promise((r) => setTimeout(r, 0));
	e.stop();
	e.stop(); // once is enough
	const best = await pending;
	assert.deepEqual([best.move, best.ponder, best.stopped], ['2g2f', '8c8d', true]);
	assert.deepEqual(sent.slice(-2), ['go infinite', 'stop']);
	assert.ok(!sent.includes('(terminated)'));
	// The next search goes to the same worker.
	const next = await e.go({ depth: 2 });
	assert.deepEqual([next.move, next.stopped], ['7g7f', false]);
	assert.ok(!sent.includes('usi', 1));
});

test('threaded: a stop the engine does not answer ends the worker after a while', async (t) => {
	t.mock.timers.enable({ apis: ['setTimeout'] });
	const sent = [];
	const e = new Engine(() => fakeWorker(sent), { threaded: true });
	const pending = e.go({ infinite: true });
	await Promise.resolve();
	await Promise.resolve();
	e.stop();
	t.mock.timers.tick(3000);
	const best = await pending;
	assert.equal(best.stopped, true);
	assert.equal(sent.at(-1), '(terminated)');
});

test('a worker ended while its engine loads is ended once loaded (its threads fetch no more), or after 20 s', async (t) => {
	t.mock.timers.enable({ apis: ['setTimeout'] });
	const sent = [];
	/** @type {any[]} */
	const workers = [];
	const e = new Engine(
		() => {
			const w = fakeWorker(sent);
			workers.push(w);
			return w;
		},
		{ threaded: true, endLoaded: true },
	);
	const pending = e.go({ infinite: true });
	await Promise.resolve();
	e.terminate();
	assert.equal((await pending).stopped, true);
	assert.ok(!sent.includes('(terminated)'), 'not ended while it loads');
	workers[0].onmessage({ data: 'id name gyoku' });
	assert.ok(!sent.includes('(terminated)'));
	workers[0].onmessage({ data: 'info string engine gyoku-engine-mt.js threads 4' });
	assert.equal(sent.at(-1), '(terminated)');
	// A loaded worker is ended at once; one that never says it loaded, after LOAD_WAIT_MS.
	e.ensure();
	workers[1].onmessage({ data: 'info string engine gyoku-engine-mt.js threads 4' });
	e.terminate();
	assert.equal(sent.filter((l) => l === '(terminated)').length, 2);
	e.ensure();
	e.terminate();
	assert.equal(sent.filter((l) => l === '(terminated)').length, 2);
	t.mock.timers.tick(20000);
	assert.equal(sent.filter((l) => l === '(terminated)').length, 3);
});

test('the module session: answers taken after each command and while a search runs', async () => {
	const queue = [];
	const calls = [];
	const mod = {
		ccall(name, _ret, _types, args) {
			calls.push(name);
			if (name === 'gy_usi_take') return queue.splice(0).join('');
			if (args[0] === 'isready') queue.push('readyok\n');
			if (args[0] === 'go infinite') queue.push('info depth 1 nodes 5 pv 7g7f\n');
			return 1;
		},
	};
	const got = [];
	const send = moduleSession(mod, true, (l) => got.push(l));
	send('isready');
	assert.deepEqual(got, ['readyok']);
	send('go infinite');
	assert.deepEqual(got, ['readyok', 'info depth 1 nodes 5 pv 7g7f']);
	// The search's lines come while it runs, the bestmove ends the taking.
	queue.push('info depth 2 nodes 50 pv 7g7f\nbestmove 7g7f\n');
	await new Promise((r) => setTimeout(r, 30));
	assert.deepEqual(got.slice(2), ['info depth 2 nodes 50 pv 7g7f', 'bestmove 7g7f']);
	const takes = calls.filter((c) => c === 'gy_usi_take').length;
	await new Promise((r) => setTimeout(r, 30));
	assert.equal(calls.filter((c) => c === 'gy_usi_take').length, takes);
	// One thread: the line goes to gy_usi_command, the answers come through print.
	const plain = [];
	moduleSession({ ccall: (...a) => plain.push(a) }, false, () => {})('usi');
	assert.deepEqual(plain, [['gy_usi_command', 'number', ['string'], ['usi']]]);
});

test('threads: one where the threaded build cannot run (node is not cross-origin isolated)', () => {
	assert.equal(wasmThreads(), 1);
});

test('the worker saying it runs a one-thread build makes stop end the worker', async () => {
	const sent = [];
	const e = new Engine(
		() => {
			const w = fakeWorker(sent);
			queueMicrotask(() =>
				w.onmessage({ data: 'info string engine gyoku-engine-simd.js threads 1' }),
			);
			return w;
		},
		{ threaded: true },
	);
	await e.ready();
	assert.equal(e.threaded, false);
	const pending = e.go({ infinite: true });
	await new Promise((r) => setTimeout(r, 0));
	e.stop();
	assert.equal((await pending).stopped, true);
	assert.equal(sent.at(-1), '(terminated)');
});

test('review lines: the words of a score, the answers parsed', () => {
	assert.equal(scoreWords({ cp: -300 }), 'cp -300');
	assert.equal(scoreWords({ mate: 5 }), 'mate 5');
	assert.equal(scoreWords({ mate: 0 }), 'none');
	assert.equal(scoreWords(null), 'none');
	assert.deepEqual(parseReview('review prob 0.51'), { prob: 0.51 });
	assert.deepEqual(parseReview('review mark blunder 0.25'), { mark: 'blunder', loss: 0.25 });
	assert.equal(parseReview('review mark awful 0.25'), null);
	assert.equal(parseReview('review error'), null);
	assert.equal(parseReview('bestmove 7g7f'), null);
});

test('winProb and judge ask the worker its review lines', async () => {
	const sent = [];
	/** @type {any} */
	const w = {
		onmessage: null,
		postMessage(line) {
			sent.push(line);
			const answer = line.startsWith('review prob')
				? 'review prob 0.5'
				: line.startsWith('review mark')
					? 'review mark mistake 0.125'
					: null;
			if (answer) setImmediate(() => w.onmessage({ data: answer }));
		},
		terminate() {},
	};
	const e = new Engine(() => w);
	assert.equal(await e.winProb({ cp: 0 }), 0.5);
	assert.deepEqual(await e.judge({ cp: 100 }, { mate: 3 }, false), { mark: 'mistake', loss: 0.125 });
	assert.ok(sent.includes('review prob cp 0'));
	assert.ok(sent.includes('review mark cp 100 mate 3 0'));
});
