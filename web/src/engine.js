/*
 * engine.js: gyoku's engine in the visitor's browser (docs/server.md "The engine in the browser").
 * The engine is gyoku-usi compiled to WebAssembly (dist/engine/gyoku-engine.{js,wasm}, built by
 * `make web` with emscripten); it runs in a Web Worker (engine-worker.js) and speaks USI, one command
 * line at a time, the same protocol as the native engine.  This module sends the commands and parses
 * the answers: `info` lines into Info objects, `bestmove` and `checkmate` into results.
 *
 * Where the page is cross-origin isolated (SharedArrayBuffer exists: gyoku serve sends the headers)
 * and WebAssembly has SIMD, the worker loads the threaded build (gyoku-engine-mt): its search runs
 * on the engine's own threads, with the Threads option set to the visitor's cores (wasmThreads()),
 * and stop() sends `stop`, answered by the engine's bestmove as natively.  Elsewhere the engine
 * has one thread: a search runs to its end inside the worker, sending its info lines as it goes, so
 * a `stop` sent during a search would only arrive after it; stop() then ends the worker (the hash is
 * lost) and answers the search with the first move of the deepest PV seen, and the next command
 * starts a fresh worker.  Searches are best given a limit (depth, nodes or movetime); `go infinite`
 * runs until stop().
 *
 * Game review's curve and marks are libgyoku's (gyoku/review.h), asked of the same worker with two
 * lines that are no USI (app/usi_wasm.c): winProb() and judge(), and moveText() names a move as a
 * reviewed record's comments do; the browser keeps no copy of them.
 */

/**
 * One `info` line of a search.  Absent words are absent fields.
 * @typedef {object} Info
 * @property {number} [depth]
 * @property {number} [seldepth]
 * @property {number} [multipv] 1 for the best line
 * @property {number} [cp] the score in centipawns, from the side to move's view
 * @property {number} [mate] the score as a mate in N plies (negative: the side to move is mated)
 * @property {number} [nodes]
 * @property {number} [nps]
 * @property {number} [time] milliseconds since the search began
 * @property {number} [hashfull]
 * @property {string[]} [pv] USI moves
 * @property {string} [string] the text of `info string`
 */

/**
 * The answer of a search: `bestmove MOVE [ponder MOVE]`; move is a USI move, "resign" or "win".
 * @typedef {object} BestMove
 * @property {string} move
 * @property {string | null} ponder
 * @property {Info[]} infos the info lines of the search, in order
 * @property {boolean} stopped the search was ended by stop() (the move is the last PV's first)
 */

/**
 * The answer of `go mate`: kind "mate" with the moves, or "nomate", "timeout" or "notimplemented".
 * @typedef {object} MateResult
 * @property {'mate' | 'nomate' | 'timeout' | 'notimplemented'} kind
 * @property {string[]} pv
 */

/**
 * The limits of a search, as the words of `go`: one of depth, nodes, movetime or infinite.
 * @typedef {object} Limits
 * @property {number} [depth]
 * @property {number} [nodes]
 * @property {number} [movetime] milliseconds
 * @property {boolean} [infinite]
 */

/**
 * What the engine needs of a worker: engine-worker.js in a Worker, or an object like it (the tests).
 * @typedef {object} WorkerLike
 * @property {(line: string) => void} postMessage sends one command line
 * @property {((e: { data: string }) => void) | null} onmessage called with each line the engine writes
 * @property {() => void} terminate
 */

/** How long the threaded build may take to answer `stop` before its worker is ended. */
const STOP_WAIT_MS = 3000;

/**
 * How long a worker ended while its engine loads is left to finish loading.  The threaded build's
 * thread workers each fetch the engine's script as it starts: a worker ended then aborts their
 * fetches, which the page's console reports as errors; ended once loaded, it ends quietly.
 */
const LOAD_WAIT_MS = 20000;

/**
 * A search's score from the side to move's view: centipawns, or a mate in N plies (negative: the
 * side to move is mated).
 * @typedef {{ cp: number } | { mate: number }} Score
 */

/**
 * The mark of a move (gyoku/review.h): best, good, inaccuracy (疑問手), mistake (悪手), blunder (大悪手).
 * @typedef {'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder'} Mark
 */

/**
 * The words of a score in the engine's review lines: "cp N", "mate N", or "none" for no score.
 * @param {Score | null | undefined} s
 */
