/*
 * engine-worker.js: the Web Worker that runs gyoku's engine (engine.js).  Bundled by build.mjs
 * into dist/engine/engine-worker.js beside emscripten's output, which it loads: gyoku-engine-mt.js
 * (and .wasm, and gyoku-engine-mt.worker.js for each of its threads) where the worker has shared
 * memory and SIMD (canThread(): the page is cross-origin isolated), else gyoku-engine-simd.js where
 * WebAssembly has 128-bit SIMD, else gyoku-engine.js.  Each message is one USI command line, handed
 * to the engine (moduleSession); each line the engine writes is posted back as one message.  Lines
 * that come before the engine has loaded wait for it, in order.  Once loaded, the worker says which
 * build it runs and its pool of threads in one line, `info string engine SCRIPT threads N`, which
 * USI clients ignore.
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

const threaded = canThread();
const script = threaded ? 'gyoku-engine-mt.js' : hasSimd() ? 'gyoku-engine-simd.js' : 'gyoku-engine.js';
const post = (/** @type {string} */ line) => scope.postMessage(line);
scope.importScripts(script);
/** @type {(opts: object) => Promise<import('./engine.js').EngineModule>} */ (scope.createGyokuEngine)({
	print: post,
	printErr: (/** @type {string} */ line) => post(`info string ${line}`),
	// The threaded build: its pool of thread workers (at least two, for a Threads of 2 asked by
	// hand), and the script each of them loads (a worker's importScripts leaves emscripten no way
	// to find its own address).
	gyThreads: Math.max(2, wasmThreads()),
	mainScriptUrlOrBlob: new URL(script, scope.location.href).href,
}).then((mod) => {
	post(`info string engine ${script} threads ${threaded ? Math.max(2, wasmThreads()) : 1}`);
	send = moduleSession(mod, threaded, post);
	for (const line of pending.splice(0)) send(line);
});
