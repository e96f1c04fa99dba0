// wasmrules.js: loads the rules module (build/wasm/gyoku-rules.{js,wasm}, app/rules_wasm.c, built by
// `make web` with emscripten) into src/rules.js for the tests of the rules and the notation, which
// run against libgyoku as the page does.  Without emscripten the module is not built: the tests are
// skipped with the reason wasmRules() returns.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { loadRules } from '../src/rules.js';

const dir = new URL('../../build/wasm/', import.meta.url).pathname;

/**
 * Loads the module once; false when loaded, else why not (for a test's `skip`).
 * @returns {Promise<string | false>}
 */
export async function wasmRules() {
	if (!existsSync(dir + 'gyoku-rules.wasm') || !existsSync(dir + 'gyoku-rules.js'))
		return 'the rules module build/wasm/gyoku-rules.wasm is not built (make web with emscripten)';
	await loadRules(createRequire(import.meta.url)(dir + 'gyoku-rules.js'), {
		wasmBinary: readFileSync(dir + 'gyoku-rules.wasm'),
	});
	return false;
}
