// tests/browser/run.mjs: the web board in a real browser (docs/server.md).  Starts its
// own `gyoku serve` (SQLite in a temporary folder, port 0) and drives Debian's
// Chromium, headless, through playwright-core: two players in two browser
// contexts play a live game against each other (clicks, drags, a drop, the
// promotion choice taken, declined and forced), a spectator who is not signed
// in watches it live, one player resigns, the record is exported as KIF; a
// third user on a phone-sized touch screen plays the computer.  Then the scenarios of their
// own files, each given run.mjs's helpers (lib.mjs has what they share): endings.mjs (games
// ended by a move: every player and spectator gets the results dialog), touch.mjs (the
// promotion choice by touch, the layouts at 1024x768, phone landscape and 320 px),
// turns.mjs (whose turn, the count in the top bar and title, notifications), records.mjs (a
// correspondence game with a vacation and an import, browser-20.x, 21.x) and
// start-accounts.mjs (abort, the lobby's seeks, the password form, browser-6.x), then
// flow.mjs (rematch, a new game with the same settings, the Watch page, takebacks) and
// more.mjs (the game page's sounds), pieces.mjs (the pieces drawn without fonts), i18n.mjs
// (the Japanese interface, browser-40.x; every other scenario runs in English, the language of
// a browser context without a Japanese locale), chat.mjs (the game's chat, browser-42.x),
// input.mjs (keyboard, screen reader, typed moves, premoves, browser-43.x), editor.mjs (the
// board editor and games from a position, browser-44.x) and puzzles.mjs (tsume puzzles, browser-63.x).
// Prints one
// "PASS browser-N.M" / "FAIL browser-N.M: why" / "SKIP ..." line per case
// (tests/run.sh counts them) and saves screenshots in build/browser/ for a
// person to look at (they are not compared).  It finds things on the pages by the hooks
// listed in web/src/hooks.js only (tid() refuses another data-testid; web/test/hooks.test.js
// checks the rest), and the game JSON it reads must have its shape of web/src/types.js.
//
// Run from anywhere after `make bin/gyoku web` and `npm ci --prefix tests/browser`
// (scripts/deps.sh does the latter):  node tests/browser/run.mjs
// Environment: GYOKU (default bin/gyoku), CHROMIUM (default /usr/bin/chromium),
// BROWSER_DEBUG=1 prints the pages' console.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TESTIDS } from '../../web/src/hooks.js';
import { startServer } from '../server/lib.mjs';
import { problems } from '../../web/src/types.js';
import { correspondence, importing } from './records.mjs';
import { startAndAccounts } from './start-accounts.mjs';
import { endings } from './endings.mjs';
import { touch } from './touch.mjs';
import { turns } from './turns.mjs';
import { gameFlows } from './flow.mjs';
import { sounds } from './more.mjs';
import { pieceSets } from './pieces.mjs';
import { languages } from './i18n.mjs';
import { chat } from './chat.mjs';
import { input } from './input.mjs';
import { editor } from './editor.mjs';
import { wasm } from './wasm.mjs';
import { analysis } from './analysis.mjs';
import { rules } from './rules.mjs';
import { review } from './review.mjs';
import { puzzles } from './puzzles.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GYOKU = resolve(ROOT, process.env.GYOKU || 'bin/gyoku');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = join(ROOT, 'build/browser');
const DEBUG = Boolean(process.env.BROWSER_DEBUG);
const WAIT_MS = 8000; // the longest wait for one thing to appear
const BUDGET_MS = 420000; // the whole run (about 2 min on two busy cores), past which it stops with a failure

// Without the npm package or the browser (scripts/deps.sh installs both) the suite is skipped.
let chromium;
try {
	({ chromium } = await import('playwright-core'));
} catch {
	console.log('SKIP browser-0.1: tests/browser/node_modules missing (scripts/deps.sh installs them)');
	process.exit(0);
}
if (!existsSync(CHROMIUM)) {
	console.log(`SKIP browser-0.1: ${CHROMIUM} missing (scripts/deps.sh installs chromium)`);
	process.exit(0);
}

// ---------------------------------------------------------------- reporting

let failures = 0;
/** The pages open now, by label: each is photographed when a case fails. */
const openPages = new Map();
/** The first failed case of the scenario under way: later cases that need it are skipped. */
let blocker = null;

/**
 * Runs one case; prints PASS, FAIL (with the reason) or SKIP when an
 * earlier case of the scenario failed.  The failure of a `soft` case
 * leaves the cases after it to run; an `always` case runs whatever failed.
 */
async function check(id, what, fn, { soft = false, always = false } = {}) {
	if (blocker && !always) {
		console.log(`SKIP browser-${id}: ${what}: not run, browser-${blocker} failed`);
		return false;
	}
	const t0 = Date.now();
	try {
		await fn();
		console.log(`PASS browser-${id} ${what} (${Date.now() - t0} ms)`);
		return true;
	} catch (e) {
		failures++;
		if (!blocker && !soft && !always) blocker = id;
		const msg = String((e && e.message) || e)
			.split('\n')
			.filter(Boolean)
			.slice(0, 3)
			.join(' | ');
		console.log(`FAIL browser-${id}: ${what}: ${msg}`);
		for (const [label, page] of openPages) {
			await page
				.screenshot({ path: join(SHOTS, `fail-${id}-${label}.png`), timeout: 3000 })
				.catch(() => {});
		}
		return false;
	}
}

