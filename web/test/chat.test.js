// chat.test.js: the chat's counting of a message as the server counts it (code points, once
// trimmed: server/chat.c) and its merging of the messages of the history and the stream
// (src/chat.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_MAX, addMessage, chatLength } from '../src/chat.js';

test('chat-1.1 a message counts its characters once trimmed, as the server does', () => {
	assert.equal(chatLength('  hello \n'), 5);
	assert.equal(chatLength('将棋'), 2);
	assert.equal(chatLength('🎉 ok'), 4); // one code point, two UTF-16 units
	assert.equal(chatLength(' \t '), 0);
	assert.equal(chatLength('将'.repeat(CHAT_MAX)), 140);
});

test('chat-1.2 a message that came both ways is kept once, in the order of ids', () => {
	const m = (id) => ({ id, room: /** @type {'players'} */ ('players'), user: 'a', text: String(id), at_ms: 0 });
	const list = [m(1), m(3)];
	assert.equal(addMessage(list, m(3)), false);
	assert.equal(addMessage(list, m(2)), true);
	assert.equal(addMessage(list, m(5)), true);
	assert.deepEqual(
		list.map((x) => x.id),
		[1, 2, 3, 5],
	);
});