export function scoreWords(s) {
	if (s && 'mate' in s && Number.isInteger(s.mate) && s.mate !== 0) return `mate ${s.mate}`;
	if (s && 'cp' in s && Number.isInteger(s.cp)) return `cp ${s.cp}`;
	return 'none';
}

const MARKS = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

/**
 * Parses the engine's answer to a review line: `review prob P` or `review mark MARK LOSS`.
 * @param {string} line
 * @returns {{ prob: number } | { mark: Mark, loss: number } | { text: string } | null}
 */
export function parseReview(line) {
	const w = line.trim().split(/\s+/);
	if (w[0] !== 'review') return null;
	if (w[1] === 'move' && w[2]) return { text: line.trim().slice('review move '.length) };
	if (w[1] === 'prob' && Number.isFinite(Number(w[2]))) return { prob: Number(w[2]) };
	if (w[1] === 'mark' && MARKS.includes(w[2]) && Number.isFinite(Number(w[3])))
		return { mark: /** @type {Mark} */ (w[2]), loss: Number(w[3]) };
	return null;
}

const NUMBER_WORDS = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull'];

/**
 * Parses one `info` line; null when the line is not one.
 * @param {string} line
 * @returns {Info | null}
 */
export function parseInfo(line) {
	const words = line.trim().split(/\s+/);
	if (words[0] !== 'info') return null;
	/** @type {Info} */
	const info = {};
	/** @type {Record<string, number>} */
	const nums = /** @type {any} */ (info);
	for (let i = 1; i < words.length; i++) {
		const w = words[i];
		if (w === 'string') {
			info.string = words.slice(i + 1).join(' ');
			break;
		}
		if (w === 'pv') {
			info.pv = words.slice(i + 1);
			break;
		}
		if (w === 'score') {
			const kind = words[i + 1];
			const v = Number(words[i + 2]);
			if ((kind === 'cp' || kind === 'mate') && Number.isFinite(v)) info[kind] = v;
			i += 2;
			if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') i++;
			continue;
		}
		if (NUMBER_WORDS.includes(w)) {
			const v = Number(words[i + 1]);
			if (Number.isFinite(v)) nums[w] = v;
			i++;
		}
	}
	return info;
}

/**
 * Parses a `bestmove` line; null when the line is not one.
 * @param {string} line
 * @returns {{ move: string, ponder: string | null } | null}
 */
export function parseBestMove(line) {
	const words = line.trim().split(/\s+/);
	if (words[0] !== 'bestmove' || !words[1]) return null;
	return { move: words[1], ponder: words[2] === 'ponder' && words[3] ? words[3] : null };
}

/**
 * Parses a `checkmate` line (the answer of `go mate`); null when the line is not one.
 * @param {string} line
 * @returns {MateResult | null}
 */
export function parseCheckmate(line) {
	const words = line.trim().split(/\s+/);
	if (words[0] !== 'checkmate') return null;
	const rest = words.slice(1);
	if (rest.length === 1 && (rest[0] === 'nomate' || rest[0] === 'timeout' || rest[0] === 'notimplemented'))
		return { kind: rest[0], pv: [] };
	return { kind: 'mate', pv: rest };
}

/**
 * The words of `go` for `limits`.
 * @param {Limits} limits
 */
export function goCommand(limits) {
	if (limits.depth !== undefined) return `go depth ${Math.max(1, Math.floor(limits.depth))}`;
	if (limits.nodes !== undefined) return `go nodes ${Math.max(1, Math.floor(limits.nodes))}`;
	if (limits.movetime !== undefined) return `go movetime ${Math.max(0, Math.floor(limits.movetime))}`;
	return 'go infinite';
}

/**
 * The `position` command of a position and the moves played from it.
 * @param {string | null} sfen an SFEN, or null for the start position
 * @param {string[]} [moves] USI moves
 */
export function positionCommand(sfen, moves = []) {
	const base = sfen ? `position sfen ${sfen.trim()}` : 'position startpos';
	return moves.length ? `${base} moves ${moves.join(' ')}` : base;
}

/**
 * Whether WebAssembly has 128-bit SIMD: a module of one function returning v128.const 0 validates.
 * @returns {boolean}
 */
