/*
 * chat.js: the chat panel of the game page (docs/server.md "Chat"): the
 * players' room for the two players, the spectators' room for everyone
 * else signed in, both for the players once the game is over (a tab for
 * each).  Messages are plain text: they are put in the page as text
 * nodes, never as HTML.  The panel reads the history with GET .../chat,
 * then takes the `chat` events of the game page's stream while the game
 * is on, and of a stream of its own once it is over (the page closes its
 * stream then).  Chat events are not replayed, so the history is read
 * again each time a stream (re)connects; a message that comes both ways
 * is shown once (by id).
 * The input counts characters (140 at most), Enter sends; a player turns
 * the spectators' chat off or on.  On a phone the panel folds away.
 */
import { h, replace } from './dom.js';
import { api, gamePath, session, ApiError } from './api.js';
import { openGameStream } from './sse.js';
import { t, errorText } from './i18n.js';

/** @typedef {import('./types.js').Game} Game */
/** @typedef {import('./types.js').Chat} Chat */
/** @typedef {import('./types.js').ChatRoom} ChatRoom */
/** @typedef {import('./types.js').ChatEvent} ChatEvent */
/** @typedef {import('./types.js').ChatMessage} ChatMessage */

/** The most characters (code points) of a message, as the server counts them once trimmed. */
export const CHAT_MAX = 140;

/**
 * A message's length as the server counts it: code points, without the white space at either end.
 * @param {string} text
 */
export function chatLength(text) {
	return [...text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '')].length;
}

/**
 * Adds `m` to `list` (oldest first, by id) unless a message with its id is there; true when added.
 * @param {ChatMessage[]} list
 * @param {ChatMessage} m
 */
export function addMessage(list, m) {
	if (list.some((x) => x.id === m.id)) return false;
	let i = list.length;
	while (i > 0 && list[i - 1].id > m.id) i--;
	list.splice(i, 0, m);
	return true;
}

export class ChatPanel {
	/** @param {string} id the game's id */
	constructor(id) {
		this.id = id;
		/** @type {Game | null} */
		this.game = null;
		/** @type {Map<ChatRoom, {messages: ChatMessage[], canPost: boolean}>} the rooms the user reads */
		this.rooms = new Map();
		/** @type {ChatRoom | null} the room shown, where the user posts */
		this.room = null;
		this.spectatorsOn = true;
		/** What the rooms were read for: who, playing or not, over or not ('' before the first read). */
		this.readFor = '';
		/** @type {{close: () => void} | null} the panel's own stream, once the game is over */
		this.stream = null;
		this.sending = false;
		this.destroyed = false;

		this.tabs = h('div', { class: 'chat-tabs', role: 'tablist' });
		this.list = h('ol', { class: 'chat-list', 'data-testid': 'chat-messages', 'aria-live': 'polite' });
		this.note = h('p', { class: 'chat-note', 'data-testid': 'chat-note', hidden: true });
		this.error = h('p', { class: 'chat-error', 'data-testid': 'chat-error', role: 'alert', hidden: true });
		this.count = h('span', { class: 'chat-count', 'data-testid': 'chat-count' });
		this.input = h('input', {
			type: 'text',
			class: 'chat-input',
			'data-testid': 'chat-input',
			autocomplete: 'off',
			enterkeyhint: 'send',
			oninput: () => this.drawCount(),
		});
		this.send = h('button', { class: 'btn small', type: 'submit', 'data-testid': 'chat-send' });
		this.form = h(
			'form',
			{
				class: 'chat-form',
				onsubmit: (/** @type {Event} */ e) => {
					e.preventDefault();
					this.post();
				},
			},
			this.input,
			this.count,
			this.send,
		);
		this.toggle = h('button', {
			class: 'btn small',
			type: 'button',
			'data-testid': 'chat-spectators',
			hidden: true,
			onclick: () => this.setSpectators(!this.spectatorsOn),
		});
		this.title = h('span', { class: 'chat-title' });
		this.fold = h('button', {
			class: 'btn small chat-fold',
			type: 'button',
			'data-testid': 'chat-fold',
			'aria-expanded': 'true',
			onclick: () => this.setFolded(!this.el.classList.contains('folded')),
		});
		this.body = h('div', { class: 'chat-body' }, this.tabs, this.list, this.note, this.form, this.error);
		this.el = h(
			'section',
			{ class: 'chat', 'data-testid': 'chat' },
			h('div', { class: 'chat-head' }, this.title, this.toggle, this.fold),
			this.body,
		);
		this.draw();
	}

