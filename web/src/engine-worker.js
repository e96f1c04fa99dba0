/*
 * engine-worker.js: the Web Worker that runs gyoku's engine (engine.js).  Bundled by build.mjs
 * into dist/engine/engine-worker.js beside emscripten's output, which it loads: gyoku-engine-mt.js
 * (and .wasm, and gyoku-engine-mt.worker.js for each of its threads) where the worker has shared
 * memory and SIMD (canThread(): the page is cross-origin isolated), else gyoku-engine-simd.js where
 * WebAssembly has 128-bit SIMD, else gyoku-engine.js.  Each message is one USI command line, handed
 * to the engine (moduleSession); each line the engine writes is posted back as one message.  Lines
 * that come before the engine has loaded wait for it, in order.  Once loaded, the worker says which
 * build it runs and its pool of threads in one line, `info string engine SCRIPT threads N`, which
 * USI clients ignore and engine.js reads (a threaded build that fails to start falls back to one
 * thread).
 */

import { canThread, hasSimd, moduleSession, wasmThreads } from './engine.js';

/** @type {any} */
const scope = self;

/** @type {((line: string) => void) | null} */
let send = null;
/** @type {string[]} */
const pending = [];

scope.onmessage = (/** @type {MessageEvent} */ e) => {
	const line = String(e.data);
	if (send) send(line);
	else pending.push(line);
};

const post = (/** @type {string} */ line) => scope.postMessage(line);
const pool = Math.max(2, wasmThreads());

/**
 * Loads emscripten's `script` and makes its module.
 * @param {string} script
 * @returns {Promise<import('./engine.js').EngineModule>}
 */
function load(script) {
	return Promise.resolve().then(() => {
		scope.importScripts(script);
		return scope.createGyokuEngine({
			print: post,
			printErr: (/** @type {string} */ line) => post(`info string ${line}`),
			// The threaded build: its pool of thread workers (at least two, for a Threads of 2 asked
			// by hand), and the script each of them loads (a worker's importScripts leaves emscripten
			// no way to find its own address).
			gyThreads: pool,
			mainScriptUrlOrBlob: new URL(script, scope.location.href).href,
		});
	});
}

/**
 * Starts the engine: `script` (threaded or not), then the lines that waited for it.
 * @param {string} script
 * @param {boolean} threaded
 */
async function start(script, threaded) {
	const mod = await load(script);
	post(`info string engine ${script} threads ${threaded ? pool : 1}`);
	send = moduleSession(mod, threaded, post);
	for (const line of pending.splice(0)) send(line);
}

const single = hasSimd() ? 'gyoku-engine-simd.js' : 'gyoku-engine.js';
if (canThread())
	start('gyoku-engine-mt.js', true).catch((err) => {
		// A browser that shares memory but cannot start the threads' workers: one thread.
		post(`info string the threaded engine did not start (${err}): one thread`);
		return start(single, false);
	});
else start(single, false);
