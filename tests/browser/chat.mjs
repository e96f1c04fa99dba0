// tests/browser/chat.mjs: the chat of the game page (web/src/chat.js, docs/server.md "Chat"),
// browser-42.x: two players (one on a phone-sized touch screen) and a spectator, each seeing live
// what they may read and nothing else; a message with HTML shown as its literal text; the
// players' toggle of the spectators' chat; the chat folding away on the phone; both rooms for
// the players once the game is over.  run.mjs calls chat() with its helpers.
import { apiUser, signIn, newGame, post } from './lib.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const HTML = '<b>bold</b> <img src=x onerror="window.__chatXss=1"> <script>window.__chatXss=1</script>';

export async function chat({ base, open, check, tid, assert, shot }) {
	const black = await apiUser(base, 'chatB');
	const white = await apiUser(base, 'chatW');
	const watcher = await apiUser(base, 'chatS');
	const id = await newGame(black, white);
	const gamePath = `${base}/#/game/${encodeURIComponent(id)}`;
	const B = await open('chat-black');
	const W = await open('chat-white-phone', PHONE);
	const S = await open('chat-spectator');
	await Promise.all([
		signIn(B.context, base, black),
		signIn(W.context, base, white),
		signIn(S.context, base, watcher),
	]);
	const pb = B.page,
		pw = W.page,
		ps = S.page;
	/** The texts of the messages a page shows. */
	const texts = (page) => page.locator(`${tid('chat-messages')} .chat-text`).allTextContents();
	/** Waits until `page` shows a message whose text is `text`. */
	const sees = (page, text) =>
		page
			.locator(`${tid('chat-messages')} .chat-text`)
			.filter({ hasText: text })
			.first()
			.waitFor();
	/** Types `text` in the chat of `page` and sends it with Enter. */
	const say = async (page, text) => {
		await page.fill(tid('chat-input'), text);
		await page.press(tid('chat-input'), 'Enter');
		await sees(page, text);
	};

	const ok = await check('42.1', 'the players chat live in their room; the spectator never sees it', async () => {
		await Promise.all([pb.goto(gamePath), pw.goto(gamePath), ps.goto(gamePath)]);
		await Promise.all([pb, pw, ps].map((p) => p.waitForSelector(`${tid('chat')} ${tid('chat-input')}`)));
		await say(pb, 'good luck');
		await sees(pw, 'good luck');
		await say(pw, 'you too');
		await sees(pb, 'you too');
		const s = await texts(ps);
		assert(s.length === 0, `the spectator's chat shows ${JSON.stringify(s)}`);
		await shot(pb, '42-chat-players.png');
	});
	if (!ok) return;

	await check(
		'42.2',
		'the spectator posts HTML: it shows as literal text, runs nothing, and reaches no player while they play',
		async () => {
			await say(ps, HTML);
			const shown = await ps
				.locator(`${tid('chat-message')} .chat-text`)
				.last()
				.textContent();
			assert(shown === HTML, `shown as "${shown}"`);
			assert(
				(await ps
					.locator(
						`${tid('chat-messages')} b, ${tid('chat-messages')} img, ${tid('chat-messages')} script`,
					)
					.count()) === 0,
				'the message made elements',
			);
			assert(
				!(await ps.evaluate(() => /** @type {any} */ (window).__chatXss)),
				'the message ran a script',
			);
			await pb.waitForTimeout(300);
			const b = await texts(pb);
			assert(
				!b.some((x) => x.includes('bold')),
				`a player sees the spectators' message: ${JSON.stringify(b)}`,
			);
			// The counter: 141 characters are too many, the send button is off.
			await ps.fill(tid('chat-input'), '将'.repeat(141));
			const count = await ps.textContent(tid('chat-count'));
			assert(
				count === '141/140' && (await ps.isDisabled(tid('chat-send'))),
				`count "${count}", send enabled`,
			);
			await ps.fill(tid('chat-input'), '');
			await shot(ps, '42-chat-spectator.png');
		},
	);

	await check(
		'42.3',
		"a player turns the spectators' chat off: the spectator sees it at once and cannot post; on again",
		async () => {
			await pb.click(tid('chat-spectators'));
			await pb.waitForSelector(`${tid('chat-spectators')}[aria-pressed="false"]`);
			await ps.waitForSelector(`${tid('chat-note')}:has-text("turned the spectators’ chat off")`);
			assert(await ps.isDisabled(tid('chat-input')), "the spectator's input is still on");
			await pb.click(tid('chat-spectators'));
			await ps.waitForSelector(`${tid('chat-input')}:enabled`);
		},
	);

	await check(
		'42.4',
		'on the phone the chat sits below the board, folds away and back by touch; a tap sends',
		async () => {
			const board = await pw.locator('.board-slot').boundingBox();
			const box = await pw.locator(tid('chat')).boundingBox();
			assert(board && box && box.y >= board.y + board.height - 1, 'the chat is not below the board');
			assert(
				box.x >= 0 && box.x + box.width <= 391,
				`the chat is ${box.width} px wide at x ${box.x}`,
			);
			await pw.locator(tid('chat-fold')).tap();
			await pw.waitForSelector(`${tid('chat')}.folded`);
			assert(!(await pw.isVisible(tid('chat-input'))), 'the folded chat still shows its input');
			await shot(pw, '42-chat-phone-folded.png');
			await pw.locator(tid('chat-fold')).tap();
			await pw.waitForSelector(`${tid('chat-input')}:visible`);
			await pw.fill(tid('chat-input'), 'from my phone');
			await pw.locator(tid('chat-send')).tap();
			await sees(pb, 'from my phone');
			await pw.locator(tid('chat')).scrollIntoViewIfNeeded();
			await shot(pw, '42-chat-phone.png');
		},
	);

	await check('42.5', 'after the game the players read both rooms (tabs) and the chat goes on live', async () => {
		await post(black, `/api/games/${encodeURIComponent(id)}/resign`);
		for (const p of [pb, ps]) {
			await p.waitForSelector(tid('result-dialog'));
			await p.click(tid('dialog-close'));
		}
		await pb.waitForSelector(tid('chat-tab-spectators'));
		await pb.click(tid('chat-tab-spectators'));
		await sees(pb, 'bold');
		await say(ps, 'well played');
		await sees(pb, 'well played');
		await pb.click(tid('chat-tab-players'));
		await sees(pb, 'from my phone');
		const s = await texts(ps);
		assert(
			!s.some((x) => /good luck|you too|phone/.test(x)),
			`the spectator sees the players' room: ${JSON.stringify(s)}`,
		);
	});
	for (const c of [B, W, S]) await c.context.close();
}
