// engines.mjs: the wasm engine (build/wasm/gyoku-engine.{js,wasm}, run in this process) and the native
// bin/gyoku-usi (a child process), each behind web/src/engine.js's Engine, so both are driven by the same
// USI code the browser uses.  Used by tests/wasm/run.mjs and bench/wasm.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Engine } from '../../web/src/engine.js';

const root = new URL('../../', import.meta.url).pathname;
export const WASM_JS = root + 'build/wasm/gyoku-engine.js';
export const WASM_BIN = root + 'build/wasm/gyoku-engine.wasm';

/** Whether the wasm engine is built (make web with emcc). */
export function wasmBuilt() {
	return existsSync(WASM_JS) && existsSync(WASM_BIN);
}

/**
 * The wasm engine in this process: the module is loaded once; a "worker" hands each line to
 * gy_usi_command on the next turn of the event loop and passes the engine's lines back, as
 * web/src/engine-worker.js does in a browser.
 */
export async function wasmEngine() {
	const create = createRequire(import.meta.url)(WASM_JS);
	/** @type {((line: string) => void) | null} */
	let sink = null;
	const mod = await create({
		wasmBinary: readFileSync(WASM_BIN),
		print: (line) => sink && sink(line),
		printErr: (line) => sink && sink(`info string ${line}`),
	});
	const worker = {
		onmessage: null,
		postMessage(line) {
			setImmediate(() => mod.ccall('gy_usi_command', 'number', ['string'], [line]));
		},
		terminate() {
			mod.ccall('gy_usi_command', 'number', ['string'], ['quit']);
		},
	};
	sink = (line) => worker.onmessage && worker.onmessage({ data: line });
	return new Engine(() => worker);
}

/** The native engine, bin/gyoku-usi (or `bin`), as a child process. */
export function nativeEngine(bin = root + 'bin/gyoku-usi') {
	return new Engine(() => {
		const child = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
		const worker = {
			onmessage: null,
			postMessage(line) {
				child.stdin.write(line + '\n');
			},
			terminate() {
				child.stdin.end('quit\n');
			},
		};
		createInterface({ input: child.stdout }).on(
			'line',
			(line) => worker.onmessage && worker.onmessage({ data: line }),
		);
		return worker;
	});
}

/** Parses a `go` command's words into Engine limits. */
export function limitsOf(go) {
	const [, word, value] = go.trim().split(/\s+/);
	return { [word]: Number(value) };
}