	/** @param {boolean} folded */
	setFolded(folded) {
		this.el.classList.toggle('folded', folded);
		this.fold.setAttribute('aria-expanded', String(!folded));
		this.fold.textContent = folded ? t('Show') : t('Hide');
	}

	/**
	 * The game as the page last read it: reads the rooms again when what the user may read changed
	 * (signed in, a player or not, the game over), and follows the chat on a stream of its own once
	 * the game is over.
	 * @param {Game} g
	 */
	update(g) {
		this.game = g;
		const over = g.status === 'ended' || g.status === 'canceled';
		const me = session.me ? session.me.name : '';
		const key = `${me}/${g.you ? 'player' : 'spectator'}/${over}`;
		if (over && me && !this.stream) {
			this.stream = openGameStream(this.id, {
				lastPly: () => (this.game ? this.game.ply : 0),
				move: () => {},
				end: () => {},
				status: () => {},
				chat: (d) => this.onEvent(d),
				opened: () => this.load(),
			});
		}
		if (key !== this.readFor) {
			this.readFor = key;
			this.load();
		}
		this.draw();
	}

	/** Reads the rooms the user may read, with their history. */
	async load() {
		if (!session.me) {
			this.rooms = new Map();
			this.draw();
			return;
		}
		const key = this.readFor;
		try {
			const c = /** @type {Chat} */ (await api('GET', `${gamePath(this.id)}/chat`));
			if (this.destroyed || key !== this.readFor) return;
			const old = this.rooms;
			this.rooms = new Map();
			for (const r of c.rooms) {
				const messages = r.messages.slice();
				// Messages of the stream that came before this answer stay.
				for (const m of (old.get(r.room) || { messages: [] }).messages) addMessage(messages, m);
				this.rooms.set(r.room, { messages, canPost: r.can_post });
			}
			this.spectatorsOn = c.spectators_on;
			if (!this.room || !this.rooms.has(this.room))
				this.room = this.rooms.has('players')
					? 'players'
					: c.rooms.length
						? c.rooms[0].room
						: null;
			this.showError('');
		} catch (e) {
			if (!this.destroyed) this.showError(errorText(/** @type {Error} */ (e).message));
		}
		this.draw();
	}

	/**
	 * A `chat` event of the game's stream.
	 * @param {ChatEvent} d
	 */
	onEvent(d) {
		this.spectatorsOn = d.spectators_on;
		const r = d.message && this.rooms.get(d.message.room);
		if (r && d.message) addMessage(r.messages, d.message);
		const s = this.rooms.get('spectators');
		if (s) s.canPost = d.spectators_on;
		this.draw();
	}

	isPlayer() {
		return Boolean(this.game && this.game.you);
	}

	async post() {
		const text = this.input.value;
		const n = chatLength(text);
		if (!this.room || this.sending || n === 0 || n > CHAT_MAX) return;
		this.sending = true;
		this.drawCount();
		try {
			const m = /** @type {ChatMessage} */ (
				await api('POST', `${gamePath(this.id)}/chat`, { room: this.room, text })
			);
			const r = this.rooms.get(m.room);
			if (r) addMessage(r.messages, m);
			this.input.value = '';
			this.showError('');
		} catch (e) {
			const err = /** @type {Error} */ (e);
			const wait = e instanceof ApiError && e.status === 429 ? /(\d+) s$/.exec(err.message) : null;
			this.showError(
				wait
					? t('Too many messages: try again in {n} s', { n: wait[1] })
					: errorText(err.message),
			);
		}
		this.sending = false;
		this.draw();
		this.input.focus();
	}

