/*
 * lang/ja.js: the Japanese of the interface (i18n.js).  Keys are the
 * English texts of src/ exactly as passed to t() (placeholders {name}
 * kept); ERRORS maps the server's English error messages.
 * Sections follow the modules; web/test/i18n.test.js checks completeness.
 */

/** @type {Record<string, string>} */
const JA = {
	// main.js: the top bar
	Play: '対局',
	Watch: '観戦',
	Import: '棋譜読込',
	'Log out': 'ログアウト',
	'Log in': 'ログイン',
	'Sign up': '新規登録',
	Language: '言語',
	'{n} games waiting for your move': 'あなたの手番の対局 {n} 局',
	// chat.js: the chat of the game page
	Chat: 'チャット',
	Send: '送信',
	Show: '表示',
	Hide: '隠す',
	Players: '対局者',
	Spectators: '観戦者',
	'Message your opponent': '対局相手へのメッセージ',
	'Message the spectators': '観戦者へのメッセージ',
	'Spectators’ chat: on': '観戦者チャット：オン',
	'Spectators’ chat: off': '観戦者チャット：オフ',
	'Turn the spectators’ chat off for this game': 'この対局の観戦者チャットをオフにする',
	'Turn the spectators’ chat on again': '観戦者チャットをオンに戻す',
	'Sign in to chat': 'チャットするにはログインしてください',
	'The spectators’ chat is off': '観戦者チャットはオフです',
	'The players have turned the spectators’ chat off': '対局者が観戦者チャットをオフにしました',
	'Only you and your opponent read this room': 'この部屋はあなたと対局相手だけが読めます',
	'No messages yet': 'まだメッセージはありません',
	'Too many messages: try again in {n} s': '送信が多すぎます。{n} 秒後にもう一度どうぞ',
};

/** The server's error messages (docs/server.md: {"error": message}). @type {Record<string, string>} */
export const ERRORS = {
	'cannot reach the server': 'サーバーに接続できません',
	// chat (server/chat.c)
	'sign in to read the chat': 'チャットを読むにはログインしてください',
	'sign in to chat': 'チャットするにはログインしてください',
	'room must be players or spectators': 'room は players か spectators です',
	'text must be the message, as a string': 'メッセージは文字列で送ってください',
	'the message is empty': 'メッセージが空です',
	'the message is not valid UTF-8': 'メッセージが正しい UTF-8 ではありません',
	'the message holds a control character (a line break, a tab inside, ...)':
		'メッセージに制御文字（改行やタブなど）が含まれています',
	'the message is longer than 140 characters': 'メッセージは 140 文字までです',
	"the players' chat is for the two players only": '対局者チャットは対局者二人だけのものです',
	"the players read the spectators' chat once the game is over": '観戦者チャットは終局後に対局者も読めます',
	"the players have turned the spectators' chat off": '対局者が観戦者チャットをオフにしました',
	"only the players turn the spectators' chat on or off": '観戦者チャットのオン・オフは対局者だけができます',
	'on must be true or false': 'on は true か false です',
};

export default JA;
