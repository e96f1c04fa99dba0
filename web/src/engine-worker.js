/*
 * engine-worker.js: the Web Worker that runs gyoku's engine (engine.js).  Bundled by build.mjs
 * into dist/engine/engine-worker.js beside emscripten's output, which it loads: gyoku-engine-simd.js
 * (and .wasm) where the browser has WebAssembly's 128-bit SIMD, else gyoku-engine.js.  Each message is one USI command line, handed to the engine's
 * gy_usi_command; each line the engine writes is posted back as one message.  Lines that come
 * before the engine has loaded wait for it, in order.
 */

/**
 * The emscripten module: ccall calls an exported C function.
 * @typedef {object} EngineModule
 * @property {(name: string, ret: string, types: string[], args: unknown[]) => unknown} ccall
 */

import { hasSimd } from './engine.js';

/** @type {any} */
const scope = self;

/** @type {EngineModule | null} */
let engine = null;
/** @type {string[]} */
const pending = [];

/** @param {string} line */
function run(line) {
	/** @type {EngineModule} */ (engine).ccall('gy_usi_command', 'number', ['string'], [line]);
}

scope.onmessage = (/** @type {MessageEvent} */ e) => {
	const line = String(e.data);
	if (engine) run(line);
	else pending.push(line);
};

scope.importScripts(hasSimd() ? 'gyoku-engine-simd.js' : 'gyoku-engine.js');
/** @type {(opts: object) => Promise<EngineModule>} */ (scope.createGyokuEngine)({
	print: (/** @type {string} */ line) => scope.postMessage(line),
	printErr: (/** @type {string} */ line) => scope.postMessage(`info string ${line}`),
}).then((/** @type {EngineModule} */ m) => {
	engine = m;
	for (const line of pending.splice(0)) run(line);
});
