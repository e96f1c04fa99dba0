// tests/browser/editor.mjs: the board editor (#/editor, web/src/pages/editor.js, browser-44.x):
// a tsume-like position built by clicks on a desktop (kings only, a pawn from the palette, a
// gold in hand), a dead piece and nifu explained before anything is sent, a text that is no
// SFEN explained, a mated position refused by the server (its message, in Japanese too), the
// editor's link opening the same position, the position played against the computer (which
// moves first from it), a friend challenged from it and accepted by a second user, the
// lobby's SFEN field, and the same position built by taps on a phone (touch events; no
// sideways scroll at 390 and 320 px).  run.mjs calls editor() with its helpers.
import { apiUser, signIn } from './lib.mjs';

const TSUME = '4k4/9/4P4/9/9/9/9/9/4K4 b G 1';
/** White to move, mated by the gold already: only the server knows (it has the moves). */
const MATED = '4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1';

/** The scenario; `t` holds run.mjs's helpers. */
export async function editor(t) {
	const { check, assert, tid, open, base, sq, shot, gameJson, WAIT_MS } = t;
	const me = await apiUser(base, 'ed_a');
	const friend = await apiUser(base, 'ed_b');
	const D = await open('editor');
	const page = D.page;
	await signIn(D.context, base, me);
	const sfenIs = async (p, want, label) => {
		try {
			await p.waitForFunction(
				([sel, w]) => document.querySelector(sel)?.value === w,
				[tid('editor-sfen'), want],
				{ timeout: WAIT_MS },
			);
		} catch {
			throw new Error(
				`${label}: the SFEN is "${await p.inputValue(tid('editor-sfen'))}", not "${want}"`,
			);
		}
	};
	/** A mouse drag from one square to another. */
	const drag = async (from, to) => {
		const a = await page.locator(from).boundingBox();
		const b = await page.locator(to).boundingBox();
		await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
		await page.mouse.down();
		await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
		await page.mouse.up();
	};
	const palette = (piece) => `${tid('palette-piece')}[data-piece="${piece}"]`;
	const handPlus = (color, piece) => `[data-hand="${color}"][data-piece="${piece}"] ${tid('hand-plus')}`;

	await check(
		'44.1',
		'desktop: the lobby links to the editor; a tsume is built by clicks (place, cycle, promote, hands, a drag, clear hands, flip)',
		async () => {
			await page.goto(`${base}/#/`);
			await page.click(tid('goto-editor'));
			await page.waitForSelector(tid('editor'));
			await sfenIs(
				page,
				'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1',
				'the editor opens',
			);
			await page.click(tid('editor-kings'));
			await page.click(palette('P'));
			await page.click(sq('4c'));
			await page.click(palette('P')); // the tool put down again
			await page.click(sq('4c')); // no tool: the pawn turns a tokin
			await page.click(tid('editor-promote'));
			await page.click(sq('4c')); // and back
			await page.click(tid('editor-promote'));
			await page.click(handPlus('black', 'G'));
			await page.click(handPlus('white', 'r'));
			await sfenIs(page, '4k4/9/5P3/9/9/9/9/9/4K4 b Gr 1', 'after the clicks');
			await drag(sq('4c'), sq('5c'));
			await page.click(tid('editor-clear-hands'));
			await page.click(handPlus('black', 'G'));
			await sfenIs(page, TSUME, 'after the drag and the hands');
			await page.click(tid('editor-flip'));
			await page.waitForSelector('svg.board.flipped');
			await page.click(tid('editor-flip'));
			await page.waitForSelector('svg.board:not(.flipped)');
			assert((await page.locator(`${tid('editor-problems')} li`).count()) === 0, 'problems shown');
			await shot(page, '44-editor-desktop.png');
		},
	);
	await check('44.2', 'a dead piece and nifu are explained before sending; right click removes', async () => {
		await page.click(palette('L'));
		await page.click(sq('1a'));
		await page.click(palette('P'));
		await page.click(sq('5g'));
		await page.waitForSelector(`${tid('editor-problems')} li:has-text("1a can never move")`);
		await page.waitForSelector(`${tid('editor-problems')} li:has-text("two pawns on file 5")`);
		let sent = 0;
		page.on('request', (r) => {
			if (r.method() === 'POST' && /\/api\/games$/.test(r.url())) sent++;
		});
		await page.click(tid('create-game'));
		await page.waitForSelector(`${tid('form-error')}:has-text("Nifu")`);
		assert(sent === 0, 'the position was sent');
		await shot(page, '44-editor-invalid.png');
		await page.click(palette('P'));
		await page.click(sq('5g'), { button: 'right' });
		await page.click(sq('1a'), { button: 'right' });
		await sfenIs(page, TSUME, 'after the right clicks');
		await page.waitForSelector(`${tid('editor-problems')}[hidden]`, { state: 'attached' });
	});
	await check('44.3', 'a text that is no SFEN says why; a good one sets the board', async () => {
		await page.fill(tid('editor-sfen'), '4k4/9/9 b - 1');
		await page.waitForSelector(`${tid('editor-sfen-error')}:has-text("9 ranks")`);
		await page.fill(tid('editor-sfen'), TSUME.replace(' b ', ' w '));
		await page.waitForSelector(`${tid('editor-sfen-error')}:empty`);
		assert(
			(await page.inputValue(tid('editor-side'))) === 'white',
			'the side to move did not follow the text',
		);
		await page.selectOption(tid('editor-side'), 'black');
		await sfenIs(page, TSUME, 'after the side to move');
	});
	await check(
		'44.4',
		"a position mated already is the server's to refuse: its message, in Japanese too",
		async () => {
			await page.fill(tid('editor-sfen'), MATED);
			await sfenIs(page, MATED, 'the mated position');
			await page.click(tid('create-game'));
			await page.waitForSelector(
				`${tid('form-error')}:has-text("the side to move has no legal move")`,
			);
			await page.selectOption(tid('nav-lang'), 'ja');
			await sfenIs(page, MATED, 'the page in Japanese');
			await page.click(tid('create-game'));
			await page.waitForSelector(`${tid('form-error')}:has-text("手番の側に指せる手がありません")`);
			await shot(page, '44-editor-refused-ja.png');
			await page.selectOption(tid('nav-lang'), 'en');
			await page.fill(tid('editor-sfen'), TSUME);
			await sfenIs(page, TSUME, 'the tsume again');
		},
	);
	await check('44.5', 'the SFEN link opens the same position', async () => {
		const href = await page.getAttribute(tid('editor-link'), 'href');
		assert(href && href.startsWith('#/editor?sfen='), `the link is ${href}`);
		assert(page.url().endsWith(href), `the address bar is ${page.url()}, not ${href}`);
		const L = await open('editor-link');
		await L.page.goto(`${base}/${href}`);
		await sfenIs(L.page, TSUME, 'the opened link');
		await L.page.waitForSelector(`${sq('5c')}[data-piece="P"]`);
		await L.context.close();
	});
	await check('44.6', 'played against the computer: it moves first from the position', async () => {
		await page.check(`${tid('create-form')} input[name=opponent][value=computer]`);
		await page.selectOption(`${tid('create-form')} select[name=level]`, '1');
		await page.selectOption(`${tid('create-form')} select[name=time]`, 'none');
		await page.selectOption(`${tid('create-form')} select[name=color]`, 'white');
		await page.click(tid('create-game'));
		await page.waitForURL(/#\/game\/[^/]+$/);
		const id = decodeURIComponent(page.url().replace(/^.*#\/game\//, ''));
		const t0 = Date.now();
		let g = await gameJson(page, id);
		while (g.ply < 1 && Date.now() - t0 < 15000) {
			await new Promise((r) => setTimeout(r, 200));
			g = await gameJson(page, id);
		}
		assert(g.start_sfen === TSUME, `start_sfen ${g.start_sfen}`);
		assert(g.ply >= 1, 'the computer did not move');
		assert(!g.rated, 'the game is rated');
		await page.waitForSelector(`[data-ply="1"]`);
		await shot(page, '44-editor-computer.png');
	});
	await check(
		'44.7',
		"a friend is challenged from the position (an unknown name: the server's refusal shown) and accepts",
		async () => {
			await page.goto(`${base}/#/editor?sfen=${encodeURIComponent(TSUME.replace(/ /g, '_'))}`);
			await sfenIs(page, TSUME, 'the editor again');
			await page.check(`${tid('create-form')} input[name=opponent][value=user]`);
			await page.fill(`${tid('create-form')} input[name=challenge]`, 'nobody_' + friend.name);
			await page.selectOption(`${tid('create-form')} select[name=color]`, 'black');
			await page.click(tid('create-game'));
			await page.waitForSelector(`${tid('form-error')}:has-text("no user named nobody_")`); // the server's word
			await page.fill(`${tid('create-form')} input[name=challenge]`, friend.name);
			await page.click(tid('create-game'));
			await page.waitForURL(/#\/game\/[^/]+$/);
			const id = decodeURIComponent(page.url().replace(/^.*#\/game\//, ''));
			const F = await open('editor-friend');
			await signIn(F.context, base, friend);
			await F.page.goto(`${base}/#/game/${encodeURIComponent(id)}`);
			await F.page.click(tid('accept'));
			await F.page.waitForSelector(`${sq('5c')}[data-piece="P"]`);
			await page.waitForSelector(`[data-hand="black"][data-piece="G"]`);
			// The board shows the position while the game waits too: the acceptance is the game's status.
			const t0 = Date.now();
			let g = await gameJson(page, id);
			while (g.status === 'waiting' && Date.now() - t0 < 8000) {
				await new Promise((r) => setTimeout(r, 100));
				g = await gameJson(page, id);
			}
			assert(g.status === 'playing' && g.start_sfen === TSUME, `${g.status} ${g.start_sfen}`);
			await F.context.close();
		},
	);
	await check(
		'44.8',
		"the lobby's SFEN field makes a game from that position (the handicap set aside)",
		async () => {
			const q = new URLSearchParams({
				opponent: 'computer',
				level: '1',
				time: 'none',
				color: 'black',
				sfen: TSUME,
			});
			await page.goto(`${base}/#/?${q}`);
			await page.waitForSelector(tid('create-game'));
			assert(
				(await page.inputValue('input[name=sfen]')) === TSUME,
				'the SFEN field is not filled in',
			);
			assert(await page.isDisabled('select[name=handicap]'), 'the handicap is still offered');
			await page.click(tid('create-game'));
			await page.waitForURL(/#\/game\/[^/]+$/);
			const id = decodeURIComponent(page.url().replace(/^.*#\/game\//, ''));
			const g = await gameJson(page, id);
			assert(g.start_sfen === TSUME && g.handicap === 'other', `${g.start_sfen} ${g.handicap}`);
			await page.waitForSelector(`[data-hand="black"][data-piece="G"]`);
		},
	);
	await D.context.close();

	await check(
		'44.9',
		'phone (390x844, touch): the tsume built by taps; no sideways scroll at 390 or 320',
		async () => {
			const P = await open('editor-phone', {
				viewport: { width: 390, height: 844 },
				hasTouch: true,
				isMobile: true,
				deviceScaleFactor: 2,
			});
			const pp = P.page;
			await pp.goto(`${base}/#/editor`);
			await pp.waitForSelector(tid('editor'));
			await pp.locator(tid('editor-kings')).tap();
			await pp.locator(palette('P')).tap();
			await pp.locator(sq('5c')).tap();
			await pp.locator(palette('P')).tap();
			await pp.locator(handPlus('black', 'G')).tap();
			await sfenIs(pp, TSUME, 'the phone');
			const wide = () => pp.evaluate(() => document.documentElement.scrollWidth - innerWidth);
			assert((await wide()) <= 0, `the page scrolls sideways by ${await wide()} px at 390`);
			await shot(pp, '44-editor-phone.png');
			await pp.setViewportSize({ width: 320, height: 640 });
			await pp.waitForTimeout(100);
			assert((await wide()) <= 0, `the page scrolls sideways by ${await wide()} px at 320`);
			await shot(pp, '44-editor-320.png');
			await P.context.close();
		},
	);
}