function assert(cond, msg) {
	if (!cond) throw new Error(msg);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- page helpers

const sq = (s) => `[data-square="${s}"]`;
/** The selector of data-testid `t`, one of the hooks listed in web/src/hooks.js. */
const tid = (t) => {
	if (!(t in TESTIDS)) throw new Error(`data-testid "${t}" is not in web/src/hooks.js`);
	return `[data-testid="${t}"]`;
};

/** Every square's piece ("" when empty), as a map. */
function boardOf(page) {
	return page.evaluate(() =>
		Object.fromEntries(
			[...document.querySelectorAll('[data-square]')].map((e) => [
				e.getAttribute('data-square'),
				e.getAttribute('data-piece') || '',
			]),
		),
	);
}

/** Waits until each square in `want` ({"7f": "P", "7g": ""}) holds that piece. */
async function waitPieces(page, want, label = '') {
	try {
		await page.waitForFunction(
			(w) =>
				Object.entries(w).every(
					([s, p]) =>
						(document
							.querySelector(`[data-square="${s}"]`)
							?.getAttribute('data-piece') || '') === p,
				),
			want,
			{ timeout: WAIT_MS },
		);
	} catch {
		const b = await boardOf(page);
		const got = Object.keys(want)
			.map((s) => `${s}=${b[s] || '-'}`)
			.join(' ');
		throw new Error(`${label} board: wanted ${JSON.stringify(want)}, has ${got}`);
	}
}

/** Waits until the hand item exists with that count (0: absent). */
async function waitHand(page, color, piece, count, label = '') {
	try {
		await page.waitForFunction(
			([c, p, n]) => {
				const e = document.querySelector(`[data-hand="${c}"][data-piece="${p}"]`);
				return n === 0 ? !e : Boolean(e) && Number(e.getAttribute('data-count')) === n;
			},
			[color, piece, count],
			{ timeout: WAIT_MS },
		);
	} catch {
		throw new Error(`${label} hand ${color}: wanted ${piece} x${count}`);
	}
}

/** Waits until the page lets its user move (their turn, `legal` read). */
async function waitMyTurn(page, label = '') {
	try {
		await page.waitForSelector('svg.board.interactive', { timeout: WAIT_MS });
	} catch {
		const st = await page.textContent(tid('result')).catch(() => '?');
		throw new Error(`${label} never got the move (status "${st}")`);
	}
}

/** The centre of an element in the viewport. */
async function centre(page, selector) {
	const box = await page.locator(selector).first().boundingBox();
	assert(box, `${selector} is not shown`);
	return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A mouse drag from one element's centre to another's, in several steps. */
async function drag(page, from, to) {
	await page.locator(from).first().scrollIntoViewIfNeeded();
	const a = await centre(page, from);
	const b = await centre(page, to);
	await page.mouse.move(a.x, a.y);
	await page.mouse.down();
	await page.mouse.move(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3, { steps: 3 });
	await page.mouse.move(b.x, b.y, { steps: 5 });
	await page.mouse.up();
}

/** The squares marked as legal destinations. */
function hintSquares(page) {
	return page.evaluate(() =>
		[...document.querySelectorAll('[data-square] .dest')]
			.map((e) => e.closest('[data-square]').getAttribute('data-square'))
			.sort(),
	);
}

/** The game JSON as the page's user sees it. */
/** The game JSON as the page's user sees it, which must have its shape of web/src/types.js. */
async function gameJson(page, id) {
	const g = await page.evaluate(async (gid) => (await fetch(`/api/games/${gid}`)).json(), id);
	const p = problems('game', g);
	assert(p.length === 0, `the game JSON is not web/src/types.js's game: ${p.slice(0, 3).join('; ')}`);
	return g;
}

async function shot(page, name) {
	await page.screenshot({ path: join(SHOTS, name) });
}

/** Seconds shown by a clock ("9:58", "0:07.3"). */
async function clockSeconds(page, color) {
	const t = (await page.textContent(`${tid('clock-' + color)} .clock-main`)).trim();
	const m = /^(?:(\d+):)?(\d+):(\d+(?:\.\d)?)$/.exec(t);
	assert(m, `clock-${color} shows "${t}"`);
	return { text: t, s: Number(m[1] || 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) };
}

// ---------------------------------------------------------------- the scenario

async function main() {
	mkdirSync(SHOTS, { recursive: true });
	// The pictures of an earlier run (a failure's above all) would mislead.
	for (const f of readdirSync(SHOTS)) if (f.endsWith('.png')) rmSync(join(SHOTS, f));
	const dir = mkdtempSync(join(tmpdir(), 'gyoku-browser-'));
	/** @type {Awaited<ReturnType<typeof startServer>> | null} */
	let server = null;
	/** @type {import('playwright-core').Browser | null} */
	let browser = null;
	const pageErrors = [];
	const watchdog = setTimeout(() => {
		console.log(`FAIL browser-0.0: the run took longer than ${BUDGET_MS / 1000} s`);
		if (server) server.proc.kill('SIGKILL');
		process.exit(1);
	}, BUDGET_MS);
	try {
		let base = '';
		const ok = await check('0.1', 'gyoku serve starts and Chromium launches', async () => {
			assert(existsSync(GYOKU), `${GYOKU} is missing (make bin/gyoku)`);
			assert(existsSync(join(ROOT, 'web/dist/index.html')), 'web/dist is missing (make web)');
			server = await startServer({ bin: GYOKU, web: join(ROOT, 'web/dist'), dir, timeoutMs: 10000 });
			base = server.base;
			// launch() gives the browser a fresh profile (--user-data-dir) in a temporary folder of its own.
			browser = await chromium.launch({
				executablePath: CHROMIUM,
				headless: true,
				timeout: 30000,
				args: [
					'--headless',
					'--no-sandbox',
					'--disable-gpu',
					'--disable-quic',
					'--no-first-run',
					'--disable-background-networking',
					'--disable-component-update',
					'--disable-sync',
				],
			});
		});
		if (!ok) return;

		/** A browser context with its page; page errors are collected. */
		const open = async (label, options = {}) => {
			const context = await browser.newContext({
				viewport: { width: 1280, height: 860 },
				...options,
			});
			context.setDefaultTimeout(WAIT_MS);
			const page = await context.newPage();
			openPages.set(label, page);
			context.on('close', () => openPages.delete(label));
			page.on('pageerror', (e) => pageErrors.push(`${label}: ${e.message}`));
			page.on('console', (m) => {
				if (DEBUG) console.log(`# ${label} console.${m.type()}: ${m.text()}`);
				if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
					pageErrors.push(`${label}: console: ${m.text()}`);
			});
			return { context, page };
		};
		const signup = async (page, name) => {
			await page.goto(`${base}/#/signup`);
			await page.fill('input[name=name]', name);
			await page.fill('input[name=password]', 'correct horse 42');
			await page.click(tid('signup'));
			await page.waitForSelector(`${tid('nav-user')}:has-text("${name}")`);
			await page.waitForSelector(tid('create-game'));
		};

		const alice = 'alice_' + Date.now().toString(36).slice(-5);
		const bob = 'bob_' + Date.now().toString(36).slice(-5);
		const A = await open('A');
		const B = await open('B');
		const S = await open('spectator');
		const pa = A.page;
		const pb = B.page;
		const ps = S.page;
		let id = '';
		/** POSTs of moves sent by each page. */
		const posts = { A: [], B: [] };
		pa.on('request', (r) => {
			if (r.method() === 'POST' && /\/moves$/.test(r.url())) posts.A.push(r.postData());
		});
		pb.on('request', (r) => {
			if (r.method() === 'POST' && /\/moves$/.test(r.url())) posts.B.push(r.postData());
		});

		// ------------------------------------------------ 1: accounts, the challenge, the spectator
		await check('1.1', 'two users sign up in two browser contexts', async () => {
			await Promise.all([signup(pa, alice), signup(pb, bob)]);
		});
		await check('1.2', 'A challenges B from the lobby (live clock 10m+30s, A takes Black)', async () => {
			await pa.check('input[name=opponent][value=user]');
			await pa.fill('input[name=challenge]', bob);
			await pa.selectOption('select[name=time]', '10m+30s');
			await pa.selectOption('select[name=color]', 'black');
			await shot(pa, '01-lobby-challenge.png');
			await pa.click(tid('create-game'));
			await pa.waitForURL(/#\/game\/[^/]+$/);
			id = decodeURIComponent(pa.url().replace(/^.*#\/game\//, ''));
			await pa.waitForSelector(`${tid('result')}:has-text("Waiting for ${bob} to accept")`);
			await pa.waitForSelector(tid('cancel'));
		});
		await check('1.3', 'a spectator (not signed in) opens the waiting game', async () => {
			await ps.goto(`${base}/#/game/${encodeURIComponent(id)}`);
			await ps.waitForSelector(`${tid('result')}:has-text("Waiting for ${bob} to accept")`);
			await ps.waitForSelector(tid('nav-login'));
			assert(
				(await ps.locator(`${tid('accept')}, ${tid('resign')}`).count()) === 0,
				'the spectator is offered accept or resign',
			);
			// Set on this very document: if the page were reloaded it would be gone.
			await ps.evaluate(() => {
				window.__sameDocument = true;
			});
		});
		await check(
			'1.4',
			'B sees the challenge in the lobby and accepts it; both pages show the game in play',
			async () => {
				// B's lobby was drawn before the challenge existed: B reloads it (it also re-reads every 10 s).
				await pb.reload();
				const row = pb.locator(`${tid('seeks')} ${tid('accept')}[data-game="${id}"]`);
				await row.waitFor();
				await pb.waitForSelector(`${tid('seeks')} :text("${alice}")`);
				await shot(pb, '02-lobby-accept.png');
				await row.click();
				await pb.waitForURL(new RegExp(`#/game/${id}$`));
				await pb.waitForSelector(`${tid('player-white')}:has-text("${bob}")`);
				await pb.waitForSelector(`${tid('result')}:has-text("☗ Black to move")`);
				// A's page hears of the acceptance through its event stream.
				await pa.waitForSelector(`${tid('result')}:has-text("Your turn")`);
				await pa.waitForSelector(`${tid('player-white')}:has-text("${bob}")`);
				await ps.waitForSelector(`${tid('result')}:has-text("☗ Black to move")`);
				await ps.waitForSelector(`${tid('player-black')}:has-text("${alice}")`);
				await waitMyTurn(pa, 'A');
				// White's page is seen from White's side.
				assert(
					(await pb.locator('svg.board.flipped').count()) === 1,
					"B's board is not seen from White's side",
				);
				assert((await pa.locator('svg.board.flipped').count()) === 0, "A's board is flipped");
			},
		);

		// ------------------------------------------------ 2: the moves
		await check(
			'2.1',
			'an illegal attempt moves nothing: the hints are exactly the legal moves, nothing is sent',
			async () => {
				const before = await boardOf(pa);
				const g = await gameJson(pa, id);
				const legalFrom = (src) =>
					g.legal
						.filter((m) => m.startsWith(src))
						.map((m) => m.slice(2, 4))
						.sort();
				// The rook: hints on exactly its legal squares.
				await pa.click(sq('2h'));
				await pa.waitForSelector(`${sq('2h')} .mark.selected`);
				const hints = await hintSquares(pa);
				assert(
					JSON.stringify(hints) === JSON.stringify(legalFrom('2h')),
					`hints ${hints} but legal ${legalFrom('2h')}`,
				);
				await shot(pa, '03-legal-hints.png');
				// A click on a square the rook cannot reach (a pawn of the opponent's): the selection goes, nothing moves.
				await pa.click(sq('2c'));
				await pa.waitForFunction(() => !document.querySelector('[data-square] .dest'));
				// A drag of a pawn two squares forward: it goes back.
				await drag(pa, sq('7g'), sq('7e'));
				// A piece of the opponent's cannot be taken up.
				await pa.click(sq('3c'));
				// B may not move on A's turn: a click only selects for a premove, a second one lets go.
				await pb.click(sq('3c'));
				await pb.click(sq('3c'));
				await sleep(300);
				assert(
					(await hintSquares(pa)).length === 0 && (await hintSquares(pb)).length === 0,
					'hints are left on a board',
				);
				assert(
					(await pa.locator('.drag-ghost').count()) === 0,
					'a dragged piece is left floating',
				);
				assert(
					JSON.stringify(await boardOf(pa)) === JSON.stringify(before),
					"A's board changed",
				);
				assert(
					posts.A.length === 0 && posts.B.length === 0,
					`moves were sent: ${posts.A} ${posts.B}`,
				);
				assert(
					(await pa.locator('[data-ply="1"]').count()) === 0,
					'a move appeared in the list',
				);
			},
		);

		/** Checks one move on all three boards. */
		const seen = async (want, label) => {
			await waitPieces(pa, want, `${label}: A's`);
			await waitPieces(pb, want, `${label}: B's`);
			await waitPieces(ps, want, `${label}: the spectator's`);
		};
		let ply = 0;
		/** Waits until all three pages list `n` moves. */
		const listed = async (n) => {
			for (const [who, p] of [
				['A', pa],
				['B', pb],
				['the spectator', ps],
			]) {
				await p.waitForSelector(`[data-ply="${n}"]`, { timeout: WAIT_MS }).catch(() => {
					throw new Error(`${who}'s move list has no move ${n}`);
				});
			}
			ply = n;
		};

		await check('2.2', 'A plays 7g7f by clicking; B and the spectator see it live', async () => {
			await pa.click(sq('7g'));
			await pa.click(sq('7f'));
			await seen({ '7g': '', '7f': 'P' }, '7g7f');
			await listed(1);
			assert(JSON.parse(posts.A[0]).move === '7g7f', `A sent ${posts.A[0]}`);
			await ps.waitForSelector('[data-ply="1"] .move-text:text-matches("^[☗▲]７六歩$")');
		});
		await check(
			'2.3',
			'White\'s clock does not run before White\'s first move (docs/server.md "Time")',
			async () => {
				const w0 = await clockSeconds(pb, 'white');
				await sleep(1100);
				const w1 = await clockSeconds(pb, 'white');
				assert(
					(await pb.locator(`${tid('clock-white')}.running`).count()) === 0,
					"White's clock runs",
				);
				assert(w0.s === 600 && w1.s === 600, `White's clock went ${w0.text} -> ${w1.text}`);
			},
		);
		await check('2.4', 'B plays 3c3d by dragging', async () => {
			await waitMyTurn(pb, 'B');
			await drag(pb, sq('3c'), sq('3d'));
			await seen({ '3c': '', '3d': 'p' }, '3c3d');
			await listed(2);
		});
		await check(
			'2.16',
			"after both first moves the clocks count down on screen (Black's, running, on B's and the spectator's pages)",
			async () => {
				await pb.waitForSelector(`${tid('clock-black')}.running`);
				const t0 = Date.now();
				const b0 = await clockSeconds(pb, 'black');
				const s0 = await clockSeconds(ps, 'black');
				const a0 = await clockSeconds(pb, 'white');
				await sleep(2100);
				const b1 = await clockSeconds(pb, 'black');
				const s1 = await clockSeconds(ps, 'black');
				const a1 = await clockSeconds(pb, 'white');
				// Whole seconds shown: the drop is the time that passed, give or take one.
				const passed = (Date.now() - t0) / 1000;
				const fits = (x0, x1) => x0.s - x1.s >= 1 && Math.abs(x0.s - x1.s - passed) <= 1.5;
				assert(fits(b0, b1), `B's Black clock went ${b0.text} -> ${b1.text} in ${passed} s`);
				assert(
					fits(s0, s1),
					`the spectator's Black clock went ${s0.text} -> ${s1.text} in ${passed} s`,
				);
				assert(a1.s === a0.s, `White's stopped clock moved: ${a0.text} -> ${a1.text}`);
				assert(b0.s > 590 && b0.s <= 600, `Black's clock starts at ${b0.text}, not near 10:00`);
				// What the spectator shows is the server's clock, read at the same moment, to within a second or so.
				for (const p of [ps, pa]) {
					const r = await p.evaluate(async (gid) => {
						const t0 = performance.now();
						const g = await (await fetch(`/api/games/${gid}`)).json();
						return {
							ms: g.clocks.black.main_ms,
							wait: performance.now() - t0,
							t: document.querySelector(
								'[data-testid="clock-black"] .clock-main',
							).textContent,
						};
					}, id);
					const [m, sec] = r.t.split(':').map(Number);
					const shown = m * 60 + sec;
					// The server read its clock while the answer was on its way (r.wait); the page shows whole seconds.
					const lo = (r.ms - r.wait) / 1000 - 1.2;
					const hi = r.ms / 1000 + 1;
					assert(
						shown >= lo && shown <= hi,
						`the page shows ${r.t}, the server said ${r.ms} ms (${Math.round(r.wait)} ms before)`,
					);
				}
			},
		);
		await check(
			'2.5',
			'A plays 8h2b: the promotion choice is drawn on the board; clicking the promoted piece promotes',
			async () => {
				await waitMyTurn(pa, 'A');
				await pa.click(sq('8h'));
				await pa.click(sq('2b'));
				const yes = pa.locator('[data-promote="yes"]');
				const no = pa.locator('[data-promote="no"]');
				await yes.waitFor();
				await no.waitFor();
				// The promoted piece stands on 2b itself, the plain one beside it.
				const [y, t] = [await yes.boundingBox(), await pa.locator(sq('2b')).boundingBox()];
				assert(
					Math.abs(y.x - t.x) < 2 && Math.abs(y.y - t.y) < 2,
					'the promoted choice is not on the destination square',
				);
				assert(posts.A.length === 1, 'a move was sent before the choice');
				await shot(pa, '04-promotion-choice.png');
				// Escape takes the choice back: nothing moves, nothing is sent.
				await pa.keyboard.press('Escape');
				await pa.waitForSelector('[data-promote]', { state: 'detached' });
				await waitPieces(pa, { '8h': 'B', '2b': 'b' }, "after Escape: A's");
				assert(posts.A.length === 1, 'a move was sent on Escape');
				await pa.click(sq('8h'));
				await pa.click(sq('2b'));
				await yes.waitFor();
				await yes.click();
				await seen({ '8h': '', '2b': '+B' }, '8h2b+');
				await listed(3);
				assert(JSON.parse(posts.A[1]).move === '8h2b+', `A sent ${posts.A[1]}`);
				assert(
					(await pa.locator('[data-promote]').count()) === 0,
					'the choice stays on the board',
				);
			},
		);
		await check(
			'2.6',
			'B takes the horse (3a2b) by dragging; both hands now hold a bishop on every page',
			async () => {
				await waitMyTurn(pb, 'B');
				await drag(pb, sq('3a'), sq('2b'));
				await seen({ '3a': '', '2b': 's' }, '3a2b');
				await listed(4);
				for (const p of [pa, pb, ps]) {
					await waitHand(p, 'white', 'b', 1, 'after 3a2b');
					await waitHand(p, 'black', 'B', 1, 'after 3a2b');
				}
			},
		);
		await check(
			'2.7',
			"A plays 8i7g by dragging while the spectator replays move 2: the spectator's board stays there until 'Back to the game'",
			async () => {
				await ps.click('[data-ply="2"]');
				const atTwo = { '8h': 'B', '2b': 'b', '3a': 's', '8i': 'N', '7g': '' };
				await waitPieces(ps, atTwo, 'the spectator at move 2:');
				await ps.waitForSelector(tid('back-to-game'));
				await waitMyTurn(pa, 'A');
				await drag(pa, sq('8i'), sq('7g'));
				await waitPieces(pa, { '8i': '', '7g': 'N' }, "8i7g: A's");
				await waitPieces(pb, { '8i': '', '7g': 'N' }, "8i7g: B's");
				await listed(5);
				await sleep(200);
				await waitPieces(ps, atTwo, 'the spectator, still at move 2:');
				await ps.click(tid('back-to-game'));
				await waitPieces(
					ps,
					{ '8i': '', '7g': 'N', '8h': '', '2b': 's', '3a': '' },
					'the spectator back in the game:',
				);
				await ps.waitForSelector(tid('back-to-game'), { state: 'hidden' });
			},
		);
		await check('2.8', 'B drops its bishop on 1e by dragging it from the hand', async () => {
			await waitMyTurn(pb, 'B');
			await drag(pb, '[data-hand="white"][data-piece="b"]', sq('1e'));
			await seen({ '1e': 'b' }, 'B*1e');
			await listed(6);
			for (const p of [pa, pb, ps]) await waitHand(p, 'white', 'b', 0, 'after B*1e');
			assert(JSON.parse(posts.B.at(-1)).move === 'B*1e', `B sent ${posts.B.at(-1)}`);
			await shot(pb, '05-after-drop-white.png');
		});
		await check('2.9', 'A plays 7g6e by clicking, B 9c9d by clicking', async () => {
			await waitMyTurn(pa, 'A');
			await pa.click(sq('7g'));
			await pa.click(sq('6e'));
			await seen({ '7g': '', '6e': 'N' }, '7g6e');
			await listed(7);
			await waitMyTurn(pb, 'B');
			await pb.click(sq('9c'));
			await pb.click(sq('9d'));
			await seen({ '9c': '', '9d': 'p' }, '9c9d');
			await listed(8);
		});
		await check(
			'2.10',
			'A plays 6e7c and declines the promotion by clicking the unpromoted knight',
			async () => {
				await waitMyTurn(pa, 'A');
				await drag(pa, sq('6e'), sq('7c'));
				const no = pa.locator('[data-promote="no"]');
				await no.waitFor();
				await no.click();
				await seen({ '6e': '', '7c': 'N' }, '6e7c');
				await listed(9);
				assert(JSON.parse(posts.A.at(-1)).move === '6e7c', `A sent ${posts.A.at(-1)}`);
			},
		);
		await check('2.11', 'B 9d9e by dragging; A 7c8a: a forced promotion shows no choice', async () => {
			await waitMyTurn(pb, 'B');
			await drag(pb, sq('9d'), sq('9e'));
			await seen({ '9d': '', '9e': 'p' }, '9d9e');
			await listed(10);
			await waitMyTurn(pa, 'A');
			await pa.click(sq('7c'));
			await pa.click(sq('8a'));
			await seen({ '7c': '', '8a': '+N' }, '7c8a+');
			await listed(11);
			assert(JSON.parse(posts.A.at(-1)).move === '7c8a+', `A sent ${posts.A.at(-1)}`);
			assert((await pa.locator('[data-promote]').count()) === 0, 'a choice was shown');
			await waitHand(pa, 'black', 'N', 1, 'after 7c8a+');
		});
		await check(
			'2.12',
			'B 9e9f by clicking; A drops the bishop from the hand on 5e by clicking',
			async () => {
				await waitMyTurn(pb, 'B');
				await pb.click(sq('9e'));
				await pb.click(sq('9f'));
				await seen({ '9e': '', '9f': 'p' }, '9e9f');
				await listed(12);
				await waitMyTurn(pa, 'A');
				await pa.click('[data-hand="black"][data-piece="B"]');
				await pa.waitForSelector('[data-hand="black"][data-piece="B"].selected');
				const hints = await hintSquares(pa);
				assert(hints.includes('5e') && hints.length > 40, `drop hints: ${hints.length}`);
				await pa.click(sq('5e'));
				await seen({ '5e': 'B' }, 'B*5e');
				await listed(13);
				for (const p of [pa, pb, ps]) await waitHand(p, 'black', 'B', 0, 'after B*5e');
			},
		);
		await check(
			'2.13',
			'the spectator saw every move without a reload, and the watcher count',
			async () => {
				assert(
					await ps.evaluate(() => window.__sameDocument === true),
					"the spectator's page was reloaded",
				);
				assert(ply === 13, `only ${ply} moves were played`);
				// Three streams are open, both players' and the spectator's; only the spectator is counted
				// ("N watching" counts spectators: docs/server.md, the game JSON's "watchers").
				const shown = await ps.textContent(tid('watchers'));
				assert(shown === '1 watching', `watchers shows "${shown}"`);
				const g = await gameJson(ps, id);
				assert(
					g.you === null && g.watchers === 1,
					`the game JSON: you=${g.you} watchers=${g.watchers}`,
				);
				assert(
					g.moves.join(' ') ===
						'7g7f 3c3d 8h2b+ 3a2b 8i7g B*1e 7g6e 9c9d 6e7c 9d9e 7c8a+ 9e9f B*5e',
					`moves: ${g.moves.join(' ')}`,
				);
				const b = await boardOf(ps);
				assert(
					b['5e'] === 'B' && b['8a'] === '+N' && b['7c'] === '' && b['1e'] === 'b',
					"the spectator's final board is wrong",
				);
			},
		);
		await check(
			'2.14',
			'the notation selector: Hodges text appears in the move list',
			async () => {
				await ps.selectOption(tid('notation'), 'hodges');
				await ps.waitForSelector('[data-ply="1"] .move-text:text-is("P-7f")');
				await ps.waitForSelector('[data-ply="3"] .move-text:text-is("Bx2b+")');
				await ps.waitForSelector('[data-ply="6"] .move-text:text-is("B*1e")');
				await ps.waitForSelector('[data-ply="9"] .move-text:text-is("Nx7c=")');
				await ps.selectOption(tid('notation'), 'japanese');
				await ps.waitForSelector('[data-ply="1"] .move-text:text-matches("^[☗▲]７六歩$")');
				await ps.selectOption(tid('notation'), 'hodges');
			},
			{ soft: true },
		);
		await check(
			'2.15',
			'flip turns the board: 9a goes from the top left to the bottom right',
			async () => {
				const b9a = await ps.locator(sq('9a')).boundingBox();
				const b1i = await ps.locator(sq('1i')).boundingBox();
				assert(b9a.x < b1i.x && b9a.y < b1i.y, 'the board starts flipped');
				await ps.click(tid('flip'));
				await ps.waitForSelector('svg.board.flipped');
				const a9a = await ps.locator(sq('9a')).boundingBox();
				const a1i = await ps.locator(sq('1i')).boundingBox();
				assert(a9a.x > a1i.x && a9a.y > a1i.y, 'flip did not turn the board');
				assert((await boardOf(ps))['8a'] === '+N', 'pieces changed on flip');
				await shot(ps, '06-spectator-flipped-hodges.png');
				await ps.keyboard.press('f');
				await ps.waitForSelector('svg.board:not(.flipped)');
			},
			{ soft: true },
		);

		// ------------------------------------------------ 3: the end
		await check('3.1', 'B resigns; the results dialog appears in all three browsers', async () => {
			await waitMyTurn(pb, 'B');
			await pb.click(tid('resign'));
			await pb.click(`${tid('confirm')} ${tid('confirm-yes')}`);
			for (const [who, p, title] of [
				['B', pb, 'You lost'],
				['A', pa, 'You won'],
				['the spectator', ps, 'Game over'],
			]) {
				const dlg = p.locator(`${tid('result-dialog')}`);
				await dlg.waitFor().catch(() => {
					throw new Error(`no results dialog for ${who}`);
				});
				const text = await dlg.locator(tid('result-text')).textContent();
				assert(text === '☗ Black wins by resignation', `${who}'s dialog says "${text}"`);
				const h = await dlg.locator('h2').textContent();
				assert(h === title, `${who}'s dialog is titled "${h}"`);
				await p.waitForSelector(`${tid('result')}:has-text("☗ Black wins by resignation")`);
			}
			await shot(pa, '07-result-black.png');
			await shot(ps, '08-result-spectator.png');
			for (const p of [pa, pb, ps]) {
				await p.click(tid('dialog-close'));
				await p.waitForSelector(tid('result-dialog'), { state: 'detached' });
			}
			assert((await pa.locator(tid('resign')).count()) === 0, 'resign is still offered');
			// The clocks stop on every page.
			const read = () =>
				Promise.all(
					[pa, pb, ps].map((p) =>
						p.evaluate(() =>
							[
								...document.querySelectorAll(
									'[data-testid^="clock-"] .clock-main',
								),
							]
								.map((e) => e.textContent)
								.join(' '),
						),
					),
				);
			const c0 = await read();
			await sleep(1100);
			const c1 = await read();
			assert(
				JSON.stringify(c0) === JSON.stringify(c1),
				`the clocks still run after the end: ${c0} -> ${c1}`,
			);
			assert(
				(await pa.locator('.clock.running').count()) +
					(await ps.locator('.clock.running').count()) ===
					0,
				'a clock is still marked running',
			);
			assert(
				(await pa.locator('svg.board.interactive').count()) === 0,
				"A's board still takes moves",
			);
		});
		await check(
			'3.2',
			'export KIF from the page: the download holds 手合割 and the moves in Japanese',
			async () => {
				const [download] = await Promise.all([
					pa.waitForEvent('download'),
					pa.click(tid('export-kif')),
				]);
				assert(
					download.suggestedFilename() === `gyoku-${id}.kif`,
					`file name ${download.suggestedFilename()}`,
				);
				const kif = readFileSync(await download.path(), 'utf8');
				for (const want of [
					'手合割：平手',
					'７六歩(77)',
					'２二角成(88)',
					'同　銀(31)',
					'１五角打',
					'８一桂成(73)',
					'投了',
				]) {
					assert(kif.includes(want), `the KIF lacks "${want}":\n${kif.slice(0, 300)}`);
				}
				assert(kif.includes(alice) && kif.includes(bob), 'the KIF does not name the players');
				// The same text fetched through the link's address.
				const href = await pa.getAttribute(tid('export-kif'), 'href');
				const fetched = await pa.evaluate(async (u) => (await fetch(u)).text(), href);
				assert(fetched === kif, 'the fetched KIF differs from the download');
			},
			{ soft: true },
		);
		await A.context.close();
		await B.context.close();
		await S.context.close();

		// ------------------------------------------------ 4: a phone against the computer
		blocker = null;
		// The longest name allowed (20), in wide letters: the top bar must still fit a phone.
		const carol = ('WWcarol_' + Date.now().toString(36)).slice(0, 20).padEnd(20, 'W');
		const C = await open('phone', {
			viewport: { width: 390, height: 844 },
			deviceScaleFactor: 2,
			isMobile: true,
			hasTouch: true,
			userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36',
		});
		const pc = C.page;
		await check(
			'4.1',
			'on a 390x844 touch screen a third user signs up and starts a game against the computer from the lobby',
			async () => {
				await signup(pc, carol);
				const w = await pc.evaluate(() => document.documentElement.scrollWidth);
				assert(w <= 390, `the lobby is ${w} px wide`);
				await pc.locator('input[name=opponent][value=computer]').tap();
				await pc.selectOption('select[name=level]', '1');
				await pc.selectOption('select[name=time]', '5m+10i');
				await pc.selectOption('select[name=color]', 'black');
				await pc.locator(tid('create-game')).tap();
				await pc.waitForURL(/#\/game\/[^/]+$/);
				await pc.waitForSelector(`${tid('player-white')}:has-text("Computer level 1")`);
				await waitMyTurn(pc, 'the phone');
			},
		);
		await check(
			'4.2',
			'the board fits the phone: nothing scrolls sideways, all 81 squares within the screen',
			async () => {
				const w = await pc.evaluate(() => document.documentElement.scrollWidth);
				assert(w <= 390, `the page is ${w} px wide`);
				const box = await pc.locator('svg.board').boundingBox();
				assert(
					box.x >= 0 && box.x + box.width <= 390 && box.width >= 300,
					`the board is at ${box.x}+${box.width}`,
				);
				for (const t of ['logout', 'nav-play', 'nav-import', 'nav-user']) {
					const b = await pc.locator(tid(t)).boundingBox();
					assert(
						b && b.x >= 0 && b.x + b.width <= 390 + 0.5,
						`the top bar's ${t} is at ${b && b.x}+${b && b.width}, outside the screen`,
					);
				}
			},
		);
		await check(
			'4.3',
			'tap-to-move (2g then 2f) works, and the computer answers on the board by itself',
			async () => {
				const start = await boardOf(pc);
				await pc.locator(sq('2g')).tap();
				await pc.waitForSelector(`${sq('2g')} .mark.selected`);
				await pc.locator(sq('2f')).tap();
				await waitPieces(pc, { '2g': '', '2f': 'P' }, 'the phone');
				await pc.waitForSelector('[data-ply="2"]', { timeout: 15000 }).catch(() => {
					throw new Error('the computer did not answer in 15 s');
				});
				await waitMyTurn(pc, 'the phone');
				const now = await boardOf(pc);
				const changed = Object.keys(now).filter(
					(s) => now[s] !== start[s] && s !== '2g' && s !== '2f',
				);
				assert(
					changed.length >= 1 && changed.some((s) => /^[a-z]/.test(start[s] || now[s])),
					`the computer's move is not on the board (${changed})`,
				);
				await shot(pc, '09-phone-computer.png');
			},
		);
		await check(
			'4.4',
			'a touch drag (7g to 7f) moves a piece too, and the computer answers again',
			async () => {
				const cdp = await C.context.newCDPSession(pc);
				const a = await centre(pc, sq('7g'));
				const b = await centre(pc, sq('7f'));
				const touch = (type, p) =>
					cdp.send('Input.dispatchTouchEvent', {
						type,
						touchPoints: p ? [{ x: p.x, y: p.y }] : [],
					});
				await touch('touchStart', a);
				for (let i = 1; i <= 6; i++)
					await touch('touchMove', {
						x: a.x + ((b.x - a.x) * i) / 6,
						y: a.y + ((b.y - a.y) * i) / 6,
					});
				await pc.waitForSelector('.drag-ghost');
				await touch('touchEnd');
				await waitPieces(pc, { '7g': '', '7f': 'P' }, 'the phone after the touch drag:');
				await pc.waitForSelector('[data-ply="4"]', { timeout: 15000 }).catch(() => {
					throw new Error('the computer did not answer in 15 s');
				});
				await waitMyTurn(pc, 'the phone');
				assert((await pc.evaluate(() => scrollY)) === 0, 'the page scrolled during the drag');
			},
		);
		await check('4.5', 'a tap on an illegal square on the phone moves nothing', async () => {
			const before = await boardOf(pc);
			await pc.locator(sq('2f')).tap();
			await pc.waitForSelector(`${sq('2f')} .mark.selected`);
			await pc.locator(sq('2d')).tap();
			await pc.waitForSelector(`${sq('2f')} .mark.selected`, { state: 'detached' });
			await sleep(300);
			assert(JSON.stringify(await boardOf(pc)) === JSON.stringify(before), 'the board changed');
			assert((await pc.locator('[data-ply="5"]').count()) === 0, 'a move was listed');
			await pc.locator(tid('resign')).tap();
			await pc.locator(tid('confirm-yes')).tap();
			await pc.waitForSelector(
				`${tid('result-dialog')} ${tid('result-text')}:text-is("☖ White wins by resignation")`,
			);
			await shot(pc, '10-phone-result.png');
		});
		await C.context.close();

		// ------------------------------------------------ 10 and on: the scenarios of their own files
		const helpers = {
			base,
			open,
			signup,
			check,
			tid,
			assert,
			sq,
			shot,
			sleep,
			gameJson,
			waitMyTurn,
			waitPieces,
			boardOf,
			centre,
			WAIT_MS,
		};
		for (const scenario of [endings, touch, turns, correspondence, importing]) {
			blocker = null;
			await scenario(helpers);
		}
		blocker = null; // the cases of browser-6 stand on their own
		await startAndAccounts({ check, assert, tid, open, signup, base, sleep });
		blocker = null;
		await gameFlows({ check, assert, tid, open, signup, base });
		blocker = null;
		await sounds({ check, assert, tid, open, base });
		blocker = null;
		await pieceSets({ ...helpers, chromium, CHROMIUM });
		blocker = null;
		await languages({ check, assert, tid, open, base, shot });
		blocker = null;
		await chat({ base, open, check, tid, assert, shot });
		blocker = null;
		await input(helpers);
		blocker = null;
		await editor({ check, assert, tid, open, base, sq, shot, gameJson, WAIT_MS });
		blocker = null;
		await wasm({ base, open, check, assert });
		await rules({ base, open, check, tid, assert });
		blocker = null;
		await analysis({ base, open, check, tid, assert, sq, shot, WAIT_MS });
		blocker = null;
		await review({ base, open, check, tid, assert, shot });
		blocker = null;
		await puzzles(helpers);

		await check(
			'5.1',
			'no script errors in any page',
			async () => {
				assert(pageErrors.length === 0, pageErrors.slice(0, 3).join(' | '));
			},
			{ always: true },
		);
	} finally {
		clearTimeout(watchdog);
		if (browser) await browser.close().catch(() => {});
		const r = server ? await server.stop() : { code: 0 };
		if (r.code !== 0 && r.signal !== 'SIGTERM') {
			failures++;
			console.log(
				`FAIL browser-0.2: gyoku serve ended with ${r.code ?? r.signal}: ${server.log().trim().split('\n').slice(-3).join(' | ')}`,
			);
		}
		rmSync(dir, { recursive: true, force: true });
	}
}

await main().catch((e) => {
	failures++;
	console.log(`FAIL browser-0.0: ${(e && e.stack) || e}`);
});
console.log(`(screenshots in ${SHOTS})`);
process.exit(failures ? 1 : 0);
