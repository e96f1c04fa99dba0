// tests/browser/pieces.mjs: the pieces drawn by gyoku itself (web/src/glyphs.js, pieces.js), no
// font (browser-41.x): on the board, in the hands and in both styles every piece is one path of
// ink and no <text>; White's king is 王 and Black's 玉, promoted pieces are red; screenshots of
// the starting position and of a position of every promoted piece, at desktop and phone size
// (build/browser/41-*.png); and a second Chromium whose fontconfig knows no CJK font at all
// (DejaVu only), where the pieces are drawn just the same.  run.mjs calls pieceSets() with its
// helpers, Playwright's chromium and the browser's path.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUser, newGame, post, signIn } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
// Every promoted piece on the board, a gold and two pawns in each hand.
const PROMOTED =
	'position sfen +l+n+s1kg+s+n+l/1+r5+b1/+p+p+p+p+p+p+p2/9/9/9/2+P+P+P+P+P+P+P/1+B5+R1/+L+N+SGK1+S+N+L b G2Pg2p 1 moves 5i5h\n';
const RED = 'rgb(192, 29, 18)';

/**
 * What the page draws of its pieces: for each piece on the board and in the hands, its code,
 * its ink (tag, character, stroke colour, size against the piece) and whether it is turned;
 * and every <text> of the board and hands.
 */
function piecesOf(page) {
	return page.evaluate(() => {
		const items = [...document.querySelectorAll('[data-square][data-piece], [data-hand][data-piece]')];
		return {
			pieces: items.map((e) => {
				const ink = [...e.querySelectorAll('.piece-ink')];
				const body = e.querySelector('.piece-body');
				const ib = ink[0] && ink[0].getBoundingClientRect();
				const bb = body && body.getBoundingClientRect();
				return {
					where: e.getAttribute('data-square') || 'hand ' + e.getAttribute('data-hand'),
					piece: e.getAttribute('data-piece'),
					inks: ink.length,
					tag: ink[0] ? ink[0].tagName : '',
					char: ink[0] ? ink[0].getAttribute('data-char') : null,
					// Its colour: the brush's fill (kanji) or the pen's stroke (international).
					stroke: ink[0]
						? ink[0].classList.contains('brush')
							? getComputedStyle(ink[0]).fill
							: getComputedStyle(ink[0]).stroke
						: '',
					// The ink's share of the piece's width: drawn, not an empty path.
					share: ib && bb && bb.width ? ib.width / bb.width : 0,
					turned: Boolean(e.querySelector('[transform="rotate(180)"]')),
				};
			}),
			texts: [...document.querySelectorAll('svg.board text, [data-hand-of] text')].map(
				(t) => t.textContent,
			),
		};
	});
}

/** Throws unless every piece is drawn as one path of ink, without text, as `style` draws it. */
function expectDrawn(got, style, assert, { flipped = false } = {}) {
	assert(got.pieces.length > 0, 'no pieces found');
	for (const t of got.texts)
		assert(
			/^[0-9]$/.test(t),
			`the board or a hand has the text "${t}" (only the files' digits may be text)`,
		);
	for (const p of got.pieces) {
		const at = `${p.where} ${p.piece}`;
		assert(p.inks === 1 && p.tag === 'path', `${at}: ${p.inks} inks (${p.tag}), not one path`);
		assert(p.share > 0.15, `${at}: the ink is ${Math.round(p.share * 100)}% of the piece's width`);
		const promoted = p.piece.startsWith('+');
		assert((p.stroke === RED) === promoted, `${at}: ink ${p.stroke}, ${promoted ? '' : 'not '}red`);
		const white = p.piece !== p.piece.toUpperCase();
		if (!p.where.startsWith('hand'))
			assert(p.turned === (white !== flipped), `${at}: ${p.turned ? '' : 'not '}turned`);
		if (style === 'kanji') {
			if (p.piece === 'K') assert(p.char === '玉', `${at}: Black's king is ${p.char}`);
			if (p.piece === 'k') assert(p.char === '王', `${at}: White's king is ${p.char}`);
			assert(p.char, `${at}: no character`);
		}
	}
}