	/** @param {boolean} on */
	async setSpectators(on) {
		try {
			const r = /** @type {{spectators_on: boolean}} */ (
				await api('POST', `${gamePath(this.id)}/chat/spectators`, { on })
			);
			this.spectatorsOn = r.spectators_on;
			const s = this.rooms.get('spectators');
			if (s) s.canPost = r.spectators_on;
			this.showError('');
		} catch (e) {
			this.showError(errorText(/** @type {Error} */ (e).message));
		}
		this.draw();
	}

	/** @param {string} text the error shown under the input ('' hides it) */
	showError(text) {
		this.error.textContent = text;
		this.error.hidden = !text;
	}

	drawCount() {
		const n = chatLength(this.input.value);
		this.count.textContent = `${n}/${CHAT_MAX}`;
		this.count.classList.toggle('over', n > CHAT_MAX);
		const r = this.room ? this.rooms.get(this.room) : null;
		this.send.disabled = this.sending || !r || !r.canPost || n === 0 || n > CHAT_MAX;
	}

	draw() {
		this.title.textContent = t('Chat');
		this.send.textContent = t('Send');
		if (!this.fold.textContent) this.setFolded(false);
		this.input.placeholder =
			this.room === 'spectators' ? t('Message the spectators') : t('Message your opponent');
		this.toggle.hidden = !this.isPlayer() || !session.me;
		this.toggle.textContent = this.spectatorsOn ? t('Spectators’ chat: on') : t('Spectators’ chat: off');
		this.toggle.setAttribute('aria-pressed', String(this.spectatorsOn));
		this.toggle.title = this.spectatorsOn
			? t('Turn the spectators’ chat off for this game')
			: t('Turn the spectators’ chat on again');
		// Tabs only when there are two rooms to read (the players, once the game is over).
		const names = [...this.rooms.keys()];
		replace(
			this.tabs,
			...(names.length > 1
				? names.map((room) =>
						h(
							'button',
							{
								type: 'button',
								role: 'tab',
								class: `btn small chat-tab${room === this.room ? ' active' : ''}`,
								'data-testid': `chat-tab-${room}`,
								'aria-selected': String(room === this.room),
								onclick: () => {
									this.room = room;
									this.draw();
								},
							},
							room === 'players' ? t('Players') : t('Spectators'),
						),
					)
				: []),
		);
		const r = this.room ? this.rooms.get(this.room) : null;
		const list = r ? r.messages : [];
		replace(
			this.list,
			...list.map((m) =>
				h(
					'li',
					{
						class: 'chat-line',
						'data-testid': 'chat-message',
						title: new Date(m.at_ms).toLocaleTimeString(),
					},
					h('span', { class: 'chat-user' }, m.user),
					' ',
					h('span', { class: 'chat-text' }, m.text),
				),
			),
		);
		this.list.scrollTop = this.list.scrollHeight;
		let note = '';
		if (!session.me) note = t('Sign in to chat');
		else if (this.room === 'spectators' && !this.spectatorsOn)
			note = this.isPlayer()
				? t('The spectators’ chat is off')
				: t('The players have turned the spectators’ chat off');
		else if (r && list.length === 0)
			note =
				this.room === 'players'
					? t('Only you and your opponent read this room')
					: t('No messages yet');
		this.note.textContent = note;
		this.note.hidden = !note;
		this.form.hidden = !r;
		this.input.disabled = !r || !r.canPost;
		this.drawCount();
	}

	destroy() {
		this.destroyed = true;
		if (this.stream) this.stream.close();
	}
}
