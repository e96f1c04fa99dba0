// engines.mjs: the wasm engine (build/wasm/gyoku-engine{,-simd,-mt}.{js,wasm}, run in this process, the
// threaded build's threads in node's worker_threads) and the native bin/gyoku-usi (a child process), each
// behind web/src/engine.js's Engine, so both are driven by the same USI code the browser uses (the wasm
// module through moduleSession, as web/src/engine-worker.js drives it).  Used by tests/wasm/run.mjs and
// bench/wasm.mjs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { Engine, moduleSession } from '../../web/src/engine.js';

const root = new URL('../../', import.meta.url).pathname;
/** The two builds: without SIMD (for every browser) and with 128-bit SIMD. */
export const VARIANTS = ['gyoku-engine', 'gyoku-engine-simd'];
const file = (variant, ext) => `${root}build/wasm/${variant}.${ext}`;

/** The threaded build (pthreads and SIMD). */
export const MT_VARIANT = 'gyoku-engine-mt';
/** The threads the threaded build's pool is made for here. */
export const MT_POOL = 2;
const built = (v) => existsSync(file(v, 'js')) && existsSync(file(v, 'wasm'));

/** Whether the wasm engine is built (make web with emcc). */
export function wasmBuilt() {
	return VARIANTS.every(built);
}

/** Why the threaded build cannot run here, or null when it can. */
export function mtMissing() {
	if (!built(MT_VARIANT) || !existsSync(file(MT_VARIANT, 'worker.js')))
		return 'the threaded wasm engine is not built (make web with emscripten)';
	if (typeof SharedArrayBuffer !== 'function') return `node ${process.version} has no SharedArrayBuffer`;
	return null;
}

/** The emscripten module of `variant`, printing to `print` (the threaded build: with a pool of MT_POOL). */
export async function wasmModule(variant, print) {
	const create = createRequire(import.meta.url)(file(variant, 'js'));
	return create({
		wasmBinary: readFileSync(file(variant, 'wasm')),
		print,
		printErr: (l) => print(`info string ${l}`),
		gyThreads: MT_POOL,
	});
}

/**
 * The wasm engine in this process: the module is loaded once; a "worker" hands each line to
 * gy_usi_command on the next turn of the event loop and passes the engine's lines back, as
 * web/src/engine-worker.js does in a browser.
 */
export async function wasmEngine(variant = VARIANTS[0], threads = 1) {
	/** @type {((line: string) => void) | null} */
	let sink = null;
	const post = (line) => sink && sink(line);
	const mod = await wasmModule(variant, post);
	const threaded = variant === MT_VARIANT;
	const send = moduleSession(mod, threaded, post);
	const worker = {
		onmessage: null,
		postMessage(line) {
			setImmediate(() => send(line));
		},
		terminate() {
			send('quit');
			if (threaded) mod.PThread.terminateAllThreads();
		},
	};
	sink = (line) => worker.onmessage && worker.onmessage({ data: line });
	return new Engine(() => worker, { threaded, threads });
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

/** `gyoku-usi bench DEPTH` in `variant`: { nodes, nps } as it prints them. */
export async function wasmBench(variant, depth) {
	const lines = [];
	const mod = await wasmModule(variant, (l) => lines.push(l));
	mod.ccall('gy_usi_bench', 'number', ['number'], [depth]);
	if (variant === MT_VARIANT) {
		lines.push(mod.ccall('gy_usi_take', 'string', [], []));
		mod.PThread.terminateAllThreads();
	}
	return benchFigures(lines.join('\n'));
}

/** The figures of `gyoku-usi bench` output. */
export function benchFigures(text) {
	const get = (name) => Number((text.match(new RegExp(`^${name}: (\\d+)`, 'm')) || [])[1]);
	return { nodes: get('Nodes searched'), nps: get('Nodes/second'), ms: get('Time \\(ms\\)') };
}
