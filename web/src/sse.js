/*
 * sse.js: a game's live event stream (GET /api/games/{id}/events) with
 * EventSource.  The browser reconnects by itself after a dropped connection
 * and sends Last-Event-ID (the last ply seen), so no move is missed; when
 * the server answers with an error instead (EventSource then gives up),
 * this opens a new stream with ?from=<the last ply the page has> after a
 * growing delay.  Events: "move", "end", "status", "chat" (docs/server.md).
 * Chat events carry no id: a page reads the chat's history itself (chat.js).
 */
import { gamePath } from './api.js';

/** @typedef {import('./types.js').MoveEvent} MoveEvent */
/** @typedef {import('./types.js').EndEvent} EndEvent */
/** @typedef {import('./types.js').StatusEvent} StatusEvent */
/** @typedef {import('./types.js').ChatEvent} ChatEvent */

/**
 * @typedef {object} StreamHandlers
 * @property {(data: MoveEvent) => void} move
 * @property {(data: EndEvent) => void} end
 * @property {(data: StatusEvent) => void} status
 * @property {(data: ChatEvent) => void} [chat] a chat message, or the spectators' chat turned on or off
 * @property {() => number} lastPly the last ply the page holds (for a fresh connection)
 * @property {(connected: boolean) => void} [state] the connection opened or failed
 * @property {() => void} [opened] the connection opened (each time): the chat, which is not
 *   replayed, is read again
 */

/**
 * Opens the stream of game `id`.  Returns a handle whose close() ends it.
 * @param {string} id
 * @param {StreamHandlers} on
 */
export function openGameStream(id, on) {
	/** @type {EventSource | null} */
	let es = null;
	let closed = false;
	let delay = 1000;
	/** @type {ReturnType<typeof setTimeout> | null} */
	let timer = null;

	/** @param {Event} e an event of the server's, whose data is JSON */
	const parse = (e) => JSON.parse(/** @type {MessageEvent} */ (e).data);

	const connect = () => {
		if (closed) return;
		const src = new EventSource(`${gamePath(id)}/events?from=${on.lastPly()}`);
		es = src;
		src.onopen = () => {
			delay = 1000;
			if (on.state) on.state(true);
			if (on.opened) on.opened();
		};
		src.addEventListener('move', (e) => on.move(parse(e)));
		src.addEventListener('end', (e) => on.end(parse(e)));
		src.addEventListener('status', (e) => on.status(parse(e)));
		src.addEventListener('chat', (e) => on.chat && on.chat(parse(e)));
		src.onerror = () => {
			if (on.state) on.state(false);
			if (src.readyState !== EventSource.CLOSED || closed) return;
			// The server refused (or the page went away): try again later, from what we hold.
			timer = setTimeout(connect, delay);
			delay = Math.min(delay * 2, 30000);
		};
	};
	connect();
	return {
		close() {
			closed = true;
			if (timer) clearTimeout(timer);
			if (es) es.close();
		},
	};
}
