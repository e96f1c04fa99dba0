/*
 * rules.js: the rules of shogi for the pages that have no server game to send the legal moves (the
 * analysis board): libgyoku's move generator, compiled to WebAssembly with app/rules_wasm.c
 * (dist/engine/gyoku-rules.{js,wasm}; no engine, no solver), so that every rule is written once, in
 * libgyoku; notation.js writes moves through the same module (the analysis board's, the puzzles').
 * loadRules() instantiates it, once, asynchronously; the calls below are then synchronous.  Before
 * it is loaded (or when it cannot be) a position has no legal move and no check, and rulesReady()
 * says false: a page awaits loadRules() before its first use and says so when it fails.  The legal
 * moves come in the form of the game JSON's `legal` list (legal.js reads both alike: a move that may
 * promote or not is listed with and without "+").  No DOM but the script element that loads the
 * module in a browser.
 */
import { toSfen } from './sfen.js';

/** @typedef {import('./sfen.js').Position} Position */
/**
 * The emscripten module's calls (app/rules_wasm.c), through its ccall.
 * @typedef {{ccall: (name: string, ret: 'string' | 'number', types: string[], args: (string | number)[]) => any}} RulesModule
 */
/** @typedef {(opts: Record<string, unknown>) => Promise<RulesModule>} RulesFactory */

/** The module's script, beside the engine's. */
const SCRIPT = '/engine/gyoku-rules.js';

/** @type {RulesModule | null} */
let mod = null;
/** @type {Promise<void> | null} */
let loading = null;
/** The SFEN last set in the module (the calls of one position set it once). */
let current = '';

/**
 * The module's factory in a browser: gyoku-rules.js run as a classic script defines it globally.
 * @returns {Promise<RulesFactory>}
 */
function browserFactory() {
	return new Promise((resolve, reject) => {
		const s = document.createElement('script');
		s.src = SCRIPT;
		s.onload = () => {
			const f = /** @type {any} */ (globalThis).createGyokuRules;
			if (typeof f === 'function') resolve(f);
			else reject(new Error(`${SCRIPT} did not define createGyokuRules`));
		};
		s.onerror = () => reject(new Error(`${SCRIPT} could not be loaded`));
		document.head.append(s);
	});
}

/**
 * Loads the rules module, once (later calls return the same promise; a failed load may be tried
 * again).  In a browser the script comes from dist/engine/; elsewhere (node's tests) `factory` and
 * `options` (such as the wasmBinary) are given.
 * @param {RulesFactory} [factory]
 * @param {Record<string, unknown>} [options]
 * @returns {Promise<void>}
 */
export function loadRules(factory, options = {}) {
	if (!loading)
		loading = (async () => {
			const create = factory || (await browserFactory());
			mod = await create(options);
			current = '';
		})().catch((e) => {
			loading = null;
			throw e;
		});
	return loading;
}

/** True once the rules module is loaded. */
export function rulesReady() {
	return mod !== null;
}

/**
 * The module with `pos` set as its position, or null (not loaded, or a position it cannot read).
 * @param {Position} pos
 * @returns {RulesModule | null}
 */
export function rulesAt(pos) {
	if (!mod) return null;
	const sfen = toSfen(pos);
	if (sfen !== current) {
		current = sfen;
		if (mod.ccall('gy_rules_set', 'string', ['string'], ['sfen ' + sfen]) !== '') current = '';
	}
	return current ? mod : null;
}

/**
 * True when the side to move has its king attacked.
 * @param {Position} pos
 */
export function inCheck(pos) {
	const m = rulesAt(pos);
	return m !== null && m.ccall('gy_rules_in_check', 'number', [], []) === 1;
}

/**
 * The legal moves of the side to move, as USI moves.
 * @param {Position} pos
 * @returns {string[]}
 */
export function legalMoves(pos) {
	const m = rulesAt(pos);
	const text = m ? /** @type {string} */ (m.ccall('gy_rules_legal', 'string', [], [])) : '';
	return text ? text.split(' ') : [];
}

/**
 * True when the side to move is checkmated (or has no move at all).
 * @param {Position} pos
 */
export function isMated(pos) {
	return legalMoves(pos).length === 0;
}