export function hasSimd() {
	const body = [0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b];
	const bytes = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b, 3, 2, 1, 0];
	bytes.push(10, body.length + 2, 1, body.length, ...body);
	return typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(bytes));
}

/** The most threads the threaded build is given (Lazy SMP gains little beyond). */
export const MAX_WASM_THREADS = 8;

/**
 * Whether the threaded build can run here: shared memory (a cross-origin isolated page or worker)
 * and SIMD, which it is built with.
 * @returns {boolean}
 */
export function canThread() {
	return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true && hasSimd();
}

/**
 * The threads of the engine in the browser: the visitor's cores up to MAX_WASM_THREADS where the
 * threaded build runs, else 1.
 * @returns {number}
 */
export function wasmThreads() {
	if (!canThread()) return 1;
	const cores = Math.floor(Number(globalThis.navigator?.hardwareConcurrency) || 1);
	return Math.min(MAX_WASM_THREADS, Math.max(1, cores));
}

/**
 * What the USI code needs of emscripten's module.
 * @typedef {object} EngineModule
 * @property {(name: string, ret: string, types: string[], args: unknown[]) => unknown} ccall
 */

/** How often, in milliseconds, the threaded build's answers are taken while a search runs. */
export const POLL_MS = 4;

/**
 * Drives an emscripten module of the engine: returns send(line), which hands one command line to
 * its gy_usi_command.  The one-thread builds answer through the module's print, set when it was
 * made; the threaded build (threaded true) queues its answers (app/usi_wasm.c), taken here with
 * gy_usi_take after each command and every POLL_MS while a search runs (from `go` to its bestmove
 * or checkmate), and each line handed to `post`.
 * @param {EngineModule} mod
 * @param {boolean} threaded
 * @param {(line: string) => void} post
 * @returns {(line: string) => void}
 */
export function moduleSession(mod, threaded, post) {
	if (!threaded) return (line) => void mod.ccall('gy_usi_command', 'number', ['string'], [line]);
	/** @type {ReturnType<typeof setInterval> | null} */
	let timer = null;
	const take = () => {
		const text = String(mod.ccall('gy_usi_take', 'string', [], []));
		for (const line of text.split('\n')) {
			if (!line) continue;
			if (timer && (line.startsWith('bestmove') || line.startsWith('checkmate'))) {
				clearInterval(timer);
				timer = null;
			}
			post(line);
		}
	};
	return (line) => {
		mod.ccall('gy_usi_command', 'number', ['string'], [line]);
		if (/^\s*go(\s|$)/.test(line) && !timer) timer = setInterval(take, POLL_MS);
		take();
	};
}

/** The default worker: engine-worker.js beside the engine in dist/engine/. */
function defaultWorker() {
	return /** @type {WorkerLike} */ (/** @type {unknown} */ (new Worker('/engine/engine-worker.js')));
}

/**
 * A USI session with the engine in a worker.  One search at a time: go() and mate() wait for the
 * one before to end.
 */
export class Engine {
	/**
	 * @param {() => WorkerLike} [makeWorker] starts a worker (default: dist/engine/engine-worker.js)
	 * @param {{ threaded?: boolean, threads?: number, endLoaded?: boolean }} [how] threaded: the
	 *   worker runs the threaded build, which hears `stop` during a search; threads: the Threads
	 *   option (default, for the default worker: canThread() and wasmThreads(); else one thread);
	 *   endLoaded: a worker is ended only once its engine has loaded (default: where the page can
	 *   run the threaded build, which any engine-worker.js then loads, the analysis page's too)
	 */
	constructor(makeWorker = defaultWorker, how = {}) {
		this.makeWorker = makeWorker;
		const ours = makeWorker === defaultWorker;
		/** @type {boolean} stop() sends `stop` rather than ending the worker */
		this.threaded = how.threaded ?? (ours && canThread());
		/** @type {number} */
		this.threads = how.threads ?? (ours ? wasmThreads() : 1);
		/** @type {boolean} a worker ended before its engine has loaded is ended once it has */
		this.endLoaded = how.endLoaded ?? canThread();
		/** @type {boolean} the current worker's engine has loaded (said `info string engine`) */
		this.loaded = false;
		/** @type {WorkerLike | null} */
		this.worker = null;
		/** @type {((line: string) => void) | null} the waiter of the current command */
		this.waiter = null;
		/** @type {Promise<unknown>} the last command's end */
		this.queue = Promise.resolve();
		/** @type {string} the last position sent, sent again to a fresh worker */
		this.lastPosition = 'position startpos';
		/** @type {string[]} the setoption lines sent, sent again to a fresh worker */
		this.options = this.threads > 1 ? [`setoption name Threads value ${this.threads}`] : [];
		/** @type {(() => void) | null} ends the current search at once (stop) */
		this.abort = null;
		/** @type {boolean} stop() was called during the current command (threaded) */
		this.stopping = false;
		/** @type {ReturnType<typeof setTimeout> | null} ends the worker if `stop` goes unanswered */
		this.stopTimer = null;
		/** @type {string} the engine's name (id name) */
		this.name = '';
	}