export async function pieceSets({ base, open, check, tid, assert, shot, waitMyTurn, chromium, CHROMIUM }) {
	const black = await apiUser(base, 'pieces');
	const white = await apiUser(base, 'pieceswhite');
	const id = await newGame(black, white);
	const gamePath = `${base}/#/game/${encodeURIComponent(id)}`;
	const { id: promotedId } = await post(black, '/api/import', { record: PROMOTED, format: 'usi' });
	const promotedPath = `${base}/#/game/${encodeURIComponent(promotedId)}`;
	const D = await open('pieces');
	await signIn(D.context, base, black);
	const P = await open('pieces-phone', PHONE);
	await signIn(P.context, base, black);
	const pd = D.page;
	const pp = P.page;
	/** Chooses the piece style on a game page (the preference is kept in the context). */
	const choose = async (page, style) => {
		await page.selectOption(tid('piece-style'), style);
		await page.waitForFunction(
			(k) =>
				document.querySelectorAll(`.piece-ink${k ? '[data-char]' : ':not([data-char])'}`)
					.length > 0,
			style === 'kanji',
		);
	};

	await check(
		'41.1',
		'the starting position in kanji: every piece one path of ink, no text, 玉 and 王',
		async () => {
			await pd.goto(gamePath);
			await waitMyTurn(pd, 'Black');
			await choose(pd, 'kanji');
			const got = await piecesOf(pd);
			assert(got.pieces.length === 40, `${got.pieces.length} pieces on the board`);
			expectDrawn(got, 'kanji', assert);
			await shot(pd, '41-start-kanji.png');
			await pp.goto(gamePath);
			await waitMyTurn(pp, 'Black on a phone');
			await choose(pp, 'kanji');
			expectDrawn(await piecesOf(pp), 'kanji', assert);
			await shot(pp, '41-start-kanji-phone.png');
		},
	);
	await check('41.2', 'the starting position in the international set: paths, no text', async () => {
		await choose(pd, 'international');
		expectDrawn(await piecesOf(pd), 'international', assert);
		await shot(pd, '41-start-international.png');
		await choose(pp, 'international');
		expectDrawn(await piecesOf(pp), 'international', assert);
		await shot(pp, '41-start-international-phone.png');
	});
	for (const [n, style] of [
		['41.3', 'kanji'],
		['41.4', 'international'],
	])
		await check(
			n,
			`every promoted piece and the hands in ${style}: red paths of ink, no text`,
			async () => {
				for (const [page, suffix] of [
					[pd, ''],
					[pp, '-phone'],
				]) {
					await page.goto(promotedPath);
					await page.waitForSelector('[data-hand][data-piece="G"] .piece-ink');
					await choose(page, style);
					const got = await piecesOf(page);
					for (const p of [
						'+R',
						'+B',
						'+S',
						'+N',
						'+L',
						'+P',
						'+r',
						'+b',
						'+s',
						'+n',
						'+l',
						'+p',
						'G',
						'g',
						'P',
					])
						assert(
							got.pieces.some((x) => x.piece === p),
							`no ${p} drawn`,
						);
					expectDrawn(got, style, assert);
					await shot(page, `41-promoted-${style}${suffix}.png`);
				}
			},
		);
	await D.context.close();
	await P.context.close();

	await check('41.5', 'a browser without any CJK font draws the pieces just the same', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'gyoku-fonts-'));
		writeFileSync(
			join(dir, 'fonts.conf'),
			`<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${dir}</cachedir></fontconfig>`,
		);
		const browser = await chromium.launch({
			executablePath: CHROMIUM,
			headless: true,
			timeout: 30000,
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--no-first-run',
				'--disable-background-networking',
			],
			env: { ...process.env, FONTCONFIG_FILE: join(dir, 'fonts.conf') },
		});
		try {
			const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
			const page = await context.newPage();
			await page.goto(promotedPath);
			await page.waitForSelector('[data-hand][data-piece="G"] .piece-ink');
			// Two different kanji come out of this browser's fonts as the same (empty or a box):
			// it has no CJK font, so any piece drawn as text would be unreadable here.
			const sameGlyphs = await page.evaluate(() => {
				const draw = (ch) => {
					const c = document.createElement('canvas');
					c.width = c.height = 64;
					const g = c.getContext('2d');
					g.font = '48px sans-serif';
					g.fillText(ch, 4, 52);
					return g.getImageData(0, 0, 64, 64).data.join(',');
				};
				return draw('龍') === draw('飛');
			});
			assert(sameGlyphs, 'this browser still has a font that draws 龍 and 飛 apart');
			for (const style of ['kanji', 'international']) {
				await page.selectOption(tid('piece-style'), style);
				await page.waitForFunction(
					(k) =>
						document.querySelectorAll(
							`.piece-ink${k ? '[data-char]' : ':not([data-char])'}`,
						).length > 0,
					style === 'kanji',
				);
				expectDrawn(await piecesOf(page), style, assert);
				await shot(page, `41-no-cjk-fonts-${style}.png`);
			}
		} finally {
			await browser.close().catch(() => {});
			rmSync(dir, { recursive: true, force: true });
		}
	});
}
