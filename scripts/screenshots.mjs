// scripts/screenshots.mjs: the site's pictures in docs/screenshots/ (`make screenshots`): the
// lobby, a game in progress, a finished game and a profile, in English and Japanese, at desktop
// (1280x800) and phone (390x844, touch) sizes.  It starts its own `gyoku serve` on a temporary
// SQLite store, plays the games through the API, photographs the pages in Debian's chromium
// (Playwright) and, when pngquant is installed, makes the PNGs small.  Not a test: it fails
// loudly when a page does not show what it photographs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, startServer } from '../tests/server/lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'docs/screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const { chromium } = await import(join(ROOT, 'tests/browser/node_modules/playwright-core/index.mjs'));

async function user(base, name) {
	const client = new Client(base, { name });
	const r = await client.post('/api/signup', { name, password: 'correct horse 42' });
	if (r.status !== 201) throw new Error(`signup ${name}: ${r.status} ${r.text}`);
	return { name, client };
}
async function post(u, path, body) {
	const r = await u.client.post(path, body);
	if (r.status < 200 || r.status > 299) throw new Error(`${u.name} POST ${path}: ${r.status} ${r.text}`);
	return r.json;
}
async function game(black, white, opts = {}) {
	const { id } = await post(black, '/api/games', {
		opponent: white.name,
		color: 'black',
		time: '10m+30s',
		...opts,
	});
	await post(white, `/api/games/${id}/accept`);
	return id;
}
async function play(id, black, white, moves) {
	for (const [i, move] of moves.entries())
		await post(i % 2 === 0 ? black : white, `/api/games/${id}/moves`, { move, ply: i });
}

// A Yagura opening, and a Double Wing Attack that goes on longer.
const YAGURA = '7g7f 8c8d 6i7h 3c3d 6g6f 7a6b 5g5f 5c5d 3i4h 3a4b 4i5h 4a3b 5h6g 4c4d 7i6h 4b4c 6h7g 5a4b'.split(' ');
const AIGAKARI = '2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 3i3h 7a7b 9g9f 1c1d 1g1f 9c9d 7g7f 8e8f 8g8f 8b8f'.split(' ');

const dir = join(ROOT, 'build/screenshots-db');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
mkdirSync(OUT, { recursive: true });
const server = await startServer({ bin: join(ROOT, 'bin/gyoku'), web: join(ROOT, 'web/dist'), dir });
const base = server.base;
try {
	const haru = await user(base, 'haru');
	const yuki = await user(base, 'yuki');
	const sora = await user(base, 'sora');
	// Rated games for haru's profile: results and a rating graph.
	for (const [i, loser] of ['yuki', 'haru', 'yuki', 'yuki', 'haru', 'yuki'].entries()) {
		const [b, w] = i % 2 ? [yuki, haru] : [haru, yuki];
		const id = await game(b, w, { rated: true, time: '3m+10s' });
		await play(id, b, w, YAGURA.slice(0, 6));
		await post(loser === 'haru' ? haru : yuki, `/api/games/${id}/resign`);
	}
	const sid = await game(haru, sora, { time: '5m+10s' });
	await play(sid, haru, sora, AIGAKARI.slice(0, 10));
	// The finished game: Black resigns... after the Double Wing Attack.
	const fin = await game(yuki, haru, { rated: true });
	await play(fin, yuki, haru, AIGAKARI);
	await post(yuki, `/api/games/${fin}/resign`);
	// The game in progress, haru to move, and the lobby's seeks.
	const live = await game(haru, yuki);
	await play(live, haru, yuki, YAGURA);
	await post(sora, '/api/games', { opponent: 'open', time: '10m+30s', rated: true });
	await post(yuki, '/api/games', { opponent: 'haru', time: '3d/v14/auto', color: 'white' });

	const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
	const sizes = {
		desktop: { viewport: { width: 1280, height: 800 } },
		phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
	};
	const shots = [];
	for (const lang of ['en', 'ja'])
		for (const [size, opts] of Object.entries(sizes)) {
			const context = await browser.newContext({
				...opts,
				locale: lang === 'ja' ? 'ja-JP' : 'en-US',
			});
			await context.addCookies([
				{ name: 'gyoku_session', value: haru.client.cookies.get('gyoku_session'), url: base },
			]);
			const page = await context.newPage();
			await page.addInitScript((l) => localStorage.setItem('gyoku.lang', l), lang);
			const shoot = async (name, hash, wait) => {
				await page.goto(`${base}/${hash}`);
				await page.waitForSelector(wait, { timeout: 10000 });
				await page.waitForTimeout(400);
				const path = join(OUT, `${name}-${lang}-${size}.png`);
				await page.screenshot({ path });
				shots.push(path);
			};
			await shoot('lobby', '#/', '[data-testid="seeks"] [data-game]');
			await shoot('game', `#/game/${live}`, 'svg.board');
			await shoot('finished', `#/game/${fin}`, '[data-testid="result"]');
			await shoot('profile', '#/user/haru', '[data-testid="rating-graph"]');
			await context.close();
		}
	await browser.close();
	try {
		execFileSync('pngquant', [
			'--force',
			'--ext',
			'.png',
			'--quality',
			'65-90',
			'--skip-if-larger',
			...shots,
		]);
	} catch (e) {
		if (e.code !== 'ENOENT' && e.status !== 99) throw e;
	}
	for (const p of shots) console.log(p.slice(ROOT.length + 1));
} finally {
	await server.stop();
	rmSync(dir, { recursive: true, force: true });
}