	/** Starts the worker when there is none, with usi, the options and the position. */
	ensure() {
		if (this.worker) return;
		const w = this.makeWorker();
		this.worker = w;
		this.loaded = false;
		w.onmessage = (e) => {
			const line = String(e.data);
			if (line.startsWith('id name ')) this.name = line.slice(8);
			// engine-worker.js says which build it runs: one that fell back to one thread cannot hear stop.
			if (line.startsWith('info string engine ')) {
				this.threaded = /^info string engine \S+-mt\.js /.test(line);
				this.loaded = true;
			}
			if (this.waiter) this.waiter(line);
		};
		w.postMessage('usi');
		for (const o of this.options) w.postMessage(o);
		w.postMessage(this.lastPosition);
	}

	/**
	 * Sends `line` and collects the answer until `done(line)` is true; resolves with the lines.
	 * @param {string} line
	 * @param {(line: string) => boolean} done
	 * @param {(line: string) => void} [each]
	 * @returns {Promise<{ lines: string[], stopped: boolean }>}
	 */
	ask(line, done, each) {
		const run = () =>
			new Promise((resolve) => {
				this.ensure();
				/** @type {string[]} */
				const lines = [];
				this.stopping = false;
				const finish = (/** @type {boolean} */ stopped) => {
					this.waiter = null;
					this.abort = null;
					if (this.stopTimer) clearTimeout(this.stopTimer);
					this.stopTimer = null;
					resolve({ lines, stopped: stopped || this.stopping });
				};
				this.waiter = (l) => {
					lines.push(l);
					if (each) each(l);
					if (done(l)) finish(false);
				};
				this.abort = () => finish(true);
				/** @type {WorkerLike} */ (this.worker).postMessage(line);
			});
		const p = this.queue.then(run, run);
		this.queue = p;
		return /** @type {Promise<{ lines: string[], stopped: boolean }>} */ (p);
	}

	/** Starts the engine and waits until it is ready (usi, isready). */
	async ready() {
		await this.ask('isready', (l) => l === 'readyok');
	}

	/**
	 * Sets a USI option (e.g. USI_Hash, MultiPV).
	 * @param {string} name
	 * @param {string | number} value
	 */
	setOption(name, value) {
		const line = `setoption name ${name} value ${value}`;
		this.options = this.options.filter((o) => !o.startsWith(`setoption name ${name} value `));
		this.options.push(line);
		if (this.worker) this.worker.postMessage(line);
	}

	/** A new game (usinewgame): the hash and the move histories are cleared. */
	newGame() {
		this.ensure();
		/** @type {WorkerLike} */ (this.worker).postMessage('usinewgame');
	}

	/**
	 * Sets the position: an SFEN (null: the start position) and the moves played from it.
	 * @param {string | null} sfen
	 * @param {string[]} [moves]
	 */
	position(sfen, moves = []) {
		this.lastPosition = positionCommand(sfen, moves);
		if (this.worker) this.worker.postMessage(this.lastPosition);
	}

	/**
	 * Searches the position within `limits`, calling onInfo with each info line as it comes.
	 * @param {Limits} limits
	 * @param {(info: Info) => void} [onInfo]
	 * @returns {Promise<BestMove>}
	 */
	async go(limits, onInfo) {
		/** @type {Info[]} */
		const infos = [];
		const { lines, stopped } = await this.ask(
			goCommand(limits),
			(l) => l.startsWith('bestmove'),
			(l) => {
				const info = parseInfo(l);
				if (!info) return;
				infos.push(info);
				if (onInfo) onInfo(info);
			},
		);
		const best = lines.length ? parseBestMove(lines[lines.length - 1]) : null;
		if (best && (!stopped || this.threaded)) return { ...best, infos, stopped };
		const deepest = infos.filter((i) => i.pv && i.pv.length && (i.multipv ?? 1) === 1).pop();
		return { move: deepest?.pv?.[0] ?? 'resign', ponder: deepest?.pv?.[1] ?? null, infos, stopped: true };
	}

	/**
	 * Looks for a mate of the side to move (`go mate`, the df-pn solver) within `ms` milliseconds
	 * (none: until found or disproved).
	 * @param {number} [ms]
	 * @returns {Promise<MateResult>}
	 */
	async mate(ms) {
		const cmd = ms === undefined ? 'go mate infinite' : `go mate ${Math.max(0, Math.floor(ms))}`;
		const { lines, stopped } = await this.ask(cmd, (l) => l.startsWith('checkmate'));
		const last = lines.length ? parseCheckmate(lines[lines.length - 1]) : null;
		return last && (!stopped || this.threaded) ? last : { kind: 'timeout', pv: [] };
	}

	/**
	 * The side to move's chance to win with `score`, 0..1 (libgyoku's curve, asked of the engine).
	 * @param {Score} score
	 * @returns {Promise<number>}
	 */
	async winProb(score) {
		const { lines } = await this.ask(`review prob ${scoreWords(score)}`, (l) => l.startsWith('review '));
		const r = lines.length ? parseReview(lines[lines.length - 1]) : null;
		if (!r || !('prob' in r)) throw new Error(`the engine answered ${lines.join(' | ')}`);
		return r.prob;
	}

	/**
	 * The mark and loss of a move (libgyoku's, asked of the engine): `before` is the score of the
	 * position before the move, `after` that of the position after it (each from its side to
	 * move's view; null: none), `chosen` whether the move is the search's best move.
	 * @param {Score | null} before
	 * @param {Score | null} after
	 * @param {boolean} chosen
	 * @returns {Promise<{ mark: Mark, loss: number }>}
	 */
	async judge(before, after, chosen) {
		const line = `review mark ${scoreWords(before)} ${scoreWords(after)} ${chosen ? 1 : 0}`;
		const { lines } = await this.ask(line, (l) => l.startsWith('review '));
		const r = lines.length ? parseReview(lines[lines.length - 1]) : null;
		if (!r || !('mark' in r)) throw new Error(`the engine answered ${lines.join(' | ')}`);
		return r;
	}

	/**
	 * The move `usi` of the position `sfen` as a reviewed record's comments name it ("▲２二角成");
	 * `prev` is the move before it (USI, for 同), null for none.
	 * @param {string | null} prev
	 * @param {string} usi
	 * @param {string} sfen
	 * @returns {Promise<string>}
	 */
	async moveText(prev, usi, sfen) {
		const { lines } = await this.ask(`review move ${prev || '-'} ${usi} ${sfen}`, (l) =>
			l.startsWith('review '),
		);
		const r = lines.length ? parseReview(lines[lines.length - 1]) : null;
		return r && 'text' in r ? r.text : usi;
	}

	/**
	 * Ends the current search.  The threaded build hears `stop` and answers its bestmove (the
	 * worker is ended after STOP_WAIT_MS without one); a one-thread build cannot hear it while it
	 * searches, so its worker is ended at once, and a fresh one starts at the next command.
	 */
	stop() {
		if (!this.abort) return;
		if (!this.threaded || !this.worker) {
			this.terminate();
			return;
		}
		if (this.stopping) return;
		this.stopping = true;
		this.worker.postMessage('stop');
		this.stopTimer = setTimeout(() => this.terminate(), STOP_WAIT_MS);
	}

	/**
	 * Ends the worker; a pending search is answered as stopped.  A worker whose engine is still
	 * loading (endLoaded) is ended once it has loaded, or after LOAD_WAIT_MS; its lines are ignored.
	 */
	terminate() {
		const abort = this.abort;
		const w = this.worker;
		this.worker = null;
		if (w && this.endLoaded && !this.loaded) {
			const timer = setTimeout(() => w.terminate(), LOAD_WAIT_MS);
			w.onmessage = (e) => {
				if (!String(e.data).startsWith('info string engine ')) return;
				clearTimeout(timer);
				w.terminate();
			};
		} else if (w) w.terminate();
		if (abort) abort();
	}
}
